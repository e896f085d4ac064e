//! A tour of serde_fastkit: what the formatters save, format by format, on one small data set.
//!
//! Run it with
//!
//! ```text
//! cargo run --release --example tour
//! ```
//!
//! It serializes 10 000 names (`support/src/common/names.rs`: `Name { first_name, last_name }`
//! printing as "first last") as a sequence of strings, four ways:
//!
//! - `naive`: `names.iter().map(|n| n.to_string()).collect::<Vec<_>>()`, then serialize the `Vec`;
//! - `collect_str`: a hand-written `impl Serialize` calling `serializer.collect_str(name)`, the
//!   usual advice, collected with `serializer.collect_seq`;
//! - `DisplaySeq`: `DisplaySeq(&names)`, each name through its `Display`;
//! - `SeqFormatter+Concat`: `SeqFormatter(names.iter().map(|n| Concat((&n.first_name, " ",
//!   &n.last_name))))`, which skips `core::fmt` altogether;
//!
//! on the primary formats of the format table (`support/src/common/formats.rs`: serde_json,
//! serde_yaml, ciborium, bincode 2, bitcode, postcard, rmp-serde), and prints one table:
//! the median time of a run (of 11 rounds that run every variant in turn, after a warm-up), the
//! speed-up over `naive`, heap allocations per name, the output size, and whether the bytes
//! equal the naive output (they must). Timings are indicative: `benches/formatters.rs` measures.
//!
//! Allocations are counted by a `#[global_allocator]` that wraps `System` and counts every
//! allocation and reallocation (`support/alloc_counter.rs`).
//!
//! Then it writes and reads 2 000 values of the anchor flatten shape three ways: serde's
//! `#[serde(flatten)]`, `#[derive(FastFlatten)]`, and the flat struct without flatten, and prints
//! time, allocations per value read, output size, and where serde's flatten fails. Last, the same
//! for 2 000 events of an internally tagged enum (`support/src/workloads/events.rs`), serde's derive
//! beside FastFlatten.
//!
//! The tour takes about a second in release mode (a few seconds in a debug build).

use std::hint::black_box;
use std::time::Duration;

use serde::{Serialize, Serializer};
use serde_fastkit::{Concat, DisplaySeq, SeqFormatter};

#[path = "../support/alloc_counter.rs"]
mod alloc_counter;
use fastkit_support::common;
use fastkit_support::workloads;

use alloc_counter::count_allocations;
use common::formats::{visit_primary_formats, Format, FormatVisitor};
use common::names::{names, Name};
use common::probe;
use common::timer::{self, format_nanos, Rounds, Run, Spread};
use workloads::{
    anchor, events, Anchor, Events, Implementation, ImplementationVisitor, Role, Workload,
};

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

    println!(
        "\n\nAn internally tagged enum, FastFlatten vs serde's derive: {FLATTEN_N} events of 5 \
         variants, #[serde(tag = \"type\")], the tag first\n"
    );
    internally_tagged(&events::values(FLATTEN_N));
}

/// How many values the FastFlatten sections read and write.
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
// FastFlatten vs serde's derive, on a workload: #[serde(flatten)], an internally tagged enum.
// ---------------------------------------------------------------------------------------------

/// The anchor shape's rows: serde's flatten (the reference of "read vs serde"), FastFlatten,
/// flat (serde_fast_flatten is the flatten bench's).
const FLATTEN_ROWS: &[(Role, &str)] = &[
    (Role::Serde, "#[serde(flatten)]"),
    (Role::FastFlatten, "FastFlatten"),
    (Role::LowerBound, "flat"),
];

fn flatten(values: &[anchor::fast::A]) {
    compare::<Anchor>(values, FLATTEN_ROWS);
    println!(
        "
#[serde(flatten)]     serde's derive: unknown keys buffered in serde's Content, then replayed
FastFlatten           #[derive(FastFlatten)]: each key read once, value read in place
flat                  serde's derive on one plain struct with the six fields: the cost without flatten

Every value read back equals the value written. Output matches: FastFlatten writes the same bytes
as flat on every format, and the same JSON and YAML as #[serde(flatten)]."
    );
}

