//! The field-level traits behind `#[derive(FastFlatten)]`, public so that hand-written types can
//! join a flattened tree.
//!
//! serde's `#[serde(flatten)]` buffers every key the outer struct does not know into its
//! private `Content` and replays the buffer into the flattened fields. A FastFlatten tree instead
//! reads each key once: [`FlattenFields::slot_of`] maps it to a *slot* (a number over all leaves
//! of the whole tree, own fields and flattened fields in declaration order), and
//! [`FlattenDeserialize::deserialize_slot`] deserializes the value straight into that leaf's
//! place in the tree's [`FlattenDeserialize::State`]. Formats that write structs as sequences
//! (bincode, bitcode, postcard, rmp-serde's array mode) read the leaves in order through
//! [`FlattenDeserialize::deserialize_leaves`]. Serializing writes every leaf into one
//! `serialize_struct` through [`FlattenSerialize`].
//!
//! A type joins a tree by implementing the three traits; its `Serialize` and `Deserialize` then
//! come from [`serialize_struct`] and [`deserialize_struct`]. The items these docs show are what such an
//! implementation uses, and follow semantic versioning. The traits' other items (hidden here,
//! with default bodies that suit a hand-written type) are the derive's protocol: generated code
//! calls them, and they may change in any release, as may anything under `__private`. The
//! derive writes exactly this for you:
//!
//! ```
//! use serde::de::{self, MapAccess, SeqAccess};
//! use serde_fastkit::flatten::{self, FieldSink, FlattenDeserialize, FlattenFields, FlattenSerialize, SeqLeaves};
//!
//! /// A point whose `x` and `y` can be flattened into another struct.
//! #[derive(Debug, PartialEq)]
//! struct Point { x: i32, y: i32 }
//!
//! impl FlattenFields for Point {
//!     const LEN: usize = 2;
//!     const FIELDS: &'static [&'static str] = &["x", "y"];
//!
//!     fn slot_of(key: &str) -> Option<usize> {
//!         match key { "x" => Some(0), "y" => Some(1), _ => None }
//!     }
//! }
//!
//! impl<'de> FlattenDeserialize<'de> for Point {
//!     type State = (Option<i32>, Option<i32>);
//!
//!     fn new_state() -> Self::State { (None, None) }
//!
//!     fn state_is_empty(state: &Self::State) -> bool { state.0.is_none() && state.1.is_none() }
//!
//!     fn deserialize_slot<M: MapAccess<'de>>(
//!         state: &mut Self::State, slot: usize, map: &mut M,
//!     ) -> Result<(), M::Error> {
//!         match slot {
//!             0 => flatten::deserialize_leaf(&mut state.0, "x", map),
//!             _ => flatten::deserialize_leaf(&mut state.1, "y", map),
//!         }
//!     }
//!
//!     fn finish<E: de::Error>(state: Self::State) -> Result<Self, E> {
//!         Ok(Point {
//!             x: state.0.ok_or_else(|| E::missing_field("x"))?,
//!             y: state.1.ok_or_else(|| E::missing_field("y"))?,
//!         })
//!     }
//!
//!     fn deserialize_leaves<A: SeqAccess<'de>>(leaves: &mut SeqLeaves<'_, A>) -> Result<Self, A::Error> {
//!         Ok(Point { x: leaves.required_leaf()?, y: leaves.required_leaf()? })
//!     }
//! }
//!
//! impl FlattenSerialize for Point {
//!     fn serialized_len(&self) -> usize { 2 }
//!
//!     fn serialize_leaves<S: FieldSink>(&self, out: &mut S) -> Result<(), S::Error> {
//!         out.field("x", &self.x)?;
//!         out.field("y", &self.y)
//!     }
//! }
//!
//! impl serde::Serialize for Point {
//!     fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
//!         flatten::serialize_struct(self, serializer, "Point")
//!     }
//! }
//!
//! impl<'de> serde::Deserialize<'de> for Point {
//!     fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
//!         flatten::deserialize_struct(deserializer, "Point")
//!     }
//! }
//!
//! // `Point` now flattens into derived types:
//! #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
//! struct Pin { label: String, #[serde(flatten)] at: Point }
//!
//! let pin: Pin = serde_json::from_str(r#"{"x":1,"label":"home","y":2}"#).unwrap();
//! assert_eq!(pin, Pin { label: "home".into(), at: Point { x: 1, y: 2 } });
//! assert_eq!(serde_json::to_string(&pin).unwrap(), r#"{"label":"home","x":1,"y":2}"#);
//! ```

