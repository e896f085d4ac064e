//! A tour of serde_fastkit: what the formatters save, format by format, on one small data set.
//!
//! Run it with
//!
//! ```text
//! cargo run --release --example tour
//! ```
//!
//! It serializes 10 000 names (`benches/common/names.rs`: `Name { first_name, last_name }`
//! printing as "first last") as a sequence of strings, four ways:
//!
//! - `naive`: `names.iter().map(|n| n.to_string()).collect::<Vec<_>>()`, then serialize the `Vec`;
//! - `collect_str`: a hand-written `impl Serialize` calling `serializer.collect_str(name)`, the
//!   usual advice, collected with `serializer.collect_seq`;
//! - `DisplaySeq`: `DisplaySeq(&names)`, each name through its `Display`;
//! - `SeqFormatter+Concat`: `SeqFormatter(names.iter().map(|n| Concat((&n.first_name, " ",
//!   &n.last_name))))`, which skips `core::fmt` altogether;
//!
//! on the primary formats of the format table (`benches/common/formats.rs`: serde_json,
//! serde_yaml, ciborium, bincode 2, bitcode, postcard, rmp-serde), and prints one table:
//! the median time of a run (of 11 rounds that run every variant in turn, after a warm-up), the
//! speed-up over `naive`, heap allocations per name, the output size, and whether the bytes
//! equal the naive output (they must). Timings are indicative: `benches/formatters.rs` measures.
//!
//! Allocations are counted by a `#[global_allocator]` that wraps `System` and counts every
//! allocation and reallocation (`benches/common/alloc_counter.rs`).
//!
//! Then it writes and reads 2 000 values of the anchor flatten shape three ways: serde's
//! `#[serde(flatten)]`, `#[derive(FastFlatten)]`, and the flat struct without flatten, and prints
//! time, allocations per value read, output size, and where serde's flatten fails.
//!
//! The tour takes about a second in release mode (a few seconds in a debug build).

use std::hint::black_box;
use std::time::Duration;

use serde::{Serialize, Serializer};
use serde_fastkit::{Concat, DisplaySeq, SeqFormatter};

#[path = "../benches/common/alloc_counter.rs"]
mod alloc_counter;
#[path = "../benches/common/mod.rs"]
mod common;
#[path = "../benches/workloads/mod.rs"]
mod workloads;

use alloc_counter::count_allocations;
use common::formats::{visit_primary_formats, Format, FormatVisitor};
use common::names::{names, Name};
use common::probe;
use common::timer::{self, format_nanos, Rounds, Run, Spread};
use workloads::{anchor, Anchor, Implementation, ImplementationVisitor, Role, Workload};

/// How many names the tour serializes.
const N: usize = 10_000;

/// Timed rounds per measurement (after one warm-up run); the median is reported.
const RUNS: usize = 11;

fn main() {
    warm_up_allocator();
    let names = names(N);

    println!(
        "serde_fastkit tour: {N} names such as {:?} as a sequence of strings, median of {RUNS} rounds\n",
        names[15].to_string()
    );
    formatters(&names);

    println!(
        "\n\nFastFlatten vs #[serde(flatten)]: {FLATTEN_N} values of the anchor shape \
         A {{ num1, flatten B {{ num2, flatten C {{ num3, num4 }} }}, flatten D {{ num5, num6 }} }}\n"
    );
    flatten(&anchor::values(FLATTEN_N));
}

/// How many anchor-shape values the FastFlatten section reads and writes.
const FLATTEN_N: usize = 2_000;

/// Frees one 16 MiB block, so that glibc's malloc raises its trim threshold before anything is
/// timed. Otherwise the first format's `naive` row (serde_json) gives its pages back to the kernel
/// after every run and faults them in again: ~80 instead of ~60 ns per name, a cost a
/// long-running program does not pay. Harmless with other allocators.
fn warm_up_allocator() {
    drop(black_box(vec![0u8; 16 << 20]));
}

// ---------------------------------------------------------------------------------------------
// Formatters: naive vs collect_str vs this crate.
// ---------------------------------------------------------------------------------------------

/// The ways to serialize the names.
#[derive(Clone, Copy)]
enum Variant {
    Naive,
    CollectStr,
    DisplaySeq,
    Concat,
}

impl Variant {
    const ALL: [Variant; 4] = [
        Variant::Naive,
        Variant::CollectStr,
        Variant::DisplaySeq,
        Variant::Concat,
    ];

