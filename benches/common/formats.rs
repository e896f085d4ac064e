//! The serde formats under test and under measurement, one adapter each, shared by the tests
//! (`tests/roundtrip/`, `tests/properties.rs`), the benches and the examples (each includes this
//! file with `#[path]`), so that what is measured runs in the configuration that is tested.
//!
//! Every adapter writes into a caller's `Vec<u8>` where its format can ([`Format::encode_into`],
//! [`Format::encode_reusing`]) and reads the whole of a slice ([`Format::decode`], and
//! [`Format::decode_borrowed`] where the format can lend from its input).

#![allow(dead_code)] // each includer uses a different part

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A serde data format in one configuration.
pub trait Format {
    /// The format's name in messages and tables.
    const NAME: &'static str;

    /// Whether the format's errors carry the message given to `Error::custom` (postcard
    /// replaces it with a fixed text).
    const KEEPS_MESSAGES: bool = true;

    /// Whether the format writes field names (or indexes) and can read fields in any order and
    /// skip absent ones; length-prefixed formats read structs as sequences instead, where
    /// `skip_serializing_if` cannot work (for serde's derive either).
    const SELF_DESCRIBING: bool = true;

    /// Whether struct fields are keyed by name (serde_cbor's packed format keys them by index,
    /// which serde's flatten cannot read).
    const KEYS_ARE_NAMES: bool = true;

    /// Whether the format carries `u128`/`i128`.
    const WIDE_INTS: bool = true;

    /// Appends the encoding of `value` to `out` (tests pre-size `out` so that its growth does
    /// not count as an allocation of the code under test).
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String>;

    /// The encoding of `value` in a fresh buffer.
    #[inline]
    fn encode<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        Self::encode_into(value, &mut out)?;
        Ok(out)
    }

    /// Writes the encoding of `value` into `buf`, which the caller has cleared, reusing its
    /// capacity: what the benchmarks time. The same as [`Format::encode_into`], except for a
    /// format whose serde API only returns a new `Vec` (bitcode), which replaces `buf` (one
    /// allocation per call, and no copy).
    #[inline]
    fn encode_reusing<T: Serialize + ?Sized>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        debug_assert!(
            buf.is_empty(),
            "{}: encode_reusing into a full buffer",
            Self::NAME
        );
        Self::encode_into(value, buf)
    }

    /// Decodes a value that owns its data from the whole of `bytes`.
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;

    /// Decodes a value that may borrow from `bytes`; `None` when the format cannot lend (it
    /// reads through `std::io::Read`).
    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        let _ = bytes;
        None
    }
}

/// An error message.
fn message(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// A value read from `bytes`, and how many of them it read: an error unless it read them all.
#[inline]
fn whole<T, E: std::fmt::Display>(
    bytes: &[u8],
    decoded: Result<(T, usize), E>,
) -> Result<T, String> {
    match decoded {
        Ok((value, read)) if read == bytes.len() => Ok(value),
        Ok((_, read)) => Err(format!("{} trailing bytes", bytes.len() - read)),
        Err(e) => Err(message(e)),
    }
}

/// serde_json, compact: `to_writer` / `from_slice`.
pub struct Json;

impl Format for Json {
    const NAME: &'static str = "serde_json";

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_json::to_writer(out, value).map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(message)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(serde_json::from_slice(bytes).map_err(message))
    }
}

/// serde_yaml 0.9 (deprecated, still widely run): `to_writer` / `from_slice`, which lends plain
/// scalars.
pub struct SerdeYaml;

impl Format for SerdeYaml {
    const NAME: &'static str = "serde_yaml";

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_yaml::to_writer(out, value).map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_yaml::from_slice(bytes).map_err(message)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(serde_yaml::from_slice(bytes).map_err(message))
    }
}

/// serde_norway, serde_yaml's maintained successor: `to_writer` / `from_slice`.
pub struct Norway;

impl Format for Norway {
    const NAME: &'static str = "serde_norway";

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_norway::to_writer(out, value).map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_norway::from_slice(bytes).map_err(message)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(serde_norway::from_slice(bytes).map_err(message))
    }
}

/// ciborium (CBOR, maintained): `into_writer` / `from_reader` on a `&[u8]`, which cannot lend.
pub struct Ciborium;

impl Format for Ciborium {
    const NAME: &'static str = "ciborium";

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        ciborium::into_writer(value, out).map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        ciborium::from_reader(bytes).map_err(message)
    }
}

/// serde_cbor (archived, still run), struct fields keyed by name: `Serializer` on an `IoWrite`
/// (what `to_writer` does) / `from_slice`.
pub struct SerdeCbor;

impl Format for SerdeCbor {
    const NAME: &'static str = "serde_cbor";
    const WIDE_INTS: bool = false; // "The number can't be stored in CBOR"

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        let mut serializer = serde_cbor::Serializer::new(serde_cbor::ser::IoWrite::new(out));
        value.serialize(&mut serializer).map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_cbor::from_slice(bytes).map_err(message)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(serde_cbor::from_slice(bytes).map_err(message))
    }
}

