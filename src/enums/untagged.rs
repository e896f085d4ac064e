//! Untagged enums (`#[serde(untagged)]`): the whole value is held, then each variant is tried
//! on it in declaration order, as serde does; the first that reads it wins.

use core::fmt;

#[cfg(feature = "alloc")]
use serde::de::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use super::DeserializeVariant;
#[cfg(feature = "alloc")]
use crate::buffer::{Content, ContentDeserializer};

/// Deserializes the untagged enum `E`: "data did not match any variant of untagged enum X"
/// (or the `expecting` text) when no variant reads the value.
#[cfg(feature = "alloc")]
pub fn deserialize_untagged<'de, E, D>(deserializer: D) -> Result<E, D::Error>
where
    E: DeserializeVariant<'de>,
    D: Deserializer<'de>,
{
    let content = Content::deserialize(deserializer)?;
    try_variants(&content)
}

/// Without a heap an untagged enum cannot hold its value to try each variant on it: the
/// derived code does not compile, and says why.
#[cfg(not(feature = "alloc"))]
pub fn deserialize_untagged<'de, E, D>(deserializer: D) -> Result<E, D::Error>
where
    E: DeserializeVariant<'de> + UntaggedNeedsAlloc,
    D: Deserializer<'de>,
{
    let _ = deserializer;
    E::unreachable()
}

/// Implemented by no type: the bound that stops an untagged enum from compiling without the
/// `alloc` feature, with a message that names it.
#[cfg(not(feature = "alloc"))]
#[diagnostic::on_unimplemented(
    message = "untagged enums need serde_fastkit's `alloc` feature",
    label = "`{Self}` is untagged (or has an untagged variant)",
    note = "an untagged enum holds the whole value to try each variant on it: enable the `alloc` feature (or `std`)"
)]
pub trait UntaggedNeedsAlloc {
    /// Never called.
    fn unreachable<T>() -> T;
}

/// Tries every variant of `E` on `content`, in order.
#[cfg(feature = "alloc")]
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
