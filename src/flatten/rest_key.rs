//! A key no leaf of a tree claims, kept so that a catch-all map can deserialize its own key type
//! from it.

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};
use core::fmt;
use core::marker::PhantomData;

#[cfg(feature = "alloc")]
use crate::buffer::Content;
use crate::stack_text::StackText;
use serde::de::value::BorrowedStrDeserializer;
#[cfg(feature = "alloc")]
use serde::de::value::StringDeserializer;
use serde::de::{self, Deserializer, IntoDeserializer, Visitor};

/// How a part of a tree takes a key that no leaf claims: see
/// [`FlattenDeserialize::rest_claim`](super::FlattenDeserialize::rest_claim).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestClaim {
    /// It does not take the key.
    No,
    /// It takes the key by name: a buffered struct's field or enum's variant. Named claims come
    /// before catch-alls, whatever the declaration order.
    Named,
    /// It takes every key no leaf claims: a catch-all map, or a buffered field whose type reads
    /// a map.
    All,
}

/// A map key that no leaf of a flattened tree claims, on its way to the tree's catch-all map.
///
/// Strings the format lends stay borrowed; others are owned (the map will own its key anyway).
#[derive(Debug)]
pub enum RestKey<'de> {
    /// A string borrowed from the input.
    Borrowed(&'de str),
    /// A string the format handed over transiently or by value.
    #[cfg(feature = "alloc")]
    Owned(String),
    /// Bytes borrowed from the input.
    BorrowedBytes(&'de [u8]),
    /// Bytes handed over transiently or by value.
    #[cfg(feature = "alloc")]
    OwnedBytes(Vec<u8>),
    /// An unsigned integer key (CBOR, MessagePack, YAML).
    Unsigned(u64),
    /// A negative integer key.
    Signed(i64),
    /// A boolean key (MessagePack, CBOR read by serde_cbor).
    Bool(bool),
    /// A floating-point key.
    Float(f64),
    /// A character key.
    Char(char),
    /// A unit or nil key.
    Unit,
}

impl<'de> RestKey<'de> {
    /// Whether the key is not a name: a boolean, a negative integer, a float, a character or
    /// unit (see [`FlattenDeserialize::non_name_key`](super::FlattenDeserialize::non_name_key)).
    #[inline]
    pub(crate) fn is_non_name(&self) -> bool {
        matches!(
            self,
            RestKey::Signed(_)
                | RestKey::Bool(_)
                | RestKey::Float(_)
                | RestKey::Char(_)
                | RestKey::Unit
        )
    }

    /// The key as a name: a string, or bytes that are UTF-8 text (as serde's flatten matches
    /// byte-string keys against names).
    #[inline]
    pub(crate) fn as_name(&self) -> Option<&str> {
        match self {
            RestKey::Borrowed(text) => Some(text),
            #[cfg(feature = "alloc")]
            RestKey::Owned(text) => Some(text),
            RestKey::BorrowedBytes(bytes) => core::str::from_utf8(bytes).ok(),
            #[cfg(feature = "alloc")]
            RestKey::OwnedBytes(bytes) => core::str::from_utf8(bytes).ok(),
            _ => None,
        }
    }

    /// Calls `f` with the key as text, for error messages: strings as they are, bytes as
    /// `String::from_utf8_lossy` reads them, integers in decimal (built on the stack).
    pub(crate) fn with_text<R>(&self, f: impl FnOnce(&str) -> R) -> R {
        match self {
            RestKey::Borrowed(text) => f(text),
            #[cfg(feature = "alloc")]
            RestKey::Owned(text) => f(text),
            RestKey::BorrowedBytes(bytes) => bytes_text(bytes, f),
            #[cfg(feature = "alloc")]
            RestKey::OwnedBytes(bytes) => bytes_text(bytes, f),
            RestKey::Unsigned(n) => f(StackText::<20>::format(format_args!("{n}")).as_str()),
            RestKey::Signed(n) => f(StackText::<20>::format(format_args!("{n}")).as_str()),
            RestKey::Bool(b) => f(if *b { "true" } else { "false" }),
            RestKey::Float(n) => f(StackText::<32>::format(format_args!("{n}")).as_str()),
            RestKey::Char(c) => f(c.encode_utf8(&mut [0; 4])),
            RestKey::Unit => f("()"),
        }
    }
}

/// `bytes` as text for [`RestKey::with_text`].
fn bytes_text<R>(bytes: &[u8], f: impl FnOnce(&str) -> R) -> R {
    match core::str::from_utf8(bytes) {
        Ok(text) => f(text),
        Err(_) => f(StackText::<128>::lossy(bytes).as_str()),
    }
}

/// A deserializer for the map's key type. Like serde_json's map keys, a string key deserializes
/// into an integer or `bool` key type by parsing it, so that a catch-all `HashMap<u32, V>` reads
/// `{"5": ...}`.
impl<'de, E: de::Error> IntoDeserializer<'de, E> for RestKey<'de> {
    type Deserializer = RestKeyDeserializer<'de, E>;

    fn into_deserializer(self) -> RestKeyDeserializer<'de, E> {
        RestKeyDeserializer {
            key: self,
            error: PhantomData,
        }
    }
}

