//! The generated code compiles in hostile surroundings: no implicit prelude, local types named
//! like the prelude's, strict lints, and `serde_fastkit` reached under another name.

#![no_implicit_prelude]
#![deny(warnings, clippy::pedantic, unused_qualifications)]

// The crate under another name, as a renamed dependency makes it.
extern crate serde_fastkit as fastkit_renamed;

/// Local types shadowing every prelude name the expansion might use unqualified.
mod shadowed {
    #![allow(dead_code, clippy::pedantic)]

    pub struct Result;
    pub struct Option;
    pub struct Some;
    pub struct None;
    pub struct Ok;
    pub struct Err;
    pub struct Error;
    pub struct Default;
    pub struct Vec;
    pub struct String;
    pub struct Box;
    pub struct PhantomData;
    pub trait Serialize {}
    pub trait Deserialize {}
    pub trait Sized {}
}

#[allow(unused_imports)]
use shadowed::*;

/// Uses the crate by its own name, with every attribute kind that generates code.
mod by_name {
    #![allow(dead_code)]

    use ::serde_fastkit::FastFlatten;

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub struct Outer<'a, T> {
        pub first_field: u8,
        #[serde(flatten)]
        pub inner: Inner<'a>,
        #[serde(flatten)]
        pub generic: T,
        #[serde(skip_serializing_if = "::std::option::Option::is_none", default)]
        pub maybe: ::std::option::Option<u8>,
        #[serde(with = "::serde_fastkit::display")]
        pub shown: u16,
        #[serde(skip)]
        pub skipped: bool,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(default)]
    pub struct Inner<'a> {
        pub name: &'a str,
        #[serde(borrow)]
        pub note: ::std::borrow::Cow<'a, str>,
    }

    impl ::std::default::Default for Inner<'_> {
        fn default() -> Self {
            Inner {
                name: "",
                note: ::std::borrow::Cow::Borrowed(""),
            }
        }
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Leaf {
        pub leaf: u32,
    }
}

/// Uses the crate through a renamed dependency.
mod renamed {
    #![allow(dead_code)]

    #[derive(::fastkit_renamed::FastFlatten)]
    #[fast_flatten(crate = "::fastkit_renamed")]
    pub struct Outer {
        pub a: u8,
        #[serde(flatten)]
        pub inner: Inner,
    }

    #[derive(::fastkit_renamed::FastFlatten)]
    #[fast_flatten(crate = "::fastkit_renamed")]
    pub struct Inner {
        pub b: u8,
    }
}

#[test]
fn hostile_surroundings_roundtrip() {
    let value = by_name::Outer {
        first_field: 1,
        inner: by_name::Inner {
            name: "n",
            note: ::std::borrow::Cow::Borrowed("note"),
        },
        generic: by_name::Leaf { leaf: 2 },
        maybe: ::std::option::Option::None,
        shown: 3,
        skipped: false,
    };
    let json = ::serde_json::to_string(&value).unwrap();
    ::std::assert_eq!(
        json,
        r#"{"firstField":1,"name":"n","note":"note","leaf":2,"shown":"3"}"#
    );
    let back: by_name::Outer<'_, by_name::Leaf> = ::serde_json::from_str(&json).unwrap();
    ::std::assert_eq!(back, value);

    let renamed = renamed::Outer {
        a: 1,
        inner: renamed::Inner { b: 2 },
    };
    ::std::assert_eq!(
        ::serde_json::to_string(&renamed).unwrap(),
        r#"{"a":1,"b":2}"#
    );
}

