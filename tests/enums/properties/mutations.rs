//! The same-decisions property's inputs: the JSON of a generated value as a tree that keeps its
//! keys' order and duplicates, and the mutations made to it: benign ones (the tag moved, entries
//! moved, unknown keys inserted), then faults, each counted where it applies.

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::Index;

use super::model::text;

pub use crate::json_tree::Tree;
use crate::json_tree::{object_at, object_paths, Step};

/// A random JSON value for unknown keys and replacements: scalars of every type, nested arrays
/// and objects.
pub fn any_json() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        Just(Tree::Null),
        any::<bool>().prop_map(Tree::Bool),
        any::<i64>().prop_map(|n| Tree::Num(n.into())),
        any::<u64>().prop_map(|n| Tree::Num(n.into())),
        (0..300u64).prop_map(|n| Tree::Num(n.into())),
        (-1e6..1e6f64).prop_map(|x| Tree::Num(serde_json::Number::from_f64(x).unwrap())),
        text().prop_map(Tree::Str),
    ];
    leaf.prop_recursive(2, 12, 3, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..3).prop_map(Tree::Arr),
            vec((text(), inner), 0..3).prop_map(Tree::Obj),
        ]
    })
}

// ------------------------------------------------------------------------------------------
// What the mutations need to know of a type's JSON.

/// How a type's root object names the variant.
#[derive(Clone, Copy, Debug)]
pub enum Tag {
    /// The value of this key (internally and adjacently tagged enums, standalone or flattened),
    /// one of these variant names.
    Key(&'static str, &'static [&'static str]),
    /// The key itself, one of these variant names (externally tagged, standalone or
    /// flattened).
    Variant(&'static [&'static str]),
    /// Nothing: untagged.
    None,
}

/// The shape of a type's JSON.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub tag: Tag,
    /// Every key any object of the type may hold (tags, fields and variant names): unknown keys
    /// and unknown variant names are made to avoid them.
    pub names: &'static [&'static [&'static str]],
    /// Whether an unknown key in the root object is an error (`deny_unknown_fields`, or the
    /// one-entry map of an externally tagged enum).
    pub closed_root: bool,
    /// Whether the tag may be replaced by an integer (see [`Fault::Replace`]).
    pub integer_tag: bool,
}

impl Layout {
    fn knows(&self, key: &str) -> bool {
        self.names.iter().any(|names| names.contains(&key))
    }

    /// `key`, prefixed until no object of the type knows it.
    fn unknown(&self, key: &str) -> String {
        let mut key = key.to_owned();
        while self.knows(&key) {
            key.insert_str(0, "x-");
        }
        key
    }

    /// The index of the root's entry that names the variant: the tag's (the first, if
    /// repeated).
    fn tag_in(&self, root: &[(String, Tree)]) -> Option<usize> {
        root.iter().position(|(key, _)| match self.tag {
            Tag::Key(tag, _) => key == tag,
            Tag::Variant(variants) => variants.contains(&key.as_str()),
            Tag::None => false,
        })
    }

    fn variants(&self) -> &'static [&'static str] {
        match self.tag {
            Tag::Key(_, variants) | Tag::Variant(variants) => variants,
            Tag::None => &[],
        }
    }
}

// ------------------------------------------------------------------------------------------
// Mutations.

/// Where the tag moves to in the root object.
#[derive(Clone, Debug)]
pub enum Position {
    First,
    Last,
    Anywhere(Index),
}

/// A mutation that keeps the input valid, except an unknown key in a closed root object (then
/// counted as a fault).
#[derive(Clone, Debug)]
pub enum Benign {
    /// Moves the tag's entry (the externally tagged variant's) in the root object.
    MoveTag(Position),
    /// Moves an entry of an object.
    Move {
        target: Index,
        key: Index,
        at: Index,
    },
    /// Inserts a key no object of the type knows.
    Unknown {
        target: Index,
        at: Index,
        key: String,
        value: Tree,
    },
}

/// A mutation that may make the input invalid.
#[derive(Clone, Debug)]
pub enum Fault {
    /// Drops the tag's entry.
    DropTag,
    /// Repeats the tag, naming the same variant or another (`variant`, of the type's variants).
    RepeatTag { at: Index, variant: Option<Index> },
    /// Renames the tag's variant to one the type does not have.
    RenameTag(String),
    /// Drops an entry of an object (a required field's: "missing field").
    Drop { target: Index, key: Index },
    /// Repeats an entry of an object ("duplicate field").
    Repeat {
        target: Index,
        key: Index,
        at: Index,
    },
    /// Replaces an entry's value by a random JSON value (a type error, or a valid value by
    /// chance). Where the layout says so, an integer replacing the root's tag is written as a
    /// string: serde reads a flattened internally tagged enum's integer tag as the variant's
    /// index (serde_json 1274), an intended difference pinned by
    /// `flattened::serde_json_1274_integer_tag`.
    Replace {
        target: Index,
        key: Index,
        value: Tree,
    },
}

fn benign() -> impl Strategy<Value = Benign> {
    let position = prop_oneof![
        Just(Position::First),
        Just(Position::Last),
        any::<Index>().prop_map(Position::Anywhere),
    ];
    prop_oneof![
        2 => position.prop_map(Benign::MoveTag),
        1 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(target, key, at)| Benign::Move { target, key, at }),
        2 => (any::<Index>(), any::<Index>(), text(), any_json())
            .prop_map(|(target, at, key, value)| Benign::Unknown { target, at, key, value }),
    ]
}

