//! The constant-evaluation checks of a tree's names: no two leaves under one name (serde's
//! flatten writes such a key twice: serde issue 1190), at most one catch-all map.

use crate::flatten::NamePart;

/// Fails constant evaluation, naming the tree and the key, when two leaves of `tree` share a
/// name or more than one catch-all map would receive unclaimed keys.
pub const fn check_names(tree: &[NamePart], tree_name: &str) {
    check_leaves(tree, tree, tree_name);
    if count_catch_alls(tree) > 1 {
        fail(
            "FastFlatten: more than one flattened field of the tree of `",
            tree_name,
            "` holds a catch-all map",
            "; keep one",
        );
    }
}

/// Checks every leaf of `part` against the whole `root`.
const fn check_leaves(root: &[NamePart], part: &[NamePart], tree_name: &str) {
    let mut i = 0;
    while i < part.len() {
        match part[i] {
            NamePart::Leaf(name) => {
                if count_name(root, name) > 1 {
                    fail(
                        "FastFlatten: two leaves of the flattened tree of `",
                        tree_name,
                        "` are named `",
                        name,
                    );
                }
            }
            NamePart::Tree(child) => check_leaves(root, child, tree_name),
            NamePart::CatchAll => {}
        }
        i += 1;
    }
}

const fn count_name(tree: &[NamePart], name: &str) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < tree.len() {
        count += match tree[i] {
            NamePart::Leaf(leaf) => str_eq(leaf, name) as usize,
            NamePart::Tree(child) => count_name(child, name),
            NamePart::CatchAll => 0,
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
            NamePart::Leaf(_) => 0,
            NamePart::Tree(child) => count_catch_alls(child),
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
