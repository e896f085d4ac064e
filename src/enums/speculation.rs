//! Reading before a late internal tag: keys one variant alone names are read typed, straight
//! into that variant's tree, as they come.
//!
//! serde's derive holds every entry before the tag and replays them into the variant the tag
//! chooses. A key that only variant `V`'s tree names matters to no other variant when every
//! other one ignores keys it does not name ([`InternallyTagged::speculates`]: no catch-all, no
//! `deny_unknown_fields`, no newtype variant, whose type could take any key). Such a key's value
//! is read into `V`'s leaf at once; if the tag then chooses `V`, nothing was held for it, and if
//! it chooses another variant, the value is dropped as that variant would have skipped it.
//!
//! What could differ from serde's replay is when an error shows, and so it is kept rather than
//! reported: a value `V`'s leaf refuses (read [`Isolated`], so the input stays readable) or a
//! second value for one leaf is `V`'s error only if the tag chooses `V`, and then it is reported
//! unless an entry held before it fails first, in input order, as serde's replay reports them.
//! After such an error, `V`'s keys are read as serde's buffer reads them and dropped.

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};
#[cfg(feature = "alloc")]
use core::fmt;
use core::marker::PhantomData;

#[cfg(feature = "alloc")]
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde::de::{Error as _, MapAccess};

#[cfg(feature = "alloc")]
use super::ahead::Ahead;

#[cfg(feature = "alloc")]
use super::internal::{claimant_of, held_text, other_keys, TagOrKey};
use super::InternallyTagged;
#[cfg(feature = "alloc")]
use super::{RestOfMap, VariantSeed};
#[cfg(feature = "alloc")]
use crate::buffer::{
    held_vec, Compounds, Content, ContentVisitor, IsolatedMap, Live, Refusals, Reported,
};
use crate::flatten::FlattenDeserialize;
#[cfg(feature = "alloc")]
use crate::flatten::{fill_from_held_in_place, fill_from_map};

#[cfg(feature = "alloc")]
/// The first error of the speculated variant, and how many entries were held before it.
struct Kept<E> {
    error: E,
    held_before: usize,
}

/// Reads an internally tagged map from the first key that only variant `index` (tree `T`)
/// names, at `slot`, with `held` the entries before it, to the end of the map: that variant's
/// keys into its tree as they come, the others held until the tag.
#[cfg(feature = "alloc")]
#[inline]
pub fn read_speculating<'de, E, T, M>(
    index: usize,
    slot: usize,
    map: M,
    mut held: HeldAhead<'de>,
    into: impl FnOnce(T) -> E,
) -> Result<E, M::Error>
where
    E: InternallyTagged<'de>,
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    let mut map = Ahead(map);
    let mut state = T::new_state();
    let mut kept = None;
    read_slot::<T, _>(&mut state, slot, &mut map, &mut kept, held.len())?;
    let mut other = None;
    let chosen = loop {
        match map.next_key_seed(AheadKey::<E>::new(index, &mut other))? {
            Some(Some(slot)) => {
                read_slot::<T, _>(&mut state, slot, &mut map, &mut kept, held.len())?;
            }
            Some(None) => match other.take() {
                Some(key) => hold(&mut held, key, &mut map, E::LONGEST_VARIANT)?,
                None => break map.next_value_seed(VariantSeed::<E, _>::identifier())?,
            },
            None => return Err(M::Error::missing_field(E::TAG)),
        }
    };
    if chosen != index {
        // Another variant: it skips the keys read into this one.
        drop(state);
        let held = held.into_vec();
        return E::deserialize_tagged_variant(chosen, RestOfMap::after_tag(held, map, E::TAG));
    }
    let tag = Some(E::TAG);
    if let Some(Kept { error, held_before }) = kept {
        held.truncate(held_before);
        fill_from_held_in_place::<T, M::Error>(&mut state, held.entries_mut(), tag)?;
        return Err(error);
    }
    if !held.is_empty() {
        fill_from_held_in_place::<T, M::Error>(&mut state, held.entries_mut(), tag)?;
    }
    fill_from_map::<T, _>(&mut state, &mut map, tag)?;
    Ok(into(T::finish(state)?))
}

/// A key read ahead of the tag: the tag, a key the variant read ahead alone names (its slot
/// there), or another key, held as serde's buffer holds it.
#[cfg(feature = "alloc")]
enum KeyAhead<'de> {
    Tag,
    Claimed(usize),
    Other(Content<'de>),
}

