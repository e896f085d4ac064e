//! Reading a held [`Content`] back through any `Deserialize`: moved (each value read once, so
//! owned strings are handed over rather than copied) or lent (an untagged enum tries its variants
//! one after another on the same held value). One deserializer serves both, generic over how
//! the value is held ([`Held`]); each instantiation compiles only its own way. It answers every
//! request the way serde's own buffer does, so a type reads from it as it reads from serde's.

use alloc::vec;
use core::fmt;
use core::marker::PhantomData;
use core::slice;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Expected, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};

use super::Content;

/// How a [`Content`] is held: moved (`Content<'de>`) or lent (`&Content<'de>`).
pub trait Held<'de>: Sized {
    /// Whether the value is read once, by the type the tag chose (serde's `ContentDeserializer`:
    /// an empty map is then also a unit, so that `{"tag": "V"}` reads a newtype variant holding
    /// `()` or a unit struct), rather than tried by several (serde's `ContentRefDeserializer`,
    /// for untagged enums, where only a unit is).
    const MOVED: bool;

    /// The elements of a held sequence.
    type Items: ExactSizeIterator<Item = Self>;
    /// The entries of a held map.
    type Entries: ExactSizeIterator<Item = (Self, Self)>;

    /// The value.
    fn content(&self) -> &Content<'de>;

    /// Visits a string or bytes: owned ones are handed over when moved and lent when lent;
    /// borrowed ones keep their borrow of the input. Any other value is an "invalid type" error.
    fn visit_text<V: Visitor<'de>, E: de::Error>(self, visitor: V) -> Result<V::Value, E>;

    /// The value inside `Some` or a newtype (callers check that it is one).
    fn inner(self) -> Self;

    /// Done with the value (a scalar visited by copy): [`Content::discard`] when moved.
    fn discard(self);

    /// The elements, if the value is a sequence.
    fn items(self) -> Result<Self::Items, Self>;

    /// The entries, if the value is a map.
    fn entries(self) -> Result<Self::Entries, Self>;
}

impl<'de> Held<'de> for Content<'de> {
    const MOVED: bool = true;
    type Items = vec::IntoIter<Content<'de>>;
    type Entries = vec::IntoIter<(Content<'de>, Content<'de>)>;

    #[inline]
    fn content(&self) -> &Content<'de> {
        self
    }

    fn visit_text<V: Visitor<'de>, E: de::Error>(self, visitor: V) -> Result<V::Value, E> {
        match self {
            Content::String(text) => visitor.visit_string(text),
            Content::Str(text) => {
                self.discard();
                visitor.visit_borrowed_str(text)
            }
            Content::ByteBuf(bytes) => visitor.visit_byte_buf(bytes),
            Content::Bytes(bytes) => {
                self.discard();
                visitor.visit_borrowed_bytes(bytes)
            }
            other => Err(invalid_type(&other, &visitor)),
        }
    }

    fn inner(self) -> Self {
        match self {
            Content::Some(inner) | Content::Newtype(inner) => *inner,
            other => other,
        }
    }

    #[inline(always)]
    fn discard(self) {
        Content::discard(self);
    }

    fn items(self) -> Result<Self::Items, Self> {
        match self {
            Content::Seq(items) => Ok(items.into_iter()),
            other => Err(other),
        }
    }

    fn entries(self) -> Result<Self::Entries, Self> {
        match self {
            Content::Map(entries) => Ok(entries.into_iter()),
            other => Err(other),
        }
    }
}

impl<'a, 'de> Held<'de> for &'a Content<'de> {
    const MOVED: bool = false;
    type Items = slice::Iter<'a, Content<'de>>;
    type Entries = Pairs<'a, 'de>;

    #[inline]
    fn content(&self) -> &Content<'de> {
        self
    }

    fn visit_text<V: Visitor<'de>, E: de::Error>(self, visitor: V) -> Result<V::Value, E> {
        match *self {
            Content::String(ref text) => visitor.visit_str(text),
            Content::Str(text) => visitor.visit_borrowed_str(text),
            Content::ByteBuf(ref bytes) => visitor.visit_bytes(bytes),
            Content::Bytes(bytes) => visitor.visit_borrowed_bytes(bytes),
            ref other => Err(invalid_type(other, &visitor)),
        }
    }

    fn inner(self) -> Self {
        match self {
            Content::Some(inner) | Content::Newtype(inner) => inner,
            other => other,
        }
    }

    #[inline(always)]
    fn discard(self) {}

    fn items(self) -> Result<Self::Items, Self> {
        match self {
            Content::Seq(items) => Ok(items.iter()),
            other => Err(other),
        }
    }

    fn entries(self) -> Result<Self::Entries, Self> {
        match self {
            Content::Map(entries) => Ok(Pairs(entries.iter())),
            other => Err(other),
        }
    }
}

