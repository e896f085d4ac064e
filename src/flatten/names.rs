//! A tree's names, nested as the tree is, and every walk over them: the compile-time checks that
//! no two leaves share a name and that at most one catch-all map receives unclaimed keys, the
//! names an "unknown field" error lists, and the leaves a flattened `None` skips.

/// One part of a flattened tree's names: see [`FlattenFields::NAME_TREE`](super::FlattenFields::NAME_TREE).
///
/// Unlike a flat list of names, a nested list can be written as a constant even for a struct
/// whose flattened field is a type parameter (`&[NamePart::leaf("status"), NamePart::Tree(T::NAME_TREE)]`),
/// so generic trees are checked too, when they are instantiated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamePart {
    /// An own leaf: the names it is read under (its name, then its aliases; none when it is
    /// skipped when deserializing) and the name it is written under (`None` when it is skipped
    /// when serializing).
    Leaf {
        /// The names the leaf is read under.
        read: &'static [&'static str],
        /// The name the leaf is written under.
        written: Option<&'static str>,
    },
    /// The names of a flattened child.
    Tree(&'static [NamePart]),
    /// Alternatives of which a value holds one: the variants of a flattened enum. A name may
    /// stand in several alternatives, not twice in one, nor beside another leaf of the tree.
    OneOf(&'static [&'static [NamePart]]),
    /// A catch-all map: receives the keys no leaf claims.
    CatchAll,
    /// A field flattened `#[fast_flatten(buffered)]`: takes the unclaimed keys its type names
    /// (or all of them), learned when reading.
    Buffered,
}

impl NamePart {
    /// A leaf read and written under one name.
    pub const fn leaf(name: &'static [&'static str; 1]) -> NamePart {
        NamePart::Leaf {
            read: name,
            written: Some(name[0]),
        }
    }
}

