//! MessagePack through rmp-serde, in both of its struct modes: maps keyed by field name
//! (`to_vec_named`) and arrays of field values (`to_vec`, its default).

use crate::flatten::flatten_tests;
use crate::format::Format;
use crate::formatters::formatter_tests;

pub struct MsgPackMap;

impl Format for MsgPackMap {
    const NAME: &'static str = "rmp-serde (map)";

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        value
            .serialize(&mut rmp_serde::Serializer::new(out).with_struct_map())
            .map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(rmp_serde::from_slice(bytes).map_err(|e| e.to_string()))
    }
}

pub struct MsgPackArray;

impl Format for MsgPackArray {
    const NAME: &'static str = "rmp-serde (array)";
    const SELF_DESCRIBING: bool = false;

    fn write<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        value
            .serialize(&mut rmp_serde::Serializer::new(out))
            .map_err(|e| e.to_string())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(bytes).map_err(|e| e.to_string())
    }

    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(rmp_serde::from_slice(bytes).map_err(|e| e.to_string()))
    }
}

formatter_tests!(map_formatters, MsgPackMap);
formatter_tests!(array_formatters, MsgPackArray);
flatten_tests!(map_flatten, MsgPackMap);
flatten_tests!(array_flatten, MsgPackArray);
