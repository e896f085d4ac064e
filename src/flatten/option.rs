//! A flattened `Option<T>`, read as serde's flatten reads it: `Some` when `T` reads from the
//! keys present (even none of them, if `T` needs none), `None` when reading `T` fails. With
//! `#[fast_flatten(strict)]` on `T`: `None` when none of `T`'s keys appears, `Some` when they do
//! and `T` reads, and `T`'s error when they do and it does not.
//!
//! Leniently read, each of `T`'s values is held before it is read into `T` ([`HeldValue`]): a
//! value that fails to read leaves the format's own reader in the middle of it, where the rest
//! of the map could not be read; held, it fails on its own and the map goes on.
//!
//! On formats that write structs as sequences, a `None` writes no leaves, so it cannot be read
//! back there (as with serde's derive). On formats that number fields (serde_cbor's packed
//! format), a `None` skips its leaves' numbers, so later fields keep theirs.

#[cfg(feature = "alloc")]
use core::marker::PhantomData;

use serde::de::{self, IgnoredAny, MapAccess, SeqAccess};

use super::names::skip_written_leaves;
use super::{
    FieldSink, FlattenDeserialize, FlattenFields, FlattenSerialize, HeldMap, HeldMode, NamePart,
    ReadShape, RestClaim, RestKey, SeqLeaves, WriteShape,
};
#[cfg(feature = "alloc")]
use crate::buffer::{ContentVisitor, HeldValue};

#[diagnostic::do_not_recommend]
impl<T: FlattenFields> FlattenFields for Option<T> {
    const LEN: usize = T::LEN;
    const FIELDS: &'static [&'static str] = T::FIELDS;
    const NAME_TREE: &'static [NamePart] = T::NAME_TREE;
    const READ: ReadShape = T::READ.in_option();

    #[inline(always)]
    fn slot_of(key: &str) -> Option<usize> {
        T::slot_of(key)
    }

    fn slot_name(slot: usize) -> Option<&'static str> {
        T::slot_name(slot)
    }

    fn own_slot_of(key: &str) -> Option<usize> {
        T::own_slot_of(key)
    }
}

/// The state of a flattened `Option<T>`: `T`'s, and whether reading `T` failed already (then
/// the value is `None` and `T`'s remaining keys are skipped).
pub struct OptionState<S> {
    inner: S,
    failed: bool,
}

#[diagnostic::do_not_recommend]
impl<'de, T: FlattenDeserialize<'de>> FlattenDeserialize<'de> for Option<T> {
    type State = OptionState<T::State>;

    #[inline(always)]
    fn new_state() -> Self::State {
        OptionState {
            inner: T::new_state(),
            failed: false,
        }
    }

    #[inline]
    fn state_is_empty(state: &Self::State) -> bool {
        !state.failed && T::state_is_empty(&state.inner)
    }

    // Once `T` failed to read, its keys are no longer its: serde's flatten leaves the entries
    // after the failing one to the fields after (a catch-all map receives them).
    const CHOOSES: bool = T::CHOOSES || !T::READ.strict;

    #[inline]
    fn owns(state: &Self::State, slot: usize) -> bool {
        !state.failed && T::owns(&state.inner, slot)
    }

    #[inline(always)]
    fn deserialize_slot<M: MapAccess<'de>>(
        state: &mut Self::State,
        slot: usize,
        map: &mut M,
    ) -> Result<(), M::Error> {
        if const { T::READ.strict } {
            return T::deserialize_slot(&mut state.inner, slot, map);
        }
        lenient(
            state,
            map,
            const { T::READ.serde_viewer },
            |inner, value| T::deserialize_slot(inner, slot, value),
        )
    }

    #[inline]
    fn rest_claim(state: &mut Self::State, key: &RestKey<'de>) -> RestClaim {
        T::rest_claim(&mut state.inner, key)
    }

    #[inline]
    fn rest_name(key: &str) -> Option<&'static str> {
        T::rest_name(key)
    }

    #[inline]
    fn deserialize_rest<M: MapAccess<'de>>(
        state: &mut Self::State,
        key: RestKey<'de>,
        map: &mut M,
    ) -> Result<bool, M::Error> {
        if const { T::READ.strict } {
            return T::deserialize_rest(&mut state.inner, key, map);
        }
        // `lenient` reads the value from `map` before `T` sees it: whether `T` then takes it
        // or not, the caller must not skip it again.
        lenient(
            state,
            map,
            const { T::READ.serde_viewer },
            |inner, value| T::deserialize_rest(inner, key, value).map(drop),
        )?;
        Ok(true)
    }

    #[inline]
    fn rest_takes_all(state: &mut Self::State) -> bool {
        T::rest_takes_all(&mut state.inner)
    }

    fn non_name_key(state: &mut Self::State) {
        if !const { T::READ.strict } && const { T::READ.serde_viewer } {
            state.failed = true;
        } else {
            T::non_name_key(&mut state.inner);
        }
    }

    #[inline]
    fn reads_in_serde_order(state: &mut Self::State) -> bool {
        T::reads_in_serde_order(&mut state.inner)
    }

    fn fill_held<E: de::Error>(
        state: &mut Self::State,
        held: &mut HeldMap<'de>,
        mode: HeldMode,
    ) -> Result<(), E> {
        if state.failed {
            return Ok(());
        }
        let filled = T::fill_held::<E>(&mut state.inner, held, mode);
        if const { T::READ.strict } {
            return filled;
        }
        state.failed = filled.is_err();
        Ok(())
    }

    fn fill_members<E: de::Error>(
        state: &mut Self::State,
        held: &mut HeldMap<'de>,
    ) -> Result<(), E> {
        T::fill_members(&mut state.inner, held)
    }

    #[inline(always)]
    fn finish<E: de::Error>(state: Self::State) -> Result<Self, E> {
        if const { T::READ.strict } {
            if T::state_is_empty(&state.inner) {
                return Ok(None);
            }
            return T::finish(state.inner).map(Some);
        }
        if state.failed {
            return Ok(None);
        }
        Ok(T::finish::<E>(state.inner).ok())
    }

    #[inline]
    fn deserialize_leaves<A: SeqAccess<'de>>(
        leaves: &mut SeqLeaves<'_, A>,
    ) -> Result<Self, A::Error> {
        T::deserialize_leaves(leaves).map(Some)
    }
}

