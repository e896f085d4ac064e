//! One half at a time: `FastDeserialize` and `FastSerialize` against serde's derive. Read-only
//! and write-only trees (a flattened struct, an `Option`, a catch-all, flattened enums of each
//! representation), each read or written beside its serde twin on every self-describing format
//! of the table; a type deriving both halves separately, roundtripped on every format (bincode 2
//! and postcard among them) and written byte for byte as `FastFlatten` writes it; and a type
//! pairing a `Fast*` half with serde's derive or a hand-written impl.

use std::fmt::Debug;

use fastkit_support::common::doc::Doc;
use fastkit_support::common::formats::{visit_formats, Format, FormatVisitor};
use fastkit_support::common::twins::read_twins;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The same items, derived by the given derives (`(A, B)`) in `fast` and by serde's in `twin`.
macro_rules! twins {
    ($name:ident $derives:tt { $($item:item)* }) => {
        // Each test builds the values it needs of each copy.
        #[allow(dead_code)]
        mod $name {
            pub mod fast {
                #[allow(unused_imports)]
                use std::collections::BTreeMap;
                $(
                    #[derive $derives]
                    $item
                )*
            }
            pub mod twin {
                #[allow(unused_imports)]
                use std::collections::BTreeMap;
                $(
                    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
                    $item
                )*
            }
        }
    };
}

/// The trees of this file, as a macro so that each pairing of derives gets its own copy.
macro_rules! trees {
    ($name:ident $derives:tt) => {
        twins!($name $derives {
            pub struct Event {
                pub id: u32,
                #[serde(flatten)]
                pub meta: Meta,
                #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
                pub trace: Option<Trace>,
                #[serde(flatten)]
                pub kind: Kind,
                #[serde(flatten)]
                pub rest: BTreeMap<String, u32>,
            }

            pub struct Meta {
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub source: Option<String>,
                #[serde(rename = "at")]
                pub time: u64,
            }

            pub struct Trace {
                pub span: u32,
            }

            #[serde(tag = "type")]
            pub enum Kind {
                Created { by: String },
                Deleted,
                Moved(Target),
            }

            pub struct Target {
                pub to: String,
            }

            pub struct Shapes {
                pub n: u8,
                #[serde(flatten)]
                pub external: External,
                #[serde(flatten)]
                pub adjacent: Adjacent,
                #[serde(flatten)]
                pub untagged: Untagged,
            }

            pub enum External {
                E1 { e: u32 },
                E2(u8),
            }

            #[serde(tag = "t", content = "c")]
            pub enum Adjacent {
                A1 { a: u32 },
                A2,
            }

            #[serde(untagged)]
            pub enum Untagged {
                U1 { u1: u32 },
                U2 { u2: String },
            }
        });
    };
}

trees!(read_only(serde_fastkit::FastDeserialize, Debug, PartialEq));
trees!(write_only(serde_fastkit::FastSerialize, Debug, PartialEq));
trees!(both_halves(
    serde_fastkit::FastDeserialize,
    serde_fastkit::FastSerialize,
    Debug,
    PartialEq
));
trees!(fast_flatten(serde_fastkit::FastFlatten, Debug, PartialEq));

fn num(n: u64) -> Doc {
    Doc::U64(n)
}

/// Inputs for `Event`: keys in several orders, absent and unknown ones, each variant.
fn event_docs() -> Vec<Doc> {
    vec![
        Doc::map([
            ("id", num(1)),
            ("at", num(5)),
            ("type", Doc::str("Created")),
            ("by", Doc::str("ann")),
        ]),
        Doc::map([
            ("x", num(9)),
            ("by", Doc::str("bo")),
            ("source", Doc::str("web")),
            ("type", Doc::str("Created")),
            ("span", num(3)),
            ("at", num(5)),
            ("id", num(2)),
        ]),
        Doc::map([
            ("type", Doc::str("Moved")),
            ("to", Doc::str("b")),
            ("id", num(3)),
            ("at", num(1)),
            ("span", Doc::str("not a number")),
        ]),
        Doc::map([
            ("type", Doc::str("Deleted")),
            ("id", num(4)),
            ("at", num(0)),
        ]),
        // Missing `at`; an unknown variant.
        Doc::map([("type", Doc::str("Deleted")), ("id", num(4))]),
        Doc::map([("type", Doc::str("Gone")), ("id", num(4)), ("at", num(0))]),
    ]
}

