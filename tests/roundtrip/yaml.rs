//! serde_yaml (deprecated, still widely run) and its maintained successor serde_norway.

use crate::common::formats::{Norway, SerdeYaml};
use crate::flatten::flatten_tests;
use crate::formatters::formatter_tests;

formatter_tests!(serde_yaml_formatters, SerdeYaml);
formatter_tests!(serde_norway_formatters, Norway);
flatten_tests!(serde_yaml_flatten, SerdeYaml);
flatten_tests!(serde_norway_flatten, Norway);
