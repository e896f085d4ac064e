//! Enums flattened into a FastFlatten struct (`#[serde(flatten)] kind: Kind`): the enum joins
//! the tree's one key lookup. Its tag (and content key, or variant names) are slots of the tree
//! like any field; a value is held only when it cannot be read yet (a variant's field before
//! the tag, content before the tag), and nothing else is.
//!
//! An internally tagged enum's state depends on its variants: see `flattened_internal.rs`.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::marker::PhantomData;

use serde::de::{self, Error as _, IgnoredAny, MapAccess};

use super::{DeserializeVariant, VariantContentSeed, VariantSeed, Variants};
#[cfg(feature = "alloc")]
use crate::buffer::{reserve_held, Content, ContentDeserializer, ContentVisitor};
#[cfg(feature = "alloc")]
use crate::flatten::RestKey;

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
    #[cfg(feature = "alloc")]
    Content(Content<'de>),
    /// Without a heap nothing is held (content before the tag is an error).
    #[cfg(not(feature = "alloc"))]
    #[doc(hidden)]
    Unreachable(core::convert::Infallible, PhantomData<&'de ()>),
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
                AdjacentState::Tag(map.next_value_seed(VariantSeed::<E, _>::held())?)
            }
            #[cfg(feature = "alloc")]
            (AdjacentState::Content(held), false) => {
                let index = map.next_value_seed(VariantSeed::<E, _>::held())?;
                AdjacentState::Done(E::deserialize_variant(
                    index,
                    ContentDeserializer::moved(held),
                )?)
            }
            #[cfg(feature = "alloc")]
            (AdjacentState::Empty, true) => {
                AdjacentState::Content(map.next_value_seed(ContentVisitor(PhantomData))?)
            }
            #[cfg(not(feature = "alloc"))]
            (AdjacentState::Empty, true) => {
                return Err(M::Error::custom(crate::needs_alloc::CONTENT_BEFORE_TAG));
            }
            #[cfg(not(feature = "alloc"))]
            (AdjacentState::Unreachable(never, _), _) => match never {},
            (AdjacentState::Tag(index), true) => {
                AdjacentState::Done(map.next_value_seed(VariantContentSeed::<E>::new(index))?)
            }
            (AdjacentState::Tag(_) | AdjacentState::Done(_), false) => {
                return Err(M::Error::duplicate_field(keys[0]));
            }
            #[cfg(feature = "alloc")]
            (AdjacentState::Content(_), true) => {
                return Err(M::Error::duplicate_field(keys[1]));
            }
            (AdjacentState::Done(_), true) => return Err(M::Error::duplicate_field(keys[1])),
        };
        Ok(())
    }

    /// The enum, once the map has ended.
    pub fn finish<Er: de::Error>(self, keys: &'static [&'static str; 2]) -> Result<E, Er> {
        match self {
            AdjacentState::Done(value) => Ok(value),
            AdjacentState::Tag(index) => E::variant_without_content(index, keys[1]),
            AdjacentState::Empty => Err(Er::missing_field(keys[0])),
            #[cfg(feature = "alloc")]
            AdjacentState::Content(_) => Err(Er::missing_field(keys[0])),
            #[cfg(not(feature = "alloc"))]
            AdjacentState::Unreachable(never, _) => match never {},
        }
    }
}

/// Holds a key no leaf of the tree claims, with its value, for a flattened untagged enum.
#[cfg(feature = "alloc")]
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
#[cfg(feature = "alloc")]
#[inline]
pub fn untagged_from_entries<'de, E, Er>(held: Vec<(Content<'de>, Content<'de>)>) -> Result<E, Er>
where
    E: DeserializeVariant<'de>,
    Er: de::Error,
{
    super::untagged::try_variants(&Content::Map(held))
}
