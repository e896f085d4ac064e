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

/// The hash behind the workloads' `values` generators (`super::mix` in each workload).
use crate::common::rng::mix;
