//! Reading a tree in serde's order, for the trees where a key can go to more than one place.
//!
//! serde's flatten holds every key the outer struct's own fields do not take, then hands the
//! held entries to each flattened field in declaration order (its `FlatMapDeserializer`). A
//! field that reads a struct without flattened fields of its own (or an externally or
//! adjacently tagged enum) *takes* the entries it names; every other field (a map, a struct
//! with flattened fields, an internally tagged or untagged enum) *views* every entry left,
//! taking none. So a catch-all map declared before a struct also receives the struct's keys
//! (serde issue 2764), two catch-all maps both receive every unclaimed key, and a catch-all
//! after a struct with flattened fields receives that struct's keys too.
//!
//! A FastFlatten tree reads each key once, into one place, which is the same thing wherever no
//! key can go to two places. Where one can (the derive tells by the tree's shape,
//! [`ReadShape::serde_order`](super::ReadShape::serde_order)), the tree is read as
//! serde reads it: the outer struct's own leaves in place, every other entry held in a
//! [`HeldMap`], then each flattened field filled from it in declaration order, taking or
//! viewing as serde's would ([`FlattenDeserialize::fill_held`](super::FlattenDeserialize::fill_held)).
//! Such a tree is written with each key once (see `dedup_sink.rs`), where serde writes a key
//! once per place that holds it.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, MapAccess};
#[cfg(feature = "alloc")]
use serde::de::{Error as _, IntoDeserializer};

#[cfg(feature = "alloc")]
use super::errors::unknown_field;
#[cfg(feature = "alloc")]
use super::key::HeldKeySeed;
use super::{FlattenDeserialize, FlattenFields};
#[cfg(feature = "alloc")]
use super::{RestClaim, RestKey};
#[cfg(feature = "alloc")]
use crate::buffer::{Content, ContentDeserializer, ContentVisitor, HeldValue};

/// How a flattened field reads the held entries (serde's `FlatMapDeserializer`'s two ways).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeldMode {
    /// The field reads every entry left and removes none (a map, a struct with flattened
    /// fields, an internally tagged or untagged enum): a later field sees them too.
    View,
    /// The field removes the entries it reads (a struct without flattened fields, an externally
    /// or adjacently tagged enum).
    Take,
}

/// The entries of a map held for its flattened fields, in input order.
#[cfg(feature = "alloc")]
pub struct HeldMap<'de> {
    entries: Vec<HeldEntry<'de>>,
}

/// Without a heap nothing is held, and no `HeldMap` exists: the generated code that names one
/// compiles, and never runs (`fill_in_serde_order` reports the missing feature first).
#[cfg(not(feature = "alloc"))]
pub struct HeldMap<'de> {
    unavailable: core::convert::Infallible,
    borrow: PhantomData<&'de ()>,
}

#[cfg(not(feature = "alloc"))]
impl<'de> HeldMap<'de> {
    pub(crate) fn fill<T, E>(
        &mut self,
        _state: &mut T::State,
        _mode: HeldMode,
        _only: Option<fn(&str) -> Option<usize>>,
    ) -> Result<(), E>
    where
        T: FlattenDeserialize<'de>,
    {
        let _ = self.borrow;
        match self.unavailable {}
    }
}

#[cfg(feature = "alloc")]
struct HeldEntry<'de> {
    key: Content<'de>,
    /// `None` once a field took it.
    value: Option<Content<'de>>,
    /// Whether some field read it (for `deny_unknown_fields`).
    used: bool,
    /// Its position in the map it was copied from, for a field's own copy of what it views.
    origin: usize,
}

