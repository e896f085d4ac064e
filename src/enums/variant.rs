//! Reading which variant a tag names: by name (with aliases), by index, or as the
//! `#[serde(other)]` variant, with serde's errors.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Unexpected, VariantAccess, Visitor,
};

use super::Variants;

/// How a variant identifier is read from the format: a type, not a runtime value, so that a
/// seed instantiates only the read it makes (a runtime choice compiled all three per format
/// and enum, `deserialize_enum` included, for every externally and internally tagged enum).
pub trait Read {
    /// Reads the identifier of a variant of `E` from `deserializer` into its index.
    fn read<'de, E: Variants, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error>;
}

/// `deserialize_identifier`: map keys and tags of self-describing formats.
pub enum Identifier {}

/// `deserialize_str`: the tag at the head of a sequence (formats without identifiers).
pub enum Str {}

/// `deserialize_enum` of a unit variant: an adjacently tagged enum's tag, written with
/// `serialize_unit_variant` (a string in JSON, the variant's index in bincode).
pub enum UnitVariant {}

/// [`UnitVariant`] for the tag at the head of a sequence, which serde's derive reads as a
/// field identifier: from a held sequence, a variant index too (formats give `deserialize_enum`
/// no integer; serde's buffer, and ours, give the visitor one).
pub enum TagInSequence {}

/// What serde's flatten reads an adjacently tagged enum's tag from: the value held as it came
/// (`deserialize_any`), then a string naming the variant, or a map of one entry whose key names
/// it (`ContentDeserializer::deserialize_enum`).
pub enum Held {}

impl Read for Identifier {
    #[inline]
    fn read<'de, E: Variants, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_identifier(VariantVisitor::<E>(PhantomData))
    }
}

impl Read for Str {
    #[inline]
    fn read<'de, E: Variants, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_str(VariantVisitor::<E>(PhantomData))
    }
}

impl Read for Held {
    #[inline]
    fn read<'de, E: Variants, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_any(HeldTagVisitor::<E>(PhantomData))
    }
}

impl Read for UnitVariant {
    #[inline]
    fn read<'de, E: Variants, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_enum(E::NAME, E::VARIANTS, UnitVariantVisitor::<E>(PhantomData))
    }
}

impl Read for TagInSequence {
    #[inline]
    fn read<'de, E: Variants, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_enum(E::NAME, E::VARIANTS, SeqTagVisitor::<E>(PhantomData))
    }
}

/// Reads a variant identifier of `E` into the variant's index, the way `R` says.
pub struct VariantSeed<E, R> {
    read: PhantomData<fn() -> (E, R)>,
}

impl<E> VariantSeed<E, Identifier> {
    /// Reads the identifier with `deserialize_identifier`.
    #[inline]
    pub fn identifier() -> Self {
        VariantSeed { read: PhantomData }
    }
}

impl<E> VariantSeed<E, Str> {
    /// Reads the identifier with `deserialize_str`.
    #[inline]
    pub fn str() -> Self {
        VariantSeed { read: PhantomData }
    }
}

impl<E> VariantSeed<E, Held> {
    /// Reads the identifier as serde's flatten reads it from its buffer.
    #[inline]
    pub fn held() -> Self {
        VariantSeed { read: PhantomData }
    }
}

impl<E> VariantSeed<E, UnitVariant> {
    /// Reads the identifier as a unit variant of `E` (`deserialize_enum`).
    #[inline]
    pub fn unit_variant() -> Self {
        VariantSeed { read: PhantomData }
    }
}

impl<E> VariantSeed<E, TagInSequence> {
    /// Reads the tag at the head of a sequence as a unit variant of `E`, or its index.
    #[inline]
    pub fn tag_in_sequence() -> Self {
        VariantSeed { read: PhantomData }
    }
}

impl<'de, E: Variants, R: Read> DeserializeSeed<'de> for VariantSeed<E, R> {
    type Value = usize;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        R::read::<E, D>(deserializer)
    }
}

/// serde's variant identifier visitor: a name or alias, a variant index, or the fallback.
struct VariantVisitor<E>(PhantomData<fn() -> E>);

impl<E: Variants> VariantVisitor<E> {
    #[inline]
    fn name<Er: de::Error>(key: &str) -> Result<usize, Er> {
        match E::variant_of(key).or(E::OTHER) {
            Some(index) => Ok(index),
            None => Err(Er::unknown_variant(key, E::VARIANTS)),
        }
    }
}

