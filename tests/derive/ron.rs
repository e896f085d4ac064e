//! RON writes a map (`{"k": 1}`) and a struct (`(k: 1)`) differently and reads each only where
//! it was asked for: a tree must be read the way it is written. A tree with a catch-all map is
//! written as a map, as serde's derive writes a struct with flattened fields, so it is read as
//! one, and an externally tagged struct variant holding one is a newtype variant holding a map,
//! as with serde. Each value is checked against its serde-derived twin both ways.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_fastkit::FastFlatten;

#[derive(FastFlatten, Debug, PartialEq)]
struct Meta {
    kind: String,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct WithRest {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
    #[serde(flatten)]
    rest: BTreeMap<String, u32>,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct NoRest {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
}

#[derive(FastFlatten, Debug, PartialEq)]
enum External {
    WithRest {
        id: u32,
        #[serde(flatten)]
        rest: BTreeMap<String, u32>,
    },
    Plain {
        id: u32,
    },
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    WithRest {
        id: u32,
        #[serde(flatten)]
        rest: BTreeMap<String, u32>,
    },
}

mod twin {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Meta {
        pub kind: String,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct WithRest {
        pub id: u32,
        #[serde(flatten)]
        pub meta: Meta,
        #[serde(flatten)]
        pub rest: BTreeMap<String, u32>,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub enum External {
        WithRest {
            id: u32,
            #[serde(flatten)]
            rest: BTreeMap<String, u32>,
        },
        Plain {
            id: u32,
        },
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        WithRest {
            id: u32,
            #[serde(flatten)]
            rest: BTreeMap<String, u32>,
        },
    }
}

fn rest() -> BTreeMap<String, u32> {
    BTreeMap::from([("extra".to_owned(), 7)])
}

/// `fast` and `serde` (the same value) write the same RON, and each reads the other's.
fn same_both_ways<F, S>(fast: F, serde: S)
where
    F: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
    S: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let written = ron::to_string(&fast).unwrap();
    assert_eq!(written, ron::to_string(&serde).unwrap());
    assert_eq!(ron::from_str::<F>(&written).unwrap(), fast);
    assert_eq!(ron::from_str::<S>(&written).unwrap(), serde);
}

#[test]
fn a_tree_with_a_catch_all_is_written_and_read_as_a_map() {
    let fast = WithRest {
        id: 1,
        meta: Meta { kind: "a".into() },
        rest: rest(),
    };
    let serde = twin::WithRest {
        id: 1,
        meta: twin::Meta { kind: "a".into() },
        rest: rest(),
    };
    assert_eq!(
        ron::to_string(&fast).unwrap(),
        r#"{"id":1,"kind":"a","extra":7}"#
    );
    same_both_ways(fast, serde);
}

#[test]
fn an_externally_tagged_struct_variant_with_a_catch_all_is_a_newtype_variant_of_a_map() {
    let fast = External::WithRest {
        id: 1,
        rest: rest(),
    };
    let serde = twin::External::WithRest {
        id: 1,
        rest: rest(),
    };
    assert_eq!(
        ron::to_string(&fast).unwrap(),
        r#"WithRest({"id":1,"extra":7})"#
    );
    same_both_ways(fast, serde);
    same_both_ways(External::Plain { id: 2 }, twin::External::Plain { id: 2 });
}

#[test]
fn adjacently_tagged_content_with_a_catch_all_is_a_map() {
    let fast = Adjacent::WithRest {
        id: 1,
        rest: rest(),
    };
    let serde = twin::Adjacent::WithRest {
        id: 1,
        rest: rest(),
    };
    same_both_ways(fast, serde);
}

/// Without a catch-all, FastFlatten writes a struct where serde's derive writes a map (README,
/// "How it works": one `serialize_struct` with the exact field count, which length-prefixed
/// formats need). On RON that is `(..)` against `{..}`: each derive reads its own.
#[test]
fn a_tree_without_a_catch_all_is_a_struct() {
    let value = NoRest {
        id: 1,
        meta: Meta { kind: "a".into() },
    };
    let written = ron::to_string(&value).unwrap();
    assert_eq!(written, r#"(id:1,kind:"a")"#);
    assert_eq!(ron::from_str::<NoRest>(&written).unwrap(), value);
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: i32,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
enum StrictVariant {
    V { a: i32 },
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct StrictTree {
    a: i32,
    #[serde(flatten)]
    meta: Meta,
}

mod strict_twin {
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub struct Strict {
        pub a: i32,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    pub enum StrictVariant {
        V { a: i32 },
    }
}

/// An unknown field is serde's `Error::unknown_field` (RON answers it with its own
/// `NoSuchStructField`, not a message), with the same names as under serde's derive.
#[test]
fn an_unknown_field_is_the_formats_unknown_field_error() {
    let ours = ron::from_str::<Strict>("(a: 1, b: 2)").unwrap_err();
    let serde = ron::from_str::<strict_twin::Strict>("(a: 1, b: 2)").unwrap_err();
    assert_eq!(ours, serde);
    assert!(
        matches!(ours.code, ron::Error::NoSuchStructField { .. }),
        "{ours}"
    );
    let ours = ron::from_str::<StrictVariant>("V(a: 1, b: 2)").unwrap_err();
    let serde = ron::from_str::<strict_twin::StrictVariant>("V(a: 1, b: 2)").unwrap_err();
    assert_eq!(ours, serde);
    // A tree: every name it reads, as serde's derive of the flat struct would list them.
    let error = ron::from_str::<StrictTree>(r#"(a: 1, kind: "k", b: 2)"#).unwrap_err();
    assert!(
        matches!(&error.code, ron::Error::NoSuchStructField { expected, found, .. }
            if *expected == ["a", "kind"] && found == "b"),
        "{error}"
    );
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Holder {
    x: u32,
    #[serde(flatten)]
    kind: Kind,
}

#[derive(FastFlatten, Debug, PartialEq)]
enum Kind {
    #[serde(rename = "Named")]
    Struct { index: u32, value: u32 },
}

/// A flattened externally tagged struct variant is read as a struct named as the variant is
/// written (it was read without a name, which RON refuses when its struct names are on). The
/// holder itself is a struct, where serde's derive writes a map: on RON each derive reads its
/// own text (README, Known limits).
#[test]
fn a_flattened_struct_variant_is_read_under_its_name() {
    let config = ron::ser::PrettyConfig::new().struct_names(true);
    let value = Holder {
        x: 1,
        kind: Kind::Struct {
            index: 0,
            value: 42,
        },
    };
    let written = ron::ser::to_string_pretty(&value, config).unwrap();
    assert!(written.contains("Named: Named("), "{written}");
    assert_eq!(ron::from_str::<Holder>(&written).unwrap(), value);
}