mod both_halves;
#[cfg(feature = "alloc")]
mod buffered;
mod catch_all;
#[cfg(feature = "alloc")]
mod dedup_sink;
mod errors;
mod field_list;
mod flat_serializer;
mod foreign_maps;
pub(crate) mod held_map;
mod key;
mod leaf;
mod names;
mod option;
mod read_shape;
mod rest_key;
mod seen;
mod seq_leaves;
pub(crate) mod serde_flatten;
mod sink;
pub(crate) mod variant_body;
mod visitor;
mod wrappers;
mod write_shape;

use serde::de::{self, Deserializer, MapAccess, SeqAccess};
use serde::ser::{SerializeMap, SerializeStruct, Serializer};

pub use self::both_halves::FlattenBoth;
#[cfg(feature = "alloc")]
pub(crate) use self::held_map::fill_in_serde_order_after;
#[doc(hidden)]
pub use self::held_map::{HeldMap, HeldMode};
pub use self::leaf::deserialize_leaf;
#[cfg(feature = "alloc")]
pub(crate) use self::names::read_name;
#[doc(hidden)]
pub use self::names::NamePart;
pub(crate) use self::names::{has_aliases, reads};
pub use self::read_shape::ReadShape;
#[doc(hidden)]
pub use self::rest_key::RestClaim;
#[doc(hidden)]
pub use self::rest_key::{RestKey, RestKeyDeserializer};
pub use self::seq_leaves::SeqLeaves;
pub use self::sink::FieldSink;
pub(crate) use self::sink::{MapSink, StructSink, StructVariantSink};
pub(crate) use self::visitor::fill_from_map;
use self::visitor::{deserialize_tree, Expecting};
#[cfg(feature = "alloc")]
pub(crate) use self::visitor::{fill_from_held, fill_from_held_in_place};
#[doc(hidden)]
pub use self::write_shape::WriteShape;

/// What the facade for generated code (`crate::__private`) re-exports from the flatten runtime:
/// helpers a derived type calls and a hand-written one has no need for.
pub(crate) mod for_derive {
    #[cfg(feature = "alloc")]
    pub use super::buffered::{Buffered, BufferedState};
    pub use super::catch_all::{
        catch_all_insert, catch_all_is_empty, catch_all_len, serialize_catch_all,
    };
    pub use super::errors::{catch_all_in_sequence, slot_out_of_range};
    pub use super::field_list::{concat_fields, max_len, newtype_fields, unnamed_fields};
    pub use super::flat_serializer::{flat_len, serialize_flat};
    pub use super::held_map::{fill_catch_all_held, held_mode};
    pub use super::leaf::deserialize_leaf_in_place;
    pub use super::names::{check_names, skip_written_leaves};
    pub use super::seen::SeenLeaves;
    pub use super::seq_leaves::IgnoredStr;
    pub use super::visitor::Expecting;
    pub use super::visitor::{deserialize_map_only, deserialize_struct_variant, deserialize_tree};
}

/// The leaves a type contributes to a flattened tree, known without a lifetime.
///
/// Slots `0..LEN` number the leaves in declaration order (a flattened field contributes its
/// own `LEN` slots in its place). Fields skipped when deserializing have no slot.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened by FastFlatten",
    label = "`{Self}` does not implement `FlattenFields`",
    note = "if `{Self}` is a type of this crate: derive `serde_fastkit::FastFlatten` on it (in place of `Serialize, Deserialize`), or `FastDeserialize` for its reading half alone",
    note = "if it is another crate's or the standard library's, or its `Deserialize` is written by hand: mark the field `#[fast_flatten(buffered)]` to read it as serde does",
    note = "if it is a map of another crate catching the unclaimed keys: enable serde_fastkit's feature `serde_json` (`serde_json::Map`, `Value`), `indexmap_2` or `indexmap_1`, or mark the field `#[fast_flatten(catch_all)]`"
)]
pub trait FlattenFields {
    /// How many slots (deserializable leaves) this type has.
    const LEN: usize;

