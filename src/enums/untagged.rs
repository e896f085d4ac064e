//! Untagged enums (`#[serde(untagged)]`): the whole value is held, then each variant is tried
//! on it in declaration order, as serde does; the first that reads it wins. An enum whose
//! variants are all structs reads a map side by side instead (`untagged_structs.rs`): the
//! entry point is given that way when the enum has it ([`UntaggedReader`]).

use core::fmt;
use core::marker::PhantomData;

#[cfg(feature = "alloc")]
use serde::de::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use super::DeserializeVariant;
#[cfg(feature = "alloc")]
use crate::buffer::{Content, ContentDeserializer};

/// How an untagged enum whose variants are all structs reads a map: side by side, each
/// variant's keys into its tree (`untagged_structs.rs`).
pub type SideBySide<'de, E, D> = fn(D) -> Result<E, <D as Deserializer<'de>>::Error>;

/// Deserializes the untagged enum `E`: "data did not match any variant of untagged enum X"
/// (or the `expecting` text) when no variant reads the value. `side_by_side` is how the enum
/// reads a map, when it can ([`UntaggedReader`]); otherwise the value is held whole and each
/// variant tried on it.
#[cfg(feature = "alloc")]
#[inline]
pub fn deserialize_untagged<'de, E, D>(
    deserializer: D,
    side_by_side: Option<SideBySide<'de, E, D>>,
) -> Result<E, D::Error>
where
    E: DeserializeVariant<'de>,
    D: Deserializer<'de>,
{
    match side_by_side {
        Some(read) => read(deserializer),
        None => deserialize_held(deserializer),
    }
}

/// The value held whole, each variant tried on it in order, as serde's derive reads it.
#[cfg(feature = "alloc")]
pub(super) fn deserialize_held<'de, E, D>(deserializer: D) -> Result<E, D::Error>
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
pub fn deserialize_untagged<'de, E, D>(
    deserializer: D,
    side_by_side: Option<SideBySide<'de, E, D>>,
) -> Result<E, D::Error>
where
    E: DeserializeVariant<'de> + UntaggedNeedsAlloc,
    D: Deserializer<'de>,
{
    let _ = (deserializer, side_by_side);
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

/// Which way an untagged enum reads a map, asked where the enum is expanded by method
/// resolution (autoref specialization, as [`KeysOf`](super::KeysOf)):
/// `(&&UntaggedReader::<E>::new()).side_by_side()` resolves to [`ReadsSideBySide`] when `E`
/// implements [`FlattenUntagged`](super::FlattenUntagged) (every variant a struct whose tree
/// can be read), and to [`ReadsHeld`] otherwise: a variant of another shape, or an impl whose
/// bounds do not hold there (a variant whose flattened field is not a tree; a generic enum
/// whose own bounds do not give its trees').
pub struct UntaggedReader<'de, E>(PhantomData<ReaderOf<'de, E>>);

/// What [`UntaggedReader`] holds: the enum asked about, and the input's lifetime it reads.
type ReaderOf<'de, E> = (fn() -> E, &'de ());

impl<E> Default for UntaggedReader<'_, E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E> UntaggedReader<'_, E> {
    /// The question, for `E`.
    #[inline]
    pub const fn new() -> Self {
        UntaggedReader(PhantomData)
    }
}

/// The answer for an enum whose variants are all structs read by their trees (chosen first,
/// through one more reference): `deserialize_untagged_structs` (`untagged_structs.rs`). Without
/// `alloc` nothing is held, and no enum reads side by side either.
pub trait ReadsSideBySide<'de, E> {
    /// How the enum reads a map.
    fn side_by_side<D: Deserializer<'de>>(&self) -> Option<SideBySide<'de, E, D>>;
}

#[cfg(feature = "alloc")]
impl<'de, E: super::FlattenUntagged<'de>> ReadsSideBySide<'de, E> for &UntaggedReader<'de, E> {
    #[inline]
    fn side_by_side<D: Deserializer<'de>>(&self) -> Option<SideBySide<'de, E, D>> {
        Some(super::deserialize_untagged_structs::<E, D>)
    }
}

/// The answer for any other untagged enum: `None`, the value held whole.
pub trait ReadsHeld<'de, E> {
    /// `None`.
    fn side_by_side<D: Deserializer<'de>>(&self) -> Option<SideBySide<'de, E, D>>;
}

impl<'de, E> ReadsHeld<'de, E> for UntaggedReader<'de, E> {
    #[inline]
    fn side_by_side<D: Deserializer<'de>>(&self) -> Option<SideBySide<'de, E, D>> {
        None
    }
}

/// Tries every variant of `E` on `content`, in order.
#[cfg(feature = "alloc")]
pub(crate) fn try_variants<'de, E, Er>(content: &Content<'de>) -> Result<E, Er>
where
    E: DeserializeVariant<'de>,
    Er: de::Error,
{
    first_variant::<E, Er>(content).ok_or_else(|| Er::custom(E::EXPECTING))
}

/// The first variant of `E` that reads `content`, in order; `None` when none does (for the
/// caller to report where serde's derive does). `Er` is the error type the variants are read
/// with, which is not shown.
#[cfg(feature = "alloc")]
pub(crate) fn first_variant<'de, E, Er>(content: &Content<'de>) -> Option<E>
where
    E: DeserializeVariant<'de>,
    Er: de::Error,
{
    (0..E::COUNT).find_map(|index| {
        E::deserialize_variant(index, ContentDeserializer::<_, Er>::lent(content)).ok()
    })
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
