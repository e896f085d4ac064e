//! Enums flattened into a FastFlatten struct (`#[serde(flatten)] kind: Kind`): the enum joins
//! the tree's one key lookup. Its tag (and content key, or variant names) are slots of the tree
//! like any field; a value is held only when it cannot be read yet (a variant's field before
//! the tag, content before the tag), and nothing else is.
//!
//! The state of an internally tagged enum depends on its variants and is generated; the other
//! representations keep their state here.

use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Error as _, IgnoredAny, MapAccess};

use super::{DeserializeVariant, VariantContentSeed, VariantSeed, Variants};
use crate::buffer::{reserve_held, Content, ContentDeserializer, ContentVisitor};
use crate::flatten::{FlattenDeserialize, FlattenFields, RestKey};

/// serde's error for a flattened externally tagged enum none of whose variants is a key of the
/// map: "no variant of enum X found in flattened data".
#[cold]
pub fn no_variant_found<E: Variants, Er: de::Error>() -> Er {
    Er::custom(format_args!(
        "no variant of enum {} found in flattened data",
        E::NAME
    ))
}

/// Reads the value under a flattened externally tagged enum's variant key as that variant.
/// A second variant key is skipped, as serde's flatten takes the first one it finds.
#[inline]
pub fn external_variant_slot<'de, E, M>(
    state: &mut Option<E>,
    index: usize,
    map: &mut M,
) -> Result<(), M::Error>
where
    E: DeserializeVariant<'de>,
    M: MapAccess<'de>,
{
    if state.is_some() {
        map.next_value::<IgnoredAny>()?;
    } else {
        // The enum's own reader of a variant's content, which reads it as the format's
        // `VariantAccess` would and names the variant (`VariantValue`).
        *state = Some(map.next_value_seed(VariantContentSeed::<E>::new(index))?);
    }
    Ok(())
}

/// The state of a flattened adjacently tagged enum.
pub enum AdjacentState<'de, E> {
    /// Neither key seen yet.
    Empty,
    /// The tag, waiting for the content.
    Tag(usize),
    /// The content, held until the tag says how to read it.
    Content(Content<'de>),
    /// Both read.
    Done(E),
}

impl<'de, E: DeserializeVariant<'de>> AdjacentState<'de, E> {
    /// Reads the tag (`content: false`) or the content key's value.
    pub fn read<M: MapAccess<'de>>(
        &mut self,
        content: bool,
        keys: &'static [&'static str; 2],
        map: &mut M,
    ) -> Result<(), M::Error> {
        *self = match (core::mem::replace(self, AdjacentState::Empty), content) {
            (AdjacentState::Empty, false) => {
                AdjacentState::Tag(map.next_value_seed(VariantSeed::<E, _>::unit_variant())?)
            }
            (AdjacentState::Content(held), false) => {
                let index = map.next_value_seed(VariantSeed::<E, _>::unit_variant())?;
                AdjacentState::Done(E::deserialize_variant(
                    index,
                    ContentDeserializer::moved(held),
                )?)
            }
            (AdjacentState::Empty, true) => {
                AdjacentState::Content(map.next_value_seed(ContentVisitor(PhantomData))?)
            }
            (AdjacentState::Tag(index), true) => {
                AdjacentState::Done(map.next_value_seed(VariantContentSeed::<E>::new(index))?)
            }
            (AdjacentState::Tag(_) | AdjacentState::Done(_), false) => {
                return Err(M::Error::duplicate_field(keys[0]));
            }
            (AdjacentState::Content(_) | AdjacentState::Done(_), true) => {
                return Err(M::Error::duplicate_field(keys[1]));
            }
        };
        Ok(())
    }

    /// The enum, once the map has ended.
    pub fn finish<Er: de::Error>(self, keys: &'static [&'static str; 2]) -> Result<E, Er> {
        match self {
            AdjacentState::Done(value) => Ok(value),
            AdjacentState::Tag(index) => E::variant_without_content(index, keys[1]),
            AdjacentState::Empty | AdjacentState::Content(_) => Err(Er::missing_field(keys[0])),
        }
    }
}

/// Holds a key no leaf of the tree claims, with its value, for a flattened untagged enum.
#[inline]
pub fn hold_entry<'de, M: MapAccess<'de>>(
    held: &mut Vec<(Content<'de>, Content<'de>)>,
    key: RestKey<'de>,
    map: &mut M,
) -> Result<bool, M::Error> {
    let value = map.next_value_seed(ContentVisitor(PhantomData))?;
    reserve_held(held, map.size_hint());
    held.push((Content::from(key), value));
    Ok(true)
}

