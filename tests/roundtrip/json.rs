//! serde_json.

use crate::flatten::flatten_tests;
use crate::formats::Json;
use crate::formatters::formatter_tests;

formatter_tests!(formatters, Json);
flatten_tests!(flatten, Json);
