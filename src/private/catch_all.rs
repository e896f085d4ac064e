//! Catch-all maps of types the crate has no impls for (`serde_json::Map`, `IndexMap`, ...),
//! marked `#[fast_flatten(catch_all)]`: any map that is `Default`, extends from `(K, V)` pairs
//! and iterates `(&K, &V)` by reference.

use serde::de::{Deserialize, MapAccess};
use serde::Serialize;

use crate::flatten::{FieldSink, RestKey};

/// The error for a catch-all read from a sequence (formats that write structs as tuples).
pub const CATCH_ALL_NEEDS_MAP: &str =
    "a flattened catch-all map needs a self-describing format (the tree is written as a map)";

/// Deserializes an unclaimed key and the map's next value into the catch-all `map`.
#[inline]
pub fn catch_all_insert<'de, M, K, V, A>(
    map: &mut M,
    key: RestKey<'de>,
    access: &mut A,
) -> Result<bool, A::Error>
where
    M: IntoIterator<Item = (K, V)> + Extend<(K, V)>,
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

/// The error of a catch-all read from a sequence.
#[cold]
pub fn catch_all_in_sequence<E: serde::de::Error>() -> E {
    E::custom(CATCH_ALL_NEEDS_MAP)
}
