//! Catch-all maps: `#[serde(flatten)] extra: HashMap<K, V>` (or `BTreeMap`) receives every key
//! that no leaf of the tree claims, whatever the declaration order (serde's flatten also hands a
//! map declared first the keys of structs declared after it: serde issue 2764). Keys of any type
//! the format can carry: a string key parses into an integer key type, as serde_json does for
//! ordinary maps (serde issues 1183, 2117, 2628).
//!
//! `HashMap` and `BTreeMap` implement the flatten traits here; `serde_json::Map`, `Value` and
//! `IndexMap` in `foreign_maps.rs`, behind their features. Maps of other crates are marked
//! `#[fast_flatten(catch_all)]` and go through the generic functions below: any map that is
//! `Default`, extends from `(K, V)` pairs and iterates `(&K, &V)` by reference.
//!
//! A catch-all needs a self-describing format: the tree is then written as a map, which
//! length-prefixed formats cannot read back as a struct (as with serde's flatten).

#[cfg(feature = "alloc")]
use alloc::collections::BTreeMap;
#[cfg(feature = "std")]
use core::hash::{BuildHasher, Hash};
#[cfg(feature = "std")]
use std::collections::HashMap;

use serde::de::{Deserialize, IntoDeserializer, MapAccess};
use serde::Serialize;

use super::{FieldSink, RestKey};

/// Deserializes an unclaimed key and the map's next value into the catch-all `map`.
#[inline]
pub fn catch_all_insert<'de, M, K, V, A>(
    map: &mut M,
    key: RestKey<'de>,
    access: &mut A,
) -> Result<bool, A::Error>
where
    M: Extend<(K, V)>,
    K: Deserialize<'de>,
    V: Deserialize<'de>,
    A: MapAccess<'de>,
{
    let key = K::deserialize(key.into_deserializer())?;
    let value = access.next_value()?;
    map.extend(core::iter::once((key, value)));
    Ok(true)
}

/// Whether the catch-all received no entry.
#[inline]
pub fn catch_all_is_empty<M>(map: &M) -> bool
where
    for<'a> &'a M: IntoIterator,
{
    map.into_iter().next().is_none()
}

/// How many entries the catch-all writes.
#[inline]
pub fn catch_all_len<M>(map: &M) -> usize
where
    for<'a> &'a M: IntoIterator,
{
    map.into_iter().count()
}

/// Writes the catch-all's entries in place.
#[inline]
pub fn serialize_catch_all<M, K, V, S>(map: &M, out: &mut S) -> Result<(), S::Error>
where
    for<'a> &'a M: IntoIterator<Item = (&'a K, &'a V)>,
    K: Serialize,
    V: Serialize,
    S: FieldSink,
{
    map.into_iter()
        .try_for_each(|(key, value)| out.entry(key, value))
}

/// Implements the three flatten traits for a map type: `catch_all!(impl[generics] Map<..>
/// { key: K, value: V } where [bounds])`. The map must be `Default`, have `is_empty` and `len`,
/// extend from `(K, V)` pairs and iterate `(&K, &V)` by reference.
#[cfg(feature = "alloc")]
macro_rules! catch_all {
    (
        impl[$($generics:tt)*] $map:ty { key: $key:ty, value: $value:ty }
        where [$($bounds:tt)*]
    ) => {
        #[diagnostic::do_not_recommend]
        impl<$($generics)*> $crate::flatten::FlattenFields for $map
        where
            $($bounds)*
        {
            const LEN: usize = 0;
            const FIELDS: &'static [&'static str] = &[];
            const NAME_TREE: &'static [$crate::flatten::NamePart] =
                &[$crate::flatten::NamePart::CatchAll];
            const READ: $crate::flatten::ReadShape = $crate::flatten::ReadShape::CATCH_ALL;

            #[inline]
            fn slot_of(_key: &str) -> Option<usize> {
                None
            }
        }

        #[diagnostic::do_not_recommend]
        impl<'de, $($generics)*> $crate::flatten::FlattenDeserialize<'de> for $map
        where
            $key: serde::Deserialize<'de>,
            $value: serde::Deserialize<'de>,
            $($bounds)*
        {
            type State = Self;

            #[inline]
            fn new_state() -> Self {
                Self::default()
            }

            #[inline]
            fn state_is_empty(state: &Self) -> bool {
                state.is_empty()
            }

            fn deserialize_slot<M: serde::de::MapAccess<'de>>(
                _state: &mut Self,
                _slot: usize,
                _map: &mut M,
            ) -> Result<(), M::Error> {
                Err($crate::flatten::errors::slot_out_of_range())
            }

            #[inline]
            fn finish<E: serde::de::Error>(state: Self) -> Result<Self, E> {
                Ok(state)
            }

            fn deserialize_leaves<A: serde::de::SeqAccess<'de>>(
                _leaves: &mut $crate::flatten::SeqLeaves<'_, A>,
            ) -> Result<Self, A::Error> {
                Err($crate::flatten::errors::catch_all_in_sequence())
            }

            #[inline]
            fn deserialize_rest<M: serde::de::MapAccess<'de>>(
                state: &mut Self,
                key: $crate::flatten::RestKey<'de>,
                map: &mut M,
            ) -> Result<bool, M::Error> {
                $crate::flatten::catch_all::catch_all_insert(state, key, map)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<$($generics)*> $crate::flatten::FlattenSerialize for $map
        where
            $key: serde::Serialize,
            $value: serde::Serialize,
            $($bounds)*
        {
            const WRITE: $crate::flatten::WriteShape = $crate::flatten::WriteShape::CATCH_ALL;

            #[inline]
            fn serialized_len(&self) -> usize {
                self.len()
            }

            fn serialize_leaves<S: $crate::flatten::FieldSink>(
                &self,
                out: &mut S,
            ) -> Result<(), S::Error> {
                $crate::flatten::catch_all::serialize_catch_all(self, out)
            }
        }
    };
}
/// For the maps of other crates (`foreign_maps.rs`), behind their features.
#[cfg(any(feature = "serde_json", feature = "indexmap_2", feature = "indexmap_1"))]
pub(crate) use catch_all;

#[cfg(feature = "std")]
catch_all!(
    impl[K, V, H] HashMap<K, V, H> { key: K, value: V }
    where [K: Eq + Hash, H: BuildHasher + Default,]
);
#[cfg(feature = "alloc")]
catch_all!(impl[K, V] BTreeMap<K, V> { key: K, value: V } where [K: Ord,]);
