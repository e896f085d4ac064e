//! The shapes FastFlatten must handle, written once and derived twice: `fast` with
//! `#[derive(FastFlatten)]`, `twin` with serde's `#[derive(Serialize, Deserialize)]` and its
//! `#[serde(flatten)]`. The two modules hold the same types and the same sample values, so any
//! difference between them is a difference between the derives.
//!
//! Shared by the roundtrip tests and the differential tests (`#[path]`-included by both, mounted
//! as `crate::shapes`).

#![allow(dead_code)] // each includer uses a different part

/// Used by `Defaults`: a field default given by a function.
pub fn default_label() -> String {
    "unnamed".to_owned()
}

/// Used by `Withs`: `serialize_with` writes the word upper-cased.
pub fn serialize_upper<S: serde::Serializer>(word: &str, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&word.to_uppercase())
}

/// Used by `Withs`: `deserialize_with` reads it back lower-cased.
pub fn deserialize_lower<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<String, D::Error> {
    let word = <String as serde::Deserialize>::deserialize(deserializer)?;
    Ok(word.to_lowercase())
}

/// Defines every shape for one derive. `$($derive)*` is the derive list.
macro_rules! shapes {
    ($($derive:path),*) => {
        use std::borrow::Cow;

        /// Own fields before, between and after two flattened ones; the second one nests four
        /// levels deep.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Positions {
            pub first: String,
            #[serde(flatten)]
            pub left: Pair,
            pub middle: bool,
            #[serde(flatten)]
            pub right: Level1,
            pub last: Option<u32>,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Pair {
            pub x: i32,
            pub y: i32,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Level1 {
            pub d1: u8,
            #[serde(flatten)]
            pub next: Level2,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Level2 {
            pub d2: String,
            #[serde(flatten)]
            pub next: Level3,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Level3 {
            pub d3: Vec<u16>,
            #[serde(flatten)]
            pub next: Level4,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Level4 {
            pub d4: char,
            pub d4b: f64,
        }

        /// A public struct flattening a private one.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Visible {
            pub id: u8,
            #[serde(flatten)]
            hidden: Hidden,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        struct Hidden {
            secret: String,
        }

        /// A flattened type parameter.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Page<T> {
            #[serde(flatten)]
            pub data: T,
            pub status: u16,
        }

        /// A generic own field beside a flattened concrete one.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Listing<T> {
            pub items: Vec<T>,
            #[serde(flatten)]
            pub at: Pair,
        }

        /// `rename_all`, `rename` and `alias`, on both levels.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        #[serde(rename_all = "camelCase")]
        pub struct Renamed {
            pub user_id: u64,
            #[serde(rename = "TYPE")]
            pub kind: String,
            #[serde(alias = "colour")]
            pub color: String,
            #[serde(flatten)]
            pub limits: RenamedLimits,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
        pub struct RenamedLimits {
            pub max_size: u32,
            #[serde(alias = "min", alias = "lowest")]
            pub min_size: u32,
        }

        /// Field defaults and a container default, flattened.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Defaults {
            #[serde(default)]
            pub count: u32,
            #[serde(default = "crate::shapes::default_label")]
            pub label: String,
            #[serde(flatten)]
            pub config: Config,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        #[serde(default)]
        pub struct Config {
            pub retries: u8,
            pub verbose: bool,
        }

        impl Default for Config {
            fn default() -> Self {
                Config { retries: 3, verbose: false }
            }
        }

        /// Every kind of skip.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Skips {
            pub kept: u8,
            #[serde(skip)]
            pub cache: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            pub maybe: Option<String>,
            #[serde(flatten)]
            pub inner: SkipsInner,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct SkipsInner {
            #[serde(skip_deserializing)]
            pub derived: u32,
            #[serde(skip_serializing, default)]
            pub input_only: u32,
            #[serde(skip_serializing_if = "Vec::is_empty", default)]
            pub tags: Vec<String>,
        }

        /// `with`, `serialize_with`, `deserialize_with`.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Withs {
            #[serde(with = "serde_fastkit::display")]
            pub addr: std::net::IpAddr,
            #[serde(flatten)]
            pub inner: WithsInner,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct WithsInner {
            #[serde(
                serialize_with = "crate::shapes::serialize_upper",
                deserialize_with = "crate::shapes::deserialize_lower"
            )]
            pub word: String,
            #[serde(with = "serde_fastkit::display")]
            pub port: u16,
        }

        /// `bound` replaces the inferred bounds.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        #[serde(bound(serialize = "T: serde::Serialize", deserialize = "T: serde::Deserialize<'de>"))]
        pub struct Bounded<T> {
            pub value: T,
            #[serde(flatten)]
            pub at: Pair,
        }

        /// Borrowed fields inside a flattened struct.
        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Borrowed<'a> {
            pub id: u32,
            #[serde(flatten)]
            #[serde(borrow)]
            pub text: Text<'a>,
        }

        #[derive($($derive,)* Clone, Debug, PartialEq)]
        pub struct Text<'a> {
            pub name: &'a str,
            #[serde(borrow)]
            pub note: Cow<'a, str>,
        }

        pub fn positions() -> Positions {
            Positions {
                first: "first \"quoted\"".to_owned(),
                left: Pair { x: -1, y: 2 },
                middle: true,
                right: Level1 {
                    d1: 1,
                    next: Level2 {
                        d2: "two".to_owned(),
                        next: Level3 {
                            d3: vec![3, 33, 333],
                            next: Level4 { d4: 'ß', d4b: 4.5 },
                        },
                    },
                },
                last: Some(7),
            }
        }

        pub fn visible() -> Visible {
            Visible { id: 9, hidden: Hidden { secret: "s3cr3t".to_owned() } }
        }

        pub fn page() -> Page<Pair> {
            Page { data: Pair { x: 10, y: 20 }, status: 200 }
        }

        pub fn nested_page() -> Page<Listing<Positions>> {
            Page { data: Listing { items: vec![positions()], at: Pair { x: 5, y: 6 } }, status: 202 }
        }

        pub fn listing() -> Listing<String> {
            Listing { items: vec!["a".to_owned(), "b".to_owned()], at: Pair { x: 0, y: 0 } }
        }

        pub fn renamed() -> Renamed {
            Renamed {
                user_id: 42,
                kind: "admin".to_owned(),
                color: "red".to_owned(),
                limits: RenamedLimits { max_size: 100, min_size: 1 },
            }
        }

        pub fn defaults() -> Defaults {
            Defaults {
                count: 5,
                label: "x".to_owned(),
                config: Config { retries: 1, verbose: true },
            }
        }

        /// A `Skips` value as it reads back: skipped-on-read fields at their defaults.
        pub fn skips(with_optionals: bool) -> Skips {
            Skips {
                kept: 1,
                cache: 0,
                maybe: with_optionals.then(|| "here".to_owned()),
                inner: SkipsInner {
                    derived: 0,
                    input_only: 0,
                    tags: if with_optionals { vec!["t".to_owned()] } else { Vec::new() },
                },
            }
        }

        pub fn withs() -> Withs {
            Withs {
                addr: std::net::IpAddr::from([192, 168, 0, 1]),
                inner: WithsInner { word: "hello".to_owned(), port: 8080 },
            }
        }

        pub fn bounded() -> Bounded<Vec<bool>> {
            Bounded { value: vec![true, false], at: Pair { x: 1, y: 1 } }
        }

        pub fn borrowed(input: &str) -> Borrowed<'_> {
            Borrowed { id: 1, text: Text { name: input, note: Cow::Borrowed(input) } }
        }
    };
}

/// The shapes with `#[derive(FastFlatten)]`.
pub mod fast {
    use serde_fastkit::FastFlatten;
    shapes!(FastFlatten);

    /// 128-bit integers inside a flattened struct (serde's flatten cannot read them back).
    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Wide {
        pub tag: u8,
        #[serde(flatten)]
        pub inner: WideInner,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct WideInner {
        pub big: u128,
        pub neg: i128,
    }

    pub fn wide() -> Wide {
        Wide {
            tag: 1,
            inner: WideInner {
                big: u128::MAX - 5,
                neg: i128::MIN + 7,
            },
        }
    }
}

/// The same shapes with serde's derive and `#[serde(flatten)]`.
pub mod twin {
    use serde::{Deserialize, Serialize};
    shapes!(Serialize, Deserialize);
}
