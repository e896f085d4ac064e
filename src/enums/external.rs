//! Externally tagged enums (serde's default): `{"V": content}`, or `"V"` for a unit variant,
//! read through the format's own enum support. Nothing is held.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

use super::unit_value::UnitValue;
use super::{DeserializeVariant, VariantSeed};

/// Deserializes the externally tagged enum `E`.
#[inline(always)]
pub fn deserialize_external<'de, E, D>(deserializer: D) -> Result<E, D::Error>
where
    E: DeserializeVariant<'de>,
    D: Deserializer<'de>,
{
    deserializer.deserialize_enum(E::NAME, E::VARIANTS, ExternalVisitor(PhantomData))
}

struct ExternalVisitor<E>(PhantomData<fn() -> E>);

impl<'de, E: DeserializeVariant<'de>> Visitor<'de> for ExternalVisitor<E> {
    type Value = E;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(E::EXPECTING)
    }

    #[inline(always)]
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<E, A::Error> {
        let (index, variant) = data.variant_seed(VariantSeed::<E, _>::identifier())?;
        E::deserialize_variant_access(index, variant)
    }
}

/// The value under a flattened externally tagged enum's variant key, read as that variant's
/// content: what the format's `VariantAccess` would give for `{"V": value}`.
pub struct VariantValue<D> {
    /// The deserializer of the value.
    pub deserializer: D,
    /// The variant's name as written: the name of the struct a struct variant is read as (RON
    /// checks it when the input names its structs).
    pub name: &'static str,
}

impl<'de, D: Deserializer<'de>> VariantAccess<'de> for VariantValue<D> {
    type Error = D::Error;

    #[inline]
    fn unit_variant(self) -> Result<(), D::Error> {
        // serde's flatten reads the value from its buffer, where an empty map is unit too.
        UnitValue.deserialize(self.deserializer)
    }

    #[inline]
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, D::Error> {
        seed.deserialize(self.deserializer)
    }

    #[inline]
    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        let visitor = BufferedVariant {
            visitor,
            kind: "tuple variant",
        };
        self.deserializer.deserialize_tuple(len, visitor)
    }

    #[inline]
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = BufferedVariant {
            visitor,
            kind: "struct variant",
        };
        self.deserializer
            .deserialize_struct(self.name, fields, visitor)
    }
}

/// A variant's visitor that expects what serde's flatten says it expects when the value has
/// another type ("tuple variant", "struct variant": serde reads the value from its buffer,
/// whose `VariantAccess` does not know the variant's name), so that the error is serde's.
/// Errors inside the value (a length, a field) are the variant's own, as in serde.
struct BufferedVariant<V> {
    visitor: V,
    kind: &'static str,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for BufferedVariant<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind)
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_seq(seq)
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.visitor.visit_map(map)
    }
}
