//! [`UnitValue`]: a unit variant's value, read without holding anything.

use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Unexpected, Visitor};

/// A unit variant's value as serde's buffer reads it from an object: `null` or an empty map
/// (a flattened externally tagged enum's `"Unit": {}`, an internally tagged newtype variant
/// holding an enum's unit variant).
pub(crate) struct UnitValue;

impl<'de> DeserializeSeed<'de> for UnitValue {
    type Value = ();

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for UnitValue {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unit")
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
        match map.next_key::<de::IgnoredAny>()? {
            None => Ok(()),
            Some(_) => Err(de::Error::invalid_type(Unexpected::Map, &self)),
        }
    }
}
