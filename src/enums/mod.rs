//! Enums deriving FastFlatten: one visitor per representation, generic over the enum, which
//! the derive describes through [`Variants`] (names) and [`DeserializeVariant`] (how each
//! variant reads its content). The generated code is the data and one `match` per entry point;
//! everything else lives here, compiled once per enum by monomorphization.
//!
//! | representation | file | what is held |
//! |---|---|---|
//! | externally tagged `{"V": ..}` | `external.rs` | nothing |
//! | internally tagged `{"type": "V", ..}` | `internal.rs` | the entries before the tag, only when the tag is not first |
//! | adjacently tagged `{"t": "V", "c": ..}` | `adjacent.rs` | the content, only when it precedes the tag |
//! | untagged | `untagged.rs` | the whole value (variants are tried in order) |
//! | untagged, every variant a struct | `untagged_structs.rs` | given a map, only the entries two variants name (each variant reads its own keys in place) |
//!
//! `variant.rs` reads a variant identifier; `tag_guard.rs` watches the rest of an internally
//! tagged map for a second tag; `tagged_serializer.rs` writes an internally tagged newtype
//! variant; `write.rs` writes the shapes every representation shares; `newtype_len.rs` bounds
//! the elements a newtype variant reads from a sequence. `flattened.rs` and
//! `flattened_internal.rs` (the internally tagged one) read an enum flattened into a
//! FastFlatten struct; `flattened_untagged.rs` an untagged one whose variants are structs.

mod adjacent;
#[cfg(feature = "alloc")]
mod ahead;
mod external;
mod flattened;
mod flattened_internal;
#[cfg(feature = "alloc")]
mod flattened_untagged;
mod internal;
mod newtype_len;
mod speculation;
mod tag_guard;
mod tagged_serializer;
mod unit_value;
mod untagged;
#[cfg(feature = "alloc")]
mod untagged_structs;
mod variant;
mod write;

use serde::de::{Deserializer, Error, MapAccess, VariantAccess};

pub use self::adjacent::deserialize_adjacent;
pub use self::external::{deserialize_external, VariantValue};
pub use self::flattened::{external_variant_slot, no_variant_found, AdjacentState};
#[cfg(feature = "alloc")]
pub use self::flattened::{hold_entry, untagged_from_entries};
pub use self::flattened_internal::{
    internal_fill_held, internal_leaves, internal_slot_name, internal_slot_of, Chosen,
    FlattenInternal, InternalState, NoVariant, VariantFields, VariantTree, VariantTrees,
};
#[cfg(feature = "alloc")]
pub use self::flattened_untagged::{Claimants, FlattenUntagged, UntaggedState, UntaggedTrees};
pub use self::internal::{
    deserialize_internal, tagged_unit_variant, tree_key, InternallyTagged, RestOfMap, SoleClaimant,
};
pub use self::newtype_len::{
    ElementsOf, KnownElements, TreeElements, UnknownElements, UNKNOWN_ELEMENTS,
};
pub use self::speculation::{
    ignores_unnamed_keys, read_speculating, HeldAhead, KeysOf, KnownKeys, UnknownKeys,
};
pub use self::tagged_serializer::serialize_tagged_newtype;
#[cfg(not(feature = "alloc"))]
pub use self::untagged::UntaggedNeedsAlloc;
pub use self::untagged::{
    deserialize_untagged, untagged_unit_variant, ReadsHeld, ReadsSideBySide, SideBySide,
    UntaggedReader,
};
#[cfg(feature = "alloc")]
pub use self::untagged_structs::deserialize_untagged_structs;
pub use self::variant::VariantSeed;
pub use self::write::{
    serialize_struct_variant, serialize_tagged, serialize_tagged_struct, serialize_tuple_variant,
    AdjacentTag, SeqValue, TreeValue, TupleFields, TupleSink, TupleValue,
};

