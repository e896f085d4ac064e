//! One held value, offered where a map's next value is read.

use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, MapAccess};

use super::{Content, ContentDeserializer};

/// A map of no keys whose next value is `value`: a value read ahead (held before a tag, or
/// held so that a failure to read it can be told from a failure of the input) given to code
/// that reads a map's next value.
pub(crate) struct HeldValue<'de, E> {
    value: Option<Content<'de>>,
    error: PhantomData<E>,
}

impl<'de, E> HeldValue<'de, E> {
    /// The map holding `value` only.
    #[inline]
    pub(crate) fn new(value: Content<'de>) -> Self {
        HeldValue {
            value: Some(value),
            error: PhantomData,
        }
    }
}

impl<'de, E: de::Error> MapAccess<'de> for HeldValue<'de, E> {
    type Error = E;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, _seed: K) -> Result<Option<K::Value>, E> {
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, E> {
        match self.value.take() {
            Some(value) => seed.deserialize(ContentDeserializer::moved(value)),
            None => Err(E::custom("serde_fastkit: a held value was read twice")),
        }
    }
}