/// Reads the map's next value into `T`'s state through `read`, as serde's flatten reads a
/// flattened `Option`: the value is held first, and a failure to read it into `T` makes the
/// option `None` (later values of `T` are skipped) instead of an error.
#[cfg(feature = "alloc")]
#[inline]
fn lenient<'de, S, M: MapAccess<'de>>(
    state: &mut OptionState<S>,
    map: &mut M,
    viewer: bool,
    read: impl FnOnce(&mut S, &mut HeldValue<'de, M::Error>) -> Result<(), M::Error>,
) -> Result<(), M::Error> {
    if state.failed {
        return map.next_value::<IgnoredAny>().map(drop);
    }
    let value = map.next_value_seed(ContentVisitor(PhantomData))?;
    // serde's flatten lends the entries to a type that views them and moves those a struct
    // takes.
    let mut held = if viewer {
        HeldValue::viewed(value)
    } else {
        HeldValue::new(value)
    };
    if read(&mut state.inner, &mut held).is_err() {
        state.failed = true;
    }
    Ok(())
}

/// Without a heap the value cannot be held to tell a value `T` does not read from bad input:
/// it is read in place, and an error reading it is reported (as `#[fast_flatten(strict)]`
/// does).
#[cfg(not(feature = "alloc"))]
#[inline]
fn lenient<'de, S, M: MapAccess<'de>>(
    state: &mut OptionState<S>,
    map: &mut M,
    _viewer: bool,
    read: impl FnOnce(&mut S, &mut M) -> Result<(), M::Error>,
) -> Result<(), M::Error> {
    if state.failed {
        return map.next_value::<IgnoredAny>().map(drop);
    }
    read(&mut state.inner, map)
}

#[diagnostic::do_not_recommend]
impl<T: FlattenSerialize> FlattenSerialize for Option<T> {
    const WRITE: WriteShape = T::WRITE;

    #[inline]
    fn serialized_len(&self) -> usize {
        self.as_ref().map_or(0, T::serialized_len)
    }

    #[inline]
    fn serialize_leaves<S: FieldSink>(&self, out: &mut S) -> Result<(), S::Error> {
        match self {
            Some(value) => value.serialize_leaves(out),
            // Formats that number fields (serde_cbor's packed format) count every leaf: a
            // `None` must still move the count past `T`'s leaves, as `skip_serializing_if` does.
            None => skip_written_leaves(T::WRITE.name_tree, out),
        }
    }
}