/// serde_cbor's packed format: struct fields keyed by their index instead of their name.
pub struct SerdeCborPacked;

impl Format for SerdeCborPacked {
    const NAME: &'static str = "serde_cbor (packed)";
    const WIDE_INTS: bool = false; // "The number can't be stored in CBOR"
    const KEYS_ARE_NAMES: bool = false;

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        let writer = serde_cbor::ser::IoWrite::new(out);
        let mut serializer = serde_cbor::Serializer::new(writer).packed_format();
        value.serialize(&mut serializer).map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_cbor::from_slice(bytes).map_err(message)
    }
}

/// bincode 1.3 with its default functions (fixed-size integers, trailing bytes allowed):
/// length-prefixed, not self-describing.
pub struct Bincode1;

impl Format for Bincode1 {
    const NAME: &'static str = "bincode 1.3";
    const SELF_DESCRIBING: bool = false;

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        bincode1::serialize_into(out, value).map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        bincode1::deserialize(bytes).map_err(message)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(bincode1::deserialize(bytes).map_err(message))
    }
}

/// bincode 2.0.1 through its serde layer, `config::standard()`: `encode_into_std_write` /
/// `decode_from_slice` (owned) and `borrow_decode_from_slice` (borrowed), which must read all
/// the bytes.
pub struct Bincode2;

impl Format for Bincode2 {
    const NAME: &'static str = "bincode 2";
    const SELF_DESCRIBING: bool = false;

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        bincode2::serde::encode_into_std_write(value, out, bincode2::config::standard())
            .map(drop)
            .map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        whole(
            bytes,
            bincode2::serde::decode_from_slice(bytes, bincode2::config::standard()),
        )
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(whole(
            bytes,
            bincode2::serde::borrow_decode_from_slice(bytes, bincode2::config::standard()),
        ))
    }
}

/// bitcode 0.6 through its serde API, not self-describing, lengths required up front:
/// `serialize`, which only returns a new `Vec` (appended to `out`, or replacing the buffer in
/// [`Format::encode_reusing`]) / `deserialize`.
pub struct Bitcode;

impl Format for Bitcode {
    const NAME: &'static str = "bitcode";
    const SELF_DESCRIBING: bool = false;

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        out.extend(Self::encode(value)?);
        Ok(())
    }

    #[inline]
    fn encode<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, String> {
        bitcode::serialize(value).map_err(message)
    }

    #[inline]
    fn encode_reusing<T: Serialize + ?Sized>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        *buf = Self::encode(value)?;
        Ok(())
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        bitcode::deserialize(bytes).map_err(message)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(bitcode::deserialize(bytes).map_err(message))
    }
}

/// postcard 1: varint-encoded, length-prefixed, not self-describing. `to_extend` (the `Vec`
/// moved in and back out) / `take_from_bytes`, which must read all the bytes.
pub struct Postcard;

impl Format for Postcard {
    const NAME: &'static str = "postcard";
    const KEEPS_MESSAGES: bool = false;
    const SELF_DESCRIBING: bool = false;

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        *out = postcard::to_extend(value, std::mem::take(out)).map_err(message)?;
        Ok(())
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        postcard_whole(bytes)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(postcard_whole(bytes))
    }
}

/// postcard's `take_from_bytes`, which must read all of `bytes`.
#[inline]
fn postcard_whole<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, String> {
    match postcard::take_from_bytes(bytes) {
        Ok((value, [])) => Ok(value),
        Ok((_, rest)) => Err(format!("{} trailing bytes", rest.len())),
        Err(e) => Err(message(e)),
    }
}

/// MessagePack through rmp-serde in struct-map mode: fields keyed by name (as `to_vec_named`
/// writes them), so self-describing. `Serializer::new(out).with_struct_map()` / `from_slice`.
pub struct MsgPackMap;

impl Format for MsgPackMap {
    const NAME: &'static str = "rmp-serde (map)";

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        value
            .serialize(&mut rmp_serde::Serializer::new(out).with_struct_map())
            .map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(bytes).map_err(message)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(rmp_serde::from_slice(bytes).map_err(message))
    }
}

/// MessagePack through rmp-serde in its default array mode (as `to_vec` writes it): structs as
/// arrays of field values, not self-describing.
pub struct MsgPackArray;

impl Format for MsgPackArray {
    const NAME: &'static str = "rmp-serde (array)";
    const SELF_DESCRIBING: bool = false;

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        value
            .serialize(&mut rmp_serde::Serializer::new(out))
            .map_err(message)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(bytes).map_err(message)
    }

    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        Some(rmp_serde::from_slice(bytes).map_err(message))
    }
}
