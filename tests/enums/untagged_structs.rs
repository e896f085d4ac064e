//! An untagged enum whose variants are all structs, not flattened, is read side by side when
//! given a map (`src/enums/untagged_structs.rs`): a key one variant alone names goes straight
//! into that variant's tree, a key two name (or one that is not text) is held for both, and the
//! first variant (in declaration order) that reads its keys wins; anything but a map is held
//! and each variant tried on it. The same values and errors as serde's derive, which holds the
//! whole value and tries each variant on it.

use std::collections::BTreeMap;

use crate::support::Val;

twins! {
    mod structs {
        #[serde(untagged)]
        pub enum Outcome {
            Success {
                result: Vec<String>,
                #[serde(default)]
                note: Option<String>,
            },
            Failure {
                error: Failure,
                #[serde(default)]
                note: Option<u32>,
            },
        }

        pub struct Failure {
            pub code: i64,
            pub message: String,
        }

        /// Inside a struct, a sequence and a map.
        pub struct Holder {
            pub outcome: Outcome,
            #[serde(default)]
            pub more: Vec<Outcome>,
            #[serde(default)]
            pub by_name: BTreeMap<String, Outcome>,
        }

        /// A variant naming no key: it reads any map.
        #[serde(untagged)]
        pub enum OrEmpty {
            Pair {
                #[serde(rename = "x")]
                first: u8,
                #[serde(alias = "z")]
                y: u8,
            },
            One { x: String },
            Empty {},
        }

        /// A variant of itself.
        #[serde(untagged)]
        pub enum Tree {
            Node { children: Vec<Tree> },
            Leaf { value: u8 },
        }

        #[serde(untagged)]
        pub enum Generic<T> {
            Success { result: T },
            Failure { error: String },
        }

        #[serde(untagged)]
        pub enum Borrowed<'a> {
            Success { result: &'a str },
            Failure { error: String },
        }

        /// A variant flattening a struct, another a map: the second takes any key, so every
        /// value is held.
        pub struct Meta {
            pub id: u64,
        }

        #[serde(untagged)]
        pub enum WithFlattened {
            Known {
                #[serde(flatten)]
                meta: Meta,
                name: String,
            },
            Other {
                kind: String,
            },
        }

        #[serde(untagged)]
        pub enum WithCatchAll {
            Known { id: u64 },
            Rest {
                #[serde(flatten)]
                rest: BTreeMap<String, u8>,
            },
        }

        /// Unknown keys refused: every value held.
        #[serde(untagged, deny_unknown_fields)]
        pub enum Strict {
            A { a: u8 },
            B { b: u8 },
        }
    }
}

