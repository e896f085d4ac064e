//! Catch-all maps of other crates, behind their optional features, so that
//! `#[serde(flatten)] extra: serde_json::Map<String, Value>` works without
//! `#[fast_flatten(catch_all)]`: the orphan rule lets this crate implement its own traits for
//! them. Each reads and writes exactly as a `HashMap` catch-all does ([`super::catch_all`]).
//!
//! - `serde_json`: `serde_json::Map<String, Value>`, and `serde_json::Value`, which receives the
//!   unclaimed keys as an object (serde's flatten does the same).
//! - `indexmap_2`: `indexmap::IndexMap` 2; `indexmap_1`: `IndexMap` 1. Both keep the input's order.

#[cfg(feature = "serde_json")]
mod json {
    use alloc::string::String;

    use serde::de::{self, MapAccess, SeqAccess};
    use serde::ser::Error as _;
    use serde_json::{Map, Value};

    use crate::flatten::catch_all::{catch_all, catch_all_insert, serialize_catch_all};
    use crate::flatten::errors::{catch_all_in_sequence, slot_out_of_range};
    use crate::flatten::{
        FieldSink, FlattenDeserialize, FlattenFields, FlattenSerialize, NamePart, ReadShape,
        RestKey, SeqLeaves, WriteShape,
    };

    catch_all!(impl[] Map<String, Value> { key: String, value: Value } where []);

    /// A flattened `Value` holds the unclaimed keys as an object.
    #[diagnostic::do_not_recommend]
    impl FlattenFields for Value {
        const LEN: usize = 0;
        const FIELDS: &'static [&'static str] = &[];
        const NAME_TREE: &'static [NamePart] = &[NamePart::CatchAll];
        const READ: ReadShape = ReadShape::CATCH_ALL;

        #[inline]
        fn slot_of(_key: &str) -> Option<usize> {
            None
        }
    }

    #[diagnostic::do_not_recommend]
    impl<'de> FlattenDeserialize<'de> for Value {
        type State = Map<String, Value>;

        #[inline]
        fn new_state() -> Self::State {
            Map::new()
        }

        #[inline]
        fn state_is_empty(state: &Self::State) -> bool {
            state.is_empty()
        }

        fn deserialize_slot<M: MapAccess<'de>>(
            _state: &mut Self::State,
            _slot: usize,
            _map: &mut M,
        ) -> Result<(), M::Error> {
            Err(slot_out_of_range())
        }

        #[inline]
        fn finish<E: de::Error>(state: Self::State) -> Result<Self, E> {
            Ok(Value::Object(state))
        }

        fn deserialize_leaves<A: SeqAccess<'de>>(
            _leaves: &mut SeqLeaves<'_, A>,
        ) -> Result<Self, A::Error> {
            Err(catch_all_in_sequence())
        }

        #[inline]
        fn deserialize_rest<M: MapAccess<'de>>(
            state: &mut Self::State,
            key: RestKey<'de>,
            map: &mut M,
        ) -> Result<bool, M::Error> {
            // serde_json reads the first key of a `Value`'s map as a string only (to tell a
            // map from its special forms), the others as `String`s, which take UTF-8 bytes too.
            if state.is_empty() && matches!(key, RestKey::BorrowedBytes(_) | RestKey::OwnedBytes(_))
            {
                return Err(de::Error::invalid_type(
                    de::Unexpected::Bytes(&[]),
                    &"a string key",
                ));
            }
            catch_all_insert(state, key, map)
        }
    }

    /// Writes an object's entries in place; `null` writes nothing (as serde's flatten does for
    /// a unit); any other value is serde's error for it.
    #[diagnostic::do_not_recommend]
    impl FlattenSerialize for Value {
        const WRITE: WriteShape = WriteShape::CATCH_ALL;

        #[inline]
        fn serialized_len(&self) -> usize {
            match self {
                Value::Object(map) => map.len(),
                _ => 0,
            }
        }

        fn serialize_leaves<S: FieldSink>(&self, out: &mut S) -> Result<(), S::Error> {
            match self {
                Value::Object(map) => serialize_catch_all(map, out),
                Value::Null => Ok(()),
                other => Err(S::Error::custom(format_args!(
                    "can only flatten structs and maps (got {})",
                    kind(other)
                ))),
            }
        }
    }

    /// serde's name for what a value is, in "can only flatten structs and maps (got ...)".
    fn kind(value: &Value) -> &'static str {
        match value {
            Value::Null => "unit",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "a sequence",
            Value::Object(_) => "a map",
        }
    }
}

#[cfg(feature = "indexmap_2")]
mod indexmap2 {
    use core::hash::{BuildHasher, Hash};

    use indexmap::IndexMap;

    use crate::flatten::catch_all::catch_all;

    catch_all!(
        impl[K, V, H] IndexMap<K, V, H> { key: K, value: V }
        where [K: Eq + Hash, H: BuildHasher + Default,]
    );
}

#[cfg(feature = "indexmap_1")]
mod indexmap1 {
    use core::hash::{BuildHasher, Hash};

    use indexmap1::IndexMap;

    use crate::flatten::catch_all::catch_all;

    catch_all!(
        impl[K, V, H] IndexMap<K, V, H> { key: K, value: V }
        where [K: Eq + Hash, H: BuildHasher + Default,]
    );
}
