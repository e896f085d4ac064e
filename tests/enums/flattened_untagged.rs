//! A flattened untagged enum whose variants are all structs is read side by side
//! (`src/enums/flattened_untagged.rs`): a key one variant alone names goes straight into that
//! variant's tree, a key two name is held for both, and the first variant (in declaration
//! order) that reads its keys wins. The same values and errors as serde's derive, which holds
//! every key and tries each variant on them.

use std::collections::BTreeMap;

twins! {
    mod side_by_side {
        pub struct Response {
            pub id: u64,
            #[serde(flatten)]
            pub outcome: Outcome,
        }

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

        /// A variant naming no key: it reads any map.
        pub struct Lenient {
            pub id: u64,
            #[serde(flatten)]
            pub outcome: OrEmpty,
        }

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

        pub struct Optional {
            pub id: u64,
            #[serde(flatten)]
            pub outcome: Option<Outcome>,
        }

        pub struct Meta {
            pub id: u64,
        }

        /// Beside a flattened struct.
        pub struct BesideStruct {
            #[serde(flatten)]
            pub meta: Meta,
            #[serde(flatten)]
            pub outcome: Outcome,
        }

        #[serde(untagged)]
        pub enum Numbers {
            A { a: u8, s: u8 },
            B { b: u8, s: u16 },
        }

        pub struct Generic<T> {
            pub id: u64,
            #[serde(flatten)]
            pub outcome: GenericOutcome<T>,
        }

        #[serde(untagged)]
        pub enum GenericOutcome<T> {
            Success { result: T },
            Failure { error: String },
        }

        pub struct Borrowed<'a> {
            pub id: u64,
            #[serde(flatten, borrow)]
            pub outcome: BorrowedOutcome<'a>,
        }

        #[serde(untagged)]
        pub enum BorrowedOutcome<'a> {
            Success { result: &'a str },
            Failure { error: String },
        }

        /// Beside a catch-all, which sees the enum's keys too (an untagged enum only views
        /// them).
        pub struct BesideCatchAll {
            #[serde(flatten)]
            pub numbers: Numbers,
            #[serde(flatten)]
            pub rest: BTreeMap<String, u16>,
        }
    }
}

#[test]
fn each_variant_by_the_keys_it_alone_names() {
    for json in [
        r#"{"id": 1, "result": ["a", "b"]}"#,
        r#"{"result": [], "id": 1}"#,
        r#"{"id": 1, "error": {"code": -1, "message": "m"}}"#,
        r#"{"error": {"code": -1, "message": "m"}, "id": 1}"#,
        r#"{"id": 1, "x": 1, "result": ["a"], "y": [2]}"#,
        // Both: the first variant that reads its keys.
        r#"{"id": 1, "result": ["a"], "error": {"code": 1, "message": "m"}}"#,
        r#"{"error": {"code": 1, "message": "m"}, "result": ["a"], "id": 1}"#,
    ] {
        let _ = de!(side_by_side::Response, json);
        let _ = de!(side_by_side::Optional, json);
        let _ = de!(side_by_side::BesideStruct, json);
    }
}

#[test]
fn a_refusal_rules_out_its_variant_only() {
    for json in [
        r#"{"id": 1, "result": [1], "error": {"code": 1, "message": "m"}}"#,
        r#"{"id": 1, "result": "a", "error": {"code": 1, "message": "m"}}"#,
        r#"{"id": 1, "result": ["a", 2], "error": {"code": 1, "message": "m"}}"#,
        r#"{"id": 1, "result": ["a"], "error": 5}"#,
        r#"{"id": 1, "result": ["a"], "result": ["b"], "error": {"code": 1, "message": "m"}}"#,
        r#"{"id": 1, "error": {"code": 1, "message": "m"}, "error": {"code": 2, "message": "n"}}"#,
        // No variant reads its keys.
        r#"{"id": 1, "result": 5}"#,
        r#"{"id": 1, "result": ["a"], "result": ["b"]}"#,
        r#"{"id": 1}"#,
        r#"{"id": 1, "z": 1}"#,
    ] {
        let _ = de!(side_by_side::Response, json);
        let _ = de!(side_by_side::Optional, json);
        let _ = de!(side_by_side::BesideStruct, json);
    }
}

#[test]
fn a_key_two_variants_name_goes_to_both() {
    for json in [
        r#"{"id": 1, "note": "n", "result": ["a"]}"#,
        r#"{"id": 1, "note": 5, "error": {"code": 1, "message": "m"}}"#,
        r#"{"id": 1, "note": 5, "result": ["a"], "error": {"code": 1, "message": "m"}}"#,
        r#"{"id": 1, "note": 5, "result": ["a"]}"#,
        r#"{"id": 1, "note": "n", "note": "o", "result": ["a"]}"#,
        r#"{"id": 1, "note": null, "error": {"code": 1, "message": "m"}}"#,
    ] {
        let _ = de!(side_by_side::Response, json);
        let _ = de!(side_by_side::Optional, json);
    }
}

#[test]
fn renames_aliases_and_a_variant_that_names_nothing() {
    for json in [
        r#"{"id": 1, "x": 1, "y": 2}"#,
        r#"{"id": 1, "x": 1, "z": 2}"#,
        r#"{"id": 1, "z": 2, "x": 1}"#,
        r#"{"id": 1, "x": 1, "y": 2, "z": 3}"#,
        r#"{"id": 1, "x": "s", "y": 2}"#,
        r#"{"id": 1, "x": "s"}"#,
        r#"{"id": 1, "x": 300}"#,
        r#"{"id": 1}"#,
        r#"{"id": 1, "first": 1, "y": 2}"#,
    ] {
        let _ = de!(side_by_side::Lenient, json);
    }
}

#[test]
fn generic_variants() {
    for json in [
        r#"{"id": 1, "result": 5}"#,
        r#"{"id": 1, "result": "x", "error": "e"}"#,
        r#"{"id": 1, "error": "e"}"#,
        r#"{"id": 1}"#,
    ] {
        let _ = de!(side_by_side::Generic<u8>, json);
        let _ = de!(side_by_side::Generic<Vec<u8>>, json);
    }
}

#[test]
fn borrowed_variants() {
    for json in [
        r#"{"id": 1, "result": "r"}"#,
        r#"{"id": 1, "result": 5, "error": "e"}"#,
        r#"{"id": 1, "error": "e"}"#,
    ] {
        let _ = de!(side_by_side::Borrowed, json);
    }
}

#[test]
fn beside_a_catch_all() {
    for json in [
        r#"{"a": 1, "s": 2}"#,
        r#"{"b": 1, "s": 300}"#,
        r#"{"a": 1, "s": 300}"#,
        r#"{"a": 1, "b": 2, "s": 3, "t": 4}"#,
        r#"{"t": 4}"#,
    ] {
        let _ = de!(side_by_side::BesideCatchAll, json);
    }
}

#[test]
fn read_side_by_side_only_when_every_variant_skips_unnamed_keys() {
    use serde_fastkit::__private::{FlattenUntagged, UntaggedTrees};
    fn side_by_side<'de, E: FlattenUntagged<'de>>() -> bool {
        <E::Trees as UntaggedTrees<'de>>::IGNORES_UNNAMED_KEYS
    }
    assert!(side_by_side::<side_by_side::ours::Outcome>());
    assert!(side_by_side::<side_by_side::ours::OrEmpty>());
}