    fn label(self) -> &'static str {
        match self {
            Variant::Naive => "naive",
            Variant::CollectStr => "collect_str",
            Variant::DisplaySeq => "DisplaySeq",
            Variant::Concat => "SeqFormatter+Concat",
        }
    }

    fn encode<F: Format>(self, names: &[Name], buf: &mut Vec<u8>) {
        let result = match self {
            Variant::Naive => {
                let strings: Vec<String> = names.iter().map(|n| n.to_string()).collect();
                F::encode_into(&strings, buf)
            }
            Variant::CollectStr => F::encode_into(&CollectStrSeq(names), buf),
            Variant::DisplaySeq => F::encode_into(&DisplaySeq(names), buf),
            Variant::Concat => F::encode_into(
                &SeqFormatter(
                    names
                        .iter()
                        .map(|n| Concat((&n.first_name, " ", &n.last_name))),
                ),
                buf,
            ),
        };
        result.unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
    }
}

/// The usual hand-written alternative to `to_string()`: `collect_str` per name.
struct CollectStrSeq<'a>(&'a [Name]);

struct CollectStr<'a>(&'a Name);

impl Serialize for CollectStr<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

impl Serialize for CollectStrSeq<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(CollectStr))
    }
}

/// Runs every variant on every format and prints the table.
fn formatters(names: &[Name]) {
    let mut table = Table::new(&[
        ("format", Align::Left),
        ("variant", Align::Left),
        ("time/run", Align::Right),
        ("vs naive", Align::Right),
        ("allocs/name", Align::Right),
        ("bytes", Align::Right),
        ("= naive", Align::Left),
    ]);
    struct FormattersOn<'a> {
        table: &'a mut Table,
        names: &'a [Name],
    }

    impl FormatVisitor for FormattersOn<'_> {
        fn visit<F: Format>(&mut self) {
            formatters_on::<F>(self.table, self.names);
        }
    }

    visit_primary_formats(&mut FormattersOn {
        table: &mut table,
        names,
    });
    table.print();

    println!(
        "
naive                 one String per name (to_string) plus the Vec holding them
collect_str           serializer.collect_str(name): streams on serde_json, formats twice on
                      postcard, and calls to_string() (one String per name) on the others
DisplaySeq            DisplaySeq(&names): Display into one reused String, one serialize_str per name
SeqFormatter+Concat   the pieces copied into the reused String, no core::fmt at all

serde_yaml allocates inside its own serialize_str, about once per string, whatever the caller does."
    );
}

/// Adds one row per variant of format `F` to `table`.
fn formatters_on<F: Format>(table: &mut Table, names: &[Name]) {
    let cases: Vec<Case<'_>> = Variant::ALL
        .iter()
        .map(|&variant| -> Case<'_> {
            Box::new(move |buf: &mut Vec<u8>| variant.encode::<F>(black_box(names), buf))
        })
        .collect();
    let measured = measure(&cases);
    let naive = &measured[0];
    for (variant, m) in Variant::ALL.iter().zip(&measured) {
        table.row(vec![
            F::LABEL.to_owned(),
            variant.label().to_owned(),
            format_duration(m.time),
            format!("{:.2}x", naive.time.as_secs_f64() / m.time.as_secs_f64()),
            format!("{:.2}", m.allocations as f64 / names.len() as f64),
            m.output.len().to_string(),
            if m.output == naive.output {
                "yes"
            } else {
                "NO"
            }
            .to_owned(),
        ]);
    }
    table.gap();
}

// ---------------------------------------------------------------------------------------------
// FastFlatten vs #[serde(flatten)].
// ---------------------------------------------------------------------------------------------

fn flatten(values: &[anchor::fast::A]) {
    let mut table = Table::new(&[
        ("format", Align::Left),
        ("derive", Align::Left),
        ("write", Align::Right),
        ("read", Align::Right),
        ("read vs serde", Align::Right),
        ("allocs/value read", Align::Right),
        ("bytes", Align::Right),
        ("note", Align::Left),
    ]);
    struct FlattenOn<'a> {
        table: &'a mut Table,
        values: &'a [anchor::fast::A],
    }

    impl FormatVisitor for FlattenOn<'_> {
        fn visit<F: Format>(&mut self) {
            flatten_on::<F>(self.table, self.values);
        }
    }

    visit_primary_formats(&mut FlattenOn {
        table: &mut table,
        values,
    });
    table.print();

    println!(
        "
#[serde(flatten)]     serde's derive: unknown keys buffered in serde's Content, then replayed
FastFlatten           #[derive(FastFlatten)]: each key read once, value read in place
flat                  serde's derive on one plain struct with the six fields: the cost without flatten

Every value read back equals the value written. Output matches: FastFlatten writes the same bytes
as flat on every format, and the same JSON and YAML as #[serde(flatten)]."
    );
}

/// The implementations of the anchor workload the tour shows, in its rows' order: serde's
/// flatten (the reference), FastFlatten, flat (serde_fast_flatten is the flatten bench's).
const SHOWN: [Role; 3] = [Role::Serde, Role::FastFlatten, Role::LowerBound];

