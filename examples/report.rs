//! The benchmark report for README.md: `#[derive(FastFlatten)]` against serde's
//! `#[serde(flatten)]` and the flat lower bound, on four workloads and seven formats.
//!
//! Run it with
//!
//! ```text
//! cargo run --release --example report                   # the report (about 20 s after the build, 2 cores)
//! REPORT_ROUNDS=3 cargo run --release --example report   # a quick smoke run
//! ```
//!
//! Without `[profile.release] codegen-units = 1` in Cargo.toml, set
//! `CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1` for numbers to publish: with cargo's default of 16
//! units, how rustc splits the code moves some ratios by up to 20% from one build to the next
//! (measured; the header records the setting and the report warns on stderr).
//!
//! It writes `benches/report/report.md` (a header describing the machine, one Markdown table per
//! operation, a summary against the targets) and `benches/report/flatten.svg` (the ratios as a
//! bar chart), and prints the Markdown to stdout (progress goes to stderr).
//!
//! The workloads are those of `benches/workloads/`: `anchor`, `paged` (owned items), `wide`
//! (self-describing formats only) and `payload`. Each is defined three ways: `fast`
//! (FastFlatten), `serde_flatten` (serde's derive with `#[serde(flatten)]`) and `flat` (every
//! leaf at top level: the same bytes without flatten, the lower bound). The formats are the
//! primary ones of the format table (`benches/common/formats.rs`): serde_json, serde_yaml,
//! ciborium, bincode 2, bitcode (serde API), postcard and rmp-serde in struct-map mode.
//!
//! For each workload, format and operation:
//!
//! 1. A batch of values is sized, at most [`MAX_BATCH_BYTES`] encoded so that it stays in the
//!    caches, and a number of passes over it, so that FastFlatten takes about [`TARGET_BATCH`] on
//!    the passes: the timed unit.
//! 2. The batch is encoded once with FastFlatten. `flat` must write the same bytes, and FastFlatten
//!    and `flat` must read them back as the values written (otherwise the report panics: it does
//!    not measure broken code). serde's flatten is probed on the same bytes, with panics caught
//!    (bitcode panics on it): where it errors, panics or reads other values, the row says
//!    "fails" with the short reason and serde's flatten is not timed. Serializing, serde's
//!    flatten may write other bytes (a map of unknown length) as long as `flat` reads them back
//!    as the same values.
//! 3. After a warm-up, `REPORT_ROUNDS` (default [`DEFAULT_ROUNDS`]) interleaved rounds each time
//!    every implementation back to back on the timed unit (best of [`REPS`] runs, the starting
//!    implementation rotating from round to round), so that a slow spell of the machine hits
//!    all alike. Deserializing reads the whole batch as a sequence, each value dropped as it is
//!    read; serializing writes it into a reused, pre-sized buffer.
//! 4. Reported: the median over rounds of the per-round ratios FastFlatten / flat, serde flatten /
//!    flat and serde flatten / FastFlatten (the speed-up) with their min-max, the median time per
//!    value, and FastFlatten's throughput in MB/s of encoded input (deserialize) or output
//!    (serialize).

use std::fmt::{Debug, Write as _};
use std::hint::black_box;
use std::marker::PhantomData;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::Serialize;

#[path = "../benches/common/mod.rs"]
mod common;
#[path = "../benches/workloads/mod.rs"]
mod workloads;

use common::formats::{visit_primary_formats, Ciborium, Format, FormatVisitor, Json};
use common::probe;
use common::sink::Sink;
use common::timer::{self, Rounds, Run, Spread};
use workloads::{anchor, paged, payload, wide};

/// Interleaved rounds unless `REPORT_ROUNDS` says otherwise.
const DEFAULT_ROUNDS: usize = 15;

/// Runs of each implementation per round; the fastest counts.
const REPS: usize = 3;

/// Untimed runs of each implementation before the first round.
const WARM_UP_RUNS: usize = 3;

/// How long FastFlatten should take on one timed unit: one batch, read or written
/// [`Size::passes`] times in a row.
const TARGET_BATCH: Duration = Duration::from_millis(2);

/// The largest batch, in encoded bytes: so that the data stays in the caches, as in a program
/// that handles one message at a time, rather than measuring memory traffic and page faults.
const MAX_BATCH_BYTES: usize = 256 << 10;

/// Where the report goes.
const OUT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/report");

fn main() {
    let rounds = rounds();
    // Let glibc's malloc raise its trim threshold before anything is timed (see examples/tour.rs).
    drop(black_box(vec![0u8; 16 << 20]));
    let header = Header::collect(rounds);
    let started = Instant::now();

    let mut report = Report {
        header,
        deserialize: Vec::new(),
        serialize: Vec::new(),
    };
    run_workload::<Anchor>(rounds, &mut report);
    run_workload::<Paged>(rounds, &mut report);
    run_workload::<Wide>(rounds, &mut report);
    run_workload::<Payload>(rounds, &mut report);
    report.header.runtime = started.elapsed();

    let markdown = markdown(&report);
    let svg = svg(&report);
    std::fs::create_dir_all(OUT_DIR).expect("cannot create benches/report");
    let out = Path::new(OUT_DIR);
    std::fs::write(out.join("report.md"), &markdown).expect("cannot write report.md");
    std::fs::write(out.join("flatten.svg"), &svg).expect("cannot write flatten.svg");
    println!("{markdown}");
    eprintln!(
        "wrote {} and {} in {:.0} s",
        out.join("report.md").display(),
        out.join("flatten.svg").display(),
        report.header.runtime.as_secs_f64()
    );
}

