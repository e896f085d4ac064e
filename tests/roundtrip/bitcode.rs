//! bitcode (serde mode): not self-describing, lengths required up front.

use crate::format::Format;
use crate::formatters::formatter_tests;

pub struct Bitcode;

impl Format for Bitcode {
    const NAME: &'static str = "bitcode";

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        out.extend(bitcode::serialize(value).map_err(|e| e.to_string())?);
        Ok(())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        bitcode::deserialize(bytes).map_err(|e| e.to_string())
    }
}

formatter_tests!(formatters, Bitcode);
