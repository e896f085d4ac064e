//! User functions named like every local name the expansion might use: `default = "state"`,
//! `skip_serializing_if = "out"`, `serialize_with = "serializer"` must call the user's function,
//! as they do with serde's derive. The code below is written out, not stamped out by a
//! `macro_rules!`, whose hygiene would keep the user's names and the expansion's apart and so
//! hide the bug: each module declares one function per name, with the signature its attribute
//! needs, and uses it on a struct, a flattened struct and the struct variants of enums.

/// `#[serde(default = "name")]`.
mod defaults {
    #![allow(dead_code)]

    use ::serde_fastkit::FastFlatten;
    pub fn access() -> u8 {
        7
    }
    pub fn content() -> u8 {
        7
    }
    pub fn count() -> u8 {
        7
    }
    pub fn deserializer() -> u8 {
        7
    }
    pub fn f() -> u8 {
        7
    }
    pub fn field() -> u8 {
        7
    }
    pub fn held() -> u8 {
        7
    }
    pub fn index() -> u8 {
        7
    }
    pub fn key() -> u8 {
        7
    }
    pub fn leaf() -> u8 {
        7
    }
    pub fn leaves() -> u8 {
        7
    }
    pub fn map() -> u8 {
        7
    }
    pub fn name() -> u8 {
        7
    }
    pub fn out() -> u8 {
        7
    }
    pub fn own() -> u8 {
        7
    }
    pub fn pending() -> u8 {
        7
    }
    pub fn read() -> u8 {
        7
    }
    pub fn reader() -> u8 {
        7
    }
    pub fn rest() -> u8 {
        7
    }
    pub fn seq() -> u8 {
        7
    }
    pub fn serializer() -> u8 {
        7
    }
    pub fn slot() -> u8 {
        7
    }
    pub fn state() -> u8 {
        7
    }
    pub fn tag() -> u8 {
        7
    }
    pub fn tree() -> u8 {
        7
    }
    pub fn value() -> u8 {
        7
    }
    pub fn values() -> u8 {
        7
    }
    pub fn variant() -> u8 {
        7
    }
    pub fn written() -> u8 {
        7
    }
    pub fn wrapped() -> u8 {
        7
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Outer {
        pub first: u8,
        #[serde(flatten)]
        pub inner: Inner,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Inner {
        #[serde(default = "access")]
        pub access: u8,
        #[serde(default = "content")]
        pub content: u8,
        #[serde(default = "count")]
        pub count: u8,
        #[serde(default = "deserializer")]
        pub deserializer: u8,
        #[serde(default = "f")]
        pub f: u8,
        #[serde(default = "field")]
        pub field: u8,
        #[serde(default = "held")]
        pub held: u8,
        #[serde(default = "index")]
        pub index: u8,
        #[serde(default = "key")]
        pub key: u8,
        #[serde(default = "leaf")]
        pub leaf: u8,
        #[serde(default = "leaves")]
        pub leaves: u8,
        #[serde(default = "map")]
        pub map: u8,
        #[serde(default = "name")]
        pub name: u8,
        #[serde(default = "out")]
        pub out: u8,
        #[serde(default = "own")]
        pub own: u8,
        #[serde(default = "pending")]
        pub pending: u8,
        #[serde(default = "read")]
        pub read: u8,
        #[serde(default = "reader")]
        pub reader: u8,
        #[serde(default = "rest")]
        pub rest: u8,
        #[serde(default = "seq")]
        pub seq: u8,
        #[serde(default = "serializer")]
        pub serializer: u8,
        #[serde(default = "slot")]
        pub slot: u8,
        #[serde(default = "state")]
        pub state: u8,
        #[serde(default = "tag")]
        pub tag: u8,
        #[serde(default = "tree")]
        pub tree: u8,
        #[serde(default = "value")]
        pub value: u8,
        #[serde(default = "values")]
        pub values: u8,
        #[serde(default = "variant")]
        pub variant: u8,
        #[serde(default = "written")]
        pub written: u8,
        #[serde(default = "wrapped")]
        pub wrapped: u8,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub enum External {
        Variant {
            #[serde(default = "access")]
            access: u8,
            #[serde(default = "content")]
            content: u8,
            #[serde(default = "count")]
            count: u8,
            #[serde(default = "deserializer")]
            deserializer: u8,
            #[serde(default = "f")]
            f: u8,
            #[serde(default = "field")]
            field: u8,
            #[serde(default = "held")]
            held: u8,
            #[serde(default = "index")]
            index: u8,
            #[serde(default = "key")]
            key: u8,
            #[serde(default = "leaf")]
            leaf: u8,
            #[serde(default = "leaves")]
            leaves: u8,
            #[serde(default = "map")]
            map: u8,
            #[serde(default = "name")]
            name: u8,
            #[serde(default = "out")]
            out: u8,
            #[serde(default = "own")]
            own: u8,
            #[serde(default = "pending")]
            pending: u8,
            #[serde(default = "read")]
            read: u8,
            #[serde(default = "reader")]
            reader: u8,
            #[serde(default = "rest")]
            rest: u8,
            #[serde(default = "seq")]
            seq: u8,
            #[serde(default = "serializer")]
            serializer: u8,
            #[serde(default = "slot")]
            slot: u8,
            #[serde(default = "state")]
            state: u8,
            #[serde(default = "tag")]
            tag: u8,
            #[serde(default = "tree")]
            tree: u8,
            #[serde(default = "value")]
            value: u8,
            #[serde(default = "values")]
            values: u8,
            #[serde(default = "variant")]
            variant: u8,
            #[serde(default = "written")]
            written: u8,
            #[serde(default = "wrapped")]
            wrapped: u8,
        },
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(tag = "type")]
    pub enum Internal {
        Variant {
            #[serde(default = "access")]
            access: u8,
            #[serde(default = "content")]
            content: u8,
            #[serde(default = "count")]
            count: u8,
            #[serde(default = "deserializer")]
            deserializer: u8,
            #[serde(default = "f")]
            f: u8,
            #[serde(default = "field")]
            field: u8,
            #[serde(default = "held")]
            held: u8,
            #[serde(default = "index")]
            index: u8,
            #[serde(default = "key")]
            key: u8,
            #[serde(default = "leaf")]
            leaf: u8,
            #[serde(default = "leaves")]
            leaves: u8,
            #[serde(default = "map")]
            map: u8,
            #[serde(default = "name")]
            name: u8,
            #[serde(default = "out")]
            out: u8,
            #[serde(default = "own")]
            own: u8,
            #[serde(default = "pending")]
            pending: u8,
            #[serde(default = "read")]
            read: u8,
            #[serde(default = "reader")]
            reader: u8,
            #[serde(default = "rest")]
            rest: u8,
            #[serde(default = "seq")]
            seq: u8,
            #[serde(default = "serializer")]
            serializer: u8,
            #[serde(default = "slot")]
            slot: u8,
            #[serde(default = "state")]
            state: u8,
            #[serde(default = "tag")]
            tag: u8,
            #[serde(default = "tree")]
            tree: u8,
            #[serde(default = "value")]
            value: u8,
            #[serde(default = "values")]
            values: u8,
            #[serde(default = "variant")]
            variant: u8,
            #[serde(default = "written")]
            written: u8,
            #[serde(default = "wrapped")]
            wrapped: u8,
        },
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(tag = "type", content = "data")]
    pub enum Adjacent {
        Variant {
            #[serde(default = "access")]
            access: u8,
            #[serde(default = "content")]
            content: u8,
            #[serde(default = "count")]
            count: u8,
            #[serde(default = "deserializer")]
            deserializer: u8,
            #[serde(default = "f")]
            f: u8,
            #[serde(default = "field")]
            field: u8,
            #[serde(default = "held")]
            held: u8,
            #[serde(default = "index")]
            index: u8,
            #[serde(default = "key")]
            key: u8,
            #[serde(default = "leaf")]
            leaf: u8,
            #[serde(default = "leaves")]
            leaves: u8,
            #[serde(default = "map")]
            map: u8,
            #[serde(default = "name")]
            name: u8,
            #[serde(default = "out")]
            out: u8,
            #[serde(default = "own")]
            own: u8,
            #[serde(default = "pending")]
            pending: u8,
            #[serde(default = "read")]
            read: u8,
            #[serde(default = "reader")]
            reader: u8,
            #[serde(default = "rest")]
            rest: u8,
            #[serde(default = "seq")]
            seq: u8,
            #[serde(default = "serializer")]
            serializer: u8,
            #[serde(default = "slot")]
            slot: u8,
            #[serde(default = "state")]
            state: u8,
            #[serde(default = "tag")]
            tag: u8,
            #[serde(default = "tree")]
            tree: u8,
            #[serde(default = "value")]
            value: u8,
            #[serde(default = "values")]
            values: u8,
            #[serde(default = "variant")]
            variant: u8,
            #[serde(default = "written")]
            written: u8,
            #[serde(default = "wrapped")]
            wrapped: u8,
        },
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(untagged)]
    pub enum Untagged {
        Variant {
            #[serde(default = "access")]
            access: u8,
            #[serde(default = "content")]
            content: u8,
            #[serde(default = "count")]
            count: u8,
            #[serde(default = "deserializer")]
            deserializer: u8,
            #[serde(default = "f")]
            f: u8,
            #[serde(default = "field")]
            field: u8,
            #[serde(default = "held")]
            held: u8,
            #[serde(default = "index")]
            index: u8,
            #[serde(default = "key")]
            key: u8,
            #[serde(default = "leaf")]
            leaf: u8,
            #[serde(default = "leaves")]
            leaves: u8,
            #[serde(default = "map")]
            map: u8,
            #[serde(default = "name")]
            name: u8,
            #[serde(default = "out")]
            out: u8,
            #[serde(default = "own")]
            own: u8,
            #[serde(default = "pending")]
            pending: u8,
            #[serde(default = "read")]
            read: u8,
            #[serde(default = "reader")]
            reader: u8,
            #[serde(default = "rest")]
            rest: u8,
            #[serde(default = "seq")]
            seq: u8,
            #[serde(default = "serializer")]
            serializer: u8,
            #[serde(default = "slot")]
            slot: u8,
            #[serde(default = "state")]
            state: u8,
            #[serde(default = "tag")]
            tag: u8,
            #[serde(default = "tree")]
            tree: u8,
            #[serde(default = "value")]
            value: u8,
            #[serde(default = "values")]
            values: u8,
            #[serde(default = "variant")]
            variant: u8,
            #[serde(default = "written")]
            written: u8,
            #[serde(default = "wrapped")]
            wrapped: u8,
        },
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct FlattensEnums {
        #[serde(flatten)]
        pub internal: Internal,
    }

    /// Built in place (a container default, taken by `plain`), the leaves' own defaults called
    /// where the state and the value being built are in scope.
    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(default)]
    pub struct InPlace {
        pub plain: u8,
        #[serde(default = "slot")]
        pub slot: u8,
        #[serde(default = "map")]
        pub map: u8,
        #[serde(default = "state")]
        pub state: u8,
        #[serde(default = "value")]
        pub value: u8,
        #[serde(default = "leaf")]
        pub leaf: u8,
    }

    impl ::std::default::Default for InPlace {
        fn default() -> Self {
            InPlace {
                plain: 1,
                slot: 0,
                map: 0,
                state: 0,
                value: 0,
                leaf: 0,
            }
        }
    }
}

/// `#[serde(skip_serializing_if = "name")]`.
mod skip_ifs {
    #![allow(dead_code, clippy::trivially_copy_pass_by_ref)]

    use ::serde_fastkit::FastFlatten;
    pub fn access(value: &u8) -> bool {
        *value == 0
    }
    pub fn content(value: &u8) -> bool {
        *value == 0
    }
    pub fn count(value: &u8) -> bool {
        *value == 0
    }
    pub fn deserializer(value: &u8) -> bool {
        *value == 0
    }
    pub fn f(value: &u8) -> bool {
        *value == 0
    }
    pub fn field(value: &u8) -> bool {
        *value == 0
    }
    pub fn held(value: &u8) -> bool {
        *value == 0
    }
    pub fn index(value: &u8) -> bool {
        *value == 0
    }
    pub fn key(value: &u8) -> bool {
        *value == 0
    }
    pub fn leaf(value: &u8) -> bool {
        *value == 0
    }
    pub fn leaves(value: &u8) -> bool {
        *value == 0
    }
    pub fn map(value: &u8) -> bool {
        *value == 0
    }
    pub fn name(value: &u8) -> bool {
        *value == 0
    }
    pub fn out(value: &u8) -> bool {
        *value == 0
    }
    pub fn own(value: &u8) -> bool {
        *value == 0
    }
    pub fn pending(value: &u8) -> bool {
        *value == 0
    }
    pub fn read(value: &u8) -> bool {
        *value == 0
    }
    pub fn reader(value: &u8) -> bool {
        *value == 0
    }
    pub fn rest(value: &u8) -> bool {
        *value == 0
    }
    pub fn seq(value: &u8) -> bool {
        *value == 0
    }
    pub fn serializer(value: &u8) -> bool {
        *value == 0
    }
    pub fn slot(value: &u8) -> bool {
        *value == 0
    }
    pub fn state(value: &u8) -> bool {
        *value == 0
    }
    pub fn tag(value: &u8) -> bool {
        *value == 0
    }
    pub fn tree(value: &u8) -> bool {
        *value == 0
    }
    pub fn value(value: &u8) -> bool {
        *value == 0
    }
    pub fn values(value: &u8) -> bool {
        *value == 0
    }
    pub fn variant(value: &u8) -> bool {
        *value == 0
    }
    pub fn written(value: &u8) -> bool {
        *value == 0
    }
    pub fn wrapped(value: &u8) -> bool {
        *value == 0
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Outer {
        #[serde(flatten)]
        pub inner: Inner,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Inner {
        #[serde(skip_serializing_if = "access", default)]
        pub access: u8,
        #[serde(skip_serializing_if = "content", default)]
        pub content: u8,
        #[serde(skip_serializing_if = "count", default)]
        pub count: u8,
        #[serde(skip_serializing_if = "deserializer", default)]
        pub deserializer: u8,
        #[serde(skip_serializing_if = "f", default)]
        pub f: u8,
        #[serde(skip_serializing_if = "field", default)]
        pub field: u8,
        #[serde(skip_serializing_if = "held", default)]
        pub held: u8,
        #[serde(skip_serializing_if = "index", default)]
        pub index: u8,
        #[serde(skip_serializing_if = "key", default)]
        pub key: u8,
        #[serde(skip_serializing_if = "leaf", default)]
        pub leaf: u8,
        #[serde(skip_serializing_if = "leaves", default)]
        pub leaves: u8,
        #[serde(skip_serializing_if = "map", default)]
        pub map: u8,
        #[serde(skip_serializing_if = "name", default)]
        pub name: u8,
        #[serde(skip_serializing_if = "out", default)]
        pub out: u8,
        #[serde(skip_serializing_if = "own", default)]
        pub own: u8,
        #[serde(skip_serializing_if = "pending", default)]
        pub pending: u8,
        #[serde(skip_serializing_if = "read", default)]
        pub read: u8,
        #[serde(skip_serializing_if = "reader", default)]
        pub reader: u8,
        #[serde(skip_serializing_if = "rest", default)]
        pub rest: u8,
        #[serde(skip_serializing_if = "seq", default)]
        pub seq: u8,
        #[serde(skip_serializing_if = "serializer", default)]
        pub serializer: u8,
        #[serde(skip_serializing_if = "slot", default)]
        pub slot: u8,
        #[serde(skip_serializing_if = "state", default)]
        pub state: u8,
        #[serde(skip_serializing_if = "tag", default)]
        pub tag: u8,
        #[serde(skip_serializing_if = "tree", default)]
        pub tree: u8,
        #[serde(skip_serializing_if = "value", default)]
        pub value: u8,
        #[serde(skip_serializing_if = "values", default)]
        pub values: u8,
        #[serde(skip_serializing_if = "variant", default)]
        pub variant: u8,
        #[serde(skip_serializing_if = "written", default)]
        pub written: u8,
        #[serde(skip_serializing_if = "wrapped", default)]
        pub wrapped: u8,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(tag = "type")]
    pub enum Internal {
        Variant {
            #[serde(skip_serializing_if = "access", default)]
            access: u8,
            #[serde(skip_serializing_if = "content", default)]
            content: u8,
            #[serde(skip_serializing_if = "count", default)]
            count: u8,
            #[serde(skip_serializing_if = "deserializer", default)]
            deserializer: u8,
            #[serde(skip_serializing_if = "f", default)]
            f: u8,
            #[serde(skip_serializing_if = "field", default)]
            field: u8,
            #[serde(skip_serializing_if = "held", default)]
            held: u8,
            #[serde(skip_serializing_if = "index", default)]
            index: u8,
            #[serde(skip_serializing_if = "key", default)]
            key: u8,
            #[serde(skip_serializing_if = "leaf", default)]
            leaf: u8,
            #[serde(skip_serializing_if = "leaves", default)]
            leaves: u8,
            #[serde(skip_serializing_if = "map", default)]
            map: u8,
            #[serde(skip_serializing_if = "name", default)]
            name: u8,
            #[serde(skip_serializing_if = "out", default)]
            out: u8,
            #[serde(skip_serializing_if = "own", default)]
            own: u8,
            #[serde(skip_serializing_if = "pending", default)]
            pending: u8,
            #[serde(skip_serializing_if = "read", default)]
            read: u8,
            #[serde(skip_serializing_if = "reader", default)]
            reader: u8,
            #[serde(skip_serializing_if = "rest", default)]
            rest: u8,
            #[serde(skip_serializing_if = "seq", default)]
            seq: u8,
            #[serde(skip_serializing_if = "serializer", default)]
            serializer: u8,
            #[serde(skip_serializing_if = "slot", default)]
            slot: u8,
            #[serde(skip_serializing_if = "state", default)]
            state: u8,
            #[serde(skip_serializing_if = "tag", default)]
            tag: u8,
            #[serde(skip_serializing_if = "tree", default)]
            tree: u8,
            #[serde(skip_serializing_if = "value", default)]
            value: u8,
            #[serde(skip_serializing_if = "values", default)]
            values: u8,
            #[serde(skip_serializing_if = "variant", default)]
            variant: u8,
            #[serde(skip_serializing_if = "written", default)]
            written: u8,
            #[serde(skip_serializing_if = "wrapped", default)]
            wrapped: u8,
        },
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub enum External {
        Variant {
            #[serde(skip_serializing_if = "access", default)]
            access: u8,
            #[serde(skip_serializing_if = "content", default)]
            content: u8,
            #[serde(skip_serializing_if = "count", default)]
            count: u8,
            #[serde(skip_serializing_if = "deserializer", default)]
            deserializer: u8,
            #[serde(skip_serializing_if = "f", default)]
            f: u8,
            #[serde(skip_serializing_if = "field", default)]
            field: u8,
            #[serde(skip_serializing_if = "held", default)]
            held: u8,
            #[serde(skip_serializing_if = "index", default)]
            index: u8,
            #[serde(skip_serializing_if = "key", default)]
            key: u8,
            #[serde(skip_serializing_if = "leaf", default)]
            leaf: u8,
            #[serde(skip_serializing_if = "leaves", default)]
            leaves: u8,
            #[serde(skip_serializing_if = "map", default)]
            map: u8,
            #[serde(skip_serializing_if = "name", default)]
            name: u8,
            #[serde(skip_serializing_if = "out", default)]
            out: u8,
            #[serde(skip_serializing_if = "own", default)]
            own: u8,
            #[serde(skip_serializing_if = "pending", default)]
            pending: u8,
            #[serde(skip_serializing_if = "read", default)]
            read: u8,
            #[serde(skip_serializing_if = "reader", default)]
            reader: u8,
            #[serde(skip_serializing_if = "rest", default)]
            rest: u8,
            #[serde(skip_serializing_if = "seq", default)]
            seq: u8,
            #[serde(skip_serializing_if = "serializer", default)]
            serializer: u8,
            #[serde(skip_serializing_if = "slot", default)]
            slot: u8,
            #[serde(skip_serializing_if = "state", default)]
            state: u8,
            #[serde(skip_serializing_if = "tag", default)]
            tag: u8,
            #[serde(skip_serializing_if = "tree", default)]
            tree: u8,
            #[serde(skip_serializing_if = "value", default)]
            value: u8,
            #[serde(skip_serializing_if = "values", default)]
            values: u8,
            #[serde(skip_serializing_if = "variant", default)]
            variant: u8,
            #[serde(skip_serializing_if = "written", default)]
            written: u8,
            #[serde(skip_serializing_if = "wrapped", default)]
            wrapped: u8,
        },
    }
}

/// `#[serde(serialize_with = "name")]`.
mod serialize_withs {
    #![allow(dead_code, clippy::trivially_copy_pass_by_ref)]

    use ::serde_fastkit::FastFlatten;
    pub fn access<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn content<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn count<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn deserializer<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn f<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn field<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn held<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn index<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn key<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn leaf<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn leaves<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn map<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn name<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn out<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn own<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn pending<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn read<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn reader<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn rest<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn seq<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn serializer<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn slot<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn state<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn tag<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn tree<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn value<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn values<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn variant<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn written<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }
    pub fn wrapped<S: ::serde::Serializer>(
        value: &u8,
        serializer: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        serializer.serialize_u8(*value + 1)
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Inner {
        #[serde(serialize_with = "access")]
        pub access: u8,
        #[serde(serialize_with = "content")]
        pub content: u8,
        #[serde(serialize_with = "count")]
        pub count: u8,
        #[serde(serialize_with = "deserializer")]
        pub deserializer: u8,
        #[serde(serialize_with = "f")]
        pub f: u8,
        #[serde(serialize_with = "field")]
        pub field: u8,
        #[serde(serialize_with = "held")]
        pub held: u8,
        #[serde(serialize_with = "index")]
        pub index: u8,
        #[serde(serialize_with = "key")]
        pub key: u8,
        #[serde(serialize_with = "leaf")]
        pub leaf: u8,
        #[serde(serialize_with = "leaves")]
        pub leaves: u8,
        #[serde(serialize_with = "map")]
        pub map: u8,
        #[serde(serialize_with = "name")]
        pub name: u8,
        #[serde(serialize_with = "out")]
        pub out: u8,
        #[serde(serialize_with = "own")]
        pub own: u8,
        #[serde(serialize_with = "pending")]
        pub pending: u8,
        #[serde(serialize_with = "read")]
        pub read: u8,
        #[serde(serialize_with = "reader")]
        pub reader: u8,
        #[serde(serialize_with = "rest")]
        pub rest: u8,
        #[serde(serialize_with = "seq")]
        pub seq: u8,
        #[serde(serialize_with = "serializer")]
        pub serializer: u8,
        #[serde(serialize_with = "slot")]
        pub slot: u8,
        #[serde(serialize_with = "state")]
        pub state: u8,
        #[serde(serialize_with = "tag")]
        pub tag: u8,
        #[serde(serialize_with = "tree")]
        pub tree: u8,
        #[serde(serialize_with = "value")]
        pub value: u8,
        #[serde(serialize_with = "values")]
        pub values: u8,
        #[serde(serialize_with = "variant")]
        pub variant: u8,
        #[serde(serialize_with = "written")]
        pub written: u8,
        #[serde(serialize_with = "wrapped")]
        pub wrapped: u8,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(tag = "type")]
    pub enum Internal {
        Variant {
            #[serde(serialize_with = "access")]
            access: u8,
            #[serde(serialize_with = "content")]
            content: u8,
            #[serde(serialize_with = "count")]
            count: u8,
            #[serde(serialize_with = "deserializer")]
            deserializer: u8,
            #[serde(serialize_with = "f")]
            f: u8,
            #[serde(serialize_with = "field")]
            field: u8,
            #[serde(serialize_with = "held")]
            held: u8,
            #[serde(serialize_with = "index")]
            index: u8,
            #[serde(serialize_with = "key")]
            key: u8,
            #[serde(serialize_with = "leaf")]
            leaf: u8,
            #[serde(serialize_with = "leaves")]
            leaves: u8,
            #[serde(serialize_with = "map")]
            map: u8,
            #[serde(serialize_with = "name")]
            name: u8,
            #[serde(serialize_with = "out")]
            out: u8,
            #[serde(serialize_with = "own")]
            own: u8,
            #[serde(serialize_with = "pending")]
            pending: u8,
            #[serde(serialize_with = "read")]
            read: u8,
            #[serde(serialize_with = "reader")]
            reader: u8,
            #[serde(serialize_with = "rest")]
            rest: u8,
            #[serde(serialize_with = "seq")]
            seq: u8,
            #[serde(serialize_with = "serializer")]
            serializer: u8,
            #[serde(serialize_with = "slot")]
            slot: u8,
            #[serde(serialize_with = "state")]
            state: u8,
            #[serde(serialize_with = "tag")]
            tag: u8,
            #[serde(serialize_with = "tree")]
            tree: u8,
            #[serde(serialize_with = "value")]
            value: u8,
            #[serde(serialize_with = "values")]
            values: u8,
            #[serde(serialize_with = "variant")]
            variant: u8,
            #[serde(serialize_with = "written")]
            written: u8,
            #[serde(serialize_with = "wrapped")]
            wrapped: u8,
        },
    }
}

/// `#[serde(deserialize_with = "name")]`.
mod deserialize_withs {
    #![allow(dead_code)]

    use ::serde_fastkit::FastFlatten;
    pub fn access<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn content<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn count<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn deserializer<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn f<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn field<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn held<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn index<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn key<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn leaf<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn leaves<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn map<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn name<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn out<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn own<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn pending<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn read<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn reader<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn rest<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn seq<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn serializer<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn slot<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn state<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn tag<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn tree<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn value<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn values<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn variant<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn written<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }
    pub fn wrapped<'de, D: ::serde::Deserializer<'de>>(
        deserializer: D,
    ) -> ::std::result::Result<u8, D::Error> {
        <u8 as ::serde::Deserialize>::deserialize(deserializer).map(|value| value + 1)
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Inner {
        #[serde(deserialize_with = "access")]
        pub access: u8,
        #[serde(deserialize_with = "content")]
        pub content: u8,
        #[serde(deserialize_with = "count")]
        pub count: u8,
        #[serde(deserialize_with = "deserializer")]
        pub deserializer: u8,
        #[serde(deserialize_with = "f")]
        pub f: u8,
        #[serde(deserialize_with = "field")]
        pub field: u8,
        #[serde(deserialize_with = "held")]
        pub held: u8,
        #[serde(deserialize_with = "index")]
        pub index: u8,
        #[serde(deserialize_with = "key")]
        pub key: u8,
        #[serde(deserialize_with = "leaf")]
        pub leaf: u8,
        #[serde(deserialize_with = "leaves")]
        pub leaves: u8,
        #[serde(deserialize_with = "map")]
        pub map: u8,
        #[serde(deserialize_with = "name")]
        pub name: u8,
        #[serde(deserialize_with = "out")]
        pub out: u8,
        #[serde(deserialize_with = "own")]
        pub own: u8,
        #[serde(deserialize_with = "pending")]
        pub pending: u8,
        #[serde(deserialize_with = "read")]
        pub read: u8,
        #[serde(deserialize_with = "reader")]
        pub reader: u8,
        #[serde(deserialize_with = "rest")]
        pub rest: u8,
        #[serde(deserialize_with = "seq")]
        pub seq: u8,
        #[serde(deserialize_with = "serializer")]
        pub serializer: u8,
        #[serde(deserialize_with = "slot")]
        pub slot: u8,
        #[serde(deserialize_with = "state")]
        pub state: u8,
        #[serde(deserialize_with = "tag")]
        pub tag: u8,
        #[serde(deserialize_with = "tree")]
        pub tree: u8,
        #[serde(deserialize_with = "value")]
        pub value: u8,
        #[serde(deserialize_with = "values")]
        pub values: u8,
        #[serde(deserialize_with = "variant")]
        pub variant: u8,
        #[serde(deserialize_with = "written")]
        pub written: u8,
        #[serde(deserialize_with = "wrapped")]
        pub wrapped: u8,
    }

    #[derive(FastFlatten, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[serde(tag = "type")]
    pub enum Internal {
        Variant {
            #[serde(deserialize_with = "access")]
            access: u8,
            #[serde(deserialize_with = "content")]
            content: u8,
            #[serde(deserialize_with = "count")]
            count: u8,
            #[serde(deserialize_with = "deserializer")]
            deserializer: u8,
            #[serde(deserialize_with = "f")]
            f: u8,
            #[serde(deserialize_with = "field")]
            field: u8,
            #[serde(deserialize_with = "held")]
            held: u8,
            #[serde(deserialize_with = "index")]
            index: u8,
            #[serde(deserialize_with = "key")]
            key: u8,
            #[serde(deserialize_with = "leaf")]
            leaf: u8,
            #[serde(deserialize_with = "leaves")]
            leaves: u8,
            #[serde(deserialize_with = "map")]
            map: u8,
            #[serde(deserialize_with = "name")]
            name: u8,
            #[serde(deserialize_with = "out")]
            out: u8,
            #[serde(deserialize_with = "own")]
            own: u8,
            #[serde(deserialize_with = "pending")]
            pending: u8,
            #[serde(deserialize_with = "read")]
            read: u8,
            #[serde(deserialize_with = "reader")]
            reader: u8,
            #[serde(deserialize_with = "rest")]
            rest: u8,
            #[serde(deserialize_with = "seq")]
            seq: u8,
            #[serde(deserialize_with = "serializer")]
            serializer: u8,
            #[serde(deserialize_with = "slot")]
            slot: u8,
            #[serde(deserialize_with = "state")]
            state: u8,
            #[serde(deserialize_with = "tag")]
            tag: u8,
            #[serde(deserialize_with = "tree")]
            tree: u8,
            #[serde(deserialize_with = "value")]
            value: u8,
            #[serde(deserialize_with = "values")]
            values: u8,
            #[serde(deserialize_with = "variant")]
            variant: u8,
            #[serde(deserialize_with = "written")]
            written: u8,
            #[serde(deserialize_with = "wrapped")]
            wrapped: u8,
        },
    }
}

/// The fields' values, by name, as JSON: every function above was called.
fn every_field(value: &::serde_json::Value, expected: u8) {
    for name in NAMES {
        ::std::assert_eq!(value[name], expected, "{name}");
    }
}

/// The names the functions above are given.
const NAMES: [&str; 30] = [
    "access",
    "content",
    "count",
    "deserializer",
    "f",
    "field",
    "held",
    "index",
    "key",
    "leaf",
    "leaves",
    "map",
    "name",
    "out",
    "own",
    "pending",
    "read",
    "reader",
    "rest",
    "seq",
    "serializer",
    "slot",
    "state",
    "tag",
    "tree",
    "value",
    "values",
    "variant",
    "written",
    "wrapped",
];

#[test]
fn user_functions_named_like_the_expansions_locals() {
    // Every default is the user's function's 7.
    let outer: defaults::Outer = ::serde_json::from_str(r#"{"first":1}"#).unwrap();
    every_field(&::serde_json::to_value(&outer).unwrap(), 7);
    let internal: defaults::Internal = ::serde_json::from_str(r#"{"type":"Variant"}"#).unwrap();
    every_field(&::serde_json::to_value(&internal).unwrap(), 7);
    let external: defaults::External = ::serde_json::from_str(r#"{"Variant":{}}"#).unwrap();
    every_field(&::serde_json::to_value(&external).unwrap()["Variant"], 7);
    let adjacent: defaults::Adjacent =
        ::serde_json::from_str(r#"{"type":"Variant","data":{}}"#).unwrap();
    every_field(&::serde_json::to_value(&adjacent).unwrap()["data"], 7);
    let untagged: defaults::Untagged = ::serde_json::from_str("{}").unwrap();
    every_field(&::serde_json::to_value(&untagged).unwrap(), 7);
    let flattened: defaults::FlattensEnums =
        ::serde_json::from_str(r#"{"type":"Variant"}"#).unwrap();
    every_field(&::serde_json::to_value(&flattened).unwrap(), 7);
    let in_place: defaults::InPlace = ::serde_json::from_str("{}").unwrap();
    ::std::assert_eq!(
        ::serde_json::to_string(&in_place).unwrap(),
        r#"{"plain":1,"slot":7,"map":7,"state":7,"value":7,"leaf":7}"#
    );

    // Every field is 0 and skipped by the user's function.
    let skipped: skip_ifs::Outer = ::serde_json::from_str("{}").unwrap();
    ::std::assert_eq!(::serde_json::to_string(&skipped).unwrap(), "{}");
    let skipped: skip_ifs::Internal = ::serde_json::from_str(r#"{"type":"Variant"}"#).unwrap();
    ::std::assert_eq!(
        ::serde_json::to_string(&skipped).unwrap(),
        r#"{"type":"Variant"}"#
    );
    let skipped: skip_ifs::External = ::serde_json::from_str(r#"{"Variant":{}}"#).unwrap();
    ::std::assert_eq!(
        ::serde_json::to_string(&skipped).unwrap(),
        r#"{"Variant":{}}"#
    );

    // Read through the user's functions (0 read as 1), written through them (1 written as 2).
    let mut zeros = ::serde_json::Map::new();
    for name in NAMES {
        zeros.insert(
            ::std::string::ToString::to_string(name),
            ::serde_json::json!(0),
        );
    }
    let zeros = ::serde_json::Value::Object(zeros);
    let read: deserialize_withs::Inner =
        ::serde_json::from_value(::std::clone::Clone::clone(&zeros)).unwrap();
    every_field(&::serde_json::to_value(&read).unwrap(), 1);
    let mut tagged = zeros;
    tagged["type"] = ::serde_json::json!("Variant");
    let read: deserialize_withs::Internal =
        ::serde_json::from_value(::std::clone::Clone::clone(&tagged)).unwrap();
    every_field(&::serde_json::to_value(&read).unwrap(), 1);
    let ones: serialize_withs::Internal = ::serde_json::from_value(tagged).unwrap();
    every_field(&::serde_json::to_value(&ones).unwrap(), 1);
}

/// Constants named like the expansion's parameters and locals: a binding that is not
/// `__`-prefixed would read as the constant (a pattern) and fail to compile, as serde's derive
/// does not.
mod constants {
    #![allow(dead_code, non_upper_case_globals)]

    use ::serde_fastkit::FastFlatten;

    const key: u8 = 0;
    const slot: u8 = 0;
    const map: u8 = 0;
    const own: u8 = 0;
    const value: u8 = 0;
    const wrapped: u8 = 0;
    const state: u8 = 0;
    const leaves: u8 = 0;
    const held: u8 = 0;
    const mode: u8 = 0;
    const name: u8 = 0;
    const index: u8 = 0;
    const content: u8 = 0;
    const f: u8 = 0;
    const seq: u8 = 0;
    const access: u8 = 0;
    const rest: u8 = 0;

    fn doubled<'de, D: ::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<u32, D::Error> {
        <u32 as ::serde::Deserialize>::deserialize(d).map(|n| n * 2)
    }

    #[derive(FastFlatten)]
    pub struct Outer {
        id: u32,
        #[serde(deserialize_with = "doubled")]
        twice: u32,
        #[serde(flatten)]
        inner: Inner,
        #[serde(flatten)]
        kind: Kind,
        #[serde(flatten)]
        rest: ::std::collections::BTreeMap<::std::string::String, u32>,
    }

    #[derive(FastFlatten)]
    pub struct Inner {
        name: u32,
        #[serde(deserialize_with = "doubled")]
        more: u32,
    }

    #[derive(FastFlatten)]
    #[serde(tag = "type")]
    pub enum Kind {
        A { a: u32 },
        B(Other),
    }

    #[derive(FastFlatten)]
    pub struct Other {
        other: u32,
    }

    #[derive(FastFlatten)]
    pub enum External {
        A { a: u32 },
        B(u32),
        C(u32, u32),
        D,
    }

    #[derive(FastFlatten)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        A { a: u32 },
        B(u32),
        C(u32, u32),
        D,
    }

    #[derive(FastFlatten)]
    #[serde(untagged)]
    pub enum Either {
        A { a: u32 },
        B(u32),
    }

    #[derive(FastFlatten)]
    pub struct Enums {
        #[serde(flatten)]
        adjacent: Adjacent,
        #[serde(flatten)]
        either: ::std::option::Option<Either>,
        #[serde(flatten)]
        external: External,
    }

    #[derive(FastFlatten)]
    pub struct Unit;

    #[derive(FastFlatten)]
    #[serde(default)]
    pub struct Defaulted {
        a: ::std::option::Option<u32>,
        #[serde(flatten)]
        unit: Unit,
    }

    impl ::std::default::Default for Unit {
        fn default() -> Self {
            Unit
        }
    }

    impl ::std::default::Default for Defaulted {
        fn default() -> Self {
            Defaulted {
                a: ::std::option::Option::None,
                unit: Unit,
            }
        }
    }
}
