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
