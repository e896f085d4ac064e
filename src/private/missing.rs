//! serde's rule for a field missing from the input: an `Option` field is `None`, any other field
//! is the error "missing field `name`".

use core::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, Error, Visitor};

/// The value of a missing field: deserializes `T` from a deserializer that answers
/// `deserialize_option` with `None` and everything else with serde's "missing field" error.
#[inline]
pub fn missing_field<'de, T, E>(name: &'static str) -> Result<T, E>
where
    T: Deserialize<'de>,
    E: Error,
{
    T::deserialize(MissingField(name, PhantomData))
}

struct MissingField<E>(&'static str, PhantomData<E>);

impl<'de, E: Error> Deserializer<'de> for MissingField<E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, E> {
        Err(E::missing_field(self.0))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}
