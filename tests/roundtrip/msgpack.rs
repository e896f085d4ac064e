//! MessagePack through rmp-serde, in both of its struct modes: maps keyed by field name
//! (`to_vec_named`) and arrays of field values (`to_vec`, its default).

crate::common::formats::for_each_format!(MessagePack: format_tests);
