//! Untagged enums (`#[serde(untagged)]`): the whole value is held, then each variant is tried
//! on it in declaration order, as serde does; the first that reads it wins.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use super::DeserializeVariant;
use crate::buffer::{Content, ContentDeserializer};

/// Deserializes the untagged enum `E`: "data did not match any variant of untagged enum X"
/// (or the `expecting` text) when no variant reads the value.
pub fn deserialize_untagged<'de, E, D>(deserializer: D) -> Result<E, D::Error>
where
    E: DeserializeVariant<'de>,
    D: Deserializer<'de>,
{
    let content = Content::deserialize(deserializer)?;
    try_variants(&content)
}

/// Tries every variant of `E` on `content`, in order.
pub(crate) fn try_variants<'de, E, Er>(content: &Content<'de>) -> Result<E, Er>
where
    E: DeserializeVariant<'de>,
    Er: de::Error,
{
    for index in 0..E::COUNT {
        if let Ok(value) =
            E::deserialize_variant(index, ContentDeserializer::<_, Er>::lent(content))
        {
            return Ok(value);
        }
    }
    Err(Er::custom(E::EXPECTING))
}

/// Reads an untagged unit variant: unit or `None` (JSON's `null`).
#[inline]
pub fn untagged_unit_variant<'de, D: Deserializer<'de>>(
    deserializer: D,
    enum_name: &'static str,
    variant: &'static str,
) -> Result<(), D::Error> {
    deserializer.deserialize_any(UntaggedUnitVisitor { enum_name, variant })
}

struct UntaggedUnitVisitor {
    enum_name: &'static str,
    variant: &'static str,
}

impl Visitor<'_> for UntaggedUnitVisitor {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unit variant {}::{}", self.enum_name, self.variant)
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
}
