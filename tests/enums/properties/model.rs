//! The generated types and their values, in one place: each [`Model`] is a type declared twice
//! (FastFlatten and serde's derive, by `twins!`), a strategy of equal values of both, the
//! formats it must roundtrip on and the shape of its JSON for the mutations.

use std::fmt::Debug;

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::mutations::{Layout, Tag};
use crate::common::formats::Properties;

twins! {
    mod types {
        pub struct Pos {
            pub row: u16,
            pub col: i16,
        }

        /// A newtype variant's payload, with a nested struct.
        pub struct Payload {
            pub x: i32,
            pub label: Option<String>,
            pub pos: Pos,
        }

        /// Internally tagged: struct variants sharing a field name, a newtype and a unit
        /// variant.
        #[serde(tag = "type")]
        pub enum Event {
            Created {
                id: u64,
                name: String,
                note: Option<String>,
            },
            Moved(Payload),
            Deleted {
                id: u64,
            },
            Ping,
        }

        /// Internally tagged under `deny_unknown_fields`, struct variants only: a unit variant
        /// rejects unknown keys where serde accepts them (serde 2123, pinned by
        /// `internal::serde_2123_deny_unknown_fields_on_unit_variants`), and a newtype variant
        /// leaves them to its payload.
        #[serde(tag = "kind", deny_unknown_fields)]
        pub enum Strict {
            Small { v: u8, w: Option<i64> },
            Big { big: u64, text: String },
        }

        /// Adjacently tagged, every variant kind.
        #[serde(tag = "t", content = "c")]
        pub enum Message {
            Ping,
            Text(String),
            Pair(i16, u8),
            Point { x: i64, y: Option<u32> },
            Wrapped(Payload),
        }

        /// Externally tagged, every variant kind.
        pub enum Shape {
            Empty,
            Circle(u32),
            Rect(i32, i32, String),
            Poly {
                sides: u8,
                name: String,
                tag: Option<i64>,
            },
        }

        /// Untagged: the first variant that reads the input wins (`Pair` before `One`, which
        /// would read a `Pair` too).
        #[serde(untagged)]
        pub enum Value {
            Pair {
                a: u64,
                b: String,
            },
            One {
                a: u64,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                c: Option<String>,
            },
            Named(Payload),
            Word(String),
        }

        /// An internally tagged enum flattened between two fields.
        pub struct Envelope {
            pub seq: u32,
            #[serde(flatten)]
            pub event: Event,
            pub source: Option<String>,
        }

        /// An externally tagged enum flattened between two fields.
        pub struct Order {
            pub id: u32,
            #[serde(flatten)]
            pub shape: Shape,
            pub note: Option<String>,
        }

        /// An adjacently tagged enum flattened between two fields.
        pub struct Mail {
            pub seq: u32,
            #[serde(flatten)]
            pub message: Message,
            pub to: Option<String>,
        }

        /// Untagged, to be flattened (a flattened enum's variants must write maps).
        #[serde(untagged)]
        pub enum Outcome {
            Success { result: u64 },
            Failure { code: i64, message: String },
        }

        /// An untagged enum flattened between two fields (JSON-RPC's response).
        pub struct Reply {
            pub id: u32,
            #[serde(flatten)]
            pub outcome: Outcome,
            pub trace: Option<String>,
        }
    }
}

/// The formats a type must roundtrip on, by the documented rules (README, "Known limits").
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Formats {
    /// Every format: adjacently tagged enums are read with `deserialize_struct` and
    /// `deserialize_tuple`, externally tagged ones with `deserialize_enum` (bitcode: as single
    /// values; a sequence mixing variants of different shapes panics "type changed").
    Every,
    /// Every format that keys fields by name: also internally tagged enums, standalone or
    /// flattened (serde_cbor's packed format numbers keys, so that the tag cannot be told apart
    /// there).
    ByName,
    /// Self-describing formats that key fields by name: untagged enums are read with
    /// `deserialize_any`, and a flattened externally tagged enum's variant is a key.
    SelfDescribingByName,
}

impl Formats {
    /// Whether a format with `properties` is one of them.
    pub fn include(self, properties: &Properties) -> bool {
        match self {
            Formats::Every => true,
            Formats::ByName => properties.keys_are_names,
            Formats::SelfDescribingByName => {
                properties.self_describing && properties.keys_are_names
            }
        }
    }
}

