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

/// The forms added for drop-in use: a buffered foreign field, `flatten` with `with` and
/// `skip_serializing_if`, a unit struct, container conversions.
mod drop_in {
    #![allow(dead_code)]

    use ::serde_fastkit::FastFlatten;

    #[derive(
        ::serde::Serialize, ::serde::Deserialize, ::std::fmt::Debug, ::std::cmp::PartialEq,
    )]
    pub struct Foreign {
        pub f: u8,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Outer {
        pub a: u8,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        pub foreign: Foreign,
        #[serde(flatten, skip_serializing_if = "::std::option::Option::is_none")]
        pub maybe: ::std::option::Option<super::by_name::Leaf>,
        #[serde(flatten)]
        pub unit: Unit,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Unit;

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(transparent)]
    pub struct Meters(pub u32);

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq, ::std::clone::Clone)]
    #[serde(from = "u32", into = "u32")]
    pub struct Converted {
        pub value: u32,
    }

    impl ::std::convert::From<u32> for Converted {
        fn from(value: u32) -> Self {
            Converted { value }
        }
    }

    impl ::std::convert::From<Converted> for u32 {
        fn from(converted: Converted) -> u32 {
            converted.value
        }
    }
}

#[test]
fn drop_in_forms_in_hostile_surroundings() {
    let value = drop_in::Outer {
        a: 1,
        foreign: drop_in::Foreign { f: 2 },
        maybe: ::std::option::Option::None,
        unit: drop_in::Unit,
    };
    let json = ::serde_json::to_string(&value).unwrap();
    ::std::assert_eq!(json, r#"{"a":1,"f":2}"#);
    let back: drop_in::Outer = ::serde_json::from_str(&json).unwrap();
    ::std::assert_eq!(back, value);
    ::std::assert_eq!(::serde_json::to_string(&drop_in::Meters(3)).unwrap(), "3");
    let converted: drop_in::Converted = ::serde_json::from_str("4").unwrap();
    ::std::assert_eq!(::serde_json::to_string(&converted).unwrap(), "4");
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

/// Types declared by a `macro_rules!`, the flattened type passed in from outside it: its
/// tokens keep the caller's hygiene while the expansion's own carry the macro's, and the
/// expansion spans some of its tokens at the field's type (where errors point).
mod through_macro_rules {
    use ::serde_fastkit::FastFlatten;

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Inner {
        pub b: u8,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Other {
        pub c: u8,
    }

    macro_rules! flattening {
        ($name:ident, $inner:ty, $other:ty) => {
            #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
            pub struct $name {
                pub a: u8,
                #[serde(flatten)]
                pub inner: $inner,
                #[serde(flatten)]
                pub optional: ::std::option::Option<$other>,
            }
        };
    }

    flattening!(Outer, Inner, Other);
}

#[test]
fn a_type_declared_by_macro_rules_reads_and_writes() {
    let value = through_macro_rules::Outer {
        a: 1,
        inner: through_macro_rules::Inner { b: 2 },
        optional: ::std::option::Option::Some(through_macro_rules::Other { c: 3 }),
    };
    let json = ::serde_json::to_string(&value).unwrap();
    let back: through_macro_rules::Outer = ::serde_json::from_str(&json).unwrap();
    ::std::assert_eq!(back, value);
}

#[path = "hygiene/named_like_locals.rs"]
mod named_like_locals;
