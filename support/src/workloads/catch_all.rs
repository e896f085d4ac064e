//! A struct whose only flattened field is a catch-all map, every key of the input known: the
//! shape of aws_lambda_events' event types (`#[serde(flatten)] other: serde_json::Map<String,
//! Value>` beside the fields, on each of its 400-odd structs), and of 44% of the flatten sites
//! in real crates (`REAL-WORLD.md`). Modelled on its `ActiveMqMessage`: optional strings with
//! `#[serde(default)]`, integers, a flag, a nested struct with its own catch-all, `camelCase`
//! names, two of them renamed.
//!
//! The lower bound is the same struct with its catch-all maps skipped (`#[serde(skip)]`): every
//! key is known, so it reads the same bytes into the same values (the maps stay empty), and its
//! values are the same size and drop the same maps, so that the ratio is what reading costs.

use super::mix;
use crate::common::formats::Needs;
use crate::workloads::{
    any_format, describes_values, maps_by_name, serde_flatten_reads, serde_flatten_writes,
};

workload! {
    /// Messages with a catch-all map, every key known.
    impl Workload for CatchAll {
        const NAME: &'static str = "catch_all";
        const VALUE: &'static str =
            "one message: 12 fields and a nested struct, each struct with a catch-all map, every key known";
        /// A catch-all map takes any value: the format must say what each value is.
        const NEEDS: Needs = Needs {
            self_describing: true,
            ..Needs::NOTHING
        };
        type Source = fast::Message;

        fn values(n: usize) -> Vec<fast::Message> {
            values(n)
        }

        /// Two messages: with and without the optional strings.
        fn samples() -> Vec<fast::Message> {
            let all = values(64);
            let with = all.iter().find(|m| m.data.is_some()).cloned();
            let without = all.iter().find(|m| m.data.is_none()).cloned();
            with.into_iter().chain(without).collect()
        }
    }
    reads owned;
    // FastFlatten and serde's flatten write the struct as a map, the lower bound as a struct:
    // an array where structs are arrays.
    Flat "flat" LowerBound, reads describes_values, writes maps_by_name
        => <'a> flat::Message = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads describes_values, writes any_format
        => <'a> fast::Message = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::Message = |s| s.iter().map(Into::into).collect();
}

/// Defines `Message` and `Destination` with the given derives, each with a catch-all map
/// `other` under the given attribute (`flatten`, or `skip` for the lower bound).
macro_rules! message {
    ([$($derive:path),+], $catch_all:ident) => {
        #[derive($($derive,)+ Clone, Debug, PartialEq)]
        #[serde(rename_all = "camelCase")]
        pub struct Message {
            #[serde(default, rename = "messageID")]
            pub message_id: Option<String>,
            #[serde(default)]
            pub message_type: Option<String>,
            pub timestamp: i64,
            pub delivery_mode: i64,
            #[serde(default, rename = "correlationID")]
            pub correlation_id: Option<String>,
            #[serde(default)]
            pub reply_to: Option<String>,
            pub destination: Destination,
            pub redelivered: bool,
            pub expiration: i64,
            pub priority: i64,
            #[serde(default)]
            pub data: Option<String>,
            pub broker_in_time: i64,
            pub broker_out_time: i64,
            #[serde($catch_all)]
            pub other: serde_json::Map<String, serde_json::Value>,
        }

        #[derive($($derive,)+ Clone, Debug, PartialEq)]
        #[serde(rename_all = "camelCase")]
        pub struct Destination {
            #[serde(default)]
            pub physical_name: Option<String>,
            #[serde($catch_all)]
            pub other: serde_json::Map<String, serde_json::Value>,
        }
    };
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    message!([serde_fastkit::FastFlatten], flatten);
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    message!([serde::Serialize, serde::Deserialize], flatten);
}

/// The struct with its catch-alls skipped, reading the same bytes: the lower bound.
pub mod flat {
    message!([serde::Serialize, serde::Deserialize], skip);
}

/// `n` deterministic messages; one in four has no optional strings.
pub fn values(n: usize) -> Vec<fast::Message> {
    (0..n as u64)
        .map(|i| {
            let full = mix(i) % 4 != 0;
            let text = |what: &str| full.then(|| format!("{what}-{:016x}", mix(i ^ 0x5a)));
            fast::Message {
                message_id: Some(format!(
                    "ID:b-{:08x}-2.mq.us-west-2.amazonaws.com-34859-{}:12:1:1:{}",
                    mix(i),
                    1_598_944_546_501 + i,
                    i % 7
                )),
                message_type: Some("jms/text-message".to_owned()),
                timestamp: 1_599_863_938_941 + i as i64,
                delivery_mode: 1 + (mix(i) % 2) as i64,
                correlation_id: text("correlation"),
                reply_to: text("reply"),
                destination: fast::Destination {
                    physical_name: Some(format!("queue-{}", mix(i) % 16)),
                    other: serde_json::Map::new(),
                },
                redelivered: mix(i) % 3 == 0,
                expiration: 0,
                priority: (mix(i) % 10) as i64,
                data: text("RW50ZXIgc29tZSB0ZXh0IGhlcmUgZm9yIHRoZSBtZXNzYWdlIGJvZHkuLi4"),
                broker_in_time: 1_599_863_938_943 + i as i64,
                broker_out_time: 1_599_863_938_944 + i as i64,
                other: serde_json::Map::new(),
            }
        })
        .collect()
}

/// `From<&fast::Message>` for a module's `Message`: the same fields. The source's maps are
/// always empty (every key is known), so the lower bound's skipped maps get the same values.
macro_rules! from_fast {
    ($module:ident) => {
        impl From<&fast::Message> for $module::Message {
            fn from(m: &fast::Message) -> Self {
                $module::Message {
                    message_id: m.message_id.clone(),
                    message_type: m.message_type.clone(),
                    timestamp: m.timestamp,
                    delivery_mode: m.delivery_mode,
                    correlation_id: m.correlation_id.clone(),
                    reply_to: m.reply_to.clone(),
                    destination: $module::Destination {
                        physical_name: m.destination.physical_name.clone(),
                        other: m.destination.other.clone(),
                    },
                    redelivered: m.redelivered,
                    expiration: m.expiration,
                    priority: m.priority,
                    data: m.data.clone(),
                    broker_in_time: m.broker_in_time,
                    broker_out_time: m.broker_out_time,
                    other: m.other.clone(),
                }
            }
        }
    };
}
from_fast!(serde_flatten);
from_fast!(flat);
