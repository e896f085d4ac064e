//! bitcode (serde mode): not self-describing, lengths required up front.

use crate::flatten::flatten_tests;
use crate::format::Format;
use crate::formatters::formatter_tests;

pub struct Bitcode;

impl Format for Bitcode {
    const NAME: &'static str = "bitcode";
    const SELF_DESCRIBING: bool = false;

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        out.extend(bitcode::serialize(value).map_err(|e| e.to_string())?);
        Ok(())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        bitcode::deserialize(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(bitcode::deserialize(bytes).map_err(|e| e.to_string()))
    }
}

formatter_tests!(formatters, Bitcode);
flatten_tests!(flatten, Bitcode);
