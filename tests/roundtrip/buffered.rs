//! Flattening a type that does not implement the flatten traits (another crate's struct or
//! enum, a hand-written `Deserialize`, `serde_json::Value`): `#[fast_flatten(buffered)]`, and
//! `flatten` with `with`, `serialize_with`, `deserialize_with` or `skip_serializing_if`. Each
//! shape reads and writes as serde's flatten of the same shape (byte-identical output on every
//! format where serde's flatten writes what a struct writes; each reads the other's output on
//! every self-describing format), and the buffered field holds only the keys it takes.

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;
use serde_json::Value;

use crate::common::formats::{visit_formats, FormatVisitor};
use crate::format::{differences_from_serde_flatten, Format};

/// Types of "another crate": serde's derive or a hand-written `Deserialize`, no flatten traits.
mod foreign {
    use serde::de::{self, MapAccess, Visitor};
    use serde::{Deserialize, Deserializer, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Audit {
        pub created_by: String,
        #[serde(default)]
        pub revision: u32,
    }

    /// Externally tagged: takes the key naming its variant.
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(rename_all = "snake_case")]
    pub enum Payment {
        Card { last4: String },
        Cash(u64),
    }

    /// Internally tagged: reads a map, so it sees every unclaimed key.
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(tag = "shape")]
    pub enum Shape {
        Circle { radius: u32 },
        Square { side: u32 },
    }

    /// A hand-written `Deserialize` reading `{"lat": .., "lon": ..}` through
    /// `deserialize_struct`, as a user's own impl would.
    #[derive(Serialize, Clone, Debug, PartialEq)]
    pub struct Position {
        pub lat: i32,
        pub lon: i32,
    }

    impl<'de> Deserialize<'de> for Position {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct PositionVisitor;

            impl<'de> Visitor<'de> for PositionVisitor {
                type Value = Position;

                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a position")
                }

                fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Position, M::Error> {
                    let (mut lat, mut lon) = (None, None);
                    while let Some(key) = map.next_key::<String>()? {
                        match key.as_str() {
                            "lat" => lat = Some(map.next_value()?),
                            "lon" => lon = Some(map.next_value()?),
                            _ => {
                                map.next_value::<de::IgnoredAny>()?;
                            }
                        }
                    }
                    Ok(Position {
                        lat: lat.ok_or_else(|| de::Error::missing_field("lat"))?,
                        lon: lon.ok_or_else(|| de::Error::missing_field("lon"))?,
                    })
                }
            }

            deserializer.deserialize_struct("Position", &["lat", "lon"], PositionVisitor)
        }
    }

    /// A unit struct: takes no key, writes nothing.
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Marker;
}

/// `flatten, with = "upper_audit"`: the audit written with its author upper-cased, read back
/// lower-cased, through functions handed serde's flatten (de)serializers.
mod upper_audit {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::foreign::Audit;

