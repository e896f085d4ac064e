//! The `Created` events of the `events` workloads (`support/src/workloads/events.rs`, an internally
//! tagged enum of five variants) read by FastFlatten, by serde's derive and by the plain struct
//! of the variant, from the same bytes, the tag first and the tag last: the harness behind
//! README's instruction counts for the enum targets ("FastFlatten on enums").
//!
//! ```text
//! cargo run --release --example enum_decode      # times, interleaved rounds
//! cargo run --release --example enum_decode shapes   # the same events, enums of 1 to 5 variants
//!
//! # instructions: run one decode under callgrind, and the same without the decode
//! cargo build --release --example enum_decode
//! valgrind --tool=callgrind target/release/examples/enum_decode once fast rmp-serde first
//! valgrind --tool=callgrind target/release/examples/enum_decode once none rmp-serde first
//! ```
//!
//! `once READER FORMAT ORDER [TIMES]` encodes the events, then decodes them once (or TIMES
//! times): READER is `fast`, `serde` or `plain`, one of the enums of `shapes` (`one`,
//! `with-newtype`, `two-structs`, `three-structs`), or `fast-struct` (the plain struct derived
//! with FastFlatten: what the struct variant's read costs without the enum around it); `none`
//! only encodes. FORMAT is `serde_json`, `ciborium` or `rmp-serde`, ORDER `first` or `last`
//! (where the tag is). The difference of the two runs' totals ("Collected"), divided by the
//! number of events, is one event's cost. The first decode also pays for the allocator's first
//! use of each size (a `realloc` there can cost a thousand instructions more than in a warm
//! loop); the steady cost, as timed, is the difference between `TIMES` 6 and 1, divided by 5
//! times the number of events.

use fastkit_support::common;
use fastkit_support::workloads;

use std::hint::black_box;

use serde::de::DeserializeOwned;

use crate::common::formats::{Ciborium, Format, Json, MsgPackMap};
use crate::common::sink::Sink;
use crate::common::timer::{format_nanos, interleaved, Rounds, Run, Spread};
use crate::workloads::events::{self, fast, lower, serde_derive};

/// Events per decode.
const EVENTS: usize = 2000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => times(),
        ["shapes"] => shapes(),
        ["once", reader, format, order] => once(reader, format, order, 1),
        ["once", reader, format, order, times] => once(
            reader,
            format,
            order,
            times.parse().expect("a number of decodes"),
        ),
        _ => {
            eprintln!(
                "usage: enum_decode [once READER FORMAT ORDER [TIMES]] (see the file's header)"
            );
            std::process::exit(2);
        }
    }
}

/// Where the tag is in the bytes read.
#[derive(Clone, Copy)]
enum Order {
    /// As FastFlatten and serde's derive write it, and as the plain struct `lower::Created`.
    First,
    /// As `lower::CreatedTagLast` writes it.
    Last,
}

/// The events' bytes in format `F`, the tag where `order` puts it.
fn bytes<F: Format>(order: Order) -> Vec<u8> {
    let events = events::created(EVENTS);
    match order {
        Order::First => F::encode(&events),
        Order::Last => F::encode(
            &events
                .iter()
                .map(Into::into)
                .collect::<Vec<lower::CreatedTagLast>>(),
        ),
    }
    .expect("encodes")
}

/// Reads every event of `input` as `T` into a sink; the number read.
fn read<F: Format, T: DeserializeOwned>(input: &F::Input) -> usize {
    F::decode_input::<Sink<T>>(input).expect("reads").len
}

/// The three readers of `order`'s bytes: FastFlatten, serde's derive, the plain struct.
fn readers<F: Format>(order: Order) -> [fn(&F::Input) -> usize; 3] {
    match order {
        Order::First => [
            read::<F, fast::Event>,
            read::<F, serde_derive::Event>,
            read::<F, lower::Created>,
        ],
        Order::Last => [
            read::<F, fast::Event>,
            read::<F, serde_derive::Event>,
            read::<F, lower::CreatedTagLast>,
        ],
    }
}

/// One decode by `reader` (or none), for callgrind.
fn once(reader: &str, format: &str, order: &str, times: usize) {
    let order = match order {
        "first" => Order::First,
        "last" => Order::Last,
        other => panic!("no order {other:?}: `first` or `last`"),
    };
    match format {
        "serde_json" => once_in::<Json>(reader, order, times),
        "ciborium" => once_in::<Ciborium>(reader, order, times),
        "rmp-serde" => once_in::<MsgPackMap>(reader, order, times),
        other => panic!("no format {other:?}: `serde_json`, `ciborium` or `rmp-serde`"),
    }
}

fn once_in<F: Format>(reader: &str, order: Order, times: usize) {
    let bytes = bytes::<F>(order);
    let input = F::input(&bytes).expect("is the format's input");
    let [fast, serde, plain] = readers::<F>(order);
    let read = match reader {
        "fast" => fast,
        "serde" => serde,
        "plain" => plain,
        // The enums of `shapes` (they read the tag-first bytes only).
        "one" => read::<F, shaped::One>,
        "fast-struct" => read::<F, shaped::FastStruct>,
        "with-newtype" => read::<F, shaped::WithNewtype>,
        "two-structs" => read::<F, shaped::TwoStructs>,
        "three-structs" => read::<F, shaped::ThreeStructs>,
        "none" => return,
        other => panic!("no reader {other:?}: `fast`, `serde`, `plain`, `one`, `with-newtype`, `two-structs`, `three-structs`, `fast-struct` or `none`"),
    };
    for _ in 0..times {
        assert_eq!(read(black_box(input)), EVENTS);
    }
}

