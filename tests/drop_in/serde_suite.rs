//! Cases of serde's own test suite (`test_suite/tests/`, token-level, with `serde_test`) that a
//! derive reading the format differently from serde's would fail: re-declared with FastFlatten
//! and read from the same tokens. FastFlatten writes a struct with flattened fields as a struct
//! (`serialize_struct`, so that formats writing structs as sequences can hold it) where serde's
//! derive writes a map of unknown length: its own tokens are checked beside.

use serde_fastkit::FastFlatten;
use serde_test::{assert_de_tokens, assert_ser_tokens, Token};

/// `test_macros.rs`, `test_internally_tagged_struct_with_flattened_field`: the tag of an
/// adjacently tagged enum flattened into a struct is read as serde's flatten reads it from its
/// buffer (a string names the variant), not with `deserialize_enum`.
#[test]
fn internally_tagged_struct_with_flattened_field() {
    #[derive(FastFlatten, Debug, PartialEq)]
    #[serde(tag = "tag_struct")]
    pub struct Struct {
        #[serde(flatten)]
        pub flat: Enum,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    #[serde(tag = "tag_enum", content = "content")]
    pub enum Enum {
        A(u64),
    }

    assert_de_tokens(
        &Struct { flat: Enum::A(0) },
        &[
            Token::Map { len: None },
            Token::Str("tag_struct"),
            Token::Str("Struct"),
            Token::Str("tag_enum"),
            Token::UnitVariant {
                name: "Enum",
                variant: "A",
            },
            Token::Str("content"),
            Token::U64(0),
            Token::MapEnd,
        ],
    );
    assert_ser_tokens(
        &Struct { flat: Enum::A(0) },
        &[
            Token::Struct {
                name: "Struct",
                len: 3,
            },
            Token::Str("tag_struct"),
            Token::Str("Struct"),
            Token::Str("tag_enum"),
            Token::UnitVariant {
                name: "Enum",
                variant: "A",
            },
            Token::Str("content"),
            Token::U64(0),
            Token::StructEnd,
        ],
    );

    assert_de_tokens(
        &Struct { flat: Enum::A(0) },
        &[
            Token::Map { len: None },
            Token::Str("tag_enum"),
            Token::Str("A"),
            Token::Str("content"),
            Token::U64(0),
            Token::MapEnd,
        ],
    );
}

/// `test_enum_adjacently_tagged.rs`, `struct_with_flatten`: reading an adjacently tagged enum
/// does not ask the format `is_human_readable()` (serde_test's deserializer panics when asked
/// unless the test is configured), as serde's derive does not.
#[test]
fn adjacently_tagged_struct_with_flatten() {
    #[derive(FastFlatten, PartialEq, Debug)]
    #[serde(tag = "t", content = "c")]
    enum Data {
        A {
            a: i32,
            #[serde(flatten)]
            flat: Flat,
        },
    }

    #[derive(FastFlatten, PartialEq, Debug)]
    struct Flat {
        b: i32,
    }

    let data = Data::A {
        a: 0,
        flat: Flat { b: 0 },
    };

    assert_de_tokens(
        &data,
        &[
            Token::Struct {
                name: "Data",
                len: 2,
            },
            Token::Str("t"),
            Token::UnitVariant {
                name: "Data",
                variant: "A",
            },
            Token::Str("c"),
            Token::Map { len: None },
            Token::Str("a"),
            Token::I32(0),
            Token::Str("b"),
            Token::I32(0),
            Token::MapEnd,
            Token::StructEnd,
        ],
    );
    assert_ser_tokens(
        &data,
        &[
            Token::Struct {
                name: "Data",
                len: 2,
            },
            Token::Str("t"),
            Token::UnitVariant {
                name: "Data",
                variant: "A",
            },
            Token::Str("c"),
            Token::Struct { name: "A", len: 2 },
            Token::Str("a"),
            Token::I32(0),
            Token::Str("b"),
            Token::I32(0),
            Token::StructEnd,
            Token::StructEnd,
        ],
    );
}