/// Reads a key ahead of the tag of enum `E`, whose variant `index` is read ahead: a text key is
/// looked up as it comes, so that a key of that variant is neither held nor dropped. Gives the
/// slot of a key the variant alone names; otherwise `None`, with `other` left `None` for the
/// tag and given any other key (handed over aside, as the tag-first loop's `TagOrKey` does,
/// so that what passes through the format's `next_key_seed` is small).
#[cfg(feature = "alloc")]
struct AheadKey<'a, 'de, E> {
    other: &'a mut Option<Content<'de>>,
    visitor: AheadKeyVisitor<E>,
}

#[cfg(feature = "alloc")]
impl<'a, 'de, E> AheadKey<'a, 'de, E> {
    #[inline(always)]
    fn new(index: usize, other: &'a mut Option<Content<'de>>) -> Self {
        AheadKey {
            other,
            visitor: AheadKeyVisitor {
                index,
                enum_: PhantomData,
            },
        }
    }
}

#[cfg(feature = "alloc")]
impl<'de, E: InternallyTagged<'de>> DeserializeSeed<'de> for AheadKey<'_, 'de, E> {
    type Value = Option<usize>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<usize>, D::Error> {
        // As serde's buffer reads a key: what it is, the format says.
        Ok(match deserializer.deserialize_any(self.visitor)? {
            KeyAhead::Claimed(slot) => Some(slot),
            KeyAhead::Tag => None,
            KeyAhead::Other(key) => {
                *self.other = Some(key);
                None
            }
        })
    }
}

/// The visitor of [`AheadKey`].
#[cfg(feature = "alloc")]
struct AheadKeyVisitor<E> {
    index: usize,
    enum_: PhantomData<fn() -> E>,
}

#[cfg(feature = "alloc")]
impl<'de, E: InternallyTagged<'de>> AheadKeyVisitor<E> {
    /// A text key: the tag, or claimed; `None` for a key to hold.
    #[inline(always)]
    fn classify(&self, key: &str) -> Option<KeyAhead<'de>> {
        if key == E::TAG {
            return Some(KeyAhead::Tag);
        }
        let claimant = E::sole_claimant(key)?;
        (claimant.index == self.index).then_some(KeyAhead::Claimed(claimant.slot))
    }

    /// A key of bytes: as its text when it is UTF-8, as serde's derive compares it.
    #[inline]
    fn classify_bytes(&self, key: &[u8]) -> Option<KeyAhead<'de>> {
        self.classify(core::str::from_utf8(key).ok()?)
    }
}

#[cfg(feature = "alloc")]
impl<'de, E: InternallyTagged<'de>> Visitor<'de> for AheadKeyVisitor<E> {
    type Value = KeyAhead<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map key")
    }

    #[inline]
    fn visit_borrowed_str<Er: de::Error>(self, key: &'de str) -> Result<KeyAhead<'de>, Er> {
        Ok(match self.classify(key) {
            Some(key) => key,
            None => KeyAhead::Other(Content::Str(key)),
        })
    }

    #[inline]
    fn visit_str<Er: de::Error>(self, key: &str) -> Result<KeyAhead<'de>, Er> {
        Ok(self
            .classify(key)
            .unwrap_or_else(|| KeyAhead::Other(held_text::<E>(key))))
    }

    fn visit_string<Er: de::Error>(self, key: String) -> Result<KeyAhead<'de>, Er> {
        Ok(match self.classify(&key) {
            Some(key) => key,
            None => KeyAhead::Other(Content::String(key)),
        })
    }

    fn visit_borrowed_bytes<Er: de::Error>(self, key: &'de [u8]) -> Result<KeyAhead<'de>, Er> {
        Ok(match self.classify_bytes(key) {
            Some(key) => key,
            None => KeyAhead::Other(Content::Bytes(key)),
        })
    }

    fn visit_bytes<Er: de::Error>(self, key: &[u8]) -> Result<KeyAhead<'de>, Er> {
        Ok(self
            .classify_bytes(key)
            .unwrap_or_else(|| KeyAhead::Other(Content::ByteBuf(key.to_vec()))))
    }

    fn visit_byte_buf<Er: de::Error>(self, key: Vec<u8>) -> Result<KeyAhead<'de>, Er> {
        Ok(match self.classify_bytes(&key) {
            Some(key) => key,
            None => KeyAhead::Other(Content::ByteBuf(key)),
        })
    }

    other_keys!(KeyAhead<'de>, KeyAhead::Other);
}