/// `REPORT_ROUNDS`, or [`DEFAULT_ROUNDS`].
fn rounds() -> usize {
    match std::env::var("REPORT_ROUNDS") {
        Ok(text) => match text.trim().parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => panic!("REPORT_ROUNDS must be a positive integer, not {text:?}"),
        },
        Err(_) => DEFAULT_ROUNDS,
    }
}

// ---------------------------------------------------------------------------------------------
// Formats.
// ---------------------------------------------------------------------------------------------

/// Runs `run::<W, F>` for every primary format of the table (`benches/common/formats.rs`), in
/// its order.
fn run_workload<W: Workload>(rounds: usize, report: &mut Report) {
    struct RunOn<'a, W> {
        rounds: usize,
        report: &'a mut Report,
        workload: PhantomData<W>,
    }

    impl<W: Workload> FormatVisitor for RunOn<'_, W> {
        fn visit<F: Format>(&mut self) {
            run::<W, F>(self.rounds, self.report);
        }
    }

    visit_primary_formats(&mut RunOn::<W> {
        rounds,
        report,
        workload: PhantomData,
    });
}

/// The primary formats' names and calls, for the legend (in the order of [`run_workload`]).
fn formats_legend() -> Vec<(&'static str, &'static str)> {
    struct Legend(Vec<(&'static str, &'static str)>);

    impl FormatVisitor for Legend {
        fn visit<F: Format>(&mut self) {
            self.0.push((F::LABEL, F::CALLS));
        }
    }

    let mut legend = Legend(Vec::new());
    visit_primary_formats(&mut legend);
    legend.0
}

// ---------------------------------------------------------------------------------------------
// Workloads.
// ---------------------------------------------------------------------------------------------

/// What each definition of a workload's value must do.
trait Shape: Serialize + DeserializeOwned + PartialEq + Debug {}

impl<T: Serialize + DeserializeOwned + PartialEq + Debug> Shape for T {}

/// One workload of `benches/workloads/`, in its three definitions.
trait Workload {
    /// The workload's name in the report.
    const NAME: &'static str;
    /// What one value is, for the report's legend.
    const VALUE: &'static str;
    /// Whether it needs a self-describing format (`skip_serializing_if`).
    const SELF_DESCRIBING_ONLY: bool;

    /// `#[derive(FastFlatten)]`.
    type Fast: Shape;
    /// serde's derive with `#[serde(flatten)]`.
    type SerdeFlatten: Shape;
    /// Every leaf at top level: the lower bound.
    type Flat: Shape;

    /// `n` deterministic values.
    fn values(n: usize) -> Vec<Self::Fast>;

    /// The same value with serde's flatten.
    fn serde_flatten(value: &Self::Fast) -> Self::SerdeFlatten;

    /// The same value as the flat struct.
    fn flat(value: &Self::Fast) -> Self::Flat;
}

/// Declares a [`Workload`]: its types, its `values` function, and the conversions (the
/// workload's `From<&fast::..>` impls).
macro_rules! workload {
    (
        $name:ident = $label:literal, $value:literal, self_describing_only: $sd:literal,
        fast: $fast:ty, serde_flatten: $serde:ty, flat: $flat:ty, values: $values:path $(,)?
    ) => {
        #[doc = concat!("The `", $label, "` workload.")]
        struct $name;

        impl Workload for $name {
            const NAME: &'static str = $label;
            const VALUE: &'static str = $value;
            const SELF_DESCRIBING_ONLY: bool = $sd;
            type Fast = $fast;
            type SerdeFlatten = $serde;
            type Flat = $flat;

            fn values(n: usize) -> Vec<$fast> {
                $values(n)
            }

            fn serde_flatten(value: &$fast) -> $serde {
                value.into()
            }

            fn flat(value: &$fast) -> $flat {
                value.into()
            }
        }
    };
}

workload!(
    Anchor = "anchor", "one `A`: six `u64` leaves over three levels of flatten",
    self_describing_only: false,
    fast: anchor::fast::A,
    serde_flatten: anchor::serde_flatten::A,
    flat: anchor::flat::Flat,
    values: anchor::values,
);
workload!(
    Paged = "paged", "one page of 20 owned items, each item flattening a 4-string `Audit`",
    self_describing_only: false,
    fast: paged::fast::Page<paged::fast::Item>,
    serde_flatten: paged::serde_flatten::Page<paged::serde_flatten::Item>,
    flat: paged::flat::Page<paged::flat::Item>,
    values: paged::values,
);
workload!(
    Wide = "wide", "one record: 8 flattened groups of 20 optional leaves, about 20 set",
    self_describing_only: true,
    fast: wide::fast::Record,
    serde_flatten: wide::serde_flatten::Record,
    flat: wide::flat::Record,
    values: wide::values,
);
workload!(
    Payload = "payload", "one V3 execution payload (V3 flattens V2 flattens V1), about 4.6 kB of hex",
    self_describing_only: false,
    fast: payload::fast::V3,
    serde_flatten: payload::serde_flatten::V3,
    flat: payload::flat::V3,
    values: payload::values,
);

/// The workloads' names and values, for the legend.
const WORKLOADS: [(&str, &str); 4] = [
    (Anchor::NAME, Anchor::VALUE),
    (Paged::NAME, Paged::VALUE),
    (Wide::NAME, Wide::VALUE),
    (Payload::NAME, Payload::VALUE),
];

/// One batch of a workload in its three definitions.
struct Batch<W: Workload> {
    fast: Vec<W::Fast>,
    serde_flatten: Vec<W::SerdeFlatten>,
    flat: Vec<W::Flat>,
}

