//! serde_json: compact from a slice and from a `str`, and pretty-printed.

crate::common::formats::for_each_format!(Json: format_tests);