/// Reads the value of `slot` into the tree's state, keeping rather than returning an error that
/// is the variant's: a value its leaf refuses, a second value for a leaf. Returns the format's
/// errors. After the first kept error, values are read as serde's buffer reads them and
/// dropped: serde's replay stops at that error.
#[cfg(feature = "alloc")]
#[inline(always)]
fn read_slot<'de, T, M>(
    state: &mut T::State,
    slot: usize,
    map: &mut M,
    kept: &mut Option<Kept<M::Error>>,
    held_before: usize,
) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    if kept.is_some() {
        map.next_value_seed(ContentVisitor(PhantomData))?;
        return Ok(());
    }
    if let Some(error) = read_isolated::<T, M, Live, Reported>(state, slot, map)? {
        *kept = Some(Kept { error, held_before });
    }
    Ok(())
}

/// Reads the map's next value into the tree's leaf `slot` as serde's buffer reads it
/// ([`IsolatedMap`]): `Ok(None)` when the tree took it, `Ok(Some(error))` when the tree refused
/// it (its type refused the value, or the leaf has one already), the input past the value and
/// readable; `Err` when the format fails. `C` gives the value's sequences and maps to their
/// types ([`Live`], marked by the caller's path); `R` is what the type's refusal is, its own
/// error kept to report ([`Reported`]) or a mark that rules a variant out (`RuledOut`).
#[cfg(feature = "alloc")]
#[inline(always)]
pub(super) fn read_isolated<'de, T, M, C, R>(
    state: &mut T::State,
    slot: usize,
    map: &mut M,
) -> Result<Option<M::Error>, M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
    C: Compounds,
    R: Refusals,
{
    let mut isolated = IsolatedMap::<M, C, R>::new(map);
    let error = match T::deserialize_slot(state, slot, &mut isolated) {
        Ok(()) => return Ok(None),
        Err(error) => error.into_inner(),
    };
    let (read, refused) = (isolated.read, isolated.refused);
    if !read {
        // The tree refused the key before its value (a second value for a leaf): the value is
        // still to be read past.
        map.next_value_seed(ContentVisitor(PhantomData))?;
    } else if !refused {
        return Err(error);
    }
    Ok(Some(error))
}

/// Holds an entry before the tag: its key, and its value read as serde's buffer reads it.
#[cfg(feature = "alloc")]
#[inline]
fn hold<'de, M: MapAccess<'de>>(
    held: &mut HeldAhead<'de>,
    key: Content<'de>,
    map: &mut M,
    expected: usize,
) -> Result<(), M::Error> {
    let value = map.next_value_seed(ContentVisitor(PhantomData))?;
    held.push((key, value), map.size_hint(), expected);
    Ok(())
}

/// Reads the map of an enum that reads ahead ([`InternallyTagged::speculates`]) from its first
/// key, `first`, which is not the tag: entries are held until a key one struct variant alone
/// names, from which that variant is read ahead ([`InternallyTagged::speculate`]), or until the
/// tag. Out of line, and the map read through [`Ahead`]: the reader of a map whose tag comes
/// first stays as it is.
#[cfg(feature = "alloc")]
#[inline(never)]
pub(super) fn read_ahead<'de, E, M>(first: Content<'de>, mut map: M) -> Result<E, M::Error>
where
    E: InternallyTagged<'de>,
    M: MapAccess<'de>,
{
    let mut held = HeldAhead::new();
    let mut other = Some(first);
    loop {
        let Some(key) = other.take() else {
            // The tag.
            let mut map = Ahead(map);
            let chosen = map.next_value_seed(VariantSeed::<E, _>::identifier())?;
            let held = held.into_vec();
            return E::deserialize_tagged_variant(chosen, RestOfMap::after_tag(held, map, E::TAG));
        };
        if let Some(claimant) = claimant_of::<E>(&key) {
            return E::speculate(claimant, map, held);
        }
        hold(&mut held, key, &mut Ahead(&mut map), E::LONGEST_VARIANT)?;
        if Ahead(&mut map)
            .next_key_seed(TagOrKey::<E>::new(&mut other))?
            .is_none()
        {
            return Err(M::Error::missing_field(E::TAG));
        }
    }
}

/// The entries held while reading ahead of the tag, in input order: the first in place, since
/// the usual case is one key every variant names (an `id`) before the variant's own keys, and
/// the rest in a `Vec`, allocated when a second comes.
#[cfg(feature = "alloc")]
pub struct HeldAhead<'de> {
    first: Option<(Content<'de>, Content<'de>)>,
    more: Vec<(Content<'de>, Content<'de>)>,
}

/// Without a heap nothing is held (and nothing is read before the tag).
#[cfg(not(feature = "alloc"))]
pub type HeldAhead<'de> = PhantomData<&'de ()>;

#[cfg(feature = "alloc")]
impl<'de> HeldAhead<'de> {
    #[inline]
    fn new() -> Self {
        HeldAhead {
            first: None,
            more: Vec::new(),
        }
    }