fn fault() -> impl Strategy<Value = Fault> {
    prop_oneof![
        1 => Just(Fault::DropTag),
        1 => (any::<Index>(), option::of(any::<Index>()))
            .prop_map(|(at, variant)| Fault::RepeatTag { at, variant }),
        1 => text().prop_map(Fault::RenameTag),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(target, key)| Fault::Drop { target, key }),
        1 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(target, key, at)| Fault::Repeat { target, key, at }),
        2 => (any::<Index>(), any::<Index>(), any_json())
            .prop_map(|(target, key, value)| Fault::Replace { target, key, value }),
    ]
}

/// A few benign mutations, then none (often), one (most often) or a few faults.
pub fn mutations() -> impl Strategy<Value = (Vec<Benign>, Vec<Fault>)> {
    let faults = prop_oneof![
        2 => Just(Vec::new()),
        3 => vec(fault(), 1..=1),
        1 => vec(fault(), 2..=3),
    ];
    (vec(benign(), 0..5), faults)
}

/// Applies the mutations to `tree` (the benign ones, then the faults) and says what each
/// mutation that counts as a fault did (those that found nothing to change are not counted).
pub fn mutate(
    tree: &mut Tree,
    layout: &Layout,
    benign: &[Benign],
    faults: &[Fault],
) -> Vec<String> {
    let mut paths = Vec::new();
    object_paths(tree, &mut Vec::new(), &mut paths);
    if paths.is_empty() {
        return Vec::new(); // a string or a tuple: nothing to mutate
    }
    let pick = |target: &Index| &paths[target.index(paths.len())];
    let mut done = Vec::new();
    for mutation in benign {
        match mutation {
            Benign::MoveTag(position) => {
                let root = object_at(tree, &[]).expect("the root is an object");
                if let Some(i) = layout.tag_in(root) {
                    let entry = root.remove(i);
                    let at = match position {
                        Position::First => 0,
                        Position::Last => root.len(),
                        Position::Anywhere(at) => at.index(root.len() + 1),
                    };
                    root.insert(at, entry);
                }
            }
            Benign::Move { target, key, at } => {
                if let Some(entries) = object_at(tree, pick(target)).filter(|e| !e.is_empty()) {
                    let entry = entries.remove(key.index(entries.len()));
                    entries.insert(at.index(entries.len() + 1), entry);
                }
            }
            Benign::Unknown {
                target,
                at,
                key,
                value,
            } => {
                let path = pick(target);
                if let Some(entries) = object_at(tree, path) {
                    let key = layout.unknown(key);
                    if path.is_empty() && layout.closed_root {
                        done.push(format!("unknown key {key:?} in the root"));
                    }
                    entries.insert(at.index(entries.len() + 1), (key, value.clone()));
                }
            }
        }
    }
    for fault in faults {
        done.extend(apply(tree, layout, &pick, fault).unwrap_or_default());
    }
    done
}

/// Applies one fault; says what it did (one line per fault it made), or `None` if it found
/// nothing to change.
fn apply<'p>(
    tree: &mut Tree,
    layout: &Layout,
    pick: &impl Fn(&Index) -> &'p Vec<Step>,
    fault: &Fault,
) -> Option<Vec<String>> {
    let root = object_at(tree, &[]).expect("the root is an object");
    let tag = layout.tag_in(root);
    match fault {
        Fault::DropTag => {
            let (key, _) = root.remove(tag?);
            Some(vec![format!("dropped the tag {key:?}")])
        }
        Fault::RepeatTag { at, variant } => {
            let tag = tag?;
            let (key, value) = root[tag].clone();
            let variant = variant.as_ref().map(|i| {
                let variants = layout.variants();
                variants[i.index(variants.len())].to_owned()
            });
            let entry = match (layout.tag, variant) {
                (Tag::Key(..), Some(variant)) => (key, Tree::Str(variant)),
                (Tag::Variant(_), Some(variant)) => (variant, value),
                (_, _) => (key, value),
            };
            let mut what = vec![format!("repeated the tag as {entry:?}")];
            let at = at.index(root.len() + 1);
            let other = entry != root[tag];
            if layout.closed_root && matches!(layout.tag, Tag::Key(..)) && other && at <= tag {
                // Another variant's tag first: under `deny_unknown_fields`, the variant's keys
                // are unknown to it, a second fault (FastFlatten reports the first key,
                // serde the repeated tag, having read the whole object first).
                what.push("the first tag names another variant".to_owned());
            }
            root.insert(at, entry);
            Some(what)
        }
        Fault::RenameTag(name) => {
            let name = layout.unknown(name);
            let entry = &mut root[tag?];
            match layout.tag {
                Tag::Key(..) => entry.1 = Tree::Str(name.clone()),
                _ => entry.0 = name.clone(),
            }
            Some(vec![format!("renamed the variant to {name:?}")])
        }
        Fault::Drop { target, key } => {
            let entries = object_at(tree, pick(target)).filter(|e| !e.is_empty())?;
            let (key, _) = entries.remove(key.index(entries.len()));
            Some(vec![format!("dropped {key:?}")])
        }
        Fault::Repeat { target, key, at } => {
            let entries = object_at(tree, pick(target)).filter(|e| !e.is_empty())?;
            let entry = entries[key.index(entries.len())].clone();
            let what = format!("repeated {:?}", entry.0);
            entries.insert(at.index(entries.len() + 1), entry);
            Some(vec![what])
        }
        Fault::Replace { target, key, value } => {
            let path = pick(target);
            let entries = object_at(tree, path).filter(|e| !e.is_empty())?;
            let i = key.index(entries.len());
            let value = match value {
                Tree::Num(n) if path.is_empty() && Some(i) == tag && !layout.integer_tag => {
                    Tree::Str(n.to_string())
                }
                _ => value.clone(),
            };
            let what = format!("replaced {:?} by {value:?}", entries[i].0);
            entries[i].1 = value;
            Some(vec![what])
        }
    }
}
