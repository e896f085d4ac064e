//! A self-describing document with keys of any kind: what the differential tests build their
//! inputs from, so that one input reaches every self-describing format of the table, including
//! the keys JSON cannot write (integers, booleans, nil, floats, sequences and maps as keys, as
//! CBOR, MessagePack and YAML can).
//!
//! A [`Doc`] keeps a map's entries in order, duplicates included. Read with
//! `deserialize_any`, it records what a format's bytes say; written, it calls the serializer's
//! method for each kind, so that serde's output of a value, read into a `Doc` and mutated, is
//! written back in the same format.

use std::fmt;

use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value of any self-describing format, its maps' keys of any kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Doc {
    Null,
    Bool(bool),
    I64(i64),
    U64(u64),
    F64(f64),
    Str(String),
    Bytes(Vec<u8>),
    Seq(Vec<Doc>),
    Map(Vec<(Doc, Doc)>),
}

impl Doc {
    /// A string.
    pub fn str(s: &str) -> Doc {
        Doc::Str(s.to_owned())
    }

    /// A map from `(key, value)` pairs with string keys.
    pub fn map<'a>(entries: impl IntoIterator<Item = (&'a str, Doc)>) -> Doc {
        Doc::Map(entries.into_iter().map(|(k, v)| (Doc::str(k), v)).collect())
    }

    /// Whether every map key in the document is a string (JSON can write it).
    pub fn keys_are_strings(&self) -> bool {
        match self {
            Doc::Seq(items) => items.iter().all(Doc::keys_are_strings),
            Doc::Map(entries) => entries
                .iter()
                .all(|(k, v)| matches!(k, Doc::Str(_)) && v.keys_are_strings()),
            _ => true,
        }
    }

    /// Whether the document holds a byte string (JSON and YAML cannot write one).
    pub fn has_bytes(&self) -> bool {
        match self {
            Doc::Bytes(_) => true,
            Doc::Seq(items) => items.iter().any(Doc::has_bytes),
            Doc::Map(entries) => entries.iter().any(|(k, v)| k.has_bytes() || v.has_bytes()),
            _ => false,
        }
    }
}

impl Serialize for Doc {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Doc::Null => serializer.serialize_unit(),
            Doc::Bool(b) => serializer.serialize_bool(*b),
            Doc::I64(n) => serializer.serialize_i64(*n),
            Doc::U64(n) => serializer.serialize_u64(*n),
            Doc::F64(n) => serializer.serialize_f64(*n),
            Doc::Str(s) => serializer.serialize_str(s),
            Doc::Bytes(b) => serializer.serialize_bytes(b),
            Doc::Seq(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Doc::Map(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Doc {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(DocVisitor)
    }
}

struct DocVisitor;

impl<'de> Visitor<'de> for DocVisitor {
    type Value = Doc;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_unit<E>(self) -> Result<Doc, E> {
        Ok(Doc::Null)
    }

    fn visit_none<E>(self) -> Result<Doc, E> {
        Ok(Doc::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Doc, D::Error> {
        Doc::deserialize(deserializer)
    }

    fn visit_bool<E>(self, v: bool) -> Result<Doc, E> {
        Ok(Doc::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Doc, E> {
        Ok(Doc::I64(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Doc, E> {
        Ok(Doc::U64(v))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Doc, E> {
        i64::try_from(v)
            .map(Doc::I64)
            .map_err(|_| E::custom("a 128-bit integer in a Doc"))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Doc, E> {
        u64::try_from(v)
            .map(Doc::U64)
            .map_err(|_| E::custom("a 128-bit integer in a Doc"))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Doc, E> {
        Ok(Doc::F64(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Doc, E> {
        Ok(Doc::str(v))
    }

    fn visit_bytes<E>(self, v: &[u8]) -> Result<Doc, E> {
        Ok(Doc::Bytes(v.to_vec()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Doc, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Doc::Seq(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Doc, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Doc::Map(entries))
    }

    /// An enum a format writes as such (a YAML tag, `!Variant value`): a map of one entry, as
    /// self-describing formats without tags write it.
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Doc, A::Error> {
        use serde::de::VariantAccess;
        let (variant, access) = data.variant::<Doc>()?;
        let value = access.newtype_variant::<Doc>()?;
        Ok(Doc::Map(vec![(variant, value)]))
    }
}
