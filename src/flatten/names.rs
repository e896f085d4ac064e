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

/// serde's "unknown field" error for `key` in the tree `T`.
///
/// Lists `T::FIELDS`, as serde's derive does, unless `FIELDS` holds placeholders (a generic
/// flattened child): then the names come from walking `T::NAME_TREE`.
#[cold]
pub(crate) fn unknown_field<T: super::FlattenFields + ?Sized, E: serde::de::Error>(key: &str) -> E {
    if !T::FIELDS.contains(&crate::__private::UNNAMED_FIELD) {
        return E::unknown_field(key, T::FIELDS);
    }
    let mut names = Vec::new();
    collect_leaves(T::NAME_TREE, &mut names);
    E::custom(UnknownField { key, names: &names })
}

fn collect_leaves(tree: &'static [NamePart], out: &mut Vec<&'static str>) {
    for part in tree {
        match part {
            NamePart::Leaf(name) => out.push(name),
            NamePart::Tree(child) => collect_leaves(child, out),
            NamePart::CatchAll => {}
        }
    }
}

/// serde's wording: "unknown field `k`, expected `a`", "... expected `a` or `b`",
/// "... expected one of `a`, `b`, `c`", "... there are no fields".
struct UnknownField<'a> {
    key: &'a str,
    names: &'a [&'static str],
}

impl core::fmt::Display for UnknownField<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "unknown field `{}`, ", self.key)?;
        match self.names {
            [] => f.write_str("there are no fields"),
            [one] => write!(f, "expected `{one}`"),
            [a, b] => write!(f, "expected `{a}` or `{b}`"),
            [first, rest @ ..] => {
                write!(f, "expected one of `{first}`")?;
                rest.iter().try_for_each(|name| write!(f, ", `{name}`"))
            }
        }
    }
}
