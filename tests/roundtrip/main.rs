//! Roundtrip and output tests, one file per format family. Each file stamps out the shared
//! checks (`formatters.rs`, `flatten.rs`) for every configuration of its family in the format
//! table (`support/src/common/formats.rs`), through [`format_tests!`]: a configuration added to the
//! table is tested here without any edit. Beside them, the checks that walk the format table
//! themselves: `defaults.rs`, `differential.rs`, `option_leaves.rs`; `buffered.rs`, flattened
//! types without the flatten traits against serde's flatten of the same shape; the property tests
//! (`properties/`), bad input (`bad_input.rs`) and the fuzz corpus's replay (`fuzz_corpus.rs`).
//! They share one binary because each of them compiles every workload on every format: compiled
//! once here, not once per binary.

#[path = "../../support/alloc_counter.rs"]
mod alloc_counter;
mod bad_input;
mod buffered;
#[path = "../shared/catch_all.rs"]
mod catch_all_shapes;
use fastkit_support::common;
mod defaults;
mod differential;
mod flatten;
mod format;
mod formatters;
#[path = "../shared/fuzz_check.rs"]
mod fuzz_check;
mod fuzz_corpus;
#[path = "../shared/fuzz_structured.rs"]
mod fuzz_structured;
#[path = "../shared/json_tree.rs"]
mod json_tree;
mod option_leaves;
mod properties;
mod shapes;
use fastkit_support::workloads;

/// One module per format configuration, named by its table id, holding every shared check as a
/// `#[test]`. The callback of `for_each_format!` in each family file.
macro_rules! format_tests {
    ($family:ident $id:ident: $format:ident, $tier:ident) => {
        mod $id {
            type F = crate::common::formats::$format;

            crate::formatters::formatter_tests!(formatters, F);
            crate::flatten::flatten_tests!(flatten, F);

            /// The adapter lends exactly where its table entry says it does.
            #[test]
            fn borrows_as_declared() {
                crate::format::borrows_as_declared::<F>();
            }
        }
    };
}

mod bincode;
mod bitcode;
mod cbor;
mod json;
mod msgpack;
mod postcard;
mod yaml;
