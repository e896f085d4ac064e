//! Adjacently tagged enums (`#[serde(tag = "t", content = "c")]`): `{"t": "V", "c": content}`.
//!
//! When the tag comes first (as serde writes it) the content is read in place; content that
//! comes before the tag is held until the tag says how to read it. The same keys, errors and
//! order of checks as serde's derive. The tag is read as a unit variant of the enum, as serde
//! writes it, also at the head of a sequence, so bincode and postcard read what is written there.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    self, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess, Unexpected,
    Visitor,
};

use super::{DeserializeVariant, VariantContentSeed, VariantSeed};
#[cfg(feature = "alloc")]
use crate::buffer::{ContentDeserializer, ContentVisitor};

/// Deserializes the adjacently tagged enum `E`; `fields` is `&[tag, content]`.
#[inline(always)]
pub fn deserialize_adjacent<'de, E, D>(
    deserializer: D,
    fields: &'static [&'static str; 2],
    deny_unknown_fields: bool,
) -> Result<E, D::Error>
where
    E: DeserializeVariant<'de>,
    D: Deserializer<'de>,
{
    let keys = Keys {
        tag: fields[0],
        content: fields[1],
        deny_unknown_fields,
    };
    // Asked only where it decides something (see `visit_seq`): serde's derive never asks, and
    // a deserializer may not answer (serde_test's, unless configured).
    let human_readable = (0..E::COUNT).any(E::is_unit) && deserializer.is_human_readable();
    deserializer.deserialize_struct(
        E::NAME,
        fields,
        AdjacentVisitor {
            keys,
            human_readable,
            variants: PhantomData::<fn() -> E>,
        },
    )
}

#[derive(Clone, Copy)]
struct Keys {
    tag: &'static str,
    content: &'static str,
    deny_unknown_fields: bool,
}

enum Key {
    Tag,
    Content,
    Other,
}

impl Keys {
    /// The next key that is the tag or the content; other keys are skipped with their values
    /// (or are serde's error under `deny_unknown_fields`).
    fn next<'de, M: MapAccess<'de>>(self, map: &mut M) -> Result<Option<Key>, M::Error> {
        loop {
            match map.next_key_seed(self)? {
                Some(Key::Other) => {
                    map.next_value::<IgnoredAny>()?;
                }
                relevant => return Ok(relevant),
            }
        }
    }

    /// Reads the keys left after the enum: a second tag or content is a duplicate.
    fn finish<'de, M: MapAccess<'de>, T>(self, map: &mut M, value: T) -> Result<T, M::Error> {
        match self.next(map)? {
            Some(Key::Tag) => Err(M::Error::duplicate_field(self.tag)),
            Some(Key::Content) => Err(M::Error::duplicate_field(self.content)),
            Some(Key::Other) | None => Ok(value),
        }
    }

    fn classify<E: de::Error>(self, key: &[u8], unexpected: Unexpected<'_>) -> Result<Key, E> {
        if key == self.tag.as_bytes() {
            Ok(Key::Tag)
        } else if key == self.content.as_bytes() {
            Ok(Key::Content)
        } else if self.deny_unknown_fields {
            Err(E::invalid_value(unexpected, &self))
        } else {
            Ok(Key::Other)
        }
    }
}

