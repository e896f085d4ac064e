//! postcard: varint-encoded, length-prefixed, not self-describing.

use crate::flatten::flatten_tests;
use crate::format::Format;
use crate::formatters::formatter_tests;

pub struct Postcard;

impl Format for Postcard {
    const NAME: &'static str = "postcard";
    const KEEPS_MESSAGES: bool = false;
    const SELF_DESCRIBING: bool = false;

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        *out = postcard::to_extend(value, std::mem::take(out)).map_err(|e| e.to_string())?;
        Ok(())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        postcard::from_bytes(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(postcard::from_bytes(bytes).map_err(|e| e.to_string()))
    }
}

formatter_tests!(formatters, Postcard);
flatten_tests!(flatten, Postcard);
