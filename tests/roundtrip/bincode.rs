//! bincode 1.3 and bincode 2 (serde mode). Both are length-prefixed and not self-describing:
//! structs are read as sequences.

use crate::common::formats::{Bincode1, Bincode2};
use crate::flatten::flatten_tests;
use crate::formatters::formatter_tests;

formatter_tests!(bincode1_formatters, Bincode1);
formatter_tests!(bincode2_formatters, Bincode2);
flatten_tests!(bincode1_flatten, Bincode1);
flatten_tests!(bincode2_flatten, Bincode2);
