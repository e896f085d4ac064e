//! [`ReadShape`]: what the reader of a flattened tree knows of a type without a value, the read
//! side's counterpart of [`WriteShape`](super::WriteShape).
//!
//! One value rather than one constant per question, so that a wrapper (`Option<T>`, `Box<T>`)
//! forwards one item and a new question is one field. Every field is a constant of the type.
//!
//! A branch reads a field inside a constant block, `if const { T::READ.catch_all } { .. }`
//! (runtime and generated code alike; the same for `WriteShape`): the compiler knows a
//! constant block's value before it collects the functions a generic one calls, and compiles
//! none of those behind a branch not taken, in every build profile. A plain `T::READ.catch_all`
//! is a field read from a constant, which an unoptimized build evaluates at run time: every
//! branch of every generic reader is then compiled for every tree (twice the functions, and
//! twice the time to build in debug, for `benches/compile_time.sh`'s crate).

/// What reading a flattened type needs to know of its shape:
/// [`FlattenFields::READ`](super::FlattenFields::READ).
///
/// A hand-written impl sets the fields it needs and takes the rest from
/// [`LEAVES`](ReadShape::LEAVES):
///
/// ```
/// use serde_fastkit::flatten::ReadShape;
///
/// const READ: ReadShape = ReadShape { deny_unknown_fields: true, ..ReadShape::LEAVES };
/// assert!(READ.deny_unknown_fields);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ReadShape {
    /// Whether a key the tree does not know is an error ("unknown field") rather than skipped,
    /// when this type is read: its own `#[serde(deny_unknown_fields)]`, or that of a strict
    /// type flattened into it.
    pub deny_unknown_fields: bool,

    #[doc(hidden)]
    /// Whether this type, flattened into another, makes that tree deny unknown keys. serde
    /// ignores `deny_unknown_fields` on a flattened type, and so does FastFlatten by default;
    /// a type with `#[fast_flatten(strict)]` keeps it wherever it is flattened (a key is then
    /// unknown only when no level of the tree knows it).
    pub deny_unknown_fields_flattened: bool,

    #[doc(hidden)]
    /// Whether the type was derived with `#[fast_flatten(strict)]`: flattened in an `Option`, an
    /// error reading it is reported, where serde's flatten (and FastFlatten by default) reads
    /// `None`.
    pub strict: bool,

    #[doc(hidden)]
    /// Whether the type has flattened fields (not skipped when reading). serde's derive then
    /// reads every key as a name: an integer key is not a field's index, and a key of another
    /// kind (a boolean, a float) is an unknown key rather than an error.
    pub has_flattened: bool,

    #[doc(hidden)]
    /// Whether the tree wants to be told of a key that is not a name
    /// ([`FlattenDeserialize::non_name_key`](super::FlattenDeserialize::non_name_key)): it
    /// holds a flattened `Option` of a type that reads the map whole. Other trees skip such
    /// keys without a word.
    pub notices_non_name_keys: bool,

    #[doc(hidden)]
    /// Whether the tree holds a catch-all map (`#[serde(flatten)] extra: HashMap<K, V>`) or a
    /// buffered field, which receives every key no leaf claims when reading.
    pub catch_all: bool,

    #[doc(hidden)]
    /// Whether a key that names a leaf by an alias comes to this tree through
    /// [`FlattenDeserialize::rest_claim`](super::FlattenDeserialize::rest_claim) with its text
    /// rather than as a slot: the aliases of a flattened internally tagged enum's variant
    /// leaves, whose owner only the tag tells (held before it, such a key must keep its text
    /// for the variant the tag chooses). Like `catch_all`, it makes the trees around it offer
    /// keys no leaf claims; unlike it, it leaves the tree read as a struct.
    pub aliases_by_text: bool,

    #[doc(hidden)]
    /// Whether serde's flatten reads this type without taking the keys it reads, so that the
    /// flattened fields after it see them too: a map, a struct with flattened fields (which
    /// serde's derive reads as a map), an internally tagged or untagged enum. A struct without
    /// flattened fields, an externally or adjacently tagged enum take their keys.
    pub serde_viewer: bool,

    #[doc(hidden)]
    /// Whether a key of this tree can go to more than one place, as serde's flatten hands
    /// keys out (two catch-all maps; a catch-all before a field that claims keys, or after a
    /// viewing field with leaves; see `held_map.rs`): the tree is then read in serde's order,
    /// from held entries, and written with each key once. Never for a strict type.
    pub serde_order: bool,
}

impl ReadShape {
    /// A struct of leaves without flattened fields, which skips unknown keys (what a
    /// hand-written impl gets by default).
    pub const LEAVES: ReadShape = ReadShape {
        deny_unknown_fields: false,
        deny_unknown_fields_flattened: false,
        strict: false,
        has_flattened: false,
        notices_non_name_keys: false,
        catch_all: false,
        aliases_by_text: false,
        serde_viewer: false,
        serde_order: false,
    };

    #[doc(hidden)]
    /// A catch-all map (`HashMap<String, V>`, `serde_json::Value`): it takes every key no leaf
    /// claims, and serde's flatten reads it without taking them.
    pub const CATCH_ALL: ReadShape = ReadShape {
        catch_all: true,
        serde_viewer: true,
        ..ReadShape::LEAVES
    };

    #[doc(hidden)]
    /// `T` flattened as an `Option<T>`: the tree around it is told of keys that are not names
    /// when `T` reads the map whole and its failure reads `None` (not strict), since such a
    /// key may make `T` fail where serde's flatten hands it over.
    pub const fn in_option(self) -> ReadShape {
        ReadShape {
            notices_non_name_keys: (!self.strict && self.serde_viewer)
                || self.notices_non_name_keys,
            ..self
        }
    }
}
