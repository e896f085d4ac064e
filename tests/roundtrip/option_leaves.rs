//! Structs whose every field is an `Option` (no container default, nothing flattened in them)
//! are built in place, as structs with a container default are: the state is the value, every
//! field starting as `None` (serde's value for an absent `Option`), and a bit per leaf catching
//! duplicates. These tests pin that nothing serde users can see moved: absent, present and
//! `null` leaves, a field `default` called exactly once per absent field, aliases, duplicate keys
//! and wrong types, against serde's derive of the same fields (flat, every leaf at top level) on
//! every self-describing format of the table, where keys are names.

use std::cell::Cell;

use crate::common::formats::{visit_formats, FormatVisitor};
use crate::format::Format;

thread_local! {
    /// Calls of `fallback`, on this thread (each test runs on its own).
    static FALLBACKS: Cell<usize> = const { Cell::new(0) };
}

/// The `default` of `c`, counted.
fn fallback() -> Option<String> {
    FALLBACKS.with(|n| n.set(n.get() + 1));
    Some("fallback".to_owned())
}

/// `fallback`'s calls made by `f`.
fn fallbacks_of<R>(f: impl FnOnce() -> R) -> (R, usize) {
    FALLBACKS.with(|n| n.set(0));
    let result = f();
    (result, FALLBACKS.with(Cell::get))
}

mod fast {
    use serde_fastkit::FastFlatten;

    use super::fallback;