#[cfg(feature = "alloc")]
impl<'de> HeldMap<'de> {
    /// Reads the rest of `map` into `state`'s own leaves (keys `own_slot_of` names) and holds
    /// every other entry, in order.
    ///
    /// `tag` is the tag of the internally tagged enum whose struct variant `T` is (read
    /// already): a second one is serde's "duplicate field" error.
    pub(crate) fn read<T, M>(
        state: &mut T::State,
        map: &mut M,
        tag: Option<&'static str>,
    ) -> Result<Self, M::Error>
    where
        T: FlattenDeserialize<'de>,
        M: MapAccess<'de>,
    {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key_seed(HeldKeySeed)? {
            if const { T::READ.notices_non_name_keys }
                && matches!(
                    key,
                    Content::Bool(_)
                        | Content::I64(_)
                        | Content::F64(_)
                        | Content::Char(_)
                        | Content::Unit
                )
            {
                T::non_name_key(state);
            }
            if let Some(slot) = key.as_str().and_then(T::own_slot_of) {
                T::deserialize_slot(state, slot, map)?;
                continue;
            }
            if let (Some(tag), Some(text)) = (tag, key.as_str()) {
                if tag == text {
                    return Err(M::Error::duplicate_field(tag));
                }
            }
            let value = map.next_value_seed(ContentVisitor(PhantomData))?;
            let origin = entries.len();
            entries.push(HeldEntry {
                key,
                value: Some(value),
                used: false,
                origin,
            });
        }
        Ok(HeldMap { entries })
    }

    /// `later`'s entries after this map's, numbered on.
    fn append(&mut self, later: HeldMap<'de>) {
        let start = self.entries.len();
        self.entries
            .extend(later.entries.into_iter().map(|entry| HeldEntry {
                origin: start + entry.origin,
                ..entry
            }));
    }

    /// serde's "unknown field" error for the first entry no field read, if any.
    pub(crate) fn check_all_used<E: de::Error, T: FlattenDeserialize<'de>>(&self) -> Result<(), E> {
        match self.entries.iter().find(|entry| !entry.used) {
            Some(entry) => match entry.key.as_str() {
                Some(key) => Err(unknown_field::<T, E>(key)),
                None => Err(E::custom("unexpected map key")),
            },
            None => Ok(()),
        }
    }

    /// A copy of the entries left that `own_slot_of` does not name, for the flattened fields
    /// of a tree that views this map: they read from the copy, as serde's derive reads them from
    /// the struct's own buffer.
    pub(crate) fn view_rest(&self, own_slot_of: fn(&str) -> Option<usize>) -> HeldMap<'de> {
        let entries = self
            .entries
            .iter()
            .enumerate()
            .filter_map(|(origin, entry)| {
                let value = entry.value.as_ref()?;
                if entry.key.as_str().and_then(own_slot_of).is_some() {
                    return None;
                }
                Some(HeldEntry {
                    key: entry.key.clone(),
                    value: Some(value.clone()),
                    used: false,
                    origin,
                })
            })
            .collect();
        HeldMap { entries }
    }

    /// Reads the value of the entry named `key` with `seed`, lent (the entry stays for the
    /// fields after, marked read), as serde's internally tagged enum reads its tag from the
    /// entries it views; `None` when no entry has that name, and serde's "duplicate field"
    /// error when two do.
    pub(crate) fn view_named<S, E>(
        &mut self,
        key: &'static str,
        seed: S,
    ) -> Result<Option<S::Value>, E>
    where
        S: de::DeserializeSeed<'de>,
        E: de::Error,
    {
        let is_named =
            |entry: &HeldEntry<'de>| entry.value.is_some() && entry.key.as_str() == Some(key);
        let Some(first) = self.entries.iter().position(is_named) else {
            return Ok(None);
        };
        if self.entries[first + 1..].iter().any(is_named) {
            return Err(E::duplicate_field(key));
        }
        let entry = &mut self.entries[first];
        entry.used = true;
        match &entry.value {
            Some(value) => seed
                .deserialize(ContentDeserializer::<_, E>::lent(value))
                .map(Some),
            None => Ok(None),
        }
    }

    /// Marks as read the entries `copy` (from [`view_rest`](Self::view_rest)) read.
    pub(crate) fn mark_used_from(&mut self, copy: &HeldMap<'de>) {
        for entry in copy.entries.iter().filter(|entry| entry.used) {
            if let Some(original) = self.entries.get_mut(entry.origin) {
                original.used = true;
            }
        }
    }

    /// Reads the entries the tree `T` reads into `state`, as [`fill_from_map`] reads a live map:
    /// each key into the leaf it names, else to the part of the tree that takes it. Only the
    /// keys `only` accepts (all of them for a tree's whole read).
    ///
    /// [`fill_from_map`]: super::fill_from_map
    pub(crate) fn fill<T, E>(
        &mut self,
        state: &mut T::State,
        mode: HeldMode,
        only: Option<fn(&str) -> Option<usize>>,
    ) -> Result<(), E>
    where
        T: FlattenDeserialize<'de>,
        E: de::Error,
    {
        for entry in &mut self.entries {
            let Some(value) = entry.value.as_ref() else {
                continue;
            };
            let text = entry.key.as_str();
            if let (Some(only), Some(text)) = (only, text) {
                if only(text).is_none() {
                    continue;
                }
            }
            // A leaf the value does not have (another variant's, once a tag chose) is no
            // leaf's: it goes on to the catch-alls, as from a live map (`CatchAllKeySeed`).
            let slot = text
                .and_then(T::slot_of)
                .filter(|&slot| !T::CHOOSES || T::owns(state, slot));
            match slot {
                Some(slot) => {
                    // Moved out when taken, lent when viewed, as serde's flatten does.
                    let mut value = match mode {
                        HeldMode::Take => {
                            HeldValue::<E>::new(entry.value.take().unwrap_or(Content::Unit))
                        }
                        HeldMode::View => HeldValue::viewed(value.clone()),
                    };
                    entry.used = true;
                    T::deserialize_slot(state, slot, &mut value)?;
                }
                None if only.is_some() => continue,
                None => {
                    let key = rest_key(&entry.key);
                    let claim = T::rest_claim(state, &key);
                    if claim == RestClaim::No {
                        continue;
                    }
                    // The claim is a buffered field or a catch-all inside `T`. Where `T` views
                    // the entries, serde's derive hands that field `T`'s own copy of them: a
                    // buffered struct takes its keys from the copy, and every later field of
                    // this map still sees them.
                    let mut value = match mode {
                        HeldMode::Take => {
                            HeldValue::<E>::new(entry.value.take().unwrap_or(Content::Unit))
                        }
                        HeldMode::View => HeldValue::viewed(value.clone()),
                    };
                    entry.used = T::deserialize_rest(state, key, &mut value)?;
                }
            }
        }
        Ok(())
    }
}

