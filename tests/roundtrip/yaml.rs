//! YAML: serde_yaml (deprecated, still widely run) and its maintained successors.

crate::common::formats::for_each_format!(Yaml: format_tests);