/// A type under test: its two declarations, generated values of both, and what the properties
/// need to know of it.
pub trait Model {
    type Ours: Serialize + DeserializeOwned + Debug;
    type Twin: Serialize + DeserializeOwned + Debug;
    /// Equal values of both declarations.
    fn values() -> BoxedStrategy<(Self::Ours, Self::Twin)>;
    /// Where the value must roundtrip.
    const FORMATS: Formats;
    /// Whether the type flattens an enum: serde then writes a map of unknown length and
    /// FastFlatten a struct (other `Serializer` calls; the same bytes only where the table says
    /// so).
    const FLATTENED: bool;
    /// Its JSON's shape, for the mutations.
    const LAYOUT: Layout;
}

/// Calls `$callback!(module: Model)` for every model.
macro_rules! for_each_model {
    ($callback:ident) => {
        $callback!(event: Event);
        $callback!(strict: Strict);
        $callback!(message: Message);
        $callback!(shape: Shape);
        $callback!(value: Value);
        $callback!(envelope: Envelope);
        $callback!(order: Order);
        $callback!(mail: Mail);
        $callback!(reply: Reply);
    };
}
pub(crate) use for_each_model;

// ------------------------------------------------------------------------------------------
// Generators of the fields.

/// Strings that trip up escaping, quoting or key matching somewhere (the types' own names
/// among them).
const TRICKY: &[&str] = &[
    "",
    " ",
    "\"",
    "\\",
    "\\\"",
    "'",
    "\n",
    "\r\n",
    "\t",
    "\0",
    "\u{7}",
    "\u{1b}[0m",
    "\u{7f}",
    "\u{85}",
    "\u{a0}",
    "\u{2028}",
    "\u{feff}",
    "\u{10ffff}",
    "null",
    "~",
    "true",
    "yes",
    "0",
    "-1",
    "1e3",
    "0x1F",
    ".inf",
    "NaN",
    "- item",
    "key: value",
    "# comment",
    "&anchor",
    "*alias",
    "!tag",
    "!Circle",
    "|",
    "---",
    "{",
    "[",
    "{\"type\":\"Ping\"}",
    "\\u0000",
    "\\ud800",
    "ß",
    "日本語",
    "😀",
    "e\u{301}",
    "type",
    "t",
    "c",
    "Ping",
    "Created",
    "Circle",
];

/// An arbitrary string: any `char`s, plain words, tricky pieces and mixes of them.
pub fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => vec(any::<char>(), 0..8).prop_map(String::from_iter),
        2 => "[a-zA-Z0-9 _.-]{0,10}",
        2 => select(TRICKY).prop_map(str::to_owned),
        2 => (select(TRICKY), any::<char>(), select(TRICKY))
            .prop_map(|(a, c, b)| format!("{a}{c}{b}")),
    ]
}

/// An integer anywhere in its range, often one of `edges`.
fn int<T: Arbitrary + Clone + Debug + 'static>(edges: &'static [T]) -> impl Strategy<Value = T> {
    prop_oneof![3 => any::<T>(), 1 => select(edges)]
}

/// A `u64` anywhere in its range, often small or at a width boundary (JSON's, CBOR's,
/// MessagePack's, varints').
fn u64s() -> impl Strategy<Value = u64> {
    prop_oneof![
        2 => int(&[
            0,
            23,
            24,
            127,
            128,
            250,
            251,
            255,
            256,
            65_535,
            65_536,
            u32::MAX as u64,
            u32::MAX as u64 + 1,
            i64::MAX as u64,
            i64::MAX as u64 + 1,
            u64::MAX,
        ]),
        1 => 0..300u64,
    ]
}

/// An `i64` anywhere in its range, often small or at an edge.
fn i64s() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => int(&[i64::MIN, i64::MIN + 1, -129, -128, -25, -24, -1, 0, 127, 128, i64::MAX]),
        1 => -300..300i64,
    ]
}

/// A payload's fields, built in each declaration by [`payload!`].
type RawPayload = (i32, Option<String>, u16, i16);

fn raw_payload() -> impl Strategy<Value = RawPayload> {
    (
        int(&[i32::MIN, -1, 0, i32::MAX]),
        option::of(text()),
        int(&[0, 255, 256, u16::MAX]),
        int(&[i16::MIN, -1, 0, i16::MAX]),
    )
}