/// A held key as the key a catch-all deserializes its own key type from.
#[cfg(feature = "alloc")]
pub(crate) fn rest_key<'de>(key: &Content<'de>) -> RestKey<'de> {
    match key {
        Content::Str(text) => RestKey::Borrowed(text),
        Content::String(text) => RestKey::Owned(text.clone()),
        Content::Bytes(bytes) => RestKey::BorrowedBytes(bytes),
        Content::ByteBuf(bytes) => RestKey::OwnedBytes(bytes.clone()),
        Content::U8(n) => RestKey::Unsigned(u64::from(*n)),
        Content::U16(n) => RestKey::Unsigned(u64::from(*n)),
        Content::U32(n) => RestKey::Unsigned(u64::from(*n)),
        Content::U64(n) => RestKey::Unsigned(*n),
        Content::I8(n) => RestKey::Signed(i64::from(*n)),
        Content::I16(n) => RestKey::Signed(i64::from(*n)),
        Content::I32(n) => RestKey::Signed(i64::from(*n)),
        Content::I64(n) => RestKey::Signed(*n),
        Content::Bool(b) => RestKey::Bool(*b),
        Content::F32(n) => RestKey::Float(f64::from(*n)),
        Content::F64(n) => RestKey::Float(*n),
        Content::Char(c) => RestKey::Char(*c),
        // Held keys are read by `HeldKeySeed`, which gives none of the others.
        _ => RestKey::Unit,
    }
}

/// The serde-order read of the tree `T` from a live map (see the module documentation): its own
/// leaves in place, every other entry held, then its flattened fields filled in order; with
/// `deny_unknown_fields`, an entry no field read is serde's "unknown field" error.
#[cfg(feature = "alloc")]
pub(crate) fn fill_in_serde_order<'de, T, M>(
    state: &mut T::State,
    map: &mut M,
    tag: Option<&'static str>,
) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    let mut held = HeldMap::read::<T, M>(state, map, tag)?;
    T::fill_members::<M::Error>(state, &mut held)?;
    if const { T::READ.deny_unknown_fields } {
        held.check_all_used::<M::Error, T>()?;
    }
    Ok(())
}

