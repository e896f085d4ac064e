//! Reading a held [`Content`] back through any `Deserialize`: moved (each value read once, so
//! owned strings are handed over rather than copied) or lent (an untagged enum tries its variants
//! one after another on the same held value). One deserializer serves both; it answers every
//! request the way serde's own buffer does, so a type reads from it as it reads from serde's.

use core::fmt;
use core::marker::PhantomData;
use core::slice;
use std::vec;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Expected, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};

use super::Content;

/// A held value, moved or lent.
enum Held<'a, 'de> {
    Moved(Content<'de>),
    Lent(&'a Content<'de>),
}

impl<'a, 'de> Held<'a, 'de> {
    #[inline]
    fn content(&self) -> &Content<'de> {
        match self {
            Held::Moved(content) => content,
            Held::Lent(content) => content,
        }
    }

    /// The value inside `Some` or a newtype (callers check that it is one).
    fn inner(self) -> Held<'a, 'de> {
        match self {
            Held::Moved(Content::Some(inner) | Content::Newtype(inner)) => Held::Moved(*inner),
            Held::Lent(Content::Some(inner) | Content::Newtype(inner)) => Held::Lent(inner),
            other => other,
        }
    }

    /// Visits a string or bytes: owned ones are handed over when moved and lent when lent;
    /// borrowed ones keep their borrow of the input. Any other value is an "invalid type" error.
    fn visit_text<V: Visitor<'de>, E: de::Error>(self, visitor: V) -> Result<V::Value, E> {
        match self {
            Held::Moved(Content::String(text)) => visitor.visit_string(text),
            Held::Moved(Content::ByteBuf(bytes)) => visitor.visit_byte_buf(bytes),
            Held::Lent(Content::String(text)) => visitor.visit_str(text),
            Held::Lent(Content::ByteBuf(bytes)) => visitor.visit_bytes(bytes),
            Held::Moved(Content::Str(text)) | Held::Lent(&Content::Str(text)) => {
                visitor.visit_borrowed_str(text)
            }
            Held::Moved(Content::Bytes(bytes)) | Held::Lent(&Content::Bytes(bytes)) => {
                visitor.visit_borrowed_bytes(bytes)
            }
            other => Err(other.invalid_type(&visitor)),
        }
    }

    fn visit_seq<V: Visitor<'de>, E: de::Error>(self, visitor: V) -> Result<V::Value, E> {
        let items = match self {
            Held::Moved(Content::Seq(items)) => Items::Moved(items.into_iter()),
            Held::Lent(Content::Seq(items)) => Items::Lent(items.iter()),
            other => return Err(other.invalid_type(&visitor)),
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

    fn visit_map<V: Visitor<'de>, E: de::Error>(self, visitor: V) -> Result<V::Value, E> {
        let entries = match self {
            Held::Moved(Content::Map(entries)) => Entries::Moved(entries.into_iter()),
            Held::Lent(Content::Map(entries)) => Entries::Lent(entries.iter()),
            other => return Err(other.invalid_type(&visitor)),
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

    #[cold]
    fn invalid_type<E: de::Error>(&self, expected: &dyn Expected) -> E {
        E::invalid_type(self.content().unexpected(), expected)
    }
}

/// A deserializer over a held [`Content`].
pub struct ContentDeserializer<'a, 'de, E> {
    held: Held<'a, 'de>,
    error: PhantomData<E>,
}

impl<'a, 'de, E> ContentDeserializer<'a, 'de, E> {
    /// Reads `content`, handing its owned strings and bytes over.
    #[inline]
    pub fn moved(content: Content<'de>) -> Self {
        ContentDeserializer {
            held: Held::Moved(content),
            error: PhantomData,
        }
    }

    /// Reads `content` without consuming it.
    #[inline]
    pub fn lent(content: &'a Content<'de>) -> Self {
        ContentDeserializer {
            held: Held::Lent(content),
            error: PhantomData,
        }
    }

    #[inline]
    fn of(held: Held<'a, 'de>) -> Self {
        ContentDeserializer {
            held,
            error: PhantomData,
        }
    }
}

impl<'a, 'de, E: de::Error> ContentDeserializer<'a, 'de, E> {
    fn visit_integer<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match *self.held.content() {
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
            _ => Err(self.held.invalid_type(&visitor)),
        }
    }

    fn visit_float<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match *self.held.content() {
            Content::F32(v) => visitor.visit_f32(v),
            Content::F64(v) => visitor.visit_f64(v),
            _ => self.visit_integer(visitor),
        }
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

impl<'de, E: de::Error> Deserializer<'de> for ContentDeserializer<'_, 'de, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match *self.held.content() {
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
                self.held.visit_text(visitor)
            }
            Content::Unit => visitor.visit_unit(),
            Content::None => visitor.visit_none(),
            Content::Some(_) => visitor.visit_some(Self::of(self.held.inner())),
            Content::Newtype(_) => visitor.visit_newtype_struct(Self::of(self.held.inner())),
            Content::Seq(_) => self.held.visit_seq(visitor),
            Content::Map(_) => self.held.visit_map(visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match *self.held.content() {
            Content::Bool(v) => visitor.visit_bool(v),
            _ => Err(self.held.invalid_type(&visitor)),
        }
    }

    forward_to! { visit_integer: deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
    deserialize_u128 deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128 }

    forward_to! { visit_float: deserialize_f32 deserialize_f64 }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match *self.held.content() {
            Content::Char(v) => visitor.visit_char(v),
            Content::String(_) | Content::Str(_) => self.held.visit_text(visitor),
            _ => Err(self.held.invalid_type(&visitor)),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.held.visit_text(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.held.visit_text(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.deserialize_byte_buf(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.held.content() {
            Content::Seq(_) => self.held.visit_seq(visitor),
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
            // An empty map is unit too, so that `{"tag":"Variant"}` reads an internally tagged
            // newtype variant holding `()`, as with serde's buffer.
            Content::Unit => visitor.visit_unit(),
            Content::Map(entries) if entries.is_empty() => visitor.visit_unit(),
            _ => Err(self.held.invalid_type(&visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
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

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.held.visit_seq(visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, E> {
        self.held.visit_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, E> {
        self.held.visit_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.held.visit_map(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        match self.held.content() {
            Content::Seq(_) => self.held.visit_seq(visitor),
            _ => self.held.visit_map(visitor),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        let (variant, value) = match self.held {
            // An enum is a string (a unit variant) or a map with a single key: the variant.
            Held::Moved(Content::Str(_) | Content::String(_))
            | Held::Lent(Content::Str(_) | Content::String(_)) => (self.held, None),
            Held::Moved(Content::Map(entries)) => {
                let mut entries = entries.into_iter();
                match (entries.next(), entries.next()) {
                    (Some((key, value)), None) => (Held::Moved(key), Some(Held::Moved(value))),
                    _ => return Err(single_key()),
                }
            }
            Held::Lent(Content::Map(entries)) => match entries.as_slice() {
                [(key, value)] => (Held::Lent(key), Some(Held::Lent(value))),
                _ => return Err(single_key()),
            },
            other => return Err(other.invalid_type(&"string or map")),
        };
        visitor.visit_enum(EnumDeserializer {
            variant,
            value,
            error: PhantomData,
        })
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match *self.held.content() {
            Content::U8(v) => visitor.visit_u8(v),
            Content::U64(v) => visitor.visit_u64(v),
            _ => self.held.visit_text(visitor),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_unit()
    }
}

#[cold]
fn single_key<E: de::Error>() -> E {
    E::invalid_value(Unexpected::Map, &"map with a single key")
}

/// The elements of a held sequence.
enum Items<'a, 'de> {
    Moved(vec::IntoIter<Content<'de>>),
    Lent(slice::Iter<'a, Content<'de>>),
}

impl<'a, 'de> Items<'a, 'de> {
    fn next(&mut self) -> Option<Held<'a, 'de>> {
        match self {
            Items::Moved(items) => items.next().map(Held::Moved),
            Items::Lent(items) => items.next().map(Held::Lent),
        }
    }

    fn len(&self) -> usize {
        match self {
            Items::Moved(items) => items.len(),
            Items::Lent(items) => items.len(),
        }
    }
}

struct SeqDeserializer<'a, 'de, E> {
    items: Items<'a, 'de>,
    count: usize,
    error: PhantomData<E>,
}

impl<E: de::Error> SeqDeserializer<'_, '_, E> {
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

impl<'de, E: de::Error> SeqAccess<'de> for SeqDeserializer<'_, 'de, E> {
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

/// The entries of a held map.
enum Entries<'a, 'de> {
    Moved(vec::IntoIter<(Content<'de>, Content<'de>)>),
    Lent(slice::Iter<'a, (Content<'de>, Content<'de>)>),
}

impl<'a, 'de> Entries<'a, 'de> {
    fn next(&mut self) -> Option<(Held<'a, 'de>, Held<'a, 'de>)> {
        match self {
            Entries::Moved(entries) => entries
                .next()
                .map(|(key, value)| (Held::Moved(key), Held::Moved(value))),
            Entries::Lent(entries) => entries
                .next()
                .map(|(key, value)| (Held::Lent(key), Held::Lent(value))),
        }
    }

    fn len(&self) -> usize {
        match self {
            Entries::Moved(entries) => entries.len(),
            Entries::Lent(entries) => entries.len(),
        }
    }
}

struct MapDeserializer<'a, 'de, E> {
    entries: Entries<'a, 'de>,
    value: Option<Held<'a, 'de>>,
    count: usize,
    error: PhantomData<E>,
}

impl<E: de::Error> MapDeserializer<'_, '_, E> {
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

impl<'de, E: de::Error> MapAccess<'de> for MapDeserializer<'_, 'de, E> {
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
struct ExpectedLen(usize, &'static str);

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
struct EnumDeserializer<'a, 'de, E> {
    variant: Held<'a, 'de>,
    value: Option<Held<'a, 'de>>,
    error: PhantomData<E>,
}

impl<'a, 'de, E: de::Error> EnumAccess<'de> for EnumDeserializer<'a, 'de, E> {
    type Error = E;
    type Variant = VariantDeserializer<'a, 'de, E>;

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

struct VariantDeserializer<'a, 'de, E> {
    value: Option<Held<'a, 'de>>,
    error: PhantomData<E>,
}

impl<'de, E: de::Error> VariantAccess<'de> for VariantDeserializer<'_, 'de, E> {
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
            Some(value) if matches!(value.content(), Content::Seq(_)) => value.visit_seq(visitor),
            Some(other) => Err(other.invalid_type(&"tuple variant")),
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
                Content::Map(_) => value.visit_map(visitor),
                Content::Seq(_) => value.visit_seq(visitor),
                _ => Err(value.invalid_type(&"struct variant")),
            },
            None => Err(E::invalid_type(Unexpected::UnitVariant, &"struct variant")),
        }
    }
}