/// User functions named like every local name the expansion might use: `default = "state"`,
/// `skip_serializing_if = "out"`, `serialize_with = "serializer"` must call the user's function,
/// as they do with serde's derive. Each module declares one function per name, with the
/// signature its attribute needs, and uses it on a struct, on a flattened struct and on the
/// struct variants of an enum of each representation.
macro_rules! named_like_locals {
    ($($name:ident $path:tt)*) => {
        /// `#[serde(default = "name")]`.
        mod defaults {
            #![allow(dead_code, clippy::unnecessary_wraps)]

            use ::serde_fastkit::FastFlatten;

            $(pub fn $name() -> u8 { 7 })*

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub struct Outer {
                pub first: u8,
                #[serde(flatten)]
                pub inner: Inner,
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub struct Inner {
                $(#[serde(default = $path)] pub $name: u8,)*
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub enum External {
                Variant { $(#[serde(default = $path)] $name: u8,)* },
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            #[serde(tag = "type")]
            pub enum Internal {
                Variant { $(#[serde(default = $path)] $name: u8,)* },
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            #[serde(tag = "type", content = "data")]
            pub enum Adjacent {
                Variant { $(#[serde(default = $path)] $name: u8,)* },
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            #[serde(untagged)]
            pub enum Untagged {
                Variant { $(#[serde(default = $path)] $name: u8,)* },
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub struct FlattensEnums {
                #[serde(flatten)]
                pub internal: Internal,
            }
        }

        /// `#[serde(skip_serializing_if = "name")]`.
        mod skip_ifs {
            #![allow(dead_code, clippy::trivially_copy_pass_by_ref)]

            use ::serde_fastkit::FastFlatten;

            $(pub fn $name(value: &u8) -> bool { *value == 0 })*

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub struct Outer {
                #[serde(flatten)]
                pub inner: Inner,
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub struct Inner {
                $(#[serde(skip_serializing_if = $path, default)] pub $name: u8,)*
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            #[serde(tag = "type")]
            pub enum Internal {
                Variant { $(#[serde(skip_serializing_if = $path, default)] $name: u8,)* },
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub enum External {
                Variant { $(#[serde(skip_serializing_if = $path, default)] $name: u8,)* },
            }
        }

        /// `#[serde(serialize_with = "name")]`.
        mod serialize_withs {
            #![allow(dead_code, clippy::trivially_copy_pass_by_ref)]

            use ::serde_fastkit::FastFlatten;

            $(
                pub fn $name<S: ::serde::Serializer>(value: &u8, serializer: S) -> ::std::result::Result<S::Ok, S::Error> {
                    serializer.serialize_u8(*value + 1)
                }
            )*

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub struct Inner {
                $(#[serde(serialize_with = $path)] pub $name: u8,)*
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            #[serde(tag = "type")]
            pub enum Internal {
                Variant { $(#[serde(serialize_with = $path)] $name: u8,)* },
            }
        }

        /// `#[serde(deserialize_with = "name")]`.
        mod deserialize_withs {
            #![allow(dead_code)]

            use ::serde_fastkit::FastFlatten;

            $(
                pub fn $name<'de, D: ::serde::Deserializer<'de>>(deserializer: D) -> ::std::result::Result<u8, D::Error> {
                    <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
                }
            )*

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub struct Inner {
                $(#[serde(deserialize_with = $path)] pub $name: u8,)*
            }

            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            #[serde(tag = "type")]
            pub enum Internal {
                Variant { $(#[serde(deserialize_with = $path)] $name: u8,)* },
            }
        }

        #[test]
        fn user_functions_named_like_the_expansions_locals() {
            // Every default is the user's function's 7.
            let outer: defaults::Outer = ::serde_json::from_str(r#"{"first":1}"#).unwrap();
            $(::std::assert_eq!(outer.inner.$name, 7);)*
            let internal: defaults::Internal =
                ::serde_json::from_str(r#"{"type":"Variant"}"#).unwrap();
            let defaults::Internal::Variant { $($name,)* } = internal;
            $(::std::assert_eq!($name, 7);)*
            let untagged: defaults::Untagged = ::serde_json::from_str("{}").unwrap();
            let defaults::Untagged::Variant { $($name,)* } = untagged;
            $(::std::assert_eq!($name, 7);)*
            let flattened: defaults::FlattensEnums =
                ::serde_json::from_str(r#"{"type":"Variant"}"#).unwrap();
            let defaults::Internal::Variant { $($name,)* } = flattened.internal;
            $(::std::assert_eq!($name, 7);)*

            // Every field is 0 and skipped by the user's function.
            let skipped = skip_ifs::Outer { inner: skip_ifs::Inner { $($name: 0,)* } };
            ::std::assert_eq!(::serde_json::to_string(&skipped).unwrap(), "{}");
            let skipped = skip_ifs::Internal::Variant { $($name: 0,)* };
            ::std::assert_eq!(
                ::serde_json::to_string(&skipped).unwrap(),
                r#"{"type":"Variant"}"#
            );

            // Written and read through the user's functions: 1 is written as 2, read as 3.
            let written = ::serde_json::to_value(serialize_withs::Inner { $($name: 1,)* }).unwrap();
            $(::std::assert_eq!(written[::std::stringify!($name)], 2);)*
            let read: deserialize_withs::Inner = ::serde_json::from_value(written).unwrap();
            $(::std::assert_eq!(read.$name, 3);)*
            let written = ::serde_json::to_value(serialize_withs::Internal::Variant { $($name: 1,)* }).unwrap();
            let deserialize_withs::Internal::Variant { $($name,)* } =
                ::serde_json::from_value(written).unwrap();
            $(::std::assert_eq!($name, 3);)*
        }
    };
}

named_like_locals! {
    access "access" content "content" count "count" deserializer "deserializer" f "f"
    field "field" held "held" index "index" key "key" leaf "leaf" leaves "leaves" map "map"
    name "name" out "out" own "own" pending "pending" read "read" reader "reader" rest "rest"
    seq "seq" serializer "serializer" slot "slot" state "state" tag "tag" tree "tree"
    value "value" values "values" variant "variant" written "written" wrapped "wrapped"
}
