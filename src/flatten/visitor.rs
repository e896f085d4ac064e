//! The one `Visitor` every flattened tree is read through.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    self, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};

use super::errors::{invalid_i128, invalid_u128, unknown_field};
use super::key::{CatchAllKeySeed, KeySeed, NON_NAME};
use super::serde_flatten::is_serde_flatten;
use super::RestClaim;
use super::{FlattenDeserialize, SeqLeaves};
#[cfg(feature = "alloc")]
use crate::buffer::{Content, ContentDeserializer, HeldEntries, HeldInPlace};

/// What a tree's visitor says it expects, in serde's words.
#[derive(Clone, Copy, Debug)]
pub enum Expecting {
    /// "struct {name}".
    Struct(&'static str),
    /// A text of serde's own, such as "struct variant E::V".
    Text(&'static str),
    /// `#[serde(expecting = "...")]`: replaces every text, "... with N elements" included.
    Custom(&'static str),
}

impl Expecting {
    /// serde's expectation for a sequence that ended early: "struct A with 6 elements".
    pub(crate) fn with_len(self, len: usize) -> impl fmt::Display {
        WithLen {
            expecting: self,
            len,
        }
    }
}

/// [`Expecting::with_len`].
struct WithLen {
    expecting: Expecting,
    len: usize,
}

impl fmt::Display for WithLen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.expecting, self.len) {
            (Expecting::Custom(text), _) => f.write_str(text),
            (expecting, 1) => write!(f, "{expecting} with 1 element"),
            (expecting, len) => write!(f, "{expecting} with {len} elements"),
        }
    }
}

impl fmt::Display for Expecting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expecting::Struct(name) => write!(f, "struct {name}"),
            Expecting::Text(text) | Expecting::Custom(text) => f.write_str(text),
        }
    }
}

/// [`deserialize_struct`](super::deserialize_struct), saying it expects `expecting` ("struct variant E::V", or the text of
/// `#[serde(expecting = "...")]`). `serde_fields` is what serde's derive lists for a struct
/// without flattened fields (every name and alias), which serde's flatten deserializer is given.
#[inline(always)]
pub fn deserialize_tree<'de, T, D>(
    deserializer: D,
    name: &'static str,
    serde_fields: &'static [&'static str],
    expecting: Expecting,
) -> Result<T, D::Error>
where
    T: FlattenDeserialize<'de>,
    D: Deserializer<'de>,
{
    let visitor = TreeVisitor::<T>::new(expecting, true);
    if const { T::READ.catch_all } {
        // Written as a map (`super::serialize_struct`), so read as one, as serde's derive reads a
        // struct with flattened fields: formats whose maps and structs differ (RON) read each
        // only where it was asked for.
        deserializer.deserialize_map(visitor)
    } else if is_serde_flatten::<D>() {
        // Asked as serde's derive asks (`serde_flatten.rs`): a struct with flattened fields
        // sees every key and leaves it to the fields after it; a plain one takes its own.
        if const { T::READ.has_flattened } {
            deserializer.deserialize_map(visitor)
        } else {
            deserializer.deserialize_struct(name, serde_fields, visitor)
        }
    } else {
        deserializer.deserialize_struct(name, T::FIELDS, visitor)
    }
}

/// A tree read from a map only, never a sequence: an untagged enum's struct variant, as serde
/// reads one.
#[inline]
pub fn deserialize_map_only<'de, T, D>(deserializer: D, expecting: Expecting) -> Result<T, D::Error>
where
    T: FlattenDeserialize<'de>,
    D: Deserializer<'de>,
{
    deserializer.deserialize_any(TreeVisitor::<T>::new(expecting, false))
}

/// An externally tagged enum's struct variant, read as a tree through the format's
/// `VariantAccess`.
#[inline(always)]
pub fn deserialize_struct_variant<'de, T, A>(access: A, expecting: Expecting) -> Result<T, A::Error>
where
    T: FlattenDeserialize<'de>,
    A: VariantAccess<'de>,
{
    if const { T::READ.catch_all } {
        // Written as a newtype variant holding a map (`serialize_struct_variant`), as serde's
        // derive writes a struct variant with flattened fields.
        access.newtype_variant_seed(TreeAsMap::<T> {
            expecting,
            tree: PhantomData,
        })
    } else {
        access.struct_variant(T::FIELDS, TreeVisitor::<T>::new(expecting, true))
    }
}

/// A tree read from a map: the content of a newtype variant holding one.
struct TreeAsMap<T> {
    expecting: Expecting,
    tree: PhantomData<fn() -> T>,
}

