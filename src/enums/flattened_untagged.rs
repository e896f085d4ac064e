//! An untagged enum of struct variants flattened into a FastFlatten struct (`#[serde(flatten)]
//! outcome: Outcome`, `Outcome` marked `#[serde(untagged)]`).
//!
//! serde's derive holds every key no other field claims and tries each variant on the held map
//! in declaration order; the first that reads it wins. When every variant is a struct that
//! skips keys it does not name ([`ignores_unnamed_keys`]), what a variant makes of the map
//! depends only on the keys it names. So a key one variant alone names is read straight into
//! that variant's tree as it comes, as serde's buffer reads it ([`read_isolated`]): a value the
//! variant refuses, or a second value for one of its leaves, rules that variant out, as it would
//! fail on the held map. A key two variants name is held and given to each of them at the end;
//! a key no variant names is read past, as every variant would skip it. Once the map has ended,
//! the variants still in are finished in declaration order, and the first that reads its keys
//! is the value: serde's choice, without holding what one variant alone reads.
//!
//! An enum with a variant of another shape (unit, newtype, tuple: their types may take any
//! key) holds every key and tries each variant on them, as serde does
//! ([`untagged_from_entries`](super::untagged_from_entries)).

use alloc::vec::Vec;
use core::marker::PhantomData;

use serde::de::{self, MapAccess};

use super::flattened::{hold_entry, untagged_from_entries};
use super::speculation::{ignores_unnamed_keys, read_isolated};
use super::{Chosen, DeserializeVariant, NoVariant, VariantTree};
use crate::buffer::{drop_held, lent_entries, Content, ContentVisitor, Live, RuledOut, Unmatched};
use crate::flatten::{fill_from_map, read_name, FlattenDeserialize, FlattenFields, RestKey};

/// A flattened untagged enum whose variants are all structs: the list of their trees, and the
/// enum built from the list's value. Implemented by the derive.
pub trait FlattenUntagged<'de>: DeserializeVariant<'de> {
    /// `VariantTree<First, VariantTree<Second, .. NoVariant>>`, one tree per variant that can
    /// be read, in the order of their indexes.
    type Trees: UntaggedTrees<'de>;

    /// The enum from the value of the variant that read its keys: `Chosen::Later` once per
    /// variant before it, then `Chosen::This`.
    fn from_tree(value: <Self::Trees as UntaggedTrees<'de>>::Value) -> Self;
}

/// Which variants of a list name a key.
#[derive(Clone, Copy)]
pub enum Claimants {
    /// None: every variant skips the key.
    None,
    /// One: the variant at `position` in the list, its leaf `slot`.
    One {
        /// The variant's place in the list.
        position: usize,
        /// The leaf the key names in that variant's tree.
        slot: usize,
    },
    /// Two or more: the key is held and given to each.
    Many,
}

/// Reading a list of untagged variants' trees side by side.
pub trait UntaggedTrees<'de> {
    /// Whether every variant skips keys it does not name, so that each key matters only to the
    /// variants that name it.
    const IGNORES_UNNAMED_KEYS: bool;
    /// One state per variant, `None` once the variant is ruled out.
    type States;
    /// The value of the variant that read its keys.
    type Value;

    /// Every variant's state, nothing read.
    fn new_states() -> Self::States;

    /// `found`, with the variants from list position `at` on that name `key`.
    fn claimants(key: &str, at: usize, found: Claimants) -> Claimants;

    /// The constant the first variant that names `key` reads it under.
    fn rest_name(key: &str) -> Option<&'static str>;

    /// Reads the map's next value into leaf `slot` of the variant at `position`, or past it
    /// when that variant is ruled out; a refusal rules the variant out.
    fn deliver<M: MapAccess<'de>>(
        states: &mut Self::States,
        position: usize,
        slot: usize,
        map: &mut M,
    ) -> Result<(), M::Error>;

    /// The first variant, in list order, that reads its keys: those read into its state, and
    /// `held`.
    fn first_read(
        states: Self::States,
        held: &[(Content<'de>, Content<'de>)],
    ) -> Option<Self::Value>;
}

impl<'de, T, Rest> UntaggedTrees<'de> for VariantTree<T, Rest>
where
    T: FlattenDeserialize<'de>,
    Rest: UntaggedTrees<'de>,
{
    const IGNORES_UNNAMED_KEYS: bool = ignores_unnamed_keys::<T>() && Rest::IGNORES_UNNAMED_KEYS;
    type States = (Option<T::State>, Rest::States);
    type Value = Chosen<T, Rest::Value>;

    #[inline]
    fn new_states() -> Self::States {
        (Some(T::new_state()), Rest::new_states())
    }

    #[inline]
    fn claimants(key: &str, at: usize, found: Claimants) -> Claimants {
        let found = match (T::slot_of(key), found) {
            (None, found) => found,
            (Some(slot), Claimants::None) => Claimants::One { position: at, slot },
            (Some(_), _) => return Claimants::Many,
        };
        Rest::claimants(key, at + 1, found)
    }

    #[inline]
    fn rest_name(key: &str) -> Option<&'static str> {
        static_name::<T>(key).or_else(|| Rest::rest_name(key))
    }

    #[inline]
    fn deliver<M: MapAccess<'de>>(
        states: &mut Self::States,
        position: usize,
        slot: usize,
        map: &mut M,
    ) -> Result<(), M::Error> {
        if position > 0 {
            return Rest::deliver(&mut states.1, position - 1, slot, map);
        }
        match &mut states.0 {
            Some(state) => {
                if read_isolated::<T, M, Live<Untagged>, RuledOut>(state, slot, map)?.is_some() {
                    states.0 = None;
                }
            }
            None => {
                map.next_value_seed(ContentVisitor(PhantomData))?;
            }
        }
        Ok(())
    }

    #[inline]
    fn first_read(
        states: Self::States,
        held: &[(Content<'de>, Content<'de>)],
    ) -> Option<Self::Value> {
        let (this, rest) = states;
        if let Some(value) = this.and_then(|state| read_variant::<T>(state, held)) {
            return Some(Chosen::This(value));
        }
        Rest::first_read(rest, held).map(Chosen::Later)
    }
}

