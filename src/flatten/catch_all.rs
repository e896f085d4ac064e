//! Catch-all maps: `#[serde(flatten)] extra: HashMap<K, V>` (or `BTreeMap`) receives every key
//! that no leaf of the tree claims, whatever the declaration order (serde's flatten also hands a
//! map declared first the keys of structs declared after it: serde issue 2764). Keys of any type
//! the format can carry: a string key parses into an integer key type, as serde_json does for
//! ordinary maps (serde issues 1183, 2117, 2628).
//!
//! A catch-all needs a self-describing format: the tree is then written as a map, which
//! length-prefixed formats cannot read back as a struct (as with serde's flatten).

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use serde::de::{self, Deserialize, MapAccess, SeqAccess};
use serde::Serialize;

use super::{
    FieldSink, FlattenDeserialize, FlattenFields, FlattenSerialize, NamePart, RestKey, SeqLeaves,
};

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
            type State = Self;

            #[inline]
            fn new_state() -> Self {
                Self::default()
            }

            #[inline]
            fn state_is_empty(state: &Self) -> bool {
                state.is_empty()
            }

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
            fn deserialize_slot<M: MapAccess<'de>>(
                _state: &mut Self,
                _slot: usize,
                _map: &mut M,
            ) -> Result<(), M::Error> {
                Err(crate::__private::slot_out_of_range())
            }

            #[inline]
            fn finish<E: de::Error>(state: Self) -> Result<Self, E> {
                Ok(state)
            }

            fn deserialize_leaves<A: SeqAccess<'de>>(_leaves: &mut SeqLeaves<'_, A>) -> Result<Self, A::Error> {
                Err(crate::__private::catch_all_in_sequence())
            }

            #[inline]
            fn deserialize_rest<M: MapAccess<'de>>(
                state: &mut Self,
                key: RestKey<'de>,
                map: &mut M,
            ) -> Result<bool, M::Error> {
                crate::__private::catch_all_insert(state, key, map)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<K: Serialize, V: Serialize $(, $hasher)?> FlattenSerialize for $map<K, V $(, $hasher)?> {
            const NAME_TREE: &'static [NamePart] = &[NamePart::CatchAll];
            const CATCH_ALL: bool = true;

            #[inline]
            fn serialized_len(&self) -> usize {
                self.len()
            }

            fn serialize_leaves<S: FieldSink>(&self, out: &mut S) -> Result<(), S::Error> {
                self.iter().try_for_each(|(key, value)| out.entry(key, value))
            }
        }
    };
}

catch_all!(HashMap<K, V, H> where K: Eq, Hash; H: BuildHasher + Default,);
catch_all!(BTreeMap<K, V> where K: Ord;);
