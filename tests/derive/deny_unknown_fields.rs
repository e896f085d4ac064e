//! `#[serde(deny_unknown_fields)]` in a flattened tree: a key that no level of the tree knows is
//! serde's "unknown field" error listing the whole tree's names. As in serde, the attribute of
//! the type being read counts, and a flattened type's is ignored (serde issues 1358, 2283,
//! 2984); a flattened type with `#[fast_flatten(strict)]` keeps it wherever it is flattened.

use serde_fastkit::FastFlatten;

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct StrictOuter {
    a: u8,
    #[serde(flatten)]
    inner: Lenient,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Lenient {
    b: u8,
    #[serde(flatten)]
    deepest: Deepest,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Deepest {
    c: u8,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct LenientOuter {
    a: u8,
    #[serde(flatten)]
    inner: StrictInner,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
#[fast_flatten(strict)]
struct StrictInner {
    b: u8,
}

/// `LenientOuter` with an inner struct that denies unknown fields the way serde reads it.
#[derive(FastFlatten, Debug, PartialEq)]
struct DefaultOuter {
    a: u8,
    #[serde(flatten)]
    inner: DenyingInner,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct DenyingInner {
    b: u8,
}

mod serde_twin {
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    pub struct LenientOuter {
        pub a: u8,
        #[serde(flatten)]
        pub inner: StrictInner,
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    pub struct StrictInner {
        pub b: u8,
    }
}

#[test]
fn known_keys_at_every_level_are_accepted() {
    let value: StrictOuter = serde_json::from_str(r#"{"c":3,"a":1,"b":2}"#).unwrap();
    assert_eq!(value.inner.deepest.c, 3);
}

#[test]
fn unknown_key_lists_the_whole_tree() {
    let err = serde_json::from_str::<StrictOuter>(r#"{"a":1,"b":2,"x":0,"c":3}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `x`, expected one of `a`, `b`, `c` at line 1 column 16"
    );
}

#[test]
fn unknown_key_is_reported_where_it_is() {
    let input = "{\n  \"a\": 1,\n  \"typo\": 2,\n  \"b\": 2,\n  \"c\": 3\n}";
    let err = serde_json::from_str::<StrictOuter>(input).unwrap_err();
    assert_eq!((err.line(), err.column()), (3, 8));
}

#[test]
fn flattened_deny_unknown_fields_is_ignored_as_by_serde() {
    let value: DefaultOuter = serde_json::from_str(r#"{"a":1,"b":2,"x":0}"#).unwrap();
    assert_eq!(value.inner, DenyingInner { b: 2 });
    assert!(serde_json::from_str::<serde_twin::LenientOuter>(r#"{"a":1,"b":2,"x":0}"#).is_ok());
    // Read on its own, the struct denies unknown fields.
    let err = serde_json::from_str::<DenyingInner>(r#"{"b":2,"x":0}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `x`, expected `b` at line 1 column 10"
    );
}

#[test]
fn strict_flattened_struct_stays_strict() {
    let err = serde_json::from_str::<LenientOuter>(r#"{"a":1,"b":2,"x":0}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `x`, expected `a` or `b` at line 1 column 16"
    );
    assert!(serde_json::from_str::<LenientOuter>(r#"{"a":1,"b":2}"#).is_ok());
    // serde's flatten silently ignores the inner `deny_unknown_fields`.
    assert!(serde_json::from_str::<serde_twin::LenientOuter>(r#"{"a":1,"b":2,"x":0}"#).is_ok());
}

#[test]
fn lenient_tree_skips_unknown_keys() {
    let value: Lenient = serde_json::from_str(r#"{"b":2,"x":[1,{"y":null}],"c":3}"#).unwrap();
    assert_eq!(
        value,
        Lenient {
            b: 2,
            deepest: Deepest { c: 3 }
        }
    );
}

#[test]
fn unknown_key_on_cbor() {
    #[derive(serde::Serialize)]
    struct WithExtra {
        a: u8,
        b: u8,
        c: u8,
        x: u8,
    }
    let mut bytes = Vec::new();
    ciborium::into_writer(
        &WithExtra {
            a: 1,
            b: 2,
            c: 3,
            x: 4,
        },
        &mut bytes,
    )
    .unwrap();
    let err = ciborium::from_reader::<StrictOuter, _>(bytes.as_slice()).unwrap_err();
    assert!(
        err.to_string()
            .contains("unknown field `x`, expected one of `a`, `b`, `c`"),
        "{err}"
    );
}

/// A generic tree lists its flattened parameter's names too (its `FIELDS` cannot).
#[derive(FastFlatten, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct GenericStrict<T> {
    id: u8,
    #[serde(flatten)]
    data: T,
}

#[test]
fn generic_tree_lists_every_name() {
    let err =
        serde_json::from_str::<GenericStrict<Deepest>>(r#"{"id":1,"c":2,"zz":3}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `zz`, expected `id` or `c` at line 1 column 18"
    );
    let err = serde_json::from_str::<GenericStrict<Lenient>>(r#"{"id":1,"q":2}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `q`, expected one of `id`, `b`, `c` at line 1 column 11"
    );
}