impl<'de> UntaggedTrees<'de> for NoVariant {
    const IGNORES_UNNAMED_KEYS: bool = true;
    type States = ();
    type Value = NoVariant;

    #[inline(always)]
    fn new_states() {}

    #[inline(always)]
    fn claimants(_key: &str, _at: usize, found: Claimants) -> Claimants {
        found
    }

    #[inline(always)]
    fn rest_name(_key: &str) -> Option<&'static str> {
        None
    }

    #[inline(always)]
    fn deliver<M: MapAccess<'de>>(
        _states: &mut (),
        _position: usize,
        _slot: usize,
        map: &mut M,
    ) -> Result<(), M::Error> {
        // Past the list: no variant names the key (not reached).
        map.next_value_seed(ContentVisitor(PhantomData))?;
        Ok(())
    }

    #[inline(always)]
    fn first_read(_states: (), _held: &[(Content<'de>, Content<'de>)]) -> Option<NoVariant> {
        None
    }
}

/// The constant `T` reads `key` under: its leaf's name, or the alias equal to it.
#[inline]
fn static_name<T: FlattenFields>(key: &str) -> Option<&'static str> {
    let slot = T::slot_of(key)?;
    match T::slot_name(slot) {
        Some(name) if name == key => Some(name),
        _ => read_name(T::NAME_TREE, key),
    }
}

/// Finishes a variant from the keys read into its state and the held ones, as its tree reads
/// the held map: `None` when it fails, whose error serde's untagged enum does not report.
#[inline]
fn read_variant<'de, T: FlattenDeserialize<'de>>(
    mut state: T::State,
    held: &[(Content<'de>, Content<'de>)],
) -> Option<T> {
    if !held.is_empty() {
        fill_from_map::<T, _>(&mut state, &mut lent_entries::<Unmatched>(held), None).ok()?;
    }
    T::finish::<Unmatched>(state).ok()
}

/// The path of a flattened untagged enum's reads ([`Live`]'s marker): the format's readers
/// it instantiates are its own, not shared with (and made out of line in) the reads ahead of
/// an internally tagged enum's tag.
struct Untagged;

/// The state of a flattened untagged enum `E`.
pub struct UntaggedState<'de, E: FlattenUntagged<'de>> {
    /// The entries held, in input order: those two variants name, or every entry when a
    /// variant may take keys it does not name.
    held: Vec<(Content<'de>, Content<'de>)>,
    /// Each variant's leaves read so far.
    variants: <E::Trees as UntaggedTrees<'de>>::States,
    /// Whether a key reached the enum (a flattened `Option` of it is `None` otherwise).
    seen: bool,
}

impl<'de, E: FlattenUntagged<'de>> Default for UntaggedState<'de, E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'de, E: FlattenUntagged<'de>> UntaggedState<'de, E> {
    /// Nothing read.
    #[inline]
    pub fn new() -> Self {
        UntaggedState {
            held: Vec::new(),
            variants: E::Trees::new_states(),
            seen: false,
        }
    }

    /// The constant a variant reads `key` under, if one names it
    /// ([`FlattenDeserialize::rest_name`]).
    #[inline]
    pub fn rest_name(key: &str) -> Option<&'static str> {
        E::Trees::rest_name(key)
    }

    /// Whether no key reached the enum.
    #[inline]
    pub fn is_empty(&self) -> bool {
        !self.seen
    }

    /// Reads a key no other leaf of the tree claims, and its value.
    #[inline]
    pub fn deserialize_rest<M: MapAccess<'de>>(
        &mut self,
        key: RestKey<'de>,
        map: &mut M,
    ) -> Result<bool, M::Error> {
        self.seen = true;
        if const { E::Trees::IGNORES_UNNAMED_KEYS } {
            // Text keys only: any other key is held, and read by each variant as its tree reads
            // a held key (an integer as a field index, bytes as a name).
            let text = match &key {
                RestKey::Borrowed(text) => Some(*text),
                RestKey::Owned(text) => Some(text.as_str()),
                _ => None,
            };
            if let Some(text) = text {
                match E::Trees::claimants(text, 0, Claimants::None) {
                    Claimants::One { position, slot } => {
                        E::Trees::deliver(&mut self.variants, position, slot, map)?;
                        return Ok(true);
                    }
                    Claimants::None => {
                        // Read as serde's buffer reads it, so that the format's errors are
                        // serde's.
                        map.next_value_seed(ContentVisitor(PhantomData))?;
                        return Ok(true);
                    }
                    Claimants::Many => {}
                }
            }
        }
        hold_entry(&mut self.held, key, map)
    }

    /// The enum, once the map has ended: the first variant that reads its keys, or "data did
    /// not match any variant of untagged enum X" (the `expecting` text).
    #[inline]
    pub fn finish<Er: de::Error>(self) -> Result<E, Er> {
        if !const { E::Trees::IGNORES_UNNAMED_KEYS } {
            return untagged_from_entries(self.held);
        }
        let UntaggedState { held, variants, .. } = self;
        let value = E::Trees::first_read(variants, &held);
        drop_held(held);
        match value {
            Some(value) => Ok(E::from_tree(value)),
            None => Err(Er::custom(E::EXPECTING)),
        }
    }
}