    /// The leaves' names in slot order (their primary deserialize names); `LEN` entries.
    ///
    /// Passed to `Deserializer::deserialize_struct`, where length-prefixed formats use its
    /// length. A type whose flattened field is a type parameter cannot concatenate its
    /// children's names in a constant on stable Rust and lists placeholders of the right count.
    const FIELDS: &'static [&'static str];

    #[doc(hidden)]
    /// The names this type reads (every alias included) and writes, nested as its tree is,
    /// for the compile-time check that no two leaves of a tree answer to the same key, and for
    /// the names an "unknown field" error lists when `FIELDS` cannot name them.
    const NAME_TREE: &'static [NamePart] = &[];

    /// What reading the type needs to know of its shape ([`ReadShape`]): whether it denies
    /// unknown fields, holds a catch-all, and the like. The derive computes it from the type and
    /// its flattened fields; a hand-written impl keeps the default, a struct of leaves that
    /// skips unknown keys, or sets `deny_unknown_fields`.
    const READ: ReadShape = ReadShape::LEAVES;

    /// The slot of the leaf named `key` (by name or alias), or `None` for an unknown key.
    fn slot_of(key: &str) -> Option<usize>;

    #[doc(hidden)]
    /// The slot of this type's own leaf (not a flattened field's) named `key`: what a tree
    /// read in serde's order reads in place. Only such trees need it.
    fn own_slot_of(key: &str) -> Option<usize> {
        let _ = key;
        None
    }

    #[doc(hidden)]
    /// The name of the leaf at `slot` (`< LEN`): its `FIELDS` entry. A flattened internally
    /// tagged enum uses it to move a value read before the tag to the same-named leaf of the
    /// variant the tag chose. A tree whose `FIELDS` holds placeholders answers from its parts.
    fn slot_name(slot: usize) -> Option<&'static str> {
        Self::FIELDS.get(slot).copied()
    }
}

