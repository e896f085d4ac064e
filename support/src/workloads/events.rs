//! An event stream: an internally tagged enum (`#[serde(tag = "type")]`) of five variants,
//! three struct variants and two newtype variants wrapping structs, as webhooks and message
//! queues send them: the tag first.
//!
//! Three workloads read these events:
//!
//! - `events`: a mixed stream, all five variants. The lower bound is one plain struct holding
//!   every variant's fields as options beside the tag (`lower::Union`), which reads the same
//!   bytes.
//! - `events_created`: every event `Created`, the tag first. The lower bound is the plain
//!   struct of that variant with the tag as its first field (`lower::Created`): exactly what a
//!   tagged enum must cost at least.
//! - `events_tag_last`: the same events with the tag last (`lower::CreatedTagLast` writes
//!   them): the case where the fields before the tag must be held.

use super::mix;
use crate::common::formats::Needs;
use crate::workloads::{
    any_format, fast_flatten_reads, maps_by_name, no_format, serde_internally_tagged_reads,
    MAPS_BY_NAME, MIXED_SHAPES,
};

workload! {
    /// A mixed stream of events.
    impl Workload for Events {
        const NAME: &'static str = "events";
        const VALUE: &'static str =
            "one event of an internally tagged enum, any of its 5 variants, the tag first";
        /// The variants' fields differ from one event to the next.
        const NEEDS: Needs = MIXED_SHAPES;
        type Source = fast::Event;

        fn values(n: usize) -> Vec<fast::Event> {
            values(n)
        }

        /// A struct variant, one with an optional field, a newtype variant.
        fn samples() -> Vec<fast::Event> {
            [0, 2, 3].map(|variant| event(variant, variant)).to_vec()
        }
    }
    reads owned;
    // `Union` reads every variant by name; it writes `"reason": null` in every event.
    Lower "lower" LowerBound, reads maps_by_name, writes no_format
        => <'a> lower::Union = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast::Event = |s| s.to_vec();
    SerdeDerive "serde_derive" Serde, reads serde_internally_tagged_reads, writes any_format
        => <'a> serde_derive::Event = |s| s.iter().map(Into::into).collect();
}

workload! {
    /// `Created` events, the tag first: what an internally tagged enum costs against the plain
    /// struct of its variant.
    impl Workload for EventsCreated {
        const NAME: &'static str = "events_created";
        const VALUE: &'static str =
            "one `Created` event of the same enum, the tag first (lower bound: the variant's struct)";
        const NEEDS: Needs = Needs::NOTHING;
        type Source = fast::Event;

        fn values(n: usize) -> Vec<fast::Event> {
            created(n)
        }

        fn samples() -> Vec<fast::Event> {
            created(1)
        }
    }
    reads owned;
    // Its tag is read and written as a string (`lower::Kind`), as FastFlatten writes it: the
    // same bytes on every format where FastFlatten reads them back.
    Lower "lower" LowerBound, reads fast_flatten_reads, writes fast_flatten_reads
        => <'a> lower::Created = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast::Event = |s| s.to_vec();
    SerdeDerive "serde_derive" Serde, reads serde_internally_tagged_reads, writes any_format
        => <'a> serde_derive::Event = |s| s.iter().map(Into::into).collect();
}