impl<W: Workload> Batch<W> {
    /// `n` values.
    fn new(n: usize) -> Self {
        let fast = W::values(n);
        Batch {
            serde_flatten: fast.iter().map(W::serde_flatten).collect(),
            flat: fast.iter().map(W::flat).collect(),
            fast,
        }
    }

    /// The batch encoded by FastFlatten: what every implementation reads. Panics unless `flat`
    /// writes the same bytes and both read them back as the values written.
    fn reference<F: Format>(&self) -> Vec<u8> {
        let context = || format!("{} on {}", W::NAME, F::LABEL);
        let bytes = F::encode(&self.fast)
            .unwrap_or_else(|e| panic!("{}: FastFlatten fails to serialize: {e}", context()));
        let flat_bytes = F::encode(&self.flat)
            .unwrap_or_else(|e| panic!("{}: flat fails to serialize: {e}", context()));
        assert!(
            bytes == flat_bytes,
            "{}: FastFlatten and flat write different bytes",
            context()
        );
        let fast: Vec<W::Fast> = F::decode(&bytes)
            .unwrap_or_else(|e| panic!("{}: FastFlatten fails to read back: {e}", context()));
        assert!(
            fast == self.fast,
            "{}: FastFlatten reads back other values",
            context()
        );
        let flat: Vec<W::Flat> = F::decode(&bytes)
            .unwrap_or_else(|e| panic!("{}: flat fails to read back: {e}", context()));
        assert!(
            flat == self.flat,
            "{}: flat reads back other values",
            context()
        );
        let sink: Sink<W::Fast> = F::decode(&bytes).expect("read once already");
        assert_eq!(sink.len, self.fast.len(), "{}: the sink's count", context());
        bytes
    }

    /// Whether serde's flatten reads `bytes` back as the batch.
    fn serde_reads<F: Format>(&self, bytes: &[u8]) -> Result<(), String> {
        let read: Vec<W::SerdeFlatten> = catch(|| F::decode(bytes))?;
        if read == self.serde_flatten {
            Ok(())
        } else {
            Err("reads other values".into())
        }
    }

    /// What serde's flatten writes, if it writes the batch: `reference` itself or other bytes
    /// that `flat` reads back as the same values.
    fn serde_writes<F: Format>(&self, reference: &[u8]) -> Result<Vec<u8>, String> {
        let bytes = catch(|| F::encode(&self.serde_flatten))?;
        if bytes != reference {
            let read: Vec<W::Flat> = catch(|| F::decode(&bytes))
                .map_err(|e| format!("writes other bytes, unreadable: {e}"))?;
            if read != self.flat {
                return Err("writes other values".into());
            }
        }
        Ok(bytes)
    }
}

// ---------------------------------------------------------------------------------------------
// One workload on one format.
// ---------------------------------------------------------------------------------------------

/// Deserialize or serialize.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Deserialize,
    Serialize,
}

impl Op {
    fn label(self) -> &'static str {
        match self {
            Op::Deserialize => "deserialize",
            Op::Serialize => "serialize",
        }
    }
}

/// Measures workload `W` on format `F`, both operations, and adds the two rows to `report`.
fn run<W: Workload, F: Format>(rounds: usize, report: &mut Report) {
    let row = |result| Row {
        workload: W::NAME,
        format: F::LABEL,
        result,
    };
    if W::SELF_DESCRIBING_ONLY && !F::SELF_DESCRIBING {
        let why = "n/a: not self-describing".to_owned();
        report.deserialize.push(row(Err(why.clone())));
        report.serialize.push(row(Err(why)));
        return;
    }
    eprint!("{:<8} {:<11} deserialize", W::NAME, F::LABEL);
    report
        .deserialize
        .push(row(Ok(deserialize::<W, F>(rounds))));
    eprint!(", serialize");
    report.serialize.push(row(Ok(serialize::<W, F>(rounds))));
    eprintln!();
}

/// Times reading one batch, FastFlatten's bytes, with each implementation.
fn deserialize<W: Workload, F: Format>(rounds: usize) -> Measured {
    let size = batch_size::<W, F>(Op::Deserialize);
    let batch = Batch::<W>::new(size.values);
    let bytes = batch.reference::<F>();
    let serde = batch.serde_reads::<F>(&bytes);
    let passes = size.passes;
    let mut runs = vec![
        reader::<F, W::Flat>(&bytes, passes),
        reader::<F, W::Fast>(&bytes, passes),
    ];
    if serde.is_ok() {
        runs.push(reader::<F, W::SerdeFlatten>(&bytes, passes));
    }
    let times = measure(&mut runs, rounds);
    let serde = serde.map(|()| bytes.len());
    Measured::new(size, bytes.len(), serde, &times, None)
}

/// Times writing one batch with each implementation.
fn serialize<W: Workload, F: Format>(rounds: usize) -> Measured {
    let size = batch_size::<W, F>(Op::Serialize);
    let batch = Batch::<W>::new(size.values);
    let bytes = batch.reference::<F>();
    let serde = batch.serde_writes::<F>(&bytes);
    let note = match &serde {
        Ok(other) if *other != bytes => Some(format!(
            "serde flatten writes {} bytes where FastFlatten and flat write {} (read back equal)",
            other.len(),
            bytes.len()
        )),
        _ => None,
    };
    let (capacity, passes) = (2 * bytes.len(), size.passes);
    let mut runs = vec![
        writer::<F, _>(&batch.flat, capacity, passes),
        writer::<F, _>(&batch.fast, capacity, passes),
    ];
    if serde.is_ok() {
        runs.push(writer::<F, _>(&batch.serde_flatten, capacity, passes));
    }
    let times = measure(&mut runs, rounds);
    let serde = serde.map(|other| other.len());
    Measured::new(size, bytes.len(), serde, &times, note)
}