/// Deserialization of a type's leaves wherever they appear in a flattened tree.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened by FastFlatten",
    label = "`{Self}` does not implement `FlattenDeserialize`",
    note = "if `{Self}` is a type of this crate: derive `serde_fastkit::FastFlatten` on it (in place of `Serialize, Deserialize`), or `FastDeserialize` for its reading half alone",
    note = "if it is another crate's or the standard library's, or its `Deserialize` is written by hand: mark the field `#[fast_flatten(buffered)]` to read it as serde does",
    note = "if it is a map of another crate catching the unclaimed keys: enable serde_fastkit's feature `serde_json` (`serde_json::Map`, `Value`), `indexmap_2` or `indexmap_1`, or mark the field `#[fast_flatten(catch_all)]`"
)]
pub trait FlattenDeserialize<'de>: FlattenFields + Sized {
    /// The leaves read so far: typically one `Option` per own leaf and a child `State` per
    /// flattened field. It may borrow from the input (`'de`).
    type State;

    /// The state before any key has been read.
    fn new_state() -> Self::State;

    /// Whether no leaf of this type has been read into `state`: a flattened field with
    /// `#[serde(default)]` then takes its default, and a flattened `Option` is `None`.
    fn state_is_empty(state: &Self::State) -> bool;

    #[doc(hidden)]
    /// Whether some of this type's leaves are chosen while reading: the variant of a flattened
    /// enum, by its tag. A key may then name a leaf the value does not have ([`owns`]).
    /// Structs own every leaf.
    ///
    /// [`owns`]: FlattenDeserialize::owns
    const CHOOSES: bool = false;

    #[doc(hidden)]
    /// Whether the leaf at `slot` is part of the value `state` is building (asked only when
    /// [`CHOOSES`](FlattenDeserialize::CHOOSES)): a key naming a leaf of another variant than
    /// the one the tag chose is an unknown key, skipped, or an error when any struct of the
    /// tree denies unknown fields.
    #[inline]
    fn owns(state: &Self::State, slot: usize) -> bool {
        let _ = (state, slot);
        true
    }

    /// Deserializes the map's next value into the leaf at `slot` (`< LEN`), reporting serde's
    /// "duplicate field" error if that leaf was already read.
    fn deserialize_slot<M: MapAccess<'de>>(
        state: &mut Self::State,
        slot: usize,
        map: &mut M,
    ) -> Result<(), M::Error>;

    /// Builds the value from the leaves read: a missing leaf takes its default or is serde's
    /// "missing field" error.
    fn finish<E: de::Error>(state: Self::State) -> Result<Self, E>;

    /// Reads the leaves in slot order from a sequence (formats that write structs as tuples).
    fn deserialize_leaves<A: SeqAccess<'de>>(
        leaves: &mut SeqLeaves<'_, A>,
    ) -> Result<Self, A::Error>;

    #[doc(hidden)]
    /// Whether this type takes `key`, which no leaf of the tree claims, and how: by name (a
    /// buffered struct's field or enum's variant, which comes before any catch-all), as a
    /// catch-all that takes every such key, or not at all. A buffered field learns its names
    /// from its type on the first such key, hence `&mut`.
    #[inline]
    fn rest_claim(state: &mut Self::State, key: &RestKey<'de>) -> RestClaim {
        let _ = (state, key);
        if const { Self::READ.catch_all } {
            RestClaim::All
        } else {
            RestClaim::No
        }
    }

    #[doc(hidden)]
    /// The constant under which a part of the tree that takes unclaimed keys by name reads
    /// `key` (a leaf of a flattened untagged enum's variant, which is not a slot of the tree):
    /// a key the format lends only for the call is then kept as that constant, not copied.
    /// `None` for any other key, and by default.
    #[inline]
    fn rest_name(key: &str) -> Option<&'static str> {
        let _ = key;
        None
    }

    #[doc(hidden)]
    /// Whether this value takes every key no leaf claims (a catch-all map, a buffered field
    /// whose type reads a map), as opposed to none or only keys it names: learned from the
    /// types of buffered fields on the first call, hence `&mut`. At most
    /// [`READ`](FlattenFields::READ)`.catch_all`.
    #[inline]
    fn rest_takes_all(state: &mut Self::State) -> bool {
        let _ = state;
        const { Self::READ.catch_all }
    }

    #[doc(hidden)]
    /// Whether this value is read in serde's order ([`ReadShape::serde_order`] is the
    /// shape's answer; this one knows what the buffered fields take). Asked once per map,
    /// before its first key.
    #[inline]
    fn reads_in_serde_order(state: &mut Self::State) -> bool {
        let _ = state;
        const { Self::READ.serde_order }
    }

    #[doc(hidden)]
    /// Reads this type's leaves from entries held for it, as serde's flatten hands them to a
    /// flattened field: taking the entries it reads, or only viewing them (`mode`). Used where
    /// a tree is read in serde's order ([`ReadShape::serde_order`]).
    fn fill_held<E: de::Error>(
        state: &mut Self::State,
        held: &mut HeldMap<'de>,
        mode: HeldMode,
    ) -> Result<(), E> {
        if const { Self::READ.serde_order } && Self::reads_in_serde_order(state) {
            held_map::fill_held_in_serde_order::<Self, E>(state, held, mode)
        } else {
            held.fill::<Self, E>(state, mode, None)
        }
    }

    #[doc(hidden)]
    /// Fills every flattened field of a tree read in serde's order from the held entries, in
    /// declaration order (generated for such trees).
    fn fill_members<E: de::Error>(
        state: &mut Self::State,
        held: &mut HeldMap<'de>,
    ) -> Result<(), E> {
        let _ = (state, held);
        Ok(())
    }

    #[doc(hidden)]
    /// Told of a key that is not a name (a boolean, a negative integer, a float, a character,
    /// unit: CBOR, MessagePack) in a struct with flattened fields. serde's derive holds such a
    /// key, and a flattened field that reads every held entry (a struct with flattened fields,
    /// an internally tagged or untagged enum, a map) fails on it when it reads its keys as
    /// names; a flattened `Option` of such a type is then `None`, which this makes it.
    #[inline]
    fn non_name_key(state: &mut Self::State) {
        let _ = state;
    }

    #[doc(hidden)]
    /// Offers a key that no leaf claims to the part of the tree that takes it (see
    /// [`rest_claim`](FlattenDeserialize::rest_claim)): a catch-all map deserializes the key and
    /// the map's next value into itself. Returns `false` when nothing takes it (then the caller
    /// skips the value).
    #[inline]
    fn deserialize_rest<M: MapAccess<'de>>(
        state: &mut Self::State,
        key: RestKey<'de>,
        map: &mut M,
    ) -> Result<bool, M::Error> {
        let _ = (state, key, map);
        Ok(false)
    }
}

