//! Identifying a map key against a whole flattened tree, without copying it.

#[cfg(feature = "alloc")]
use alloc::{borrow::ToOwned, string::String, vec::Vec};
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, Unexpected, Visitor};

use super::errors::{unknown_field_of, TreeNames};
use super::{FlattenDeserialize, FlattenFields, RestKey};
#[cfg(feature = "alloc")]
use crate::buffer::Content;
use crate::stack_text::StackText;

/// Deserializes one map key into the slot it names in `T`'s tree (`None` for an unknown key).
///
/// Handles every way a format delivers a key: borrowed, transient or owned strings, bytes, and
/// integer field indexes (serde_cbor's packed format numbers fields over all leaves).
pub(crate) struct KeySeed<T> {
    /// The tag of the internally tagged enum whose variant the tree is: a second one is a
    /// "duplicate field" (checked only for keys the tree does not know).
    tag: Option<&'static str>,
    tree: PhantomData<fn() -> T>,
}

/// What [`KeySeed`] gives for a key that is not a name (a boolean, a negative integer, a float,
/// a character, unit) in a struct with flattened fields: no slot's number, so that the read
/// loop tells the tree ([`FlattenDeserialize::non_name_key`]) on its cold path.
pub(crate) const NON_NAME: usize = usize::MAX;

impl<T> KeySeed<T> {
    #[inline]
    pub(crate) fn new(tag: Option<&'static str>) -> Self {
        KeySeed {
            tag,
            tree: PhantomData,
        }
    }
}

/// serde's "duplicate field" error when an unknown key is the tag that was read already.
#[inline]
fn check_tag<E: de::Error>(tag: Option<&'static str>, key: &[u8]) -> Result<(), E> {
    match tag {
        Some(tag) if tag.as_bytes() == key => Err(E::duplicate_field(tag)),
        _ => Ok(()),
    }
}