/// The `Payload` of a [`RawPayload`], in the declaration in scope (inside `both!`).
macro_rules! payload {
    ($raw:expr) => {
        Payload {
            x: $raw.0,
            label: $raw.1.clone(),
            pos: Pos {
                row: $raw.2,
                col: $raw.3,
            },
        }
    };
}

/// The same value in both declarations (`both!` for `types`).
macro_rules! pair {
    ($value:expr) => {
        both!(types, $value)
    };
}

/// Implements [`Model`] for `types::*::$name`.
macro_rules! model {
    ($name:ident, $formats:ident, $flattened:expr, $layout:expr, $values:expr) => {
        pub struct $name;

        impl Model for $name {
            type Ours = types::ours::$name;
            type Twin = types::twin::$name;
            fn values() -> BoxedStrategy<(Self::Ours, Self::Twin)> {
                $values.boxed()
            }
            const FORMATS: Formats = Formats::$formats;
            const FLATTENED: bool = $flattened;
            const LAYOUT: Layout = $layout;
        }
    };
}

// ------------------------------------------------------------------------------------------
// The models.

const EVENT_VARIANTS: &[&str] = &["Created", "Moved", "Deleted", "Ping"];
const PAYLOAD_NAMES: &[&str] = &["x", "label", "pos", "row", "col"];

fn event() -> impl Strategy<Value = (types::ours::Event, types::twin::Event)> {
    prop_oneof![
        (u64s(), text(), option::of(text())).prop_map(|(id, name, note)| pair!(Event::Created {
            id,
            name: name.clone(),
            note: note.clone()
        })),
        raw_payload().prop_map(|raw| pair!(Event::Moved(payload!(raw)))),
        u64s().prop_map(|id| pair!(Event::Deleted { id })),
        Just(()).prop_map(|()| pair!(Event::Ping)),
    ]
}

model!(
    Event,
    ByName,
    false,
    Layout {
        tag: Tag::Key("type", EVENT_VARIANTS),
        names: &[
            &["type", "id", "name", "note"],
            PAYLOAD_NAMES,
            EVENT_VARIANTS
        ],
        closed_root: false,
        integer_tag: true,
    },
    event()
);

model!(
    Strict,
    ByName,
    false,
    Layout {
        tag: Tag::Key("kind", &["Small", "Big"]),
        names: &[&["kind", "v", "w", "big", "text", "Small", "Big"]],
        closed_root: true,
        integer_tag: true,
    },
    prop_oneof![
        (any::<u8>(), option::of(i64s())).prop_map(|(v, w)| pair!(Strict::Small { v, w })),
        (u64s(), text()).prop_map(|(big, text)| pair!(Strict::Big {
            big,
            text: text.clone()
        })),
    ]
);

const MESSAGE_VARIANTS: &[&str] = &["Ping", "Text", "Pair", "Point", "Wrapped"];

fn message() -> impl Strategy<Value = (types::ours::Message, types::twin::Message)> {
    prop_oneof![
        Just(()).prop_map(|()| pair!(Message::Ping)),
        text().prop_map(|text| pair!(Message::Text(text.clone()))),
        (any::<i16>(), any::<u8>()).prop_map(|(a, b)| pair!(Message::Pair(a, b))),
        (i64s(), option::of(any::<u32>())).prop_map(|(x, y)| pair!(Message::Point { x, y })),
        raw_payload().prop_map(|raw| pair!(Message::Wrapped(payload!(raw)))),
    ]
}

model!(
    Message,
    Every,
    false,
    Layout {
        tag: Tag::Key("t", MESSAGE_VARIANTS),
        names: &[&["t", "c", "x", "y"], PAYLOAD_NAMES, MESSAGE_VARIANTS],
        closed_root: false,
        integer_tag: true,
    },
    message()
);

const SHAPE_VARIANTS: &[&str] = &["Empty", "Circle", "Rect", "Poly"];
const SHAPE_NAMES: &[&str] = &["sides", "name", "tag"];

