//! Watching the keys of an internally tagged map after its tag: a second tag is serde's
//! "duplicate field" error, whatever type reads the rest of the map (a struct variant, or the
//! type a newtype variant wraps, which knows nothing of the tag).
//!
//! The key seed of the type reading the map is wrapped: its deserializer is handed a visitor
//! that compares string and byte keys with the tag (a length check first, so it costs next to
//! nothing) and forwards everything to the type's own visitor.

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};
use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

/// A key seed that rejects the tag and otherwise deserializes the key through `seed`.
pub(crate) struct TagGuard<S> {
    pub(crate) seed: S,
    pub(crate) tag: &'static str,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for TagGuard<S> {
    type Value = S::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.seed.deserialize(GuardedKey {
            key: deserializer,
            tag: self.tag,
        })
    }
}

/// The key's deserializer: every request goes to the format, with the visitor wrapped.
struct GuardedKey<D> {
    key: D,
    tag: &'static str,
}

macro_rules! forward_deserialize {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {
        $(
            #[inline]
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
                self.key.$method($($arg,)* Guard { visitor, tag: self.tag })
            }
        )*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for GuardedKey<D> {
    type Error = D::Error;

    forward_deserialize! {
        deserialize_any() deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16() deserialize_u32()
        deserialize_u64() deserialize_u128() deserialize_f32() deserialize_f64() deserialize_char()
        deserialize_str() deserialize_string() deserialize_bytes() deserialize_byte_buf()
        deserialize_option() deserialize_unit() deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str) deserialize_seq()
        deserialize_tuple(len: usize) deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_map()
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_identifier()
    }

    /// An ignored key is still read as whatever it is, so that a second tag is seen: a format
    /// may skip an ignored key without showing it to any visitor (serde_yaml does).
    #[inline]
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.key.deserialize_any(Guard {
            visitor,
            tag: self.tag,
        })
    }

    fn is_human_readable(&self) -> bool {
        self.key.is_human_readable()
    }
}

/// The key's visitor: the tag is an error, anything else goes to `visitor`.
struct Guard<V> {
    visitor: V,
    tag: &'static str,
}

impl<V> Guard<V> {
    #[inline]
    fn check<E: de::Error>(&self, key: &[u8]) -> Result<(), E> {
        if key == self.tag.as_bytes() {
            Err(E::duplicate_field(self.tag))
        } else {
            Ok(())
        }
    }
}

macro_rules! forward_visit {
    ($($method:ident($ty:ty))*) => {
        $(
            #[inline]
            fn $method<E: de::Error>(self, value: $ty) -> Result<V::Value, E> {
                self.visitor.$method(value)
            }
        )*
    };
}

macro_rules! checked_visit {
    ($($method:ident($ty:ty))*) => {
        $(
            #[inline]
            fn $method<E: de::Error>(self, value: $ty) -> Result<V::Value, E> {
                self.check(value.as_ref())?;
                self.visitor.$method(value)
            }
        )*
    };
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Guard<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    checked_visit! {
        visit_str(&str) visit_borrowed_str(&'de str)
        visit_bytes(&[u8]) visit_borrowed_bytes(&'de [u8])
    }

    // serde's `Visitor` has these two only with a heap.
    #[cfg(feature = "alloc")]
    checked_visit! {
        visit_string(String) visit_byte_buf(Vec<u8>)
    }

    forward_visit! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64) visit_i128(i128)
        visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64) visit_u128(u128)
        visit_f32(f32) visit_f64(f64) visit_char(char)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.visitor.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.visitor.visit_some(deserializer)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.visitor.visit_newtype_struct(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_seq(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(map)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_enum(data)
    }
}
