//! The benchmark report for README.md: `#[derive(FastFlatten)]` against serde's derive
//! (`#[serde(flatten)]`, tagged enums) and the lower bound, on every workload and the primary
//! formats.
//!
//! Run it with
//!
//! ```text
//! cargo run --release --example report                   # the report (3 to 5 min after the build, 2 cores)
//! REPORT_ROUNDS=3 cargo run --release --example report   # a quick smoke run
//! REPORT_WORKLOADS=wide cargo run --release --example report  # one workload (not to publish)
//! REPORT_FORMATS=ciborium,rmp-serde cargo run --release --example report  # some formats (the same)
//! ```
//!
//! Instructions, where a ratio needs explaining: `REPORT_FIXED_BATCH=1` sizes each batch by its
//! bytes alone ([`MAX_BATCH_BYTES`], three passes), as callgrind's slowdown would make every
//! timed batch a value or two; with v0 symbol names the timed readers are told apart by their
//! type parameters. Divide a reader's inclusive count by 18 times the batch (warm-up and one
//! round of three runs, three passes each; its "Values per batch" line gives the batch):
//!
//! ```text
//! export CARGO_TARGET_DIR=target/v0   # other flags: keep the usual build
//! RUSTFLAGS="-C symbol-mangling-version=v0" cargo build --release --example report
//! REPORT_FIXED_BATCH=1 REPORT_ROUNDS=1 REPORT_WORKLOADS=events_created REPORT_FORMATS=rmp-serde \
//!     valgrind --tool=callgrind --callgrind-out-file=report.cg target/v0/release/examples/report
//! callgrind_annotate --inclusive=yes report.cg | grep 'measure::reader'
//! ```
//!
//! A partial run (any of the three variables set) prints its Markdown and writes no file, so
//! that the published report stays whole.
//!
//! Without `[profile.release] codegen-units = 1` in Cargo.toml, set
//! `CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1` for numbers to publish: with cargo's default of 16
//! units, how rustc splits the code moves some ratios by up to 20% from one build to the next
//! (measured; the header records the setting and the report warns on stderr).
//!
//! It writes `BENCHMARKS.md` (a line describing the machine, one Markdown table per
//! operation, a summary against the targets, the enum workloads against theirs) and
//! `benches/report/flatten.svg` (the ratios as a bar chart), and prints the Markdown to stdout
//! (progress goes to stderr).
//!
//! The workloads are those of `support/src/workloads/` whose values own their data: `anchor`,
//! `paged`, `wide` (self-describing formats only), `payload`, and the enum workloads `events`,
//! `events_created`, `events_tag_last`, `status`, `fees`, `rpc`, `rpc_nested` (and more: the
//! list is `for_each_workload!`). Each is defined three ways:
//! FastFlatten (`fast`), serde's derive of the same shape (`serde_flatten` with
//! `#[serde(flatten)]`, or `serde_derive` for the standalone enum) and the lower bound (`flat`,
//! every leaf at top level, or `lower`, the variant's plain struct: the same bytes without
//! flatten or enum). The formats are the primary ones of the format table
//! (`support/src/common/formats.rs`): serde_json, serde_yaml, serde_yaml_ng, ciborium, bincode 2,
//! bitcode (serde API), postcard and rmp-serde in struct-map mode.
//!
//! For each workload, format and operation:
//!
//! 1. A batch of values is sized, at most [`MAX_BATCH_BYTES`] encoded so that it stays in the
//!    caches, and a number of passes over it, so that the source values take about
//!    [`TARGET_BATCH`] on the passes: the timed unit.
//! 2. The batch is encoded once: the reference bytes, FastFlatten's (the lower bound's in
//!    `events_tag_last`). Each implementation is probed on them, with panics caught (bitcode
//!    panics on serde's flatten), and must read them back as its values and write them, where
//!    its rule (`support/src/workloads/`) says it does: otherwise the report panics (it does not
//!    measure broken code). Where the rule says it does not, it must fail, and the row says why:
//!    "fails" for serde's derive, "n/a" for the lower bound (`events`' lower bound writes other
//!    bytes) and for FastFlatten (the whole row: `events_tag_last` is read only). Serializing,
//!    serde's derive may write other bytes (a map of unknown length) as long as they read back
//!    as the same values.
//! 3. After a warm-up, `REPORT_ROUNDS` (default [`DEFAULT_ROUNDS`]) interleaved rounds each time
//!    every implementation back to back on the timed unit (best of [`REPS`] runs, the starting
//!    implementation rotating from round to round), so that a slow spell of the machine hits
//!    all alike. Deserializing reads the whole batch as a sequence, each value dropped as it is
//!    read; serializing writes it into a reused, pre-sized buffer.
//! 4. Reported: the median over rounds of the per-round ratios FastFlatten / lower bound, serde /
//!    lower bound and serde / FastFlatten (the speed-up) with their min-max, the median time per
//!    value, and FastFlatten's throughput in MB/s of encoded input (deserialize) or output
//!    (serialize).

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use fastkit_support::common;
use fastkit_support::workloads;

mod header;
mod markdown;
mod measure;
mod peers;
mod results;
mod svg;

use header::Header;
use markdown::markdown;
use measure::{run_all, FIXED_BATCH_VAR, FORMATS_VAR, WORKLOADS_VAR};
use peers::run_peers;
use results::Report;
use svg::svg;

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

/// The heading of `BENCHMARKS.md`'s section that the peers harness writes
/// (`peers/src/speed.rs`, `SECTION`).
const REAL_FIXTURES: &str = "## Real crates' fixtures";

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
        peers: Vec::new(),
    };
    run_all(rounds, &mut report);
    run_peers(rounds, &mut report);
    report.header.runtime = started.elapsed();

    let markdown = markdown(&report);
    if partial() {
        println!("{markdown}");
        eprintln!("a partial run: {OUT_DIR} left as it was");
        return;
    }
    let svg = svg(&report);
    std::fs::create_dir_all(OUT_DIR).expect("cannot create benches/report");
    let out = Path::new(OUT_DIR);
    let benchmarks = Path::new(env!("CARGO_MANIFEST_DIR")).join("BENCHMARKS.md");
    // The section on real crates' fixtures is written by another program (`cargo run -p peers
    // --release -- --speed`, which finds it by this heading): kept as it is.
    let fixtures = std::fs::read_to_string(&benchmarks)
        .ok()
        .and_then(|old| old.find(REAL_FIXTURES).map(|at| old[at..].to_owned()));
    let written = match fixtures {
        Some(section) => format!("{}\n\n{section}", markdown.trim_end()),
        None => markdown.clone(),
    };
    std::fs::write(&benchmarks, written).expect("cannot write BENCHMARKS.md");
    std::fs::write(out.join("flatten.svg"), &svg).expect("cannot write flatten.svg");
    for (file, chart) in peers::charts(&report) {
        std::fs::write(out.join(&file), chart)
            .unwrap_or_else(|e| panic!("cannot write {file}: {e}"));
    }
    println!("{markdown}");
    eprintln!(
        "wrote {} and {} in {:.0} s",
        benchmarks.display(),
        out.join("flatten.svg").display(),
        report.header.runtime.as_secs_f64()
    );
}

/// Whether the run leaves out workloads or formats, or does not time its batches
/// (`REPORT_WORKLOADS`, `REPORT_FORMATS`, `REPORT_FIXED_BATCH`): not a report to publish.
fn partial() -> bool {
    [WORKLOADS_VAR, FORMATS_VAR, FIXED_BATCH_VAR]
        .iter()
        .any(|var| std::env::var_os(var).is_some())
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
