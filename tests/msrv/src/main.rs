//! Every representation through `#[derive(FastFlatten)]`, read and written on serde_json: built
//! and run on the minimum supported Rust by `.ci/run`.

use serde_fastkit::{DisplaySeq, FastFlatten};
use serde_json::{Map, Value};

#[derive(FastFlatten, Debug, PartialEq)]
struct Page {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
    #[serde(flatten)]
    kind: Kind,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Open {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
    #[serde(flatten)]
    rest: Map<String, Value>,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Meta {
    page_number: u32,
    total: Option<u64>,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "type")]
enum Kind {
    Plain,
    Tagged { label: String },
}

#[derive(FastFlatten, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(u8),
    Tuple(u8, u8),
    Struct { a: u8 },
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A(String),
    B { b: bool },
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Number(i64),
    Text(String),
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Newtype(String);

#[derive(FastFlatten, Debug, PartialEq)]
struct Response {
    id: u32,
    #[serde(flatten)]
    outcome: Outcome,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(untagged)]
enum Outcome {
    Success { result: Vec<String> },
    Failure { error: String },
}

fn roundtrip<T>(value: &T, json: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
}

fn main() {
    roundtrip(
        &Page {
            id: 1,
            meta: Meta { page_number: 2, total: None },
            kind: Kind::Tagged { label: "l".to_owned() },
        },
        r#"{"id":1,"pageNumber":2,"total":null,"type":"Tagged","label":"l"}"#,
    );
    let mut rest = Map::new();
    rest.insert("x".to_owned(), Value::from(1));
    roundtrip(
        &Open {
            id: 1,
            meta: Meta { page_number: 2, total: Some(3) },
            rest,
        },
        r#"{"id":1,"pageNumber":2,"total":3,"x":1}"#,
    );
    roundtrip(&External::Unit, r#""Unit""#);
    roundtrip(&External::Newtype(1), r#"{"Newtype":1}"#);
    roundtrip(&External::Tuple(1, 2), r#"{"Tuple":[1,2]}"#);
    roundtrip(&External::Struct { a: 3 }, r#"{"Struct":{"a":3}}"#);
    roundtrip(&Adjacent::A("a".to_owned()), r#"{"t":"A","c":"a"}"#);
    roundtrip(&Adjacent::B { b: true }, r#"{"t":"B","c":{"b":true}}"#);
    roundtrip(&Untagged::Number(5), "5");
    roundtrip(&Untagged::Text("t".to_owned()), r#""t""#);
    roundtrip(&Newtype("n".to_owned()), r#""n""#);
    roundtrip(
        &Response {
            id: 1,
            outcome: Outcome::Failure {
                error: "e".to_owned(),
            },
        },
        r#"{"id":1,"error":"e"}"#,
    );
    assert_eq!(serde_json::to_string(&DisplaySeq(&[1, 2])).unwrap(), r#"["1","2"]"#);
    println!("msrv: every representation read and written");
}