/// How much one timed unit handles: `passes` times a batch of `values`.
#[derive(Clone, Copy)]
struct Size {
    values: usize,
    passes: usize,
}

/// The batch (at most [`MAX_BATCH_BYTES`] encoded) and the number of passes over it with which
/// FastFlatten takes about [`TARGET_BATCH`] on `op`.
fn batch_size<W: Workload, F: Format>(op: Op) -> Size {
    let target = TARGET_BATCH.as_secs_f64();
    let mut n = 1;
    loop {
        let values = W::values(n);
        let bytes = F::encode(&values).unwrap_or_else(|e| {
            panic!(
                "{} on {}: FastFlatten fails to serialize: {e}",
                W::NAME,
                F::LABEL
            )
        });
        let mut run = match op {
            Op::Deserialize => reader::<F, W::Fast>(&bytes, 1),
            Op::Serialize => writer::<F, _>(&values, 2 * bytes.len(), 1),
        };
        run();
        let time = timer::best_of(REPS, &mut *run);
        if time >= target / 8.0 || bytes.len() >= MAX_BATCH_BYTES / 4 {
            let by_time = target / time;
            let by_bytes = MAX_BATCH_BYTES as f64 / bytes.len() as f64;
            let values = ((n as f64 * by_time.min(by_bytes)).floor() as usize).max(1);
            let per_pass = time * values as f64 / n as f64;
            let passes = ((target / per_pass).round() as usize).max(1);
            return Size { values, passes };
        }
        n *= 4;
    }
}

// ---------------------------------------------------------------------------------------------
// Measuring.
// ---------------------------------------------------------------------------------------------

/// Reads `bytes` `passes` times as a sequence of `T`, each value dropped as it is read.
fn reader<F: Format, T: Shape>(bytes: &[u8], passes: usize) -> Run<'_> {
    Box::new(move || {
        for _ in 0..passes {
            let sink: Sink<T> = F::decode(black_box(bytes)).expect("checked before timing");
            black_box(sink.len);
        }
    })
}

/// Writes `values` `passes` times into a buffer of `capacity` bytes, reused from pass to pass.
fn writer<F: Format, T: Shape>(values: &[T], capacity: usize, passes: usize) -> Run<'_> {
    let mut buf = Vec::with_capacity(capacity);
    Box::new(move || {
        for _ in 0..passes {
            buf.clear();
            F::encode_reusing(black_box(values), &mut buf).expect("checked before timing");
            black_box(&buf);
        }
    })
}

