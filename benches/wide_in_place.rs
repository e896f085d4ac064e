//! The wide record read by structs built in place: FastFlatten with container defaults (the
//! `wide` workload), FastFlatten with none (every group a struct of `Option`s only), and serde's
//! flat derive (the lower bound), reading the same bytes into a sink, in interleaved rounds.
//! The harness behind README's figures for the in-place build ("The wide record beside LBS").
//!
//! ```text
//! cargo run --release --example wide_in_place
//! ```

use fastkit_support::common;
use fastkit_support::workloads;

use std::hint::black_box;

use serde::de::DeserializeOwned;

use crate::common::formats::{Format, Json, MsgPackMap, SerdeCborPacked};
use crate::common::sink::Sink;
use crate::common::timer::{format_nanos, interleaved, Rounds, Run, Spread};
use crate::workloads::wide;

/// Records per timed batch.
const RECORDS: usize = 2000;

fn main() {
    println!(
        "wide record, {RECORDS} records per batch, ns per record, \
         median [min-max] of per-round ratios over 15 interleaved rounds"
    );
    println!("| format | flat | FastFlatten (defaults) | FastFlatten (options only) | flat (options only) | defaults / flat | options / flat | options / flat options |");
    println!("|---|--:|--:|--:|--:|--:|--:|--:|");
    compare::<SerdeCborPacked>();
    compare::<Json>();
    compare::<MsgPackMap>();
}

/// Times the three readers on `F`'s bytes of the same records and prints a table row.
fn compare<F: Format>() {
    let values = wide::values(RECORDS);
    let bytes = F::encode(&values).expect("encodes");
    let input = F::input(&bytes).expect("is the format's input");
    let reader = |read: fn(&F::Input) -> usize| -> Run<'_> {
        Box::new(move || {
            black_box(read(black_box(input)));
        })
    };
    let mut runs = [
        reader(read::<F, wide::flat::Record>),
        reader(read::<F, wide::fast::Record>),
        reader(read::<F, wide::fast_no_default::Record>),
        reader(read::<F, wide::flat_no_default::Record>),
    ];
    let rounds = Rounds {
        warm_up: 2,
        rounds: 15,
        reps: 3,
    };
    let times = interleaved(&mut runs, rounds);
    let per_record = |t: &[f64]| format_nanos(Spread::of(t.to_vec()).median * 1e9 / RECORDS as f64);
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {} |",
        F::LABEL,
        per_record(&times[0]),
        per_record(&times[1]),
        per_record(&times[2]),
        per_record(&times[3]),
        Spread::ratio(&times[1], &times[0]),
        Spread::ratio(&times[2], &times[0]),
        Spread::ratio(&times[2], &times[3]),
    );
}

/// Reads every record of `input` as `T` into a sink; the number read.
fn read<F: Format, T: DeserializeOwned>(input: &F::Input) -> usize {
    F::decode_input::<Sink<T>>(input).expect("reads").len
}
