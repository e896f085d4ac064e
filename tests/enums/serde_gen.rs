//! Shapes of serde's compile-only test (`test_suite/tests/test_gen.rs`) that FastFlatten failed to
//! compile where serde's derive compiles them, each now compiled for both twins and checked
//! against serde's output and reading:
//! - an enum without variants (`match self {}` on a reference is not exhaustive);
//! - a field's own `bound` beside the container's (serde adds both; `bound = ""` adds none);
//! - a variant written and read through `serialize_with` / `deserialize_with` whose fields
//!   implement neither trait (the variant's hidden structs asked for them); flattened, such an
//!   internally tagged variant is an error naming `#[fast_flatten(buffered)]`, where it was
//!   read and written as plain fields, the functions ignored.
//!
//! The whole of serde's `test_gen.rs`, with the derive swapped, compiles in
//! `tests/drop_in/serde_gen.rs`.

use serde::{Deserializer, Serializer};

/// Serializes as the text `"X"`; implements neither `Serialize` nor `Deserialize`.
#[derive(Debug, PartialEq)]
pub struct X;

pub trait SerializeWith {
    fn serialize_with<S: Serializer>(value: &Self, serializer: S) -> Result<S::Ok, S::Error>;
}

pub trait DeserializeWith: Sized {
    fn deserialize_with<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

impl SerializeWith for X {
    fn serialize_with<S: Serializer>(_: &Self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str("X")
    }
}

impl DeserializeWith for X {
    fn deserialize_with<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text: String = serde::Deserialize::deserialize(deserializer)?;
        if text == "X" {
            Ok(X)
        } else {
            Err(serde::de::Error::custom(format!("expected X, got {text}")))
        }
    }
}

/// A struct variant's content written through a function: its `x` as the text `"X"`.
pub fn ser_struct_x<S: Serializer>(x: &X, serializer: S) -> Result<S::Ok, S::Error> {
    X::serialize_with(x, serializer)
}

/// The inverse of [`ser_struct_x`].
pub fn de_struct_x<'de, D: Deserializer<'de>>(deserializer: D) -> Result<X, D::Error> {
    X::deserialize_with(deserializer)
}

/// For an internally tagged variant: `x` as the entry `"x": "X"` beside the tag.
pub fn ser_x_entry<S: Serializer>(_: &X, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(Some(1))?;
    map.serialize_entry("x", "X")?;
    map.end()
}

/// The inverse of [`ser_x_entry`].
pub fn de_x_entry<'de, D: Deserializer<'de>>(deserializer: D) -> Result<X, D::Error> {
    let entries: std::collections::BTreeMap<String, String> =
        serde::Deserialize::deserialize(deserializer)?;
    match entries.get("x").map(String::as_str) {
        Some("X") => Ok(X),
        other => Err(serde::de::Error::custom(format!(
            "expected x: X, got {other:?}"
        ))),
    }
}

/// Serializable whatever `T` is (written as `null`).
#[derive(Debug)]
pub struct Opaque<T>(pub std::marker::PhantomData<T>);

impl<T> serde::Serialize for Opaque<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit()
    }
}

impl<'de, T> serde::Deserialize<'de> for Opaque<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <()>::deserialize(deserializer).map(|()| Opaque(std::marker::PhantomData))
    }
}

twins! {
    mod gen {
        /// `bound = ""` on a field: no bound at all for it (`T` need not be `Serialize`).
        pub struct EmptyBound<T> {
            #[serde(bound = "")]
            pub o: Opaque<T>,
            pub n: u8,
        }

        pub enum Never {}

        #[serde(bound = "D: SerializeWith + DeserializeWith")]
        pub struct WithTraits<D, E> {
            #[serde(
                serialize_with = "SerializeWith::serialize_with",
                deserialize_with = "DeserializeWith::deserialize_with"
            )]
            pub d: D,
            #[serde(
                serialize_with = "SerializeWith::serialize_with",
                deserialize_with = "DeserializeWith::deserialize_with",
                bound = "E: SerializeWith + DeserializeWith"
            )]
            pub e: E,
        }

        #[serde(bound(serialize = "D: SerializeWith", deserialize = "D: DeserializeWith"))]
        pub enum VariantWithTraits<D, E> {
            #[serde(
                serialize_with = "SerializeWith::serialize_with",
                deserialize_with = "DeserializeWith::deserialize_with"
            )]
            D(D),
            #[serde(
                serialize_with = "SerializeWith::serialize_with",
                deserialize_with = "DeserializeWith::deserialize_with",
                bound = "E: SerializeWith + DeserializeWith"
            )]
            E(E),
        }

        pub enum External {
            #[serde(serialize_with = "ser_struct_x", deserialize_with = "de_struct_x")]
            Struct1 { x: X },
            Plain { n: u8 },
        }

        #[serde(tag = "t", content = "c")]
        pub enum Adjacent {
            #[serde(serialize_with = "ser_struct_x", deserialize_with = "de_struct_x")]
            Struct1 { x: X },
            Plain { n: u8 },
        }

        #[serde(tag = "t")]
        pub enum Internal {
            #[serde(serialize_with = "ser_x_entry", deserialize_with = "de_x_entry")]
            Struct1 { x: X },
            Plain { n: u8 },
        }

        #[serde(untagged)]
        pub enum Untagged {
            Plain { n: u8 },
            #[serde(serialize_with = "ser_struct_x", deserialize_with = "de_struct_x")]
            Struct1 { x: X },
        }
    }
}

