//! Where a tree's leaves are written: one `serialize_struct` (the usual case, so the format knows
//! the struct's exact field count), or one `serialize_map` when the tree holds a catch-all map
//! whose keys are only known at run time.

use serde::ser::{self, Serialize, SerializeMap, SerializeStruct};

/// The fields of the struct being serialized, as a flattened tree writes them.
pub trait FieldSink {
    /// The serializer's error.
    type Error: ser::Error;

    /// Writes one leaf.
    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Self::Error>;

    /// Notes a leaf skipped by `skip_serializing_if` (formats that number fields count it).
    fn skip_field(&mut self, key: &'static str) -> Result<(), Self::Error>;

    /// Writes one entry of a catch-all map.
    fn entry<K, V>(&mut self, key: &K, value: &V) -> Result<(), Self::Error>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized;
}

/// Leaves written into a `SerializeStruct`.
pub(crate) struct StructSink<'a, S>(pub(crate) &'a mut S);

impl<S: SerializeStruct> FieldSink for StructSink<'_, S> {
    type Error = S::Error;

    #[inline]
    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.0.serialize_field(key, value)
    }

    #[inline]
    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.0.skip_field(key)
    }

    fn entry<K, V>(&mut self, _key: &K, _value: &V) -> Result<(), S::Error>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        // `flatten::serialize_struct` chooses a map for trees with a catch-all, so a derived tree
        // never gets here; a hand-written one that forgets `WRITE.writes_map` does.
        Err(ser::Error::custom(
            "serde_fastkit: a catch-all map was written into a struct; set FlattenSerialize::WRITE.writes_map",
        ))
    }
}

/// Leaves and catch-all entries written into a `SerializeMap`.
pub(crate) struct MapSink<'a, M>(pub(crate) &'a mut M);

impl<M: SerializeMap> FieldSink for MapSink<'_, M> {
    type Error = M::Error;

    #[inline]
    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), M::Error> {
        self.0.serialize_entry(key, value)
    }

    #[inline]
    fn skip_field(&mut self, _key: &'static str) -> Result<(), M::Error> {
        Ok(())
    }

    #[inline]
    fn entry<K, V>(&mut self, key: &K, value: &V) -> Result<(), M::Error>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        self.0.serialize_entry(key, value)
    }
}

/// Leaves written into a `SerializeStructVariant` (an externally tagged enum's struct variant).
pub(crate) struct StructVariantSink<'a, S>(pub(crate) &'a mut S);

impl<S: serde::ser::SerializeStructVariant> FieldSink for StructVariantSink<'_, S> {
    type Error = S::Error;

    #[inline]
    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.0.serialize_field(key, value)
    }

    #[inline]
    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.0.skip_field(key)
    }

    fn entry<K, V>(&mut self, _key: &K, _value: &V) -> Result<(), S::Error>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        // A variant whose tree holds a catch-all is written as a map (`serialize_struct_variant`
        // in `crate::enums`), so a derived tree never gets here.
        Err(ser::Error::custom(
            "serde_fastkit: a catch-all map was written into a struct variant",
        ))
    }
}