/// Inputs for `Shapes`.
fn shapes_docs() -> Vec<Doc> {
    vec![
        Doc::map([
            ("n", num(1)),
            ("E1", Doc::map([("e", num(2))])),
            ("t", Doc::str("A1")),
            ("c", Doc::map([("a", num(3))])),
            ("u1", num(4)),
        ]),
        Doc::map([
            ("u2", Doc::str("x")),
            ("t", Doc::str("A2")),
            ("E2", num(7)),
            ("n", num(0)),
        ]),
        Doc::map([("n", num(1)), ("t", Doc::str("A2"))]),
    ]
}

/// A `Deserialize`-only tree reads every input as serde's derive reads it.
#[test]
fn a_read_only_tree_reads_as_serde_reads() {
    for doc in event_docs() {
        read_twins::<read_only::fast::Event, read_only::twin::Event>(&doc)
            .assert_agree(&format!("{doc:?}"));
    }
    for doc in shapes_docs() {
        read_twins::<read_only::fast::Shapes, read_only::twin::Shapes>(&doc)
            .assert_agree(&format!("{doc:?}"));
    }
}

/// Writes `fast` and `twin` on every self-describing format that keys fields by name: the same
/// bytes, or (FastFlatten may write a struct where serde's derive writes a map) the same value
/// when both are read back as any value (`serde_json::Value`).
fn writes_alike<O: Serialize, T: Serialize>(fast: &O, twin: &T) {
    struct Writer<'a, O, T>(&'a O, &'a T);
    impl<O: Serialize, T: Serialize> FormatVisitor for Writer<'_, O, T> {
        fn visit<F: Format>(&mut self) {
            if !F::SELF_DESCRIBING || !F::KEYS_ARE_NAMES {
                return;
            }
            let ours = F::encode(self.0).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
            let theirs = F::encode(self.1).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
            if ours == theirs {
                return;
            }
            let read_ours: serde_json::Value =
                F::decode(&ours).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
            let read_theirs: serde_json::Value = F::decode(&theirs).unwrap();
            assert_eq!(read_ours, read_theirs, "{}", F::NAME);
        }
    }
    visit_formats(&mut Writer(fast, twin));
}

/// A `Serialize`-only tree writes what serde's derive writes.
#[test]
fn a_write_only_tree_writes_as_serde_writes() {
    use write_only::{fast, twin};
    let rest = [("x".to_owned(), 9)].into_iter().collect();
    let fast = fast::Event {
        id: 1,
        meta: fast::Meta {
            source: Some("web".into()),
            time: 5,
        },
        trace: Some(fast::Trace { span: 3 }),
        kind: fast::Kind::Moved(fast::Target { to: "b".into() }),
        rest,
    };
    let twin = twin::Event {
        id: 1,
        meta: twin::Meta {
            source: Some("web".into()),
            time: 5,
        },
        trace: Some(twin::Trace { span: 3 }),
        kind: twin::Kind::Moved(twin::Target { to: "b".into() }),
        rest: [("x".to_owned(), 9)].into_iter().collect(),
    };
    writes_alike(&fast, &twin);
    let fast = fast::Shapes {
        n: 1,
        external: fast::External::E2(7),
        adjacent: fast::Adjacent::A1 { a: 3 },
        untagged: fast::Untagged::U2 { u2: "x".into() },
    };
    let twin = twin::Shapes {
        n: 1,
        external: twin::External::E2(7),
        adjacent: twin::Adjacent::A1 { a: 3 },
        untagged: twin::Untagged::U2 { u2: "x".into() },
    };
    writes_alike(&fast, &twin);
}