    pub fn serialize<S: Serializer>(audit: &Audit, serializer: S) -> Result<S::Ok, S::Error> {
        Audit {
            created_by: audit.created_by.to_uppercase(),
            revision: audit.revision,
        }
        .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Audit, D::Error> {
        let audit = Audit::deserialize(deserializer)?;
        Ok(Audit {
            created_by: audit.created_by.to_lowercase(),
            ..audit
        })
    }
}

/// A FastFlatten struct flattened beside the buffered fields: it stays unbuffered.
#[derive(FastFlatten, Clone, Debug, PartialEq)]
struct Pair {
    x: i32,
    y: i32,
}

/// serde's twin of [`Pair`].
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct PairTwin {
    x: i32,
    y: i32,
}

/// Defines a shape twice: with FastFlatten (`[buffered]` becomes `#[fast_flatten(buffered)]`) and
/// with serde's derive; each field is `name: fast type => twin type`.
macro_rules! twins {
    (
        $(#[$meta:meta])*
        struct $fast:ident / $twin:ident {
            $(
                $(#[serde($($serde:tt)*)])*
                $([$buffered:ident])?
                $field:ident: $fast_ty:ty => $twin_ty:ty,
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(FastFlatten, Clone, Debug, PartialEq)]
        struct $fast {
            $(
                $(#[serde($($serde)*)])*
                $(#[fast_flatten($buffered)])?
                $field: $fast_ty,
            )*
        }

        $(#[$meta])*
        #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
        struct $twin {
            $(
                $(#[serde($($serde)*)])*
                $field: $twin_ty,
            )*
        }

        impl From<&$fast> for $twin {
            fn from(value: &$fast) -> $twin {
                $twin { $($field: twin_of(value.$field.clone()),)* }
            }
        }
    };
}

/// The twin of a field value: the same value, or `Pair` as `PairTwin`.
trait TwinOf<T> {
    fn twin(self) -> T;
}

impl<T> TwinOf<T> for T {
    fn twin(self) -> T {
        self
    }
}

impl TwinOf<PairTwin> for Pair {
    fn twin(self) -> PairTwin {
        PairTwin {
            x: self.x,
            y: self.y,
        }
    }
}

impl TwinOf<Option<PairTwin>> for Option<Pair> {
    fn twin(self) -> Option<PairTwin> {
        self.map(TwinOf::twin)
    }
}

fn twin_of<A: TwinOf<B>, B>(value: A) -> B {
    value.twin()
}

twins! {
    /// A foreign struct, a FastFlatten struct, a foreign externally tagged enum and a catch-all
    /// map that receives what none of them takes.
    struct Order / OrderTwin {
        id: u64 => u64,
        #[serde(flatten)] [buffered] audit: foreign::Audit => foreign::Audit,
        #[serde(flatten)] pair: Pair => PairTwin,
        #[serde(flatten)] [buffered] payment: foreign::Payment => foreign::Payment,
        #[serde(flatten)] extra: BTreeMap<String, String> => BTreeMap<String, String>,
    }
}

twins! {
    /// A foreign internally tagged enum (which reads every unclaimed key), a hand-written
    /// `Deserialize`, an optional foreign struct and a unit struct.
    struct Drawing / DrawingTwin {
        name: String => String,
        #[serde(flatten)] [buffered] shape: foreign::Shape => foreign::Shape,
        #[serde(flatten)] [buffered] at: foreign::Position => foreign::Position,
        #[serde(flatten)] [buffered] audit: Option<foreign::Audit> => Option<foreign::Audit>,
        #[serde(flatten)] [buffered] marker: foreign::Marker => foreign::Marker,
    }
}

twins! {
    /// `serde_json::Value` as the catch-all, read as serde reads it.
    struct Document / DocumentTwin {
        id: u64 => u64,
        #[serde(flatten)] [buffered] rest: Value => Value,
    }
}

twins! {
    /// Only names taken beside the leaves (a foreign struct and externally tagged enum, no map):
    /// the keys are read as field names, as serde's derive reads them.
    struct Invoice / InvoiceTwin {
        id: u64 => u64,
        #[serde(flatten)] [buffered] audit: foreign::Audit => foreign::Audit,
        #[serde(flatten)] pair: Pair => PairTwin,
        #[serde(flatten)] [buffered] payment: foreign::Payment => foreign::Payment,
    }
}

twins! {
    /// `flatten` with `with`, and with `skip_serializing_if` on a flattened `Option`.
    struct Withs / WithsTwin {
        id: u64 => u64,
        #[serde(flatten, with = "upper_audit")] audit: foreign::Audit => foreign::Audit,
        #[serde(flatten, skip_serializing_if = "Option::is_none")]
        pair: Option<Pair> => Option<PairTwin>,
    }
}

fn audit(by: &str) -> foreign::Audit {
    foreign::Audit {
        created_by: by.into(),
        revision: 3,
    }
}

fn orders() -> Vec<Order> {
    vec![
        Order {
            id: 1,
            audit: audit("ann"),
            pair: Pair { x: 1, y: -1 },
            payment: foreign::Payment::Card {
                last4: "4242".into(),
            },
            extra: BTreeMap::from([("note".into(), "fragile".into())]),
        },
        Order {
            id: 2,
            audit: audit("bob"),
            pair: Pair { x: 0, y: 0 },
            payment: foreign::Payment::Cash(500),
            extra: BTreeMap::new(),
        },
    ]
}

fn drawings() -> Vec<Drawing> {
    vec![
        Drawing {
            name: "dot".into(),
            shape: foreign::Shape::Circle { radius: 2 },
            at: foreign::Position { lat: 5, lon: -7 },
            audit: Some(audit("cy")),
            marker: foreign::Marker,
        },
        Drawing {
            name: "box".into(),
            shape: foreign::Shape::Square { side: 4 },
            at: foreign::Position { lat: 0, lon: 0 },
            audit: None,
            marker: foreign::Marker,
        },
    ]
}

fn documents() -> Vec<Document> {
    vec![Document {
        id: 9,
        rest: serde_json::json!({"a": [1, 2], "b": {"c": null}, "d": "e"}),
    }]
}

fn withs() -> Vec<Withs> {
    vec![
        Withs {
            id: 1,
            audit: audit("dee"),
            pair: Some(Pair { x: 3, y: 4 }),
        },
        Withs {
            id: 2,
            audit: audit("eve"),
            pair: None,
        },
    ]
}

/// Byte-identical output to serde's flatten, and each reads the other's output, on every
/// format where that holds for serde's flatten.
#[track_caller]
fn assert_twins<A, B>(values: &[A])
where
    A: Serialize + DeserializeOwned + PartialEq + Debug,
    B: Serialize + DeserializeOwned + PartialEq + Debug + for<'a> From<&'a A>,
{
    struct Check<'a, A, B> {
        values: &'a [A],
        twins: Vec<B>,
    }

    impl<A, B> FormatVisitor for Check<'_, A, B>
    where
        A: Serialize + DeserializeOwned + PartialEq + Debug,
        B: Serialize + DeserializeOwned + PartialEq + Debug,
    {
        fn visit<F: Format>(&mut self) {
            // serde's flatten writes a map of unknown length, which only self-describing formats
            // with named keys read back; FastFlatten writes the same map there.
            if !F::SELF_DESCRIBING || !F::KEYS_ARE_NAMES {
                return;
            }
            for (value, twin) in self.values.iter().zip(&self.twins) {
                let bytes = F::encode(value).unwrap();
                let back: A = F::decode(&bytes)
                    .unwrap_or_else(|e| panic!("{}: FastFlatten rereading itself: {e}", F::NAME));
                assert_eq!(&back, value, "{}", F::NAME);
                let from_fast: B = F::decode(&bytes)
                    .unwrap_or_else(|e| panic!("{}: serde reading FastFlatten: {e}", F::NAME));
                assert_eq!(&from_fast, twin, "{}", F::NAME);
                let from_twin: A = F::decode(&F::encode(twin).unwrap())
                    .unwrap_or_else(|e| panic!("{}: FastFlatten reading serde: {e}", F::NAME));
                assert_eq!(&from_twin, value, "{}", F::NAME);
            }
        }
    }

    let twins: Vec<B> = values.iter().map(B::from).collect();
    for (value, twin) in values.iter().zip(&twins) {
        let differences = differences_from_serde_flatten(value, twin);
        assert!(differences.is_empty(), "{}", differences.join("\n"));
    }
    visit_formats(&mut Check { values, twins });
}

#[test]
fn foreign_structs_enums_and_maps_read_and_write_as_serde() {
    assert_twins::<Order, OrderTwin>(&orders());
}

#[test]
fn foreign_tagged_enums_hand_written_option_and_unit_read_and_write_as_serde() {
    assert_twins::<Drawing, DrawingTwin>(&drawings());
}

#[test]
fn a_buffered_value_takes_every_unclaimed_key() {
    assert_twins::<Document, DocumentTwin>(&documents());
}

#[test]
fn flatten_with_and_skip_serializing_if_read_and_write_as_serde() {
    assert_twins::<Withs, WithsTwin>(&withs());
    let json = serde_json::to_string(&withs()[0]).unwrap();
    assert_eq!(
        json,
        r#"{"id":1,"created_by":"DEE","revision":3,"x":3,"y":4}"#
    );
    assert_eq!(
        serde_json::to_string(&withs()[1]).unwrap(),
        r#"{"id":2,"created_by":"EVE","revision":3}"#
    );
}

/// The keys a foreign struct names go to it, wherever they stand; a catch-all map declared
/// before it receives them too, as serde's flatten hands a map every entry before the struct
/// takes its own (serde issue 2764); one declared after receives only the keys nobody claims.
#[test]
fn named_keys_go_to_the_foreign_type_and_a_map_before_it_sees_them() {
    #[derive(FastFlatten, Debug, PartialEq)]
    struct MapFirst {
        #[serde(flatten)]
        extra: BTreeMap<String, Value>,
        id: u32,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        audit: foreign::Audit,
    }

    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct MapFirstTwin {
        #[serde(flatten)]
        extra: BTreeMap<String, Value>,
        id: u32,
        #[serde(flatten)]
        audit: foreign::Audit,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    struct MapLast {
        id: u32,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        audit: foreign::Audit,
        #[serde(flatten)]
        extra: BTreeMap<String, Value>,
    }

    let json = r#"{"z":true,"created_by":"fay","id":4,"revision":1,"a":[0]}"#;
    let read: MapFirst = serde_json::from_str(json).unwrap();
    let twin: MapFirstTwin = serde_json::from_str(json).unwrap();
    assert_eq!(read.audit, audit("fay").with_revision(1));
    assert_eq!(read.id, 4);
    assert_eq!(read.extra, twin.extra);
    assert_eq!(read.extra.len(), 4, "{:?}", read.extra);

    let read: MapLast = serde_json::from_str(json).unwrap();
    assert_eq!(read.audit, audit("fay").with_revision(1));
    assert_eq!(
        read.extra,
        BTreeMap::from([
            ("z".into(), Value::Bool(true)),
            ("a".into(), serde_json::json!([0]))
        ])
    );
}

impl foreign::Audit {
    fn with_revision(self, revision: u32) -> Self {
        foreign::Audit { revision, ..self }
    }
}

/// serde's errors, from the foreign type's own `Deserialize`, at the end of the object.
#[test]
fn errors_are_serdes() {
    let cases: &[(&str, &str)] = &[
        // The foreign struct's own required field.
        (
            r#"{"id":1,"x":1,"y":2,"cash":5}"#,
            "missing field `created_by`",
        ),
        // No key names a variant of the foreign enum.
        (
            r#"{"id":1,"created_by":"a","x":1,"y":2}"#,
            "no variant of enum Payment found in flattened data",
        ),
        // A variant named, with the wrong value.
        (
            r#"{"id":1,"created_by":"a","x":1,"y":2,"cash":"five"}"#,
            "invalid type: string \"five\", expected u64",
        ),
        // A FastFlatten leaf keeps its error.
        (
            r#"{"id":1,"created_by":"a","y":2,"cash":5}"#,
            "missing field `x`",
        ),
    ];
    for (input, needle) in cases {
        let fast = serde_json::from_str::<Order>(input)
            .unwrap_err()
            .to_string();
        let twin = serde_json::from_str::<OrderTwin>(input)
            .unwrap_err()
            .to_string();
        assert!(fast.starts_with(needle), "{input}: {fast}");
        assert!(twin.starts_with(needle), "serde, {input}: {twin}");
    }
    // The internally tagged foreign enum's tag is missing: serde's error.
    let input = r#"{"name":"n","radius":1,"lat":1,"lon":2}"#;
    let fast = serde_json::from_str::<Drawing>(input)
        .unwrap_err()
        .to_string();
    let twin = serde_json::from_str::<DrawingTwin>(input)
        .unwrap_err()
        .to_string();
    assert!(fast.starts_with("missing field `shape`"), "{fast}");
    assert!(twin.starts_with("missing field `shape`"), "{twin}");
}

/// A tree whose buffered fields take names only reads its keys as field names
/// (`deserialize_identifier`, as serde's derive does): the same values, and on CBOR an integer
/// key is accepted or refused as serde's flatten does on each format (ciborium refuses it as a
/// field name; serde_cbor reads it as any value, and nothing takes it). A tree with a catch-all
/// map still takes integer keys (`catch_all.rs`, `integer_keys_from_cbor`).
#[test]
fn keys_are_read_as_names_when_only_names_are_taken() {
    let invoice = Invoice {
        id: 7,
        audit: audit("ann"),
        pair: Pair { x: 1, y: 2 },
        payment: foreign::Payment::Cash(5),
    };
    let twin = InvoiceTwin::from(&invoice);
    assert_twins::<Invoice, InvoiceTwin>(std::slice::from_ref(&invoice));

    let mut entries = vec![(
        ciborium::Value::Integer(9.into()),
        ciborium::Value::Text("not a name".to_owned()),
    )];
    let json = serde_json::to_value(&twin).unwrap();
    for (key, value) in json.as_object().unwrap() {
        let value = ciborium::Value::serialized(value).unwrap();
        entries.push((ciborium::Value::Text(key.clone()), value));
    }
    let mut bytes = Vec::new();
    ciborium::into_writer(&ciborium::Value::Map(entries), &mut bytes).unwrap();

    let fast = ciborium::from_reader::<Invoice, _>(bytes.as_slice()).map_err(|e| e.to_string());
    let serde =
        ciborium::from_reader::<InvoiceTwin, _>(bytes.as_slice()).map_err(|e| e.to_string());
    assert!(serde.is_err(), "serde's flatten on ciborium: {serde:?}");
    assert!(fast.is_err(), "FastFlatten on ciborium: {fast:?}");

    let fast = serde_cbor::from_slice::<Invoice>(&bytes).map_err(|e| e.to_string());
    let serde = serde_cbor::from_slice::<InvoiceTwin>(&bytes).map_err(|e| e.to_string());
    assert_eq!(
        fast.as_ref().map(InvoiceTwin::from).map_err(Clone::clone),
        serde,
        "serde_cbor"
    );
    assert_eq!(fast.unwrap(), invoice);
}

/// A flattened `Option` of a foreign type is `None` when the type does not read, as serde's
/// flatten reads it; in a strict struct, `None` only when none of its keys appears, otherwise
/// the type's error.
#[test]
fn an_optional_foreign_struct_is_none_when_it_does_not_read() {
    let none: Drawing =
        serde_json::from_str(r#"{"name":"n","shape":"Square","side":1,"lat":1,"lon":2}"#).unwrap();
    assert_eq!(none.audit, None);
    let json = r#"{"name":"n","shape":"Square","side":1,"lat":1,"lon":2,"revision":4}"#;
    let ours: Drawing = serde_json::from_str(json).unwrap();
    assert_eq!(ours.audit, None);
    let twin: DrawingTwin = serde_json::from_str(json).unwrap();
    assert_eq!(twin.audit, None);

    #[derive(FastFlatten, Debug, PartialEq)]
    #[fast_flatten(strict)]
    struct Strict {
        name: String,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        audit: Option<foreign::Audit>,
    }
    let none: Strict = serde_json::from_str(r#"{"name":"n"}"#).unwrap();
    assert_eq!(none.audit, None);
    let err = serde_json::from_str::<Strict>(r#"{"name":"n","revision":4}"#)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("missing field `created_by`"), "{err}");
}

/// `deny_unknown_fields` beside a foreign struct: its keys are known, any other is an error.
#[test]
fn deny_unknown_fields_accepts_the_foreign_types_keys() {
    #[derive(FastFlatten, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        id: u32,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        audit: foreign::Audit,
    }

    let read: Strict = serde_json::from_str(r#"{"created_by":"g","id":1}"#).unwrap();
    assert_eq!(read.audit, audit("g").with_revision(0));
    let err = serde_json::from_str::<Strict>(r#"{"created_by":"g","id":1,"other":2}"#)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("unknown field `other`"), "{err}");
}

/// Formats that write structs as sequences cannot carry a buffered field (nor can serde's
/// flatten): an error, not a panic.
#[test]
fn a_buffered_field_needs_a_self_describing_format() {
    let value = &documents()[0];
    let encoded = postcard::to_allocvec(value);
    if let Ok(bytes) = encoded {
        assert!(postcard::from_bytes::<Document>(&bytes).is_err());
    }
}

/// Only the keys the buffered fields take are held: reading an order allocates what the values
/// themselves need (strings, the map's node) and one buffer per buffered field, sized to the
/// names it takes, not a buffer for every key the outer struct does not know, as serde's
/// flatten does.
#[test]
fn holds_only_the_keys_it_takes() {
    let json = serde_json::to_string(&orders()[0]).unwrap();
    let (_, fast) =
        crate::alloc_counter::count_allocations(|| serde_json::from_str::<Order>(&json));
    let (_, twin) =
        crate::alloc_counter::count_allocations(|| serde_json::from_str::<OrderTwin>(&json));
    // The same object with the foreign types' keys read by FastFlatten structs: no buffer.
    #[derive(FastFlatten)]
    #[allow(dead_code)]
    struct Native {
        id: u64,
        created_by: String,
        revision: u32,
        #[serde(flatten)]
        pair: Pair,
        card: Card,
        #[serde(flatten)]
        extra: BTreeMap<String, String>,
    }
    #[derive(Serialize, Deserialize)]
    #[allow(dead_code)]
    struct Card {
        last4: String,
    }
    let (_, native) =
        crate::alloc_counter::count_allocations(|| serde_json::from_str::<Native>(&json));
    assert!(fast <= twin, "FastFlatten {fast}, serde's flatten {twin}");
    // One held `Vec` per buffered field (Audit's two entries, Payment's one) and the map
    // `{"last4": ..}` held as the value of Payment's entry; nothing for the keys of `Pair`,
    // of the catch-all map or of the own fields, which serde's flatten all holds.
    assert_eq!(
        fast,
        native + 3,
        "FastFlatten {fast}, without buffering {native}"
    );
}

/// A FastFlatten internally tagged enum flattened with `#[fast_flatten(buffered)]` (needed when
/// a variant goes through `serialize_with` / `deserialize_with`): it asks for a struct with
/// placeholder field names, so it takes every unclaimed key, as serde's derive of the enum
/// (`deserialize_any`) does. It took none, and failed with "missing field `t`".
#[test]
fn buffered_fast_flatten_internally_tagged_enum_takes_every_unclaimed_key() {
    #[derive(FastFlatten, Debug, PartialEq)]
    #[serde(tag = "t")]
    enum Shape {
        Circle { r: u8 },
        Square { side: u8 },
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    struct Holder {
        id: u8,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        shape: Shape,
    }

    for json in [
        r#"{"id":1,"t":"Square","side":2}"#,
        r#"{"side":2,"id":1,"t":"Square"}"#,
    ] {
        let holder: Holder = serde_json::from_str(json).unwrap();
        assert_eq!(
            holder,
            Holder {
                id: 1,
                shape: Shape::Square { side: 2 }
            }
        );
        assert_eq!(
            serde_json::to_string(&holder).unwrap(),
            r#"{"id":1,"t":"Square","side":2}"#
        );
    }
    let error = serde_json::from_str::<Holder>(r#"{"id":1,"t":"Square","r":2}"#).unwrap_err();
    assert!(
        error.to_string().starts_with("missing field `side`"),
        "{error}"
    );
}