#[test]
fn enum_without_variants() {
    de_err!(gen::Never, r#""A""# => "unknown variant `A`, there are no variants");
    de_err!(gen::Never, r#"{"A":1}"# => "unknown variant `A`, there are no variants");
}

#[test]
fn field_bound_beside_container_bound() {
    rt!(gen::EmptyBound<X>, EmptyBound { o: Opaque(std::marker::PhantomData), n: 1 } => r#"{"o":null,"n":1}"#);
    rt!(gen::WithTraits<X, X>, WithTraits { d: X, e: X } => r#"{"d":"X","e":"X"}"#);
    de_err!(gen::WithTraits<X, X>, r#"{"d":"X","e":"Y"}"# => "expected X, got Y");
    rt!(gen::VariantWithTraits<X, X>, VariantWithTraits::E(X) => r#"{"E":"X"}"#);
}

#[test]
fn struct_variant_through_functions() {
    rt!(gen::Internal, Internal::Struct1 { x: X } => r#"{"t":"Struct1","x":"X"}"#);
    rt!(gen::Internal, Internal::Plain { n: 4 } => r#"{"t":"Plain","n":4}"#);
    de_err!(gen::Internal, r#"{"t":"Struct1","x":"Y"}"# => r#"expected x: X, got Some("Y")"#);
    rt!(gen::External, External::Struct1 { x: X } => r#"{"Struct1":"X"}"#);
    rt!(gen::External, External::Plain { n: 1 } => r#"{"Plain":{"n":1}}"#);
    de_err!(gen::External, r#"{"Struct1":"Y"}"# => "expected X, got Y");
    rt!(gen::Adjacent, Adjacent::Struct1 { x: X } => r#"{"t":"Struct1","c":"X"}"#);
    rt!(gen::Adjacent, Adjacent::Plain { n: 2 } => r#"{"t":"Plain","c":{"n":2}}"#);
    rt!(gen::Untagged, Untagged::Struct1 { x: X } => r#""X""#);
    rt!(gen::Untagged, Untagged::Plain { n: 3 } => r#"{"n":3}"#);
}

/// Flattened, an internally tagged enum's variant read or written through a function is an
/// error naming the way out (the tree cannot call the function on its leaves); with
/// `#[fast_flatten(buffered)]` the enum is read and written through its own impls, which call it.
mod flattened {
    use serde_fastkit::FastFlatten;

    use super::gen::ours::Internal;
    use super::X;

    #[derive(FastFlatten, Debug)]
    pub struct InPlace {
        pub id: u8,
        #[serde(flatten)]
        pub e: Internal,
    }

    #[derive(FastFlatten, Debug)]
    pub struct Buffered {
        pub id: u8,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        pub e: Internal,
    }

    const MESSAGE: &str = "FastFlatten cannot read or write the variant Internal::Struct1 in \
        place, since it goes through";

    #[test]
    fn in_place_is_an_error() {
        let value = InPlace {
            id: 1,
            e: Internal::Struct1 { x: X },
        };
        let error = serde_json::to_string(&value).unwrap_err().to_string();
        assert!(error.starts_with(MESSAGE), "{error}");
        assert!(
            error.contains("`serialize_with`; mark the flattened field #[fast_flatten(buffered)]"),
            "{error}"
        );
        let error = serde_json::from_str::<InPlace>(r#"{"id":1,"t":"Struct1","x":"X"}"#)
            .unwrap_err()
            .to_string();
        assert!(error.starts_with(MESSAGE), "{error}");
        assert!(error.contains("`deserialize_with`"), "{error}");
        // the other variants are read in place as before
        let plain = InPlace {
            id: 1,
            e: Internal::Plain { n: 2 },
        };
        let json = serde_json::to_string(&plain).unwrap();
        assert_eq!(json, r#"{"id":1,"t":"Plain","n":2}"#);
        let back = serde_json::from_str::<InPlace>(&json).unwrap();
        assert!(
            matches!(
                back,
                InPlace {
                    id: 1,
                    e: Internal::Plain { n: 2 }
                }
            ),
            "{back:?}"
        );
    }

    #[test]
    fn buffered_calls_the_functions() {
        let value = Buffered {
            id: 1,
            e: Internal::Struct1 { x: X },
        };
        let json = serde_json::to_string(&value).unwrap();
        assert_eq!(json, r#"{"id":1,"t":"Struct1","x":"X"}"#);
        let back = serde_json::from_str::<Buffered>(&json).unwrap();
        assert!(
            matches!(
                back,
                Buffered {
                    id: 1,
                    e: Internal::Struct1 { x: X }
                }
            ),
            "{back:?}"
        );
    }
}
