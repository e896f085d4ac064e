//! Differential behaviour tests of `#[derive(FastFlatten)]` on enums: every type is declared
//! twice, once deriving FastFlatten and once serde's `Serialize, Deserialize` with the same
//! `#[serde]` attributes, and both must write the same output and read every input alike
//! (serde 1.0.229's behaviour). Tests named after a serde issue pin an intended difference.
//!
//! One module per representation; `support.rs` holds the twin declarations and the checks.

#[macro_use]
mod support;

use fastkit_support::common;

/// The order-keeping JSON tree: the property tests mutate it, `de!` transcodes it.
#[path = "../shared/json_tree.rs"]
mod json_tree;

mod adjacent;
mod external;
mod flattened;
mod flattened_untagged;
mod internal;
mod properties;
mod recursive;
mod serde_gen;
mod speculation;
mod untagged;
mod untagged_structs;