    /// A record flattening two structs of optional leaves, each built in place.
    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Outer {
        pub id: u32,
        #[serde(flatten)]
        pub opts: Opts,
        #[serde(flatten)]
        pub more: More,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Opts {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub a: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub b: std::option::Option<u64>,
        #[serde(default = "fallback", skip_serializing_if = "Option::is_none")]
        pub c: Option<String>,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct More {
        #[serde(alias = "dee", skip_serializing_if = "Option::is_none")]
        pub d: Option<Vec<String>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub e: Option<bool>,
    }
}

mod twin {
    use serde::{Deserialize, Serialize};

    use super::fallback;

    /// `fast::Outer`'s fields at top level, with serde's derive.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Outer {
        pub id: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub a: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub b: Option<u64>,
        #[serde(default = "fallback", skip_serializing_if = "Option::is_none")]
        pub c: Option<String>,
        #[serde(alias = "dee", skip_serializing_if = "Option::is_none")]
        pub d: Option<Vec<String>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub e: Option<bool>,
    }

    impl From<Outer> for super::fast::Outer {
        fn from(o: Outer) -> Self {
            super::fast::Outer {
                id: o.id,
                opts: super::fast::Opts {
                    a: o.a,
                    b: o.b,
                    c: o.c,
                },
                more: super::fast::More { d: o.d, e: o.e },
            }
        }
    }
}

/// Records with every combination of the five leaves set or absent.
fn values() -> Vec<fast::Outer> {
    (0..32u32)
        .map(|bits| {
            let set = |bit: u32| bits & (1 << bit) != 0;
            fast::Outer {
                id: bits,
                opts: fast::Opts {
                    a: set(0).then(|| format!("a{bits}")),
                    b: set(1).then_some(u64::from(bits) << 40),
                    c: set(2).then(|| format!("c{bits}")),
                },
                more: fast::More {
                    d: set(3).then(|| vec!["x".to_owned(), format!("d{bits}")]),
                    e: set(4).then_some(bits % 2 == 0),
                },
            }
        })
        .collect()
}

#[test]
fn absent_and_present_leaves_read_as_serde_reads_them_on_every_format() {
    struct Check {
        checked: usize,
    }

    impl FormatVisitor for Check {
        fn visit<F: Format>(&mut self) {
            if !(F::PROPERTIES.self_describing && F::PROPERTIES.keys_are_names) {
                return;
            }
            self.checked += 1;
            let written = values();
            let bytes = F::encode(&written).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
            let (read, calls) = fallbacks_of(|| {
                F::decode::<Vec<fast::Outer>>(&bytes).unwrap_or_else(|e| panic!("{}: {e}", F::NAME))
            });
            let (twin, twin_calls) = fallbacks_of(|| {
                F::decode::<Vec<twin::Outer>>(&bytes).unwrap_or_else(|e| panic!("{}: {e}", F::NAME))
            });
            let twin: Vec<fast::Outer> = twin.into_iter().map(Into::into).collect();
            assert_eq!(read, twin, "{}", F::NAME);
            let absent_c = written.iter().filter(|v| v.opts.c.is_none()).count();
            assert_eq!(
                calls,
                absent_c,
                "{}: `fallback` once per absent `c`",
                F::NAME
            );
            assert_eq!(twin_calls, calls, "{}: serde calls it as often", F::NAME);
            for (read, written) in read.iter().zip(&written) {
                let mut expected = written.clone();
                expected.opts.c.get_or_insert_with(|| "fallback".to_owned());
                assert_eq!(read, &expected, "{}", F::NAME);
            }
        }
    }

    let mut check = Check { checked: 0 };
    visit_formats(&mut check);
    assert!(check.checked > 0, "no format checked");
}

/// Reads `json` with FastFlatten and serde's twin: the same value, or the same error text.
fn same_as_serde(json: &str) -> Result<fast::Outer, String> {
    let (fast, fast_calls) = fallbacks_of(|| serde_json::from_str::<fast::Outer>(json));
    let (twin, twin_calls) = fallbacks_of(|| serde_json::from_str::<twin::Outer>(json));
    assert_eq!(fast_calls, twin_calls, "{json}: `fallback` calls");
    match (fast, twin) {
        (Ok(fast), Ok(twin)) => {
            assert_eq!(fast, fast::Outer::from(twin), "{json}");
            Ok(fast)
        }
        (Err(fast), Err(twin)) => {
            assert_eq!(fast.to_string(), twin.to_string(), "{json}");
            Err(fast.to_string())
        }
        (fast, twin) => panic!("{json}: FastFlatten {fast:?}, serde {twin:?}"),
    }
}

#[test]
fn null_is_none_and_an_empty_object_takes_the_field_default() {
    let read = same_as_serde(r#"{"id":1,"a":null,"b":null,"c":null,"d":null,"e":null}"#).unwrap();
    assert_eq!((read.opts.a, read.opts.c, read.more.d), (None, None, None));
    let read = same_as_serde(r#"{"id":2}"#).unwrap();
    assert_eq!(read.opts.c.as_deref(), Some("fallback"));
    assert_eq!((read.opts.a, read.opts.b, read.more.e), (None, None, None));
}

#[test]
fn duplicate_keys_and_aliases_are_serdes_errors() {
    let error = same_as_serde(r#"{"id":1,"a":"x","b":2,"a":"y"}"#).unwrap_err();
    assert!(error.starts_with("duplicate field `a`"), "{error}");
    let error = same_as_serde(r#"{"id":1,"dee":["x"],"d":["y"]}"#).unwrap_err();
    assert!(error.starts_with("duplicate field `d`"), "{error}");
    let error = same_as_serde(r#"{"c":null,"id":1,"c":"again"}"#).unwrap_err();
    assert!(error.starts_with("duplicate field `c`"), "{error}");
}

#[test]
fn wrong_types_unknown_keys_and_missing_required_fields_are_serdes() {
    let error = same_as_serde(r#"{"id":1,"b":"text"}"#).unwrap_err();
    assert!(
        error.starts_with("invalid type: string \"text\""),
        "{error}"
    );
    let read = same_as_serde(r#"{"unknown":[1,2],"id":3,"e":true}"#).unwrap();
    assert_eq!(read.more.e, Some(true));
    let error = same_as_serde(r#"{"a":"x"}"#).unwrap_err();
    assert!(error.starts_with("missing field `id`"), "{error}");
}

/// An enum's struct variant of optional fields only is built in place as well (its hidden
/// struct): internally and externally tagged, against serde's derive of the same enum.
#[test]
fn struct_variants_of_options_read_as_serdes() {
    mod fast_enum {
        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        #[serde(tag = "type")]
        pub enum Internal {
            Sparse { a: Option<String>, b: Option<u8> },
        }

        #[derive(serde_fastkit::FastFlatten, Debug, PartialEq)]
        pub enum External {
            Sparse { a: Option<String>, b: Option<u8> },
        }
    }
    mod twin_enum {
        #[derive(serde::Deserialize, Debug, PartialEq)]
        #[serde(tag = "type")]
        pub enum Internal {
            Sparse { a: Option<String>, b: Option<u8> },
        }

        #[derive(serde::Deserialize, Debug, PartialEq)]
        pub enum External {
            Sparse { a: Option<String>, b: Option<u8> },
        }
    }
    // Values and error texts; the position is left out (serde's derive reports a buffered
    // internally tagged enum's errors at no position, FastFlatten at the bad value).
    fn shown<T: std::fmt::Debug>(read: Result<T, serde_json::Error>) -> String {
        match read {
            Ok(value) => format!("{value:?}"),
            Err(error) => {
                let text = error.to_string();
                text.split(" at line").next().unwrap_or_default().to_owned()
            }
        }
    }
    for json in [
        r#"{"type":"Sparse"}"#,
        r#"{"b":3,"type":"Sparse"}"#,
        r#"{"type":"Sparse","a":"x","b":null}"#,
        r#"{"type":"Sparse","a":"x","a":"y"}"#,
        r#"{"type":"Sparse","b":"text"}"#,
    ] {
        let fast = shown(serde_json::from_str::<fast_enum::Internal>(json));
        let twin = shown(serde_json::from_str::<twin_enum::Internal>(json));
        assert_eq!(fast, twin, "{json}");
    }
    for json in [
        r#"{"Sparse":{}}"#,
        r#"{"Sparse":{"b":3}}"#,
        r#"{"Sparse":{"a":"x","b":null}}"#,
        r#"{"Sparse":{"a":"x","a":"y"}}"#,
    ] {
        let fast = shown(serde_json::from_str::<fast_enum::External>(json));
        let twin = shown(serde_json::from_str::<twin_enum::External>(json));
        assert_eq!(fast, twin, "{json}");
    }
}

/// A CBOR `undefined` (simple value 23) where an optional leaf is decides as it does for the flat
/// struct (`twin::Outer`), on both CBOR crates: ciborium reads it as `None`, serde_cbor gives an
/// `Option` field `None` only for `null` and refuses `undefined` as the leaf's type. serde's
/// flatten holds the value in its buffer as unit, and unit replays as `None`, so it reads `None`
/// on both: a difference the fuzz check names ("CBOR undefined for an optional field",
/// `tests/shared/fuzz_check.rs`), found by the `cbor` fuzz target.
#[test]
fn cbor_undefined_for_an_optional_leaf_reads_as_the_flat_struct() {
    #[derive(serde::Deserialize, Debug)]
    struct SerdeFlattened {
        id: u32,
        #[serde(flatten)]
        opts: SerdeOpts,
    }
    #[derive(serde::Deserialize, Debug)]
    struct SerdeOpts {
        a: Option<String>,
    }

    // {"id": 1, "a": undefined}
    let bytes = [0xa2, 0x62, b'i', b'd', 0x01, 0x61, b'a', 0xf7];

    let fast = ciborium::from_reader::<fast::Outer, _>(&bytes[..]).map_err(|e| e.to_string());
    let flat = ciborium::from_reader::<twin::Outer, _>(&bytes[..]).map_err(|e| e.to_string());
    assert_eq!(fast, flat.map(fast::Outer::from), "ciborium");
    assert_eq!(fast.unwrap().opts.a, None, "ciborium");

    let fast = serde_cbor::from_slice::<fast::Outer>(&bytes).map_err(|e| e.to_string());
    let flat = serde_cbor::from_slice::<twin::Outer>(&bytes).map_err(|e| e.to_string());
    assert_eq!(fast, flat.map(fast::Outer::from), "serde_cbor");
    assert_eq!(
        fast.unwrap_err(),
        "invalid type: null, expected a string",
        "serde_cbor"
    );

    let serde = ciborium::from_reader::<SerdeFlattened, _>(&bytes[..]).map(|o| (o.id, o.opts.a));
    assert_eq!(serde.unwrap(), (1, None), "ciborium: serde's flatten");
    let serde = serde_cbor::from_slice::<SerdeFlattened>(&bytes).map(|o| (o.id, o.opts.a));
    assert_eq!(serde.unwrap(), (1, None), "serde_cbor: serde's flatten");
}