impl<'de, T: FlattenFields> DeserializeSeed<'de> for KeySeed<T> {
    type Value = Option<usize>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<usize>, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

/// A text key no leaf of a tree has: skipped, or serde's "duplicate field" for a second tag.
/// Generic over the error type only (as the functions below), so that it is compiled once per
/// format rather than once per tree and format.
#[inline]
fn skip_unknown<E: de::Error>(tag: Option<&'static str>, key: &[u8]) -> Result<Option<usize>, E> {
    check_tag(tag, key)?;
    Ok(None)
}

/// A text key no leaf of a tree that denies unknown fields has: serde's "unknown field" (or
/// "duplicate field" for a second tag).
#[inline]
fn deny_unknown<E: de::Error>(
    tag: Option<&'static str>,
    key: &str,
    names: TreeNames,
) -> Result<Option<usize>, E> {
    check_tag(tag, key.as_bytes())?;
    Err(unknown_field_of(key, names))
}

/// An integer key: the leaf of that index, as serde's derive reads it.
#[inline]
fn index_key<E: de::Error>(index: u64, len: usize, deny: bool) -> Result<Option<usize>, E> {
    match usize::try_from(index) {
        Ok(slot) if slot < len => Ok(Some(slot)),
        _ if deny => Err(E::invalid_value(
            Unexpected::Unsigned(index),
            &FieldIndex(len),
        )),
        _ => Ok(None),
    }
}

impl<T: FlattenFields> KeySeed<T> {
    /// The slot `key` names. Left to LLVM (the rule is at the top of `lib.rs`): forced, it
    /// would be copied into both visitor methods below, and through `visit_borrowed_str` into
    /// each format's key reader, in debug builds too.
    #[inline]
    pub(crate) fn text<E: de::Error>(self, key: &str) -> Result<Option<usize>, E> {
        // The constant guards leave the path a tree does not take out of its code.
        match T::slot_of(key) {
            Some(slot) => Ok(Some(slot)),
            None if const { T::READ.deny_unknown_fields } => {
                deny_unknown(self.tag, key, TreeNames::of::<T>())
            }
            None => skip_unknown(self.tag, key.as_bytes()),
        }
    }
}

impl<T: FlattenFields> Visitor<'_> for KeySeed<T> {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Option<usize>, E> {
        self.text(key)
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, key: &str) -> Result<Option<usize>, E> {
        self.text(key)
    }

    #[inline]
    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Option<usize>, E> {
        match core::str::from_utf8(key) {
            Ok(key) => self.visit_str(key),
            Err(_) if const { T::READ.deny_unknown_fields } => Err(unknown_field_of(
                StackText::<128>::lossy(key).as_str(),
                TreeNames::of::<T>(),
            )),
            Err(_) => Ok(None),
        }
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Option<usize>, E> {
        if const { T::READ.has_flattened } {
            return unknown_integer(const { T::READ.deny_unknown_fields });
        }
        index_key(index, T::LEN, const { T::READ.deny_unknown_fields })
    }

    // serde's derive reads these as unknown keys of a struct with flattened fields, and refuses
    // them (as the defaults do: "expected field identifier") in any other struct.

    fn visit_i64<E: de::Error>(self, key: i64) -> Result<Option<usize>, E> {
        if const { T::READ.has_flattened } {
            return non_name(
                const { T::READ.deny_unknown_fields },
                const { T::READ.notices_non_name_keys },
            );
        }
        Err(E::invalid_type(Unexpected::Signed(key), &self))
    }

    fn visit_bool<E: de::Error>(self, key: bool) -> Result<Option<usize>, E> {
        if const { T::READ.has_flattened } {
            return non_name(
                const { T::READ.deny_unknown_fields },
                const { T::READ.notices_non_name_keys },
            );
        }
        Err(E::invalid_type(Unexpected::Bool(key), &self))
    }

    fn visit_f64<E: de::Error>(self, key: f64) -> Result<Option<usize>, E> {
        if const { T::READ.has_flattened } {
            return non_name(
                const { T::READ.deny_unknown_fields },
                const { T::READ.notices_non_name_keys },
            );
        }
        Err(E::invalid_type(Unexpected::Float(key), &self))
    }

    fn visit_char<E: de::Error>(self, key: char) -> Result<Option<usize>, E> {
        if const { T::READ.has_flattened } {
            return non_name(
                const { T::READ.deny_unknown_fields },
                const { T::READ.notices_non_name_keys },
            );
        }
        Err(E::invalid_type(Unexpected::Char(key), &self))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<usize>, E> {
        if const { T::READ.has_flattened } {
            return non_name(
                const { T::READ.deny_unknown_fields },
                const { T::READ.notices_non_name_keys },
            );
        }
        Err(E::invalid_type(Unexpected::Unit, &self))
    }
}

/// An integer key in a struct with flattened fields: an unknown key (serde's buffer hands it on
/// as one, and a struct that reads the map whole ignores it), or serde's error for it under
/// `deny_unknown_fields`.
#[cold]
fn unknown_integer<E: de::Error>(deny: bool) -> Result<Option<usize>, E> {
    if deny {
        return Err(E::custom("unexpected map key"));
    }
    Ok(None)
}

/// A key that is not a name, in a struct with flattened fields: [`NON_NAME`] for a tree that
/// notices such keys, else an unknown key; serde's error for it under `deny_unknown_fields`.
#[cold]
fn non_name<E: de::Error>(deny: bool, noticed: bool) -> Result<Option<usize>, E> {
    if deny {
        return Err(E::custom("unexpected map key"));
    }
    Ok(noticed.then_some(NON_NAME))
}

/// serde's expectation for an out-of-range field index: "field index 0 <= i < N".
struct FieldIndex(usize);

impl de::Expected for FieldIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "field index 0 <= i < {}", self.0)
    }
}

