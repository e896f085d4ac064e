//! CBOR: ciborium (maintained), serde_cbor (archived, still run) and serde_cbor's packed mode
//! (struct fields keyed by their index instead of their name).

crate::common::formats::for_each_format!(Cbor: format_tests);
