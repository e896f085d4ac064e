//! The held value and how it is read from a format.

use alloc::{borrow::ToOwned, boxed::Box, string::String, vec::Vec};
use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Unexpected,
    Visitor,
};

/// A value read before the key that says how to read it, held until then.
///
/// Everything a format can hand to `deserialize_any`, kept as it came: borrowed strings and
/// bytes stay borrowed (so `&'de str` fields still borrow after the replay), and 128-bit
/// integers are kept (serde's own buffer has neither).
#[derive(Clone, Debug, PartialEq)]
pub enum Content<'de> {
    /// A `bool`.
    Bool(bool),
    /// A `u8`.
    U8(u8),
    /// A `u16`.
    U16(u16),
    /// A `u32`.
    U32(u32),
    /// A `u64`.
    U64(u64),
    /// A `u128`.
    U128(u128),
    /// An `i8`.
    I8(i8),
    /// An `i16`.
    I16(i16),
    /// An `i32`.
    I32(i32),
    /// An `i64`.
    I64(i64),
    /// An `i128`.
    I128(i128),
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
    /// A `char`.
    Char(char),
    /// A string the format handed over transiently or by value.
    String(String),
    /// A string borrowed from the input.
    Str(&'de str),
    /// Bytes handed over transiently or by value.
    ByteBuf(Vec<u8>),
    /// Bytes borrowed from the input.
    Bytes(&'de [u8]),
    /// An absent optional value.
    None,
    /// A present optional value.
    Some(Box<Content<'de>>),
    /// `()`.
    Unit,
    /// A newtype struct's value.
    Newtype(Box<Content<'de>>),
    /// A sequence.
    Seq(Vec<Content<'de>>),
    /// A map, entries in input order.
    Map(Vec<(Content<'de>, Content<'de>)>),
}

impl<'de> Content<'de> {
    /// The value as text, when it is a (UTF-8) string or bytes.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Content::Str(text) => Some(text),
            Content::String(text) => Some(text),
            Content::Bytes(bytes) => core::str::from_utf8(bytes).ok(),
            Content::ByteBuf(bytes) => core::str::from_utf8(bytes).ok(),
            _ => None,
        }
    }

    /// Drops the value, calling the enum's drop glue only when the value owns memory.
    ///
    /// rustc drops a `Content` through one out-of-line function for the whole enum, called even
    /// for a value that owns nothing (a borrowed string, an integer): a replay drops every held
    /// key and most held values that way, and the call costs more than the check made here,
    /// which folds away where the variant is known.
    #[inline(always)]
    pub(crate) fn discard(self) {
        match self {
            Content::String(_)
            | Content::ByteBuf(_)
            | Content::Some(_)
            | Content::Newtype(_)
            | Content::Seq(_)
            | Content::Map(_) => drop(self),
            _ => core::mem::forget(self),
        }
    }

    /// What an "invalid type" error says was found.
    #[cold]
    pub fn unexpected(&self) -> Unexpected<'_> {
        match *self {
            Content::Bool(b) => Unexpected::Bool(b),
            Content::U8(n) => Unexpected::Unsigned(n.into()),
            Content::U16(n) => Unexpected::Unsigned(n.into()),
            Content::U32(n) => Unexpected::Unsigned(n.into()),
            Content::U64(n) => Unexpected::Unsigned(n),
            Content::U128(_) | Content::I128(_) => Unexpected::Other("128-bit integer"),
            Content::I8(n) => Unexpected::Signed(n.into()),
            Content::I16(n) => Unexpected::Signed(n.into()),
            Content::I32(n) => Unexpected::Signed(n.into()),
            Content::I64(n) => Unexpected::Signed(n),
            Content::F32(f) => Unexpected::Float(f.into()),
            Content::F64(f) => Unexpected::Float(f),
            Content::Char(c) => Unexpected::Char(c),
            Content::String(ref s) => Unexpected::Str(s),
            Content::Str(s) => Unexpected::Str(s),
            Content::ByteBuf(ref b) => Unexpected::Bytes(b),
            Content::Bytes(b) => Unexpected::Bytes(b),
            Content::None | Content::Some(_) => Unexpected::Option,
            Content::Unit => Unexpected::Unit,
            Content::Newtype(_) => Unexpected::NewtypeStruct,
            Content::Seq(_) => Unexpected::Seq,
            Content::Map(_) => Unexpected::Map,
        }
    }
}

impl<'de> Deserialize<'de> for Content<'de> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ContentVisitor(PhantomData))
    }
}

/// Reads any value into a [`Content`].
pub(crate) struct ContentVisitor<'de>(pub(crate) PhantomData<Content<'de>>);

impl<'de> DeserializeSeed<'de> for ContentVisitor<'de> {
    type Value = Content<'de>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Content<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// The capacity to reserve for `hint` entries: at most what 4 KiB holds, so a length announced
