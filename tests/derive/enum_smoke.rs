//! A first smoke test of enums (to be replaced by tests/enums/).
use serde_fastkit::FastFlatten;

#[derive(FastFlatten, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(u32),
    Tuple(u8, String),
    Struct {
        a: u32,
        #[serde(default)]
        b: Option<String>,
    },
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Internal {
    Unit,
    Started { id: u64, name: String },
    Wrapped(Payload),
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Payload {
    x: i32,
    #[serde(default)]
    y: Vec<u8>,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u8, u8),
    Struct { a: bool },
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Unit,
    Struct { a: u32 },
    Newtype(String),
    Tuple(u8, u8),
}

fn rt<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
    v: T,
    json: &str,
) {
    assert_eq!(serde_json::to_string(&v).unwrap(), json);
    assert_eq!(serde_json::from_str::<T>(json).unwrap(), v);
    let b = bincode2::serde::encode_to_vec(&v, bincode2::config::standard()).unwrap();
    let back: T = bincode2::serde::decode_from_slice(&b, bincode2::config::standard())
        .unwrap()
        .0;
    assert_eq!(back, v);
}

#[test]
fn smoke() {
    rt(External::Unit, r#""Unit""#);
    rt(External::Newtype(5), r#"{"Newtype":5}"#);
    rt(External::Tuple(1, "x".into()), r#"{"Tuple":[1,"x"]}"#);
    rt(
        External::Struct { a: 1, b: None },
        r#"{"Struct":{"a":1,"b":null}}"#,
    );
    rt(Internal::Unit, r#"{"type":"unit"}"#);
    rt(
        Internal::Started {
            id: 3,
            name: "n".into(),
        },
        r#"{"type":"started","id":3,"name":"n"}"#,
    );
    rt(
        Internal::Wrapped(Payload { x: 1, y: vec![2] }),
        r#"{"type":"wrapped","x":1,"y":[2]}"#,
    );
    assert_eq!(
        serde_json::from_str::<Internal>(r#"{"id":3,"type":"started","name":"n"}"#).unwrap(),
        Internal::Started {
            id: 3,
            name: "n".into()
        }
    );
    assert_eq!(
        serde_json::from_str::<Internal>(r#"{"x":1,"type":"wrapped"}"#).unwrap(),
        Internal::Wrapped(Payload { x: 1, y: vec![] })
    );
    assert_eq!(
        serde_json::from_str::<Internal>(r#"{"type":"started","id":3,"type":"x"}"#)
            .unwrap_err()
            .to_string(),
        "duplicate field `type` at line 1 column 31"
    );
    rt(Adjacent::Unit, r#"{"t":"Unit"}"#);
    rt(Adjacent::Newtype("s".into()), r#"{"t":"Newtype","c":"s"}"#);
    rt(Adjacent::Tuple(1, 2), r#"{"t":"Tuple","c":[1,2]}"#);
    rt(
        Adjacent::Struct { a: true },
        r#"{"t":"Struct","c":{"a":true}}"#,
    );
    assert_eq!(
        serde_json::from_str::<Adjacent>(r#"{"c":{"a":true},"t":"Struct"}"#).unwrap(),
        Adjacent::Struct { a: true }
    );
    for (v, j) in [
        (Untagged::Unit, "null"),
        (Untagged::Struct { a: 1 }, r#"{"a":1}"#),
        (Untagged::Newtype("s".into()), r#""s""#),
        (Untagged::Tuple(1, 2), "[1,2]"),
    ] {
        assert_eq!(serde_json::to_string(&v).unwrap(), j);
        assert_eq!(serde_json::from_str::<Untagged>(j).unwrap(), v);
    }
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PayloadStatus {
    #[serde(flatten)]
    status: Status,
    latest_valid_hash: Option<String>,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "status", rename_all = "SCREAMING_SNAKE_CASE")]
enum Status {
    Valid,
    Invalid {
        #[serde(rename = "validationError")]
        validation_error: String,
    },
    Syncing,
    Accepted,
    Detail(Payload),
}

#[derive(FastFlatten, Debug, PartialEq)]
struct WithExternal {
    id: u32,
    #[serde(flatten)]
    kind: External,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct WithAdjacent {
    id: u32,
    #[serde(flatten)]
    kind: Adjacent,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct WithUntagged {
    id: u32,
    #[serde(flatten)]
    kind: Untagged,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct WithOptional {
    id: u32,
    #[serde(flatten)]
    status: Option<Status>,
}

#[test]
fn flattened() {
    let v = PayloadStatus {
        status: Status::Invalid {
            validation_error: "bad".into(),
        },
        latest_valid_hash: Some("0x1".into()),
    };
    rt_json(
        &v,
        r#"{"status":"INVALID","validationError":"bad","latestValidHash":"0x1"}"#,
    );
    for json in [
        r#"{"latestValidHash":"0x1","validationError":"bad","status":"INVALID"}"#,
        r#"{"validationError":"bad","status":"INVALID","latestValidHash":"0x1"}"#,
    ] {
        assert_eq!(
            serde_json::from_str::<PayloadStatus>(json).unwrap(),
            v,
            "{json}"
        );
    }
    let b = bincode2::serde::encode_to_vec(&v, bincode2::config::standard()).unwrap();
    assert_eq!(
        bincode2::serde::decode_from_slice::<PayloadStatus, _>(&b, bincode2::config::standard())
            .unwrap()
            .0,
        v
    );
    rt_json(
        &PayloadStatus {
            status: Status::Syncing,
            latest_valid_hash: None,
        },
        r#"{"status":"SYNCING","latestValidHash":null}"#,
    );
    rt_json(
        &PayloadStatus {
            status: Status::Detail(Payload { x: 3, y: vec![] }),
            latest_valid_hash: None,
        },
        r#"{"status":"DETAIL","x":3,"y":[],"latestValidHash":null}"#,
    );
    let err = serde_json::from_str::<PayloadStatus>(r#"{"status":"VALID","bogus":1}"#)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("unknown field `bogus`"), "{err}");
    let err = serde_json::from_str::<PayloadStatus>(r#"{"latestValidHash":null}"#)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("missing field `status`"), "{err}");

    rt_json(
        &WithExternal {
            id: 1,
            kind: External::Struct { a: 2, b: None },
        },
        r#"{"id":1,"Struct":{"a":2,"b":null}}"#,
    );
    rt_json(
        &WithExternal {
            id: 1,
            kind: External::Unit,
        },
        r#"{"id":1,"Unit":null}"#,
    );
    rt_json(
        &WithExternal {
            id: 1,
            kind: External::Tuple(1, "a".into()),
        },
        r#"{"id":1,"Tuple":[1,"a"]}"#,
    );
    let err = serde_json::from_str::<WithExternal>(r#"{"id":1}"#)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("no variant of enum External found in flattened data"),
        "{err}"
    );
    rt_json(
        &WithAdjacent {
            id: 1,
            kind: Adjacent::Struct { a: true },
        },
        r#"{"id":1,"t":"Struct","c":{"a":true}}"#,
    );
    assert_eq!(
        serde_json::from_str::<WithAdjacent>(r#"{"c":"x","id":1,"t":"Newtype"}"#).unwrap(),
        WithAdjacent {
            id: 1,
            kind: Adjacent::Newtype("x".into())
        }
    );
    rt_json(
        &WithUntagged {
            id: 1,
            kind: Untagged::Struct { a: 5 },
        },
        r#"{"id":1,"a":5}"#,
    );
    rt_json(
        &WithOptional {
            id: 1,
            status: None,
        },
        r#"{"id":1}"#,
    );
    rt_json(
        &WithOptional {
            id: 1,
            status: Some(Status::Valid),
        },
        r#"{"id":1,"status":"VALID"}"#,
    );
    // As serde's flatten reads it: an enum that does not read (no tag) is `None`.
    let value = serde_json::from_str::<WithOptional>(r#"{"id":1,"validationError":"x"}"#).unwrap();
    assert_eq!(value.status, None);
}

fn rt_json<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
    v: &T,
    json: &str,
) {
    assert_eq!(serde_json::to_string(v).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), v);
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "kind", rename = "Point2", deny_unknown_fields)]
struct Tagged {
    x: i32,
    y: i32,
}

#[test]
fn tagged_struct() {
    rt(Tagged { x: 1, y: 2 }, r#"{"kind":"Point2","x":1,"y":2}"#);
    assert_eq!(
        serde_json::from_str::<Tagged>(r#"{"x":1,"y":2}"#).unwrap(),
        Tagged { x: 1, y: 2 }
    );
    assert_eq!(
        serde_json::from_str::<Tagged>(r#"{"x":1,"kind":"anything","y":2}"#).unwrap(),
        Tagged { x: 1, y: 2 }
    );
}
