//! An untagged enum (`#[serde(untagged)]`, not flattened) whose variants are all structs, given
//! a map: each variant's keys read into its tree as they come.
//!
//! serde's derive holds the whole value and tries each variant on it in declaration order. Given
//! a map, a struct variant that skips keys it does not name depends only on the keys it names,
//! so the enum is read as a flattened one of the same variants is (`flattened_untagged.rs`): a
//! key one variant alone names is read straight into that variant's tree, as serde's buffer
//! reads it ([`read_isolated`](super::speculation::read_isolated): a refusal rules the variant
//! out, as it would fail on the held map); a key two variants name, and a key that is not text,
//! is held and given to each at the end; a key no variant names is read past. The first
//! variant, in declaration order, that reads its keys is the value.
//!
//! Keys are read as serde's buffer reads them (`deserialize_any`), and anything but a map (a
//! sequence, which a struct variant also reads, a scalar) is held and each variant tried on it,
//! as serde does. An enum with a variant that may take any key (a catch-all, or
//! `deny_unknown_fields`, which fails on keys it does not name) holds every value.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Error as _, MapAccess, SeqAccess, Visitor,
};

use super::flattened_untagged::{Claimants, FlattenUntagged, UntaggedTrees};
use super::untagged::{deserialize_held, first_variant};
use crate::buffer::{drop_held, reserve_held, Content, ContentVisitor};

/// Deserializes the untagged enum `E`, whose variants are all structs: a map read side by side
/// into the variants' trees, any other value held and each variant tried on it.
pub fn deserialize_untagged_structs<'de, E, D>(deserializer: D) -> Result<E, D::Error>
where
    E: FlattenUntagged<'de>,
    D: Deserializer<'de>,
{
    if !const { E::Trees::IGNORES_UNNAMED_KEYS } {
        return deserialize_held(deserializer);
    }
    // "No variant matched" is made here, once the format has read the value, as serde's derive
    // makes it after holding the value: a format that marks errors made while it reads with
    // where they happened (serde_json's line and column) does not mark this one.
    match deserializer.deserialize_any(StructsVisitor::<E>(PhantomData))? {
        Some(value) => Ok(value),
        None => Err(D::Error::custom(E::EXPECTING)),
    }
}

/// The visitor of [`deserialize_untagged_structs`]: the value of the first variant that reads
/// the input, `None` when none does.
struct StructsVisitor<E>(PhantomData<fn() -> E>);

/// Visitor methods for values that are not maps: the value held as serde's buffer holds it, and
/// each variant tried on it.
macro_rules! held_whole {
    ($($method:ident($ty:ty))*) => {
        $(
            fn $method<Er: de::Error>(self, value: $ty) -> Result<Option<E>, Er> {
                Ok(first_variant::<E, Er>(&ContentVisitor(PhantomData).$method(value)?))
            }
        )*
    };
}

