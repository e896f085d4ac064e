//! bincode 1.3 and bincode 2 (serde mode). Both are length-prefixed and not self-describing:
//! structs are read as sequences.

use crate::flatten::flatten_tests;
use crate::format::Format;
use crate::formatters::formatter_tests;

pub struct Bincode1;

impl Format for Bincode1 {
    const NAME: &'static str = "bincode 1.3";
    const SELF_DESCRIBING: bool = false;

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        bincode1::serialize_into(out, value).map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        bincode1::deserialize(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(bincode1::deserialize(bytes).map_err(|e| e.to_string()))
    }
}

pub struct Bincode2;

impl Format for Bincode2 {
    const NAME: &'static str = "bincode 2";
    const SELF_DESCRIBING: bool = false;

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        bincode2::serde::encode_into_std_write(value, out, bincode2::config::standard())
            .map(drop)
            .map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let (value, read) = bincode2::serde::decode_from_slice(bytes, bincode2::config::standard())
            .map_err(|e| e.to_string())?;
        if read == bytes.len() {
            Ok(value)
        } else {
            Err(format!("{} trailing bytes", bytes.len() - read))
        }
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        let decoded =
            bincode2::serde::borrow_decode_from_slice(bytes, bincode2::config::standard());
        Some(decoded.map(|(value, _)| value).map_err(|e| e.to_string()))
    }
}

formatter_tests!(bincode1_formatters, Bincode1);
formatter_tests!(bincode2_formatters, Bincode2);
flatten_tests!(bincode1_flatten, Bincode1);
flatten_tests!(bincode2_flatten, Bincode2);
