//! A flattened map catches the keys no leaf of the tree claims, with keys of any type the format
//! carries (serde's flatten cannot read `HashMap<u32, V>` from JSON: serde issues 1183, 2117,
//! 2628). Declared before a flattened struct, it also receives the struct's keys, as serde's
//! flatten hands them out (serde issue 2764), and each key is written once; with
//! `#[fast_flatten(strict)]`, it receives exactly the unclaimed keys whatever the order.

use std::collections::{BTreeMap, HashMap};

use serde_fastkit::FastFlatten;
use serde_json::Value;

#[path = "../shared/catch_all.rs"]
mod shapes;

use shapes::{JsonMapRest, MapFirst, Meta, StrictMapFirst, WithRest};

#[derive(FastFlatten, Debug, PartialEq)]
struct MapLast {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
    #[serde(flatten)]
    extra: HashMap<String, Value>,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct NumberKeys {
    name: String,
    #[serde(flatten)]
    by_id: BTreeMap<u32, String>,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct StrictWithMap {
    id: u32,
    #[serde(flatten)]
    rest: BTreeMap<String, u8>,
}

/// A catch-all nested one level down, in a flattened struct.
#[derive(FastFlatten, Debug, PartialEq)]
struct Nested {
    top: u8,
    #[serde(flatten)]
    inner: WithRest,
}

mod serde_twin {
    use std::collections::BTreeMap;

    use serde::Deserialize;

    pub use super::shapes::twin::MapFirst;

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    pub struct NumberKeys {
        pub name: String,
        #[serde(flatten)]
        pub by_id: BTreeMap<u32, String>,
    }
}

const INPUT: &str = r#"{"a":1,"id":7,"kind":"k","b":[true],"c":{"d":null}}"#;

fn expected_extra() -> BTreeMap<String, Value> {
    serde_json::from_str(r#"{"a":1,"b":[true],"c":{"d":null}}"#).unwrap()
}

#[test]
fn map_declared_first_gets_the_structs_keys_too() {
    let value: MapFirst = serde_json::from_str(INPUT).unwrap();
    let mut extra = expected_extra();
    extra.insert("kind".to_owned(), Value::from("k"));
    assert_eq!(value.extra, extra);
    assert_eq!((value.id, value.meta.kind.as_str()), (7, "k"));
    // serde's flatten also gives the map the flattened struct's key.
    let twin: serde_twin::MapFirst = serde_json::from_str(INPUT).unwrap();
    assert_eq!(twin.extra, extra);
}

#[test]
fn strict_map_declared_first_gets_only_unclaimed_keys() {
    let value: StrictMapFirst = serde_json::from_str(INPUT).unwrap();
    assert_eq!(value.extra, expected_extra());
    assert_eq!((value.id, value.meta.kind.as_str()), (7, "k"));
}

#[test]
fn map_declared_last_gets_only_unclaimed_keys() {
    let value: MapLast = serde_json::from_str(INPUT).unwrap();
    assert_eq!(
        value.extra,
        expected_extra().into_iter().collect::<HashMap<_, _>>()
    );
}

#[test]
fn entries_are_written_in_place() {
    let value: StrictMapFirst = serde_json::from_str(INPUT).unwrap();
    let json = serde_json::to_string(&value).unwrap();
    assert_eq!(
        json,
        r#"{"a":1,"b":[true],"c":{"d":null},"id":7,"kind":"k"}"#
    );
    let back: StrictMapFirst = serde_json::from_str(&json).unwrap();
    assert_eq!(back, value);
    assert_eq!(
        serde_yaml::from_str::<StrictMapFirst>(&serde_yaml::to_string(&value).unwrap()).unwrap(),
        value
    );
}

#[test]
fn a_key_held_twice_is_written_once() {
    let value: MapFirst = serde_json::from_str(INPUT).unwrap();
    let json = serde_json::to_string(&value).unwrap();
    // serde writes `kind` twice: from the map, and from the struct.
    assert_eq!(
        json,
        r#"{"a":1,"b":[true],"c":{"d":null},"kind":"k","id":7}"#
    );
    let back: MapFirst = serde_json::from_str(&json).unwrap();
    assert_eq!(back, value);
    let twin: serde_twin::MapFirst = serde_json::from_str(INPUT).unwrap();
    assert_eq!(
        serde_json::to_string(&twin).unwrap(),
        r#"{"a":1,"b":[true],"c":{"d":null},"kind":"k","id":7,"kind":"k"}"#
    );
}

#[test]
fn integer_keys_from_json_strings() {
    let value: NumberKeys =
        serde_json::from_str(r#"{"5":"five","name":"n","17":"seventeen"}"#).unwrap();
    assert_eq!(
        value.by_id,
        BTreeMap::from([(5, "five".to_owned()), (17, "seventeen".to_owned())])
    );
    assert_eq!(
        serde_json::to_string(&value).unwrap(),
        r#"{"name":"n","5":"five","17":"seventeen"}"#
    );

    let err =
        serde_json::from_str::<serde_twin::NumberKeys>(r#"{"5":"five","name":"n"}"#).unwrap_err();
    assert!(err.to_string().contains("expected u32"), "{err}");

    let err = serde_json::from_str::<NumberKeys>(r#"{"five":"5","name":"n"}"#).unwrap_err();
    assert!(
        err.to_string()
            .contains("invalid type: string \"five\", expected u32"),
        "{err}"
    );
}

#[test]
fn integer_keys_from_cbor() {
    let value = NumberKeys {
        name: "n".to_owned(),
        by_id: BTreeMap::from([(1, "one".to_owned()), (40_000, "many".to_owned())]),
    };
    // ciborium reads a key that serde's derive reads as a field name (`deserialize_identifier`)
    // only from text or bytes: serde's derive refuses the integer keys it writes, and so does
    // FastFlatten.
    let mut bytes = Vec::new();
    ciborium::into_writer(&value, &mut bytes).unwrap();
    let error = ciborium::from_reader::<NumberKeys, _>(bytes.as_slice()).unwrap_err();
    let twin_error =
        ciborium::from_reader::<serde_twin::NumberKeys, _>(bytes.as_slice()).unwrap_err();
    assert_eq!(error.to_string(), twin_error.to_string());
    let bytes = serde_cbor::to_vec(&value).unwrap();
    assert_eq!(serde_cbor::from_slice::<NumberKeys>(&bytes).unwrap(), value);
    let bytes = rmp_serde::to_vec_named(&value).unwrap();
    assert_eq!(rmp_serde::from_slice::<NumberKeys>(&bytes).unwrap(), value);
}

#[test]
fn catch_all_takes_precedence_over_deny_unknown_fields() {
    let value: StrictWithMap = serde_json::from_str(r#"{"id":1,"x":2}"#).unwrap();
    assert_eq!(value.rest, BTreeMap::from([("x".to_owned(), 2)]));
}

#[test]
fn nested_catch_all() {
    let value: Nested = serde_json::from_str(r#"{"z":9,"top":1,"mid":2,"y":8}"#).unwrap();
    assert_eq!(
        value.inner.rest,
        BTreeMap::from([("y".to_owned(), 8), ("z".to_owned(), 9)])
    );
    assert_eq!(
        serde_json::to_string(&value).unwrap(),
        r#"{"top":1,"mid":2,"y":8,"z":9}"#
    );
}

#[test]
fn catch_all_needs_a_self_describing_format() {
    let value = Nested {
        top: 1,
        inner: WithRest {
            mid: 2,
            rest: BTreeMap::new(),
        },
    };
    let bytes = bincode2::serde::encode_to_vec(&value, bincode2::config::standard()).unwrap();
    assert!(
        bincode2::serde::decode_from_slice::<Nested, _>(&bytes, bincode2::config::standard())
            .is_err()
    );
}

#[test]
fn marked_foreign_map_catches_unclaimed_keys() {
    let value: JsonMapRest = serde_json::from_str(INPUT).unwrap();
    let expected: serde_json::Map<String, Value> =
        serde_json::from_str(r#"{"a":1,"b":[true],"c":{"d":null}}"#).unwrap();
    assert_eq!(value.extra, expected);
    assert_eq!((value.id, value.meta.kind.as_str()), (7, "k"));
    let json = serde_json::to_string(&value).unwrap();
    assert_eq!(
        json,
        r#"{"id":7,"a":1,"b":[true],"c":{"d":null},"kind":"k"}"#
    );
    assert_eq!(serde_json::from_str::<JsonMapRest>(&json).unwrap(), value);
}