workload! {
    /// `Created` events with the tag last, as the lower bound writes them: FastFlatten and
    /// serde's derive read them (holding the fields before the tag) but write the tag first,
    /// so they are compared reading only.
    impl Workload for EventsTagLast {
        const NAME: &'static str = "events_tag_last";
        const VALUE: &'static str =
            "the same `Created` events, the tag last (read only: the enums write it first)";
        /// Fields read before the tag is known: in any order, by name.
        const NEEDS: Needs = MAPS_BY_NAME;
        type Source = lower::CreatedTagLast;

        fn values(n: usize) -> Vec<lower::CreatedTagLast> {
            created(n).iter().map(Into::into).collect()
        }

        fn samples() -> Vec<lower::CreatedTagLast> {
            Self::values(1)
        }
    }
    reads owned;
    Lower "lower" LowerBound, reads any_format, writes any_format
        => <'a> lower::CreatedTagLast = |s| s.to_vec();
    Fast "fast_flatten" FastFlatten, reads maps_by_name, writes no_format
        => <'a> fast::Event = |s| s.iter().map(Into::into).collect();
    // As the lower bound's bytes are read only by name, so is serde's derive.
    SerdeDerive "serde_derive" Serde, reads maps_by_name, writes no_format
        => <'a> serde_derive::Event = |s| s.iter().map(|c| (&fast::Event::from(c)).into()).collect();
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum Event {
        Created {
            id: u64,
            name: String,
            owner: String,
            tags: Vec<String>,
            created_at: u64,
        },
        Renamed {
            id: u64,
            old_name: String,
            new_name: String,
        },
        Deleted {
            id: u64,
            #[serde(default)]
            reason: Option<String>,
        },
        Payment(Payment),
        Heartbeat(Heartbeat),
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Payment {
        pub id: u64,
        pub amount_cents: i64,
        pub currency: String,
        pub status: String,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Heartbeat {
        pub seq: u64,
        pub at: u64,
    }
}

/// The same with serde's derive, which buffers the whole object before reading the variant.
pub mod serde_derive {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum Event {
        Created {
            id: u64,
            name: String,
            owner: String,
            tags: Vec<String>,
            created_at: u64,
        },
        Renamed {
            id: u64,
            old_name: String,
            new_name: String,
        },
        Deleted {
            id: u64,
            #[serde(default)]
            reason: Option<String>,
        },
        Payment(Payment),
        Heartbeat(Heartbeat),
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Payment {
        pub id: u64,
        pub amount_cents: i64,
        pub currency: String,
        pub status: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Heartbeat {
        pub seq: u64,
        pub at: u64,
    }
}

/// Plain structs reading the same bytes: the lower bounds.
pub mod lower {
    use serde::{Deserialize, Serialize};

    use serde::de::{self, Deserializer, Visitor};
    use serde::Serializer;

    /// The tag's values, read as a plain field. Written and read as the string FastFlatten
    /// writes for the tag, on every format: serde's derive of a unit enum would write its index
    /// on bincode, bitcode and postcard, and the plain struct could not read FastFlatten's
    /// bytes there.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Kind {
        Created,
        Renamed,
        Deleted,
        Payment,
        Heartbeat,
    }

    impl Kind {
        const NAMES: &'static [&'static str] =
            &["created", "renamed", "deleted", "payment", "heartbeat"];
    }

    impl Serialize for Kind {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(Kind::NAMES[*self as usize])
        }
    }

    impl<'de> Deserialize<'de> for Kind {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Kind, D::Error> {
            deserializer.deserialize_str(KindVisitor)
        }
    }

    struct KindVisitor;

    impl Visitor<'_> for KindVisitor {
        type Value = Kind;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an event kind")
        }

        fn visit_str<E: de::Error>(self, name: &str) -> Result<Kind, E> {
            // A match on the text, as serde's derive matches a variant's name.
            Ok(match name {
                "created" => Kind::Created,
                "renamed" => Kind::Renamed,
                "deleted" => Kind::Deleted,
                "payment" => Kind::Payment,
                "heartbeat" => Kind::Heartbeat,
                _ => return Err(E::unknown_variant(name, Kind::NAMES)),
            })
        }
    }

    /// A `Created` event as a plain struct, the tag its first field.
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Created {
        #[serde(rename = "type")]
        pub kind: Kind,
        pub id: u64,
        pub name: String,
        pub owner: String,
        pub tags: Vec<String>,
        pub created_at: u64,
    }

    /// The same, the tag its last field: writes the tag-last bytes.
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct CreatedTagLast {
        pub id: u64,
        pub name: String,
        pub owner: String,
        pub tags: Vec<String>,
        pub created_at: u64,
        #[serde(rename = "type")]
        pub kind: Kind,
    }

    /// Every variant's fields in one plain struct, absent ones `None` (and not written).
    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Union {
        #[serde(rename = "type")]
        pub kind: Kind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub id: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub seq: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub at: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub owner: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub tags: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub created_at: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub old_name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub new_name: Option<String>,
        #[serde(default)]
        pub reason: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub amount_cents: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub currency: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub status: Option<String>,
    }
}

/// `n` deterministic events of all five variants, in a repeating but irregular order.
pub fn values(n: usize) -> Vec<fast::Event> {
    (0..n as u64).map(|i| event(i, mix(i) % 5)).collect()
}

/// `n` deterministic `Created` events.
pub fn created(n: usize) -> Vec<fast::Event> {
    (0..n as u64).map(|i| event(i, 0)).collect()
}

