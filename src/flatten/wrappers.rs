//! Flattened types behind a pointer (`Box<T>`, `Rc<T>`, `Arc<T>`, `Cow<'_, T>`) are the tree of
//! `T`: the same leaves, the same lookup, the value wrapped once it is read, as serde reads
//! `Box<T>` through `T`. `()` is a tree with no leaves, as serde flattens it.

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, boxed::Box, rc::Rc, sync::Arc};

use serde::de::{self, MapAccess, SeqAccess};

use super::{
    FieldSink, FlattenDeserialize, FlattenFields, FlattenSerialize, SeqLeaves, WriteShape,
};
#[cfg(feature = "alloc")]
use super::{HeldMap, HeldMode, NamePart, ReadShape, RestClaim, RestKey};

/// Implements the three flatten traits for `$ty`, a pointer to the tree `T`, built from a read
/// `T` by `$new`.
#[cfg(feature = "alloc")]
macro_rules! pointer {
    ($(impl[$($generics:tt)*] $ty:ty = $new:path;)*) => {$(
        #[diagnostic::do_not_recommend]
        impl<$($generics)*> FlattenFields for $ty
        where
            T: FlattenFields,
        {
            const LEN: usize = T::LEN;
            const FIELDS: &'static [&'static str] = T::FIELDS;
            const NAME_TREE: &'static [NamePart] = T::NAME_TREE;
            const READ: ReadShape = T::READ;

            #[inline(always)]
            fn slot_of(key: &str) -> Option<usize> {
                T::slot_of(key)
            }

            #[inline]
            fn slot_name(slot: usize) -> Option<&'static str> {
                T::slot_name(slot)
            }

            #[inline]
            fn own_slot_of(key: &str) -> Option<usize> {
                T::own_slot_of(key)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<'de, $($generics)*> FlattenDeserialize<'de> for $ty
        where
            T: FlattenDeserialize<'de>,
        {
            type State = T::State;
            const CHOOSES: bool = T::CHOOSES;

            #[inline(always)]
            fn new_state() -> T::State {
                T::new_state()
            }

            #[inline]
            fn state_is_empty(state: &T::State) -> bool {
                T::state_is_empty(state)
            }

            #[inline]
            fn owns(state: &T::State, slot: usize) -> bool {
                T::owns(state, slot)
            }

            #[inline(always)]
            fn deserialize_slot<M: MapAccess<'de>>(
                state: &mut T::State,
                slot: usize,
                map: &mut M,
            ) -> Result<(), M::Error> {
                T::deserialize_slot(state, slot, map)
            }

            #[inline(always)]
            fn finish<E: de::Error>(state: T::State) -> Result<Self, E> {
                T::finish(state).map($new)
            }

            #[inline]
            fn deserialize_leaves<A: SeqAccess<'de>>(
                leaves: &mut SeqLeaves<'_, A>,
            ) -> Result<Self, A::Error> {
                T::deserialize_leaves(leaves).map($new)
            }

            #[inline]
            fn rest_claim(state: &mut T::State, key: &RestKey<'de>) -> RestClaim {
                T::rest_claim(state, key)
            }

            #[inline]
            fn rest_name(key: &str) -> Option<&'static str> {
                T::rest_name(key)
            }

            #[inline]
            fn rest_takes_all(state: &mut T::State) -> bool {
                T::rest_takes_all(state)
            }

            fn non_name_key(state: &mut T::State) {
                T::non_name_key(state)
            }

            #[inline]
            fn reads_in_serde_order(state: &mut T::State) -> bool {
                T::reads_in_serde_order(state)
            }

            fn fill_held<E: de::Error>(
                state: &mut T::State,
                held: &mut HeldMap<'de>,
                mode: HeldMode,
            ) -> Result<(), E> {
                T::fill_held(state, held, mode)
            }

            fn fill_members<E: de::Error>(
                state: &mut T::State,
                held: &mut HeldMap<'de>,
            ) -> Result<(), E> {
                T::fill_members(state, held)
            }

            #[inline]
            fn deserialize_rest<M: MapAccess<'de>>(
                state: &mut T::State,
                key: RestKey<'de>,
                map: &mut M,
            ) -> Result<bool, M::Error> {
                T::deserialize_rest(state, key, map)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<$($generics)*> FlattenSerialize for $ty
        where
            T: FlattenSerialize,
        {
            const WRITE: WriteShape = T::WRITE;

            #[inline]
            fn serialized_len(&self) -> usize {
                (**self).serialized_len()
            }

            #[inline]
            fn serialize_leaves<S: FieldSink>(&self, out: &mut S) -> Result<(), S::Error> {
                (**self).serialize_leaves(out)
            }
        }
    )*};
}

#[cfg(feature = "alloc")]
pointer! {
    impl[T] Box<T> = Box::new;
    impl[T] Rc<T> = Rc::new;
    impl[T] Arc<T> = Arc::new;
    // Read as `Cow::Owned`, as serde's `Cow` is.
    impl[T: Clone] Cow<'_, T> = Cow::Owned;
}

/// `()`: no leaves; it reads from any map (taking none of its keys) and writes nothing.
#[diagnostic::do_not_recommend]
impl FlattenFields for () {
    const LEN: usize = 0;
    const FIELDS: &'static [&'static str] = &[];

    #[inline(always)]
    fn slot_of(_key: &str) -> Option<usize> {
        None
    }
}

#[diagnostic::do_not_recommend]
impl<'de> FlattenDeserialize<'de> for () {
    type State = ();

    #[inline(always)]
    fn new_state() {}

    #[inline]
    fn state_is_empty(_state: &()) -> bool {
        true
    }

    fn deserialize_slot<M: MapAccess<'de>>(
        _state: &mut (),
        _slot: usize,
        _map: &mut M,
    ) -> Result<(), M::Error> {
        Err(super::errors::slot_out_of_range())
    }

    #[inline(always)]
    fn finish<E: de::Error>(_state: ()) -> Result<(), E> {
        Ok(())
    }

    #[inline]
    fn deserialize_leaves<A: SeqAccess<'de>>(
        _leaves: &mut SeqLeaves<'_, A>,
    ) -> Result<(), A::Error> {
        Ok(())
    }
}

#[diagnostic::do_not_recommend]
impl FlattenSerialize for () {
    const WRITE: WriteShape = WriteShape::EMPTY;

    #[inline]
    fn serialized_len(&self) -> usize {
        0
    }

    #[inline]
    fn serialize_leaves<S: FieldSink>(&self, _out: &mut S) -> Result<(), S::Error> {
        Ok(())
    }
}