/// [`fill_in_serde_order`] of an internally tagged enum's struct variant whose entries before
/// the tag were held (`before`): those entries, then the rest of the live map.
#[cfg(feature = "alloc")]
pub(crate) fn fill_in_serde_order_after<'de, T, B, M>(
    state: &mut T::State,
    before: &mut B,
    map: &mut M,
    tag: Option<&'static str>,
) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    B: MapAccess<'de, Error = M::Error>,
    M: MapAccess<'de>,
{
    let mut held = HeldMap::read::<T, B>(state, before, tag)?;
    held.append(HeldMap::read::<T, M>(state, map, tag)?);
    T::fill_members::<M::Error>(state, &mut held)?;
    if const { T::READ.deny_unknown_fields } {
        held.check_all_used::<M::Error, T>()?;
    }
    Ok(())
}

/// Without a heap, a tree whose keys can go to more than one place cannot be read.
#[cfg(not(feature = "alloc"))]
#[cold]
pub(crate) fn fill_in_serde_order<'de, T, M>(
    _state: &mut T::State,
    _map: &mut M,
    _tag: Option<&'static str>,
) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    Err(de::Error::custom(crate::needs_alloc::SERDE_ORDER))
}

/// [`FlattenDeserialize::fill_held`] of a tree read in serde's order, itself flattened into one:
/// its own leaves from the entries it is given, then its flattened fields from a copy of the
/// rest (a tree read in serde's order always views: it has flattened fields).
#[cfg(feature = "alloc")]
pub fn fill_held_in_serde_order<'de, T, E>(
    state: &mut T::State,
    held: &mut HeldMap<'de>,
    mode: HeldMode,
) -> Result<(), E>
where
    T: FlattenDeserialize<'de>,
    E: de::Error,
{
    held.fill::<T, E>(state, mode, Some(T::own_slot_of))?;
    let mut rest = held.view_rest(T::own_slot_of);
    T::fill_members::<E>(state, &mut rest)?;
    held.mark_used_from(&rest);
    Ok(())
}

/// Without a heap there is no `HeldMap` to fill from.
#[cfg(not(feature = "alloc"))]
pub fn fill_held_in_serde_order<'de, T, E>(
    _state: &mut T::State,
    held: &mut HeldMap<'de>,
    _mode: HeldMode,
) -> Result<(), E>
where
    T: FlattenDeserialize<'de>,
    E: de::Error,
{
    match held.unavailable {}
}

/// How serde's flatten hands the held entries to a field of type `T`.
#[inline]
pub fn held_mode<T: FlattenFields>() -> HeldMode {
    if const { T::READ.serde_viewer } {
        HeldMode::View
    } else {
        HeldMode::Take
    }
}

/// A marked catch-all map (`#[fast_flatten(catch_all)]`) of a tree read in serde's order: it
/// views every entry left, as serde's flatten hands a map every entry.
#[cfg(not(feature = "alloc"))]
pub fn fill_catch_all_held<'de, Map, K, V, E>(
    _map: &mut Map,
    held: &mut HeldMap<'de>,
) -> Result<(), E>
where
    Map: Extend<(K, V)>,
    K: Deserialize<'de>,
    V: Deserialize<'de>,
    E: de::Error,
{
    match held.unavailable {}
}

/// A marked catch-all map (`#[fast_flatten(catch_all)]`) of a tree read in serde's order: it
/// views every entry left, as serde's flatten hands a map every entry.
#[cfg(feature = "alloc")]
pub fn fill_catch_all_held<'de, Map, K, V, E>(
    map: &mut Map,
    held: &mut HeldMap<'de>,
) -> Result<(), E>
where
    Map: Extend<(K, V)>,
    K: Deserialize<'de>,
    V: Deserialize<'de>,
    E: de::Error,
{
    for entry in &mut held.entries {
        let Some(value) = entry.value.as_ref() else {
            continue;
        };
        let key = K::deserialize(rest_key(&entry.key).into_deserializer())?;
        let value = V::deserialize(ContentDeserializer::<_, E>::lent(value))?;
        map.extend(core::iter::once((key, value)));
        entry.used = true;
    }
    Ok(())
}