fn event(i: u64, variant: u64) -> fast::Event {
    let id = 10_000 + i;
    match variant {
        0 => fast::Event::Created {
            id,
            name: format!("project-{}", mix(i) % 1000),
            owner: format!("user{}@example.com", mix(i + 1) % 100),
            tags: (0..mix(i) % 4).map(|t| format!("tag{t}")).collect(),
            created_at: 1_700_000_000 + i,
        },
        1 => fast::Event::Renamed {
            id,
            old_name: format!("project-{}", mix(i) % 1000),
            new_name: format!("project-{}-renamed", mix(i) % 1000),
        },
        2 => fast::Event::Deleted {
            id,
            reason: (i % 2 == 0).then(|| "no longer needed".to_owned()),
        },
        3 => fast::Event::Payment(fast::Payment {
            id,
            amount_cents: (mix(i) % 100_000) as i64,
            currency: "EUR".to_owned(),
            status: "succeeded".to_owned(),
        }),
        _ => fast::Event::Heartbeat(fast::Heartbeat {
            seq: i,
            at: 1_700_000_000 + i,
        }),
    }
}

impl From<&fast::Event> for serde_derive::Event {
    fn from(event: &fast::Event) -> Self {
        use serde_derive::{Event, Heartbeat, Payment};
        match event.clone() {
            fast::Event::Created {
                id,
                name,
                owner,
                tags,
                created_at,
            } => Event::Created {
                id,
                name,
                owner,
                tags,
                created_at,
            },
            fast::Event::Renamed {
                id,
                old_name,
                new_name,
            } => Event::Renamed {
                id,
                old_name,
                new_name,
            },
            fast::Event::Deleted { id, reason } => Event::Deleted { id, reason },
            fast::Event::Payment(p) => Event::Payment(Payment {
                id: p.id,
                amount_cents: p.amount_cents,
                currency: p.currency,
                status: p.status,
            }),
            fast::Event::Heartbeat(h) => Event::Heartbeat(Heartbeat {
                seq: h.seq,
                at: h.at,
            }),
        }
    }
}

impl From<&fast::Event> for lower::Union {
    fn from(event: &fast::Event) -> Self {
        use lower::Kind;
        let mut union = lower::Union {
            kind: Kind::Heartbeat,
            id: None,
            seq: None,
            at: None,
            name: None,
            owner: None,
            tags: None,
            created_at: None,
            old_name: None,
            new_name: None,
            reason: None,
            amount_cents: None,
            currency: None,
            status: None,
        };
        match event.clone() {
            fast::Event::Created {
                id,
                name,
                owner,
                tags,
                created_at,
            } => {
                union.kind = Kind::Created;
                union.id = Some(id);
                union.name = Some(name);
                union.owner = Some(owner);
                union.tags = Some(tags);
                union.created_at = Some(created_at);
            }
            fast::Event::Renamed {
                id,
                old_name,
                new_name,
            } => {
                union.kind = Kind::Renamed;
                union.id = Some(id);
                union.old_name = Some(old_name);
                union.new_name = Some(new_name);
            }
            fast::Event::Deleted { id, reason } => {
                union.kind = Kind::Deleted;
                union.id = Some(id);
                union.reason = reason;
            }
            fast::Event::Payment(p) => {
                union.kind = Kind::Payment;
                union.id = Some(p.id);
                union.amount_cents = Some(p.amount_cents);
                union.currency = Some(p.currency);
                union.status = Some(p.status);
            }
            fast::Event::Heartbeat(h) => {
                union.seq = Some(h.seq);
                union.at = Some(h.at);
            }
        }
        union
    }
}

/// A `Created` event's fields (other events are not `Created`: a workload of them holds only
/// `Created`).
fn created_fields(event: &fast::Event) -> (u64, String, String, Vec<String>, u64) {
    match event.clone() {
        fast::Event::Created {
            id,
            name,
            owner,
            tags,
            created_at,
        } => (id, name, owner, tags, created_at),
        other => panic!("a `Created` workload holds {other:?}"),
    }
}

impl From<&fast::Event> for lower::Created {
    fn from(event: &fast::Event) -> Self {
        let (id, name, owner, tags, created_at) = created_fields(event);
        lower::Created {
            kind: lower::Kind::Created,
            id,
            name,
            owner,
            tags,
            created_at,
        }
    }
}

impl From<&lower::CreatedTagLast> for fast::Event {
    fn from(created: &lower::CreatedTagLast) -> Self {
        let created = created.clone();
        fast::Event::Created {
            id: created.id,
            name: created.name,
            owner: created.owner,
            tags: created.tags,
            created_at: created.created_at,
        }
    }
}

impl From<&fast::Event> for lower::CreatedTagLast {
    fn from(event: &fast::Event) -> Self {
        let (id, name, owner, tags, created_at) = created_fields(event);
        lower::CreatedTagLast {
            id,
            name,
            owner,
            tags,
            created_at,
            kind: lower::Kind::Created,
        }
    }
}
