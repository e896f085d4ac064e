//! What the tests, the benches and the examples share beside the workloads: the format table,
//! names, the timer and the probes. Mounted by each user as `crate::common`.
//!
//! The counting allocator is not here but in `support/alloc_counter.rs`: it replaces the global
//! allocator of whoever includes it, so only the binaries that count allocations include it.

pub mod calendar;
pub mod doc;
pub mod drop_in;
pub mod formats;
pub mod names;
pub mod probe;
pub mod rng;
pub mod sink;
pub mod timer;
pub mod twins;
