//! Property (c)'s inputs: the JSON of a generated value as a tree that keeps its keys' order and
//! duplicates, and the mutations made to it (benign ones, then faults), with what each fault did.

use proptest::prelude::*;
use proptest::sample::Index;

use crate::common::rng::mix;
use crate::properties::strategies::{self, Floats};

pub use crate::json_tree::{object_at, object_paths, Step, Tree};

/// A mutation that keeps the input valid.
#[derive(Clone, Debug)]
pub enum Benign {
    /// Shuffles an object's keys.
    Shuffle { target: Index, seed: u64 },
    /// Inserts a key no struct of the tree knows.
    Unknown {
        target: Index,
        at: Index,
        key: UnknownKey,
        value: Tree,
    },
    /// Drops a key whose leaf is optional (no-op when the object has none).
    DropOptional { target: Index, key: Index },
}

/// The name of an unknown key.
#[derive(Clone, Debug)]
pub enum UnknownKey {
    /// Any string.
    Text(String),
    /// A name of the object's struct, changed: case, a character added or removed, whitespace.
    NearMiss(Index, u8),
    /// A name of another struct of the family (the page's `page` in an item, an item's `id` in
    /// the page), unknown where it is inserted.
    Elsewhere(Index),
}

/// A mutation that may make the input invalid.
#[derive(Clone, Debug)]
pub enum Fault {
    /// Drops a key (a required leaf's: "missing field").
    Drop { target: Index, key: Index },
    /// Repeats a key with its value ("duplicate field").
    Repeat {
        target: Index,
        key: Index,
        at: Index,
    },
    /// Replaces a value by a random JSON value (a type error, or a valid value by chance).
    Replace {
        target: Index,
        key: Index,
        value: Tree,
    },
}

/// What a fault did, for the error comparison.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Missing(String),
    Duplicate(String),
    Replaced(String),
    /// A fault that cannot make the input invalid: an optional or unknown key dropped, an
    /// unknown key repeated.
    Harmless(String),
}

/// The names a workload's structs know, at each level, and which of them are optional.
pub struct Family {
    /// The names the top-level struct reads (its whole flattened tree).
    pub root: &'static [&'static str],
    /// The names the structs in an array under a key read (`items`, `withdrawals`).
    pub nested: Option<(&'static str, &'static [&'static str])>,
    pub optional: fn(&str) -> bool,
}

impl Family {
    /// The names the struct at `path` (an object path of a valid value) reads.
    fn names_at(&self, path: &[Step]) -> &'static [&'static str] {
        match (path.first(), self.nested) {
            (Some(Step::Key(key)), Some((array, names))) if key == array => names,
            _ => self.root,
        }
    }

    /// Every name of the family.
    fn all(&self) -> Vec<&'static str> {
        let nested = self.nested.map_or(&[][..], |(_, names)| names);
        [self.root, nested].concat()
    }
}

/// A random JSON value for unknown keys and replacements: scalars of every type, nested arrays
/// and objects.
pub fn any_json() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        Just(Tree::Null),
        any::<bool>().prop_map(Tree::Bool),
        any::<i64>().prop_map(|n| Tree::Num(n.into())),
        strategies::num_u64().prop_map(|n| Tree::Num(n.into())),
        strategies::float(Floats::Finite)
            .prop_map(|x| Tree::Num(serde_json::Number::from_f64(x).unwrap())),
        strategies::text().prop_map(Tree::Str),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Tree::Arr),
            proptest::collection::vec((strategies::text(), inner), 0..4).prop_map(Tree::Obj),
        ]
    })
}

pub fn benign() -> impl Strategy<Value = Benign> {
    let key = prop_oneof![
        strategies::text().prop_map(UnknownKey::Text),
        (any::<Index>(), 0..5u8).prop_map(|(i, how)| UnknownKey::NearMiss(i, how)),
        any::<Index>().prop_map(UnknownKey::Elsewhere),
    ];
    prop_oneof![
        (any::<Index>(), any::<u64>()).prop_map(|(target, seed)| Benign::Shuffle { target, seed }),
        (any::<Index>(), any::<Index>(), key, any_json()).prop_map(|(target, at, key, value)| {
            Benign::Unknown {
                target,
                at,
                key,
                value,
            }
        }),
        (any::<Index>(), any::<Index>())
            .prop_map(|(target, key)| Benign::DropOptional { target, key }),
    ]
}