impl<'de, E: FlattenUntagged<'de>> Visitor<'de> for StructsVisitor<E> {
    type Value = Option<E>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(E::EXPECTING)
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Option<E>, M::Error> {
        let mut states = E::Trees::new_states();
        let mut held = Vec::new();
        let mut key = None;
        while let Some(claimants) = map.next_key_seed(ClaimedKey::<E> {
            held: &mut key,
            variants: PhantomData,
        })? {
            match claimants {
                Claimants::One { position, slot } => {
                    E::Trees::deliver(&mut states, position, slot, &mut map)?;
                }
                Claimants::None => {
                    // Read as serde's buffer reads it, so that the format's errors are serde's.
                    map.next_value_seed(ContentVisitor(PhantomData))?;
                }
                Claimants::Many => {
                    let value = map.next_value_seed(ContentVisitor(PhantomData))?;
                    if let Some(key) = key.take() {
                        reserve_held(&mut held, map.size_hint());
                        held.push((key, value));
                    }
                }
            }
        }
        let value = E::Trees::first_read(states, &held);
        drop_held(held);
        Ok(value.map(E::from_tree))
    }

    held_whole! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
        visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
        visit_u128(u128) visit_f32(f32) visit_f64(f64) visit_char(char) visit_str(&str)
        visit_borrowed_str(&'de str) visit_string(String) visit_bytes(&[u8])
        visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_unit<Er: de::Error>(self) -> Result<Option<E>, Er> {
        Ok(first_variant::<E, Er>(&Content::Unit))
    }

    fn visit_none<Er: de::Error>(self) -> Result<Option<E>, Er> {
        Ok(first_variant::<E, Er>(&Content::None))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<E>, D::Error> {
        let value = ContentVisitor(PhantomData).visit_some(deserializer)?;
        Ok(first_variant::<E, D::Error>(&value))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Option<E>, D::Error> {
        let value = ContentVisitor(PhantomData).visit_newtype_struct(deserializer)?;
        Ok(first_variant::<E, D::Error>(&value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<E>, A::Error> {
        let value = ContentVisitor(PhantomData).visit_seq(seq)?;
        Ok(first_variant::<E, A::Error>(&value))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Option<E>, A::Error> {
        // serde's buffer holds no enum: its error.
        let value = ContentVisitor(PhantomData).visit_enum(data)?;
        Ok(first_variant::<E, A::Error>(&value))
    }
}

/// Reads a key of the map as serde's buffer reads it, and gives the variants that name it. A
/// key two variants name, or one that is not text (each variant's tree reads it at the end, as
/// serde's derive reads a held key), is left in `held`, and given as [`Claimants::Many`].
struct ClaimedKey<'a, 'de, E> {
    held: &'a mut Option<Content<'de>>,
    variants: PhantomData<fn() -> E>,
}

impl<'de, E: FlattenUntagged<'de>> ClaimedKey<'_, 'de, E> {
    /// The variants that name a text key; the key held (made by `hold`) when two do.
    #[inline]
    fn text<Er>(self, key: &str, hold: impl FnOnce() -> Content<'de>) -> Result<Claimants, Er> {
        let claimants = E::Trees::claimants(key, 0, Claimants::None);
        if let Claimants::Many = claimants {
            *self.held = Some(hold());
        }
        Ok(claimants)
    }

    /// Any other key, held.
    #[inline]
    fn hold<Er>(self, key: Result<Content<'de>, Er>) -> Result<Claimants, Er> {
        *self.held = Some(key?);
        Ok(Claimants::Many)
    }
}

impl<'de, E: FlattenUntagged<'de>> DeserializeSeed<'de> for ClaimedKey<'_, 'de, E> {
    type Value = Claimants;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Claimants, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// Visitor methods for keys that are not text: held as serde's buffer holds them.
macro_rules! held_keys {
    ($($method:ident($ty:ty))*) => {
        $(
            fn $method<Er: de::Error>(self, key: $ty) -> Result<Claimants, Er> {
                self.hold(ContentVisitor(PhantomData).$method(key))
            }
        )*
    };
}

impl<'de, E: FlattenUntagged<'de>> Visitor<'de> for ClaimedKey<'_, 'de, E> {
    type Value = Claimants;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map key")
    }

    #[inline]
    fn visit_borrowed_str<Er: de::Error>(self, key: &'de str) -> Result<Claimants, Er> {
        self.text(key, || Content::Str(key))
    }

    #[inline]
    fn visit_str<Er: de::Error>(self, key: &str) -> Result<Claimants, Er> {
        self.text(key, || Content::String(key.to_owned()))
    }

    fn visit_string<Er: de::Error>(self, key: String) -> Result<Claimants, Er> {
        let claimants = E::Trees::claimants(&key, 0, Claimants::None);
        if let Claimants::Many = claimants {
            *self.held = Some(Content::String(key));
        }
        Ok(claimants)
    }

    held_keys! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
        visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
        visit_u128(u128) visit_f32(f32) visit_f64(f64) visit_char(char) visit_bytes(&[u8])
        visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_unit<Er: de::Error>(self) -> Result<Claimants, Er> {
        self.hold(Ok(Content::Unit))
    }

    fn visit_none<Er: de::Error>(self) -> Result<Claimants, Er> {
        self.hold(Ok(Content::None))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Claimants, D::Error> {
        self.hold(ContentVisitor(PhantomData).visit_some(deserializer))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Claimants, D::Error> {
        self.hold(ContentVisitor(PhantomData).visit_newtype_struct(deserializer))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Claimants, A::Error> {
        self.hold(ContentVisitor(PhantomData).visit_seq(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Claimants, A::Error> {
        self.hold(ContentVisitor(PhantomData).visit_map(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Claimants, A::Error> {
        self.hold(ContentVisitor(PhantomData).visit_enum(data))
    }
}
