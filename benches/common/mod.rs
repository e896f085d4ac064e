//! What the tests, the benches and the examples share. Each of them is a crate of its own, so
//! each mounts this directory with `#[path = ".../benches/common/mod.rs"] mod common;`, at its
//! root: `benches/workloads/` and the format table refer to it as `crate::common`.
//!
//! The counting allocator is not here but beside, in `alloc_counter.rs`: it replaces the global
//! allocator of whoever includes it, so only the code that counts allocations does.

#![allow(dead_code)] // each includer uses a different part

pub mod calendar;
pub mod formats;
pub mod names;
pub mod probe;
pub mod rng;
pub mod sink;
pub mod timer;
