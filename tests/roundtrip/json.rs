//! serde_json.

use crate::common::formats::Json;
use crate::flatten::flatten_tests;
use crate::formatters::formatter_tests;

formatter_tests!(formatters, Json);
flatten_tests!(flatten, Json);