/// Tries every variant of a flattened untagged enum on the entries it holds.
#[inline]
pub fn untagged_from_entries<'de, E, Er>(held: Vec<(Content<'de>, Content<'de>)>) -> Result<E, Er>
where
    E: DeserializeVariant<'de>,
    Er: de::Error,
{
    super::untagged::try_variants(&Content::Map(held))
}

/// A value of a flattened internally tagged enum's variant that came before the tag: the slot
/// its key names (in the first variant that has it), and the value.
pub type HeldLeaf<'de> = (usize, Content<'de>);

/// Holds the map's next value for the slot `slot`, until the tag comes.
#[inline]
pub fn hold_leaf<'de, M: MapAccess<'de>>(
    held: &mut Vec<HeldLeaf<'de>>,
    slot: usize,
    map: &mut M,
) -> Result<(), M::Error> {
    let value = map.next_value_seed(ContentVisitor(PhantomData))?;
    reserve_held(held, map.size_hint());
    held.push((slot, value));
    Ok(())
}

/// Reads the tag of a flattened internally tagged enum (the variant's index); a second tag is
/// serde's "duplicate field".
#[inline]
pub fn read_tag<'de, E: Variants, M: MapAccess<'de>>(
    tag_seen: bool,
    tag: &'static str,
    map: &mut M,
) -> Result<usize, M::Error> {
    if tag_seen {
        return Err(M::Error::duplicate_field(tag));
    }
    map.next_value_seed(VariantSeed::<E, _>::identifier())
}

/// One held value, offered to a tree's `deserialize_slot` as if it were the map's next value.
pub struct HeldValue<'de, E> {
    value: Option<Content<'de>>,
    error: PhantomData<E>,
}

impl<'de, E> HeldValue<'de, E> {
    /// The map holding `value` only.
    #[inline]
    pub fn new(value: Content<'de>) -> Self {
        HeldValue {
            value: Some(value),
            error: PhantomData,
        }
    }
}

impl<'de, E: de::Error> MapAccess<'de> for HeldValue<'de, E> {
    type Error = E;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, _seed: K) -> Result<Option<K::Value>, E> {
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, E> {
        match self.value.take() {
            Some(value) => seed.deserialize(ContentDeserializer::moved(value)),
            None => Err(E::custom("serde_fastkit: a held value was read twice")),
        }
    }
}

/// Gives the map's next value, for the leaf `slot` of the flattened internally tagged enum `E`,
/// to the variant the tag chose: the tree `T`, whose leaves are `E`'s slots from `offset`. A
/// slot of another variant is looked up again by name in `T` (variants share field names, and
/// `E`'s lookup names the first variant that has one); a name `T` lacks is skipped, or is
/// serde's "unknown field" error when the tree denies unknown fields.
///
/// One function rather than a generated block per variant, so that an enum nobody flattens
/// costs the compiler one call to check per variant.
#[inline]
pub fn deliver_to_variant<'de, E, T, M>(
    state: &mut T::State,
    slot: usize,
    offset: usize,
    map: &mut M,
) -> Result<(), M::Error>
where
    E: FlattenFields,
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    let own = slot.wrapping_sub(offset);
    if own < T::LEN {
        return T::deserialize_slot(state, own, map);
    }
    let name = E::slot_name(slot).unwrap_or("");
    match T::slot_of(name) {
        Some(own) => T::deserialize_slot(state, own, map),
        None => skip_other_variant_key(E::DENY_UNKNOWN_FIELDS, name, T::FIELDS, map),
    }
}

/// Whether the variant the tag chose (the tree `T`, from `offset`) has the leaf `slot` of the
/// flattened internally tagged enum `E` still to read, by slot or, for another variant's
/// slot, by name ([`deliver_to_variant`]).
#[inline]
pub fn variant_owns<'de, E, T>(state: &T::State, slot: usize, offset: usize) -> bool
where
    E: FlattenFields,
    T: FlattenDeserialize<'de>,
{
    let own = slot.wrapping_sub(offset);
    if own < T::LEN {
        return T::owns(state, own);
    }
    match E::slot_name(slot).and_then(T::slot_of) {
        Some(own) => T::owns(state, own),
        None => false,
    }
}

/// Skips the map's next value, or reports serde's "unknown field" error for `key` when the
/// tree denies unknown fields: a key of another variant than the one the tag chose.
#[inline]
pub fn skip_other_variant_key<'de, M: MapAccess<'de>>(
    deny_unknown_fields: bool,
    key: &str,
    names: &'static [&'static str],
    map: &mut M,
) -> Result<(), M::Error> {
    if deny_unknown_fields {
        return Err(M::Error::unknown_field(key, names));
    }
    map.next_value::<IgnoredAny>().map(drop)
}
