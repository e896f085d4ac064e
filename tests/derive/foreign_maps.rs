//! Catch-all maps of other crates without `#[fast_flatten(catch_all)]`, behind the features
//! `serde_json`, `indexmap_2` and `indexmap_1` (the README's test command enables every feature):
//! the same keys, the same bytes and the same values as serde's flatten of the same types.
#![cfg(all(feature = "serde_json", feature = "indexmap_2", feature = "indexmap_1"))]

use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;
use serde_json::{Map, Value};

#[derive(FastFlatten, Debug, PartialEq)]
struct Meta {
    kind: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct MetaTwin {
    kind: String,
}

macro_rules! catch_all_shapes {
    ($($fast:ident / $twin:ident: $map:ty;)*) => {
        $(
            #[derive(FastFlatten, Debug, PartialEq)]
            struct $fast {
                id: u32,
                #[serde(flatten)]
                meta: Meta,
                #[serde(flatten)]
                extra: $map,
            }

            #[derive(Serialize, Deserialize, Debug, PartialEq)]
            struct $twin {
                id: u32,
                #[serde(flatten)]
                meta: MetaTwin,
                #[serde(flatten)]
                extra: $map,
            }
        )*
    };
}

catch_all_shapes! {
    JsonMap / JsonMapTwin: Map<String, Value>;
    JsonValue / JsonValueTwin: Value;
    IndexMap2 / IndexMap2Twin: indexmap::IndexMap<String, Value>;
    IndexMap1 / IndexMap1Twin: indexmap1::IndexMap<String, Value>;
}

/// Unclaimed keys before, between and after the claimed ones.
const INPUT: &str = r#"{"z":1,"id":7,"a":[true],"kind":"k","m":{"d":null}}"#;

/// Reads [`INPUT`] with FastFlatten and serde's flatten: the same catch-all, in the input's
/// order where the map keeps it; the same JSON written back; each reads the other's output.
macro_rules! same_as_serde {
    ($test:ident: $fast:ident / $twin:ident) => {
        #[test]
        fn $test() {
            let fast: $fast = serde_json::from_str(INPUT).unwrap();
            let twin: $twin = serde_json::from_str(INPUT).unwrap();
            assert_eq!(
                (fast.id, fast.meta.kind.as_str()),
                (twin.id, twin.meta.kind.as_str())
            );
            assert_eq!(fast.extra, twin.extra);
            let json = serde_json::to_string(&fast).unwrap();
            assert_eq!(json, serde_json::to_string(&twin).unwrap());
            assert_eq!(serde_json::from_str::<$fast>(&json).unwrap(), fast);
        }
    };
}

same_as_serde!(json_map: JsonMap / JsonMapTwin);
same_as_serde!(json_value: JsonValue / JsonValueTwin);
same_as_serde!(indexmap_2: IndexMap2 / IndexMap2Twin);
same_as_serde!(indexmap_1: IndexMap1 / IndexMap1Twin);

#[test]
fn index_maps_keep_the_input_order() {
    let fast: IndexMap2 = serde_json::from_str(INPUT).unwrap();
    assert_eq!(fast.extra.keys().collect::<Vec<_>>(), ["z", "a", "m"]);
    let fast: IndexMap1 = serde_json::from_str(INPUT).unwrap();
    assert_eq!(fast.extra.keys().collect::<Vec<_>>(), ["z", "a", "m"]);
}

#[test]
fn a_value_that_is_not_an_object_is_serdes_error() {
    let fast = JsonValue {
        id: 1,
        extra: Value::from("text"),
        meta: Meta { kind: "k".into() },
    };
    let twin = JsonValueTwin {
        id: 1,
        extra: Value::from("text"),
        meta: MetaTwin { kind: "k".into() },
    };
    let fast = serde_json::to_string(&fast).unwrap_err().to_string();
    let twin = serde_json::to_string(&twin).unwrap_err().to_string();
    assert_eq!(fast, twin);
}

#[test]
fn a_null_value_writes_nothing() {
    let fast = JsonValue {
        id: 1,
        extra: Value::Null,
        meta: Meta { kind: "k".into() },
    };
    assert_eq!(
        serde_json::to_string(&fast).unwrap(),
        r#"{"id":1,"kind":"k"}"#
    );
}

#[test]
fn the_catch_all_works_on_yaml_and_cbor() {
    let fast: JsonMap = serde_json::from_str(INPUT).unwrap();
    let yaml = serde_yaml_ng::to_string(&fast).unwrap();
    assert_eq!(serde_yaml_ng::from_str::<JsonMap>(&yaml).unwrap(), fast);
    let mut cbor = Vec::new();
    ciborium::into_writer(&fast, &mut cbor).unwrap();
    assert_eq!(
        ciborium::from_reader::<JsonMap, _>(&cbor[..]).unwrap(),
        fast
    );
}