    #[inline]
    fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.more.len()
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    /// Adds an entry; `remaining` (the map's size hint) and `expected` size the `Vec`.
    #[inline]
    fn push(
        &mut self,
        entry: (Content<'de>, Content<'de>),
        remaining: Option<usize>,
        expected: usize,
    ) {
        if self.first.is_none() {
            self.first = Some(entry);
            return;
        }
        if self.more.capacity() == 0 {
            self.more = held_vec(remaining, expected);
        }
        self.more.push(entry);
    }

    /// Keeps the first `len` entries.
    fn truncate(&mut self, len: usize) {
        match len {
            0 => *self = HeldAhead::new(),
            len => self.more.truncate(len - 1),
        }
    }

    /// The entries, in input order, where they lie.
    #[inline]
    fn entries_mut(&mut self) -> impl Iterator<Item = &mut (Content<'de>, Content<'de>)> {
        self.first.iter_mut().chain(self.more.iter_mut())
    }

    /// The entries in one `Vec`: for another variant than the one read ahead, read as the
    /// entries an enum that does not read ahead holds.
    fn into_vec(self) -> Vec<(Content<'de>, Content<'de>)> {
        let mut held = self.more;
        if let Some(first) = self.first {
            held.insert(0, first);
        }
        held
    }
}

/// Without a heap the tag must come first: nothing is read before it.
#[cfg(not(feature = "alloc"))]
pub fn read_speculating<'de, E, T, M>(
    index: usize,
    slot: usize,
    map: M,
    held: HeldAhead<'de>,
    into: impl FnOnce(T) -> E,
) -> Result<E, M::Error>
where
    E: InternallyTagged<'de>,
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    let _ = (index, slot, map, held, into);
    Err(M::Error::custom(
        "serde_fastkit: without `alloc` the tag must come first",
    ))
}

/// Whether a struct variant's tree lets a key it does not name pass without a word: no
/// catch-all, no alias read by text, no `deny_unknown_fields`, no flattened enum choosing
/// among its variants. Each of the enum's struct variants must, for [`InternallyTagged::speculates`].
pub const fn ignores_unnamed_keys<'de, T: FlattenDeserialize<'de>>() -> bool {
    let read = T::READ;
    !read.catch_all
        && !read.aliases_by_text
        && !read.deny_unknown_fields
        && !read.serde_order
        && !read.notices_non_name_keys
        && !T::CHOOSES
}

/// Whether a newtype variant's type lets the keys read ahead pass: asked where the enum is
/// expanded, by method resolution (autoref specialization, as [`ElementsOf`](super::ElementsOf)):
/// `(&&KeysOf::<T>::new())` resolves to [`KnownKeys`] when `T` is a struct deriving FastFlatten,
/// whose tree says which keys it names, and to [`UnknownKeys`] otherwise (a map, a hand-written
/// type, a type parameter), which could take any key.
pub struct KeysOf<'de, T: ?Sized>(PhantomData<KeysOfType<'de, T>>);

/// What [`KeysOf`] holds: the type asked about, and the input's lifetime its tree reads.
type KeysOfType<'de, T> = (fn() -> T, &'de ());

impl<T: ?Sized> Default for KeysOf<'_, T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: ?Sized> KeysOf<'_, T> {
    /// The question, for `T`.
    #[inline]
    pub const fn new() -> Self {
        KeysOf(PhantomData)
    }
}

/// The answer for a struct deriving FastFlatten (chosen first, through one more reference).
pub trait KnownKeys {
    /// Whether the type skips keys it does not name ([`ignores_unnamed_keys`]).
    fn ignores_unnamed_keys(&self) -> bool;
    /// Whether the type names `key`.
    fn names(&self, key: &str) -> bool;
}

impl<'de, T: super::TreeElements + FlattenDeserialize<'de>> KnownKeys for &KeysOf<'de, T> {
    #[inline]
    fn ignores_unnamed_keys(&self) -> bool {
        ignores_unnamed_keys::<T>()
    }

    #[inline]
    fn names(&self, key: &str) -> bool {
        T::slot_of(key).is_some()
    }
}

/// The answer for any other type: it may take any key.
pub trait UnknownKeys {
    /// `false`.
    fn ignores_unnamed_keys(&self) -> bool;
    /// `true`.
    fn names(&self, key: &str) -> bool;
}

impl<T: ?Sized> UnknownKeys for KeysOf<'_, T> {
    #[inline]
    fn ignores_unnamed_keys(&self) -> bool {
        false
    }

    #[inline]
    fn names(&self, _key: &str) -> bool {
        true
    }
}
