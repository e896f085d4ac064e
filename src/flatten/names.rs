//! A tree's names, nested as the tree is, for the compile-time checks that no two leaves share a
//! name and that at most one catch-all map receives unclaimed keys.

/// One part of a flattened tree's names: see [`FlattenFields::NAME_TREE`](super::FlattenFields::NAME_TREE)
/// and [`FlattenSerialize::NAME_TREE`](super::FlattenSerialize::NAME_TREE).
///
/// Unlike a flat list of names, a nested list can be written as a constant even for a struct
/// whose flattened field is a type parameter (`&[NamePart::Leaf("status"), NamePart::Tree(T::NAME_TREE)]`),
/// so generic trees are checked too, when they are instantiated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamePart {
    /// A name an own leaf is read or written under (each alias is one more `Leaf`).
    Leaf(&'static str),
    /// The names of a flattened child.
    Tree(&'static [NamePart]),
    /// A catch-all map: receives the keys no leaf claims.
    CatchAll,
}
