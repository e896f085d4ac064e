//! Workloads shared by the benchmarks and the tests (`#[path]`-included by both), so that what is
//! measured is exactly what is tested.
//!
//! Each workload defines the same data three or four ways: with `#[derive(FastFlatten)]`
//! (`fast`), with serde's derive and `#[serde(flatten)]` (`serde_flatten`), as one plain struct
//! with every leaf at top level (`flat`, the lower bound: same bytes, no flatten), and, where its
//! derive can express it, with serde_fast_flatten 0.1.3 (`prior`).

#![allow(dead_code)] // each includer uses a different part

pub mod anchor;
pub mod paged;
pub mod payload;
pub mod wide;

/// One SplitMix64 step: the deterministic hash behind the workloads' `values` generators.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