/// The event stream's rows: serde's derive (the reference of "read vs serde"), FastFlatten.
const ENUM_ROWS: &[(Role, &str)] = &[
    (Role::Serde, "serde derive"),
    (Role::FastFlatten, "FastFlatten"),
];

fn internally_tagged(values: &[events::fast::Event]) {
    compare::<Events>(values, ENUM_ROWS);
    println!(
        "
serde derive          #[derive(Serialize, Deserialize)]: the whole object buffered in serde's
                      Content (deserialize_any) until the tag is found, then replayed
FastFlatten           #[derive(FastFlatten)]: the tag read first, then the variant's fields in place

Both write the same bytes. serde's derive reads only formats that describe their values by name;
bitcode writes no sequence whose elements change shape, with either derive."
    );
}

/// Prints one table comparing the implementations of workload `W` in `rows` (each with its row
/// label, serde's derive first) on every primary format: time to write and read `values`,
/// allocations per value read, bytes, and why an implementation fails where it does.
fn compare<W: Workload>(values: &[W::Source], rows: &[(Role, &'static str)]) {
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
    struct CompareOn<'a, W: Workload> {
        table: &'a mut Table,
        values: &'a [W::Source],
        rows: &'a [(Role, &'static str)],
    }

    impl<W: Workload> FormatVisitor for CompareOn<'_, W> {
        fn visit<F: Format>(&mut self) {
            compare_on::<W, F>(self.table, self.values, self.rows);
        }
    }

    visit_primary_formats(&mut CompareOn::<W> {
        table: &mut table,
        values,
        rows,
    });
    table.print();
}

/// One shown implementation on one format: its write and read cases, or why each fails.
struct Shown<'a> {
    role: Role,
    write: Result<Case<'a>, String>,
    read: Result<Case<'a>, String>,
    /// What it writes.
    written: Option<Vec<u8>>,
}

/// Probes each shown implementation of `W` on `F` and prepares its cases. Where its rules
/// (`support/src/workloads/`) say it works it must (the tour shows no broken code): it reads the
/// reference bytes as its values and, but for serde's derive, writes them.
struct Prepare<'a, W: Workload, F: Format> {
    source: &'a [W::Source],
    reference: &'a [u8],
    input: &'a F::Input,
    roles: Vec<Role>,
    shown: Vec<Shown<'a>>,
}

impl<'a, W: Workload, F: Format> ImplementationVisitor<W> for Prepare<'a, W, F> {
    fn visit<I: Implementation<W>>(&mut self) {
        if !self.roles.contains(&I::ROLE) {
            return;
        }
        let (input, reference) = (self.input, self.reference);
        let values = I::values(self.source);
        let format = F::PROPERTIES;
        // serde's derive may fail on this format (or panic, as bitcode does): then say so.
        let written = probe::catch(|| F::encode(&values)).map_err(|failure| failure.short());
        let read = match I::decode_all::<F>(input).unwrap_or_else(|| Err("cannot lend".into())) {
            Ok(read) if read == values => Ok(()),
            Ok(_) => Err("reads other values".to_owned()),
            Err(e) => Err(probe::shorten(&e)),
        };
        let context = || format!("{}: {}: {}", W::NAME, F::LABEL, I::NAME);
        if I::writes(&format) {
            match &written {
                Err(e) => panic!("{}: {e}", context()),
                Ok(bytes) if I::ROLE != Role::Serde && bytes != reference => {
                    panic!("{}: writes other bytes", context())
                }
                Ok(_) => {}
            }
        }
        if W::NEEDS.met_by(&format) && I::reads(&format) {
            if let Err(e) = &read {
                panic!("{}: {e}", context());
            }
        }
        let write = written.as_ref().map_err(Clone::clone).map(|_| -> Case<'a> {
            Box::new(move |buf: &mut Vec<u8>| {
                let _ = F::encode_into(black_box(&values), buf);
            })
        });
        let read = read.map(|()| -> Case<'a> {
            Box::new(move |_: &mut Vec<u8>| {
                let _ = black_box(I::decode_all::<F>(input));
            })
        });
        self.shown.push(Shown {
            role: I::ROLE,
            write,
            read,
            written: written.ok(),
        });
    }
}