/// Serialization of a type's leaves into an enclosing struct.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened by FastFlatten",
    label = "`{Self}` does not implement `FlattenSerialize`",
    note = "if `{Self}` is a type of this crate: derive `serde_fastkit::FastFlatten` on it (in place of `Serialize, Deserialize`), or `FastSerialize` for its writing half alone",
    note = "if it is another crate's or the standard library's, or its `Serialize` is written by hand: mark the field `#[fast_flatten(buffered)]` to write it as serde does",
    note = "if it is a map of another crate catching the unclaimed keys: enable serde_fastkit's feature `serde_json` (`serde_json::Map`, `Value`), `indexmap_2` or `indexmap_1`, or mark the field `#[fast_flatten(catch_all)]`"
)]
pub trait FlattenSerialize {
    #[doc(hidden)]
    /// What writing the type needs to know of its shape ([`WriteShape`]): the derive computes
    /// it; a hand-written impl of a struct of leaves keeps the default.
    const WRITE: WriteShape = WriteShape::LEAVES;

    /// How many fields [`serialize_leaves`](Self::serialize_leaves) writes for this value
    /// (leaves skipped by `skip_serializing_if` excluded).
    fn serialized_len(&self) -> usize;

    /// Writes every leaf as a field of `out`, in declaration order.
    fn serialize_leaves<S: FieldSink>(&self, out: &mut S) -> Result<(), S::Error>;
}

/// Serializes a flattened tree as one struct named `name` with all its leaves as fields, or as
/// a map when the tree holds a catch-all map (whose keys `serialize_struct` cannot take), as
/// serde's derive writes a flattened struct. A type's `Serialize` calls it; not a `with` module
/// (it needs the name).
#[inline]
pub fn serialize_struct<T, S>(
    value: &T,
    serializer: S,
    name: &'static str,
) -> Result<S::Ok, S::Error>
where
    T: FlattenSerialize + ?Sized,
    S: Serializer,
{
    if const { T::WRITE.shares_written_keys } {
        // Each key once: a key read into two places is held by both. The keys are counted
        // first, so that formats that write a map's length up front get the right one.
        #[cfg(feature = "alloc")]
        return {
            let len = dedup_sink::written_once(value);
            let mut out = serializer.serialize_map(Some(len))?;
            value.serialize_leaves(&mut dedup_sink::DedupSink::new(MapSink(&mut out)))?;
            out.end()
        };
        // Only trees of catch-all maps can share a key, and catch-alls hold keys on the heap.
        #[cfg(not(feature = "alloc"))]
        return Err(serde::ser::Error::custom(crate::needs_alloc::SHARED_KEYS));
    }
    if const { T::WRITE.writes_map } {
        let mut out = serializer.serialize_map(Some(value.serialized_len()))?;
        value.serialize_leaves(&mut MapSink(&mut out))?;
        out.end()
    } else {
        let mut out = serializer.serialize_struct(name, value.serialized_len())?;
        value.serialize_leaves(&mut StructSink(&mut out))?;
        out.end()
    }
}

/// Deserializes a flattened tree from a map (each key read once, matched against the whole
/// tree, its value deserialized into its leaf) or from a sequence of all leaves in order.
///
/// A key that no leaf of the tree knows is skipped, or is serde's "unknown field" error when
/// [`FlattenFields::READ`] says so (`deny_unknown_fields`).
#[inline]
pub fn deserialize_struct<'de, T, D>(deserializer: D, name: &'static str) -> Result<T, D::Error>
where
    T: FlattenDeserialize<'de>,
    D: Deserializer<'de>,
{
    deserialize_tree(deserializer, name, T::FIELDS, Expecting::Struct(name))
}
