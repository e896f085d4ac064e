//! Differential tests: every FastFlatten shape against its twin derived by serde with
//! `#[serde(flatten)]` (`tests/roundtrip/shapes.rs`). Their outputs must be byte-identical on
//! every format of the table where serde's flatten writes what a struct writes (JSON, YAML,
//! rmp-serde maps), and each must read the other's JSON, also with keys shuffled and unknown
//! keys added, to equal values.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::format::differences_from_serde_flatten;
use crate::shapes::{fast, twin};

/// Asserts byte-identical output, then cross-reads the JSON in several key orders.
#[track_caller]
fn assert_twins<A, B>(fast_value: &A, twin_value: &B)
where
    A: Serialize + DeserializeOwned + PartialEq + Debug,
    B: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let differences = differences_from_serde_flatten(fast_value, twin_value);
    assert!(differences.is_empty(), "{}", differences.join("\n"));

    let json = serde_json::to_string(fast_value).unwrap();

    for input in variants(&json) {
        let read_fast: A = serde_json::from_str(&input)
            .unwrap_or_else(|e| panic!("FastFlatten cannot read {input}: {e}"));
        let read_twin: B = serde_json::from_str(&input)
            .unwrap_or_else(|e| panic!("serde's flatten cannot read {input}: {e}"));
        assert_eq!(&read_fast, fast_value, "FastFlatten read {input}");
        assert_eq!(&read_twin, twin_value, "serde's flatten read {input}");
    }
}

/// The same JSON object: as written, keys reversed, keys sorted, and with unknown keys of several
/// types inserted first, in the middle and last.
fn variants(json: &str) -> Vec<String> {
    let Value::Object(object) = serde_json::from_str::<Value>(json).unwrap() else {
        panic!("not an object: {json}");
    };
    let entries: Vec<(String, Value)> = object.into_iter().collect();
    let render = |entries: &[(String, Value)]| {
        let body: Vec<String> = entries
            .iter()
            .map(|(k, v)| format!("{}:{}", serde_json::to_string(k).unwrap(), v))
            .collect();
        format!("{{{}}}", body.join(","))
    };
    let mut reversed = entries.clone();
    reversed.reverse();
    let mut sorted = entries.clone();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut unknown = entries.clone();
    let extra = |name: &str, value: Value| (name.to_owned(), value);
    unknown.insert(0, extra("zz_unknown", Value::from(1)));
    unknown.insert(
        unknown.len() / 2,
        extra("unknown_obj", serde_json::json!({"a": [1, {"b": null}]})),
    );
    unknown.push(extra("unknown_str", Value::from("x")));
    vec![
        json.to_owned(),
        render(&reversed),
        render(&sorted),
        render(&unknown),
    ]
}

#[test]
fn positions() {
    assert_twins(&fast::positions(), &twin::positions());
}

#[test]
fn private_flattened_struct() {
    assert_twins(&fast::visible(), &twin::visible());
}

#[test]
fn generic_flattened_parameter() {
    assert_twins(&fast::page(), &twin::page());
    assert_twins(&fast::nested_page(), &twin::nested_page());
    assert_twins(&fast::listing(), &twin::listing());
}

#[test]
fn renames_and_aliases() {
    assert_twins(&fast::renamed(), &twin::renamed());
    let aliased = r#"{"userId":42,"TYPE":"admin","colour":"red","MAX_SIZE":100,"lowest":1}"#;
    let read_fast: fast::Renamed = serde_json::from_str(aliased).unwrap();
    let read_twin: twin::Renamed = serde_json::from_str(aliased).unwrap();
    assert_eq!(read_fast, fast::renamed());
    assert_eq!(read_twin, twin::renamed());
}

#[test]
fn defaults() {
    assert_twins(&fast::defaults(), &twin::defaults());
    for input in [
        r#"{}"#,
        r#"{"count":2}"#,
        r#"{"retries":9}"#,
        r#"{"label":"l","verbose":true}"#,
    ] {
        let read_fast: fast::Defaults = serde_json::from_str(input).unwrap();
        let read_twin: twin::Defaults = serde_json::from_str(input).unwrap();
        assert_eq!(
            serde_json::to_string(&read_fast).unwrap(),
            serde_json::to_string(&read_twin).unwrap(),
            "{input}"
        );
    }
}

#[test]
fn skips() {
    assert_twins(&fast::skips(true), &twin::skips(true));
    assert_twins(&fast::skips(false), &twin::skips(false));
    let input = r#"{"kept":1,"cache":5,"derived":6,"input_only":7}"#;
    let read_fast: fast::Skips = serde_json::from_str(input).unwrap();
    let read_twin: twin::Skips = serde_json::from_str(input).unwrap();
    assert_eq!(read_fast.inner.input_only, 7);
    assert_eq!(read_fast.inner.derived, 0);
    assert_eq!(read_fast.cache, 0);
    assert_eq!(
        serde_json::to_string(&read_fast).unwrap(),
        serde_json::to_string(&read_twin).unwrap()
    );
}