/// The name of a row.
fn derive(role: Role) -> &'static str {
    match role {
        Role::Serde => "#[serde(flatten)]",
        Role::FastFlatten => "FastFlatten",
        Role::LowerBound => "flat",
        Role::Prior => "serde_fast_flatten",
    }
}

/// One shown implementation on one format: its write and read cases, or why it fails.
struct Shown<'a> {
    role: Role,
    cases: Result<(Case<'a>, Case<'a>), String>,
    /// What it writes (the same bytes as FastFlatten, or not).
    written: Option<Vec<u8>>,
}

/// Checks each shown implementation of the anchor workload on `F` and prepares its cases.
struct Prepare<'a, F: Format> {
    source: &'a [anchor::fast::A],
    reference: &'a [u8],
    input: &'a F::Input,
    shown: Vec<Shown<'a>>,
}

impl<'a, F: Format> ImplementationVisitor<Anchor> for Prepare<'a, F> {
    fn visit<I: Implementation<Anchor>>(&mut self) {
        if !SHOWN.contains(&I::ROLE) {
            return;
        }
        let (input, reference) = (self.input, self.reference);
        let values = I::values(self.source);
        // serde's flatten may fail on this format (or panic, as bitcode does): then say so.
        let written = probe::catch(|| F::encode(&values)).map_err(|failure| failure.short());
        let works =
            written.as_ref().map_err(Clone::clone).and_then(|_| {
                match I::decode_all::<F>(input).unwrap_or_else(|| Err("cannot lend".into())) {
                    Ok(read) if read == values => Ok(()),
                    Ok(_) => Err("reads other values".to_owned()),
                    Err(_) => Err("cannot read FastFlatten's bytes".to_owned()),
                }
            });
        if I::ROLE != Role::Serde {
            if let Err(e) = &works {
                panic!("{}: {}: {e}", F::LABEL, I::NAME);
            }
            let written = written.as_deref().unwrap_or_default();
            assert!(
                written == reference,
                "{}: {} writes other bytes",
                F::LABEL,
                I::NAME
            );
        }
        let cases = works.map(|()| -> (Case<'a>, Case<'a>) {
            (
                Box::new(move |buf: &mut Vec<u8>| {
                    let _ = F::encode_into(black_box(&values), buf);
                }),
                Box::new(move |_: &mut Vec<u8>| {
                    let _ = black_box(I::decode_all::<F>(input));
                }),
            )
        });
        self.shown.push(Shown {
            role: I::ROLE,
            cases,
            written: written.ok(),
        });
    }
}

/// Adds the rows of format `F`: serde's flatten (the reference), FastFlatten, flat.
fn flatten_on<F: Format>(table: &mut Table, values: &[anchor::fast::A]) {
    let reference = F::encode(values).unwrap_or_else(|e| panic!("{}: {e}", F::LABEL));
    let input = F::input(&reference).unwrap_or_else(|e| panic!("{}: {e}", F::LABEL));
    let mut prepare = Prepare::<F> {
        source: values,
        reference: &reference,
        input,
        shown: Vec::new(),
    };
    Anchor::visit_implementations(&mut prepare);
    let mut shown = prepare.shown;
    shown.sort_by_key(|s| SHOWN.iter().position(|&role| role == s.role));

    let serde_written = shown
        .iter()
        .find(|s| s.role == Role::Serde)
        .and_then(|s| s.written.clone());

    // Writing, then reading the same (FastFlatten's) bytes, each timed in interleaved rounds.
    // Each row: its role and the index of its cases, or why it fails.
    let mut write_cases: Vec<Case<'_>> = Vec::new();
    let mut read_cases: Vec<Case<'_>> = Vec::new();
    let mut rows: Vec<(Role, Result<usize, String>)> = Vec::new();
    for s in shown {
        let case = s.cases.map(|(write, read)| {
            write_cases.push(write);
            read_cases.push(read);
            write_cases.len() - 1
        });
        rows.push((s.role, case));
    }
    let writes = measure(&write_cases);
    let reads = measure(&read_cases);

    let per_value = |count: u64| format!("{:.2}", count as f64 / values.len() as f64);
    let reference_read = rows
        .iter()
        .find(|(role, _)| *role == Role::Serde)
        .and_then(|(_, case)| case.as_ref().ok().map(|&i| reads[i].time));
    for (role, case) in rows {
        let i = match case {
            Ok(i) => i,
            Err(why) => {
                table.row(vec![
                    F::LABEL.to_owned(),
                    derive(role).to_owned(),
                    "-".to_owned(),
                    "-".to_owned(),
                    "-".to_owned(),
                    "-".to_owned(),
                    "-".to_owned(),
                    format!("fails: {why}"),
                ]);
                continue;
            }
        };
        let note = match role {
            Role::FastFlatten if serde_written.as_deref() == Some(&reference[..]) => {
                "same bytes as serde"
            }
            Role::FastFlatten => "same bytes as flat",
            _ => "",
        };
        table.row(vec![
            F::LABEL.to_owned(),
            derive(role).to_owned(),
            format_duration(writes[i].time),
            format_duration(reads[i].time),
            reference_read.map_or("-".to_owned(), |r| {
                format!("{:.2}x", r.as_secs_f64() / reads[i].time.as_secs_f64())
            }),
            per_value(reads[i].allocations),
            writes[i].output.len().to_string(),
            note.to_owned(),
        ]);
    }
    table.gap();
}

