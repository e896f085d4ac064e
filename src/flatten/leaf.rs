//! Reading one leaf's value from a map into its place: an `Option` in the tree's state, or the
//! field itself in a struct built in place.

use serde::de::{Deserialize, Error as _, MapAccess};

use super::seen::SeenLeaves;

/// Deserializes the map's next value into `leaf`, or reports serde's "duplicate field `name`"
/// if the leaf already holds a value.
#[inline]
pub fn deserialize_leaf<'de, T, M>(
    leaf: &mut Option<T>,
    name: &'static str,
    map: &mut M,
) -> Result<(), M::Error>
where
    T: Deserialize<'de>,
    M: MapAccess<'de>,
{
    if leaf.is_some() {
        return Err(M::Error::duplicate_field(name));
    }
    *leaf = Some(map.next_value()?);
    Ok(())
}

/// Deserializes the map's next value into `place`, a leaf of a struct built in place, or
/// reports serde's "duplicate field `name`" if `seen` already has the leaf.
#[inline]
pub fn deserialize_leaf_in_place<'de, T, M, const WORDS: usize>(
    place: &mut T,
    seen: &mut SeenLeaves<WORDS>,
    leaf: usize,
    name: &'static str,
    map: &mut M,
) -> Result<(), M::Error>
where
    T: Deserialize<'de>,
    M: MapAccess<'de>,
{
    if !seen.insert(leaf) {
        return Err(M::Error::duplicate_field(name));
    }
    *place = map.next_value()?;
    Ok(())
}
