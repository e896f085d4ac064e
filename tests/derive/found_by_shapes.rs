//! Shapes and inputs found reading differently from serde's derive (by hand, and by the shape
//! generator's first runs, `tests/shapes/`), each against its serde twin on JSON, YAML, CBOR and
//! MessagePack.

use std::collections::HashMap;

use fastkit_support::common::doc::Doc;
use fastkit_support::common::twins::read_twins;
use serde::de::DeserializeOwned;
use serde_fastkit::FastFlatten;
use std::fmt::Debug;

#[track_caller]
fn reads_alike<O: DeserializeOwned + Debug, T: DeserializeOwned + Debug>(doc: &Doc) {
    read_twins::<O, T>(doc).assert_agree(&format!("{doc:?}"));
}

fn num(n: u64) -> Doc {
    Doc::U64(n)
}

// ------------------------------------------------------------------------------------------
// A flattened untagged enum beside a flattened struct (the JSON-RPC response shape).

#[derive(FastFlatten, Debug, PartialEq)]
struct Rec {
    id: u32,
    #[serde(flatten)]
    kind: Kind,
    #[serde(flatten)]
    meta: Meta,
    tail: String,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(untagged)]
enum Kind {
    A { a: u32, s: String },
    B { b: i64 },
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Meta {
    m1: u32,
    m2: bool,
}

mod rec_twin {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Rec {
        pub id: u32,
        #[serde(flatten)]
        pub kind: Kind,
        #[serde(flatten)]
        pub meta: Meta,
        pub tail: String,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    pub enum Kind {
        A { a: u32, s: String },
        B { b: i64 },
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Meta {
        pub m1: u32,
        pub m2: bool,
    }
}

#[test]
fn untagged_enum_beside_a_flattened_struct() {
    let entries = [
        ("id", num(1)),
        ("a", num(2)),
        ("s", Doc::str("x")),
        ("m1", num(3)),
        ("m2", Doc::Bool(true)),
        ("tail", Doc::str("t")),
    ];
    // Every rotation of the keys, and the reverse.
    for start in 0..entries.len() {
        let mut order = entries.to_vec();
        order.rotate_left(start);
        reads_alike::<Rec, rec_twin::Rec>(&Doc::map(order.clone()));
        order.reverse();
        reads_alike::<Rec, rec_twin::Rec>(&Doc::map(order));
    }
    let b = [
        ("m2", Doc::Bool(false)),
        ("b", Doc::I64(-4)),
        ("tail", Doc::str("t")),
        ("m1", num(3)),
        ("id", num(1)),
    ];
    reads_alike::<Rec, rec_twin::Rec>(&Doc::map(b));

    let value = Rec {
        id: 1,
        kind: Kind::A {
            a: 2,
            s: "x".into(),
        },
        meta: Meta { m1: 3, m2: true },
        tail: "t".into(),
    };
    let json = serde_json::to_string(&value).unwrap();
    assert_eq!(
        json,
        r#"{"id":1,"a":2,"s":"x","m1":3,"m2":true,"tail":"t"}"#
    );
    assert_eq!(serde_json::from_str::<Rec>(&json).unwrap(), value);
}

// ------------------------------------------------------------------------------------------
// A flattened `Option` that fails to read, then a catch-all map.

#[derive(FastFlatten, Debug, PartialEq)]
struct Opt {
    id: u32,
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    inner: Option<Inner>,
    #[serde(flatten)]
    extra: HashMap<String, serde_json::Value>,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Inner {
    s: String,
    k: u32,
}

mod opt_twin {
    use serde::Deserialize;
    use std::collections::HashMap;

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct Opt {
        pub id: u32,
        #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
        pub inner: Option<Inner>,
        #[serde(flatten)]
        pub extra: HashMap<String, serde_json::Value>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct Inner {
        pub s: String,
        pub k: u32,
    }
}

#[test]
fn failed_option_leaves_its_keys_to_the_catch_all() {
    for entries in [
        vec![("id", num(1)), ("s", Doc::Null), ("k", num(3))],
        vec![("id", num(1)), ("k", num(3)), ("s", Doc::Null)],
        vec![("k", num(3)), ("id", num(1)), ("s", Doc::str("x"))],
        vec![("s", Doc::str("x")), ("id", num(1))],
        vec![("s", Doc::str("x")), ("k", Doc::str("no")), ("id", num(1))],
        vec![
            ("s", Doc::str("x")),
            ("k", num(3)),
            ("z", num(1)),
            ("id", num(1)),
        ],
    ] {
        reads_alike::<Opt, opt_twin::Opt>(&Doc::map(entries));
    }
    let read: Opt = serde_json::from_str(r#"{"id":1,"s":null,"k":3}"#).unwrap();
    assert_eq!(read.inner, None);
    assert_eq!(read.extra.get("k"), Some(&serde_json::json!(3)));
}

// ------------------------------------------------------------------------------------------
// Integer keys are not field positions in a struct with flattened fields.

#[derive(FastFlatten, Debug, PartialEq)]
struct Ids {
    #[serde(default)]
    id: Option<u32>,
    #[serde(flatten)]
    o: OptIn,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct OptIn {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    n: u64,
}

mod ids_twin {
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct Ids {
        #[serde(default)]
        pub id: Option<u32>,
        #[serde(flatten)]
        pub o: OptIn,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct OptIn {
        #[serde(default)]
        pub name: Option<String>,
        #[serde(default)]
        pub n: u64,
    }
}

#[test]
fn integer_keys_are_not_positions_beside_flatten() {
    let bytes = [0x82, 0x00, 0x05, 0xa4, b'n', b'a', b'm', b'e', 0xa1, b'x'];
    let read: Ids = rmp_serde::from_slice(&bytes).unwrap();
    assert_eq!(read.id, None);
    for entries in [
        vec![(num(0), num(5)), (Doc::str("name"), Doc::str("x"))],
        vec![(num(2), num(9))],
        vec![(num(1), Doc::str("y")), (Doc::str("id"), num(4))],
        vec![(Doc::I64(-1), num(9))],
    ] {
        reads_alike::<Ids, ids_twin::Ids>(&Doc::Map(entries));
    }
}

// ------------------------------------------------------------------------------------------
// Keys that are not strings, into a `String`-keyed catch-all three levels down.

#[derive(FastFlatten, Debug, PartialEq)]
struct Top {
    id: u32,
    #[serde(flatten)]
    mid: Mid,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Mid {
    m: Option<u32>,
    #[serde(flatten)]
    low: Low,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Low {
    l: Option<bool>,
    #[serde(flatten)]
    extra: HashMap<String, serde_json::Value>,
}

mod top_twin {
    use serde::Deserialize;
    use std::collections::HashMap;

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct Top {
        pub id: u32,
        #[serde(flatten)]
        pub mid: Mid,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct Mid {
        pub m: Option<u32>,
        #[serde(flatten)]
        pub low: Low,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct Low {
        pub l: Option<bool>,
        #[serde(flatten)]
        pub extra: HashMap<String, serde_json::Value>,
    }
}

#[test]
fn keys_that_are_not_strings_reach_a_string_catch_all_as_serde_says() {
    for key in [
        Doc::Bool(true),
        Doc::Null,
        Doc::F64(1.5),
        Doc::Seq(vec![num(1)]),
        Doc::Map(vec![]),
        num(9),
        Doc::I64(-9),
    ] {
        let doc = Doc::Map(vec![
            (Doc::str("id"), num(1)),
            (key.clone(), Doc::Null),
            (Doc::str("l"), Doc::Bool(true)),
        ]);
        reads_alike::<Top, top_twin::Top>(&doc);
    }
}

// ------------------------------------------------------------------------------------------
// A type converted one way only, flattened without a marker.

#[derive(FastFlatten, Debug, PartialEq, Clone)]
#[serde(try_from = "RawBounds")]
struct Bounds {
    lo: u32,
    hi: u32,
    #[serde(flatten)]
    unit: UnitName,
}

#[derive(FastFlatten, Debug, PartialEq, Clone)]
struct UnitName {
    unit: String,
}

#[derive(serde::Deserialize)]
struct RawBounds {
    lo: u32,
    hi: u32,
    unit: String,
}

impl TryFrom<RawBounds> for Bounds {
    type Error = String;

    fn try_from(raw: RawBounds) -> Result<Self, String> {
        if raw.lo > raw.hi {
            return Err(format!("lo {} above hi {}", raw.lo, raw.hi));
        }
        Ok(Bounds {
            lo: raw.lo,
            hi: raw.hi,
            unit: UnitName { unit: raw.unit },
        })
    }
}

#[derive(FastFlatten, Debug, PartialEq)]
struct HasBounds {
    name: String,
    #[serde(flatten)]
    bounds: Bounds,
}

#[derive(FastFlatten, Debug, PartialEq, Clone)]
#[serde(into = "RawLabel")]
struct Label {
    text: String,
}

#[derive(serde::Serialize)]
struct RawLabel {
    label: String,
}

impl From<Label> for RawLabel {
    fn from(label: Label) -> Self {
        RawLabel { label: label.text }
    }
}

#[derive(FastFlatten, Debug, PartialEq)]
struct HasLabel {
    id: u32,
    #[serde(flatten)]
    label: Label,
}

mod bounds_twin {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(try_from = "RawBounds")]
    pub struct Bounds {
        pub lo: u32,
        pub hi: u32,
        #[serde(flatten)]
        pub unit: UnitName,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct UnitName {
        pub unit: String,
    }

    #[derive(Deserialize)]
    pub struct RawBounds {
        lo: u32,
        hi: u32,
        unit: String,
    }

    impl TryFrom<RawBounds> for Bounds {
        type Error = String;

        fn try_from(raw: RawBounds) -> Result<Self, String> {
            if raw.lo > raw.hi {
                return Err(format!("lo {} above hi {}", raw.lo, raw.hi));
            }
            Ok(Bounds {
                lo: raw.lo,
                hi: raw.hi,
                unit: UnitName { unit: raw.unit },
            })
        }
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct HasBounds {
        pub name: String,
        #[serde(flatten)]
        pub bounds: Bounds,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(into = "RawLabel")]
    pub struct Label {
        pub text: String,
    }

    #[derive(Serialize)]
    pub struct RawLabel {
        label: String,
    }

    impl From<Label> for RawLabel {
        fn from(label: Label) -> Self {
            RawLabel { label: label.text }
        }
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct HasLabel {
        pub id: u32,
        #[serde(flatten)]
        pub label: Label,
    }
}

#[test]
fn converted_one_way_flattens_without_a_marker() {
    for entries in [
        vec![
            ("name", Doc::str("n")),
            ("lo", num(1)),
            ("hi", num(2)),
            ("unit", Doc::str("m")),
        ],
        vec![
            ("hi", num(2)),
            ("unit", Doc::str("m")),
            ("name", Doc::str("n")),
            ("lo", num(1)),
        ],
        vec![
            ("name", Doc::str("n")),
            ("lo", num(3)),
            ("hi", num(2)),
            ("unit", Doc::str("m")),
        ],
        vec![("name", Doc::str("n")), ("lo", num(1)), ("hi", num(2))],
        vec![
            ("name", Doc::str("n")),
            ("lo", num(1)),
            ("hi", num(2)),
            ("x", Doc::Null),
            ("unit", Doc::str("m")),
        ],
    ] {
        reads_alike::<HasBounds, bounds_twin::HasBounds>(&Doc::map(entries));
    }
    let value = HasBounds {
        name: "n".into(),
        bounds: Bounds {
            lo: 1,
            hi: 2,
            unit: UnitName { unit: "m".into() },
        },
    };
    let twin = bounds_twin::HasBounds {
        name: "n".into(),
        bounds: bounds_twin::Bounds {
            lo: 1,
            hi: 2,
            unit: bounds_twin::UnitName { unit: "m".into() },
        },
    };
    assert_eq!(
        serde_json::to_string(&value).unwrap(),
        serde_json::to_string(&twin).unwrap()
    );

    for entries in [
        vec![("id", num(1)), ("text", Doc::str("t"))],
        vec![("text", Doc::str("t")), ("id", num(1)), ("x", Doc::Null)],
        vec![("id", num(1))],
    ] {
        reads_alike::<HasLabel, bounds_twin::HasLabel>(&Doc::map(entries));
    }
    let value = HasLabel {
        id: 1,
        label: Label { text: "t".into() },
    };
    let twin = bounds_twin::HasLabel {
        id: 1,
        label: bounds_twin::Label { text: "t".into() },
    };
    assert_eq!(
        serde_json::to_string(&value).unwrap(),
        serde_json::to_string(&twin).unwrap()
    );
}

// ------------------------------------------------------------------------------------------
// Found by the shape generator's first runs (`tests/shapes/`), each a hand-written twin.

/// Declares each item twice, in module `fast` (FastFlatten) and `twin` (serde's derive).
macro_rules! twins {
    ($name:ident { $($item:item)* }) => {
        mod $name {
            pub mod fast {
                #[allow(unused_imports)]
                use std::collections::BTreeMap;
                $(
                    #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
                    $item
                )*
            }
            pub mod twin {
                #[allow(unused_imports)]
                use std::collections::BTreeMap;
                $(
                    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
                    $item
                )*
            }
        }
    };
}

twins!(option_of_a_viewer {
    pub struct Root {
        pub id: u32,
        #[serde(flatten)]
        pub inner: Option<Viewer>,
    }

    pub struct Viewer {
        pub a: Option<u32>,
        #[serde(flatten)]
        pub rest: BTreeMap<String, u32>,
    }
});

/// A key that is not a name (a float, a boolean) fails serde's replay into a flattened type
/// that reads the map whole: a flattened `Option` of it is `None`.
#[test]
fn a_key_that_is_no_name_makes_an_option_of_a_viewer_none() {
    use option_of_a_viewer::{fast, twin};
    for key in [Doc::F64(1.5), Doc::Bool(true), Doc::I64(-1), num(3)] {
        let doc = Doc::Map(vec![
            (Doc::str("id"), num(1)),
            (Doc::str("a"), num(2)),
            (key, num(4)),
        ]);
        reads_alike::<fast::Root, twin::Root>(&doc);
    }
}

twins!(variant_catch_alls {
    #[serde(tag = "type")]
    pub enum Event {
        Note {
            id: u32,
            #[serde(flatten)]
            first: BTreeMap<String, u32>,
            #[serde(flatten)]
            second: BTreeMap<String, u32>,
        },
    }
});

/// Two catch-alls in a struct variant compile, and both receive every unclaimed key.
#[test]
fn two_catch_alls_in_a_variant() {
    use variant_catch_alls::{fast, twin};
    for entries in [
        vec![("type", Doc::str("Note")), ("id", num(1)), ("x", num(2))],
        vec![
            ("x", num(2)),
            ("type", Doc::str("Note")),
            ("id", num(1)),
            ("y", num(3)),
        ],
    ] {
        reads_alike::<fast::Event, twin::Event>(&Doc::map(entries));
    }
}

twins!(rest_before_tag {
    pub struct Root {
        pub id: u32,
        #[serde(flatten)]
        pub kind: Kind,
    }

    #[serde(tag = "type")]
    pub enum Kind {
        A {
            a: u32,
            #[serde(flatten)]
            extra: BTreeMap<String, u32>,
        },
        B {
            b: u32,
        },
    }
});

/// A key no leaf claims, before an internally tagged enum's tag, reaches the chosen variant's
/// catch-all; so does another variant's field.
#[test]
fn keys_before_the_tag_reach_the_variants_catch_all() {
    use rest_before_tag::{fast, twin};
    for entries in [
        vec![
            ("z", num(5)),
            ("type", Doc::str("A")),
            ("a", num(1)),
            ("id", num(0)),
        ],
        vec![
            ("b", num(5)),
            ("id", num(0)),
            ("type", Doc::str("A")),
            ("a", num(1)),
        ],
        vec![
            ("z", num(5)),
            ("type", Doc::str("B")),
            ("b", num(1)),
            ("id", num(0)),
        ],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::map(entries));
    }
}

twins!(flatten_default_from_nothing {
    pub struct Root {
        pub id: u32,
        #[serde(flatten, default)]
        pub meta: Meta,
        #[serde(flatten, default)]
        pub required: Required,
    }

    #[derive(Default)]
    pub struct Meta {
        #[serde(flatten)]
        pub value: serde_json::Value,
    }

    #[derive(Default)]
    pub struct Required {
        pub r: u32,
    }
});

/// `#[serde(flatten, default)]` on a type that reads from no keys reads it as serde does (a
/// flattened `Value` is then an empty object, where its default is `null`); the default is for
/// a type that cannot.
#[test]
fn flatten_default_reads_what_reads_from_nothing() {
    use flatten_default_from_nothing::fast;
    let read: fast::Root = serde_json::from_str(r#"{"id":1}"#).unwrap();
    assert_eq!(read.meta.value, serde_json::json!({}));
    assert_eq!(read.required.r, 0);
    let twin = serde_json::from_str::<flatten_default_from_nothing::twin::Root>(r#"{"id":1}"#);
    assert!(twin.unwrap_err().to_string().contains("missing field `r`"));
}

twins!(unit_from_empty_map {
    pub struct Root {
        pub id: Option<String>,
        #[serde(flatten)]
        pub opt: Option<Taker>,
        #[serde(flatten)]
        pub viewer: Viewer,
    }

    #[derive(Default)]
    pub struct Unit;

    pub struct Taker {
        pub u: Unit,
    }

    pub struct Viewer {
        pub v: Option<Unit>,
        #[serde(flatten)]
        pub rest: BTreeMap<String, u32>,
    }
});

/// serde's flatten moves the entries a struct takes out of its buffer and lends those a type
/// that reads the map whole: a unit struct reads from a moved empty map, not from a lent one.
#[test]
fn held_values_are_moved_or_lent_as_serde_holds_them() {
    use unit_from_empty_map::{fast, twin};
    for entries in [
        vec![("u", Doc::Map(vec![])), ("id", Doc::str("x"))],
        vec![("v", Doc::Map(vec![])), ("u", Doc::Null)],
        vec![("v", Doc::Null), ("u", Doc::Null), ("z", num(1))],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::map(entries));
    }
}

twins!(json_value_rest {
    pub struct Rest {
        pub id: u32,
        #[serde(flatten)]
        pub rest: serde_json::Value,
    }
});

/// serde_json reads the first key of a `Value`'s object as a string only, the others as
/// `String`s (which take UTF-8 bytes): a CBOR byte-string key is refused first, taken later.
#[test]
fn a_json_value_catch_all_takes_byte_keys_after_the_first() {
    for entries in [
        vec![
            (Doc::Bytes(b"k".to_vec()), num(1)),
            (Doc::str("id"), num(1)),
        ],
        vec![
            (Doc::str("z"), num(1)),
            (Doc::Bytes(b"k".to_vec()), num(1)),
            (Doc::str("id"), num(1)),
        ],
    ] {
        let doc = Doc::Map(entries);
        reads_alike::<json_value_rest::fast::Rest, json_value_rest::twin::Rest>(&doc);
    }
}

twins!(option_of_a_tagged_enum_with_a_rest {
    pub struct Root {
        pub a: u32,
        #[serde(flatten)]
        pub outer: Outer,
        pub b: u32,
    }

    #[serde(tag = "t")]
    pub enum Outer {
        One {
            #[serde(flatten)]
            inner: Option<Inner>,
        },
    }

    #[serde(tag = "u")]
    pub enum Inner {
        Plain { p: String },
        Rest {
            #[serde(flatten)]
            rest: BTreeMap<String, u32>,
        },
    }
});

/// A key no leaf claims, beside a flattened `Option` of an internally tagged enum some of whose
/// variants have a catch-all, when the tag chose one that has none: it is skipped once, and
/// the keys after it are read (it was skipped twice, and `b`'s key read as a value).
#[test]
fn a_key_the_chosen_variant_does_not_catch_is_skipped_once() {
    use option_of_a_tagged_enum_with_a_rest::{fast, twin};
    for entries in [
        vec![
            ("a", num(1)),
            ("t", Doc::str("One")),
            ("u", Doc::str("Plain")),
            ("z", num(9)),
            ("p", Doc::str("x")),
            ("b", num(2)),
        ],
        vec![
            ("a", num(1)),
            ("t", Doc::str("One")),
            ("u", Doc::str("Plain")),
            ("p", Doc::str("x")),
            ("z", num(9)),
            ("b", num(2)),
        ],
        vec![
            ("t", Doc::str("One")),
            ("u", Doc::str("Rest")),
            ("z", num(9)),
            ("a", num(1)),
            ("b", num(2)),
        ],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::map(entries));
    }
}

/// Another crate's struct, read by serde's derive.
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Foreign {
    f: u32,
}

mod buffered_under_a_viewer {
    use std::collections::BTreeMap;

    use super::Foreign;

    pub mod fast {
        use super::*;

        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub struct Root {
            #[serde(flatten)]
            pub viewer: Viewer,
            #[serde(flatten)]
            pub rest: BTreeMap<String, u32>,
        }

        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub struct Viewer {
            pub v: u32,
            #[serde(flatten)]
            #[fast_flatten(buffered)]
            pub foreign: Foreign,
        }
    }

    pub mod twin {
        use super::*;

        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        pub struct Root {
            #[serde(flatten)]
            pub viewer: Viewer,
            #[serde(flatten)]
            pub rest: BTreeMap<String, u32>,
        }

        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        pub struct Viewer {
            pub v: u32,
            #[serde(flatten)]
            pub foreign: Foreign,
        }
    }
}

/// serde's derive hands a struct with flattened fields its own copy of the held entries: a
/// buffered struct inside it takes its keys from that copy, and a catch-all after it still
/// receives them.
#[test]
fn a_buffered_struct_under_a_viewer_leaves_its_keys_to_a_later_catch_all() {
    use buffered_under_a_viewer::{fast, twin};
    for entries in [
        vec![("v", num(1)), ("f", num(2)), ("z", num(3))],
        vec![("f", num(2)), ("z", num(3)), ("v", num(1))],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::map(entries));
    }
}

/// The same items twice: in `fast`, deriving FastFlatten; in `twin`, serde's derive.
macro_rules! fast_and_twin {
    ($($item:item)*) => {
        pub mod fast {
            #[allow(unused_imports)]
            use super::*;
            $(#[derive(serde_fastkit::FastFlatten, Debug, PartialEq)] $item)*
        }
        pub mod twin {
            #[allow(unused_imports)]
            use super::*;
            $(#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)] $item)*
        }
    };
}

mod catch_all_in_a_flattened_variant {
    use std::collections::BTreeMap;

    fast_and_twin! {
        pub struct Root {
            pub id: u32,
            #[serde(flatten)]
            pub event: Event,
            #[serde(flatten)]
            pub later: Later,
        }

        #[serde(tag = "t")]
        pub enum Event {
            A {
                a: u32,
                #[serde(flatten)]
                extra: BTreeMap<String, u32>,
                #[serde(flatten)]
                inner: Inner,
            },
            B {
                b: u32,
            },
        }

        pub struct Inner {
            pub x: u32,
        }

        pub struct Later {
            #[serde(default)]
            pub y: Option<u32>,
        }
    }
}

/// A catch-all in the variant of a flattened internally tagged enum, before a flattened field
/// of the variant (family 73 of the seed-4 long run): serde's derive reads the variant from the
/// entries the enum collected, so the catch-all also receives the later field's keys (`x`) and
/// those of the fields after the enum (`y`), but not the tag or the variant's own fields.
#[test]
fn a_catch_all_in_a_flattened_variant_sees_the_keys_after_it() {
    use catch_all_in_a_flattened_variant::{fast, twin};
    for entries in [
        vec![
            ("id", num(1)),
            ("t", Doc::str("A")),
            ("a", num(2)),
            ("x", num(3)),
            ("z", num(4)),
            ("y", num(5)),
        ],
        vec![
            ("id", num(1)),
            ("a", num(2)),
            ("x", num(3)),
            ("t", Doc::str("A")),
        ],
        vec![
            ("x", num(3)),
            ("t", Doc::str("B")),
            ("b", num(2)),
            ("id", num(1)),
        ],
        vec![("id", num(1)), ("a", num(2)), ("x", num(3))],
        vec![
            ("id", num(1)),
            ("t", Doc::str("A")),
            ("t", Doc::str("B")),
            ("a", num(2)),
        ],
        vec![
            ("id", num(1)),
            ("t", Doc::str("C")),
            ("a", num(2)),
            ("x", num(3)),
        ],
        vec![
            ("id", num(1)),
            ("t", Doc::str("A")),
            ("a", Doc::str("no")),
            ("x", num(3)),
        ],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::map(entries));
    }
    let read: fast::Root =
        serde_json::from_str(r#"{"id":1,"t":"A","a":2,"x":3,"z":4,"y":5}"#).unwrap();
    let fast::Event::A { extra, .. } = read.event else {
        panic!("variant A");
    };
    assert_eq!(
        extra,
        [("x".into(), 3), ("y".into(), 5), ("z".into(), 4)].into()
    );
}

mod integer_tag_of_a_held_sequence {
    fast_and_twin! {
        #[serde(tag = "t")]
        pub enum Partly {
            A(Inner),
            B { b: u32 },
            #[serde(untagged)]
            Rest(Option<u32>),
        }

        #[derive(Default)]
        #[serde(default)]
        pub struct Inner {
            pub x: bool,
        }
    }
}

/// An internally tagged enum with an untagged variant, read from a sequence whose head is an
/// integer (family 253 of the seed-3 long run): both derives hold the value first, and serde's
/// buffer gives the tag as a variant's index, as `deserialize_identifier` asks. FastFlatten
/// reads the head with `deserialize_str` (bincode and postcard write the tag as text); its
/// buffer now offers an integer to the variant's visitor as serde's does.
#[test]
fn an_integer_tag_at_the_head_of_a_held_sequence_is_a_variant_index() {
    use integer_tag_of_a_held_sequence::{fast, twin};
    for doc in [
        Doc::Seq(vec![num(0)]),
        Doc::Seq(vec![num(0), Doc::Bool(true)]),
        Doc::Seq(vec![num(1), num(7)]),
        Doc::Seq(vec![num(2)]),
        Doc::Seq(vec![num(9)]),
        Doc::Seq(vec![Doc::str("B"), num(7)]),
        Doc::Seq(vec![Doc::I64(-1)]),
        Doc::Seq(vec![]),
        num(3),
    ] {
        reads_alike::<fast::Partly, twin::Partly>(&doc);
    }
    let read: fast::Partly = serde_json::from_str("[0, true]").unwrap();
    assert_eq!(read, fast::Partly::A(fast::Inner { x: true }));
    // A string field held as an integer is still refused with serde's buffer's message.
    #[derive(serde_fastkit::FastFlatten, Debug)]
    #[serde(untagged)]
    enum Text {
        One { s: String },
    }
    let error = serde_json::from_str::<Text>(r#"{"s": 1}"#).unwrap_err();
    assert_eq!(
        error.to_string(),
        "data did not match any variant of untagged enum Text"
    );
}

mod flatten_default_in_an_option {
    fast_and_twin! {
        pub struct Outer {
            pub id: u32,
            #[serde(flatten, default)]
            pub extra: Option<Middle>,
        }

        pub struct Middle {
            pub m: u32,
            #[serde(flatten, default)]
            pub inner: Inner,
        }

        #[derive(Default)]
        pub struct Inner {
            pub list: Vec<u32>,
        }
    }
}

/// A `#[serde(flatten, default)]` field inside a flattened `Option`'s type, without its keys
/// (family 203 of the seed-3 long run), the named rule "#[serde(flatten, default)] takes its
/// default": serde's derive ignores the `default`, so the inner type reports its missing field
/// and the `Option` reads `None`; FastFlatten takes the default, and the `Option` is `Some`.
/// With the inner type's keys, or without the middle type's, both read the same.
#[test]
fn flatten_default_inside_a_flattened_option_takes_its_default() {
    use flatten_default_in_an_option::{fast, twin};
    let without_inner = r#"{"id":1,"m":2}"#;
    let fast: fast::Outer = serde_json::from_str(without_inner).unwrap();
    let twin: twin::Outer = serde_json::from_str(without_inner).unwrap();
    assert_eq!(
        fast.extra,
        Some(fast::Middle {
            m: 2,
            inner: fast::Inner { list: vec![] }
        })
    );
    assert_eq!(twin.extra, None);
    for doc in [
        Doc::map([
            ("id", num(1)),
            ("m", num(2)),
            ("list", Doc::Seq(vec![num(3)])),
        ]),
        Doc::map([("id", num(1))]),
        Doc::map([("id", num(1)), ("list", Doc::Seq(vec![]))]),
    ] {
        reads_alike::<fast::Outer, twin::Outer>(&doc);
    }
}

mod only_a_buffered_member {
    use std::collections::BTreeMap;

    use super::Foreign;

    pub mod fast {
        use super::*;

        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub struct Root {
            pub id: u32,
            #[serde(flatten)]
            pub viewer: Viewer,
            #[serde(flatten)]
            pub rest: BTreeMap<String, u32>,
        }

        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub struct Viewer {
            #[serde(flatten)]
            #[fast_flatten(buffered)]
            pub foreign: Foreign,
        }
    }

    pub mod twin {
        use super::*;

        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        pub struct Root {
            pub id: u32,
            #[serde(flatten)]
            pub viewer: Viewer,
            #[serde(flatten)]
            pub rest: BTreeMap<String, u32>,
        }

        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        pub struct Viewer {
            #[serde(flatten)]
            pub foreign: Foreign,
        }
    }
}

/// The same with a struct whose only flattened member is buffered (no leaves of its own; family
/// 311 of the seed-5 long run): it still views the entries, so the catch-all after it receives
/// the keys its buffered field reads.
#[test]
fn a_struct_of_one_buffered_member_lends_its_keys_to_a_later_catch_all() {
    use only_a_buffered_member::{fast, twin};
    for entries in [
        vec![("id", num(1)), ("f", num(2)), ("z", num(3))],
        vec![("f", num(2)), ("z", num(3)), ("id", num(1))],
        vec![("z", num(3)), ("id", num(1))],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::map(entries));
    }
    let read: fast::Root = serde_json::from_str(r#"{"id":1,"f":2,"z":3}"#).unwrap();
    assert_eq!(read.rest, [("f".into(), 2), ("z".into(), 3)].into());
}

// ------------------------------------------------------------------------------------------
// A byte-string key (CBOR, MessagePack) naming a field of a buffered type: serde's flatten
// matches bytes that are text against the type's names, as it matches strings (families 20
// and 177 of the seed-b long run, on ciborium).

mod bytes_key {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Foreign {
        pub v: i64,
    }

    // `#[fast_flatten(buffered)]` is FastFlatten's alone: the twin is written out.
    pub mod fast {
        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub struct Root {
            #[serde(flatten)]
            #[fast_flatten(buffered)]
            pub foreign: super::Foreign,
            pub s: String,
        }
    }

    pub mod twin {
        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        pub struct Root {
            #[serde(flatten)]
            pub foreign: super::Foreign,
            pub s: String,
        }
    }
}

#[test]
fn a_byte_string_key_names_a_buffered_types_field() {
    use bytes_key::{fast, twin};
    let bytes = |key: &str| Doc::Bytes(key.as_bytes().to_vec());
    for entries in [
        // Read as the field.
        vec![(bytes("v"), Doc::I64(-1)), (Doc::str("s"), Doc::str("x"))],
        // Read twice: serde's "duplicate field".
        vec![
            (bytes("v"), Doc::I64(-1)),
            (Doc::str("v"), Doc::I64(-1)),
            (Doc::str("s"), Doc::str("x")),
        ],
        // Bytes that are not text name nothing: "missing field".
        vec![
            (Doc::Bytes(vec![0xff]), Doc::I64(-1)),
            (Doc::str("s"), Doc::str("x")),
        ],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::Map(entries));
    }
    let doc = Doc::Map(vec![
        (bytes("v"), Doc::I64(-1)),
        (Doc::str("s"), Doc::str("x")),
    ]);
    let mut cbor = Vec::new();
    ciborium::into_writer(&doc, &mut cbor).unwrap();
    let read: fast::Root = ciborium::from_reader(cbor.as_slice()).unwrap();
    assert_eq!(read.foreign, bytes_key::Foreign { v: -1 });
}

// ------------------------------------------------------------------------------------------
// A flattened internally tagged enum with a catch-all variant, before a catch-all of the
// struct (so read in serde's order): a key of another variant's leaf after the tag goes to the
// chosen variant's catch-all too, as serde's flatten hands that variant every entry (families
// 226 and 350 of the seed-d long run, 169 of seed c).

mod other_variants_key {
    use std::collections::BTreeMap;

    fast_and_twin! {
        pub struct Root {
            #[serde(flatten)]
            pub kind: Kind,
            // It sees the tag too.
            #[serde(flatten)]
            pub rest: BTreeMap<String, serde_json::Value>,
        }

        pub struct Named {
            #[serde(default)]
            pub name: Option<u32>,
        }

        #[serde(tag = "t")]
        pub enum Kind {
            Named(Named),
            Open {
                #[serde(flatten)]
                extra: BTreeMap<String, u32>,
            },
        }
    }
}

#[test]
fn another_variants_key_reaches_the_chosen_variants_catch_all_in_serde_order() {
    use other_variants_key::{fast, twin};
    for entries in [
        vec![("t", Doc::str("Open")), ("z", num(1)), ("name", num(5))],
        vec![("z", num(1)), ("name", num(5)), ("t", Doc::str("Open"))],
        vec![("t", Doc::str("Named")), ("z", num(1)), ("name", num(5))],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::map(entries));
    }
    let read: fast::Root = serde_json::from_str(r#"{"t":"Open","z":1,"name":5}"#).unwrap();
    let fast::Kind::Open { extra } = read.kind else {
        panic!("reads {:?}", read.kind)
    };
    assert_eq!(extra, [("z".into(), 1), ("name".into(), 5)].into());
}

// ------------------------------------------------------------------------------------------
// An adjacently tagged enum with an untagged variant, read from a sequence whose tag is a
// variant index: serde's derive holds the value and reads the tag from its buffer as a field
// identifier, which takes an index (family 40 of the seed-f long run).

mod tag_index {
    fast_and_twin! {
        #[serde(tag = "t", content = "c")]
        pub enum Kind {
            One(u32),
            #[serde(untagged)]
            Other(u32, String),
        }
    }
}

#[test]
fn a_held_sequences_tag_may_be_a_variant_index() {
    use tag_index::{fast, twin};
    for doc in [
        Doc::Seq(vec![num(0), num(7)]),
        Doc::Seq(vec![num(1), num(7)]),
        Doc::Seq(vec![num(2), num(7)]),
        Doc::Seq(vec![num(7), Doc::str("a")]),
        Doc::Seq(vec![Doc::str("One"), num(7)]),
    ] {
        reads_alike::<fast::Kind, twin::Kind>(&doc);
    }
    let read: fast::Kind = serde_json::from_str("[0, 7]").unwrap();
    assert_eq!(read, fast::Kind::One(7));
}

// ------------------------------------------------------------------------------------------
// The same enum, its tag a variant index in a map: serde's derive reads a map's tag with
// `deserialize_enum`, which its buffer refuses for an integer ("expected string or map"), so
// the tagged form fails and the untagged variants are tried (families 241 of seed 1a and 369 of
// seed 1b: FastFlatten took the index, the other way round from the sequence above).

#[test]
fn a_held_maps_tag_is_no_variant_index() {
    use tag_index::{fast, twin};
    for doc in [
        Doc::map(vec![("t", num(0)), ("c", num(7))]),
        Doc::map(vec![("c", num(7)), ("t", num(0))]),
        Doc::map(vec![
            ("t", num(1)),
            ("c", Doc::Seq(vec![num(7), Doc::str("a")])),
        ]),
        Doc::map(vec![("t", Doc::str("One")), ("c", num(7))]),
    ] {
        reads_alike::<fast::Kind, twin::Kind>(&doc);
    }
    let error = serde_json::from_str::<fast::Kind>(r#"{"t": 0, "c": 7}"#).unwrap_err();
    assert_eq!(
        error.to_string(),
        "data did not match any variant of untagged enum Kind"
    );
}

// ------------------------------------------------------------------------------------------
// An alias of a variant's leaf in a flattened internally tagged enum, before the tag: the
// variant the tag chooses reads the key by its text, as serde's derive hands it every entry
// (family 144 of the seed-a long run: the key went to another variant's catch-all under the
// leaf's name, and two aliases of one leaf became one entry).

mod alias_before_tag {
    use std::collections::BTreeMap;

    fast_and_twin! {
        pub struct Root {
            #[serde(flatten)]
            pub value: Kind,
        }

        pub struct Named {
            #[serde(alias = "a5", alias = "a6", default)]
            pub kind: Option<String>,
        }

        #[serde(tag = "t")]
        pub enum Kind {
            Named(Named),
            Open {
                #[serde(flatten)]
                extra: BTreeMap<String, serde_json::Value>,
            },
            Other {
                #[serde(alias = "k", default)]
                a5: Option<u32>,
            },
        }
    }
}

#[test]
fn an_alias_before_the_tag_is_read_by_the_chosen_variant_by_its_text() {
    use alias_before_tag::{fast, twin};
    let s = Doc::str;
    for entries in [
        vec![("a5", s("x")), ("t", s("Named"))],
        vec![("a5", s("x")), ("t", s("Open"))],
        vec![("a5", num(1)), ("a6", s("y")), ("t", s("Open"))],
        vec![("a5", num(3)), ("t", s("Other"))],
        vec![("t", s("Named")), ("a6", s("z"))],
        vec![("t", s("Open")), ("a6", s("z")), ("kind", num(1))],
        vec![("t", s("Other")), ("k", num(4))],
        vec![("k", num(4)), ("t", s("Other"))],
        vec![("k", num(4)), ("t", s("Named"))],
        vec![("a5", s("x")), ("a6", s("y")), ("t", s("Named"))],
        vec![("a5", s("x")), ("t", s("Named")), ("kind", s("y"))],
    ] {
        reads_alike::<fast::Root, twin::Root>(&Doc::map(entries));
    }
    let read: fast::Root = serde_json::from_str(r#"{"a5":1,"a6":3,"t":"Open"}"#).unwrap();
    let fast::Kind::Open { extra } = read.value else {
        panic!("reads {:?}", read.value)
    };
    assert_eq!(
        extra,
        [("a5".into(), 1.into()), ("a6".into(), 3.into())].into()
    );
}

// ------------------------------------------------------------------------------------------
// An internally tagged enum with an untagged variant: serde's derive holds the value, and its
// tagged attempt copies the entries but the tag into a buffer of its own, which the variant
// takes, so a unit struct in the variant reads from an empty map (family 238 of the seed-12
// long run).

mod tagged_attempt_moves {
    fast_and_twin! {
        #[derive(Default)]
        pub struct Unit;

        #[serde(tag = "t")]
        pub enum Kind {
            A { u: Unit, n: u32 },
            #[serde(untagged)]
            Other(u32),
        }
    }
}

#[test]
fn an_internally_tagged_attempt_reads_its_variant_from_its_own_copy() {
    use tagged_attempt_moves::{fast, twin};
    let s = Doc::str;
    for entries in [
        vec![("t", s("A")), ("u", Doc::map(vec![])), ("n", num(1))],
        vec![("u", Doc::map(vec![])), ("n", num(1)), ("t", s("A"))],
        vec![("t", s("A")), ("u", Doc::Null), ("n", num(1))],
    ] {
        reads_alike::<fast::Kind, twin::Kind>(&Doc::map(entries));
    }
    reads_alike::<fast::Kind, twin::Kind>(&num(7));
    let read: fast::Kind = serde_json::from_str(r#"{"t":"A","u":{},"n":1}"#).unwrap();
    assert_eq!(
        read,
        fast::Kind::A {
            u: fast::Unit,
            n: 1
        }
    );
}

// ------------------------------------------------------------------------------------------
// An adjacently tagged enum whose last variant is an untagged unit variant: a tag given as an
// index counts only the tagged variants, so `[1]` names no variant (family 207 of seed 74).

mod adjacent_untagged_unit {
    fast_and_twin! {
        #[serde(tag = "tag1", content = "c2")]
        pub enum T0 {
            V3One(Option<u32>),
            #[serde(untagged)]
            V4Three,
        }
    }
}

#[test]
fn a_tag_index_counts_only_the_tagged_variants() {
    use adjacent_untagged_unit::{fast, twin};
    let s = Doc::str;
    for doc in [
        Doc::Seq(vec![num(1)]),
        Doc::Seq(vec![num(0)]),
        Doc::Seq(vec![num(0), num(3)]),
        Doc::Seq(vec![num(1), Doc::Null]),
        Doc::Seq(vec![s("V4Three")]),
        Doc::Seq(vec![]),
        Doc::map(vec![("tag1", num(1))]),
        Doc::map(vec![("tag1", num(0)), ("c2", num(2))]),
        Doc::map(vec![("tag1", s("V4Three"))]),
        Doc::map(vec![]),
        Doc::Null,
    ] {
        reads_alike::<fast::T0, twin::T0>(&doc);
    }
}

// ------------------------------------------------------------------------------------------
// An unsigned integer key in a flattened enum's struct variant: serde's buffer replays it as
// the position of a field on every format; FastFlatten reads the variant's keys from the
// format, as serde's derive reads a struct variant that is not flattened, and the format says
// what the key is (the named rule "keys that are not names"; family 259 of seed 78).

twins!(positions_in_a_flattened_variant {
    pub struct Root {
        pub x: u32,
        #[serde(flatten)]
        pub e: Strict,
        #[serde(flatten)]
        pub l: Lenient,
    }

    #[serde(deny_unknown_fields)]
    pub enum Strict {
        S { a: Option<u32>, b: u32 },
    }

    pub enum Lenient {
        L { c: Option<u32> },
    }
});

#[test]
fn an_integer_key_in_a_flattened_variant_is_what_the_format_says() {
    use positions_in_a_flattened_variant::{fast, twin};
    let variant = |name: &str, entries: Vec<(Doc, Doc)>| (Doc::str(name), Doc::Map(entries));
    let doc = |strict: Vec<(Doc, Doc)>, lenient: Vec<(Doc, Doc)>| {
        Doc::Map(vec![
            (Doc::str("x"), num(1)),
            variant("S", strict),
            variant("L", lenient),
        ])
    };
    // By name, alike.
    reads_alike::<fast::Root, twin::Root>(&doc(
        vec![(Doc::str("b"), num(2)), (Doc::str("a"), num(3))],
        vec![(Doc::str("c"), num(4))],
    ));
    // `0` names the first field: to serde's buffer always; to FastFlatten where the format
    // gives it to the field's identifier as an integer (serde_cbor, rmp-serde). YAML gives it
    // as the text `0`, unknown to the strict variant and skipped by the other; ciborium gives
    // no integer to an identifier.
    let strict = doc(vec![(Doc::str("b"), num(2)), (num(0), num(3))], vec![]);
    let lenient = doc(vec![(Doc::str("b"), num(2))], vec![(num(0), num(4))]);
    for (doc, read, as_text) in [
        (&strict, "a: Some(3)", Err("unknown field `0`")),
        (&lenient, "c: Some(4)", Ok("c: None")),
    ] {
        let readings = read_twins::<fast::Root, twin::Root>(doc);
        assert!(readings.formats.len() >= 4, "{readings:?}");
        for (format, ours, twin) in &readings.formats {
            let twin = twin.as_ref().expect(format);
            assert!(twin.contains(read), "{format}: serde read {twin}");
            match (*format, ours, as_text) {
                ("serde_cbor" | "rmp-serde (map)", Ok(ours), _) => assert_eq!(ours, twin),
                ("ciborium", Err(error), _) => {
                    assert!(error.contains("invalid type: integer `0`"), "{error}")
                }
                (yaml, Err(error), Err(expected)) if yaml.starts_with("serde_") => {
                    assert!(error.contains(expected), "{format}: {error}")
                }
                (yaml, Ok(ours), Ok(expected)) if yaml.starts_with("serde_") => {
                    assert!(ours.contains(expected), "{format}: {ours}")
                }
                _ => panic!("{format}: FastFlatten {ours:?}, serde {twin}"),
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// An unsigned integer key in an internally tagged enum's map: serde's derive holds every entry
// (`deserialize_any`) and replays the key to the variant as a field's position. FastFlatten
// reads a key before the tag as serde's buffer does, and a key after it as the variant's
// struct reads it (`deserialize_identifier`): the format says what the key is there (the
// named rule "keys that are not names"). Found by hand beside family 259 of seed 78.

twins!(positions_in_an_internally_tagged_variant {
    #[serde(tag = "type")]
    pub enum Event {
        A { id: u32, name: String },
        B { id: u32, other: String },
    }
});

#[test]
fn an_integer_key_beside_an_internal_tag_is_what_the_format_says() {
    use positions_in_an_internally_tagged_variant::{fast, twin};
    let tag = || (Doc::str("type"), Doc::str("A"));
    let name = || (Doc::str("name"), Doc::str("x"));
    let position = || (num(0), num(5));
    // Before the tag, the key is held as serde's buffer holds it: alike on every format.
    reads_alike::<fast::Event, twin::Event>(&Doc::Map(vec![position(), name(), tag()]));
    // After it, the format gives the key to the variant's identifier: as an integer (serde_cbor,
    // rmp-serde), the same position; as the text `0` (YAML), no field's name; not at all
    // (ciborium).
    let readings =
        read_twins::<fast::Event, twin::Event>(&Doc::Map(vec![tag(), position(), name()]));
    assert!(readings.formats.len() >= 4, "{readings:?}");
    for (format, ours, twin) in &readings.formats {
        let twin = twin.as_ref().expect(format);
        assert_eq!(twin, "A { id: 5, name: \"x\" }", "{format}");
        match (*format, ours) {
            ("serde_cbor" | "rmp-serde (map)", Ok(ours)) => assert_eq!(ours, twin),
            ("ciborium", Err(error)) => assert!(
                error.contains("invalid type: integer `0`, expected str or bytes"),
                "{error}"
            ),
            (yaml, Err(error)) if yaml.starts_with("serde_") => {
                assert!(error.contains("missing field `id`"), "{format}: {error}")
            }
            _ => panic!("{format}: FastFlatten {ours:?}, serde {twin}"),
        }
    }
}

// ------------------------------------------------------------------------------------------
// A `#[serde(transparent)]` newtype flattened: it flattens as serde flattens it, through its
// inner type's `Deserialize`, which FastFlatten asks which keys it takes. Asked as any other
// deserializer asks, the inner FastFlatten struct listed its names without their aliases, so an
// alias's key was left unclaimed: "missing field", or no "duplicate field" beside its name
// (families 251 and 263 of the CI set, once flattened structs drew the wrapper).

twins!(transparent_wrappers {
    pub struct Root {
        pub x: u32,
        #[serde(flatten)]
        pub w: Wrapper,
        #[serde(flatten)]
        pub n: NestedWrapper,
    }

    #[serde(transparent)]
    pub struct Wrapper(pub Inner);

    pub struct Inner {
        #[serde(alias = "aa")]
        pub a: u32,
        #[serde(default, alias = "bb")]
        pub b: Option<String>,
    }

    #[serde(transparent)]
    pub struct NestedWrapper(pub Nested);

    pub struct Nested {
        #[serde(alias = "cc")]
        pub c: u32,
        #[serde(flatten)]
        pub deeper: Deeper,
    }

    pub struct Deeper {
        #[serde(alias = "dd")]
        pub d: u32,
    }
});

#[test]
fn a_flattened_transparent_wrapper_takes_its_aliases() {
    use transparent_wrappers::{fast, twin};
    let entry = |key: &str, value: Doc| (Doc::str(key), value);
    for entries in [
        vec![("x", 1), ("a", 2), ("c", 3), ("d", 4)],
        vec![("x", 1), ("aa", 2), ("cc", 3), ("dd", 4)],
        vec![("dd", 4), ("bb", 9), ("x", 1), ("cc", 3), ("aa", 2)],
        // An alias beside its name: serde's "duplicate field".
        vec![("x", 1), ("a", 2), ("aa", 5), ("c", 3), ("d", 4)],
        vec![("x", 1), ("a", 2), ("c", 3), ("cc", 6), ("d", 4)],
    ] {
        let doc = Doc::Map(
            entries
                .into_iter()
                .map(|(key, n)| match key {
                    "bb" => entry(key, Doc::str("text")),
                    _ => entry(key, num(n)),
                })
                .collect(),
        );
        reads_alike::<fast::Root, twin::Root>(&doc);
    }
}
