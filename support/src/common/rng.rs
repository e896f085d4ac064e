//! SplitMix64: the one deterministic generator behind the workloads' values, the bad-input
//! tests' mutations, the property tests' key shuffles and the shape generator (which defines it,
//! so that its build-time use needs no dependency).

pub use fastkit_shapes::rng::{mix, SplitMix64};
