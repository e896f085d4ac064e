//! Catch-all maps: `#[serde(flatten)] extra: HashMap<K, V>` (or `BTreeMap`) receives every key
//! that no leaf of the tree claims, whatever the declaration order (serde's flatten also hands a
//! map declared first the keys of structs declared after it: serde issue 2764). Keys of any type
//! the format can carry: a string key parses into an integer key type, as serde_json does for
//! ordinary maps (serde issues 1183, 2117, 2628).
//!
//! `HashMap` and `BTreeMap` implement the flatten traits here. Maps of other crates
//! (`serde_json::Map`, `IndexMap`, ...) are marked `#[fast_flatten(catch_all)]` and go through
//! the generic functions below: any map that is `Default`, extends from `(K, V)` pairs and
//! iterates `(&K, &V)` by reference.
//!
//! A catch-all needs a self-describing format: the tree is then written as a map, which
//! length-prefixed formats cannot read back as a struct (as with serde's flatten).

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use serde::de::{self, Deserialize, IntoDeserializer, MapAccess, SeqAccess};
use serde::Serialize;

use super::errors::{catch_all_in_sequence, slot_out_of_range};
use super::{
    FieldSink, FlattenDeserialize, FlattenFields, FlattenSerialize, NamePart, RestKey, SeqLeaves,
};

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

macro_rules! catch_all {
    ($map:ident <K, V $(, $hasher:ident)?> where K: $($key_bound:path),+; $($hasher_bound:tt)*) => {
        #[diagnostic::do_not_recommend]
        impl<K, V $(, $hasher)?> FlattenFields for $map<K, V $(, $hasher)?>
        where
            $($hasher_bound)*
        {
            const LEN: usize = 0;
            const FIELDS: &'static [&'static str] = &[];
            const NAME_TREE: &'static [NamePart] = &[NamePart::CatchAll];
            const CATCH_ALL: bool = true;

            #[inline]
            fn slot_of(_key: &str) -> Option<usize> {
                None
            }
        }

        #[diagnostic::do_not_recommend]
        impl<'de, K, V $(, $hasher)?> FlattenDeserialize<'de> for $map<K, V $(, $hasher)?>
        where
            K: Deserialize<'de> $(+ $key_bound)+,
            V: Deserialize<'de>,
            $($hasher_bound)*
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

            fn deserialize_slot<M: MapAccess<'de>>(
                _state: &mut Self,
                _slot: usize,
                _map: &mut M,
            ) -> Result<(), M::Error> {
                Err(slot_out_of_range())
            }

            #[inline]
            fn finish<E: de::Error>(state: Self) -> Result<Self, E> {
                Ok(state)
            }

            fn deserialize_leaves<A: SeqAccess<'de>>(_leaves: &mut SeqLeaves<'_, A>) -> Result<Self, A::Error> {
                Err(catch_all_in_sequence())
            }

            #[inline]
            fn deserialize_rest<M: MapAccess<'de>>(
                state: &mut Self,
                key: RestKey<'de>,
                map: &mut M,
            ) -> Result<bool, M::Error> {
                catch_all_insert(state, key, map)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<K: Serialize, V: Serialize $(, $hasher)?> FlattenSerialize for $map<K, V $(, $hasher)?>
        where
            $($hasher_bound)*
        {
            #[inline]
            fn serialized_len(&self) -> usize {
                self.len()
            }

            fn serialize_leaves<S: FieldSink>(&self, out: &mut S) -> Result<(), S::Error> {
                serialize_catch_all(self, out)
            }
        }
    };
}

catch_all!(HashMap<K, V, H> where K: Eq, Hash; H: BuildHasher + Default,);
catch_all!(BTreeMap<K, V> where K: Ord;);