impl<'de, T: FlattenDeserialize<'de>> DeserializeSeed<'de> for TreeAsMap<T> {
    type Value = T;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        deserializer.deserialize_map(TreeVisitor::<T>::new(self.expecting, true))
    }
}

pub(crate) struct TreeVisitor<T> {
    expecting: Expecting,
    /// Whether a sequence of the leaves is accepted: serde's derive refuses one for an untagged
    /// enum's struct variant, which would otherwise match any array of the right types.
    accept_seq: bool,
    tree: PhantomData<fn() -> T>,
}

impl<T> TreeVisitor<T> {
    #[inline]
    pub(crate) fn new(expecting: Expecting, accept_seq: bool) -> Self {
        TreeVisitor {
            expecting,
            accept_seq,
            tree: PhantomData,
        }
    }
}

impl<'de, T: FlattenDeserialize<'de>> Visitor<'de> for TreeVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.expecting, f)
    }

    /// Reads the tree from `map`: each key read once and matched against the whole tree, its
    /// value deserialized into its leaf.
    // Written here, not in a forced helper: LLVM's always-inliner copies a forced body again at
    // each level it is inlined through, in debug builds too, and below this are the tree's
    // whole lookup, reads and `finish`.
    #[inline]
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<T, M::Error> {
        let mut state = T::new_state();
        fill_from_map::<T, M>(&mut state, &mut map, None)?;
        T::finish(state)
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        if !self.accept_seq {
            return Err(A::Error::invalid_type(Unexpected::Seq, &self));
        }
        T::deserialize_leaves(&mut SeqLeaves::new(&mut seq, self.expecting, T::LEN))
    }

    // serde's defaults for the two below format the number in place, in every tree's visitor
    // they are compiled for (a held 128-bit integer replayed where a tree is expected); the
    // same error, formatted out of line.
    fn visit_u128<E: de::Error>(self, value: u128) -> Result<T, E> {
        Err(invalid_u128(value, &self))
    }

    fn visit_i128<E: de::Error>(self, value: i128) -> Result<T, E> {
        Err(invalid_i128(value, &self))
    }
}

/// The loop of [`TreeVisitor::visit_map`]: reads every entry of `map` into `state`, which may
/// hold entries read from another map already (an internally tagged enum's entries before its
/// tag), so a key seen in both is a duplicate.
///
/// `tag` is the tag of the internally tagged enum whose struct variant `T` is: the tag was
/// read already, so a key equal to it is serde's "duplicate field" error. It is compared only
/// with keys the tree does not know, so it costs nothing on the way through known keys.
#[inline(always)]
pub(crate) fn fill_from_map<'de, T, M>(
    state: &mut T::State,
    map: &mut M,
    tag: Option<&'static str>,
) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    if const { T::READ.serde_order } && T::reads_in_serde_order(state) {
        return super::held_map::fill_in_serde_order::<T, M>(state, map, tag);
    }
    if const { T::READ.catch_all } || const { T::READ.aliases_by_text } {
        return fill_with_catch_all::<T, M>(state, map, tag);
    }
    while let Some(slot) = map.next_key_seed(KeySeed::<T>::new(tag))? {
        read_value::<T, M>(state, slot, map)?;
    }
    Ok(())
}

/// [`fill_from_map`] over the entries an internally tagged enum held before its tag: a key
/// held as text is looked up as it is, without a deserializer around it (the common case, where
/// the replay would otherwise cost a deserializer call per key); other keys (bytes, integer
/// field indexes) go through [`KeySeed`] as in the live map.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn fill_from_held<'de, T, E, I>(
    state: &mut T::State,
    map: &mut HeldEntries<'de, E, I>,
    tag: Option<&'static str>,
) -> Result<(), E>
where
    T: FlattenDeserialize<'de>,
    E: de::Error,
    I: ExactSizeIterator<Item = (Content<'de>, Content<'de>)>,
{
    if const { T::READ.catch_all } || const { T::READ.aliases_by_text } {
        return fill_with_catch_all::<T, _>(state, map, tag);
    }
    while let Some(key) = map.next_held_key() {
        let seed = KeySeed::<T>::new(tag);
        let slot = match key {
            Content::Str(name) => {
                key.discard();
                seed.text(name)?
            }
            Content::String(name) => seed.text(&name)?,
            key => seed.deserialize(ContentDeserializer::<_, E>::moved(key))?,
        };
        read_value::<T, _>(state, slot, map)?;
    }
    Ok(())
}