/// The two halves derived apart make `FastFlatten`: the same bytes on every format, and a
/// roundtrip wherever `FastFlatten`'s does (bincode 2 and postcard among them).
#[test]
fn both_halves_derived_apart_are_fast_flatten() {
    /// `ours` (the halves derived apart) and `theirs` (`FastFlatten`) write the same bytes on
    /// `F`, or both fail to; and read them back alike.
    fn written_and_read_alike<F, H, W>(ours: &H, theirs: &W)
    where
        F: Format,
        H: Serialize + DeserializeOwned + PartialEq + Debug,
        W: Serialize + DeserializeOwned,
    {
        let (ours_bytes, their_bytes) = (F::encode(ours), F::encode(theirs));
        assert_eq!(ours_bytes, their_bytes, "{}", F::NAME);
        let Ok(bytes) = ours_bytes else {
            return;
        };
        let whole_read = F::decode::<W>(&bytes);
        let halves_read = F::decode::<H>(&bytes);
        assert_eq!(whole_read.is_ok(), halves_read.is_ok(), "{}", F::NAME);
        if whole_read.is_ok() {
            assert_eq!(&halves_read.unwrap(), ours, "{}", F::NAME);
        }
    }

    struct Roundtrip;
    impl FormatVisitor for Roundtrip {
        fn visit<F: Format>(&mut self) {
            // bitcode's encoder panics on a sequence of an enum's variants of different shapes
            // (the guide's limits), for `FastFlatten` as for the halves.
            if F::NAME == "bitcode" {
                return;
            }
            use both_halves::fast as halves;
            use fast_flatten::fast as whole;
            let ours = halves::Shapes {
                n: 1,
                external: halves::External::E1 { e: 2 },
                adjacent: halves::Adjacent::A2,
                untagged: halves::Untagged::U1 { u1: 4 },
            };
            let theirs = whole::Shapes {
                n: 1,
                external: whole::External::E1 { e: 2 },
                adjacent: whole::Adjacent::A2,
                untagged: whole::Untagged::U1 { u1: 4 },
            };
            written_and_read_alike::<F, _, _>(&ours, &theirs);

            let ours = halves::Event {
                id: 2,
                meta: halves::Meta {
                    source: None,
                    time: 5,
                },
                trace: None,
                kind: halves::Kind::Created { by: "ann".into() },
                rest: Default::default(),
            };
            let theirs = whole::Event {
                id: 2,
                meta: whole::Meta {
                    source: None,
                    time: 5,
                },
                trace: None,
                kind: whole::Kind::Created { by: "ann".into() },
                rest: Default::default(),
            };
            written_and_read_alike::<F, _, _>(&ours, &theirs);
        }
    }
    visit_formats(&mut Roundtrip);
}