/// An enum's names: what a tag may say.
pub trait Variants {
    /// The enum's Rust name, in messages ("internally tagged enum X", "unit variant X::V").
    const RUST_NAME: &'static str;
    /// The enum's name as serde reads it (`rename`), passed to `deserialize_enum` and
    /// `deserialize_struct`.
    const NAME: &'static str;
    /// Every name a variant is read under, aliases included, for "unknown variant" errors and
    /// `deserialize_enum`.
    const VARIANTS: &'static [&'static str];
    /// How many variants can be read by tag (every variant of an untagged enum): their indexes
    /// are `0..COUNT`, in declaration order (variants skipped when deserializing have none;
    /// `#[serde(untagged)]` variants of a tagged enum come after them).
    const COUNT: usize;
    /// The `#[serde(other)]` variant, read for any name no variant has.
    const OTHER: Option<usize> = None;
    /// What the enum's visitor says it expects (serde's text for the representation, or
    /// `#[serde(expecting = "...")]`).
    const EXPECTING: &'static str;

    /// The index of the variant read under `name` (its name or an alias).
    fn variant_of(name: &str) -> Option<usize>;
}

/// Reading one variant of an enum, once its index is known.
pub trait DeserializeVariant<'de>: Variants + Sized {
    /// Reads variant `index` (`< COUNT`) from `deserializer`, which holds the variant's
    /// content: the rest of an internally tagged map, an adjacently tagged enum's content, or
    /// the whole value for an untagged enum.
    fn deserialize_variant<D: Deserializer<'de>>(
        index: usize,
        deserializer: D,
    ) -> Result<Self, D::Error>;

    /// Reads variant `index` of an internally tagged enum from the rest of its map, after the
    /// tag.
    #[inline]
    fn deserialize_tagged_variant<M: MapAccess<'de>>(
        index: usize,
        rest: RestOfMap<'de, M>,
    ) -> Result<Self, M::Error> {
        Self::deserialize_variant(index, rest.deserializer())
    }

    /// Reads variant `index` of an externally tagged enum from the format's `VariantAccess`.
    fn deserialize_variant_access<A: VariantAccess<'de>>(
        index: usize,
        access: A,
    ) -> Result<Self, A::Error> {
        let _ = (index, access);
        Err(A::Error::custom(
            "serde_fastkit: this enum is not externally tagged",
        ))
    }

    /// Whether variant `index` of an adjacently tagged enum is a unit variant, which is written
    /// without content: in a sequence (bincode, postcard), nothing follows its tag.
    fn is_unit(index: usize) -> bool {
        let _ = index;
        false
    }

    /// Variant `index` of an adjacently tagged enum whose content key is absent: a unit
    /// variant, a newtype variant of a type that allows a missing value (`Option`), or serde's
    /// "missing field" error naming the content key.
    fn variant_without_content<E: Error>(index: usize, content: &'static str) -> Result<Self, E> {
        let _ = index;
        Err(E::missing_field(content))
    }
}

/// Reads variant `index` of `E` from a deserializer of its content; for `DeserializeSeed`
/// positions (the content of an adjacently tagged enum, the value of a flattened externally
/// tagged enum's variant key).
pub struct VariantContentSeed<E> {
    index: usize,
    variants: core::marker::PhantomData<fn() -> E>,
}

impl<E> VariantContentSeed<E> {
    /// The seed of variant `index`.
    #[inline]
    pub fn new(index: usize) -> Self {
        VariantContentSeed {
            index,
            variants: core::marker::PhantomData,
        }
    }
}

impl<'de, E: DeserializeVariant<'de>> serde::de::DeserializeSeed<'de> for VariantContentSeed<E> {
    type Value = E;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<E, D::Error> {
        E::deserialize_variant(self.index, deserializer)
    }
}

/// The error for a variant index past the enum's variants. Indexes come from [`VariantSeed`]
/// and are always in range; this keeps a broken hand-written `Variants` from panicking.
#[cold]
pub fn variant_out_of_range<E: Error>() -> E {
    E::custom("serde_fastkit: variant index out of range")
}

/// The error for a variant the enum's representation cannot write (serde's parser rejects such
/// enums at compile time; this keeps the generated code total).
#[cold]
pub fn variant_not_serializable<E: serde::ser::Error>() -> E {
    E::custom("serde_fastkit: this variant cannot be written in the enum's representation")
}