/// by hostile input cannot make us allocate more than the input could fill.
fn cautious<T>(hint: Option<usize>) -> usize {
    const MAX_PREALLOC_BYTES: usize = 4096;
    hint.unwrap_or(0)
        .min(MAX_PREALLOC_BYTES / core::mem::size_of::<T>().max(1))
}

/// Room for the entries held from a map, the first of them about to be pushed: it and,
/// cautiously, every entry the map still has (`remaining`, its `size_hint` after this entry),
/// so that holding allocates once rather than at 4, 8, 16 entries (serde's `Content` reserves a
/// whole map the same way). Without a hint (serde_json's maps), `expected` entries, cautiously,
/// and at least the 4 a `Vec` starts with.
#[inline]
fn held_capacity<T>(remaining: Option<usize>, expected: usize) -> usize {
    match remaining {
        Some(remaining) => 1 + cautious::<T>(Some(remaining)),
        None => cautious::<T>(Some(expected)).max(4),
    }
}

/// A `Vec` for the entries held from a map, made as the first of them arrives: with
/// [`held_capacity`], allocated directly rather than grown.
#[inline]
pub(crate) fn held_vec<T>(remaining: Option<usize>, expected: usize) -> Vec<T> {
    Vec::with_capacity(held_capacity::<T>(remaining, expected))
}

/// Drops the entries held from a map, in line when none was: rustc drops a `Vec` of [`Content`]
/// through out-of-line glue, which would be a call per value read where, as usual, nothing was
/// held.
#[inline(always)]
pub(crate) fn drop_held<T>(held: Vec<T>) {
    if held.capacity() == 0 {
        // Nothing allocated, nothing to drop.
        core::mem::forget(held);
    } else {
        drop(held);
    }
}

/// [`held_capacity`] for a `Vec` made before it was known whether anything would be held: room
/// is reserved as the first entry arrives.
#[inline]
pub(crate) fn reserve_held<T>(held: &mut Vec<T>, remaining: Option<usize>) {
    if held.capacity() == 0 {
        held.reserve_exact(held_capacity::<T>(remaining, 0));
    }
}

macro_rules! visit_copied {
    ($($method:ident($ty:ty) => $variant:ident,)*) => {
        $(
            #[inline]
            fn $method<E: de::Error>(self, value: $ty) -> Result<Content<'de>, E> {
                Ok(Content::$variant(value))
            }
        )*
    };
}

impl<'de> Visitor<'de> for ContentVisitor<'de> {
    type Value = Content<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    visit_copied! {
        visit_bool(bool) => Bool,
        visit_u8(u8) => U8,
        visit_u16(u16) => U16,
        visit_u32(u32) => U32,
        visit_u64(u64) => U64,
        visit_u128(u128) => U128,
        visit_i8(i8) => I8,
        visit_i16(i16) => I16,
        visit_i32(i32) => I32,
        visit_i64(i64) => I64,
        visit_i128(i128) => I128,
        visit_f32(f32) => F32,
        visit_f64(f64) => F64,
        visit_char(char) => Char,
        visit_borrowed_str(&'de str) => Str,
        visit_string(String) => String,
        visit_borrowed_bytes(&'de [u8]) => Bytes,
        visit_byte_buf(Vec<u8>) => ByteBuf,
    }

    #[inline]
    fn visit_str<E: de::Error>(self, value: &str) -> Result<Content<'de>, E> {
        Ok(Content::String(value.to_owned()))
    }

    #[inline]
    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<Content<'de>, E> {
        Ok(Content::ByteBuf(value.to_vec()))
    }

    #[inline]
    fn visit_unit<E: de::Error>(self) -> Result<Content<'de>, E> {
        Ok(Content::Unit)
    }

    #[inline]
    fn visit_none<E: de::Error>(self) -> Result<Content<'de>, E> {
        Ok(Content::None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Content<'de>, D::Error> {
        Ok(Content::Some(Box::new(self.deserialize(deserializer)?)))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Content<'de>, D::Error> {
        Ok(Content::Newtype(Box::new(self.deserialize(deserializer)?)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content<'de>, A::Error> {
        let mut items = Vec::with_capacity(cautious::<Content<'de>>(seq.size_hint()));
        while let Some(item) = seq.next_element_seed(ContentVisitor(PhantomData))? {
            items.push(item);
        }
        Ok(Content::Seq(items))
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Content<'de>, M::Error> {
        let mut entries =
            Vec::with_capacity(cautious::<(Content<'de>, Content<'de>)>(map.size_hint()));
        while let Some(entry) =
            map.next_entry_seed(ContentVisitor(PhantomData), ContentVisitor(PhantomData))?
        {
            entries.push(entry);
        }
        Ok(Content::Map(entries))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, _data: A) -> Result<Content<'de>, A::Error> {
        Err(de::Error::custom(
            "untagged and internally tagged enums do not support enum input",
        ))
    }
}