/// [`fill_from_held`] over held entries that stay where they are: each key looked up where it
/// lies and each value moved out as it is read ([`HeldInPlace`]), rather than each entry moved
/// out of its buffer, into an iterator's item, and apart. For a tree that ignores keys it does
/// not name and reads no key by its text (the variant an internally tagged enum read ahead of
/// its tag, `enums/speculation.rs`); any other tree takes the entries out and replays them.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn fill_from_held_in_place<'a, 'de: 'a, T, E>(
    state: &mut T::State,
    entries: impl Iterator<Item = &'a mut (Content<'de>, Content<'de>)>,
    tag: Option<&'static str>,
) -> Result<(), E>
where
    T: FlattenDeserialize<'de>,
    E: de::Error,
{
    if const { T::READ.catch_all } || const { T::READ.aliases_by_text } {
        let held = entries.map(|entry| core::mem::replace(entry, (Content::Unit, Content::Unit)));
        let held: alloc::vec::Vec<_> = held.collect();
        return fill_from_held::<T, E, _>(
            state,
            &mut crate::buffer::held_entries(held.into_iter()),
            tag,
        );
    }
    for (key, value) in entries {
        let seed = KeySeed::<T>::new(tag);
        let slot = match key {
            Content::Str(name) => seed.text(name)?,
            Content::String(name) => seed.text(name)?,
            key => seed.deserialize(ContentDeserializer::<_, E>::moved(core::mem::replace(
                key,
                Content::Unit,
            )))?,
        };
        read_value::<T, _>(state, slot, &mut HeldInPlace::<E>::new(value))?;
    }
    Ok(())
}

/// Reads the value of a key that named `slot` (`None`: a key the tree does not know, skipped).
#[inline(always)]
fn read_value<'de, T, M>(
    state: &mut T::State,
    slot: Option<usize>,
    map: &mut M,
) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    match slot {
        Some(NON_NAME) if const { T::READ.notices_non_name_keys } => {
            non_name_key::<T, M>(state, map)
        }
        Some(slot) if T::CHOOSES && !T::owns(state, slot) => not_owned::<T, M>(slot, map),
        Some(slot) => T::deserialize_slot(state, slot, map),
        None => map.next_value::<IgnoredAny>().map(drop),
    }
}

/// A key that is not a name ([`NON_NAME`]): the tree is told, and the value skipped.
#[cold]
fn non_name_key<'de, T, M>(state: &mut T::State, map: &mut M) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    T::non_name_key(state);
    map.next_value::<IgnoredAny>().map(drop)
}

/// A key naming a leaf the value does not have (one of another variant than the one its tag
/// chose, a second variant of a flattened externally tagged enum): an unknown key, skipped, or
/// serde's "unknown field" error when any struct of the tree denies unknown fields.
#[cold]
fn not_owned<'de, T, M>(slot: usize, map: &mut M) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    if const { T::READ.deny_unknown_fields } {
        let name = T::slot_name(slot).unwrap_or("");
        return Err(unknown_field::<T, M::Error>(name));
    }
    map.next_value::<IgnoredAny>().map(drop)
}

/// [`fill_from_map`] for a tree holding a catch-all map (or a part that takes aliases by their
/// text, [`ReadShape::aliases_by_text`](super::ReadShape::aliases_by_text)): keys no leaf
/// claims are offered to the tree.
#[inline(always)]
fn fill_with_catch_all<'de, T, M>(
    state: &mut T::State,
    map: &mut M,
    tag: Option<&'static str>,
) -> Result<(), M::Error>
where
    T: FlattenDeserialize<'de>,
    M: MapAccess<'de>,
{
    let mut rest = None;
    while let Some(slot) = map.next_key_seed(CatchAllKeySeed::<T>::new(tag, state, &mut rest))? {
        let Some(key) = rest.take() else {
            T::deserialize_slot(state, slot, map)?;
            continue;
        };
        if const { T::READ.notices_non_name_keys } && key.is_non_name() {
            T::non_name_key(state);
        }
        let taken = match T::rest_claim(state, &key) {
            RestClaim::No if const { T::READ.deny_unknown_fields } => {
                return Err(key.with_text(unknown_field::<T, M::Error>));
            }
            RestClaim::No => false,
            RestClaim::Named | RestClaim::All => T::deserialize_rest(state, key, map)?,
        };
        if !taken {
            // A hand-written tree that claimed the key and then declined it.
            if const { T::READ.deny_unknown_fields } {
                return Err(unknown_field::<T, M::Error>("(a key no leaf claims)"));
            }
            map.next_value::<IgnoredAny>()?;
        }
    }
    Ok(())
}
