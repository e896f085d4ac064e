//! One held value, offered where a map's next value is read.

use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, MapAccess};

use super::{Content, ContentDeserializer};

/// A map of no keys whose next value is `value`: a value read ahead (held before a tag, or
/// held so that a failure to read it can be told from a failure of the input) given to code
/// that reads a map's next value.
pub(crate) struct HeldValue<'de, E> {
    value: Option<Content<'de>>,
    /// Whether the value is read as lent rather than moved: see [`HeldValue::viewed`].
    viewed: bool,
    error: PhantomData<E>,
}

impl<'de, E> HeldValue<'de, E> {
    /// The map holding `value` only, read as a value moved out of a buffer (serde's
    /// `ContentDeserializer`: a buffered enum's, or an entry a flattened struct takes).
    #[inline]
    pub(crate) fn new(value: Content<'de>) -> Self {
        HeldValue {
            value: Some(value),
            viewed: false,
            error: PhantomData,
        }
    }

    /// The map holding `value` only, read as a value lent from a buffer (serde's
    /// `ContentRefDeserializer`: an entry of serde's flatten buffer that a flattened field views
    /// rather than takes). The two differ at the edges: a unit struct reads from a moved empty
    /// map, not from a lent one.
    #[inline]
    pub(crate) fn viewed(value: Content<'de>) -> Self {
        HeldValue {
            value: Some(value),
            viewed: true,
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
            Some(value) if self.viewed => seed.deserialize(ContentDeserializer::lent(&value)),
            Some(value) => seed.deserialize(ContentDeserializer::moved(value)),
            None => Err(E::custom("serde_fastkit: a held value was read twice")),
        }
    }
}

/// A map of no keys whose next value is the held value `value` points at, moved out when read
/// (a unit left in its place): a held entry's value given where it lies, so that replaying held
/// entries moves each value once, into the deserializer that reads it.
pub(crate) struct HeldInPlace<'a, 'de, E> {
    value: &'a mut Content<'de>,
    error: PhantomData<E>,
}

impl<'a, 'de, E> HeldInPlace<'a, 'de, E> {
    /// The map whose next value is `value`, read as moved (as [`HeldValue::new`]).
    #[inline]
    pub(crate) fn new(value: &'a mut Content<'de>) -> Self {
        HeldInPlace {
            value,
            error: PhantomData,
        }
    }
}

impl<'de, E: de::Error> MapAccess<'de> for HeldInPlace<'_, 'de, E> {
    type Error = E;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, _seed: K) -> Result<Option<K::Value>, E> {
        Ok(None)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, E> {
        let value = core::mem::replace(self.value, Content::Unit);
        seed.deserialize(ContentDeserializer::moved(value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(0)
    }
}
