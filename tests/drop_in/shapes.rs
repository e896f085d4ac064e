//! Shapes from real crates' types, where swapping serde's derive for FastFlatten failed to
//! compile or read something else (the peers harness, `peers/`): each test is named after the
//! shape and checks FastFlatten against its serde-derived twin (`de!` reads every input on the
//! self-describing formats too).

pub use serde::de::DeserializeOwned;
pub use serde::Serialize;
pub use serde_json::{Map, Value};

twins! {
    mod defaults {
        /// aws_lambda_events' `ApiGatewayCustomAuthorizerResponse`: a field's `bound = ""` with
        /// `default`. serde still asks `T: Default` of the impl (the field's bound replaces only
        /// the `Deserialize` bound); FastFlatten did not, and the expansion failed to compile.
        pub struct DefaultWithEmptyBound<T = u32>
        where
            T: DeserializeOwned + Serialize,
        {
            #[serde(default, bound = "")]
            pub x: T,
            pub n: u8,
        }
    }
}

#[test]
fn default_field_with_empty_bound() {
    rt!(defaults::DefaultWithEmptyBound<u32>, DefaultWithEmptyBound { x: 5, n: 1 } => r#"{"x":5,"n":1}"#);
    de!(defaults::DefaultWithEmptyBound<u32>, r#"{"n":1}"# => DefaultWithEmptyBound { x: 0, n: 1 });
    de!(defaults::DefaultWithEmptyBound<String>, r#"{"n":1}"# => DefaultWithEmptyBound { x: String::new(), n: 1 });
}

#[cfg(feature = "serde_json")]
twins! {
    mod bound_beside_catch_all {
        /// A response with a catch-all of its own.
        pub struct Response {
            pub a: Option<u32>,
            #[serde(flatten)]
            pub other: Map<String, Value>,
        }

        /// aws_lambda_events' `CognitoEventUserPoolsPostConfirmation`: a generic field with
        /// `bound = ""` beside a catch-all map, instantiated with a type holding a catch-all.
        /// FastFlatten's expansion in builds with debug assertions did not compile
        /// ("implementation of `FlattenDeserialize` is not general enough").
        pub struct Event<T = Response>
        where
            T: DeserializeOwned,
            T: Serialize,
        {
            #[serde(bound = "")]
            pub response: T,
            #[serde(flatten)]
            pub other: Map<String, Value>,
        }
    }
}

#[cfg(feature = "serde_json")]
#[test]
fn generic_field_with_empty_bound_beside_a_catch_all() {
    let json = r#"{"response":{"a":1,"b":2},"c":3}"#;
    let _ = de!(bound_beside_catch_all::Event, json);
    let (ours, twin) = both!(bound_beside_catch_all::Event, {
        let mut other = Map::new();
        other.insert("c".into(), 3.into());
        let mut inner = Map::new();
        inner.insert("b".into(), 2.into());
        Event {
            response: Response {
                a: Some(1),
                other: inner,
            },
            other,
        }
    });
    // serde writes a struct with flattened fields as a map of unknown length.
    assert_eq!(crate::support::same_text(&ours, &twin).as_deref(), Ok(json));
}

twins! {
    mod skipped_flatten {
        /// serde's `test_gen.rs`: a flattened type parameter skipped one way. The impl of the
        /// other way asked the type for the flatten traits without bounding it on them.
        pub struct FlattenSkipSerializing<T> {
            #[serde(flatten, skip_serializing)]
            pub flat: T,
        }

        pub struct FlattenSkipSerializingIf<T> {
            #[serde(flatten, skip_serializing_if = "Option::is_none")]
            pub flat: Option<T>,
        }

        pub struct FlattenSkipDeserializing<T> {
            #[serde(flatten, skip_deserializing)]
            pub flat: T,
        }

        #[derive(Default)]
        pub struct Point {
            pub x: i32,
            pub y: i32,
        }
    }
}

#[test]
fn flatten_skip_serializing() {
    de!(skipped_flatten::FlattenSkipSerializing<Point>, r#"{"x":1,"y":2}"# => FlattenSkipSerializing { flat: Point { x: 1, y: 2 } });
    ser_text!(skipped_flatten::FlattenSkipSerializing<Point>, FlattenSkipSerializing { flat: Point { x: 1, y: 2 } } => "{}");
}

#[test]
fn flatten_skip_serializing_if() {
    rt_text!(skipped_flatten::FlattenSkipSerializingIf<Point>, FlattenSkipSerializingIf { flat: Some(Point { x: 1, y: 2 }) } => r#"{"x":1,"y":2}"#);
    ser_text!(skipped_flatten::FlattenSkipSerializingIf<Point>, FlattenSkipSerializingIf { flat: None } => "{}");
    de!(skipped_flatten::FlattenSkipSerializingIf<Point>, "{}" => FlattenSkipSerializingIf { flat: None });
}

#[test]
fn flatten_skip_deserializing() {
    de!(skipped_flatten::FlattenSkipDeserializing<Point>, r#"{"x":1,"y":2}"# => FlattenSkipDeserializing { flat: Point { x: 0, y: 0 } });
    ser_text!(skipped_flatten::FlattenSkipDeserializing<Point>, FlattenSkipDeserializing { flat: Point { x: 1, y: 2 } } => r#"{"x":1,"y":2}"#);
}

twins! {
    mod tuples {
        /// lsp-types' `CodeActionKind`, aws_lambda_events' `MillisecondTimestamp`: newtype
        /// structs, written as serde writes them (`serialize_newtype_struct`).
        pub struct Kind(pub String);

        pub struct Pair(pub String, pub u32);

        pub struct Skips(
            pub u8,
            #[serde(skip)] pub u8,
            #[serde(skip_serializing_if = "is_zero")] pub u8,
        );

        #[serde(default)]
        #[derive(Default)]
        pub struct Defaults(pub u8, pub String);

        pub struct Generic<T>(pub T);

        pub struct Empty();

        /// A tuple struct inside a FastFlatten struct and enum.
        pub struct Holder {
            pub kind: Kind,
            pub pair: Option<Pair>,
        }

        #[serde(tag = "type")]
        pub enum Action {
            Run { kind: Kind },
        }
    }
}

pub fn is_zero(n: &u8) -> bool {
    *n == 0
}

#[test]
fn newtype_and_tuple_structs() {
    rt!(tuples::Kind, Kind("refactor".into()) => r#""refactor""#);
    rt!(tuples::Pair, Pair("a".into(), 2) => r#"["a",2]"#);
    rt!(tuples::Skips, Skips(1, 0, 3) => "[1,3]");
    ser!(tuples::Skips, Skips(1, 9, 0) => "[1]");
    de_err!(tuples::Skips, "[1]" => "invalid length 1, expected tuple struct Skips with 2 elements");
    de!(tuples::Defaults, "[7]" => Defaults(7, String::new()));
    de!(tuples::Defaults, "[]" => Defaults(0, String::new()));
    rt!(tuples::Generic<u8>, Generic(5) => "5");
    rt!(tuples::Empty, Empty() => "[]");
    rt!(tuples::Holder, Holder { kind: Kind("k".into()), pair: Some(Pair("p".into(), 1)) } => r#"{"kind":"k","pair":["p",1]}"#);
    rt!(tuples::Action, Action::Run { kind: Kind("k".into()) } => r#"{"type":"Run","kind":"k"}"#);
    de_err!(tuples::Pair, r#"["a"]"# => "invalid length 1, expected tuple struct Pair with 2 elements");
    de_err!(tuples::Kind, "1" => "invalid type: integer `1`, expected a string");
    // A newtype read from a sequence, as serde's visitor reads one.
    let _ = de!(tuples::Kind, r#"["a"]"#);
}

/// Two derives of the same items, one with FastFlatten's own attributes (which serde's derive
/// would refuse): `de_twins!(ours::T, twin::T, json)` checks both read `json` alike, on every
/// self-describing format, and returns serde_json's outcome.
macro_rules! de_twins {
    ($ours:ty, $twin:ty, $json:expr) => {{
        let json: &str = $json;
        let outcome = crate::support::same(
            &json,
            serde_json::from_str::<$ours>(json),
            serde_json::from_str::<$twin>(json),
        );
        crate::support::same_everywhere(
            json,
            std::marker::PhantomData::<$ours>,
            std::marker::PhantomData::<$twin>,
        );
        outcome
    }};
}

/// A type of another crate: serde's derive only.
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
pub struct Sidecar {
    pub blobs: Vec<u8>,
    pub proofs: Vec<u8>,
}

mod buffered_option {
    pub mod ours {
        use super::super::Sidecar;

        /// A transaction request with a flattened optional blob sidecar of another crate.
        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub struct Request {
            pub nonce: u64,
            #[serde(flatten, skip_serializing_if = "Option::is_none")]
            #[fast_flatten(buffered)]
            pub sidecar: Option<Sidecar>,
        }
    }

    pub mod twin {
        use super::super::Sidecar;

        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        pub struct Request {
            pub nonce: u64,
            #[serde(flatten, skip_serializing_if = "Option::is_none")]
            pub sidecar: Option<Sidecar>,
        }
    }
}

#[test]
fn flattened_option_of_a_buffered_type_with_a_field_absent() {
    use buffered_option::{ours, twin};
    for (json, sidecar) in [
        (r#"{"nonce":1}"#, None),
        (r#"{"nonce":1,"blobs":[1]}"#, None),
        (r#"{"nonce":1,"blobs":[1],"proofs":"x"}"#, None),
        (
            r#"{"nonce":1,"blobs":[1],"proofs":[2]}"#,
            Some(Sidecar {
                blobs: vec![1],
                proofs: vec![2],
            }),
        ),
    ] {
        let outcome = de_twins!(ours::Request, twin::Request, json);
        let expected = ours::Request { nonce: 1, sidecar };
        assert_eq!(outcome, Ok(format!("{expected:?}")), "{json}");
    }
}

twins! {
    mod partially_untagged {
        /// async-openai's `ImageSize`: known names, and any other string kept
        /// (`#[serde(untagged)]` on the last variant, serde 1.0.181).
        pub enum ImageSize {
            #[serde(rename = "256x256")]
            S256,
            #[serde(rename = "1024x1024")]
            S1024,
            #[serde(untagged)]
            Other(String),
        }

        /// An internally tagged enum with an untagged fallback of every shape.
        #[serde(tag = "type")]
        pub enum Event {
            Created { id: u64 },
            Deleted { id: u64 },
            #[serde(untagged)]
            Unknown { kind: String },
            #[serde(untagged)]
            Raw(u64),
        }

        #[serde(tag = "t", content = "c")]
        pub enum Adjacent {
            A(u8),
            #[serde(untagged)]
            Else(Vec<u8>),
        }

        /// One inside a FastFlatten struct.
        pub struct Request {
            pub size: ImageSize,
            pub event: Option<Event>,
        }
    }
}

#[test]
fn untagged_variant_of_a_tagged_enum() {
    rt!(partially_untagged::ImageSize, ImageSize::S256 => r#""256x256""#);
    rt!(partially_untagged::ImageSize, ImageSize::Other("9x9".into()) => r#""9x9""#);
    de!(partially_untagged::ImageSize, r#""1024x1024""# => ImageSize::S1024);
    de_err!(partially_untagged::ImageSize, "1" => "data did not match any variant of untagged enum ImageSize");
    rt!(partially_untagged::Event, Event::Created { id: 1 } => r#"{"type":"Created","id":1}"#);
    rt!(partially_untagged::Event, Event::Unknown { kind: "k".into() } => r#"{"kind":"k"}"#);
    rt!(partially_untagged::Event, Event::Raw(3) => "3");
    de!(partially_untagged::Event, r#"{"id":1,"type":"Deleted"}"# => Event::Deleted { id: 1 });
    de!(partially_untagged::Event, r#"{"type":"Other","kind":"x"}"# => Event::Unknown { kind: "x".into() });
    de_err!(partially_untagged::Event, r#"{"type":"Other"}"# => "data did not match any variant of untagged enum Event");
    rt!(partially_untagged::Adjacent, Adjacent::A(1) => r#"{"t":"A","c":1}"#);
    rt!(partially_untagged::Adjacent, Adjacent::Else(vec![1, 2]) => "[1,2]");
    rt!(partially_untagged::Request, Request { size: ImageSize::Other("x".into()), event: Some(Event::Raw(1)) } => r#"{"size":"x","event":1}"#);
}

twins! {
    mod mixed_derives {
        /// alloy's `PayloadStatusEnum`: an internally tagged enum of unit and struct variants.
        #[serde(tag = "status", rename_all = "SCREAMING_SNAKE_CASE")]
        pub enum Status {
            Valid,
            Invalid {
                #[serde(rename = "validationError")]
                validation_error: String,
            },
            Syncing,
        }

        /// A FastFlatten struct, flattened by serde's derive below.
        pub struct Block {
            pub number: u64,
            #[serde(flatten)]
            pub status: Status,
        }
    }
}

/// Structs kept on serde's derive (alloy's `PayloadStatus` has a hand-written `Serialize`),
/// flattening types of the other derive.
pub mod serde_derived {
    use super::mixed_derives::ours;

    #[derive(serde::Serialize, serde::Deserialize, Debug)]
    #[serde(rename_all = "camelCase")]
    pub struct PayloadStatus {
        #[serde(flatten)]
        pub status: ours::Status,
        pub latest_valid_hash: Option<String>,
    }

    #[derive(serde::Serialize, serde::Deserialize, Debug)]
    pub struct Envelope {
        pub id: u8,
        #[serde(flatten)]
        pub block: ours::Block,
    }

    /// The same with serde's derive all the way, to compare with.
    pub mod all_serde {
        use super::super::mixed_derives::twin;

        #[derive(serde::Serialize, serde::Deserialize, Debug)]
        #[serde(rename_all = "camelCase")]
        pub struct PayloadStatus {
            #[serde(flatten)]
            pub status: twin::Status,
            pub latest_valid_hash: Option<String>,
        }

        #[derive(serde::Serialize, serde::Deserialize, Debug)]
        pub struct Envelope {
            pub id: u8,
            #[serde(flatten)]
            pub block: twin::Block,
        }
    }
}

#[test]
fn internally_tagged_enum_flattened_by_serdes_derive() {
    use serde_derived::{all_serde, Envelope, PayloadStatus};
    for json in [
        r#"{"status":"INVALID","validationError":"bad","latestValidHash":"0x1"}"#,
        r#"{"latestValidHash":"0x1","validationError":"bad","status":"INVALID"}"#,
        r#"{"status":"VALID","latestValidHash":null}"#,
        r#"{"status":"SYNCING"}"#,
        r#"{"status":"NOPE"}"#,
    ] {
        let outcome = de_twins!(PayloadStatus, all_serde::PayloadStatus, json);
        assert!(
            outcome.is_ok() || json.contains("NOPE"),
            "{json}: {outcome:?}"
        );
    }
    let status: PayloadStatus = serde_json::from_str(
        r#"{"status":"INVALID","validationError":"bad","latestValidHash":"0x1"}"#,
    )
    .unwrap();
    let twin: all_serde::PayloadStatus = serde_json::from_str(
        r#"{"status":"INVALID","validationError":"bad","latestValidHash":"0x1"}"#,
    )
    .unwrap();
    assert_eq!(
        crate::support::same_text(&status, &twin).as_deref(),
        Ok(r#"{"status":"INVALID","validationError":"bad","latestValidHash":"0x1"}"#)
    );
    for json in [
        r#"{"id":1,"number":2,"status":"VALID"}"#,
        r#"{"status":"INVALID","number":2,"id":1,"validationError":"x"}"#,
    ] {
        let outcome = de_twins!(Envelope, all_serde::Envelope, json);
        assert!(outcome.is_ok(), "{json}: {outcome:?}");
    }
}

twins! {
    mod converted {
        /// lsp-types' `transparent` wrappers, and a struct read and written through another.
        #[serde(transparent)]
        pub struct Labels {
            pub labels: std::collections::BTreeMap<String, String>,
        }

        #[derive(Clone)]
        #[serde(from = "Wire", into = "Wire")]
        pub struct Temperature {
            pub kelvin: u16,
        }

        #[derive(Clone)]
        #[serde(from = "Wire", into = "Wire")]
        pub enum Level {
            Cold,
            Warm(u16),
        }

        /// Each flattened without a marker, as serde's derive flattens them.
        pub struct Reading {
            pub id: u8,
            #[serde(flatten)]
            pub temperature: Temperature,
        }

        pub struct Labelled {
            pub id: u8,
            #[serde(flatten)]
            pub labels: Labels,
        }

        pub struct Leveled {
            pub id: u8,
            #[serde(flatten)]
            pub level: Level,
        }
    }
}

/// The wire form of the converted types (serde's derive).
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone)]
pub struct Wire {
    pub celsius: u16,
}

macro_rules! wire_conversions {
    ($m:ident) => {
        impl From<Wire> for converted::$m::Temperature {
            fn from(wire: Wire) -> Self {
                Self {
                    kelvin: wire.celsius + 273,
                }
            }
        }
        impl From<converted::$m::Temperature> for Wire {
            fn from(t: converted::$m::Temperature) -> Self {
                Wire {
                    celsius: t.kelvin - 273,
                }
            }
        }
        impl From<Wire> for converted::$m::Level {
            fn from(wire: Wire) -> Self {
                match wire.celsius {
                    0 => Self::Cold,
                    celsius => Self::Warm(celsius),
                }
            }
        }
        impl From<converted::$m::Level> for Wire {
            fn from(level: converted::$m::Level) -> Self {
                match level {
                    converted::$m::Level::Cold => Wire { celsius: 0 },
                    converted::$m::Level::Warm(celsius) => Wire { celsius },
                }
            }
        }
    };
}
wire_conversions!(ours);
wire_conversions!(twin);

#[test]
fn converted_types_flattened_without_a_marker() {
    rt_text!(converted::Reading, Reading { id: 1, temperature: Temperature { kelvin: 293 } } => r#"{"id":1,"celsius":20}"#);
    rt_text!(converted::Leveled, Leveled { id: 1, level: Level::Warm(5) } => r#"{"id":1,"celsius":5}"#);
    rt_text!(converted::Labelled, Labelled {
        id: 1,
        labels: Labels { labels: [("a".to_owned(), "b".to_owned())].into_iter().collect() },
    } => r#"{"id":1,"a":"b"}"#);
    de!(converted::Reading, r#"{"celsius":20,"id":1,"x":0}"# => Reading { id: 1, temperature: Temperature { kelvin: 293 } });
    de_err!(converted::Reading, r#"{"id":1}"# => "missing field `celsius`");
}

twins! {
    mod shared_keys {
        /// aws_lambda_events' `TimeWindowEvent`: a flattened struct with a catch-all of its own
        /// beside the outer catch-all. serde hands both every unclaimed key, and the outer one
        /// the inner struct's keys too (it only views them).
        pub struct Event {
            #[serde(flatten)]
            pub props: Props,
            #[serde(flatten)]
            pub other: Map<String, Value>,
        }

        pub struct Props {
            pub shard: u32,
            #[serde(flatten)]
            pub other: Map<String, Value>,
        }

        /// A real Kubernetes schema type: two catch-alls declared side by side.
        pub struct Schema {
            pub title: Option<String>,
            #[serde(flatten)]
            pub extensions: std::collections::BTreeMap<String, Value>,
            #[serde(flatten)]
            pub other: Value,
        }

        /// serde issue 2764: a catch-all declared before a struct also receives its keys.
        pub struct Before {
            #[serde(flatten)]
            pub extra: std::collections::BTreeMap<String, Value>,
            #[serde(flatten)]
            pub point: Point2,
        }

        pub struct Point2 {
            pub x: i32,
            pub y: i32,
        }
    }
}

fn object(entries: &[(&str, Value)]) -> Map<String, Value> {
    entries
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

#[test]
fn flattened_catch_all_beside_a_catch_all() {
    let json = r#"{"shard":1,"window":2,"state":{"a":1}}"#;
    let outcome = de!(shared_keys::Event, json);
    let (ours, twin) = both!(shared_keys::Event, {
        Event {
            props: Props {
                shard: 1,
                other: object(&[("window", 2.into()), ("state", serde_json::json!({"a": 1}))]),
            },
            other: object(&[
                ("shard", 1.into()),
                ("window", 2.into()),
                ("state", serde_json::json!({"a": 1})),
            ]),
        }
    });
    assert_eq!(outcome, Ok(format!("{ours:?}")));
    // Each key once, where serde writes the outer catch-all's copies again (the maps are
    // sorted).
    let once = r#"{"shard":1,"state":{"a":1},"window":2}"#;
    assert_eq!(serde_json::to_string(&ours).unwrap(), once);
    assert_eq!(
        serde_json::to_string(&twin).unwrap(),
        r#"{"shard":1,"state":{"a":1},"window":2,"shard":1,"state":{"a":1},"window":2}"#
    );
    let _ = de!(shared_keys::Event, r#"{"window":2}"#);
}

#[test]
fn two_catch_alls_side_by_side() {
    let json = r#"{"title":"t","x-kind":"k","minimum":0}"#;
    let _ = de!(shared_keys::Schema, json);
    let ours: shared_keys::ours::Schema = serde_json::from_str(json).unwrap();
    assert_eq!(ours.extensions.len(), 2);
    assert_eq!(ours.other, serde_json::json!({"x-kind": "k", "minimum": 0}));
    assert_eq!(
        serde_json::to_string(&ours).unwrap(),
        r#"{"title":"t","minimum":0,"x-kind":"k"}"#
    );
}

#[test]
fn serde_2764_catch_all_before_a_struct() {
    let json = r#"{"x":1,"y":2,"z":3}"#;
    let _ = de!(shared_keys::Before, json);
    let ours: shared_keys::ours::Before = serde_json::from_str(json).unwrap();
    assert_eq!(ours.extra.len(), 3);
    // Written once each: the map's copies of `x` and `y` are left out.
    assert_eq!(
        serde_json::to_string(&ours).unwrap(),
        r#"{"x":1,"y":2,"z":3}"#
    );
    let back: shared_keys::ours::Before =
        serde_json::from_str(&serde_json::to_string(&ours).unwrap()).unwrap();
    assert_eq!(format!("{back:?}"), format!("{ours:?}"));
}

/// Another crate's internally tagged enum of transaction kinds (serde's derive).
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
pub enum TxKind {
    Legacy {
        #[serde(rename = "gasPrice")]
        gas_price: u64,
    },
    Dynamic {
        #[serde(rename = "maxFee")]
        max_fee: u64,
    },
}

mod shared_with_buffered {
    pub mod ours {
        use super::super::TxKind;

        /// A transaction helper flattening the foreign enum beside its own fee fields, both
        /// naming `gasPrice`.
        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub struct Tx {
            pub nonce: u64,
            #[serde(flatten)]
            #[fast_flatten(buffered)]
            pub kind: TxKind,
            #[serde(flatten)]
            pub fees: Fees,
        }

        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub struct Fees {
            #[serde(rename = "gasPrice")]
            pub gas_price: Option<u64>,
        }
    }

    pub mod twin {
        use super::super::TxKind;

        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        pub struct Tx {
            pub nonce: u64,
            #[serde(flatten)]
            pub kind: TxKind,
            #[serde(flatten)]
            pub fees: Fees,
        }

        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        pub struct Fees {
            #[serde(rename = "gasPrice")]
            pub gas_price: Option<u64>,
        }
    }
}

#[test]
fn buffered_enum_and_struct_naming_one_key() {
    use shared_with_buffered::{ours, twin};
    for json in [
        r#"{"nonce":1,"type":"Legacy","gasPrice":7}"#,
        r#"{"gasPrice":7,"nonce":1,"type":"Legacy"}"#,
        r#"{"nonce":1,"type":"Dynamic","maxFee":3}"#,
    ] {
        let outcome = de_twins!(ours::Tx, twin::Tx, json);
        assert!(outcome.is_ok(), "{json}: {outcome:?}");
    }
    let json = r#"{"nonce":1,"type":"Legacy","gasPrice":7}"#;
    let tx: ours::Tx = serde_json::from_str(json).unwrap();
    let twin: twin::Tx = serde_json::from_str(json).unwrap();
    assert_eq!(tx.fees.gas_price, Some(7));
    // Both halves own `gasPrice`, so serde writes it twice; a buffered field writes
    // exactly what serde writes.
    let expected = r#"{"nonce":1,"type":"Legacy","gasPrice":7,"gasPrice":7}"#;
    assert_eq!(serde_json::to_string(&twin).unwrap(), expected);
    assert_eq!(serde_json::to_string(&tx).unwrap(), expected);
}

twins! {
    mod nested_default {
        /// aws_lambda_events' `S3ObjectLambdaEvent`: a `default` field whose type holds the
        /// parameter, each level with `bound = ""`. serde asks `P: Default` of the impl (the
        /// parameters of a `default` field's type), which reading `Configuration<P>` needs.
        #[derive(Default)]
        pub struct Configuration<P>
        where
            P: DeserializeOwned + Serialize,
        {
            #[serde(default, bound = "")]
            pub payload: P,
        }

        pub struct Event<P = u8>
        where
            P: DeserializeOwned + Serialize,
        {
            #[serde(default, bound = "")]
            pub configuration: Configuration<P>,
            pub id: u8,
        }
    }
}

#[test]
fn default_field_of_a_generic_type_with_empty_bounds() {
    rt!(nested_default::Event<u8>, Event { configuration: Configuration { payload: 3 }, id: 1 } => r#"{"configuration":{"payload":3},"id":1}"#);
    de!(nested_default::Event<u8>, r#"{"id":1}"# => Event { configuration: Configuration { payload: 0 }, id: 1 });
    de!(nested_default::Event<u8>, r#"{"configuration":{},"id":1}"# => Event { configuration: Configuration { payload: 0 }, id: 1 });
}

/// A type of "another crate", read and written through a remote definition.
#[derive(Debug, PartialEq)]
pub struct Duration {
    pub secs: u64,
    nanos: u32,
}

impl Duration {
    pub fn new(secs: u64, nanos: u32) -> Self {
        Duration { secs, nanos }
    }

    pub fn nanos(&self) -> u32 {
        self.nanos
    }
}

impl From<DurationDefOurs> for Duration {
    fn from(def: DurationDefOurs) -> Self {
        Duration::new(def.secs, def.nanos)
    }
}

impl From<DurationDefTwin> for Duration {
    fn from(def: DurationDefTwin) -> Self {
        Duration::new(def.secs, def.nanos)
    }
}

/// serde's remote derive, with a getter for the private field.
#[derive(serde_fastkit::FastFlatten)]
#[serde(remote = "Duration", rename = "DurationDef")]
pub struct DurationDefOurs {
    secs: u64,
    #[serde(getter = "Duration::nanos")]
    nanos: u32,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(remote = "Duration", rename = "DurationDef")]
pub struct DurationDefTwin {
    secs: u64,
    #[serde(getter = "Duration::nanos")]
    nanos: u32,
}

mod remote_ours {
    use super::{Duration, DurationDefOurs};

    #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
    pub struct Timeout {
        pub id: u8,
        #[serde(with = "DurationDefOurs")]
        pub after: Duration,
    }
}

mod remote_twin {
    use super::{Duration, DurationDefTwin};

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub struct Timeout {
        pub id: u8,
        #[serde(with = "DurationDefTwin")]
        pub after: Duration,
    }
}

#[test]
fn remote_definition_with_a_getter() {
    let json = r#"{"id":1,"after":{"secs":2,"nanos":3}}"#;
    let ours = remote_ours::Timeout {
        id: 1,
        after: Duration::new(2, 3),
    };
    let outcome = de_twins!(remote_ours::Timeout, remote_twin::Timeout, json);
    assert_eq!(outcome, Ok(format!("{ours:?}")));
    let twin = remote_twin::Timeout {
        id: 1,
        after: Duration::new(2, 3),
    };
    assert_eq!(
        crate::support::same_output(&ours, &twin).as_deref(),
        Ok(json)
    );
}

pub fn double<S: serde::Serializer>(value: &u8, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u16(u16::from(*value) * 2)
}

pub fn halve<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    let doubled = <u16 as serde::Deserialize>::deserialize(deserializer)?;
    u8::try_from(doubled / 2).map_err(serde::de::Error::custom)
}

twins! {
    mod tuple_variant_with {
        /// serde's `test_gen.rs`: `with` functions on the fields of a tuple variant.
        pub enum E {
            Pair(#[serde(serialize_with = "double", deserialize_with = "halve")] u8, u8),
            Other(u8),
        }

        #[serde(tag = "t", content = "c")]
        pub enum Adjacent {
            Pair(#[serde(serialize_with = "double", deserialize_with = "halve")] u8, u8),
        }
    }
}

#[test]
fn with_on_the_fields_of_a_tuple_variant() {
    rt!(tuple_variant_with::E, E::Pair(3, 4) => r#"{"Pair":[6,4]}"#);
    rt!(tuple_variant_with::E, E::Other(1) => r#"{"Other":1}"#);
    rt!(tuple_variant_with::Adjacent, Adjacent::Pair(5, 1) => r#"{"t":"Pair","c":[10,1]}"#);
    de_err!(tuple_variant_with::E, r#"{"Pair":[600,4]}"# => "out of range integral type conversion attempted");
}