/// `FastDeserialize` beside serde's `Serialize`: read in place, written by serde.
#[test]
fn fast_deserialize_beside_serdes_serialize() {
    #[derive(serde_fastkit::FastDeserialize, serde::Serialize, Debug, PartialEq)]
    struct Record {
        id: u32,
        #[serde(flatten)]
        meta: Stamp,
    }

    #[derive(serde_fastkit::FastDeserialize, serde::Serialize, Debug, PartialEq)]
    struct Stamp {
        at: u64,
    }

    let record = Record {
        id: 1,
        meta: Stamp { at: 2 },
    };
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(json, r#"{"id":1,"at":2}"#);
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
    let doc = Doc::map([("at", num(2)), ("id", num(1))]);
    read_twins::<Record, Record>(&doc).assert_agree("Record");
}

/// `FastSerialize` beside a hand-written `Deserialize` (alloy's `ExecutionPayloadV3`: the
/// derived `Serialize` flattens, the `Deserialize` is the crate's own).
#[test]
fn fast_serialize_beside_a_hand_written_deserialize() {
    use serde::de::{Deserialize, Deserializer};

    #[derive(serde_fastkit::FastSerialize, Debug, PartialEq)]
    struct PayloadV3 {
        #[serde(flatten)]
        v2: PayloadV2,
        blob_gas_used: u64,
    }

    #[derive(serde_fastkit::FastSerialize, serde::Deserialize, Debug, PartialEq)]
    struct PayloadV2 {
        block_number: u64,
    }

    impl<'de> Deserialize<'de> for PayloadV3 {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            #[derive(serde::Deserialize)]
            struct Helper {
                #[serde(flatten)]
                v2: PayloadV2,
                blob_gas_used: u64,
            }
            let Helper { v2, blob_gas_used } = Helper::deserialize(deserializer)?;
            Ok(PayloadV3 { v2, blob_gas_used })
        }
    }

    let payload = PayloadV3 {
        v2: PayloadV2 { block_number: 7 },
        blob_gas_used: 3,
    };
    let json = serde_json::to_string(&payload).unwrap();
    assert_eq!(json, r#"{"block_number":7,"blob_gas_used":3}"#);
    assert_eq!(serde_json::from_str::<PayloadV3>(&json).unwrap(), payload);
}

/// Each representation of enums, not flattened, one half at a time: read as serde reads it,
/// written as serde writes it.
#[test]
fn enums_of_each_representation_one_half_at_a_time() {
    macro_rules! reads {
        ($ty:ident, $($doc:expr),*) => {
            $(
                let doc = $doc;
                read_twins::<read_only::fast::$ty, read_only::twin::$ty>(&doc)
                    .assert_agree(&format!("{} {doc:?}", stringify!($ty)));
            )*
        };
    }
    reads!(
        Kind,
        Doc::map([("type", Doc::str("Created")), ("by", Doc::str("a"))]),
        Doc::map([("by", Doc::str("a")), ("type", Doc::str("Created"))]),
        Doc::map([("type", Doc::str("Moved")), ("to", Doc::str("b"))]),
        Doc::map([("type", Doc::str("Deleted"))])
    );
    reads!(
        External,
        Doc::map([("E1", Doc::map([("e", num(1))]))]),
        Doc::map([("E2", num(3))])
    );
    reads!(
        Adjacent,
        Doc::map([("t", Doc::str("A1")), ("c", Doc::map([("a", num(1))]))]),
        Doc::map([("c", Doc::map([("a", num(1))])), ("t", Doc::str("A1"))]),
        Doc::map([("t", Doc::str("A2"))])
    );
    reads!(
        Untagged,
        Doc::map([("u1", num(1))]),
        Doc::map([("u2", Doc::str("x"))]),
        Doc::map([("u3", num(1))])
    );

    use write_only::{fast, twin};
    writes_alike(
        &fast::Kind::Created { by: "a".into() },
        &twin::Kind::Created { by: "a".into() },
    );
    writes_alike(&fast::Kind::Deleted, &twin::Kind::Deleted);
    writes_alike(
        &fast::Kind::Moved(fast::Target { to: "b".into() }),
        &twin::Kind::Moved(twin::Target { to: "b".into() }),
    );
    writes_alike(&fast::External::E1 { e: 1 }, &twin::External::E1 { e: 1 });
    writes_alike(&fast::External::E2(3), &twin::External::E2(3));
    writes_alike(&fast::Adjacent::A1 { a: 1 }, &twin::Adjacent::A1 { a: 1 });
    writes_alike(&fast::Adjacent::A2, &twin::Adjacent::A2);
    writes_alike(&fast::Untagged::U1 { u1: 1 }, &twin::Untagged::U1 { u1: 1 });
    writes_alike(
        &fast::Untagged::U2 { u2: "x".into() },
        &twin::Untagged::U2 { u2: "x".into() },
    );
}

/// Unit, newtype and tuple structs, one half at a time, beside serde's other half.
#[test]
fn unit_and_tuple_structs_one_half_at_a_time() {
    #[derive(serde_fastkit::FastDeserialize, serde::Serialize, Debug, PartialEq)]
    struct UnitRead;

    #[derive(serde_fastkit::FastSerialize, serde::Deserialize, Debug, PartialEq)]
    struct UnitWritten;

    #[derive(serde_fastkit::FastDeserialize, serde::Serialize, Debug, PartialEq)]
    struct NewtypeRead(u32);

    #[derive(serde_fastkit::FastSerialize, serde::Deserialize, Debug, PartialEq)]
    struct TupleWritten(u8, String);

    assert_eq!(serde_json::from_str::<UnitRead>("null").unwrap(), UnitRead);
    assert_eq!(serde_json::to_string(&UnitRead).unwrap(), "null");
    assert_eq!(serde_json::to_string(&UnitWritten).unwrap(), "null");
    assert_eq!(
        serde_json::from_str::<UnitWritten>("null").unwrap(),
        UnitWritten
    );
    assert_eq!(
        serde_json::from_str::<NewtypeRead>("7").unwrap(),
        NewtypeRead(7)
    );
    assert_eq!(serde_json::to_string(&NewtypeRead(7)).unwrap(), "7");
    let tuple = TupleWritten(1, "a".into());
    assert_eq!(serde_json::to_string(&tuple).unwrap(), r#"[1,"a"]"#);
    assert_eq!(
        serde_json::from_str::<TupleWritten>(r#"[1,"a"]"#).unwrap(),
        tuple
    );
}

/// Another crate's type, as `#[serde(remote)]` sees it: a private field read through a getter.
#[derive(Debug, PartialEq)]
pub struct Span {
    pub start: u32,
    len: u32,
}

impl Span {
    fn len(&self) -> u32 {
        self.len
    }
}

/// A remote definition of one half: `FastDeserialize` writes `deserialize` alone, `FastSerialize`
/// `serialize` alone (with a getter), as serde's derive of that trait does; each half reads and
/// writes as serde's remote derive does.
#[test]
fn remote_definitions_one_half_at_a_time() {
    #[derive(serde_fastkit::FastDeserialize)]
    #[serde(remote = "Span")]
    struct SpanRead {
        start: u32,
        len: u32,
    }

    impl From<SpanRead> for Span {
        fn from(def: SpanRead) -> Span {
            Span {
                start: def.start,
                len: def.len,
            }
        }
    }

    // Never built: serde's remote derive leaves the definition unused too.
    #[allow(dead_code)]
    #[derive(serde_fastkit::FastSerialize)]
    #[serde(remote = "Span", rename_all = "UPPERCASE")]
    struct SpanWritten {
        start: u32,
        #[serde(getter = "Span::len")]
        len: u32,
    }

    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Read {
        #[serde(with = "SpanRead")]
        span: Span,
    }

    #[derive(serde::Serialize)]
    struct Written<'a> {
        #[serde(with = "SpanWritten")]
        span: &'a Span,
    }

    let read: Read = serde_json::from_str(r#"{"span":{"start":1,"len":2}}"#).unwrap();
    assert_eq!(read.span, Span { start: 1, len: 2 });
    let error = serde_json::from_str::<Read>(r#"{"span":{"start":1}}"#).unwrap_err();
    assert_eq!(error.to_string(), "missing field `len` at line 1 column 19");
    let written = serde_json::to_string(&Written { span: &read.span }).unwrap();
    assert_eq!(written, r#"{"span":{"START":1,"LEN":2}}"#);
}

/// Identifier enums are only read (serde's derive cannot write them): `FastDeserialize` reads
/// them as serde's derive does, names, aliases, the fallback variant and indices alike.
#[test]
fn identifier_enums_read_as_serde_reads_them() {
    #[derive(serde_fastkit::FastDeserialize, Debug, PartialEq)]
    #[serde(field_identifier, rename_all = "lowercase")]
    enum Field {
        Name,
        #[serde(alias = "n")]
        Number,
        Other(String),
    }

    #[derive(serde::Deserialize, Debug, PartialEq)]
    #[serde(field_identifier, rename_all = "lowercase")]
    enum TwinField {
        Name,
        #[serde(alias = "n")]
        Number,
        Other(String),
    }

    #[derive(serde_fastkit::FastDeserialize, Debug, PartialEq)]
    #[serde(variant_identifier)]
    enum Kind {
        A,
        B,
    }

    #[derive(serde::Deserialize, Debug, PartialEq)]
    #[serde(variant_identifier)]
    enum TwinKind {
        A,
        B,
    }

    for input in [r#"["name","n","zzz",1]"#, r#"["number"]"#, r#"[true]"#] {
        let fast = serde_json::from_str::<Vec<Field>>(input).map(|v| format!("{v:?}"));
        let twin = serde_json::from_str::<Vec<TwinField>>(input).map(|v| format!("{v:?}"));
        assert_eq!(
            fast.map_err(|e| e.to_string()),
            twin.map_err(|e| e.to_string()),
            "{input}"
        );
    }
    for input in [r#"["A","B",1]"#, r#"["C"]"#, r#"[2]"#] {
        let fast = serde_json::from_str::<Vec<Kind>>(input).map(|v| format!("{v:?}"));
        let twin = serde_json::from_str::<Vec<TwinKind>>(input).map(|v| format!("{v:?}"));
        assert_eq!(
            fast.map_err(|e| e.to_string()),
            twin.map_err(|e| e.to_string()),
            "{input}"
        );
    }
}
