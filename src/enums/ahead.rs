//! [`Ahead`]: a seed given to the format while an internally tagged map is read ahead of its tag
//! (`speculation.rs`), the same seed as a type of its own, down to the format's readers.
//!
//! Why: LLVM inlines a function with one caller almost whatever its size, and one with two
//! callers only when it is small. The visitor of an internally tagged map whose tag comes first
//! reads the variant's keys and values through the format's readers (`next_key_seed`,
//! `deserialize_identifier`, ...) instantiated with the tree's seeds and visitors; reading ahead
//! of the tag with the same seeds gave each of those a second caller, and they went out of line
//! in the tag-first reader too (+6% instructions for a tag-first event on rmp-serde). Through
//! [`Ahead`], the seed, the deserializer it is given and the visitor the deserializer is given are
//! all wrappers, so every reader of the format instantiated here is a function of its own. Each
//! wrapper only forwards, and is inlined away.

use core::fmt;

use serde::de::{DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

/// A seed (or a visitor) read ahead of the tag: `S`, as a type of its own.
pub(super) struct Ahead<S>(pub(super) S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Ahead<S> {
    type Value = S::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(AheadDeserializer(deserializer))
    }
}

/// The format's deserializer, given to a seed read ahead: every visitor it is given wrapped
/// in [`Ahead`].
struct AheadDeserializer<D>(D);

macro_rules! forward_deserialize {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {
        $(
            #[inline]
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
                self.0.$method($($arg,)* Ahead(visitor))
            }
        )*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for AheadDeserializer<D> {
    type Error = D::Error;

    forward_deserialize! {
        deserialize_any() deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16() deserialize_u32()
        deserialize_u64() deserialize_u128() deserialize_f32() deserialize_f64()
        deserialize_char() deserialize_str() deserialize_string() deserialize_bytes()
        deserialize_byte_buf() deserialize_option() deserialize_unit()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_seq() deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_map()
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_identifier() deserialize_ignored_any()
    }

    #[inline]
    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! forward_visit {
    ($($method:ident($ty:ty))*) => {
        $(
            #[inline]
            fn $method<E: serde::de::Error>(self, value: $ty) -> Result<V::Value, E> {
                self.0.$method(value)
            }
        )*
    };
}

/// The visitor: each call forwarded, `expecting` included, so that errors read as the wrapped
/// visitor's.
impl<'de, V: Visitor<'de>> Visitor<'de> for Ahead<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    forward_visit! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
        visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
        visit_u128(u128) visit_f32(f32) visit_f64(f64) visit_char(char) visit_str(&str)
        visit_borrowed_str(&'de str) visit_bytes(&[u8]) visit_borrowed_bytes(&'de [u8])
    }

    #[cfg(feature = "alloc")]
    #[inline]
    fn visit_string<E: serde::de::Error>(
        self,
        value: alloc::string::String,
    ) -> Result<V::Value, E> {
        self.0.visit_string(value)
    }

    #[cfg(feature = "alloc")]
    #[inline]
    fn visit_byte_buf<E: serde::de::Error>(
        self,
        value: alloc::vec::Vec<u8>,
    ) -> Result<V::Value, E> {
        self.0.visit_byte_buf(value)
    }

    #[inline]
    fn visit_none<E: serde::de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_none()
    }

    #[inline]
    fn visit_unit<E: serde::de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_unit()
    }

    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(AheadDeserializer(deserializer))
    }

    #[inline]
    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(AheadDeserializer(deserializer))
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(Passed(seq))
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(Passed(map))
    }

    #[inline]
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(Passed(data))
    }
}

/// The map read ahead (`speculation.rs`): every seed given to it wrapped. Only the map an
/// enum reads ahead is wrapped, once: what the format gives the seeds' visitors is [`Passed`].
impl<'de, M: MapAccess<'de>> MapAccess<'de> for Ahead<M> {
    type Error = M::Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, M::Error> {
        self.0.next_key_seed(Ahead(seed))
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, M::Error> {
        self.0.next_value_seed(Ahead(seed))
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// An accessor the format gave a visitor read ahead (a sequence, a map, an enum): a type of its
/// own, so that the visitor's `visit_seq` (`Vec`'s, a struct's, ...) is not the tag-first
/// path's, with seeds and visitors given on as they are. Wrapping those again would make a new
/// type at each level of a recursive type, which the compiler cannot instantiate.
pub(super) struct Passed<A>(A);

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Passed<A> {
    type Error = A::Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(seed)
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, M: MapAccess<'de>> MapAccess<'de> for Passed<M> {
    type Error = M::Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, M::Error> {
        self.0.next_key_seed(seed)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, M::Error> {
        self.0.next_value_seed(seed)
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Passed<A> {
    type Error = A::Error;
    type Variant = A::Variant;

    #[inline]
    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, A::Variant), A::Error> {
        self.0.variant_seed(seed)
    }
}
