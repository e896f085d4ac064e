//! The one `Visitor` every flattened tree is read through.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::errors::unknown_field;
use super::key::{CatchAllKeySeed, KeySeed, TreeKey};
use super::RestKey;
use super::{FlattenDeserialize, SeqLeaves};

pub(crate) struct TreeVisitor<T> {
    name: &'static str,
    tree: PhantomData<fn() -> T>,
}

impl<T> TreeVisitor<T> {
    #[inline]
    pub(crate) fn new(name: &'static str) -> Self {
        TreeVisitor {
            name,
            tree: PhantomData,
        }
    }
}

impl<'de, T: FlattenDeserialize<'de>> Visitor<'de> for TreeVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {}", self.name)
    }

    #[inline]
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<T, M::Error> {
        if T::CATCH_ALL {
            return visit_map_with_catch_all(map);
        }
        let mut state = T::new_state();
        while let Some(slot) = map.next_key_seed(KeySeed::<T>::new())? {
            match slot {
                Some(slot) => T::deserialize_slot(&mut state, slot, &mut map)?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        T::finish(state)
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        T::deserialize_leaves(&mut SeqLeaves::new(&mut seq, self.name, T::LEN))
    }
}

/// `visit_map` for a tree holding a catch-all map: keys no leaf claims go to the map.
fn visit_map_with_catch_all<'de, T, M>(mut map: M) -> Result<T, M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    let mut state = T::new_state();
    while let Some(key) = map.next_key_seed(CatchAllKeySeed::<T>::new())? {
        match key {
            TreeKey::Slot(slot) => T::deserialize_slot(&mut state, slot, &mut map)?,
            TreeKey::Rest(key) => {
                // A tree with `CATCH_ALL` consumes every unclaimed key (derived trees always
                // do), so the key text is kept only where that costs no allocation: a
                // hand-written tree that declines an owned key gets a less precise error.
                let text = match &key {
                    RestKey::Borrowed(text) => Some(*text),
                    _ => None,
                };
                if !T::deserialize_rest(&mut state, key, &mut map)? {
                    if T::DENY_UNKNOWN_FIELDS {
                        let text = text.unwrap_or("(a key no leaf claims)");
                        return Err(unknown_field::<T, M::Error>(text));
                    }
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
    }
    T::finish(state)
}
