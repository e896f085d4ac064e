//! CBOR: ciborium (maintained), serde_cbor (archived, still run) and serde_cbor's packed mode
//! (struct fields keyed by their index instead of their name).

use crate::flatten::flatten_tests;
use crate::format::Format;
use crate::formatters::formatter_tests;

pub struct Ciborium;

impl Format for Ciborium {
    const NAME: &'static str = "ciborium";

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        ciborium::into_writer(value, out).map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        ciborium::from_reader(bytes).map_err(|e| e.to_string())
    }
}

pub struct SerdeCbor;

impl Format for SerdeCbor {
    const NAME: &'static str = "serde_cbor";
    const WIDE_INTS: bool = false; // "The number can't be stored in CBOR"

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        let mut serializer = serde_cbor::Serializer::new(serde_cbor::ser::IoWrite::new(out));
        value.serialize(&mut serializer).map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_cbor::from_slice(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_cbor::from_slice(bytes).map_err(|e| e.to_string()))
    }
}

pub struct SerdeCborPacked;

impl Format for SerdeCborPacked {
    const NAME: &'static str = "serde_cbor (packed)";
    const WIDE_INTS: bool = false; // "The number can't be stored in CBOR"
    const KEYS_ARE_NAMES: bool = false;

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        let writer = serde_cbor::ser::IoWrite::new(out);
        let mut serializer = serde_cbor::Serializer::new(writer).packed_format();
        value.serialize(&mut serializer).map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_cbor::from_slice(bytes).map_err(|e| e.to_string())
    }
}

formatter_tests!(ciborium_formatters, Ciborium);
formatter_tests!(serde_cbor_formatters, SerdeCbor);
formatter_tests!(serde_cbor_packed_formatters, SerdeCborPacked);
flatten_tests!(ciborium_flatten, Ciborium);
flatten_tests!(serde_cbor_flatten, SerdeCbor);
flatten_tests!(serde_cbor_packed_flatten, SerdeCborPacked);