/// Times `runs` in interleaved rounds after a warm-up: `times[run][round]`, in seconds per batch.
fn measure(runs: &mut [Run<'_>], rounds: usize) -> Vec<Vec<f64>> {
    timer::interleaved(
        runs,
        Rounds {
            warm_up: WARM_UP_RUNS,
            rounds,
            reps: REPS,
        },
    )
}

/// Runs `f`, turning its error or its panic into a short message.
fn catch<R>(f: impl FnOnce() -> Result<R, String>) -> Result<R, String> {
    probe::catch(f).map_err(|failure| failure.short())
}

// ---------------------------------------------------------------------------------------------
// Results.
// ---------------------------------------------------------------------------------------------

/// Everything the writers need.
struct Report {
    header: Header,
    deserialize: Vec<Row>,
    serialize: Vec<Row>,
}

impl Report {
    fn rows(&self, op: Op) -> &[Row] {
        match op {
            Op::Deserialize => &self.deserialize,
            Op::Serialize => &self.serialize,
        }
    }
}

/// One workload on one format, for one operation.
struct Row {
    workload: &'static str,
    format: &'static str,
    /// `Err`: the combination is not possible ("n/a: ...").
    result: Result<Measured, String>,
}

/// The measurement of one row.
struct Measured {
    /// What one timed unit handles.
    size: Size,
    flat: Speed,
    fast: Speed,
    /// `Err`: serde's flatten fails, with the short reason.
    serde: Result<Speed, String>,
    fast_vs_flat: Spread,
    serde_vs_flat: Option<Spread>,
    /// serde flatten / FastFlatten.
    speedup: Option<Spread>,
    /// Something the reader should know about the row.
    note: Option<String>,
}

/// The median time of one implementation.
struct Speed {
    /// Nanoseconds per value.
    ns_per_value: f64,
    /// Megabytes (10^6) of encoded input or output per second.
    mb_per_s: f64,
}

impl Measured {
    /// From `times[implementation][round]` (flat, FastFlatten, then serde's flatten when it
    /// works), `bytes` being the encoded batch and `serde` the size serde's flatten handles.
    fn new(
        size: Size,
        bytes: usize,
        serde: Result<usize, String>,
        times: &[Vec<f64>],
        note: Option<String>,
    ) -> Measured {
        let speed = |times: &[f64], bytes: usize| {
            let median = Spread::of(times.to_vec()).median / size.passes as f64;
            Speed {
                ns_per_value: median * 1e9 / size.values as f64,
                mb_per_s: bytes as f64 / median / 1e6,
            }
        };
        let (flat, fast) = (&times[0], &times[1]);
        let serde_times = serde.as_ref().ok().map(|_| &times[2]);
        Measured {
            size,
            flat: speed(flat, bytes),
            fast: speed(fast, bytes),
            serde: serde.map(|serde_bytes| speed(&times[2], serde_bytes)),
            fast_vs_flat: Spread::ratio(fast, flat),
            serde_vs_flat: serde_times.map(|s| Spread::ratio(s, flat)),
            speedup: serde_times.map(|s| Spread::ratio(s, fast)),
            note,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The header.
// ---------------------------------------------------------------------------------------------

/// When, where and how the report was made.
struct Header {
    date: String,
    cpus: usize,
    cpu: String,
    os: String,
    rustc: String,
    codegen_units: String,
    load: String,
    rounds: usize,
    command: String,
    runtime: Duration,
}

impl Header {
    fn collect(rounds: usize) -> Header {
        let read = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
        let cpu = read("/proc/cpuinfo")
            .lines()
            .find_map(|line| {
                let (key, value) = line.split_once(':')?;
                (key.trim() == "model name").then(|| value.trim().to_owned())
            })
            .unwrap_or_else(|| "unknown CPU".into());
        let os = read("/etc/os-release")
            .lines()
            .find_map(|line| line.strip_prefix("PRETTY_NAME="))
            .map(|name| name.trim_matches('"').to_owned())
            .unwrap_or_else(|| std::env::consts::OS.to_owned());
        let rustc = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .arg("-V")
            .output()
            .ok()
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| "unknown rustc".into());
        let load = read("/proc/loadavg")
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        let mut command = String::new();
        if std::env::var_os("REPORT_ROUNDS").is_some() {
            command = format!("REPORT_ROUNDS={rounds} ");
        }
        command.push_str("cargo run --release --example report");
        if cfg!(debug_assertions) {
            eprintln!("warning: a debug build: the timings mean nothing, add --release");
            command.push_str(" (DEBUG BUILD: the timings mean nothing)");
        }
        let codegen_units = codegen_units();
        if !codegen_units.starts_with("1 ") {
            eprintln!(
                "warning: codegen-units {codegen_units}: how rustc splits the code moves these \
                 ratios by up to 20% from one build to the next; for the README, build with \
                 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1"
            );
        }
        Header {
            codegen_units,
            date: utc_now(),
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            cpu,
            os,
            rustc,
            load: if load.is_empty() {
                "unknown".into()
            } else {
                load
            },
            rounds,
            command,
            runtime: Duration::ZERO,
        }
    }

    /// The day, `YYYY-MM-DD`.
    fn day(&self) -> &str {
        &self.date[..10]
    }
}

/// The release profile's codegen units and where the number comes from: the environment (which
/// `cargo run` passes on), the workspace's Cargo.toml, or cargo's default.
fn codegen_units() -> String {
    if let Ok(units) = std::env::var("CARGO_PROFILE_RELEASE_CODEGEN_UNITS") {
        return format!("{units} (CARGO_PROFILE_RELEASE_CODEGEN_UNITS)");
    }
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"));
    let from_manifest = manifest.ok().and_then(|text| {
        let mut lines = text.lines().map(str::trim);
        lines.find(|line| *line == "[profile.release]")?;
        lines
            .take_while(|line| !line.starts_with('['))
            .find_map(|line| {
                let (key, value) = line.split_once('=')?;
                (key.trim() == "codegen-units").then(|| value.trim().to_owned())
            })
    });
    match from_manifest {
        Some(units) => format!("{units} (Cargo.toml)"),
        None => "16 (cargo's default)".into(),
    }
}

/// The system clock as `YYYY-MM-DD HH:MM UTC`.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's `civil_from_days`, for days since 1970-01-01.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rem / 3600,
        rem / 60 % 60
    )
}

// ---------------------------------------------------------------------------------------------
// Markdown.
// ---------------------------------------------------------------------------------------------

/// The targets: FastFlatten / flat at most `limit` for `op` on `format` (every format if `None`).
const TARGETS: [(Op, Option<&str>, f64); 3] = [
    (Op::Deserialize, Some(Json::LABEL), 1.10),
    (Op::Deserialize, Some(Ciborium::LABEL), 1.15),
    (Op::Serialize, None, 1.03),
];

/// The whole report as Markdown.
fn markdown(report: &Report) -> String {
    let h = &report.header;
    let mut out = String::new();
    let _ = writeln!(out, "# FastFlatten benchmark report\n");
    let _ = writeln!(out, "- Date: {}", h.date);
    let _ = writeln!(
        out,
        "- Machine: {} CPUs ({}), {}; load average at start {}",
        h.cpus, h.cpu, h.os, h.load
    );
    let _ = writeln!(
        out,
        "- Compiler: {}, release profile, codegen-units {}",
        h.rustc, h.codegen_units
    );
    let _ = writeln!(
        out,
        "- Rounds: {} interleaved (each round times flat, FastFlatten and serde flatten back to \
         back, best of {REPS} runs each, on a timed unit of about {} ms: a batch of at most {} \
         KiB encoded, handled as many times in a row); medians of the per-round values, \
         [min-max] of the per-round ratios",
        h.rounds,
        TARGET_BATCH.as_millis(),
        MAX_BATCH_BYTES >> 10
    );
    let _ = writeln!(
        out,
        "- Command: `{}` ({:.0} s)\n",
        h.command,
        h.runtime.as_secs_f64()
    );
    let _ = writeln!(
        out,
        "Every implementation reads the same bytes, written once by FastFlatten; flat (every leaf \
         at top level, serde's plain derive) writes the same bytes: it is the lower bound. Times \
         are per value; MB/s counts encoded bytes.\n"
    );
    for (name, value) in WORKLOADS {
        let _ = writeln!(out, "- `{name}`: {value}");
    }
    for (name, calls) in formats_legend() {
        let _ = writeln!(out, "- {name}: {calls}");
    }
    let _ = writeln!(
        out,
        "\n![FastFlatten and serde flatten against flat](flatten.svg)\n"
    );
    for op in [Op::Deserialize, Op::Serialize] {
        table(&mut out, op, report.rows(op));
    }
    summary(&mut out, report);
    out
}

/// One operation's table.
fn table(out: &mut String, op: Op, rows: &[Row]) {
    let _ = writeln!(out, "## {}\n", capitalize(op.label()));
    let _ = writeln!(
        out,
        "| workload | format | flat | FastFlatten | serde flatten | **FastFlatten / flat** [min-max] \
         | serde flatten / flat | speedup (serde flatten / FastFlatten) | FastFlatten MB/s |"
    );
    let _ = writeln!(out, "|---|---|--:|--:|--:|--:|--:|--:|--:|");
    for row in rows {
        let m = match &row.result {
            Ok(m) => m,
            Err(why) => {
                let _ = writeln!(
                    out,
                    "| {} | {} | {why} | n/a | n/a | n/a | n/a | n/a | n/a |",
                    row.workload, row.format
                );
                continue;
            }
        };
        let serde_time = match &m.serde {
            Ok(s) => format_ns(s.ns_per_value),
            Err(e) => format!("fails: {}", e.replace('|', "\\|")),
        };
        let ratio = |s: Option<Spread>| s.map_or("fails".into(), |s| format!("{:.2}", s.median));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | **{:.2}** [{:.2}-{:.2}] | {} | {} | {} |",
            row.workload,
            row.format,
            format_ns(m.flat.ns_per_value),
            format_ns(m.fast.ns_per_value),
            serde_time,
            m.fast_vs_flat.median,
            m.fast_vs_flat.min,
            m.fast_vs_flat.max,
            ratio(m.serde_vs_flat),
            m.speedup
                .map_or("fails".into(), |s| format!("{:.2}x", s.median)),
            format_mb(m.fast.mb_per_s),
        );
    }
    let _ = writeln!(out, "\nValues per batch x passes per timed unit:");
    for group in rows.chunk_by(|a, b| a.workload == b.workload) {
        let sizes: Vec<String> = group
            .iter()
            .filter_map(|row| {
                let size = row.result.as_ref().ok()?.size;
                Some(format!("{} {}x{}", row.format, size.values, size.passes))
            })
            .collect();
        let _ = writeln!(out, "{}: {}.", group[0].workload, sizes.join(", "));
    }
    let notes: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            let note = row.result.as_ref().ok()?.note.as_ref()?;
            Some(format!("- {} on {}: {note}.", row.workload, row.format))
        })
        .collect();
    if !notes.is_empty() {
        let _ = writeln!(out, "\n{}", notes.join("\n"));
    }
    let _ = writeln!(out);
}