/// The entries of a lent map, each as a pair of lent values.
pub struct Pairs<'a, 'de>(slice::Iter<'a, (Content<'de>, Content<'de>)>);

impl<'a, 'de> Iterator for Pairs<'a, 'de> {
    type Item = (&'a Content<'de>, &'a Content<'de>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(key, value)| (key, value))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for Pairs<'_, '_> {}

#[cold]
fn invalid_type<E: de::Error>(content: &Content<'_>, expected: &dyn Expected) -> E {
    E::invalid_type(content.unexpected(), expected)
}

/// A deserializer over a held [`Content`], moved or lent.
pub struct ContentDeserializer<H, E> {
    held: H,
    error: PhantomData<E>,
}

impl<'de, E> ContentDeserializer<Content<'de>, E> {
    /// Reads `content`, handing its owned strings and bytes over.
    #[inline]
    pub fn moved(content: Content<'de>) -> Self {
        ContentDeserializer::of(content)
    }
}

impl<'a, 'de, E> ContentDeserializer<&'a Content<'de>, E> {
    /// Reads `content` without consuming it.
    #[inline]
    pub fn lent(content: &'a Content<'de>) -> Self {
        ContentDeserializer::of(content)
    }
}

impl<H, E> ContentDeserializer<H, E> {
    #[inline]
    fn of(held: H) -> Self {
        ContentDeserializer {
            held,
            error: PhantomData,
        }
    }
}

impl<'de, H: Held<'de>, E: de::Error> ContentDeserializer<H, E> {
    // Where a scalar is visited by copy, the held value is discarded explicitly afterwards
    // rather than dropped at the end of the function: see `Content::discard`.

    fn visit_integer<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let value = match *self.held.content() {
            Content::U8(v) => visitor.visit_u8(v),
            Content::U16(v) => visitor.visit_u16(v),
            Content::U32(v) => visitor.visit_u32(v),
            Content::U64(v) => visitor.visit_u64(v),
            Content::U128(v) => visitor.visit_u128(v),
            Content::I8(v) => visitor.visit_i8(v),
            Content::I16(v) => visitor.visit_i16(v),
            Content::I32(v) => visitor.visit_i32(v),
            Content::I64(v) => visitor.visit_i64(v),
            Content::I128(v) => visitor.visit_i128(v),
            ref other => Err(invalid_type(other, &visitor)),
        };
        self.held.discard();
        value
    }

    fn visit_float<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let value = match *self.held.content() {
            Content::F32(v) => visitor.visit_f32(v),
            Content::F64(v) => visitor.visit_f64(v),
            _ => return self.visit_integer(visitor),
        };
        self.held.discard();
        value
    }

    fn visit_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let items = match self.held.items() {
            Ok(items) => items,
            Err(other) => return Err(invalid_type(other.content(), &visitor)),
        };
        let mut seq = SeqDeserializer {
            items,
            count: 0,
            error: PhantomData,
        };
        let value = visitor.visit_seq(&mut seq)?;
        seq.end()?;
        Ok(value)
    }

    fn visit_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let entries = match self.held.entries() {
            Ok(entries) => entries,
            Err(other) => return Err(invalid_type(other.content(), &visitor)),
        };
        let mut map = MapDeserializer {
            entries,
            value: None,
            count: 0,
            error: PhantomData,
        };
        let value = visitor.visit_map(&mut map)?;
        map.end()?;
        Ok(value)
    }
}

macro_rules! forward_to {
    ($helper:ident: $($method:ident)*) => {
        $(
            #[inline]
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
                self.$helper(visitor)
            }
        )*
    };
}

