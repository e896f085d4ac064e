//! Renders the shape families into `$OUT_DIR/families.rs`: `FASTKIT_SHAPES` of them (300 by
//! default) drawn from `FASTKIT_SHAPES_SEED`, then every family of `REGRESSIONS`.

use std::env;
use std::path::Path;

/// The seed of the set CI runs.
const SEED: u64 = 0x5eed_0f5b_a9e5;

/// Families (by their own seed) that found a difference once, generated in every run.
const REGRESSIONS: &[u64] = &[];

fn main() {
    println!("cargo:rerun-if-env-changed=FASTKIT_SHAPES");
    println!("cargo:rerun-if-env-changed=FASTKIT_SHAPES_SEED");
    let count = env::var("FASTKIT_SHAPES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    let seed = env::var("FASTKIT_SHAPES_SEED")
        .ok()
        .and_then(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok())
        .unwrap_or(SEED);
    let mut families: Vec<_> = (0..count)
        .map(|index| {
            fastkit_shapes::grammar::family(index, fastkit_shapes::family_seed(seed, index))
        })
        .collect();
    for (i, &family_seed) in REGRESSIONS.iter().enumerate() {
        families.push(fastkit_shapes::grammar::family(count + i, family_seed));
    }
    let source = fastkit_shapes::render::families(&families);
    let out = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("families.rs");
    std::fs::write(out, source).expect("write families.rs");
}
