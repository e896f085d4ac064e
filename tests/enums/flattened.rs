//! Enums flattened into a FastFlatten struct (`#[serde(flatten)] kind: Kind`): checklist F
//! (items 113–133), every order of the map's entries, roundtrips on every format, and the
//! intended differences (each test named after its serde issue).
//!
//! serde writes a struct with a flattened field as a map of unknown length, FastFlatten as a
//! struct of exact length: JSON and YAML are identical (`ser_text!`), the calls are not
//! (`flattened_struct_calls`).

use std::collections::BTreeMap;

use crate::support::{orders, Bytes, Needs, Recorder};

/// A `BTreeMap` of string pairs.
fn strings<const N: usize>(pairs: [(&str, &str); N]) -> BTreeMap<String, String> {
    pairs
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

twins! {
    /// test_annotations.rs `flatten::enum_::externally_tagged` and more.
    mod external {
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

        pub struct Flatten {
            #[serde(flatten)]
            pub data: Enum,
            #[serde(flatten)]
            pub extra: BTreeMap<String, String>,
        }

        pub enum Enum {
            Unit,
            Newtype(BTreeMap<String, String>),
            Tuple(u32, u32),
            Struct { index: u32, value: u32 },
        }

        pub struct S {
            pub id: u32,
            #[serde(flatten)]
            pub k: Kind,
        }

        pub enum Kind {
            A,
            B(u8),
            C(u8, u8),
            D { x: u8 },
            #[serde(alias = "e")]
            E,
            #[serde(other)]
            O,
        }

        pub struct Renamed {
            pub id: u32,
            #[serde(flatten)]
            pub k: K,
        }

        #[serde(rename = "K")]
        pub enum K {
            A,
        }

        #[serde(deny_unknown_fields)]
        pub struct Denying {
            pub id: u32,
            #[serde(flatten)]
            pub k: Kind,
        }

        pub enum Outer {
            Tuple(f64, i32),
            Flatten {
                #[serde(flatten)]
                nested: Nested,
            },
        }

        pub struct Nested {
            pub a: i32,
            pub b: i32,
        }
    }
}

#[test]
fn externally_tagged_straightforward() {
    // 113 (the variant's calls are pinned in external::struct_variant_with_flatten_calls)
    ser_text!(external, Data::A { a: 0, flat: Flat { b: 0 } } => r#"{"A":{"a":0,"b":0}}"#);
    de!(external::Data, r#"{"A":{"a":0,"b":0}}"# => Data::A { a: 0, flat: Flat { b: 0 } });
}

#[test]
fn externally_tagged_unit() {
    // 114
    macro_rules! value {
        () => {
            Flatten {
                data: Enum::Unit,
                extra: strings([("extra_key", "extra value")]),
            }
        };
    }
    ser_text!(external, value!() => r#"{"Unit":null,"extra_key":"extra value"}"#);
    de!(external::Flatten, r#"{"extra_key":"extra value","Unit":null}"# => value!());
    de!(external::Flatten, r#"{"Unit":null,"extra_key":"extra value"}"# => value!());
}

#[test]
fn externally_tagged_unit_from_empty_map() {
    // a unit variant's value may also be `{}` in a flattened map (serde's owned buffer)
    de!(external::Flatten, r#"{"Unit":{},"extra_key":"extra value"}"#
        => Flatten { data: Enum::Unit, extra: strings([("extra_key", "extra value")]) });
}

#[test]
fn externally_tagged_newtype() {
    // 115
    macro_rules! value {
        () => {
            Flatten {
                data: Enum::Newtype(strings([("key", "value")])),
                extra: strings([("extra_key", "extra value")]),
            }
        };
    }
    ser_text!(external, value!() => r#"{"Newtype":{"key":"value"},"extra_key":"extra value"}"#);
    de!(external::Flatten, r#"{"extra_key":"extra value","Newtype":{"key":"value"}}"# => value!());
}

#[test]
fn externally_tagged_tuple() {
    // 116
    macro_rules! value {
        () => {
            Flatten {
                data: Enum::Tuple(0, 42),
                extra: strings([("extra_key", "extra value")]),
            }
        };
    }
    ser_text!(external, value!() => r#"{"Tuple":[0,42],"extra_key":"extra value"}"#);
    de!(external::Flatten, r#"{"extra_key":"extra value","Tuple":[0,42]}"# => value!());
}

#[test]
fn externally_tagged_struct_from_seq() {
    // 117
    macro_rules! value {
        () => {
            Flatten {
                data: Enum::Struct {
                    index: 0,
                    value: 42,
                },
                extra: strings([("extra_key", "extra value")]),
            }
        };
    }
    de!(external::Flatten, r#"{"Struct":[0,42],"extra_key":"extra value"}"# => value!());
    de!(external::Flatten, r#"{"extra_key":"extra value","Struct":[0,42]}"# => value!());
}

#[test]
fn externally_tagged_struct_from_map() {
    // 118
    macro_rules! value {
        () => {
            Flatten {
                data: Enum::Struct {
                    index: 0,
                    value: 42,
                },
                extra: strings([("extra_key", "extra value")]),
            }
        };
    }
    ser_text!(external, value!() => r#"{"Struct":{"index":0,"value":42},"extra_key":"extra value"}"#);
    de!(external::Flatten, r#"{"extra_key":"extra value","Struct":{"index":0,"value":42}}"# => value!());
}

#[test]
fn externally_tagged_beside_a_catch_all_every_order() {
    // 114-118 in both orders: serde's tests read the variant key first, then `extra_key`
    macro_rules! every_order {
        ($variant:expr => $data:expr) => {
            for json in orders(&[$variant, ("extra_key", r#""extra value""#)]) {
                de!(external::Flatten, &json => Flatten {
                    data: $data,
                    extra: strings([("extra_key", "extra value")]),
                });
            }
        };
    }
    every_order!(("Unit", "null") => Enum::Unit);
    every_order!(("Newtype", r#"{"key":"value"}"#) => Enum::Newtype(strings([("key", "value")])));
    every_order!(("Tuple", "[0,42]") => Enum::Tuple(0, 42));
    every_order!(("Struct", r#"{"index":0,"value":42}"#) => Enum::Struct { index: 0, value: 42 });
    every_order!(("Struct", "[0,42]") => Enum::Struct { index: 0, value: 42 });
}

#[test]
fn externally_tagged_every_order() {
    // every order of the outer field and the variant key
    for json in orders(&[("id", "1"), ("D", r#"{"x":2}"#)]) {
        de!(external::S, &json => S { id: 1, k: Kind::D { x: 2 } });
    }
    for json in orders(&[("id", "1"), ("C", "[1,2]")]) {
        de!(external::S, &json => S { id: 1, k: Kind::C(1, 2) });
    }
    rt_text!(external::S, S { id: 1, k: Kind::B(3) } => r#"{"id":1,"B":3}"#);
    de!(external::S, r#"{"id":1,"e":null}"# => S { id: 1, k: Kind::E });
}

#[test]
fn externally_tagged_no_variant_and_leftovers() {
    // 127
    de_err!(external::S, r#"{"id":1}"# => "no variant of enum Kind found in flattened data");
    de_err!(external::Renamed, r#"{"id":1}"# => "no variant of enum K found in flattened data");
    // `other` never catches an unknown key
    de_err!(external::S, r#"{"id":1,"Zzz":null}"# => "no variant of enum Kind found in flattened data");
    de!(external::S, r#"{"id":1,"A":null,"B":1}"# => S { id: 1, k: Kind::A });
    de!(external::S, r#"{"id":1,"O":null}"# => S { id: 1, k: Kind::O });
    de_err!(external::S, r#"{"id":1,"B":"x"}"# => r#"invalid type: string "x", expected u8"#);
    de_err!(external::S, r#"{"id":1,"D":{}}"# => "missing field `x`");
    de_err!(external::S, r#"{"D":{"x":1}}"# => "missing field `id`");
}

#[test]
fn externally_tagged_second_variant_key_under_deny() {
    // 127: rejected as by serde; ours lists the tree's names (serde 2984), serde none
    assert_eq!(
        theirs!(external::Denying, r#"{"id":1,"A":null,"B":1}"#),
        Err("unknown field `B`".to_owned())
    );
    assert_eq!(
        ours!(external::Denying, r#"{"id":1,"A":null,"B":1}"#),
        Err(
            "unknown field `B`, expected one of `id`, `A`, `B`, `C`, `D`, `E`, `e`, `O`".to_owned()
        )
    );
}

#[test]
fn enum_tuple_and_struct() {
    // 125 (serde#1904)
    rt!(external::Outer, Outer::Tuple(1.2, 3) => r#"{"Tuple":[1.2,3]}"#);
    ser_text!(external, Outer::Flatten { nested: Nested { a: 1, b: 2 } } => r#"{"Flatten":{"a":1,"b":2}}"#);
    de!(external::Outer, r#"{"Flatten":{"a":1,"b":2}}"# => Outer::Flatten { nested: Nested { a: 1, b: 2 } });
}

twins! {
    /// test_annotations.rs `flatten::enum_::adjacently_tagged`: the enum flattened directly
    /// here; serde's shape, a newtype struct around it, in `adjacently_tagged_in_a_newtype_wrapper`.
    mod adjacent {
        pub struct Flatten {
            pub outer: u32,
            #[serde(flatten)]
            pub data: Enum,
        }

        #[serde(tag = "tag", content = "content")]
        pub enum Enum {
            Unit,
            Newtype(NewtypeVariant),
            Struct { index: u32, value: u32 },
            Tuple(u8, u8),
            Maybe(Option<u8>),
        }

        pub struct NewtypeVariant {
            pub value: u32,
        }

        #[serde(tag = "tag_struct")]
        pub struct TaggedStruct {
            #[serde(flatten)]
            pub flat: Inner,
        }

        #[serde(tag = "tag_enum", content = "content")]
        pub enum Inner {
            A(u64),
        }

        #[serde(deny_unknown_fields)]
        pub struct Denying {
            pub outer: u32,
            #[serde(flatten)]
            pub data: Enum,
        }
    }
}

#[test]
fn adjacently_tagged_unit() {
    // 119
    macro_rules! value {
        () => {
            Flatten {
                outer: 42,
                data: Enum::Unit,
            }
        };
    }
    ser_text!(adjacent, value!() => r#"{"outer":42,"tag":"Unit"}"#);
    for json in orders(&[("outer", "42"), ("tag", r#""Unit""#)])
        .into_iter()
        .chain(orders(&[
            ("outer", "42"),
            ("tag", r#""Unit""#),
            ("content", "null"),
        ]))
    {
        de!(adjacent::Flatten, &json => value!());
    }
}

#[test]
fn adjacently_tagged_newtype() {
    // 120
    macro_rules! value {
        () => {
            Flatten {
                outer: 42,
                data: Enum::Newtype(NewtypeVariant { value: 23 }),
            }
        };
    }
    ser_text!(adjacent, value!() => r#"{"outer":42,"tag":"Newtype","content":{"value":23}}"#);
    for json in orders(&[
        ("outer", "42"),
        ("tag", r#""Newtype""#),
        ("content", r#"{"value":23}"#),
    ]) {
        de!(adjacent::Flatten, &json => value!());
    }
}

#[test]
fn adjacently_tagged_struct() {
    // 121
    macro_rules! value {
        () => {
            Flatten {
                outer: 42,
                data: Enum::Struct {
                    index: 0,
                    value: 42,
                },
            }
        };
    }
    ser_text!(adjacent, value!() => r#"{"outer":42,"tag":"Struct","content":{"index":0,"value":42}}"#);
    for json in orders(&[
        ("outer", "42"),
        ("tag", r#""Struct""#),
        ("content", r#"{"index":0,"value":42}"#),
    ]) {
        de!(adjacent::Flatten, &json => value!());
    }
    macro_rules! value {
        () => {
            Flatten {
                outer: 42,
                data: Enum::Tuple(1, 2),
            }
        };
    }
    ser_text!(adjacent, value!() => r#"{"outer":42,"tag":"Tuple","content":[1,2]}"#);
    for json in orders(&[("outer", "42"), ("tag", r#""Tuple""#), ("content", "[1,2]")]) {
        de!(adjacent::Flatten, &json => value!());
    }
}

#[test]
fn adjacently_tagged_errors() {
    de_err!(adjacent::Flatten, r#"{"outer":42}"# => "missing field `tag`");
    de_err!(adjacent::Flatten, r#"{"outer":42,"content":null}"# => "missing field `tag`");
    de_err!(adjacent::Flatten, r#"{"outer":42,"tag":"Newtype"}"# => "missing field `content`");
    de!(adjacent::Flatten, r#"{"outer":42,"tag":"Maybe"}"# => Flatten { outer: 42, data: Enum::Maybe(None) });
    de_err!(adjacent::Flatten, r#"{"outer":42,"tag":"Zzz"}"#
        => "unknown variant `Zzz`, expected one of `Unit`, `Newtype`, `Struct`, `Tuple`, `Maybe`");
    de_err!(adjacent::Flatten, r#"{"outer":42,"tag":"Unit","tag":"Unit"}"# => "duplicate field `tag`");
    de_err!(adjacent::Flatten, r#"{"outer":42,"tag":"Newtype","content":{"value":"x"}}"# => r#"invalid type: string "x", expected u32"#);
    de_err!(adjacent::Flatten, r#"{"tag":"Unit","content":null}"# => "missing field `outer`");
    // The adjacently tagged enum takes its keys: nothing is left for `deny_unknown_fields`.
    de!(adjacent::Denying, r#"{"outer":1,"tag":"Unit"}"# => Denying { outer: 1, data: Enum::Unit });
}

/// serde's own shape of `flatten::enum_::adjacently_tagged`: the enum inside a newtype struct
/// (serde's derive), flattened. FastFlatten flattens a type that is not a tree through its own
/// impls, with `#[fast_flatten(buffered)]`, as serde does.
mod newtype_wrapper {
    use serde::{Deserialize, Serialize};
    use serde_fastkit::FastFlatten;

    use super::adjacent::{ours, twin};

    #[derive(Serialize, Deserialize, Debug)]
    pub struct NewtypeWrapper<T>(pub T);

    #[derive(FastFlatten, Debug)]
    pub struct Ours {
        pub outer: u32,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        pub data: NewtypeWrapper<ours::Enum>,
    }

    #[derive(Serialize, Deserialize, Debug)]
    pub struct Twin {
        pub outer: u32,
        #[serde(flatten)]
        pub data: NewtypeWrapper<twin::Enum>,
    }
}

#[test]
fn adjacently_tagged_in_a_newtype_wrapper() {
    // 119-121 with serde's own types
    use newtype_wrapper::{NewtypeWrapper, Ours, Twin};
    /// A value of each declaration, and the entries of its JSON.
    type Case = (
        fn() -> Ours,
        fn() -> Twin,
        &'static [(&'static str, &'static str)],
    );
    let cases: [Case; 3] = [
        (
            || Ours {
                outer: 42,
                data: NewtypeWrapper(adjacent::ours::Enum::Unit),
            },
            || Twin {
                outer: 42,
                data: NewtypeWrapper(adjacent::twin::Enum::Unit),
            },
            &[("outer", "42"), ("tag", r#""Unit""#)],
        ),
        (
            || Ours {
                outer: 42,
                data: NewtypeWrapper(adjacent::ours::Enum::Newtype(
                    adjacent::ours::NewtypeVariant { value: 23 },
                )),
            },
            || Twin {
                outer: 42,
                data: NewtypeWrapper(adjacent::twin::Enum::Newtype(
                    adjacent::twin::NewtypeVariant { value: 23 },
                )),
            },
            &[
                ("outer", "42"),
                ("tag", r#""Newtype""#),
                ("content", r#"{"value":23}"#),
            ],
        ),
        (
            || Ours {
                outer: 42,
                data: NewtypeWrapper(adjacent::ours::Enum::Struct {
                    index: 0,
                    value: 42,
                }),
            },
            || Twin {
                outer: 42,
                data: NewtypeWrapper(adjacent::twin::Enum::Struct {
                    index: 0,
                    value: 42,
                }),
            },
            &[
                ("outer", "42"),
                ("tag", r#""Struct""#),
                ("content", r#"{"index":0,"value":42}"#),
            ],
        ),
    ];
    for (ours, twin, entries) in cases {
        let json = serde_json::to_string(&ours()).unwrap();
        assert_eq!(json, serde_json::to_string(&twin()).unwrap());
        for input in orders(entries) {
            // Both as `outer` and `data` (the structs' own names differ).
            let read =
                serde_json::from_str::<Ours>(&input).map(|v| format!("{:?}", (v.outer, v.data)));
            let twin_read =
                serde_json::from_str::<Twin>(&input).map(|v| format!("{:?}", (v.outer, v.data)));
            assert_eq!(
                read.as_deref().ok(),
                Some(format!("{:?}", (ours().outer, ours().data)).as_str()),
                "{input}"
            );
            assert_eq!(read.ok(), twin_read.ok(), "{input}");
        }
    }
}

#[test]
fn serde_2984_deny_unknown_fields_lists_the_tree() {
    // Intended difference (README, `deny_unknown_fields` row: serde#1358, serde#2283,
    // serde#2984): FastFlatten's "unknown field" lists the whole tree's names; serde's flatten
    // path names only the key.
    let input = r#"{"outer":1,"tag":"Unit","x":1}"#;
    assert_eq!(
        ours!(adjacent::Denying, input),
        Err("unknown field `x`, expected one of `outer`, `tag`, `content`".to_owned())
    );
    assert_eq!(
        theirs!(adjacent::Denying, input),
        Err("unknown field `x`".to_owned())
    );
}

#[test]
fn internally_tagged_struct_with_flattened_field() {
    // 126
    ser_text!(adjacent, TaggedStruct { flat: Inner::A(0) } => r#"{"tag_struct":"TaggedStruct","tag_enum":"A","content":0}"#);
    de!(adjacent::TaggedStruct, r#"{"tag_enum":"A","content":0}"# => TaggedStruct { flat: Inner::A(0) });
    de!(adjacent::TaggedStruct, r#"{"tag_struct":"TaggedStruct","tag_enum":"A","content":0}"# => TaggedStruct { flat: Inner::A(0) });
}

twins! {
    /// test_annotations.rs `flatten::enum_::internally_tagged` and more.
    mod internal {
        pub struct Flatten {
            #[serde(flatten)]
            pub x: X,
            #[serde(flatten)]
            pub y: Y,
        }

        #[serde(tag = "typeX")]
        pub enum X {
            A { a: i32 },
            B { b: i32 },
        }

        #[serde(tag = "typeY")]
        pub enum Y {
            C { c: i32 },
            D { d: i32 },
        }

        pub struct UnitFlatten {
            #[serde(flatten)]
            pub x: UnitX,
            #[serde(flatten)]
            pub y: UnitY,
        }

        #[serde(tag = "typeX")]
        pub enum UnitX {
            A,
        }

        #[serde(tag = "typeY")]
        pub enum UnitY {
            B { c: u32 },
        }

        pub struct S {
            pub id: u32,
            #[serde(flatten)]
            pub k: Kind,
        }

        #[derive(Default)]
        #[serde(tag = "type")]
        pub enum Kind {
            #[default]
            A,
            B { x: u8, y: u8 },
            N(Payload),
        }

        pub struct Payload {
            pub p: u8,
        }

        #[serde(deny_unknown_fields)]
        pub struct Denying {
            pub id: u32,
            #[serde(flatten)]
            pub k: Kind,
        }

        pub struct WithOption {
            pub id: u32,
            #[serde(flatten)]
            pub k: Option<Kind>,
        }

        pub struct WithDefault {
            pub id: u32,
            #[serde(flatten, default)]
            pub k: Kind,
        }
    }
}

#[test]
fn internally_tagged_structs() {
    // 122
    macro_rules! value {
        () => {
            Flatten {
                x: X::B { b: 1 },
                y: Y::D { d: 2 },
            }
        };
    }
    ser_text!(internal, value!() => r#"{"typeX":"B","b":1,"typeY":"D","d":2}"#);
    de!(internal::Flatten, r#"{"typeY":"D","d":2,"typeX":"B","b":1}"# => value!());
    for json in orders(&[
        ("typeX", r#""B""#),
        ("b", "1"),
        ("typeY", r#""D""#),
        ("d", "2"),
    ]) {
        de!(internal::Flatten, &json => value!());
    }
}

#[test]
fn internally_tagged_unit_enum_with_unknown_fields() {
    // 123
    macro_rules! value {
        () => {
            UnitFlatten {
                x: UnitX::A,
                y: UnitY::B { c: 0 },
            }
        };
    }
    ser_text!(internal, value!() => r#"{"typeX":"A","typeY":"B","c":0}"#);
    // serde's order (its own test reads what it writes), and every other.
    for json in orders(&[("typeX", r#""A""#), ("typeY", r#""B""#), ("c", "0")]) {
        de!(internal::UnitFlatten, &json => value!());
    }
}

#[test]
fn internally_tagged_every_order() {
    // tag first / in the middle / last, the variant's fields before and after it, the
    // outer field between them
    for json in orders(&[("id", "1"), ("type", r#""B""#), ("x", "2"), ("y", "3")]) {
        de!(internal::S, &json => S { id: 1, k: Kind::B { x: 2, y: 3 } });
    }
    for json in orders(&[("id", "1"), ("type", r#""N""#), ("p", "4")]) {
        de!(internal::S, &json => S { id: 1, k: Kind::N(Payload { p: 4 }) });
    }
    for json in orders(&[("id", "1"), ("type", r#""A""#)]) {
        de!(internal::S, &json => S { id: 1, k: Kind::A });
    }
    rt_text!(internal::S, S { id: 1, k: Kind::B { x: 2, y: 3 } } => r#"{"id":1,"type":"B","x":2,"y":3}"#);
    ser_text!(internal, S { id: 1, k: Kind::N(Payload { p: 4 }) } => r#"{"id":1,"type":"N","p":4}"#);
    ser_text!(internal, S { id: 1, k: Kind::A } => r#"{"id":1,"type":"A"}"#);
}

#[test]
fn internally_tagged_errors() {
    // single-fault inputs
    de_err!(internal::S, r#"{"id":1}"# => "missing field `type`");
    de_err!(internal::S, r#"{"id":1,"x":1}"# => "missing field `type`");
    de_err!(internal::S, r#"{"id":1,"type":"Z"}"# => "unknown variant `Z`, expected one of `A`, `B`, `N`");
    de_err!(internal::S, r#"{"id":1,"type":"B","x":1}"# => "missing field `y`");
    de_err!(internal::S, r#"{"id":1,"x":"s","type":"B","y":1}"# => r#"invalid type: string "s", expected u8"#);
    de_err!(internal::S, r#"{"id":1,"type":"B","x":"s","y":1}"# => r#"invalid type: string "s", expected u8"#);
    de_err!(internal::S, r#"{"id":1,"type":"A","type":"A"}"# => "duplicate field `type`");
    de_err!(internal::S, r#"{"type":"A"}"# => "missing field `id`");
    de!(internal::S, r#"{"id":1,"type":"A","x":1}"# => S { id: 1, k: Kind::A });
}

#[test]
fn serde_json_1274_integer_tag() {
    // 129, difference (serde-json#1274, open: "Enum internal tag representation seems
    // inconsistent"): serde reads a flattened internally tagged enum's integer tag as the
    // variant's index (its buffer answers `deserialize_identifier` with the number), and
    // rejects it when the enum is not flattened; FastFlatten rejects it in both places.
    let input = r#"{"type":0,"id":1}"#;
    assert_eq!(
        ours!(internal::S, input),
        Err("invalid type: integer `0`, expected variant identifier".to_owned())
    );
    assert_eq!(
        theirs!(internal::S, input),
        Ok("S { id: 1, k: A }".to_owned())
    );
}

#[test]
fn serde_1358_deny_unknown_fields_accepts_the_tag() {
    // 128, intended difference (serde#1358, serde#2984): with `deny_unknown_fields` on the
    // outer struct, FastFlatten accepts the flattened enum's tag and its variant's fields;
    // serde rejects the tag.
    for json in [
        r#"{"id":1,"type":"A"}"#,
        r#"{"type":"B","x":1,"y":2,"id":1}"#,
        r#"{"id":1,"p":3,"type":"N"}"#,
    ] {
        assert!(ours!(internal::Denying, json).is_ok(), "{json}");
    }
    assert_eq!(
        theirs!(internal::Denying, r#"{"type":"A","id":1}"#),
        Err("unknown field `type`".to_owned())
    );
    assert_eq!(
        theirs!(internal::Denying, r#"{"x":1,"type":"B","y":2,"id":1}"#),
        Err("unknown field `x`".to_owned())
    );
    // Keys that neither the outer struct nor the chosen variant has are still rejected.
    assert_eq!(
        ours!(internal::Denying, r#"{"id":1,"type":"A","zz":1}"#)
            .map_err(|e| e.starts_with("unknown field `zz`")),
        Err(true)
    );
}

#[test]

fn deny_unknown_fields_rejects_other_variants_fields() {
    // `x` belongs to `B`, not to the chosen `A`
    assert_eq!(
        ours!(internal::Denying, r#"{"id":1,"type":"A","x":1}"#)
            .map_err(|e| e.starts_with("unknown field `x`")),
        Err(true)
    );
}

#[test]
fn serde_2349_flattened_option_errors() {
    // 130 (serde#1880, serde#2349): a flattened `Option<Enum>` is `None` whenever the enum does
    // not read, as serde reads it; with a strict enum, `None` only when none of the enum's
    // keys appears, otherwise the enum's error.
    de!(internal::WithOption, r#"{"id":1}"# => WithOption { id: 1, k: None });
    rt_text!(internal::WithOption, WithOption { id: 1, k: Some(Kind::B { x: 1, y: 2 }) } => r#"{"id":1,"type":"B","x":1,"y":2}"#);
    for (json, error) in [
        (
            r#"{"id":1,"type":"Z"}"#,
            "unknown variant `Z`, expected one of `A`, `B`, `N`",
        ),
        (r#"{"id":1,"type":"B","x":1}"#, "missing field `y`"),
        (r#"{"id":1,"x":1}"#, "missing field `type`"),
        (
            r#"{"id":1,"type":"B","x":"1","y":2}"#,
            r#"invalid type: string "1", expected u8"#,
        ),
    ] {
        de!(internal::WithOption, json => WithOption { id: 1, k: None });
        assert_eq!(
            ours!(internal_strict::WithOption, json),
            Err(error.to_owned()),
            "{json}"
        );
    }
    assert_eq!(
        ours!(internal_strict::WithOption, r#"{"id":1}"#),
        Ok("WithOption { id: 1, k: None }".to_owned())
    );
}

twins! {
    strict mod internal_strict {
        #[serde(tag = "type")]
        pub enum Kind {
            A,
            B { x: u8, y: u8 },
            N(Payload),
        }

        pub struct Payload {
            pub p: u8,
        }

        pub struct WithOption {
            pub id: u32,
            #[serde(flatten)]
            pub k: Option<Kind>,
        }
    }
}

#[test]
fn serde_1626_flatten_default() {
    // 131, intended difference (serde#1626, serde#2707): `#[serde(flatten, default)]` on an
    // enum gives the default when none of its keys appears; serde ignores `default` there.
    assert_eq!(
        ours!(internal::WithDefault, r#"{"id":1}"#),
        Ok("WithDefault { id: 1, k: A }".to_owned())
    );
    assert_eq!(
        theirs!(internal::WithDefault, r#"{"id":1}"#),
        Err("missing field `type`".to_owned())
    );
    de!(internal::WithDefault, r#"{"id":1,"type":"B","x":1,"y":2}"# => WithDefault { id: 1, k: Kind::B { x: 1, y: 2 } });
    de_err!(internal::WithDefault, r#"{"id":1,"type":"B","x":1}"# => "missing field `y`");
}

twins! {
    mod options {
        pub struct External {
            pub id: u32,
            #[serde(flatten)]
            pub k: Option<Kind>,
        }

        #[serde(deny_unknown_fields)]
        pub struct ExternalDenying {
            pub id: u32,
            #[serde(flatten)]
            pub k: Option<Kind>,
        }

        #[derive(Default)]
        pub enum Kind {
            A(u8),
            #[default]
            B,
        }

        pub struct Adjacent {
            pub id: u32,
            #[serde(flatten)]
            pub k: Option<Tagged>,
        }

        #[serde(tag = "t", content = "c")]
        pub enum Tagged {
            A(u8),
            B,
        }

        pub struct ExternalDefault {
            pub id: u32,
            #[serde(flatten, default)]
            pub k: Kind,
        }
    }
}

#[test]
fn serde_2349_flattened_option_errors_other_representations() {
    // 130 (serde#1880, serde#2349), externally and adjacently tagged: `None` where the enum does
    // not read, as serde reads it; the enum's error where it is strict.
    de!(options::External, r#"{"id":1}"# => External { id: 1, k: None });
    de!(options::External, r#"{"id":1,"A":2}"# => External { id: 1, k: Some(Kind::A(2)) });
    de!(options::Adjacent, r#"{"id":1}"# => Adjacent { id: 1, k: None });
    de!(options::Adjacent, r#"{"c":2,"id":1,"t":"A"}"# => Adjacent { id: 1, k: Some(Tagged::A(2)) });
    let (json, error) = (
        r#"{"id":1,"A":"bad"}"#,
        r#"invalid type: string "bad", expected u8"#,
    );
    de!(options::External, json => External { id: 1, k: None });
    assert_eq!(ours!(options_strict::External, json), Err(error.to_owned()));
    // serde consumed the entry before failing: no "unknown field" under deny either.
    de!(options::ExternalDenying, json => ExternalDenying { id: 1, k: None });
    assert_eq!(
        ours!(options_strict::ExternalDenying, json),
        Err(error.to_owned())
    );
    for (json, error) in [
        (
            r#"{"id":1,"t":"Z"}"#,
            "unknown variant `Z`, expected `A` or `B`",
        ),
        (r#"{"id":1,"t":"A"}"#, "missing field `c`"),
        (r#"{"id":1,"c":1}"#, "missing field `t`"),
    ] {
        de!(options::Adjacent, json => Adjacent { id: 1, k: None });
        assert_eq!(
            ours!(options_strict::Adjacent, json),
            Err(error.to_owned()),
            "{json}"
        );
    }
}

twins! {
    strict mod options_strict {
        pub struct External {
            pub id: u32,
            #[serde(flatten)]
            pub k: Option<Kind>,
        }

        #[serde(deny_unknown_fields)]
        pub struct ExternalDenying {
            pub id: u32,
            #[serde(flatten)]
            pub k: Option<Kind>,
        }

        pub enum Kind {
            A(u8),
            B,
        }

        pub struct Adjacent {
            pub id: u32,
            #[serde(flatten)]
            pub k: Option<Tagged>,
        }

        #[serde(tag = "t", content = "c")]
        pub enum Tagged {
            A(u8),
            B,
        }
    }
}

#[test]
fn serde_1626_flatten_default_externally_tagged() {
    // 131, intended difference (serde#1626)
    assert_eq!(
        ours!(options::ExternalDefault, r#"{"id":1}"#),
        Ok("ExternalDefault { id: 1, k: B }".to_owned())
    );
    assert_eq!(
        theirs!(options::ExternalDefault, r#"{"id":1}"#),
        Err("no variant of enum Kind found in flattened data".to_owned())
    );
    de!(options::ExternalDefault, r#"{"id":1,"A":3}"# => ExternalDefault { id: 1, k: Kind::A(3) });
}

twins! {
    /// test_annotations.rs `flatten::enum_::untagged` and more.
    mod untagged {
        pub struct Flatten {
            #[serde(flatten)]
            pub data: Enum,
        }

        #[serde(untagged)]
        pub enum Enum {
            Struct { a: i32 },
        }

        pub struct S {
            pub id: u32,
            #[serde(flatten)]
            pub e: E,
        }

        #[serde(untagged)]
        pub enum E {
            Pair { x: u8, y: u8 },
            One { x: u8 },
            P(Payload),
        }

        pub struct Payload {
            pub p: String,
        }

        pub struct WithUnit {
            pub id: u32,
            #[serde(flatten)]
            pub e: WithUnitVariant,
        }

        #[serde(untagged)]
        pub enum WithUnitVariant {
            S { s: u8 },
            U,
        }

        pub struct Primitive {
            pub id: u32,
            #[serde(flatten)]
            pub e: PrimitiveVariant,
        }

        #[serde(untagged)]
        pub enum PrimitiveVariant {
            S { s: u8 },
            V(u8),
            T(u8, u8),
        }

        #[serde(deny_unknown_fields)]
        pub struct Denying {
            pub id: u32,
            #[serde(flatten)]
            pub e: E,
        }
    }
}

#[test]
fn untagged_struct() {
    // 124
    ser_text!(untagged, Flatten { data: Enum::Struct { a: 0 } } => r#"{"a":0}"#);
    de!(untagged::Flatten, r#"{"a":0}"# => Flatten { data: Enum::Struct { a: 0 } });
}

#[test]
fn untagged_every_order() {
    for json in orders(&[("id", "1"), ("x", "2"), ("y", "3")]) {
        de!(untagged::S, &json => S { id: 1, e: E::Pair { x: 2, y: 3 } });
    }
    for json in orders(&[("id", "1"), ("x", "2")]) {
        de!(untagged::S, &json => S { id: 1, e: E::One { x: 2 } });
    }
    for json in orders(&[("id", "1"), ("p", r#""q""#)]) {
        de!(untagged::S, &json => S { id: 1, e: E::P(Payload { p: "q".into() }) });
    }
    ser_text!(untagged, S { id: 1, e: E::P(Payload { p: "q".into() }) } => r#"{"id":1,"p":"q"}"#);
    de_err!(untagged::S, r#"{"id":1,"z":2}"# => "data did not match any variant of untagged enum E");
    de_err!(untagged::S, r#"{"id":1,"x":"s"}"# => "data did not match any variant of untagged enum E");
}

#[test]
fn serde_1374_flattened_untagged_unit_variant() {
    // 132: serde#1374, reproduced: a unit variant writes nothing and is never read back.
    ser_text!(untagged, WithUnit { id: 1, e: WithUnitVariant::U } => r#"{"id":1}"#);
    de_err!(untagged::WithUnit, r#"{"id":1}"# => "data did not match any variant of untagged enum WithUnitVariant");
}

#[test]
fn flattened_primitive_errors() {
    // 133 (the internally tagged case does not compile with FastFlatten: a flattened
    // internally tagged enum's newtype payloads must be FastFlatten trees)
    ser_err!(untagged, Primitive { id: 1, e: PrimitiveVariant::V(1) } => "can only flatten structs and maps (got an integer)");
}

#[test]
fn flattened_tuple_variant_error() {
    // 133
    ser_err!(untagged, Primitive { id: 1, e: PrimitiveVariant::T(1, 2) } => "can only flatten structs and maps (got a tuple)");
}

#[test]
fn serde_1600_deny_unknown_fields_with_untagged() {
    // 128, intended difference (serde#1600): with `deny_unknown_fields` on the outer struct,
    // FastFlatten accepts a flattened untagged enum's keys; serde rejects the first.
    assert_eq!(
        ours!(untagged::Denying, r#"{"x":1,"id":1}"#),
        Ok("Denying { id: 1, e: One { x: 1 } }".to_owned())
    );
    assert_eq!(
        theirs!(untagged::Denying, r#"{"x":1,"id":1}"#),
        Err("unknown field `x`".to_owned())
    );
}

#[test]
fn flattened_struct_calls() {
    // The pinned difference in calls: serde writes the outer struct as a map of unknown
    // length, FastFlatten as a struct of exact length.
    let (ours, twin) = both!(
        internal,
        S {
            id: 1,
            k: Kind::B { x: 2, y: 3 }
        }
    );
    assert_eq!(Recorder::record(&twin).unwrap()[0], "Map { len: None }");
    assert_eq!(
        Recorder::record(&ours).unwrap()[0],
        r#"Struct { name: "S", len: 4 }"#
    );
}

#[test]
fn roundtrips_on_every_format() {
    // Internally and adjacently tagged enums flattened roundtrip everywhere (serde's
    // flatten cannot write length-prefixed formats at all).
    roundtrip!(
        internal::S,
        S { id: 1, k: Kind::A },
        Needs::Nothing,
        Bytes::Own
    );
    roundtrip!(
        internal::S,
        S {
            id: 1,
            k: Kind::B { x: 2, y: 3 }
        },
        Needs::Nothing,
        Bytes::Own
    );
    roundtrip!(
        internal::S,
        S {
            id: 1,
            k: Kind::N(Payload { p: 4 })
        },
        Needs::Nothing,
        Bytes::Own
    );
    roundtrip!(
        internal::Flatten,
        Flatten {
            x: X::B { b: 1 },
            y: Y::D { d: 2 }
        },
        Needs::Nothing,
        Bytes::Own
    );
    roundtrip!(
        adjacent::Flatten,
        Flatten {
            outer: 1,
            data: Enum::Unit
        },
        Needs::Nothing,
        Bytes::Own
    );
    roundtrip!(
        adjacent::Flatten,
        Flatten {
            outer: 1,
            data: Enum::Newtype(NewtypeVariant { value: 2 })
        },
        Needs::Nothing,
        Bytes::Own
    );
    roundtrip!(
        adjacent::Flatten,
        Flatten {
            outer: 1,
            data: Enum::Struct { index: 2, value: 3 }
        },
        Needs::Nothing,
        Bytes::Own
    );
    roundtrip!(
        adjacent::Flatten,
        Flatten {
            outer: 1,
            data: Enum::Maybe(None)
        },
        Needs::Nothing,
        Bytes::Own
    );
    // Externally tagged and untagged ones need a self-describing format (by design: the
    // variant is a key, or the entries are tried as each variant).
    roundtrip!(
        external::S,
        S {
            id: 1,
            k: Kind::D { x: 2 }
        },
        Needs::OnlySelfDescribing,
        Bytes::Own
    );
    roundtrip!(
        external::S,
        S { id: 1, k: Kind::A },
        Needs::OnlySelfDescribing,
        Bytes::Own
    );
    roundtrip!(
        untagged::S,
        S {
            id: 1,
            e: E::Pair { x: 2, y: 3 }
        },
        Needs::OnlySelfDescribing,
        Bytes::Own
    );
}

#[test]
fn externally_tagged_and_untagged_on_formats_that_are_not_self_describing() {
    // FastFlatten writes a struct with a flattened externally tagged enum as a struct:
    // formats that write structs as sequences drop the key naming the variant, and reading it
    // back is an error that says so. serde writes a map of unknown length: bincode, postcard
    // and bitcode refuse it, and rmp-serde writes a map even in array mode, so serde
    // roundtrips there and FastFlatten does not. (bitcode panics "type changed" on both: a
    // map whose values are of different types.)
    use crate::common::formats::{Bincode1, Bincode2, MsgPackArray, Postcard};
    use crate::support::roundtrip_on;
    let (ours, twin) = both!(
        external,
        S {
            id: 1,
            k: Kind::D { x: 2 }
        }
    );
    let error = "the flattened externally tagged enum Kind cannot be read from a sequence: \
                 formats that write structs as sequences drop the key that names its variant";
    for result in [
        roundtrip_on::<MsgPackArray, _>(&ours),
        roundtrip_on::<Bincode1, _>(&ours),
        roundtrip_on::<Bincode2, _>(&ours),
    ] {
        assert!(
            result.as_ref().is_err_and(|e| e.contains(error)),
            "{result:?}"
        );
    }
    assert!(roundtrip_on::<Postcard, _>(&ours).is_err());
    assert!(roundtrip_on::<MsgPackArray, _>(&twin).is_ok());
    assert!(roundtrip_on::<Bincode1, _>(&twin).is_err());
    let (ours, twin) = both!(
        untagged,
        S {
            id: 1,
            e: E::Pair { x: 2, y: 3 }
        }
    );
    // A flattened untagged enum makes the whole struct a map, as in serde: the same bytes on
    // rmp-serde's array mode. The struct is then read as a map, as serde's derive reads it (so
    // that RON reads it back: `tests/derive/ron.rs`), and bincode fails as under serde's derive, with
    // its own error: its maps cannot hold keys of any type.
    assert_eq!(
        roundtrip_on::<MsgPackArray, _>(&ours),
        roundtrip_on::<MsgPackArray, _>(&twin)
    );
    assert!(roundtrip_on::<Bincode1, _>(&twin).is_err());
    for (result, error) in [
        (
            roundtrip_on::<Bincode1, _>(&ours),
            "does not support Deserializer::deserialize_identifier",
        ),
        (roundtrip_on::<Bincode2, _>(&ours), "IdentifierNotSupported"),
    ] {
        assert!(
            result.as_ref().is_err_and(|e| e.contains(error)),
            "{result:?}"
        );
    }
}

twins! {
    /// flattened enums beside other flattened fields.
    mod mixed {
        pub struct Outer {
            pub name: String,
            #[serde(flatten)]
            pub inner: Inner,
        }

        pub struct Inner {
            pub id: u32,
            #[serde(flatten)]
            pub k: Kind,
            #[serde(flatten)]
            pub meta: Meta,
        }

        pub struct Meta {
            #[serde(default)]
            pub note: Option<String>,
        }

        #[serde(tag = "type", rename_all = "snake_case")]
        pub enum Kind {
            First {
                #[serde(alias = "x_alias")]
                x: u8,
            },
            Second(Payload),
            #[serde(skip)]
            Skipped,
            Third,
        }

        pub struct Payload {
            pub p: u8,
        }

        pub struct WithCatchAll {
            pub id: u32,
            #[serde(flatten)]
            pub k: Kind,
            #[serde(flatten)]
            pub rest: BTreeMap<String, u8>,
        }

        pub struct Borrowing<'a> {
            #[serde(flatten, borrow)]
            pub k: Borrowed<'a>,
        }

        #[serde(tag = "t", content = "c")]
        pub enum Borrowed<'a> {
            S(&'a str),
            F { name: &'a str },
        }

        pub struct Generic<T> {
            pub id: u32,
            #[serde(flatten)]
            pub k: T,
        }
    }
}

#[test]
fn nested_flattened_enum() {
    // an internally tagged enum flattened two levels down, beside a flattened struct
    let value = || {
        both!(
            mixed,
            Outer {
                name: "n".into(),
                inner: Inner {
                    id: 1,
                    k: Kind::First { x: 2 },
                    meta: Meta { note: None }
                },
            }
        )
    };
    let (ours, twin) = value();
    assert_eq!(
        crate::support::same_text(&ours, &twin).as_deref(),
        Ok(r#"{"name":"n","id":1,"type":"first","x":2,"note":null}"#)
    );
    for json in orders(&[
        ("name", r#""n""#),
        ("id", "1"),
        ("type", r#""first""#),
        ("x", "2"),
    ]) {
        de!(mixed::Outer, &json => Outer {
            name: "n".into(),
            inner: Inner { id: 1, k: Kind::First { x: 2 }, meta: Meta { note: None } },
        });
    }
    de!(mixed::Outer, r#"{"x_alias":2,"name":"n","id":1,"type":"first","note":"m"}"# => Outer {
        name: "n".into(),
        inner: Inner { id: 1, k: Kind::First { x: 2 }, meta: Meta { note: Some("m".into()) } },
    });
    de!(mixed::Outer, r#"{"p":3,"name":"n","id":1,"type":"second"}"# => Outer {
        name: "n".into(),
        inner: Inner { id: 1, k: Kind::Second(Payload { p: 3 }), meta: Meta { note: None } },
    });
    de_err!(mixed::Outer, r#"{"name":"n","id":1,"type":"skipped"}"#
        => "unknown variant `skipped`, expected one of `first`, `second`, `third`");
    ser_err!(mixed, Outer { name: "n".into(), inner: Inner { id: 1, k: Kind::Skipped, meta: Meta { note: None } } }
        => "the enum variant Kind::Skipped cannot be serialized");
    roundtrip!(
        mixed::Outer,
        Outer {
            name: "n".into(),
            inner: Inner {
                id: 1,
                k: Kind::Second(Payload { p: 3 }),
                meta: Meta {
                    note: Some("m".into())
                }
            },
        },
        Needs::Nothing,
        Bytes::Own
    );
}

#[test]
fn catch_all_after_an_internally_tagged_enum_receives_its_keys_too() {
    // serde's internally tagged enum only views the entries it reads (`deserialize_any`), so a
    // catch-all map flattened after it receives the tag and the variant's fields too: here a
    // `u8` map refuses the tag's string, as under serde's derive.
    let input = r#"{"id":1,"type":"first","x":2,"z":3}"#;
    let error = r#"invalid type: string "first", expected u8"#.to_owned();
    assert_eq!(ours!(mixed::WithCatchAll, input), Err(error.clone()));
    assert_eq!(theirs!(mixed::WithCatchAll, input), Err(error));
}

#[test]
fn borrowed_flattened_enum() {
    // borrowing through a flattened adjacently tagged enum
    de!(mixed::Borrowing, r#"{"t":"S","c":"s"}"# => Borrowing { k: Borrowed::S("s") });
    de!(mixed::Borrowing, r#"{"t":"F","c":{"name":"s"}}"# => Borrowing { k: Borrowed::F { name: "s" } });
    de!(mixed::Borrowing, r#"{"c":{"name":"s"},"t":"F"}"# => Borrowing { k: Borrowed::F { name: "s" } });
    ser_text!(mixed, Borrowing { k: Borrowed::S("s") } => r#"{"t":"S","c":"s"}"#);
}

#[test]
fn generic_flattened_enum() {
    // the enum as a type parameter of the outer struct
    rt_text!(mixed::Generic<Kind>, Generic { id: 1, k: Kind::Third } => r#"{"id":1,"type":"third"}"#);
    for json in orders(&[("id", "1"), ("type", r#""first""#), ("x", "2")]) {
        de!(mixed::Generic<Kind>, &json => Generic { id: 1, k: Kind::First { x: 2 } });
    }
    roundtrip!(
        mixed::Generic<Kind>,
        Generic {
            id: 1,
            k: Kind::First { x: 2 }
        },
        Needs::Nothing,
        Bytes::Own
    );
}

twins! {
    mod untagged_option {
        pub struct S {
            pub id: u32,
            #[serde(flatten)]
            pub e: Option<E>,
        }

        #[serde(untagged)]
        pub enum E {
            Pair { x: u8, y: u8 },
        }
    }
}

#[test]
fn serde_2349_flattened_option_of_untagged() {
    // 130 (serde#1880, serde#2349), untagged: `None` whenever no variant matches, as serde
    // reads it. Strict, every key no other leaf claims belongs to the untagged enum, so any
    // such key makes it `Some` or its error, an unknown key included.
    de!(untagged_option::S, r#"{"id":1}"# => S { id: 1, e: None });
    de!(untagged_option::S, r#"{"id":1,"x":1,"y":2}"# => S { id: 1, e: Some(E::Pair { x: 1, y: 2 }) });
    for json in [r#"{"id":1,"x":1}"#, r#"{"id":1,"z":1}"#] {
        de!(untagged_option::S, json => S { id: 1, e: None });
        assert_eq!(
            ours!(untagged_option_strict::S, json),
            Err("data did not match any variant of untagged enum E".to_owned()),
            "{json}"
        );
    }
}

twins! {
    strict mod untagged_option_strict {
        pub struct S {
            pub id: u32,
            #[serde(flatten)]
            pub e: Option<E>,
        }

        #[serde(untagged)]
        pub enum E {
            Pair { x: u8, y: u8 },
        }
    }
}

twins! {
    /// 128-bit integers in the fields of a flattened internally tagged variant.
    mod wide {
        pub struct Outer {
            pub id: u32,
            #[serde(flatten)]
            pub k: Kind,
        }

        #[serde(tag = "type")]
        pub enum Kind {
            Wide { big: u128, neg: i128 },
            Small { n: u8 },
        }
    }
}

/// The bytes of an `Outer` flattening a `Wide` variant, its tag last.
#[derive(serde::Serialize)]
struct WideTagLast {
    id: u32,
    big: u128,
    neg: i128,
    #[serde(rename = "type")]
    tag: &'static str,
}

#[test]
fn wide_integers_survive_the_buffer() {
    // README's claim (buffered values row), for an internally tagged enum flattened into a
    // struct, tag last: `big` and `neg` are held until the tag, then replayed.
    use crate::internal::{read_on_wide_formats, summary, wide_rows, BIG, NEG};
    let input = WideTagLast {
        id: 1,
        big: BIG,
        neg: NEG,
        tag: "Wide",
    };
    let expected = format!(
        "{:?}",
        wide::ours::Outer {
            id: 1,
            k: wide::ours::Kind::Wide { big: BIG, neg: NEG }
        }
    );
    let outcomes = read_on_wide_formats::<_, wide::ours::Outer, wide::twin::Outer>(&input);
    let refused = format!("invalid type: integer `{BIG}` as u128, expected any value");
    let json_float = "invalid type: floating point `3.402823669209385e+38`, expected u128";
    let unsupported = "u128 is not supported";
    // As `internal::wide_integers_survive_the_buffer`: serde_json hands the number to
    // `deserialize_any` as an `f64`, rmp-serde writes 16 bytes that only `deserialize_u128`
    // reads (format limits); serde's flatten buffers the whole object and fails at
    // `deserialize_u128`, or refuses the integer outright.
    assert_eq!(
        summary(outcomes, &expected),
        wide_rows(
            (json_float, unsupported),
            ("invalid type: byte array, expected u128", unsupported),
            &refused
        )
    );
    // Tag first: nothing held, the integers read in place, on JSON too; serde's flatten
    // buffers them whatever the order.
    let json = format!(r#"{{"id":1,"type":"Wide","big":{BIG},"neg":{NEG}}}"#);
    assert_eq!(ours!(wide::Outer, &json), Ok(expected));
    assert_eq!(theirs!(wide::Outer, &json), Err(unsupported.to_owned()));
}

twins! {
    /// `#[serde(flatten, default)]` on the two representations `serde_1626_flatten_default`
    /// and `serde_1626_flatten_default_externally_tagged` leave out.
    mod defaults {
        pub struct AdjacentDefault {
            pub id: u32,
            #[serde(flatten, default)]
            pub k: Tagged,
        }

        #[derive(Default)]
        #[serde(tag = "t", content = "c")]
        pub enum Tagged {
            A(u8),
            #[default]
            B,
        }

        pub struct UntaggedDefault {
            pub id: u32,
            #[serde(flatten, default)]
            pub e: Shape,
        }

        /// `Default`: below, `Pair { x: 0, y: 0 }` (no unit variant, which an empty map
        /// might match).
        #[serde(untagged)]
        pub enum Shape {
            Pair { x: u8, y: u8 },
            One { x: u8 },
        }
    }
}

macro_rules! shape_default {
    ($($side:ident)*) => {$(
        impl Default for defaults::$side::Shape {
            fn default() -> Self {
                defaults::$side::Shape::Pair { x: 0, y: 0 }
            }
        }
    )*};
}
shape_default!(ours twin);

#[test]
fn serde_1626_flatten_default_adjacently_tagged() {
    // 131, intended difference (serde#1626), as `serde_1626_flatten_default`: the default when
    // neither the tag nor the content appears; serde ignores `default` there and asks for the
    // tag.
    assert_eq!(
        ours!(defaults::AdjacentDefault, r#"{"id":1}"#),
        Ok("AdjacentDefault { id: 1, k: B }".to_owned())
    );
    assert_eq!(
        theirs!(defaults::AdjacentDefault, r#"{"id":1}"#),
        Err("missing field `t`".to_owned())
    );
    for json in orders(&[("id", "1"), ("t", r#""A""#), ("c", "3")]) {
        de!(defaults::AdjacentDefault, &json => AdjacentDefault { id: 1, k: Tagged::A(3) });
    }
    // Once one of its keys appears, the enum is read, and fails as serde's does.
    de_err!(defaults::AdjacentDefault, r#"{"id":1,"t":"A"}"# => "missing field `c`");
    de_err!(defaults::AdjacentDefault, r#"{"id":1,"c":3}"# => "missing field `t`");
    let unknown = "unknown variant `Z`, expected `A` or `B`";
    assert_eq!(
        ours!(defaults::AdjacentDefault, r#"{"id":1,"t":"Z"}"#),
        Err(unknown.to_owned())
    );
    assert_eq!(
        theirs!(defaults::AdjacentDefault, r#"{"id":1,"t":"Z"}"#),
        Err(unknown.to_owned())
    );
    // (Not `de_err!`: on YAML, FastFlatten reads the tag in place and serde_yaml prefixes the
    // error with its path, where serde's flatten reads it from its buffer, without.)
    let yaml = "id: 1\nt: Z\n";
    assert_eq!(
        crate::support::outcome(serde_yaml::from_str::<defaults::ours::AdjacentDefault>(
            yaml
        )),
        Err(format!("t: {unknown}"))
    );
    assert_eq!(
        crate::support::outcome(serde_yaml::from_str::<defaults::twin::AdjacentDefault>(
            yaml
        )),
        Err(unknown.to_owned())
    );
    de_err!(defaults::AdjacentDefault, r#"{"c":"x","id":1,"t":"A"}"# => r#"invalid type: string "x", expected u8"#);
}

#[test]
fn serde_1626_flatten_default_untagged() {
    // 131, intended difference (serde#1626), untagged: every key no other leaf claims belongs
    // to the untagged enum (`serde_2349_flattened_option_of_untagged`); with none, the
    // default. serde tries the variants on an empty map and fails.
    assert_eq!(
        ours!(defaults::UntaggedDefault, r#"{"id":1}"#),
        Ok("UntaggedDefault { id: 1, e: Pair { x: 0, y: 0 } }".to_owned())
    );
    assert_eq!(
        theirs!(defaults::UntaggedDefault, r#"{"id":1}"#),
        Err("data did not match any variant of untagged enum Shape".to_owned())
    );
    for json in orders(&[("id", "1"), ("x", "1"), ("y", "2")]) {
        de!(defaults::UntaggedDefault, &json => UntaggedDefault { id: 1, e: Shape::Pair { x: 1, y: 2 } });
    }
    de!(defaults::UntaggedDefault, r#"{"x":1,"id":1}"# => UntaggedDefault { id: 1, e: Shape::One { x: 1 } });
    // Once an unclaimed key appears, the enum is read (the default is not a fallback), and
    // fails as serde's does; a key of no variant is one (`Pair` with a bad `y` is read as
    // `One`, its `y` ignored, by both).
    de_err!(defaults::UntaggedDefault, r#"{"id":1,"z":1}"# => "data did not match any variant of untagged enum Shape");
    de_err!(defaults::UntaggedDefault, r#"{"id":1,"y":2}"# => "data did not match any variant of untagged enum Shape");
    de!(defaults::UntaggedDefault, r#"{"x":1,"id":1,"y":"bad"}"# => UntaggedDefault { id: 1, e: Shape::One { x: 1 } });
}

pub use crate::internal::{distance, Distance, Km, Measure};

twins! {
    /// `#[serde(bound(...))]` on a generic externally tagged enum and on the struct flattening
    /// it, needed by both derives as in `internal::bounded` (`Distance<M>` needs
    /// `M: Measure`). Read standalone and flattened.
    mod bounded {
        #[serde(bound(serialize = "M: Measure", deserialize = "M: Measure"))]
        pub enum Leg<M> {
            Walk { distance: Distance<M> },
            Ride(Distance<M>),
            Then(Distance<M>, Box<Leg<M>>),
            Rest,
        }

        #[serde(bound = "M: Measure")]
        pub struct Trip<M> {
            pub id: u32,
            #[serde(flatten)]
            pub leg: Leg<M>,
        }
    }
}

#[test]
fn bound_attribute_on_generic_externally_tagged_enum() {
    // serde's `bound`: compiles and roundtrips with `M = Km`, standalone and flattened
    // (the struct needs its own `bound`: serde's would infer `M: Serialize`).
    rt!(bounded::Leg<Km>, Leg::Walk { distance: distance(5) } => r#"{"Walk":{"distance":"5km"}}"#);
    rt!(bounded::Leg<Km>, Leg::Ride(distance(7)) => r#"{"Ride":"7km"}"#);
    rt!(bounded::Leg<Km>, Leg::Rest => r#""Rest""#);
    rt!(bounded::Leg<Km>, Leg::Then(distance(1), Box::new(Leg::Ride(distance(2))))
        => r#"{"Then":["1km",{"Ride":"2km"}]}"#);
    de_err!(bounded::Leg<Km>, r#"{"Ride":"7mi"}"# => "expected a distance in km");
    roundtrip!(
        bounded::Leg<Km>,
        Leg::Walk {
            distance: distance(5)
        }
    );
    roundtrip!(bounded::Leg<Km>, Leg::Ride(distance(7)));
    roundtrip!(
        bounded::Leg<Km>,
        Leg::Then(distance(1), Box::new(Leg::Rest))
    );
    rt_text!(bounded::Trip<Km>, Trip { id: 1, leg: Leg::Ride(distance(7)) } => r#"{"id":1,"Ride":"7km"}"#);
    for json in orders(&[("id", "1"), ("Walk", r#"{"distance":"5km"}"#)]) {
        de!(bounded::Trip<Km>, &json => Trip { id: 1, leg: Leg::Walk { distance: distance(5) } });
    }
    roundtrip!(
        bounded::Trip<Km>,
        Trip {
            id: 1,
            leg: Leg::Walk {
                distance: distance(5)
            }
        },
        // the variant is a key, which formats writing structs as sequences drop (by design)
        Needs::OnlySelfDescribing,
        Bytes::Own
    );
}
