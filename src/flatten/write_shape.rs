//! [`WriteShape`]: what the writer of a flattened tree knows of a type without a value, the
//! write side's counterpart of the constants of [`FlattenFields`](super::FlattenFields).
//!
//! It lives in [`FlattenSerialize`](super::FlattenSerialize), not in `FlattenFields`, so that a
//! type can implement the write side alone: derived for `Serialize` only, its `Deserialize` being
//! serde's derive's or hand-written. One value rather than one constant per question, so that a
//! wrapper (`Option<T>`, `Box<T>`) forwards one item and a new question is one field.

use super::NamePart;

/// What writing a flattened type needs to know of its shape (see the module documentation).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct WriteShape {
    /// The names the type reads and writes, nested as its tree is: the compile-time check that
    /// no two leaves of a tree write one key, and the leaves a skipped flattened field steps
    /// over on formats that number fields.
    pub name_tree: &'static [NamePart],
    /// Whether the tree holds a field that writes entries of its own (a catch-all map, a
    /// buffered field): it is then written as a map, since `serialize_struct` takes only
    /// `&'static str` keys.
    pub writes_map: bool,
    /// Whether the tree holds a catch-all *map* (not a buffered field): a key held twice when
    /// written can only come from such maps.
    pub map_catch_all: bool,
    /// Whether two catch-all maps of the tree (or one and a leaf) may hold one key, as a read in
    /// serde's order leaves them: the tree is then written with each key once.
    pub shares_written_keys: bool,
    /// Whether the tree has leaves of its own or in its flattened children.
    pub has_leaves: bool,
    /// Whether serde's flatten reads this type without taking the keys it reads
    /// ([`ReadShape::serde_viewer`](super::ReadShape::serde_viewer)).
    pub serde_viewer: bool,
}

impl WriteShape {
    /// A struct of leaves, without flattened fields (what a hand-written impl gets by default).
    pub const LEAVES: WriteShape = WriteShape {
        name_tree: &[],
        writes_map: false,
        map_catch_all: false,
        shares_written_keys: false,
        has_leaves: true,
        serde_viewer: false,
    };

    /// A catch-all map (`HashMap<String, V>`, `serde_json::Value`): its entries are the keys.
    pub const CATCH_ALL: WriteShape = WriteShape {
        name_tree: &[NamePart::CatchAll],
        writes_map: true,
        map_catch_all: true,
        shares_written_keys: false,
        has_leaves: false,
        serde_viewer: true,
    };

    /// A field written as serde writes it (buffered, or through `serialize_with`): any entries.
    pub const BUFFERED: WriteShape = WriteShape {
        name_tree: &[NamePart::Buffered],
        writes_map: true,
        map_catch_all: false,
        shares_written_keys: false,
        has_leaves: false,
        serde_viewer: false,
    };

    /// Nothing at all (`()`).
    pub const EMPTY: WriteShape = WriteShape {
        name_tree: &[],
        writes_map: false,
        map_catch_all: false,
        shares_written_keys: false,
        has_leaves: false,
        serde_viewer: false,
    };
}
