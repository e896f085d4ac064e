//! postcard: varint-encoded, length-prefixed, not self-describing.

crate::common::formats::for_each_format!(Postcard: format_tests);