#[test]
fn each_variant_by_the_keys_it_alone_names() {
    for json in [
        r#"{"result": ["a", "b"]}"#,
        r#"{"result": []}"#,
        r#"{"error": {"code": -1, "message": "m"}}"#,
        r#"{"x": 1, "result": ["a"], "y": [2]}"#,
        // Both: the first variant that reads its keys.
        r#"{"result": ["a"], "error": {"code": 1, "message": "m"}}"#,
        r#"{"error": {"code": 1, "message": "m"}, "result": ["a"]}"#,
    ] {
        let _ = de!(structs::Outcome, json);
        let _ = de!(structs::Holder, &format!(r#"{{"outcome": {json}}}"#));
        let _ = de!(
            structs::Holder,
            &format!(
                r#"{{"outcome": {json}, "more": [{json}, {json}], "by_name": {{"k": {json}}}}}"#
            )
        );
    }
}

#[test]
fn a_refusal_rules_out_its_variant_only() {
    for json in [
        r#"{"result": [1], "error": {"code": 1, "message": "m"}}"#,
        r#"{"result": "a", "error": {"code": 1, "message": "m"}}"#,
        r#"{"result": ["a", 2], "error": {"code": 1, "message": "m"}}"#,
        r#"{"result": ["a"], "error": 5}"#,
        r#"{"result": ["a"], "error": {"code": "1", "message": "m"}}"#,
        r#"{"result": ["a"], "result": ["b"], "error": {"code": 1, "message": "m"}}"#,
        r#"{"error": {"code": 1, "message": "m"}, "error": {"code": 2, "message": "n"}}"#,
        // No variant reads its keys.
        r#"{"result": 5}"#,
        r#"{"result": ["a"], "result": ["b"]}"#,
        r#"{}"#,
        r#"{"z": 1}"#,
    ] {
        let _ = de!(structs::Outcome, json);
        let _ = de!(
            structs::Holder,
            &format!(r#"{{"outcome": {json}, "more": [{json}]}}"#)
        );
    }
}

#[test]
fn a_key_two_variants_name_goes_to_both() {
    for json in [
        r#"{"note": "n", "result": ["a"]}"#,
        r#"{"note": 5, "error": {"code": 1, "message": "m"}}"#,
        r#"{"note": 5, "result": ["a"], "error": {"code": 1, "message": "m"}}"#,
        r#"{"note": 5, "result": ["a"]}"#,
        r#"{"note": "n", "note": "o", "result": ["a"]}"#,
        r#"{"note": null, "error": {"code": 1, "message": "m"}}"#,
    ] {
        let _ = de!(structs::Outcome, json);
    }
}

/// A struct variant reads a sequence too, and a value of another shape matches no variant:
/// held whole and tried, as serde does.
#[test]
fn values_that_are_not_maps() {
    for json in [
        r#"[["a"]]"#,
        r#"[["a"], "n"]"#,
        r#"[{"code": 1, "message": "m"}]"#,
        r#"[["a"], "n", 3]"#,
        "[]",
        "null",
        "5",
        r#""result""#,
        "true",
    ] {
        let _ = de!(structs::Outcome, json);
        let _ = de!(structs::OrEmpty, json);
        let _ = de!(structs::Tree, json);
    }
}

#[test]
fn renames_aliases_and_a_variant_that_names_nothing() {
    for json in [
        r#"{"x": 1, "y": 2}"#,
        r#"{"x": 1, "z": 2}"#,
        r#"{"z": 2, "x": 1}"#,
        r#"{"x": 1, "y": 2, "z": 3}"#,
        r#"{"x": "s", "y": 2}"#,
        r#"{"x": "s"}"#,
        r#"{"x": 300}"#,
        r#"{}"#,
        r#"{"first": 1, "y": 2}"#,
    ] {
        let _ = de!(structs::OrEmpty, json);
    }
}

#[test]
fn recursive_variants() {
    for json in [
        r#"{"value": 1}"#,
        r#"{"children": []}"#,
        r#"{"children": [{"value": 1}, {"children": [{"value": 2}]}]}"#,
        r#"{"children": [{"value": 1}, {"children": [{"value": "x"}]}], "value": 3}"#,
        r#"{"children": [{"value": 300}]}"#,
        r#"{"children": [[[]]]}"#,
    ] {
        let _ = de!(structs::Tree, json);
    }
}

#[test]
fn generic_and_borrowed_variants() {
    for json in [
        r#"{"result": 5}"#,
        r#"{"result": "x", "error": "e"}"#,
        r#"{"error": "e"}"#,
        r#"{}"#,
    ] {
        let _ = de!(structs::Generic<u8>, json);
        let _ = de!(structs::Generic<Vec<u8>>, json);
        let _ = de!(structs::Borrowed, json);
    }
}

#[test]
fn variants_with_flattened_fields_and_strict_enums() {
    for json in [
        r#"{"id": 1, "name": "n"}"#,
        r#"{"kind": "k", "id": 1}"#,
        r#"{"id": "x", "name": "n", "kind": "k"}"#,
        r#"{"a": 1}"#,
        r#"{"b": 1}"#,
        r#"{"a": 1, "b": 2}"#,
        r#"{"a": 1, "c": 2}"#,
        r#"{"rest": 1, "id": 300}"#,
    ] {
        let _ = de!(structs::WithFlattened, json);
        let _ = de!(structs::WithCatchAll, json);
        let _ = de!(structs::Strict, json);
    }
}

/// Keys that are not text are held and read by each variant as serde's derive reads a held key:
/// an integer as the field's position, bytes as its name.
#[test]
fn keys_that_are_not_text() {
    for val in [
        Val::Map(vec![(Val::U64(0), Val::Seq(vec![Val::Str("a")]))]),
        Val::Map(vec![
            (Val::U8(1), Val::Str("n")),
            (Val::Str("result"), Val::Seq(vec![])),
        ]),
        Val::Map(vec![(Val::Bytes(b"result"), Val::Seq(vec![Val::Str("a")]))]),
        Val::Map(vec![
            (
                Val::Bytes(b"error"),
                Val::Map(vec![(Val::Str("code"), Val::I32(1))]),
            ),
            (Val::Str("result"), Val::Seq(vec![])),
        ]),
        Val::Map(vec![
            (Val::Unit, Val::U8(1)),
            (Val::Str("result"), Val::Seq(vec![])),
        ]),
        Val::Map(vec![
            (Val::U64(7), Val::U8(1)),
            (Val::Str("result"), Val::Seq(vec![])),
        ]),
    ] {
        let _ = de_val!(structs::Outcome, val);
    }
}

#[test]
fn read_side_by_side_when_every_variant_skips_unnamed_keys() {
    use serde_fastkit::__private::{FlattenUntagged, UntaggedTrees};
    fn side_by_side<'de, E: FlattenUntagged<'de>>() -> bool {
        <E::Trees as UntaggedTrees<'de>>::IGNORES_UNNAMED_KEYS
    }
    assert!(side_by_side::<structs::ours::Outcome>());
    assert!(side_by_side::<structs::ours::OrEmpty>());
    assert!(side_by_side::<structs::ours::Tree>());
    assert!(side_by_side::<structs::ours::WithFlattened>());
    assert!(!side_by_side::<structs::ours::WithCatchAll>());
    assert!(!side_by_side::<structs::ours::Strict>());
}

/// Which way the derive's entry point reads: side by side for an enum whose variants are all
/// structs read by their trees, the value held otherwise.
#[test]
fn the_reader_the_entry_point_picks() {
    use serde_fastkit::__private::{ReadsHeld as _, ReadsSideBySide as _, UntaggedReader};
    type Json<'a> = &'a mut serde_json::Deserializer<serde_json::de::StrRead<'a>>;
    let reader = &&UntaggedReader::<structs::ours::Outcome>::new();
    assert!(reader.side_by_side::<Json>().is_some());
    let reader = &&UntaggedReader::<structs::ours::Tree>::new();
    assert!(reader.side_by_side::<Json>().is_some());
    let reader = &&UntaggedReader::<crate::untagged::untagged::ours::Untagged>::new();
    assert!(reader.side_by_side::<Json>().is_none());
}

/// "data did not match any variant" carries no position, as serde's derive makes it after the
/// format has read the value (serde_json marks the errors made while it reads).
#[test]
fn no_match_is_reported_where_serde_reports_it() {
    for json in [
        r#"{"result": 5}"#,
        "{}",
        r#"[5]"#,
        "5",
        r#"{"error": {"code": 1}}"#,
    ] {
        let ours = serde_json::from_str::<structs::ours::Outcome>(json).unwrap_err();
        let twin = serde_json::from_str::<structs::twin::Outcome>(json).unwrap_err();
        assert_eq!(ours.to_string(), twin.to_string(), "{json}");
    }
    let ours = serde_json::from_str::<structs::ours::Holder>(r#"{"outcome": {}}"#).unwrap_err();
    let twin = serde_json::from_str::<structs::twin::Holder>(r#"{"outcome": {}}"#).unwrap_err();
    assert_eq!(ours.to_string(), twin.to_string());
}