impl<E: Variants> Visitor<'_> for VariantVisitor<E> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_u64<Er: de::Error>(self, index: u64) -> Result<usize, Er> {
        match usize::try_from(index) {
            Ok(index) if index < E::COUNT => Ok(index),
            _ => match E::OTHER {
                Some(other) => Ok(other),
                None => Err(Er::invalid_value(
                    Unexpected::Unsigned(index),
                    &VariantIndex(E::COUNT),
                )),
            },
        }
    }

    #[inline]
    fn visit_str<Er: de::Error>(self, key: &str) -> Result<usize, Er> {
        Self::name(key)
    }

    fn visit_bytes<Er: de::Error>(self, key: &[u8]) -> Result<usize, Er> {
        match core::str::from_utf8(key)
            .ok()
            .and_then(E::variant_of)
            .or(E::OTHER)
        {
            Some(index) => Ok(index),
            None => Err(Er::unknown_variant(
                crate::stack_text::StackText::<128>::lossy(key).as_str(),
                E::VARIANTS,
            )),
        }
    }
}

/// serde's expectation for an out-of-range variant index: "variant index 0 <= i < N".
struct VariantIndex(usize);

impl de::Expected for VariantIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "variant index 0 <= i < {}", self.0)
    }
}

/// An adjacently tagged enum's tag: a unit variant of the enum.
struct UnitVariantVisitor<E>(PhantomData<fn() -> E>);

impl<'de, E: Variants> Visitor<'de> for UnitVariantVisitor<E> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "variant of enum {}", E::RUST_NAME)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<usize, A::Error> {
        let (index, variant) = data.variant_seed(VariantSeed::<E, _>::identifier())?;
        variant.unit_variant()?;
        Ok(index)
    }
}

/// The tag at the head of a sequence: a unit variant, or a variant index, which a held
/// sequence may give (serde's derive reads the tag there as a field identifier, which takes
/// one; a map's tag it reads with `deserialize_enum`, which takes none).
struct SeqTagVisitor<E>(PhantomData<fn() -> E>);

impl<'de, E: Variants> Visitor<'de> for SeqTagVisitor<E> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        UnitVariantVisitor::<E>(PhantomData).expecting(f)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<usize, A::Error> {
        UnitVariantVisitor::<E>(PhantomData).visit_enum(data)
    }

    fn visit_u64<Er: de::Error>(self, index: u64) -> Result<usize, Er> {
        VariantVisitor::<E>(PhantomData).visit_u64(index)
    }
}

/// The tag of an adjacently tagged enum flattened into a struct, as serde's derive reads it
/// from the entry it held: a string, or a map of one entry whose value is unit (`{"A": null}`);
/// an enum's unit variant too, where a format gives one.
struct HeldTagVisitor<E>(PhantomData<fn() -> E>);

impl<'de, E: Variants> Visitor<'de> for HeldTagVisitor<E> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("string or map")
    }

    fn visit_str<Er: de::Error>(self, name: &str) -> Result<usize, Er> {
        VariantVisitor::<E>::name(name)
    }

    fn visit_map<M: de::MapAccess<'de>>(self, mut map: M) -> Result<usize, M::Error> {
        let Some(index) = map.next_key_seed(VariantSeed::<E, _>::identifier())? else {
            return Err(de::Error::invalid_value(
                Unexpected::Map,
                &"map with a single key",
            ));
        };
        map.next_value::<UnitValue>()?;
        match map.next_key::<de::IgnoredAny>()? {
            None => Ok(index),
            Some(_) => Err(de::Error::invalid_value(
                Unexpected::Map,
                &"map with a single key",
            )),
        }
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<usize, A::Error> {
        UnitVariantVisitor::<E>(PhantomData).visit_enum(data)
    }
}

/// The value of a unit variant written as a map's one entry: unit or nil.
struct UnitValue;

impl<'de> de::Deserialize<'de> for UnitValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct UnitVisitor;

        impl Visitor<'_> for UnitVisitor {
            type Value = UnitValue;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("unit variant")
            }

            fn visit_unit<E>(self) -> Result<UnitValue, E> {
                Ok(UnitValue)
            }

            fn visit_none<E>(self) -> Result<UnitValue, E> {
                Ok(UnitValue)
            }
        }

        deserializer.deserialize_any(UnitVisitor)
    }
}