impl<'de, H: Held<'de>, E: de::Error> Deserializer<'de> for ContentDeserializer<H, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let value = match *self.held.content() {
            Content::Bool(v) => visitor.visit_bool(v),
            Content::U8(v) => visitor.visit_u8(v),
            Content::U16(v) => visitor.visit_u16(v),
            Content::U32(v) => visitor.visit_u32(v),
            Content::U64(v) => visitor.visit_u64(v),
            Content::U128(v) => visitor.visit_u128(v),
            Content::I8(v) => visitor.visit_i8(v),
            Content::I16(v) => visitor.visit_i16(v),
            Content::I32(v) => visitor.visit_i32(v),
            Content::I64(v) => visitor.visit_i64(v),
            Content::I128(v) => visitor.visit_i128(v),
            Content::F32(v) => visitor.visit_f32(v),
            Content::F64(v) => visitor.visit_f64(v),
            Content::Char(v) => visitor.visit_char(v),
            Content::String(_) | Content::Str(_) | Content::ByteBuf(_) | Content::Bytes(_) => {
                return self.held.visit_text(visitor)
            }
            Content::Unit => visitor.visit_unit(),
            Content::None => visitor.visit_none(),
            Content::Some(_) => return visitor.visit_some(Self::of(self.held.inner())),
            Content::Newtype(_) => {
                return visitor.visit_newtype_struct(Self::of(self.held.inner()))
            }
            Content::Seq(_) => return self.visit_seq(visitor),
            Content::Map(_) => return self.visit_map(visitor),
        };
        self.held.discard();
        value
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let value = match *self.held.content() {
            Content::Bool(v) => visitor.visit_bool(v),
            ref other => Err(invalid_type(other, &visitor)),
        };
        self.held.discard();
        value
    }

    forward_to! { visit_integer: deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
    deserialize_u128 deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128 }

    forward_to! { visit_float: deserialize_f32 deserialize_f64 }

    forward_to! { visit_seq: deserialize_seq }

    forward_to! { visit_map: deserialize_map }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match *self.held.content() {
            Content::Char(v) => visitor.visit_char(v),
            Content::String(_) | Content::Str(_) => self.held.visit_text(visitor),
            ref other => Err(invalid_type(other, &visitor)),
        }
    }

    /// Text, as serde's buffer gives it; an unsigned integer is offered to the visitor as an
    /// integer, whose default refuses it with the message serde's buffer gives ("invalid type:
    /// integer"). The visitor that takes it is a variant identifier's: an internally tagged
    /// enum read from a held sequence reads its tag with `deserialize_str` (so that bincode
    /// and postcard read the tag FastFlatten writes), where serde's derive asks
    /// `deserialize_identifier`, which its buffer answers with the variant's index.
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match *self.held.content() {
            Content::U8(_) | Content::U64(_) => self.deserialize_identifier(visitor),
            _ => self.held.visit_text(visitor),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.held.visit_text(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.deserialize_byte_buf(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.held.content() {
            Content::Seq(_) => self.visit_seq(visitor),
            _ => self.held.visit_text(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.held.content() {
            Content::None => visitor.visit_none(),
            Content::Some(_) => visitor.visit_some(Self::of(self.held.inner())),
            Content::Unit => visitor.visit_unit(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.held.content() {
            // A moved empty map is unit too, so that `{"tag":"Variant"}` reads an internally
            // tagged newtype variant holding `()`, as with serde's buffers.
            Content::Unit => visitor.visit_unit(),
            Content::Map(entries) if H::MOVED && entries.is_empty() => visitor.visit_unit(),
            other => Err(invalid_type(other, &visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        if !H::MOVED {
            return self.deserialize_unit(visitor);
        }
        match self.held.content() {
            // `{"tag":"Variant"}` reads an internally tagged newtype variant holding a unit
            // struct, as with serde's buffer.
            Content::Map(entries) if entries.is_empty() => visitor.visit_unit(),
            Content::Seq(items) if items.is_empty() => visitor.visit_unit(),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        match self.held.content() {
            Content::Newtype(_) => visitor.visit_newtype_struct(Self::of(self.held.inner())),
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, E> {
        self.visit_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, E> {
        self.visit_seq(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        match self.held.content() {
            Content::Seq(_) => self.visit_seq(visitor),
            _ => self.visit_map(visitor),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        // An enum is a string (a unit variant) or a map with a single key: the variant.
        let (variant, value) = match self.held.content() {
            Content::Str(_) | Content::String(_) => (self.held, None),
            Content::Map(_) => {
                let mut entries = match self.held.entries() {
                    Ok(entries) => entries,
                    Err(_) => return Err(single_key()),
                };
                match (entries.next(), entries.next()) {
                    (Some((key, value)), None) => (key, Some(value)),
                    _ => return Err(single_key()),
                }
            }
            // An adjacently tagged enum's tag at the head of a held sequence: serde's derive
            // reads it as a field identifier, which takes a variant index (the visitor of
            // `VariantSeed::tag_in_sequence`). Every other visitor, a map's tag's included,
            // fails with serde's text for its buffer.
            &Content::U8(index) => return visit_variant_index(u64::from(index), visitor),
            &Content::U64(index) => return visit_variant_index(index, visitor),
            other => return Err(invalid_type(other, &"string or map")),
        };
        visitor.visit_enum(EnumDeserializer {
            variant,
            value,
            error: PhantomData,
        })
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let value = match *self.held.content() {
            Content::U8(v) => visitor.visit_u8(v),
            Content::U64(v) => visitor.visit_u64(v),
            _ => return self.held.visit_text(visitor),
        };
        self.held.discard();
        value
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_unit()
    }
}

/// An integer where an enum is read from the buffer: a variant index for the visitors that
/// take one (an adjacently tagged enum's tag), serde's "string or map" error for the others.
#[cold]
fn visit_variant_index<'de, V: Visitor<'de>, E: de::Error>(
    index: u64,
    visitor: V,
) -> Result<V::Value, E> {
    visitor
        .visit_u64(index)
        .map_err(|_: E| E::invalid_type(Unexpected::Unsigned(index), &"string or map"))
}

#[cold]
fn single_key<E: de::Error>() -> E {
    E::invalid_value(Unexpected::Map, &"map with a single key")
}

struct SeqDeserializer<I, E> {
    items: I,
    count: usize,
    error: PhantomData<E>,
}

impl<I: ExactSizeIterator, E: de::Error> SeqDeserializer<I, E> {
    /// serde's error for a sequence the visitor did not read to the end.
    fn end(self) -> Result<(), E> {
        match self.items.len() {
            0 => Ok(()),
            remaining => Err(E::invalid_length(
                self.count + remaining,
                &ExpectedLen(self.count, "sequence"),
            )),
        }
    }
}

impl<'de, I, E> SeqAccess<'de> for SeqDeserializer<I, E>
where
    I: ExactSizeIterator,
    I::Item: Held<'de>,
    E: de::Error,
{
    type Error = E;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, E> {
        match self.items.next() {
            Some(item) => {
                self.count += 1;
                seed.deserialize(ContentDeserializer::of(item)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

pub(crate) struct MapDeserializer<I, H, E> {
    entries: I,
    value: Option<H>,
    count: usize,
    error: PhantomData<E>,
}

/// A held entry `{variant: value}` read as an externally tagged enum: a flattened enum of
/// another crate, whose variant is one of the keys no leaf of the tree claims.
pub(crate) fn visit_enum_entry<'de, V: Visitor<'de>, E: de::Error>(
    variant: Content<'de>,
    value: Content<'de>,
    visitor: V,
) -> Result<V::Value, E> {
    visitor.visit_enum(EnumDeserializer {
        variant,
        value: Some(value),
        error: PhantomData,
    })
}

/// Held map entries, moved out one by one: a `MapAccess`.
pub(crate) type HeldEntries<'de, E, I = vec::IntoIter<(Content<'de>, Content<'de>)>> =
    MapDeserializer<I, Content<'de>, E>;

/// Held map entries, moved out one by one, as a `MapAccess`: the entries an internally tagged
/// enum read before its tag, replayed into the chosen variant's tree.
pub(crate) fn held_entries<'de, E, I>(entries: I) -> HeldEntries<'de, E, I>
where
    E: de::Error,
    I: ExactSizeIterator<Item = (Content<'de>, Content<'de>)>,
{
    MapDeserializer {
        entries,
        value: None::<Content<'de>>,
        count: 0,
        error: PhantomData,
    }
}

/// Held map entries, lent, as a `MapAccess`: entries that several readers read in turn (the
/// keys two variants of a flattened untagged enum name, given to each).
pub(crate) fn lent_entries<'a, 'de, E: de::Error>(
    entries: &'a [(Content<'de>, Content<'de>)],
) -> MapDeserializer<Pairs<'a, 'de>, &'a Content<'de>, E> {
    MapDeserializer {
        entries: Pairs(entries.iter()),
        value: None,
        count: 0,
        error: PhantomData,
    }
}

impl<'de, E, I: Iterator<Item = (Content<'de>, Content<'de>)>> HeldEntries<'de, E, I> {
    /// The next entry's key itself, its value kept for `next_value_seed`: for a caller that
    /// looks text keys up without a deserializer around them.
    #[inline]
    pub(crate) fn next_held_key(&mut self) -> Option<Content<'de>> {
        let (key, value) = self.entries.next()?;
        self.count += 1;
        self.value = Some(value);
        Some(key)
    }
}

impl<I: ExactSizeIterator, H, E: de::Error> MapDeserializer<I, H, E> {
    /// serde's error for a map the visitor did not read to the end.
    fn end(self) -> Result<(), E> {
        match self.entries.len() {
            0 => Ok(()),
            remaining => Err(E::invalid_length(
                self.count + remaining,
                &ExpectedLen(self.count, "map"),
            )),
        }
    }
}

impl<'de, I, H, E> MapAccess<'de> for MapDeserializer<I, H, E>
where
    I: ExactSizeIterator<Item = (H, H)>,
    H: Held<'de>,
    E: de::Error,
{
    type Error = E;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, E> {
        match self.entries.next() {
            Some((key, value)) => {
                self.count += 1;
                self.value = Some(value);
                seed.deserialize(ContentDeserializer::of(key)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, E> {
        match self.value.take() {
            Some(value) => seed.deserialize(ContentDeserializer::of(value)),
            // A visitor that asks for a value before a key: an error, not serde's panic.
            None => Err(E::custom("MapAccess::next_value called before next_key")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// serde's expectation for a buffer read only in part: "N elements in sequence", "N elements
/// in map".
pub(super) struct ExpectedLen(pub(super) usize, pub(super) &'static str);

impl Expected for ExpectedLen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            1 => write!(f, "1 element in {}", self.1),
            n => write!(f, "{n} elements in {}", self.1),
        }
    }
}

/// A held enum: its variant key, and the variant's value unless it is a unit variant written
/// as a plain string.
struct EnumDeserializer<H, E> {
    variant: H,
    value: Option<H>,
    error: PhantomData<E>,
}

impl<'de, H: Held<'de>, E: de::Error> EnumAccess<'de> for EnumDeserializer<H, E> {
    type Error = E;
    type Variant = VariantDeserializer<H, E>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), E> {
        let variant = seed.deserialize(ContentDeserializer::of(self.variant))?;
        Ok((
            variant,
            VariantDeserializer {
                value: self.value,
                error: PhantomData,
            },
        ))
    }
}

struct VariantDeserializer<H, E> {
    value: Option<H>,
    error: PhantomData<E>,
}

impl<'de, H: Held<'de>, E: de::Error> VariantAccess<'de> for VariantDeserializer<H, E> {
    type Error = E;

    fn unit_variant(self) -> Result<(), E> {
        match self.value {
            Some(value) => serde::Deserialize::deserialize(ContentDeserializer::of(value)),
            None => Ok(()),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, E> {
        match self.value {
            Some(value) => seed.deserialize(ContentDeserializer::of(value)),
            None => Err(E::invalid_type(Unexpected::UnitVariant, &"newtype variant")),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, E> {
        match self.value {
            Some(value) => match value.content() {
                Content::Seq(_) => ContentDeserializer::of(value).visit_seq(visitor),
                other => Err(invalid_type(other, &"tuple variant")),
            },
            None => Err(E::invalid_type(Unexpected::UnitVariant, &"tuple variant")),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        match self.value {
            Some(value) => match value.content() {
                Content::Map(_) => ContentDeserializer::of(value).visit_map(visitor),
                Content::Seq(_) => ContentDeserializer::of(value).visit_seq(visitor),
                other => Err(invalid_type(other, &"struct variant")),
            },
            None => Err(E::invalid_type(Unexpected::UnitVariant, &"struct variant")),
        }
    }
}
