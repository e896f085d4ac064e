//! bitcode (serde mode): not self-describing, lengths required up front.

use crate::common::formats::Bitcode;
use crate::flatten::flatten_tests;
use crate::formatters::formatter_tests;

formatter_tests!(formatters, Bitcode);
flatten_tests!(flatten, Bitcode);
