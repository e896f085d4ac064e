//! Drop-in on real code: shapes found by swapping serde's derive for FastFlatten in real
//! crates (the peers harness, `peers/`), each checked against its serde-derived twin with the
//! enum suite's machinery (`tests/enums/support.rs`).

// serde's `test_gen.rs` (`serde_gen.rs`) names a field `σ` beside an `o`.
#![allow(confusable_idents, mixed_script_confusables)]

// The enum suite's machinery, of which this binary uses a part.
#[macro_use]
#[allow(unused_macros, dead_code)]
#[path = "../enums/support.rs"]
mod support;

use fastkit_support::common;

#[allow(dead_code)]
#[path = "../shared/json_tree.rs"]
mod json_tree;

mod serde_gen;
mod serde_suite;
mod shapes;
