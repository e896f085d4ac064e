//! What the shape generator's families (`support/shapes/`, rendered by `tests/shapes/`'s build
//! script) call: making values ([`Gen`]), comparing them ([`Canon`]), the helpers their
//! attributes name (`defaults`, `skip_if`, `u32_as_text`), and the checker that reads every
//! family's inputs with both derives ([`check`]).

mod check;
mod mutate;
mod values;

pub use self::check::{check, compare_input, compare_read, Tally, Verdict};
pub use self::values::{Canon, Gen, Rng};

/// What a rendered family tells the checker.
pub trait ShapeFamily {
    /// The root, derived by FastFlatten.
    type Fast: serde::Serialize + serde::de::DeserializeOwned + Canon + Gen + std::fmt::Debug;
    /// The root, derived by serde's derive.
    type Twin: serde::Serialize + serde::de::DeserializeOwned + Canon + Gen + std::fmt::Debug;
    /// Its number in the generated set.
    const INDEX: usize;
    /// The seed it was drawn from.
    const SEED: u64;
    /// Its types, as FastFlatten's module declares them (for failure messages).
    const SOURCE: &'static str;
    /// Every key its types read: what the mutations put in place of a key.
    const NAMES: &'static [&'static str];
    /// Whether its values roundtrip on formats that write structs as sequences.
    const SEQUENCES: bool;
    /// What its types hold that makes FastFlatten read some inputs differently by design.
    const FEATURES: crate::common::drop_in::ShapeFeatures;
}

/// Something done with one family, its types as type parameters.
pub trait FamilyVisitor {
    fn visit<F: ShapeFamily>(&mut self);
}

/// What the generated code imports.
pub mod prelude {
    pub use super::{Canon, Gen, Hasher, Rng, ShapeFamily};
    pub use crate::common::drop_in::ShapeFeatures;
}

/// The hasher of the families' `HashMap` catch-alls: a fixed one, so that the twins' maps of the
/// same entries iterate (and are written) in the same order.
pub type Hasher = std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>;

/// The functions `#[serde(default = "...")]` names, one per leaf type.
pub mod defaults {
    pub fn u32() -> u32 {
        7
    }
    pub fn i64() -> i64 {
        -7
    }
    pub fn bool() -> bool {
        true
    }
    pub fn string() -> String {
        "default".to_owned()
    }
    pub fn f64() -> f64 {
        0.5
    }
    pub fn option_u32() -> Option<u32> {
        Some(9)
    }
    pub fn option_string() -> Option<String> {
        Some("default".to_owned())
    }
    pub fn vec_u32() -> Vec<u32> {
        vec![1, 2]
    }
}

/// The predicates `#[serde(skip_serializing_if = "...")]` names, one per leaf type.
pub mod skip_if {
    pub fn u32(value: &u32) -> bool {
        *value == 0
    }
    pub fn bool(value: &bool) -> bool {
        !*value
    }
    pub fn string(value: &str) -> bool {
        value.is_empty()
    }
    pub fn vec_u32(value: &[u32]) -> bool {
        value.is_empty()
    }
}

/// `#[serde(with = "...")]`: a `u32` written as its decimal text, read from text.
pub mod u32_as_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &u32, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
