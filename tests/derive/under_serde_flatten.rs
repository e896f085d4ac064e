//! FastFlatten types flattened by serde's derive: a parent that keeps serde's `Deserialize`
//! (it derives `FastSerialize` only, or belongs to another crate) calls the child's own
//! `Deserialize` with serde's flatten deserializer, which hands entries out by how it is asked:
//! `deserialize_struct` gives only the keys in its field list and takes them from the fields
//! after it, `deserialize_map` and `deserialize_any` give every key and leave it for them. A
//! FastFlatten child must ask as serde's derive of it would (found by the shape generator:
//! families 95, 218 and 231 of seed 75), against a parent and child both serde-derived.

use std::collections::BTreeMap;

use fastkit_support::common::doc::Doc;
use fastkit_support::common::twins::read_twins;

fn num(n: u64) -> Doc {
    Doc::U64(n)
}

/// The same children twice, `fast` deriving FastFlatten and `twin` serde's derive, each
/// flattened into a parent that derives serde's `Deserialize` on both sides.
macro_rules! serde_parent {
    ($($item:item)*) => {
        pub mod fast {
            #[allow(unused_imports)]
            use super::*;
            #[derive(serde::Deserialize, Debug, PartialEq)]
            pub struct Parent {
                pub id: u32,
                #[serde(flatten)]
                pub child: Child,
                #[serde(flatten)]
                pub rest: BTreeMap<String, serde_json::Value>,
            }
            $(#[derive(serde_fastkit::FastFlatten, Debug, PartialEq)] $item)*
        }
        pub mod twin {
            #[allow(unused_imports)]
            use super::*;
            #[derive(serde::Deserialize, Debug, PartialEq)]
            pub struct Parent {
                pub id: u32,
                #[serde(flatten)]
                pub child: Child,
                #[serde(flatten)]
                pub rest: BTreeMap<String, serde_json::Value>,
            }
            $(#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)] $item)*
        }
    };
}

/// Reads every input by both parents on JSON, YAML, CBOR and MessagePack and asserts they agree.
#[track_caller]
fn reads_alike<O, T>(docs: &[Doc])
where
    O: serde::de::DeserializeOwned + std::fmt::Debug,
    T: serde::de::DeserializeOwned + std::fmt::Debug,
{
    for doc in docs {
        read_twins::<O, T>(doc).assert_agree(&format!("{doc:?}"));
    }
}

mod internally_tagged {
    use super::*;

    serde_parent! {
        #[serde(tag = "t")]
        pub enum Child {
            A { a: u32 },
            B(Inner),
        }

        pub struct Inner {
            pub b: String,
            #[serde(flatten)]
            pub more: Extra,
        }

        pub struct Extra {
            pub c: u32,
        }
    }
}

#[test]
fn an_internally_tagged_child_sees_every_key_and_leaves_them() {
    use internally_tagged::{fast, twin};
    let s = Doc::str;
    reads_alike::<fast::Parent, twin::Parent>(&[
        Doc::map(vec![("id", num(1)), ("t", s("A")), ("a", num(2))]),
        Doc::map(vec![
            ("a", num(2)),
            ("id", num(1)),
            ("t", s("A")),
            ("x", num(3)),
        ]),
        Doc::map(vec![
            ("id", num(1)),
            ("t", s("B")),
            ("b", s("b")),
            ("c", num(4)),
        ]),
        Doc::map(vec![
            ("b", s("b")),
            ("c", num(4)),
            ("t", s("B")),
            ("id", num(1)),
        ]),
        Doc::map(vec![("id", num(1)), ("t", s("C"))]),
        Doc::map(vec![("id", num(1)), ("a", num(2))]),
    ]);
    let read: fast::Parent =
        serde_json::from_str(r#"{"id":1,"t":"A","a":2,"x":3}"#).expect("reads");
    assert_eq!(read.child, fast::Child::A { a: 2 });
    // As serde's derive: the catch-all after the enum also holds the keys the enum read.
    assert_eq!(
        read.rest.keys().collect::<Vec<_>>(),
        ["a", "t", "x"].iter().collect::<Vec<_>>()
    );
}

mod with_flattened_fields {
    use super::*;

    serde_parent! {
        pub struct Child {
            pub a: u32,
            #[serde(flatten)]
            pub inner: Inner,
        }

        pub struct Inner {
            pub b: String,
        }
    }
}

#[test]
fn a_child_with_flattened_fields_leaves_its_keys_for_later_fields() {
    use with_flattened_fields::{fast, twin};
    let s = Doc::str;
    reads_alike::<fast::Parent, twin::Parent>(&[
        Doc::map(vec![("id", num(1)), ("a", num(2)), ("b", s("b"))]),
        Doc::map(vec![
            ("b", s("b")),
            ("x", num(3)),
            ("a", num(2)),
            ("id", num(1)),
        ]),
        Doc::map(vec![("id", num(1)), ("a", num(2))]),
    ]);
    let read: fast::Parent = serde_json::from_str(r#"{"id":1,"a":2,"b":"b"}"#).expect("reads");
    assert_eq!(read.rest.keys().collect::<Vec<_>>(), [&"a", &"b"]);
}

mod plain_with_alias {
    use super::*;

    serde_parent! {
        pub struct Child {
            #[serde(alias = "aa")]
            pub a: u32,
            pub b: Option<String>,
        }
    }
}

#[test]
fn a_plain_child_takes_its_aliases() {
    use plain_with_alias::{fast, twin};
    let s = Doc::str;
    reads_alike::<fast::Parent, twin::Parent>(&[
        Doc::map(vec![("id", num(1)), ("aa", num(2)), ("b", s("b"))]),
        Doc::map(vec![("id", num(1)), ("a", num(2)), ("x", num(3))]),
        Doc::map(vec![("aa", num(2)), ("id", num(1))]),
    ]);
    let read: fast::Parent = serde_json::from_str(r#"{"id":1,"aa":2,"x":3}"#).expect("reads");
    assert_eq!(read.child.a, 2);
    // As serde's derive: a plain struct takes its keys, so the catch-all after it has only `x`.
    assert_eq!(read.rest.keys().collect::<Vec<_>>(), [&"x"]);
}