/// The key seed of a tree with a catch-all map: gives the slot of the leaf a key names, or
/// leaves a key no leaf claims in `rest` (borrowed where the format lends it) for the map, the
/// slot it gives then meaningless. Integer keys always go to the map, never to a slot by index.
///
/// A key naming a leaf the value being read does not have (see
/// [`FlattenDeserialize::owns`](super::FlattenDeserialize::owns): another variant's leaf, a
/// leaf of a flattened `Option` that failed to read) is no leaf's, as serde's flatten leaves
/// such an entry to the fields after: it is kept for the map too.
///
/// The key is written to `rest` rather than handed back for the reason the internally tagged
/// enum's key seed (`TagOrKey`) gives: what the seed hands back passes through the format's
/// `next_key_seed`, which may copy it, and a `RestKey` is 32 bytes just written by narrower
/// stores, a copy whose loads wait for them to retire; the slot is one word.
pub(crate) struct CatchAllKeySeed<'s, 'r, 'de, T: FlattenDeserialize<'de>> {
    /// As [`KeySeed::tag`].
    tag: Option<&'static str>,
    /// The value read so far, asked whether it owns a slot when the tree `CHOOSES`.
    state: &'s T::State,
    /// Where a key no leaf claims is left.
    rest: &'r mut Option<RestKey<'de>>,
}

impl<'s, 'r, 'de, T: FlattenDeserialize<'de>> CatchAllKeySeed<'s, 'r, 'de, T> {
    #[inline]
    pub(crate) fn new(
        tag: Option<&'static str>,
        state: &'s T::State,
        rest: &'r mut Option<RestKey<'de>>,
    ) -> Self {
        CatchAllKeySeed { tag, state, rest }
    }

    /// The slot of the leaf named `key`, if the value being read has that leaf.
    #[inline]
    fn owned_slot(&self, key: &str) -> Option<usize> {
        match T::slot_of(key) {
            Some(slot) if T::CHOOSES && !T::owns(self.state, slot) => None,
            slot => slot,
        }
    }

    /// Leaves `key` for the catch-all.
    #[inline]
    fn keep<E>(self, key: RestKey<'de>) -> Result<usize, E> {
        *self.rest = Some(key);
        Ok(NON_NAME)
    }

    #[inline]
    fn text<E: de::Error>(
        self,
        key: &str,
        rest: impl FnOnce() -> Result<RestKey<'de>, E>,
    ) -> Result<usize, E> {
        match self.owned_slot(key) {
            Some(slot) => Ok(slot),
            None => {
                check_tag(self.tag, key.as_bytes())?;
                self.keep(rest()?)
            }
        }
    }

    #[inline]
    fn bytes<E: de::Error>(
        self,
        key: &[u8],
        rest: impl FnOnce() -> Result<RestKey<'de>, E>,
    ) -> Result<usize, E> {
        match core::str::from_utf8(key)
            .ok()
            .and_then(|key| self.owned_slot(key))
        {
            Some(slot) => Ok(slot),
            None => {
                check_tag(self.tag, key)?;
                self.keep(rest()?)
            }
        }
    }
}