fn shape() -> impl Strategy<Value = (types::ours::Shape, types::twin::Shape)> {
    prop_oneof![
        Just(()).prop_map(|()| pair!(Shape::Empty)),
        int(&[0, u32::MAX]).prop_map(|r| pair!(Shape::Circle(r))),
        (any::<i32>(), any::<i32>(), text()).prop_map(|(w, h, name)| pair!(Shape::Rect(
            w,
            h,
            name.clone()
        ))),
        (any::<u8>(), text(), option::of(i64s())).prop_map(|(sides, name, tag)| pair!(
            Shape::Poly {
                sides,
                name: name.clone(),
                tag
            }
        )),
    ]
}

model!(
    Shape,
    Every,
    false,
    Layout {
        tag: Tag::Variant(SHAPE_VARIANTS),
        names: &[SHAPE_VARIANTS, SHAPE_NAMES],
        // The enum is a map of one entry: a second one is an error.
        closed_root: true,
        integer_tag: true,
    },
    shape()
);

model!(
    Value,
    SelfDescribingByName,
    false,
    Layout {
        tag: Tag::None,
        names: &[&["a", "b", "c"], PAYLOAD_NAMES],
        closed_root: false,
        integer_tag: true,
    },
    prop_oneof![
        (u64s(), text()).prop_map(|(a, b)| pair!(Value::Pair { a, b: b.clone() })),
        (u64s(), option::of(text())).prop_map(|(a, c)| pair!(Value::One { a, c: c.clone() })),
        raw_payload().prop_map(|raw| pair!(Value::Named(payload!(raw)))),
        text().prop_map(|word| pair!(Value::Word(word.clone()))),
    ]
);

model!(
    Envelope,
    ByName,
    true,
    Layout {
        tag: Tag::Key("type", EVENT_VARIANTS),
        names: &[
            &["seq", "source", "type", "id", "name", "note"],
            PAYLOAD_NAMES,
            EVENT_VARIANTS
        ],
        closed_root: false,
        // serde reads a flattened internally tagged enum's integer tag as the variant's index
        // (serde_json 1274, pinned by `flattened::serde_json_1274_integer_tag`).
        integer_tag: false,
    },
    (any::<u32>(), event(), option::of(text())).prop_map(|(seq, (ours, twin), source)| {
        (
            types::ours::Envelope {
                seq,
                event: ours,
                source: source.clone(),
            },
            types::twin::Envelope {
                seq,
                event: twin,
                source,
            },
        )
    })
);

model!(
    Order,
    SelfDescribingByName,
    true,
    Layout {
        tag: Tag::Variant(SHAPE_VARIANTS),
        names: &[&["id", "note"], SHAPE_VARIANTS, SHAPE_NAMES],
        closed_root: false,
        integer_tag: true,
    },
    (any::<u32>(), shape(), option::of(text())).prop_map(|(id, (ours, twin), note)| {
        (
            types::ours::Order {
                id,
                shape: ours,
                note: note.clone(),
            },
            types::twin::Order {
                id,
                shape: twin,
                note,
            },
        )
    })
);

model!(
    Reply,
    SelfDescribingByName,
    true,
    Layout {
        tag: Tag::None,
        names: &[&["id", "trace", "result", "code", "message"]],
        closed_root: false,
        integer_tag: true,
    },
    (
        any::<u32>(),
        prop_oneof![
            u64s().prop_map(|result| pair!(Outcome::Success { result })),
            (i64s(), text()).prop_map(|(code, message)| pair!(Outcome::Failure {
                code,
                message: message.clone()
            })),
        ],
        option::of(text()),
    )
        .prop_map(|(id, (ours, twin), trace)| {
            (
                types::ours::Reply {
                    id,
                    outcome: ours,
                    trace: trace.clone(),
                },
                types::twin::Reply {
                    id,
                    outcome: twin,
                    trace,
                },
            )
        })
);

model!(
    Mail,
    ByName,
    true,
    Layout {
        tag: Tag::Key("t", MESSAGE_VARIANTS),
        names: &[
            &["seq", "to", "t", "c", "x", "y"],
            PAYLOAD_NAMES,
            MESSAGE_VARIANTS
        ],
        closed_root: false,
        integer_tag: true,
    },
    (any::<u32>(), message(), option::of(text())).prop_map(|(seq, (ours, twin), to)| {
        (
            types::ours::Mail {
                seq,
                message: ours,
                to: to.clone(),
            },
            types::twin::Mail {
                seq,
                message: twin,
                to,
            },
        )
    })
);
