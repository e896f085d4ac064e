//! The shape generator: seeded families of Rust types for the differential tests against serde's
//! derive (`tests/shapes/`, and the fuzz crate's `shapes` target).
//!
//! [`grammar`] draws a [`model::Family`] from a seed (plain data: the types, their fields, their
//! attributes); [`render`] writes it out as Rust source, each type declared twice, once deriving
//! `FastFlatten` (or one half of it, `FastDeserialize` or `FastSerialize`, beside serde's other
//! half) and once deriving serde's traits. What the generated code calls (making values,
//! comparing them, the checker) is `fastkit_support::shapes`.
//!
//! Without dependencies, so that a build script renders hundreds of families in milliseconds.

pub mod grammar;
pub mod model;
pub mod render;
pub mod rng;

/// The seed of family `index` of the set drawn from `seed`.
pub fn family_seed(seed: u64, index: usize) -> u64 {
    rng::mix(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The source of `count` families drawn from `seed`, and the `for_each_family!` macro.
pub fn generate(seed: u64, count: usize) -> String {
    let families: Vec<model::Family> = (0..count)
        .map(|index| grammar::family(index, family_seed(seed, index)))
        .collect();
    render::families(&families)
}
