//! Writing a tree read in serde's order (`held_map.rs`) with each key once.
//!
//! Read as serde reads it, such a tree can hold one key in two places (two catch-all maps both
//! receive every unclaimed key; a catch-all also receives the keys of a struct declared after
//! it). serde's derive then writes the key once per place, which no reader takes back (a
//! duplicate field). Here the first place writes it and the later ones are skipped.

use alloc::{
    borrow::ToOwned,
    string::{String, ToString},
    vec::Vec,
};
use serde::ser::{self, Impossible, Serialize, Serializer};

use super::{FieldSink, FlattenSerialize};

/// A `FieldSink` that writes each key once: a catch-all entry whose key was written already
/// (by a leaf or an earlier entry) is skipped. Keys that are not strings are always written.
pub(crate) struct DedupSink<S> {
    out: S,
    /// Leaves' names, kept without allocating.
    names: Vec<&'static str>,
    /// Entries' keys.
    keys: Vec<String>,
}

impl<S> DedupSink<S> {
    pub(crate) fn new(out: S) -> Self {
        DedupSink {
            out,
            names: Vec::new(),
            keys: Vec::new(),
        }
    }

    fn written(&self, key: &str) -> bool {
        self.names.contains(&key) || self.keys.iter().any(|written| written == key)
    }
}

impl<S: FieldSink> FieldSink for DedupSink<S> {
    type Error = S::Error;

    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        if self.written(key) {
            return Ok(());
        }
        self.names.push(key);
        self.out.field(key, value)
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.out.skip_field(key)
    }

    fn entry<K, V>(&mut self, key: &K, value: &V) -> Result<(), S::Error>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        match key.serialize(KeyText) {
            Ok(text) if self.written(&text) => Ok(()),
            Ok(text) => {
                self.keys.push(text);
                self.out.entry(key, value)
            }
            Err(NotText) => self.out.entry(key, value),
        }
    }
}

/// How many entries `value`'s leaves make when each key is written once.
pub(crate) fn written_once<T: FlattenSerialize + ?Sized>(value: &T) -> usize {
    let mut sink = DedupSink::new(Counter(0));
    // A value that cannot be written fails again, with its error, when it is written.
    let _ = value.serialize_leaves(&mut sink);
    sink.out.0
}

/// Counts the entries written through it.
struct Counter(usize);

impl FieldSink for Counter {
    type Error = NotText;

    fn field<T: Serialize + ?Sized>(
        &mut self,
        _key: &'static str,
        _value: &T,
    ) -> Result<(), NotText> {
        self.0 += 1;
        Ok(())
    }

    fn skip_field(&mut self, _key: &'static str) -> Result<(), NotText> {
        Ok(())
    }

    fn entry<K, V>(&mut self, _key: &K, _value: &V) -> Result<(), NotText>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        self.0 += 1;
        Ok(())
    }
}

/// A key's text, if it is written as a string.
struct KeyText;

/// The key is not a string.
#[derive(Debug)]
struct NotText;

impl core::fmt::Display for NotText {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("not a string key")
    }
}

impl serde::ser::StdError for NotText {}

impl ser::Error for NotText {
    fn custom<T: core::fmt::Display>(_msg: T) -> Self {
        NotText
    }
}

macro_rules! not_text {
    ($($method:ident($($arg:ty),*))*) => {
        $(
            fn $method(self, $(_: $arg),*) -> Result<String, NotText> {
                Err(NotText)
            }
        )*
    };
}

impl Serializer for KeyText {
    type Ok = String;
    type Error = NotText;
    type SerializeSeq = Impossible<String, NotText>;
    type SerializeTuple = Impossible<String, NotText>;
    type SerializeTupleStruct = Impossible<String, NotText>;
    type SerializeTupleVariant = Impossible<String, NotText>;
    type SerializeMap = Impossible<String, NotText>;
    type SerializeStruct = Impossible<String, NotText>;
    type SerializeStructVariant = Impossible<String, NotText>;

    fn serialize_str(self, v: &str) -> Result<String, NotText> {
        Ok(v.to_owned())
    }

    fn serialize_char(self, v: char) -> Result<String, NotText> {
        Ok(v.to_string())
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<String, NotText> {
        Ok(variant.to_owned())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<String, NotText> {
        value.serialize(self)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<String, NotText> {
        Err(NotText)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<String, NotText> {
        Err(NotText)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, NotText> {
        Err(NotText)
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, NotText> {
        Err(NotText)
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, NotText> {
        Err(NotText)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, NotText> {
        Err(NotText)
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, NotText> {
        Err(NotText)
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, NotText> {
        Err(NotText)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, NotText> {
        Err(NotText)
    }

    not_text! {
        serialize_bool(bool)
        serialize_i8(i8)
        serialize_i16(i16)
        serialize_i32(i32)
        serialize_i64(i64)
        serialize_u8(u8)
        serialize_u16(u16)
        serialize_u32(u32)
        serialize_u64(u64)
        serialize_f32(f32)
        serialize_f64(f64)
        serialize_bytes(&[u8])
        serialize_none()
        serialize_unit()
        serialize_unit_struct(&'static str)
    }
}
