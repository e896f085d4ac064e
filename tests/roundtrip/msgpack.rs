//! MessagePack through rmp-serde, in both of its struct modes: maps keyed by field name
//! (`to_vec_named`) and arrays of field values (`to_vec`, its default).

use crate::common::formats::{MsgPackArray, MsgPackMap};
use crate::flatten::flatten_tests;
use crate::formatters::formatter_tests;

formatter_tests!(map_formatters, MsgPackMap);
formatter_tests!(array_formatters, MsgPackArray);
flatten_tests!(map_flatten, MsgPackMap);
flatten_tests!(array_flatten, MsgPackArray);
