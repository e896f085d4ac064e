//! Test support for serde_fastkit (not published): the format table and the workloads that the
//! tests, the benches, the report, the tour and the fuzz crate share, so that what is measured
//! is exactly what is tested. Modelled on serde's `test_suite` and serde_with's test crate.
//!
//! Each user mounts the two modules at its root, `use fastkit_support::{common, workloads};`, and
//! names them `crate::common` and `crate::workloads` as these modules do themselves. The macros
//! (`for_each_format!`, `for_each_workload!`, `decoding!`) are exported at the root and re-exported
//! beside what they list. With the feature `properties`, `properties` holds how the property
//! tests run.

pub mod common;
#[cfg(feature = "properties")]
pub mod properties;
pub mod shapes;
pub mod workloads;