#[test]
fn with_functions() {
    assert_twins(&fast::withs(), &twin::withs());
    assert!(serde_json::to_string(&fast::withs())
        .unwrap()
        .contains(r#""word":"HELLO""#));
}

#[test]
fn bounds() {
    assert_twins(&fast::bounded(), &twin::bounded());
}

#[test]
fn borrowed_fields() {
    let fast_value = fast::borrowed("text");
    let twin_value = twin::borrowed("text");
    let json = serde_json::to_string(&fast_value).unwrap();
    assert_eq!(json, serde_json::to_string(&twin_value).unwrap());
    let read: fast::Borrowed<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(read, fast_value);
}

/// Errors both derives report the same way.
#[test]
fn same_errors_as_serde() {
    let inputs = [
        r#"{"first":"f","x":1,"y":2,"middle":true,"d1":1,"d2":"","d3":[],"d4":"c","d4b":1.0}"#,
        r#"{"first":"f","x":1,"y":2,"middle":true,"d1":1,"d2":"","d3":[],"d4b":1.0,"last":null}"#,
        r#"{"x":1,"y":2,"middle":true,"d1":1,"d2":"","d3":[],"d4":"c","d4b":1.0}"#,
        r#"{"first":"f","first":"g","x":1,"y":2,"middle":true,"d1":1,"d2":"","d3":[],"d4":"c","d4b":1.0}"#,
        r#"{"first":"f","x":"one","y":2,"middle":true,"d1":1,"d2":"","d3":[],"d4":"c","d4b":1.0}"#,
        r#"17"#,
    ];
    for input in inputs {
        let fast_result = serde_json::from_str::<fast::Positions>(input);
        let twin_result = serde_json::from_str::<twin::Positions>(input);
        match (fast_result, twin_result) {
            (Ok(a), Ok(b)) => assert_eq!(
                serde_json::to_string(&a).unwrap(),
                serde_json::to_string(&b).unwrap()
            ),
            (Err(a), Err(b)) => {
                // serde's flatten reports errors inside flattened fields at the end of the
                // object; compare the message without the position.
                let strip = |e: serde_json::Error| {
                    e.to_string().split(" at line").next().unwrap().to_owned()
                };
                let (a, b) = (strip(a), strip(b));
                assert_eq!(a, b, "{input}");
            }
            (a, b) => panic!("{input}: FastFlatten {a:?}, serde {b:?}"),
        }
    }
}

/// A JSON array is read as the sequence of all leaves, as serde's derive reads a plain struct
/// (serde's flatten rejects arrays: it can only read maps).
#[test]
fn arrays_read_as_leaf_sequences_like_plain_structs() {
    let read: fast::Page<fast::Pair> = serde_json::from_str("[10, 20, 200]").unwrap();
    assert_eq!(read, fast::page());
    let err = serde_json::from_str::<fast::Page<fast::Pair>>("[10, 20]").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid length 2, expected struct Page with 3 elements at line 1 column 8"
    );
    assert!(serde_json::from_str::<twin::Page<twin::Pair>>("[10, 20, 200]").is_err());
}

/// A 128-bit integer where a struct is expected is serde's "invalid type" error, worded as
/// `Visitor`'s defaults word it (FastFlatten's visitor formats it out of line).
#[test]
fn wide_integers_where_a_struct_is_expected() {
    use serde::de::value::{I128Deserializer, U128Deserializer};

    let expected = format!(
        "invalid type: integer `{}` as u128, expected struct Page",
        u128::MAX
    );
    both_refuse(|| U128Deserializer::new(u128::MAX), &expected);
    let expected = format!(
        "invalid type: integer `{}` as i128, expected struct Page",
        i128::MIN
    );
    both_refuse(|| I128Deserializer::new(i128::MIN), &expected);
}

/// Both derives of `Page` refuse what `make` reads, with the error `expected`.
#[track_caller]
fn both_refuse<D>(make: impl Fn() -> D, expected: &str)
where
    D: for<'de> serde::Deserializer<'de, Error = serde::de::value::Error>,
{
    use serde::Deserialize;

    let fast = fast::Page::<fast::Pair>::deserialize(make()).unwrap_err();
    let twin = twin::Page::<twin::Pair>::deserialize(make()).unwrap_err();
    assert_eq!(fast.to_string(), expected);
    assert_eq!(twin.to_string(), expected);
}