/// Adds the rows of format `F`, in the order of `rows`.
fn compare_on<W: Workload, F: Format>(
    table: &mut Table,
    values: &[W::Source],
    rows: &[(Role, &'static str)],
) {
    let label = |role: Role| rows.iter().find(|(r, _)| *r == role).map_or("", |(_, l)| l);
    let reference = match probe::catch(|| F::encode(values)) {
        Ok(reference) => reference,
        Err(failure) => {
            // The format cannot write the workload's sequence, with any implementation.
            for &(_, label) in rows {
                table.row(failed_row(F::LABEL, label, &failure.short()));
            }
            table.gap();
            return;
        }
    };
    let input = F::input(&reference).unwrap_or_else(|e| panic!("{}: {e}", F::LABEL));
    let mut prepare = Prepare::<W, F> {
        source: values,
        reference: &reference,
        input,
        roles: rows.iter().map(|(role, _)| *role).collect(),
        shown: Vec::new(),
    };
    W::visit_implementations(&mut prepare);
    let mut shown = prepare.shown;
    shown.sort_by_key(|s| rows.iter().position(|(role, _)| *role == s.role));
    let written: Vec<(Role, Option<Vec<u8>>)> =
        shown.iter().map(|s| (s.role, s.written.clone())).collect();

    // Writing, then reading the same (reference) bytes, each timed in interleaved rounds.
    let mut write_cases: Vec<Case<'_>> = Vec::new();
    let mut read_cases: Vec<Case<'_>> = Vec::new();
    let mut indexed = Vec::new();
    for s in shown {
        let write = push(s.write, &mut write_cases);
        let read = push(s.read, &mut read_cases);
        indexed.push((s.role, write, read, s.written));
    }
    let writes = measure(&write_cases);
    let reads = measure(&read_cases);

    let per_value = |count: u64| format!("{:.2}", count as f64 / values.len() as f64);
    let first_read = indexed
        .first()
        .and_then(|(_, _, read, _)| read.as_ref().ok().map(|&i| reads[i].time));
    for (role, write, read, bytes) in indexed {
        let write_time = write
            .as_ref()
            .map_or("-".to_owned(), |&i| format_duration(writes[i].time));
        let (read_time, vs_first, allocations) = match &read {
            Ok(i) => (
                format_duration(reads[*i].time),
                first_read.map_or("-".to_owned(), |r| {
                    format!("{:.2}x", r.as_secs_f64() / reads[*i].time.as_secs_f64())
                }),
                per_value(reads[*i].allocations),
            ),
            Err(_) => ("-".to_owned(), "-".to_owned(), "-".to_owned()),
        };
        let note = match (&write, &read) {
            (Err(why), _) => format!("fails: {why}"),
            (Ok(_), Err(why)) => format!("read fails: {why}"),
            // FastFlatten's bytes are the reference: say whose they equal.
            (Ok(_), Ok(_)) if role == Role::FastFlatten => written
                .iter()
                .find(|(other, other_bytes)| *other != role && *other_bytes == bytes)
                .map_or(String::new(), |(other, _)| {
                    format!("same bytes as {}", label(*other))
                }),
            (Ok(_), Ok(_)) => String::new(),
        };
        table.row(vec![
            F::LABEL.to_owned(),
            label(role).to_owned(),
            write_time,
            read_time,
            vs_first,
            allocations,
            bytes.map_or("-".to_owned(), |bytes| bytes.len().to_string()),
            note,
        ]);
    }
    table.gap();
}

/// Adds `case` to `cases` and returns its index, or why there is no case.
fn push<'a>(case: Result<Case<'a>, String>, cases: &mut Vec<Case<'a>>) -> Result<usize, String> {
    case.map(|case| {
        cases.push(case);
        cases.len() - 1
    })
}

/// A row of an implementation that cannot run on a format, with the reason.
fn failed_row(format: &str, label: &str, why: &str) -> Vec<String> {
    let mut row = vec![format.to_owned(), label.to_owned()];
    row.extend(["-"; 5].map(str::to_owned));
    row.push(format!("fails: {why}"));
    row
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