// ---------------------------------------------------------------------------------------------
// Measuring.
// ---------------------------------------------------------------------------------------------

/// One way to serialize, writing into the buffer it is given.
type Case<'a> = Box<dyn Fn(&mut Vec<u8>) + 'a>;

/// What [`measure`] found for one case.
struct Measurement {
    /// The median time of one run.
    time: Duration,
    /// Heap allocations and reallocations in one run.
    allocations: u64,
    /// The bytes written.
    output: Vec<u8>,
}

/// Measures each case: one warm-up run (which also sizes the case's output buffer, so the
/// timed runs do not grow it), one run counting allocations, then `RUNS` interleaved rounds
/// that time every case once, so that a slow spell of the machine hits all cases alike.
fn measure(cases: &[Case<'_>]) -> Vec<Measurement> {
    let mut buffers: Vec<Vec<u8>> = Vec::with_capacity(cases.len());
    let mut measured: Vec<Measurement> = Vec::with_capacity(cases.len());
    for case in cases {
        let mut buf = Vec::new();
        case(&mut buf);
        let output = buf.clone();
        buf.clear();
        let ((), allocations) = count_allocations(|| case(&mut buf));
        buffers.push(buf);
        measured.push(Measurement {
            time: Duration::ZERO,
            allocations,
            output,
        });
    }

    let mut runs: Vec<Run<'_>> = cases
        .iter()
        .zip(&mut buffers)
        .map(|(case, buf)| -> Run<'_> {
            Box::new(move || {
                buf.clear();
                case(buf);
                black_box(&buf);
            })
        })
        .collect();
    let rounds = Rounds {
        warm_up: 0,
        rounds: RUNS,
        reps: 1,
    };
    for (m, times) in measured
        .iter_mut()
        .zip(timer::interleaved(&mut runs, rounds))
    {
        m.time = Duration::from_secs_f64(Spread::of(times).median);
    }
    measured
}

// ---------------------------------------------------------------------------------------------
// Output.
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy)]
enum Align {
    Left,
    Right,
}

/// A plain-text table with aligned columns; an empty row prints as a blank line.
struct Table {
    columns: Vec<(&'static str, Align)>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn new(columns: &[(&'static str, Align)]) -> Self {
        Table {
            columns: columns.to_vec(),
            rows: Vec::new(),
        }
    }

    fn row(&mut self, cells: Vec<String>) {
        assert_eq!(cells.len(), self.columns.len(), "one cell per column");
        self.rows.push(cells);
    }

    fn gap(&mut self) {
        self.rows.push(Vec::new());
    }

    fn print(&self) {
        let widths: Vec<usize> = (0..self.columns.len())
            .map(|i| {
                self.rows
                    .iter()
                    .filter_map(|row| row.get(i))
                    .map(|cell| cell.chars().count())
                    .chain([self.columns[i].0.len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: &mut dyn Iterator<Item = &str>| {
            let mut out = String::new();
            for (i, cell) in cells.enumerate() {
                let pad = " ".repeat(widths[i] - cell.chars().count());
                match self.columns[i].1 {
                    Align::Left => out.extend([cell, pad.as_str()]),
                    Align::Right => out.extend([pad.as_str(), cell]),
                }
                out.push_str("  ");
            }
            println!("{}", out.trim_end());
        };
        line(&mut self.columns.iter().map(|(name, _)| *name));
        let rules: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        line(&mut rules.iter().map(String::as_str));
        let last_gap = self.rows.last().is_some_and(Vec::is_empty);
        for (i, row) in self.rows.iter().enumerate() {
            if row.is_empty() {
                if !(last_gap && i == self.rows.len() - 1) {
                    println!();
                }
            } else {
                line(&mut row.iter().map(String::as_str));
            }
        }
    }
}

/// `d` with three significant digits and a unit.
fn format_duration(d: Duration) -> String {
    format_nanos(d.as_secs_f64() * 1e9)
}
