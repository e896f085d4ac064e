//! Identifying a map key against a whole flattened tree, without copying it.

#[cfg(feature = "alloc")]
use alloc::{borrow::ToOwned, string::String, vec::Vec};
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, Unexpected, Visitor};

use super::errors::{unknown_field_of, TreeNames};
use super::{FlattenFields, RestKey};
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
            None if T::DENY_UNKNOWN_FIELDS => deny_unknown(self.tag, key, TreeNames::of::<T>()),
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
            Err(_) if T::DENY_UNKNOWN_FIELDS => Err(unknown_field_of(
                StackText::<128>::lossy(key).as_str(),
                TreeNames::of::<T>(),
            )),
            Err(_) => Ok(None),
        }
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Option<usize>, E> {
        index_key(index, T::LEN, T::DENY_UNKNOWN_FIELDS)
    }
}

/// serde's expectation for an out-of-range field index: "field index 0 <= i < N".
struct FieldIndex(usize);

impl de::Expected for FieldIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "field index 0 <= i < {}", self.0)
    }
}

/// What a key of a tree with a catch-all map names: a leaf, or the catch-all.
pub(crate) enum TreeKey<'de> {
    Slot(usize),
    Rest(RestKey<'de>),
}

/// The key seed of a tree with a catch-all map: a key no leaf claims is kept (borrowed where the
/// format lends it) for the map. Integer keys always go to the map, never to a slot by index.
pub(crate) struct CatchAllKeySeed<T> {
    /// As [`KeySeed::tag`].
    tag: Option<&'static str>,
    /// Whether the tree takes names only (see
    /// [`FlattenDeserialize::rest_keys_are_names`](super::FlattenDeserialize::rest_keys_are_names)):
    /// then the key is read as an identifier, else as any value.
    names_only: bool,
    tree: PhantomData<fn() -> T>,
}

impl<T> CatchAllKeySeed<T> {
    #[inline]
    pub(crate) fn new(tag: Option<&'static str>, names_only: bool) -> Self {
        CatchAllKeySeed {
            tag,
            names_only,
            tree: PhantomData,
        }
    }
}

impl<'de, T: FlattenFields> DeserializeSeed<'de> for CatchAllKeySeed<T> {
    type Value = TreeKey<'de>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<TreeKey<'de>, D::Error> {
        if self.names_only {
            // As serde's derive reads field names; ciborium answers it with one header read
            // where `deserialize_any` takes two.
            deserializer.deserialize_identifier(self)
        } else {
            // A catch-all map's keys need not be strings (CBOR, YAML, MessagePack).
            deserializer.deserialize_any(self)
        }
    }
}

impl<T: FlattenFields> CatchAllKeySeed<T> {
    #[inline]
    fn text<'de, E: de::Error>(
        &self,
        key: &str,
        rest: impl FnOnce() -> Result<RestKey<'de>, E>,
    ) -> Result<TreeKey<'de>, E> {
        match T::slot_of(key) {
            Some(slot) => Ok(TreeKey::Slot(slot)),
            None => {
                check_tag(self.tag, key.as_bytes())?;
                Ok(TreeKey::Rest(rest()?))
            }
        }
    }

    #[inline]
    fn bytes<'de, E: de::Error>(
        &self,
        key: &[u8],
        rest: impl FnOnce() -> Result<RestKey<'de>, E>,
    ) -> Result<TreeKey<'de>, E> {
        match core::str::from_utf8(key).ok().and_then(T::slot_of) {
            Some(slot) => Ok(TreeKey::Slot(slot)),
            None => {
                check_tag(self.tag, key)?;
                Ok(TreeKey::Rest(rest()?))
            }
        }
    }
}

impl<'de, T: FlattenFields> Visitor<'de> for CatchAllKeySeed<T> {
    type Value = TreeKey<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map key")
    }

    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<TreeKey<'de>, E> {
        self.text(key, || Ok(RestKey::Borrowed(key)))
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<TreeKey<'de>, E> {
        #[cfg(feature = "alloc")]
        return self.text(key, || Ok(RestKey::Owned(key.to_owned())));
        #[cfg(not(feature = "alloc"))]
        return self.text(key, || Err(transient_key_needs_alloc()));
    }

    #[cfg(feature = "alloc")]
    fn visit_string<E: de::Error>(self, key: String) -> Result<TreeKey<'de>, E> {
        match T::slot_of(&key) {
            Some(slot) => Ok(TreeKey::Slot(slot)),
            None => {
                check_tag(self.tag, key.as_bytes())?;
                Ok(TreeKey::Rest(RestKey::Owned(key)))
            }
        }
    }

    fn visit_borrowed_bytes<E: de::Error>(self, key: &'de [u8]) -> Result<TreeKey<'de>, E> {
        self.bytes(key, || Ok(RestKey::BorrowedBytes(key)))
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<TreeKey<'de>, E> {
        #[cfg(feature = "alloc")]
        return self.bytes(key, || Ok(RestKey::OwnedBytes(key.to_vec())));
        #[cfg(not(feature = "alloc"))]
        return self.bytes(key, || Err(transient_key_needs_alloc()));
    }

    #[cfg(feature = "alloc")]
    fn visit_byte_buf<E: de::Error>(self, key: Vec<u8>) -> Result<TreeKey<'de>, E> {
        match core::str::from_utf8(&key).ok().and_then(T::slot_of) {
            Some(slot) => Ok(TreeKey::Slot(slot)),
            None => {
                check_tag(self.tag, &key)?;
                Ok(TreeKey::Rest(RestKey::OwnedBytes(key)))
            }
        }
    }

    fn visit_u64<E: de::Error>(self, key: u64) -> Result<TreeKey<'de>, E> {
        Ok(TreeKey::Rest(RestKey::Unsigned(key)))
    }

    fn visit_i64<E: de::Error>(self, key: i64) -> Result<TreeKey<'de>, E> {
        Ok(TreeKey::Rest(RestKey::Signed(key)))
    }
}

/// Without a heap, a key the format hands over only for the duration of a call (not borrowed
/// from the input) cannot be kept for a catch-all.
#[cfg(not(feature = "alloc"))]
#[cold]
fn transient_key_needs_alloc<E: de::Error>() -> E {
    E::custom(crate::needs_alloc::TRANSIENT_KEY)
}
