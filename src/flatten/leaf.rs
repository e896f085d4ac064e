//! Reading one leaf's value from a map into its place in the tree's state.

use serde::de::{Deserialize, Error as _, MapAccess};

/// Deserializes the map's next value into `leaf`, or reports serde's "duplicate field `name`"
/// if the leaf already holds a value.
#[inline(always)]
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