/// The name equal to `key` among those the leaves of `tree` are read under (aliases
/// included), as the constant it is.
#[cfg(feature = "alloc")]
pub(crate) fn read_name(tree: &'static [NamePart], key: &str) -> Option<&'static str> {
    let mut found = None;
    leaf_names(tree, Direction::Read, &mut |name| {
        if found.is_none() && name == key {
            found = Some(name);
        }
    });
    found
}

/// Which of a leaf's names a walk looks at.
#[derive(Clone, Copy)]
pub(crate) enum Direction {
    Read,
    Written,
}

/// The names of every leaf of `tree` read under (with aliases) or written under, in order.
pub(crate) fn leaf_names(
    tree: &'static [NamePart],
    direction: Direction,
    out: &mut impl FnMut(&'static str),
) {
    for part in tree {
        match *part {
            NamePart::Leaf { read, written } => match direction {
                Direction::Read => read.iter().copied().for_each(&mut *out),
                Direction::Written => written.into_iter().for_each(&mut *out),
            },
            NamePart::Tree(child) => leaf_names(child, direction, out),
            NamePart::OneOf(alternatives) => {
                for alternative in alternatives {
                    leaf_names(alternative, direction, out);
                }
            }
            NamePart::CatchAll | NamePart::Buffered => {}
        }
    }
}

/// Whether some leaf of `tree` is read under more than one name (a `#[serde(alias)]`).
pub(crate) const fn has_aliases(tree: &[NamePart]) -> bool {
    let mut i = 0;
    while i < tree.len() {
        let found = match tree[i] {
            NamePart::Leaf { read, .. } => read.len() > 1,
            NamePart::Tree(child) => has_aliases(child),
            NamePart::OneOf(alternatives) => {
                let mut found = false;
                let mut a = 0;
                while a < alternatives.len() && !found {
                    found = has_aliases(alternatives[a]);
                    a += 1;
                }
                found
            }
            NamePart::CatchAll | NamePart::Buffered => false,
        };
        if found {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether some leaf of `tree` is read under `key` (by its name or an alias).
pub(crate) fn reads(tree: &'static [NamePart], key: &str) -> bool {
    let mut found = false;
    leaf_names(tree, Direction::Read, &mut |name| found |= name == key);
    found
}

/// Reports every leaf of `tree` that would be written as skipped (`FieldSink::skip_field`), for
/// a flattened `None`: formats that number fields (serde_cbor's packed format) count every leaf.
pub fn skip_written_leaves<S: super::FieldSink>(
    tree: &'static [NamePart],
    out: &mut S,
) -> Result<(), S::Error> {
    for part in tree {
        match *part {
            NamePart::Leaf {
                written: Some(name),
                ..
            } => out.skip_field(name)?,
            NamePart::Leaf { written: None, .. } | NamePart::CatchAll | NamePart::Buffered => {}
            NamePart::Tree(child) => skip_written_leaves(child, out)?,
            // A value holds one alternative, so no count of its leaves is right for all of
            // them; formats that number fields cannot skip a flattened enum.
            NamePart::OneOf(_) => {}
        }
    }
    Ok(())
}

/// Fails constant evaluation, naming the tree and the key, when two leaves of `tree` are read
/// or written under the same name, or, with `one_catch_all` (a tree that cannot be read in
/// serde's order: a strict one, an enum's variant), when more than one catch-all map would
/// receive unclaimed keys.
pub const fn check_names(tree: &[NamePart], tree_name: &str, one_catch_all: bool) {
    check_leaves(tree, tree, Direction::Read, tree_name);
    check_leaves(tree, tree, Direction::Written, tree_name);
    if one_catch_all && count_catch_alls(tree) > 1 {
        fail(
            "FastFlatten: more than one flattened field of the tree of `",
            tree_name,
            "` holds a catch-all map",
            "; keep one (without #[fast_flatten(strict)], a struct's catch-alls each receive every unclaimed key, as with serde)",
        );
    }
}

/// Checks every name of `part` against the whole `root`.
const fn check_leaves(root: &[NamePart], part: &[NamePart], direction: Direction, tree_name: &str) {
    let mut i = 0;
    while i < part.len() {
        match (part[i], direction) {
            (NamePart::Leaf { read, .. }, Direction::Read) => {
                let mut n = 0;
                while n < read.len() {
                    check_unique(root, read[n], direction, tree_name);
                    n += 1;
                }
            }
            (NamePart::Leaf { written, .. }, Direction::Written) => {
                if let Some(name) = written {
                    check_unique(root, name, direction, tree_name);
                }
            }
            (NamePart::Tree(child), _) => check_leaves(root, child, direction, tree_name),
            (NamePart::OneOf(alternatives), _) => {
                let mut a = 0;
                while a < alternatives.len() {
                    check_leaves(root, alternatives[a], direction, tree_name);
                    a += 1;
                }
            }
            (NamePart::CatchAll | NamePart::Buffered, _) => {}
        }
        i += 1;
    }
}

/// Fails when more than one leaf of `root` answers to `name`.
const fn check_unique(root: &[NamePart], name: &str, direction: Direction, tree_name: &str) {
    if count_name(root, name, direction) > 1 {
        fail(
            "FastFlatten: two leaves of the flattened tree of `",
            tree_name,
            "` are named `",
            name,
        );
    }
}

const fn count_name(tree: &[NamePart], name: &str, direction: Direction) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < tree.len() {
        count += match tree[i] {
            NamePart::Leaf { read, written } => match direction {
                Direction::Read => {
                    let mut found = 0;
                    let mut n = 0;
                    while n < read.len() {
                        found += str_eq(read[n], name) as usize;
                        n += 1;
                    }
                    found
                }
                Direction::Written => match written {
                    Some(written) => str_eq(written, name) as usize,
                    None => 0,
                },
            },
            NamePart::Tree(child) => count_name(child, name, direction),
            // One alternative stands in a value: the most any of them holds counts.
            NamePart::OneOf(alternatives) => {
                let mut most = 0;
                let mut a = 0;
                while a < alternatives.len() {
                    let count = count_name(alternatives[a], name, direction);
                    if count > most {
                        most = count;
                    }
                    a += 1;
                }
                most
            }
            NamePart::CatchAll | NamePart::Buffered => 0,
        };
        i += 1;
    }
    count
}

const fn count_catch_alls(tree: &[NamePart]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < tree.len() {
        count += match tree[i] {
            // Buffered fields are not counted: the keys they take are learned when reading.
            NamePart::Leaf { .. } | NamePart::Buffered => 0,
            NamePart::Tree(child) => count_catch_alls(child),
            NamePart::OneOf(alternatives) => {
                let mut most = 0;
                let mut a = 0;
                while a < alternatives.len() {
                    let count = count_catch_alls(alternatives[a]);
                    if count > most {
                        most = count;
                    }
                    a += 1;
                }
                most
            }
            NamePart::CatchAll => 1,
        };
        i += 1;
    }
    count
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Panics (in constant evaluation: a compile error) with the four pieces joined, followed by
/// the fix for a name collision when the message is about one.
const fn fail(a: &str, tree_name: &str, c: &str, d: &str) -> ! {
    const CAPACITY: usize = 512;
    let mut message = [0u8; CAPACITY];
    let mut len = 0;
    let suffix = if str_eq(c, "` are named `") {
        "`; rename one with #[serde(rename = \"...\")]"
    } else {
        ""
    };
    let pieces: [&str; 5] = [a, tree_name, c, d, suffix];
    let mut p = 0;
    while p < pieces.len() {
        let bytes = pieces[p].as_bytes();
        let mut i = 0;
        while i < bytes.len() && len < CAPACITY {
            message[len] = bytes[i];
            len += 1;
            i += 1;
        }
        p += 1;
    }
    match core::str::from_utf8(message.split_at(len).0) {
        Ok(message) => panic!("{}", message),
        Err(_) => panic!("FastFlatten: two leaves of a flattened tree share a name"),
    }
}