/// The deserializer of a [`RestKey`], from its [`IntoDeserializer`] impl.
pub struct RestKeyDeserializer<'de, E> {
    key: RestKey<'de>,
    error: PhantomData<E>,
}

impl<'de, E: de::Error> RestKeyDeserializer<'de, E> {
    /// Parses a string key as `T`, or hands any other key to `visitor` unchanged.
    fn parse<T, V>(self, visitor: V, visit: fn(V, T) -> Result<V::Value, E>) -> Result<V::Value, E>
    where
        T: core::str::FromStr,
        T::Err: fmt::Display,
        V: Visitor<'de>,
    {
        let text = match &self.key {
            RestKey::Borrowed(text) => *text,
            #[cfg(feature = "alloc")]
            RestKey::Owned(text) => text.as_str(),
            _ => return self.deserialize_any(visitor),
        };
        match text.parse::<T>() {
            Ok(value) => visit(visitor, value),
            Err(_) => self.deserialize_any(visitor),
        }
    }
}

macro_rules! parse_string_keys {
    ($($method:ident => $ty:ty, $visit:ident;)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
                self.parse::<$ty, V>(visitor, V::$visit)
            }
        )*
    };
}

impl<'de, E: de::Error> Deserializer<'de> for RestKeyDeserializer<'de, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.key {
            RestKey::Borrowed(text) => visitor.visit_borrowed_str(text),
            #[cfg(feature = "alloc")]
            RestKey::Owned(text) => visitor.visit_string(text),
            RestKey::BorrowedBytes(bytes) => visitor.visit_borrowed_bytes(bytes),
            #[cfg(feature = "alloc")]
            RestKey::OwnedBytes(bytes) => visitor.visit_byte_buf(bytes),
            RestKey::Unsigned(n) => visitor.visit_u64(n),
            RestKey::Signed(n) => visitor.visit_i64(n),
            RestKey::Bool(b) => visitor.visit_bool(b),
            RestKey::Float(n) => visitor.visit_f64(n),
            RestKey::Char(c) => visitor.visit_char(c),
            RestKey::Unit => visitor.visit_unit(),
        }
    }

    parse_string_keys! {
        deserialize_bool => bool, visit_bool;
        deserialize_u8 => u8, visit_u8;
        deserialize_u16 => u16, visit_u16;
        deserialize_u32 => u32, visit_u32;
        deserialize_u64 => u64, visit_u64;
        deserialize_u128 => u128, visit_u128;
        deserialize_i8 => i8, visit_i8;
        deserialize_i16 => i16, visit_i16;
        deserialize_i32 => i32, visit_i32;
        deserialize_i64 => i64, visit_i64;
        deserialize_i128 => i128, visit_i128;
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        match self.key {
            RestKey::Borrowed(text) => {
                BorrowedStrDeserializer::new(text).deserialize_enum(name, variants, visitor)
            }
            #[cfg(feature = "alloc")]
            RestKey::Owned(text) => {
                StringDeserializer::new(text).deserialize_enum(name, variants, visitor)
            }
            _ => self.deserialize_any(visitor),
        }
    }

    serde::forward_to_deserialize_any! {
        f32 f64 char str string bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

/// A key of the tree's map, held as it came (by a buffered field, or before a tag).
#[cfg(feature = "alloc")]
impl<'de> From<RestKey<'de>> for Content<'de> {
    fn from(key: RestKey<'de>) -> Content<'de> {
        match key {
            RestKey::Borrowed(text) => Content::Str(text),
            RestKey::Owned(text) => Content::String(text),
            RestKey::BorrowedBytes(bytes) => Content::Bytes(bytes),
            RestKey::OwnedBytes(bytes) => Content::ByteBuf(bytes),
            RestKey::Unsigned(n) => Content::U64(n),
            RestKey::Signed(n) => Content::I64(n),
            RestKey::Bool(b) => Content::Bool(b),
            RestKey::Float(n) => Content::F64(n),
            RestKey::Char(c) => Content::Char(c),
            RestKey::Unit => Content::Unit,
        }
    }
}