impl<'de> DeserializeSeed<'de> for Keys {
    type Value = Key;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Key, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Keys {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.deny_unknown_fields {
            write!(f, "{:?} or {:?}", self.tag, self.content)
        } else {
            write!(
                f,
                "{:?}, {:?}, or other ignored fields",
                self.tag, self.content
            )
        }
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Key, E> {
        match index {
            0 => Ok(Key::Tag),
            1 => Ok(Key::Content),
            _ if self.deny_unknown_fields => {
                Err(E::invalid_value(Unexpected::Unsigned(index), &self))
            }
            _ => Ok(Key::Other),
        }
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
        self.classify(key.as_bytes(), Unexpected::Str(key))
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Key, E> {
        self.classify(key, Unexpected::Bytes(key))
    }
}

struct AdjacentVisitor<E> {
    keys: Keys,
    /// Whether the format is a text format, whose sequences of unknown length (a JSON array)
    /// may hold a unit variant's content after its tag.
    human_readable: bool,
    variants: PhantomData<fn() -> E>,
}

impl<'de, E: DeserializeVariant<'de>> Visitor<'de> for AdjacentVisitor<E> {
    type Value = E;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(E::EXPECTING)
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<E, M::Error> {
        let keys = self.keys;
        match keys.next(&mut map)? {
            Some(Key::Tag) => {
                let index = map.next_value_seed(VariantSeed::<E, _>::unit_variant())?;
                match keys.next(&mut map)? {
                    Some(Key::Tag) => Err(M::Error::duplicate_field(keys.tag)),
                    Some(Key::Content) => {
                        let value = map.next_value_seed(VariantContentSeed::<E>::new(index))?;
                        keys.finish(&mut map, value)
                    }
                    Some(Key::Other) | None => E::variant_without_content(index, keys.content),
                }
            }
            Some(Key::Content) => content_first::<E, M>(keys, &mut map),
            Some(Key::Other) | None => Err(M::Error::missing_field(keys.tag)),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<E, A::Error> {
        let Some(index) = seq.next_element_seed(VariantSeed::<E, _>::tag_in_sequence())? else {
            return Err(A::Error::invalid_length(0, &self));
        };
        // A unit variant is written as a struct of one field, the tag; a sequence that says
        // nothing is left ends there. Where something may be left, the content is read as
        // serde's derive reads it: a text sequence of unknown length (a JSON array) or a held
        // one (human-readable, as serde's buffer is) may hold it. A binary format's `size_hint`
        // may count the fields asked for, not those written (bincode, bitcode), or be `None`
        // near the end of its input (postcard), so the content is asked for as unit there,
        // which those formats give without reading anything and MessagePack reads from `nil`.
        // (serde asks for a second element even where it wrote one, and so cannot read its own
        // output from such a sequence.)
        if E::is_unit(index) {
            if seq.size_hint() == Some(0) {
                return E::variant_without_content(index, self.keys.content);
            }
            if !self.human_readable {
                seq.next_element_seed(UnitContent)?;
                return E::variant_without_content(index, self.keys.content);
            }
        }
        match seq.next_element_seed(VariantContentSeed::<E>::new(index))? {
            Some(value) => Ok(value),
            None => Err(A::Error::invalid_length(1, &self)),
        }
    }
}

/// A unit variant's content in a binary format's sequence, asked for as unit: `nil` or
/// nothing at all.
struct UnitContent;

impl<'de> DeserializeSeed<'de> for UnitContent {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_unit(self)
    }
}

impl Visitor<'_> for UnitContent {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unit")
    }

    fn visit_unit<Er: de::Error>(self) -> Result<(), Er> {
        Ok(())
    }

    fn visit_none<Er: de::Error>(self) -> Result<(), Er> {
        Ok(())
    }
}

/// The content came before the tag: it is held until the tag says which variant reads it.
#[cfg(feature = "alloc")]
fn content_first<'de, E: DeserializeVariant<'de>, M: MapAccess<'de>>(
    keys: Keys,
    map: &mut M,
) -> Result<E, M::Error> {
    let content = map.next_value_seed(ContentVisitor(PhantomData))?;
    match keys.next(map)? {
        Some(Key::Tag) => {
            let index = map.next_value_seed(VariantSeed::<E, _>::unit_variant())?;
            let value = E::deserialize_variant(index, ContentDeserializer::moved(content))?;
            keys.finish(map, value)
        }
        Some(Key::Content) => Err(M::Error::duplicate_field(keys.content)),
        Some(Key::Other) | None => Err(M::Error::missing_field(keys.tag)),
    }
}

/// The content came before the tag: without a heap it cannot be held.
#[cfg(not(feature = "alloc"))]
fn content_first<'de, E: DeserializeVariant<'de>, M: MapAccess<'de>>(
    _keys: Keys,
    _map: &mut M,
) -> Result<E, M::Error> {
    Err(M::Error::custom(crate::needs_alloc::CONTENT_BEFORE_TAG))
}
