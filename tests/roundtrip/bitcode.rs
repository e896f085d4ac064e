//! bitcode (serde mode): not self-describing, lengths required up front.

crate::common::formats::for_each_format!(Bitcode: format_tests);
