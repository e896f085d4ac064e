//! A flattened `Option<T>`: `None` when none of `T`'s keys appears, `Some` when they do and `T`
//! reads, and `T`'s error (never a silent `None`, unlike serde's flatten) when they do and it
//! does not.
//!
//! On formats that write structs as sequences, a `None` writes no leaves, so it cannot be read
//! back there (as with serde's derive). On formats that number fields (serde_cbor's packed
//! format), a `None` skips its leaves' numbers, so later fields keep theirs.

use serde::de::{self, MapAccess, SeqAccess};

use super::names::skip_written_leaves;
use super::{
    FieldSink, FlattenDeserialize, FlattenFields, FlattenSerialize, NamePart, RestClaim, RestKey,
    SeqLeaves,
};

#[diagnostic::do_not_recommend]
impl<T: FlattenFields> FlattenFields for Option<T> {
    const LEN: usize = T::LEN;
    const FIELDS: &'static [&'static str] = T::FIELDS;
    const NAME_TREE: &'static [NamePart] = T::NAME_TREE;
    const DENY_UNKNOWN_FIELDS: bool = T::DENY_UNKNOWN_FIELDS;
    const CATCH_ALL: bool = T::CATCH_ALL;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn slot_of(key: &str) -> Option<usize> {
        T::slot_of(key)
    }

    fn slot_name(slot: usize) -> Option<&'static str> {
        T::slot_name(slot)
    }
}

#[diagnostic::do_not_recommend]
impl<'de, T: FlattenDeserialize<'de>> FlattenDeserialize<'de> for Option<T> {
    type State = T::State;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn new_state() -> Self::State {
        T::new_state()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn state_is_empty(state: &Self::State) -> bool {
        T::state_is_empty(state)
    }

    const CHOOSES: bool = T::CHOOSES;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn owns(state: &Self::State, slot: usize) -> bool {
        T::owns(state, slot)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn deserialize_slot<M: MapAccess<'de>>(
        state: &mut Self::State,
        slot: usize,
        map: &mut M,
    ) -> Result<(), M::Error> {
        T::deserialize_slot(state, slot, map)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rest_claim(state: &mut Self::State, key: &RestKey<'de>) -> RestClaim {
        T::rest_claim(state, key)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rest_keys_are_names(state: &mut Self::State) -> bool {
        T::rest_keys_are_names(state)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn deserialize_rest<M: MapAccess<'de>>(
        state: &mut Self::State,
        key: RestKey<'de>,
        map: &mut M,
    ) -> Result<bool, M::Error> {
        T::deserialize_rest(state, key, map)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish<E: de::Error>(state: Self::State) -> Result<Self, E> {
        if T::state_is_empty(&state) {
            Ok(None)
        } else {
            T::finish(state).map(Some)
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn deserialize_leaves<A: SeqAccess<'de>>(
        leaves: &mut SeqLeaves<'_, A>,
    ) -> Result<Self, A::Error> {
        T::deserialize_leaves(leaves).map(Some)
    }
}

#[diagnostic::do_not_recommend]
impl<T: FlattenSerialize> FlattenSerialize for Option<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn serialized_len(&self) -> usize {
        self.as_ref().map_or(0, T::serialized_len)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn serialize_leaves<S: FieldSink>(&self, out: &mut S) -> Result<(), S::Error> {
        match self {
            Some(value) => value.serialize_leaves(out),
            // Formats that number fields (serde_cbor's packed format) count every leaf: a
            // `None` must still move the count past `T`'s leaves, as `skip_serializing_if` does.
            None => skip_written_leaves(T::NAME_TREE, out),
        }
    }
}
