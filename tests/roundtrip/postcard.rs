//! postcard: varint-encoded, length-prefixed, not self-describing.

use crate::common::formats::Postcard;
use crate::flatten::flatten_tests;
use crate::formatters::formatter_tests;

formatter_tests!(formatters, Postcard);
flatten_tests!(flatten, Postcard);
