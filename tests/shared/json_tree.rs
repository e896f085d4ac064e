//! A JSON value that keeps its objects' keys in order, duplicates included, and the paths to
//! its objects: what the property tests of structs and of enums mutate (shuffled, repeated,
//! dropped and mistyped keys) before both derives read it.

use std::fmt;

use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A JSON value that keeps its object's keys in order, duplicates included (`serde_json::Value`
/// sorts them), so that inputs can be shuffled and can repeat keys.
#[derive(Clone, Debug, PartialEq)]
pub enum Tree {
    Null,
    Bool(bool),
    Num(serde_json::Number),
    Str(String),
    Arr(Vec<Tree>),
    Obj(Vec<(String, Tree)>),
}

impl Serialize for Tree {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Tree::Null => serializer.serialize_unit(),
            Tree::Bool(b) => serializer.serialize_bool(*b),
            Tree::Num(n) => n.serialize(serializer),
            Tree::Str(s) => serializer.serialize_str(s),
            Tree::Arr(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Tree::Obj(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TreeVisitor;

        impl<'de> Visitor<'de> for TreeVisitor {
            type Value = Tree;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }

            fn visit_unit<E>(self) -> Result<Tree, E> {
                Ok(Tree::Null)
            }

            fn visit_none<E>(self) -> Result<Tree, E> {
                Ok(Tree::Null)
            }

            fn visit_bool<E>(self, b: bool) -> Result<Tree, E> {
                Ok(Tree::Bool(b))
            }

            fn visit_i64<E>(self, n: i64) -> Result<Tree, E> {
                Ok(Tree::Num(n.into()))
            }

            fn visit_u64<E>(self, n: u64) -> Result<Tree, E> {
                Ok(Tree::Num(n.into()))
            }

            fn visit_f64<E>(self, x: f64) -> Result<Tree, E> {
                Ok(serde_json::Number::from_f64(x).map_or(Tree::Null, Tree::Num))
            }

            fn visit_str<E>(self, s: &str) -> Result<Tree, E> {
                Ok(Tree::Str(s.to_owned()))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tree, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Tree::Arr(items))
            }

            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Tree, M::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Tree::Obj(entries))
            }
        }

        deserializer.deserialize_any(TreeVisitor)
    }
}

/// One step from a JSON value to a nested object.
#[derive(Clone, Debug)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// The paths to every object in `tree` (the struct and the structs nested in it).
pub fn object_paths(tree: &Tree, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match tree {
        Tree::Obj(entries) => {
            out.push(path.clone());
            for (key, value) in entries {
                path.push(Step::Key(key.clone()));
                object_paths(value, path, out);
                path.pop();
            }
        }
        Tree::Arr(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Step::Index(i));
                object_paths(item, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The entries of the object at `path`, if an earlier mutation left it there.
pub fn object_at<'a>(tree: &'a mut Tree, path: &[Step]) -> Option<&'a mut Vec<(String, Tree)>> {
    let mut node = tree;
    for step in path {
        node = match (node, step) {
            (Tree::Obj(entries), Step::Key(key)) => {
                &mut entries.iter_mut().find(|(k, _)| k == key)?.1
            }
            (Tree::Arr(items), Step::Index(i)) => items.get_mut(*i)?,
            _ => return None,
        };
    }
    match node {
        Tree::Obj(entries) => Some(entries),
        _ => None,
    }
}
