//! Untagged enums (`#[serde(untagged)]`): checklist D (items 88–107) and roundtrips on every
//! format (they need a self-describing one: the value is read with `deserialize_any`, as
//! serde's derive reads it).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::support::{map, Bytes, Needs, Recorder, Val};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct Unit;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct NewtypeStruct(pub u32);

/// test_enum_untagged.rs:146-154, with serde's derive (its `EmptyStruct {}` does not compile
/// with FastFlatten: `internal::serde_shapes::empty_struct_variant`); what is tested here is the
/// untagged enum holding it.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub enum Inner {
    Unit,
    Newtype(u8),
    Tuple0(),
    Tuple2(u8, u8),
    Struct { f: u8 },
    EmptyStruct {},
}

twins! {
    /// test_enum_untagged.rs.
    mod untagged {
        #[serde(untagged)]
        pub enum Untagged {
            A { a: u8 },
            B { b: u8 },
            C,
            D(u8),
            E(String),
            F(u8, u8),
        }

        #[serde(untagged)]
        pub enum Message {
            Unit(Unit),
            Map(BTreeMap<String, String>),
        }

        #[serde(untagged)]
        pub enum E {
            Newtype(NewtypeStruct),
            Null,
        }

        #[serde(untagged)]
        pub enum Outer {
            Inner(Inner),
        }

        #[serde(untagged)]
        pub enum WithOptional {
            Struct { optional: Option<u32> },
            Null,
        }

        #[serde(untagged)]
        pub enum StringAndBytes {
            String {
                string: String,
            },
            Bytes {
                #[serde(with = "crate::support::bytes")]
                bytes: Vec<u8>,
            },
        }

        #[serde(untagged)]
        pub enum Data {
            A {
                a: i32,
                #[serde(flatten)]
                flat: Flat,
            },
        }

        pub struct Flat {
            pub b: i32,
        }

        #[serde(untagged)]
        pub enum IntegerKeys {
            Variant {
                #[serde(flatten)]
                map: BTreeMap<u64, String>,
            },
        }

        #[serde(untagged, expecting = "something strange...")]
        pub enum Expecting {
            Untagged,
        }

        #[serde(untagged)]
        pub enum OptionFirst {
            V(Option<u8>),
            Null,
            S { a: u8 },
        }

        #[serde(untagged, deny_unknown_fields)]
        pub enum Denying {
            Strict { a: u8 },
            Loose(BTreeMap<String, u8>),
        }
    }
}