pub fn fault() -> impl Strategy<Value = Fault> {
    prop_oneof![
        (any::<Index>(), any::<Index>()).prop_map(|(target, key)| Fault::Drop { target, key }),
        (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(target, key, at)| Fault::Repeat { target, key, at }),
        (any::<Index>(), any::<Index>(), any_json())
            .prop_map(|(target, key, value)| Fault::Replace { target, key, value }),
    ]
}

/// Valid-preserving mutations, then none (most often), one, or a few faults.
pub fn mutations() -> impl Strategy<Value = (Vec<Benign>, Vec<Fault>)> {
    let faults = prop_oneof![
        2 => Just(Vec::new()),
        3 => proptest::collection::vec(fault(), 1..=1),
        1 => proptest::collection::vec(fault(), 2..=3),
    ];
    (proptest::collection::vec(benign(), 0..6), faults)
}

/// Applies the mutations to `tree` (first the benign ones, then the faults), returning what each
/// fault applied did.
pub fn mutate(
    tree: &mut Tree,
    family: &Family,
    benign: &[Benign],
    faults: &[Fault],
) -> Vec<Effect> {
    let mut targets = Vec::new();
    object_paths(tree, &mut Vec::new(), &mut targets);
    let pick = |target: &Index| &targets[target.index(targets.len())];
    for mutation in benign {
        match mutation {
            Benign::Shuffle { target, seed } => {
                let Some(entries) = object_at(tree, pick(target)) else {
                    continue;
                };
                let mut state = *seed;
                for i in (1..entries.len()).rev() {
                    state = mix(state);
                    entries.swap(i, (state % (i as u64 + 1)) as usize);
                }
            }
            Benign::Unknown {
                target,
                at,
                key,
                value,
            } => {
                let path = pick(target);
                let names = family.names_at(path);
                let Some(entries) = object_at(tree, path) else {
                    continue;
                };
                let mut key = match key {
                    UnknownKey::Text(text) => text.clone(),
                    UnknownKey::Elsewhere(i) => {
                        let all = family.all();
                        all[i.index(all.len())].to_owned()
                    }
                    UnknownKey::NearMiss(i, how) => {
                        let name = names[i.index(names.len())];
                        match how {
                            0 => name.to_uppercase(),
                            1 => format!("{name}_"),
                            2 => {
                                let mut shorter = name.to_owned();
                                shorter.pop();
                                shorter
                            }
                            3 => format!(" {name}"),
                            _ => format!("{name}\0"),
                        }
                    }
                };
                while names.contains(&key.as_str()) {
                    key.insert_str(0, "x-");
                }
                let at = at.index(entries.len() + 1);
                entries.insert(at, (key, value.clone()));
            }
            Benign::DropOptional { target, key } => {
                let Some(entries) = object_at(tree, pick(target)) else {
                    continue;
                };
                let optional: Vec<usize> = (0..entries.len())
                    .filter(|&i| (family.optional)(&entries[i].0))
                    .collect();
                if !optional.is_empty() {
                    entries.remove(optional[key.index(optional.len())]);
                }
            }
        }
    }
    let mut effects = Vec::new();
    for fault in faults {
        let (Fault::Drop { target, key }
        | Fault::Repeat { target, key, .. }
        | Fault::Replace { target, key, .. }) = fault;
        let path = pick(target);
        let knows = |name: &str| family.names_at(path).contains(&name);
        let Some(entries) = object_at(tree, path) else {
            continue;
        };
        if entries.is_empty() {
            continue;
        }
        let i = key.index(entries.len());
        let name = entries[i].0.clone();
        match fault {
            Fault::Drop { .. } => {
                entries.remove(i);
                effects.push(if knows(&name) && !(family.optional)(&name) {
                    Effect::Missing(name)
                } else {
                    Effect::Harmless(name)
                });
            }
            Fault::Repeat { at, .. } => {
                let entry = entries[i].clone();
                entries.insert(at.index(entries.len() + 1), entry);
                effects.push(if knows(&name) {
                    Effect::Duplicate(name)
                } else {
                    Effect::Harmless(name)
                });
            }
            Fault::Replace { value, .. } => {
                entries[i].1 = value.clone();
                effects.push(Effect::Replaced(name));
            }
        }
    }
    effects
}

/// The field an error message names: `("missing field", "x")` for "missing field `x`".
pub fn named_field(message: &str) -> Option<(&'static str, &str)> {
    ["missing field", "duplicate field", "unknown field"]
        .into_iter()
        .find_map(|kind| {
            let start = message.find(&format!("{kind} `"))? + kind.len() + 2;
            let len = message[start..].find('`')?;
            Some((kind, &message[start..start + len]))
        })
}
