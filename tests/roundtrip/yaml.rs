//! serde_yaml (deprecated, still widely run) and its maintained successor serde_norway.

use crate::flatten::flatten_tests;
use crate::format::Format;
use crate::formatters::formatter_tests;

pub struct SerdeYaml;

impl Format for SerdeYaml {
    const NAME: &'static str = "serde_yaml";

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_yaml::to_writer(out, value).map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_yaml::from_slice(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_yaml::from_slice(bytes).map_err(|e| e.to_string()))
    }
}

pub struct Norway;

impl Format for Norway {
    const NAME: &'static str = "serde_norway";

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_norway::to_writer(out, value).map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_norway::from_slice(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_norway::from_slice(bytes).map_err(|e| e.to_string()))
    }
}

formatter_tests!(serde_yaml_formatters, SerdeYaml);
formatter_tests!(serde_norway_formatters, Norway);
flatten_tests!(serde_yaml_flatten, SerdeYaml);
flatten_tests!(serde_norway_flatten, Norway);