impl<'de, T: FlattenDeserialize<'de>> DeserializeSeed<'de> for CatchAllKeySeed<'_, '_, 'de, T> {
    type Value = usize;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        // As serde's derive reads the keys of a struct with flattened fields: the format says
        // what a key is (YAML a scalar's text, ciborium text or bytes only, MessagePack any
        // value), and the visitor takes what serde's does.
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, T: FlattenDeserialize<'de>> Visitor<'de> for CatchAllKeySeed<'_, '_, 'de, T> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map key")
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<usize, E> {
        self.text(key, || Ok(RestKey::Borrowed(key)))
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<usize, E> {
        #[cfg(feature = "alloc")]
        return self.text(key, || {
            // A name a part of the tree reads unclaimed keys by is kept as its constant.
            Ok(match T::rest_name(key) {
                Some(name) => RestKey::Borrowed(name),
                None => RestKey::Owned(key.to_owned()),
            })
        });
        #[cfg(not(feature = "alloc"))]
        return self.text(key, || Err(transient_key_needs_alloc()));
    }

    #[cfg(feature = "alloc")]
    #[inline]
    fn visit_string<E: de::Error>(self, key: String) -> Result<usize, E> {
        match self.owned_slot(&key) {
            Some(slot) => Ok(slot),
            None => {
                check_tag(self.tag, key.as_bytes())?;
                self.keep(RestKey::Owned(key))
            }
        }
    }

    #[inline]
    fn visit_borrowed_bytes<E: de::Error>(self, key: &'de [u8]) -> Result<usize, E> {
        self.bytes(key, || Ok(RestKey::BorrowedBytes(key)))
    }

    #[inline]
    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<usize, E> {
        #[cfg(feature = "alloc")]
        return self.bytes(key, || Ok(RestKey::OwnedBytes(key.to_vec())));
        #[cfg(not(feature = "alloc"))]
        return self.bytes(key, || Err(transient_key_needs_alloc()));
    }

    #[cfg(feature = "alloc")]
    fn visit_byte_buf<E: de::Error>(self, key: Vec<u8>) -> Result<usize, E> {
        match core::str::from_utf8(&key)
            .ok()
            .and_then(|text| self.owned_slot(text))
        {
            Some(slot) => Ok(slot),
            None => {
                check_tag(self.tag, &key)?;
                self.keep(RestKey::OwnedBytes(key))
            }
        }
    }

    fn visit_u64<E: de::Error>(self, key: u64) -> Result<usize, E> {
        self.keep(RestKey::Unsigned(key))
    }

    fn visit_i64<E: de::Error>(self, key: i64) -> Result<usize, E> {
        self.keep(RestKey::Signed(key))
    }

    fn visit_bool<E: de::Error>(self, key: bool) -> Result<usize, E> {
        self.keep(RestKey::Bool(key))
    }

    fn visit_f64<E: de::Error>(self, key: f64) -> Result<usize, E> {
        self.keep(RestKey::Float(key))
    }

    fn visit_char<E: de::Error>(self, key: char) -> Result<usize, E> {
        self.keep(RestKey::Char(key))
    }

    fn visit_unit<E: de::Error>(self) -> Result<usize, E> {
        self.keep(RestKey::Unit)
    }
}

/// Without a heap, a key the format hands over only for the duration of a call (not borrowed
/// from the input) cannot be kept for a catch-all.
#[cfg(not(feature = "alloc"))]
#[cold]
fn transient_key_needs_alloc<E: de::Error>() -> E {
    E::custom(crate::needs_alloc::TRANSIENT_KEY)
}

/// Reads a key of a map held for a tree read in serde's order, as serde's derive reads the keys
/// of a struct with flattened fields: through `deserialize_identifier`, keeping what serde's
/// field visitor keeps (strings, bytes, integers, floats, booleans, characters, unit).
#[cfg(feature = "alloc")]
pub(crate) struct HeldKeySeed;

#[cfg(feature = "alloc")]
impl<'de> DeserializeSeed<'de> for HeldKeySeed {
    type Value = Content<'de>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Content<'de>, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

#[cfg(feature = "alloc")]
impl<'de> Visitor<'de> for HeldKeySeed {
    type Value = Content<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Content<'de>, E> {
        Ok(Content::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Content<'de>, E> {
        Ok(Content::I64(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Content<'de>, E> {
        Ok(Content::U64(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Content<'de>, E> {
        Ok(Content::F64(v))
    }

    fn visit_char<E>(self, v: char) -> Result<Content<'de>, E> {
        Ok(Content::Char(v))
    }

    fn visit_unit<E>(self) -> Result<Content<'de>, E> {
        Ok(Content::Unit)
    }

    fn visit_str<E>(self, v: &str) -> Result<Content<'de>, E> {
        Ok(Content::String(v.to_owned()))
    }

    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Content<'de>, E> {
        Ok(Content::Str(v))
    }

    fn visit_string<E>(self, v: String) -> Result<Content<'de>, E> {
        Ok(Content::String(v))
    }

    fn visit_bytes<E>(self, v: &[u8]) -> Result<Content<'de>, E> {
        Ok(Content::ByteBuf(v.to_vec()))
    }

    fn visit_borrowed_bytes<E>(self, v: &'de [u8]) -> Result<Content<'de>, E> {
        Ok(Content::Bytes(v))
    }

    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Content<'de>, E> {
        Ok(Content::ByteBuf(v))
    }
}
