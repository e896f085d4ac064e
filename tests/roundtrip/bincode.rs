//! bincode 1.3 (fixed-size and varint integers) and bincode 2 (serde mode). All are
//! length-prefixed and not self-describing: structs are read as sequences.

crate::common::formats::for_each_format!(Bincode: format_tests);
