//! serde_json.

use crate::flatten::flatten_tests;
use crate::format::Format;
use crate::formatters::formatter_tests;

pub struct Json;

impl Format for Json {
    const NAME: &'static str = "serde_json";

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_json::to_writer(out, value).map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_json::from_slice(bytes).map_err(|e| e.to_string()))
    }
}

formatter_tests!(formatters, Json);
flatten_tests!(flatten, Json);