/// Times the three readers on each format and order, and prints a table.
fn times() {
    println!(
        "{EVENTS} `Created` events per batch, ns per event, \
         median [min-max] of per-round ratios over 15 interleaved rounds"
    );
    println!("| tag | format | plain struct | FastFlatten | serde's derive | FastFlatten / plain | serde / FastFlatten |");
    println!("|---|---|--:|--:|--:|--:|--:|");
    for order in [Order::First, Order::Last] {
        compare::<Json>(order);
        compare::<Ciborium>(order);
        compare::<MsgPackMap>(order);
    }
}

fn compare<F: Format>(order: Order) {
    let bytes = bytes::<F>(order);
    let input = F::input(&bytes).expect("is the format's input");
    let reader = |read: fn(&F::Input) -> usize| -> Run<'_> {
        Box::new(move || {
            black_box(read(black_box(input)));
        })
    };
    let [fast, serde, plain] = readers::<F>(order);
    let mut runs = [reader(plain), reader(fast), reader(serde)];
    let rounds = Rounds {
        warm_up: 2,
        rounds: 15,
        reps: 3,
    };
    let times = interleaved(&mut runs, rounds);
    let per_event = |t: &[f64]| format_nanos(Spread::of(t.to_vec()).median * 1e9 / EVENTS as f64);
    println!(
        "| {} | {} | {} | {} | {} | {} | {} |",
        match order {
            Order::First => "first",
            Order::Last => "last",
        },
        F::LABEL,
        per_event(&times[0]),
        per_event(&times[1]),
        per_event(&times[2]),
        Spread::ratio(&times[1], &times[0]),
        Spread::ratio(&times[2], &times[1]),
    );
}

/// Enums that differ from the workload's only in their other variants: the `Created` events
/// read into each, the tag first. Their instruction counts are within 1% of each other (each
/// event is read by the same variant loop), their times are not: see README. Beside them,
/// `FastStruct`, the variant's fields as a struct read by FastFlatten.
mod shaped {
    use serde_fastkit::FastFlatten;

    use crate::workloads::events::fast::Heartbeat;

    /// Not an enum: the plain struct `lower::Created` with `#[derive(FastFlatten)]`, which
    /// parts what the struct variant's read costs from what the enum around it costs.
    #[derive(FastFlatten)]
    pub struct FastStruct {
        #[serde(rename = "type")]
        pub kind: crate::workloads::events::lower::Kind,
        pub id: u64,
        pub name: String,
        pub owner: String,
        pub tags: Vec<String>,
        pub created_at: u64,
    }

    /// `Created` alone.
    #[derive(FastFlatten)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum One {
        Created {
            id: u64,
            name: String,
            owner: String,
            tags: Vec<String>,
            created_at: u64,
        },
    }

    /// `Created` and a newtype variant.
    #[derive(FastFlatten)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum WithNewtype {
        Created {
            id: u64,
            name: String,
            owner: String,
            tags: Vec<String>,
            created_at: u64,
        },
        Heartbeat(Heartbeat),
    }

    /// `Created` and one more struct variant.
    #[derive(FastFlatten)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum TwoStructs {
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
    }

    /// `Created` and two more struct variants.
    #[derive(FastFlatten)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum ThreeStructs {
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
    }
}

/// Times the `Created` events (the tag first) read into the enums of [`shaped`] and the
/// workload's, against the plain struct, on rmp-serde, where the differences show most.
fn shapes() {
    type F = MsgPackMap;
    let bytes = bytes::<F>(Order::First);
    let input = F::input(&bytes).expect("is the format's input");
    let reader = |read: fn(&<F as Format>::Input) -> usize| -> Run<'_> {
        Box::new(move || {
            black_box(read(black_box(input)));
        })
    };
    let mut runs = [
        reader(read::<F, lower::Created>),
        reader(read::<F, shaped::One>),
        reader(read::<F, shaped::WithNewtype>),
        reader(read::<F, shaped::TwoStructs>),
        reader(read::<F, shaped::ThreeStructs>),
        reader(read::<F, fast::Event>),
    ];
    let rounds = Rounds {
        warm_up: 2,
        rounds: 15,
        reps: 3,
    };
    let times = interleaved(&mut runs, rounds);
    println!(
        "{EVENTS} `Created` events on {}, the tag first, time / plain struct, \
         median [min-max] of per-round ratios over 15 interleaved rounds",
        F::LABEL
    );
    println!("| enum | time / plain |");
    println!("|---|--:|");
    let names = [
        "`Created` alone",
        "and a newtype variant",
        "and a struct variant",
        "and two struct variants",
        "the workload's five",
    ];
    for (name, time) in names.iter().zip(&times[1..]) {
        println!("| {name} | {} |", Spread::ratio(time, &times[0]));
    }
}