#[test]
fn complex() {
    // 88
    rt!(untagged::Untagged, Untagged::A { a: 1 } => r#"{"a":1}"#);
    assert_eq!(
        Recorder::record(&both!(untagged, Untagged::A { a: 1 }).0).unwrap()[0],
        r#"Struct { name: "Untagged", len: 1 }"#
    );
    rt!(untagged::Untagged, Untagged::B { b: 2 } => r#"{"b":2}"#);
    rt!(untagged::Untagged, Untagged::C => "null");
    de_val!(untagged::Untagged, Val::None => Untagged::C);
    rt!(untagged::Untagged, Untagged::D(4) => "4");
    rt!(untagged::Untagged, Untagged::E("e".into()) => r#""e""#);
    rt!(untagged::Untagged, Untagged::F(1, 2) => "[1,2]");
    assert_eq!(
        Recorder::record(&both!(untagged, Untagged::F(1, 2)).0).unwrap()[0],
        "Tuple { len: 2 }"
    );
    de_err!(untagged::Untagged, "[1]" => "data did not match any variant of untagged enum Untagged");
    de_err!(untagged::Untagged, "[1,2,3]" => "data did not match any variant of untagged enum Untagged");
    de_err!(untagged::Untagged, r#"{"c":1}"# => "data did not match any variant of untagged enum Untagged");
    de_err!(untagged::Untagged, "{}" => "data did not match any variant of untagged enum Untagged");
    de_err!(untagged::Untagged, r#"{"a":1"# => "EOF while parsing an object");
}

#[test]
fn newtype_unit_and_empty_map() {
    // 89
    rt!(untagged::Message, Message::Unit(Unit) => "null");
    ser!(untagged, Message::Map(BTreeMap::new()) => "{}");
}

#[test]
fn newtype_unit_and_empty_map_reads_back() {
    // 89
    de!(untagged::Message, "{}" => Message::Map(BTreeMap::new()));
    de_err!(untagged::Message, "[]" => "data did not match any variant of untagged enum Message");
}

#[test]
fn newtype_struct() {
    // 90
    rt!(untagged::E, E::Newtype(NewtypeStruct(5)) => "5");
    de_val!(untagged::E, Val::NewtypeStruct(Box::new(Val::U32(5))) => E::Newtype(NewtypeStruct(5)));
    de_val!(untagged::E, Val::U32(5) => E::Newtype(NewtypeStruct(5)));
    rt!(untagged::E, E::Null => "null");
}

#[test]
fn newtype_enum() {
    // 91-98
    rt!(untagged::Outer, Outer::Inner(Inner::Unit) => r#""Unit""#);
    rt!(untagged::Outer, Outer::Inner(Inner::Newtype(1)) => r#"{"Newtype":1}"#);
    rt!(untagged::Outer, Outer::Inner(Inner::Tuple0()) => r#"{"Tuple0":[]}"#);
    rt!(untagged::Outer, Outer::Inner(Inner::Tuple2(1, 1)) => r#"{"Tuple2":[1,1]}"#);
    rt!(untagged::Outer, Outer::Inner(Inner::Struct { f: 1 }) => r#"{"Struct":{"f":1}}"#);
    de!(untagged::Outer, r#"{"Struct":[1]}"# => Outer::Inner(Inner::Struct { f: 1 }));
    de!(untagged::Outer, r#"{"EmptyStruct":{}}"# => Outer::Inner(Inner::EmptyStruct {}));
    de!(untagged::Outer, r#"{"EmptyStruct":[]}"# => Outer::Inner(Inner::EmptyStruct {}));
    // the buffered enum: `null` is not `{}` for a unit variant here
    de!(untagged::Outer, r#"{"Unit":null}"# => Outer::Inner(Inner::Unit));
    de_err!(untagged::Outer, r#"{"Unit":null,"Newtype":1}"# => "data did not match any variant of untagged enum Outer");
}

#[test]
fn newtype_enum_unit_from_empty_map() {
    de_err!(untagged::Outer, r#"{"Unit":{}}"# => "data did not match any variant of untagged enum Outer");
}

#[test]
fn with_optional_field() {
    // 99-102
    rt!(untagged::WithOptional, WithOptional::Struct { optional: Some(42) } => r#"{"optional":42}"#);
    de_val!(untagged::WithOptional, map([("optional", Val::U32(42))]) => WithOptional::Struct { optional: Some(42) });
    rt!(untagged::WithOptional, WithOptional::Struct { optional: None } => r#"{"optional":null}"#);
    de_val!(untagged::WithOptional, map([("optional", Val::Unit)]) => WithOptional::Struct { optional: None });
    de!(untagged::WithOptional, "{}" => WithOptional::Struct { optional: None });
    rt!(untagged::WithOptional, WithOptional::Null => "null");
}

#[test]
fn string_and_bytes() {
    // 103
    de!(untagged::StringAndBytes, r#"{"string":"\u0000"}"# => StringAndBytes::String { string: "\0".into() });
    de_val!(untagged::StringAndBytes, map([("string", Val::Bytes(b"\0"))]) => StringAndBytes::String { string: "\0".into() });
    de!(untagged::StringAndBytes, r#"{"bytes":"\u0000"}"# => StringAndBytes::Bytes { bytes: vec![0] });
    de!(untagged::StringAndBytes, r#"{"bytes":[0]}"# => StringAndBytes::Bytes { bytes: vec![0] });
    de_val!(untagged::StringAndBytes, map([("bytes", Val::Bytes(b"\0"))]) => StringAndBytes::Bytes { bytes: vec![0] });
}

#[test]
fn contains_flatten() {
    // 104: serde writes a map of unknown length, FastFlatten a struct of exact length (the
    // pinned difference in calls; JSON and YAML identical).
    ser_text!(untagged, Data::A { a: 0, flat: Flat { b: 0 } } => r#"{"a":0,"b":0}"#);
    let (ours, twin) = both!(
        untagged,
        Data::A {
            a: 0,
            flat: Flat { b: 0 }
        }
    );
    assert_eq!(Recorder::record(&twin).unwrap()[0], "Map { len: None }");
    assert_eq!(
        Recorder::record(&ours).unwrap()[0],
        r#"Struct { name: "Data", len: 2 }"#
    );
    de!(untagged::Data, r#"{"a":0,"b":0}"# => Data::A { a: 0, flat: Flat { b: 0 } });
    de!(untagged::Data, r#"{"b":0,"a":0,"c":0}"# => Data::A { a: 0, flat: Flat { b: 0 } });
}

#[test]
fn contains_flatten_with_integer_key() {
    // 105
    // serde writes a map of unknown length, FastFlatten of exact length (the pinned
    // difference in calls; JSON and YAML identical).
    let value = || {
        [(100, "BTreeMap".to_owned())]
            .into_iter()
            .collect::<BTreeMap<u64, String>>()
    };
    ser_text!(untagged, IntegerKeys::Variant { map: value() } => r#"{"100":"BTreeMap"}"#);
    let (ours, twin) = both!(untagged, IntegerKeys::Variant { map: value() });
    assert_eq!(Recorder::record(&twin).unwrap()[0], "Map { len: None }");
    assert_eq!(Recorder::record(&ours).unwrap()[0], "Map { len: Some(1) }");
    de_val!(untagged::IntegerKeys, Val::Map(vec![(Val::U64(100), Val::Str("BTreeMap"))]) => IntegerKeys::Variant { map: value() });
}

#[test]
fn serde_1183_integer_keys_from_json() {
    // An intended difference (serde#1183, README's catch-all row): FastFlatten parses
    // a flattened map's integer keys from JSON strings, as serde_json does for maps; serde's
    // buffer keeps them strings, so no variant matches.
    let input = r#"{"100":"BTreeMap"}"#;
    assert_eq!(
        ours!(untagged::IntegerKeys, input),
        Ok(r#"Variant { map: {100: "BTreeMap"} }"#.to_owned())
    );
    assert_eq!(
        theirs!(untagged::IntegerKeys, input),
        Err("data did not match any variant of untagged enum IntegerKeys".to_owned())
    );
}

#[test]
fn expecting_message() {
    // 106
    de_err!(untagged::Expecting, r#""Untagged""# => "something strange...");
    de_val!(untagged::Expecting, Val::Str("Untagged") => Err("something strange..."));
}

#[test]
fn order_and_shapes() {
    // 107
    de!(untagged::OptionFirst, "null" => OptionFirst::V(None));
    de!(untagged::OptionFirst, "1" => OptionFirst::V(Some(1)));
    de!(untagged::OptionFirst, r#"{"a":1}"# => OptionFirst::S { a: 1 });
    de_err!(untagged::OptionFirst, "[1]" => "data did not match any variant of untagged enum OptionFirst");
    ser!(untagged, OptionFirst::Null => "null");
}

#[test]
fn deny_unknown_fields_tries_the_next_variant() {
    de!(untagged::Denying, r#"{"a":1}"# => Denying::Strict { a: 1 });
    de!(untagged::Denying, r#"{"a":1,"b":2}"# => Denying::Loose([("a".to_owned(), 1), ("b".to_owned(), 2)].into()));
}

twins! {
    mod everywhere {
        #[serde(untagged)]
        pub enum Value {
            Unit,
            Struct { a: u32, b: String },
            Newtype(String),
            Tuple(u8, u8),
            Number(i64),
            Flattened {
                id: u8,
                #[serde(flatten)]
                flat: Flat,
            },
        }

        pub struct Flat {
            pub z: bool,
        }
    }
}

#[test]
fn roundtrips_on_self_describing_formats() {
    roundtrip!(
        everywhere::Value,
        Value::Unit,
        Needs::SelfDescribing,
        Bytes::Same
    );
    roundtrip!(
        everywhere::Value,
        Value::Struct {
            a: 1,
            b: "b".into()
        },
        Needs::SelfDescribing,
        Bytes::Same
    );
    roundtrip!(
        everywhere::Value,
        Value::Newtype("n".into()),
        Needs::SelfDescribing,
        Bytes::Same
    );
    roundtrip!(
        everywhere::Value,
        Value::Tuple(1, 2),
        Needs::SelfDescribing,
        Bytes::Same
    );
    roundtrip!(
        everywhere::Value,
        Value::Number(-3),
        Needs::SelfDescribing,
        Bytes::Same
    );
    roundtrip!(
        everywhere::Value,
        Value::Flattened {
            id: 1,
            flat: Flat { z: true }
        },
        Needs::OnlySelfDescribing,
        Bytes::Own
    );
}

#[test]
fn flattened_struct_variant_on_msgpack_arrays() {
    // Consequence of the pinned difference in calls: FastFlatten writes a struct variant with a
    // flattened field as a struct, which rmp-serde's array mode writes as an array, and an
    // untagged struct variant is read from a map only (as serde's); serde writes a map of
    // unknown length, which rmp-serde writes as a map even in array mode, and reads it back.
    use crate::common::formats::MsgPackArray;
    use crate::support::roundtrip_on;
    let (ours, twin) = both!(
        everywhere,
        Value::Flattened {
            id: 1,
            flat: Flat { z: true }
        }
    );
    assert_eq!(
        roundtrip_on::<MsgPackArray, _>(&ours),
        Err("deserialize: data did not match any variant of untagged enum Value".to_owned())
    );
    assert!(roundtrip_on::<MsgPackArray, _>(&twin).is_ok());
}

twins! {
    /// 128-bit integers in an untagged variant.
    mod wide {
        #[serde(untagged)]
        pub enum E {
            Small { n: u8 },
            Wide { big: u128, neg: i128 },
        }
    }
}

/// The bytes of an untagged `Wide` variant.
#[derive(Serialize)]
struct WidePlain {
    big: u128,
    neg: i128,
}

#[test]
fn wide_integers_survive_the_buffer() {
    // README's claim (buffered values row), for the buffer of an untagged enum: the whole value
    // is held, then replayed to each variant in turn (`Small` first, which fails).
    use crate::internal::{read_on_wide_formats, summary, wide_rows, BIG, NEG};
    let input = WidePlain { big: BIG, neg: NEG };
    let expected = format!("{:?}", wide::ours::E::Wide { big: BIG, neg: NEG });
    let outcomes = read_on_wide_formats::<_, wide::ours::E, wide::twin::E>(&input);
    let refused = format!("invalid type: integer `{BIG}` as u128, expected any value");
    let no_match = "data did not match any variant of untagged enum E";
    // serde_json hands the number to `deserialize_any` as an `f64`, rmp-serde writes 16 bytes
    // that only `deserialize_u128` reads (format limits): no variant matches what is held, for
    // either derive. Where the format hands `visit_u128`/`visit_i128`, FastFlatten reads the
    // value back exactly; serde's buffer refuses the integer before any variant is tried.
    assert_eq!(
        summary(outcomes, &expected),
        wide_rows((no_match, no_match), (no_match, no_match), &refused)
    );
}