/// The targets, where they hold and by how much they miss, and where serde's flatten fails.
fn summary(out: &mut String, report: &Report) {
    let _ = writeln!(out, "## Summary\n");
    for (op, format, limit) in TARGETS {
        let measured: Vec<(&Row, &Measured)> = report
            .rows(op)
            .iter()
            .filter(|row| format.is_none_or(|f| f == row.format))
            .filter_map(|row| Some((row, row.result.as_ref().ok()?)))
            .collect();
        let misses: Vec<String> = measured
            .iter()
            .filter(|(_, m)| m.fast_vs_flat.median > limit)
            .map(|(row, m)| {
                let s = m.fast_vs_flat;
                format!(
                    "  - {} on {}: {:.3}, {:.1}% over (range {:.2}-{:.2})",
                    row.workload,
                    row.format,
                    s.median,
                    (s.median / limit - 1.0) * 100.0,
                    s.min,
                    s.max
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "- {}, {}, FastFlatten / flat <= {limit:.2}: holds on {} of {}{}",
            capitalize(op.label()),
            format.unwrap_or("every format"),
            measured.len() - misses.len(),
            measured.len(),
            if misses.is_empty() { "." } else { "; misses:" }
        );
        for miss in misses {
            let _ = writeln!(out, "{miss}");
        }
    }
    let worst = [Op::Deserialize, Op::Serialize].map(|op| {
        report
            .rows(op)
            .iter()
            .filter_map(|row| Some((row, row.result.as_ref().ok()?)))
            .max_by(|a, b| a.1.fast_vs_flat.median.total_cmp(&b.1.fast_vs_flat.median))
            .map_or(String::new(), |(row, m)| {
                format!(
                    "{} {:.2} ({} on {})",
                    op.label(),
                    m.fast_vs_flat.median,
                    row.workload,
                    row.format
                )
            })
    });
    let _ = writeln!(out, "- Highest FastFlatten / flat: {}.", worst.join(", "));
    for op in [Op::Deserialize, Op::Serialize] {
        let rows = report
            .rows(op)
            .iter()
            .filter_map(|row| Some((row, row.result.as_ref().ok()?)));
        let fails: Vec<String> = rows
            .clone()
            .filter_map(|(row, m)| {
                let e = m.serde.as_ref().err()?;
                Some(format!("{} on {} ({e})", row.workload, row.format))
            })
            .collect();
        let best = rows
            .filter_map(|(row, m)| Some((row, m.speedup?)))
            .max_by(|a, b| a.1.median.total_cmp(&b.1.median));
        let _ = writeln!(
            out,
            "- {}, serde flatten fails: {}.",
            capitalize(op.label()),
            if fails.is_empty() {
                "nowhere".to_owned()
            } else {
                fails.join("; ").replace('|', "\\|")
            }
        );
        if let Some((row, s)) = best {
            let _ = writeln!(
                out,
                "- {}, largest speedup over serde flatten: {:.2}x ({} on {}).",
                capitalize(op.label()),
                s.median,
                row.workload,
                row.format
            );
        }
    }
}

/// `word` with its first letter in upper case.
fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// Nanoseconds with three significant digits and a unit.
fn format_ns(ns: f64) -> String {
    let (value, unit) = match ns {
        n if n < 1e3 => (n, "ns"),
        n if n < 1e6 => (n / 1e3, "µs"),
        n => (n / 1e6, "ms"),
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

/// Megabytes per second, three significant digits at least.
fn format_mb(mb: f64) -> String {
    if mb < 100.0 {
        format!("{mb:.1}")
    } else {
        format!("{mb:.0}")
    }
}

// ---------------------------------------------------------------------------------------------
// SVG.
// ---------------------------------------------------------------------------------------------

/// The colour of FastFlatten's bars.
const FAST_COLOUR: &str = "#1f6feb";

/// The colour of serde flatten's bars.
const SERDE_COLOUR: &str = "#e8710a";

/// The colour of the 1.0 line and of "fails".
const RED: &str = "#b71c1c";

/// Attributes that keep a label readable over lines and bars: a white outline under the glyphs.
const HALO: &str =
    r#"stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke""#;

/// The chart's geometry.
mod geometry {
    /// The image's width.
    pub const WIDTH: f64 = 1120.0;
    /// The left margin.
    pub const LEFT: f64 = 20.0;
    /// The width of the format names.
    pub const LABELS: f64 = 110.0;
    /// Between the two panels.
    pub const GAP: f64 = 40.0;
    /// Past the plot, for the values of the longest bars.
    pub const VALUE_ROOM: f64 = 70.0;
    /// Where the rows start.
    pub const TOP: f64 = 118.0;
    /// One format's row.
    pub const ROW: f64 = 26.0;
    /// A workload's heading.
    pub const GROUP: f64 = 24.0;
    /// One panel, plot and value room.
    pub const PANEL: f64 = (WIDTH - LEFT - LABELS - GAP - 20.0) / 2.0;
    /// Where panel `p` (0: deserialize, 1: serialize) starts.
    pub fn panel_x(p: usize) -> f64 {
        LEFT + LABELS + p as f64 * (PANEL + GAP)
    }
}

/// The chart: one row per workload and format (n/a ones left out), a panel per operation, two
/// bars per row (FastFlatten / flat, serde flatten / flat), the 1.0 line marked.
fn svg(report: &Report) -> String {
    use geometry::*;
    // Each row's top, with the workloads' headings in between.
    let mut rows: Vec<(f64, &Row, &Row)> = Vec::new();
    let mut headings: Vec<(f64, &str)> = Vec::new();
    let mut y = TOP;
    for (de, ser) in report.deserialize.iter().zip(&report.serialize) {
        if de.result.is_err() {
            continue;
        }
        if headings.last().is_none_or(|(_, w)| *w != de.workload) {
            headings.push((y, de.workload));
            y += GROUP;
        }
        rows.push((y, de, ser));
        y += ROW;
    }
    let bottom = y;
    let height = bottom + 70.0;
    let max = rows
        .iter()
        .flat_map(|(_, de, ser)| [de, ser])
        .filter_map(|row| row.result.as_ref().ok())
        .flat_map(|m| [Some(m.fast_vs_flat), m.serde_vs_flat])
        .flatten()
        .map(|s| s.median)
        .fold(1.0, f64::max);
    let scale = Scale {
        max: ((max * 2.0).ceil() / 2.0).clamp(1.5, 3.0),
        plot: PANEL - VALUE_ROOM,
    };

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    titles(&mut s, &report.header);
    for (i, (y, _, _)) in rows.iter().enumerate() {
        if i % 2 == 0 {
            let _ = writeln!(
                s,
                r##"<rect x="{LEFT}" y="{y}" width="{}" height="{ROW}" fill="#f3f5f8"/>"##,
                WIDTH - 2.0 * LEFT
            );
        }
    }
    for (p, op) in [Op::Deserialize, Op::Serialize].into_iter().enumerate() {
        let bold = r#"font-size="14" font-weight="bold""#;
        text(
            &mut s,
            panel_x(p),
            TOP - 8.0,
            "start",
            bold,
            &capitalize(op.label()),
        );
        axis(&mut s, panel_x(p), scale, TOP, bottom);
    }
    for (y, workload) in headings {
        text(
            &mut s,
            LEFT,
            y + 16.0,
            "start",
            r#"font-weight="bold""#,
            workload,
        );
    }
    for (y, de, ser) in rows {
        text(&mut s, LEFT + LABELS - 8.0, y + 17.0, "end", "", de.format);
        for (p, row) in [de, ser].into_iter().enumerate() {
            if let Ok(m) = &row.result {
                bars(&mut s, panel_x(p), y, m, scale);
            }
        }
    }
    let left_out: Vec<String> = report
        .deserialize
        .iter()
        .filter(|row| row.result.is_err())
        .map(|row| format!("{} on {}", row.workload, row.format))
        .collect();
    let mut footnote = format!("Bars past {:.1} are cut, their value printed.", scale.max);
    if !left_out.is_empty() {
        footnote.insert_str(
            0,
            &format!(
                "Not shown: {} (skip_serializing_if needs a self-describing format). ",
                left_out.join(", ")
            ),
        );
    }
    let grey = r##"font-size="11" fill="#555""##;
    text(&mut s, LEFT, bottom + 52.0, "start", grey, &footnote);
    let _ = writeln!(s, "</svg>");
    s
}

/// The title, the subtitle (what 1.0 means, the machine) and the legend.
fn titles(s: &mut String, h: &Header) {
    use geometry::LEFT;
    let title = format!(
        "FastFlatten vs #[serde(flatten)]: time relative to the flat struct, {}",
        h.day()
    );
    text(
        s,
        LEFT,
        28.0,
        "start",
        r#"font-size="18" font-weight="bold""#,
        &title,
    );
    let what = format!(
        "1.0 = the same leaves declared in one plain struct (the lower bound); shorter is faster. \
         Median of {} interleaved per-round ratios.",
        h.rounds
    );
    text(s, LEFT, 48.0, "start", r##"fill="#555""##, &what);
    let machine = format!(
        "{} CPUs, {}; {}; {}, codegen-units {}",
        h.cpus, h.cpu, h.os, h.rustc, h.codegen_units
    );
    text(s, LEFT, 66.0, "start", r##"fill="#555""##, &machine);

    let y = 84.0;
    let mut x = LEFT;
    for (colour, label) in [
        (FAST_COLOUR, "FastFlatten / flat"),
        (SERDE_COLOUR, "#[serde(flatten)] / flat"),
    ] {
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{}" width="14" height="10" fill="{colour}"/>"#,
            y - 9.0
        );
        text(s, x + 20.0, y, "start", "", label);
        x += 200.0;
    }
    let _ = writeln!(
        s,
        r#"<line x1="{x}" y1="{}" x2="{}" y2="{}" stroke="{RED}" stroke-width="1.5" stroke-dasharray="5,3"/>"#,
        y - 4.0,
        x + 14.0,
        y - 4.0
    );
    text(s, x + 20.0, y, "start", "", "1.0 = flat (no flatten cost)");
    let fails = format!(r#"fill="{RED}" font-style="italic""#);
    text(
        s,
        x + 220.0,
        y,
        "start",
        &fails,
        "fails: serde flatten cannot run",
    );
}

/// One panel's grid, tick labels, axis title and 1.0 line.
fn axis(s: &mut String, x0: f64, scale: Scale, top: f64, bottom: f64) {
    let step = if scale.max <= 2.0 { 0.25 } else { 0.5 };
    let ticks = (scale.max / step).round() as usize;
    for k in 0..=ticks {
        let value = k as f64 * step;
        let x = x0 + scale.width(value);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{top}" x2="{x:.1}" y2="{bottom}" stroke="#d0d7de" stroke-width="1"/>"##
        );
        text(
            s,
            x,
            bottom + 16.0,
            "middle",
            r#"font-size="11""#,
            &format!("{value}"),
        );
    }
    let x = x0 + scale.width(1.0);
    let _ = writeln!(
        s,
        r#"<line x1="{x:.1}" y1="{top}" x2="{x:.1}" y2="{bottom}" stroke="{RED}" stroke-width="1.5" stroke-dasharray="5,3"/>"#
    );
    let title = r##"font-size="11" fill="#333""##;
    let middle = x0 + scale.plot / 2.0;
    text(
        s,
        middle,
        bottom + 34.0,
        "middle",
        title,
        "time / flat's time (lower is better)",
    );
}

/// One row's two bars in one panel: FastFlatten / flat, then serde flatten / flat or why it
/// fails.
fn bars(s: &mut String, x0: f64, y: f64, m: &Measured, scale: Scale) {
    bar(s, x0, y + 4.0, m.fast_vs_flat.median, scale, FAST_COLOUR);
    match (&m.serde_vs_flat, &m.serde) {
        (Some(r), _) => bar(s, x0, y + 14.0, r.median, scale, SERDE_COLOUR),
        (None, Err(e)) => {
            let attrs = format!(r#"font-size="10" fill="{RED}" font-style="italic" {HALO}"#);
            let why = format!("serde flatten fails: {}", truncate(e, 48));
            text(s, x0 + 3.0, y + 22.0, "start", &attrs, &why);
        }
        (None, Ok(_)) => {}
    }
}

/// A horizontal bar of length `ratio` with its value at its end (marked when the bar is cut).
fn bar(s: &mut String, x0: f64, y: f64, ratio: f64, scale: Scale, colour: &str) {
    let w = scale.width(ratio);
    let _ = writeln!(
        s,
        r#"<rect x="{x0:.1}" y="{y:.1}" width="{w:.1}" height="8" fill="{colour}"/>"#
    );
    let label = if ratio > scale.max {
        format!("{ratio:.2} (cut)")
    } else {
        format!("{ratio:.2}")
    };
    let attrs = format!(r#"font-size="10" {HALO}"#);
    text(s, x0 + w + 4.0, y + 8.0, "start", &attrs, &label);
}

/// Ratios to pixels: `0..=max` onto `0..=plot`.
#[derive(Clone, Copy)]
struct Scale {
    max: f64,
    plot: f64,
}

impl Scale {
    fn width(self, ratio: f64) -> f64 {
        ratio.clamp(0.0, self.max) / self.max * self.plot
    }
}

/// A `<text>` element; `attrs` are extra attributes, `content` is escaped.
fn text(s: &mut String, x: f64, y: f64, anchor: &str, attrs: &str, content: &str) {
    let _ = writeln!(
        s,
        r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" {attrs}>{}</text>"#,
        escape(content)
    );
}

/// At most `n` characters of `text`.
fn truncate(text: &str, n: usize) -> String {
    match text.char_indices().nth(n) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
