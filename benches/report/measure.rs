//! One workload on one format: the batch sized, checked, and timed in interleaved rounds.

use std::hint::black_box;
use std::marker::PhantomData;

use serde::Serialize;

use crate::common::formats::{visit_primary_formats, Format, FormatVisitor};
use crate::common::probe;
use crate::common::sink::Sink;
use crate::common::timer::{self, Rounds, Run};
use crate::results::{Measured, Report, Row, Timing, Timings};
use crate::workloads::{
    visit_workloads, Implementation, ImplementationVisitor, Role, Workload, WorkloadVisitor,
};
use crate::{MAX_BATCH_BYTES, REPS, TARGET_BATCH, WARM_UP_RUNS};

/// Runs [`run`] for every workload the report shows, on every primary format of the table
/// (`support/src/common/formats.rs`), in their order. The workloads whose values borrow from their
/// input are left out: they read the bytes of their owned twin.
pub fn run_all(rounds: usize, report: &mut Report) {
    struct RunAll<'a> {
        rounds: usize,
        report: &'a mut Report,
    }

    impl WorkloadVisitor for RunAll<'_> {
        fn visit<W: Workload>(&mut self) {
            if const { reported::<W>() } && selected(WORKLOADS_VAR, W::NAME) {
                run_workload::<W>(self.rounds, self.report);
            }
        }
    }

    visit_workloads(&mut RunAll { rounds, report });
}

/// Whether the report shows workload `W`: not if its values borrow from their input.
const fn reported<W: Workload>() -> bool {
    !W::NEEDS.borrows
}

/// The variable naming the workloads a partial run measures.
pub const WORKLOADS_VAR: &str = "REPORT_WORKLOADS";

/// The variable naming the formats (their labels) a partial run measures.
pub const FORMATS_VAR: &str = "REPORT_FORMATS";

/// The variable that sizes batches for counting instructions rather than timing ([`batch_size`]).
pub const FIXED_BATCH_VAR: &str = "REPORT_FIXED_BATCH";

/// Whether the environment variable `list` (a comma-separated list of names, for a quick
/// partial run while working on one workload or format: [`WORKLOADS_VAR`], [`FORMATS_VAR`])
/// selects `name`; all without it.
pub fn selected(list: &str, name: &str) -> bool {
    std::env::var(list).map_or(true, |names| names.split(',').any(|n| n.trim() == name))
}

/// The shown workloads' names and values, for the legend (in the order of [`run_all`]).
pub fn workloads_legend() -> Vec<(&'static str, &'static str)> {
    struct Legend(Vec<(&'static str, &'static str)>);

    impl WorkloadVisitor for Legend {
        fn visit<W: Workload>(&mut self) {
            if reported::<W>() {
                self.0.push((W::NAME, W::VALUE));
            }
        }
    }

    let mut legend = Legend(Vec::new());
    visit_workloads(&mut legend);
    legend.0
}

/// Runs `run::<W, F>` for every primary format of the table, in its order.
fn run_workload<W: Workload>(rounds: usize, report: &mut Report) {
    struct RunOn<'a, W> {
        rounds: usize,
        report: &'a mut Report,
        workload: PhantomData<W>,
    }

    impl<W: Workload> FormatVisitor for RunOn<'_, W> {
        fn visit<F: Format>(&mut self) {
            if selected(FORMATS_VAR, F::LABEL) {
                run::<W, F>(self.rounds, self.report);
            }
        }
    }

    visit_primary_formats(&mut RunOn::<W> {
        rounds,
        report,
        workload: PhantomData,
    });
}

/// The primary formats' names and calls, for the legend (in the order of [`run_workload`]).
pub fn formats_legend() -> Vec<(&'static str, &'static str)> {
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

/// Deserialize or serialize.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Deserialize,
    Serialize,
}

impl Op {
    pub fn label(self) -> &'static str {
        match self {
            Op::Deserialize => "deserialize",
            Op::Serialize => "serialize",
        }
    }
}

/// Measures workload `W` on format `F`, both operations, and adds the two rows to `report`.
pub fn run<W: Workload, F: Format>(rounds: usize, report: &mut Report) {
    let row = |result| Row {
        workload: W::NAME,
        format: F::LABEL,
        result,
    };
    if let Some(missing) = W::NEEDS.missing_in(&F::PROPERTIES) {
        let why = format!("n/a: {missing}");
        report.deserialize.push(row(Err(why.clone())));
        report.serialize.push(row(Err(why)));
        return;
    }
    eprint!("{:<15} {:<13} deserialize", W::NAME, F::LABEL);
    report
        .deserialize
        .push(row(deserialize::<W, F>(rounds, None)));
    eprint!(", serialize");
    report.serialize.push(row(serialize::<W, F>(rounds, None)));
    eprintln!();
}

/// The implementations the report compares, in the order they are timed in each round: the
/// lower bound, FastFlatten, serde's derive, and serde_fast_flatten where the workload has it
/// (`anchor`).
const REPORTED: [Role; 4] = [
    Role::LowerBound,
    Role::FastFlatten,
    Role::Serde,
    Role::Prior,
];

/// One implementation, ready to be timed or not running.
struct Timed<'a> {
    role: Role,
    /// The timed unit, or why the implementation does not run (by its rule).
    run: Result<Run<'a>, String>,
    /// The bytes it reads or writes.
    bytes: usize,
    /// Something the reader should know.
    note: Option<String>,
}

/// Prepares a peer's timed run over the batch's values (`source`), `passes` times in a row: the
/// run and the bytes it reads or writes (see `crate::peers`).
pub type PeerRun<'f, W> =
    &'f dyn for<'a> Fn(&'a [<W as Workload>::Source], usize) -> (Run<'a>, usize);

/// Times reading one batch, the reference bytes, with each implementation (and `peer`, on its
/// own bytes, in the same rounds); `Err` ("n/a") where FastFlatten does not read them.
pub fn deserialize<W: Workload, F: Format>(
    rounds: usize,
    peer: Option<PeerRun<'_, W>>,
) -> Result<Measured, String> {
    let size = batch_size::<W, F>(Op::Deserialize);
    let source = W::values(size.values);
    let bytes = reference::<W, F>(&source);
    let input = F::input(&bytes).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
    let mut readers = Readers::<W, F> {
        source: &source,
        input,
        bytes: bytes.len(),
        passes: size.passes,
        timed: Vec::new(),
    };
    W::visit_implementations(&mut readers);
    let peer = peer.map(|prepare| prepare(&source, size.passes));
    measured(size, readers.timed, peer, rounds)
}

/// Times writing one batch with each implementation (and `peer`, in the same rounds); `Err`
/// ("n/a") where FastFlatten does not write the reference bytes (`events_tag_last`).
pub fn serialize<W: Workload, F: Format>(
    rounds: usize,
    peer: Option<PeerRun<'_, W>>,
) -> Result<Measured, String> {
    let size = batch_size::<W, F>(Op::Serialize);
    let source = W::values(size.values);
    let bytes = reference::<W, F>(&source);
    let mut writers = Writers::<W, F> {
        source: &source,
        reference: &bytes,
        passes: size.passes,
        timed: Vec::new(),
        format: PhantomData,
    };
    W::visit_implementations(&mut writers);
    let peer = peer.map(|prepare| prepare(&source, size.passes));
    measured(size, writers.timed, peer, rounds)
}

/// The workload's values encoded by `F`: FastFlatten's bytes (the lower bound's in
/// `events_tag_last`), what every implementation reads and writes.
///
/// It encodes the `Vec` (`source` is not a slice on purpose): the timed writers encode slices,
/// and had this call shared their instance of the format's serializer, the compiler would inline
/// differently into them (measured: FastFlatten / flat 1.11 instead of 1.00 serializing the
/// anchor shape on postcard).
#[allow(clippy::ptr_arg)]
fn reference<W: Workload, F: Format>(source: &Vec<W::Source>) -> Vec<u8> {
    F::encode(source).unwrap_or_else(|e| {
        panic!(
            "{} on {}: FastFlatten fails to serialize: {e}",
            W::NAME,
            F::LABEL
        )
    })
}

/// Times the runs of the reported implementations and the peer's, all in the same interleaved
/// rounds, and measures the row: `Err` ("n/a") if FastFlatten does not run.
fn measured<'a>(
    size: Size,
    mut timed: Vec<Timed<'a>>,
    peer: Option<(Run<'a>, usize)>,
    rounds: usize,
) -> Result<Measured, String> {
    timed.sort_by_key(|t| REPORTED.iter().position(|&role| role == t.role));
    let note = timed.iter().find_map(|t| t.note.clone());
    let (mut runs, mut running, mut failing) = (Vec::new(), Vec::new(), Vec::new());
    for t in timed {
        match t.run {
            Ok(run) => {
                runs.push(run);
                running.push((t.role, t.bytes));
            }
            Err(e) => failing.push((t.role, e)),
        }
    }
    if let Some((_, e)) = failing.iter().find(|(role, _)| *role == Role::FastFlatten) {
        // Only by its rule (`expected`): the bytes are not FastFlatten's (`events_tag_last`).
        return Err(format!("n/a: FastFlatten {e}"));
    }
    let peer = peer.map(|(run, bytes)| {
        runs.push(run);
        bytes
    });
    let mut times = measure(&mut runs, rounds).into_iter();
    let mut timings: Vec<(Role, Timing)> = running
        .into_iter()
        .map(|(role, bytes)| {
            let times = times.next().expect("one series per run");
            (role, Timing { times, bytes })
        })
        .collect();
    let has_prior = timings.iter().any(|(role, _)| *role == Role::Prior)
        || failing.iter().any(|(role, _)| *role == Role::Prior);
    let mut timing = |role: Role| match timings.iter().position(|(r, _)| *r == role) {
        Some(i) => Ok(timings.remove(i).1),
        None => Err(failing
            .iter()
            .find(|(r, _)| *r == role)
            .map_or_else(|| "no implementation".to_owned(), |(_, e)| e.clone())),
    };
    let (flat, fast, serde) = (
        timing(Role::LowerBound),
        timing(Role::FastFlatten),
        timing(Role::Serde),
    );
    // `None` for a workload serde_fast_flatten cannot express.
    let prior = has_prior.then(|| timing(Role::Prior));
    let fast = fast.expect("FastFlatten runs (checked above)");
    let peer = peer.map(|bytes| {
        let times = times.next().expect("the peer's series comes last");
        Timing { times, bytes }
    });
    Ok(Measured::new(
        size,
        Timings {
            flat,
            fast,
            serde,
            prior,
        },
        peer,
        note,
    ))
}

/// Checks that each reported implementation of `W` reads the reference bytes as its values on
/// `F`, as its rule says, and prepares its timed run.
struct Readers<'a, W: Workload, F: Format> {
    source: &'a [W::Source],
    input: &'a F::Input,
    /// The length of the input.
    bytes: usize,
    passes: usize,
    timed: Vec<Timed<'a>>,
}

impl<'a, W: Workload, F: Format> ImplementationVisitor<W> for Readers<'a, W, F> {
    fn visit<I: Implementation<W>>(&mut self) {
        if !REPORTED.contains(&I::ROLE) {
            return;
        }
        let (source, input) = (self.source, self.input);
        let probe = catch(|| {
            let read = I::decode_all::<F>(input).unwrap_or_else(|| Err("cannot lend".into()))?;
            if read != I::values(source) {
                return Err("reads other values".into());
            }
            match I::decode_sink::<F>(input) {
                Some(Ok(len)) if len == source.len() => Ok(()),
                _ => Err("reads another number of values through the sink".into()),
            }
        });
        let run = expected::<W, F, I>("read the reference bytes", I::reads(&F::PROPERTIES), probe)
            .map(|()| reader::<W, F, I>(input, self.passes));
        self.timed.push(Timed {
            role: I::ROLE,
            run,
            bytes: self.bytes,
            note: None,
        });
    }
}

/// Checks that each reported implementation of `W` writes the reference bytes on `F` (serde's
/// derive, where its rule says it writes, may write others, a map of unknown length, if they
/// read back as the same values), as its rule says, and prepares its timed run.
struct Writers<'a, W: Workload, F: Format> {
    source: &'a [W::Source],
    reference: &'a [u8],
    passes: usize,
    timed: Vec<Timed<'a>>,
    format: PhantomData<F>,
}

impl<'a, W: Workload, F: Format> ImplementationVisitor<W> for Writers<'a, W, F> {
    fn visit<I: Implementation<W>>(&mut self) {
        if !REPORTED.contains(&I::ROLE) {
            return;
        }
        let (source, reference) = (self.source, self.reference);
        let values = I::values(source);
        let probe = catch(|| {
            let bytes = F::encode(&values)?;
            if bytes != reference {
                if I::ROLE != Role::Serde || !I::writes(&F::PROPERTIES) {
                    return Err("writes other bytes".into());
                }
                let read: Vec<W::Source> = F::decode(&bytes)
                    .map_err(|e| format!("writes other bytes, unreadable: {e}"))?;
                if read != source {
                    return Err("writes other values".into());
                }
            }
            Ok(bytes.len())
        });
        let written = probe.as_ref().map_or(0, |len| *len);
        let note = (written != 0 && written != reference.len()).then(|| {
            format!(
                "serde's derive writes {written} bytes where FastFlatten and the lower bound write \
                 {} (read back equal)",
                reference.len()
            )
        });
        let probe = probe.map(drop);
        let run = expected::<W, F, I>(
            "write the reference bytes",
            I::writes(&F::PROPERTIES),
            probe,
        )
        .map(|()| writer::<F, I::Value<'a>>(values, 2 * reference.len(), self.passes));
        self.timed.push(Timed {
            role: I::ROLE,
            run,
            bytes: written,
            note,
        });
    }
}

/// What a probe of implementation `I` found, checked against its rule (`works`): an
/// implementation that should `what` must, or the report panics (it does not measure broken
/// code); one that should not must fail, and the row says why.
fn expected<W: Workload, F: Format, I: Implementation<W>>(
    what: &str,
    works: bool,
    probe: Result<(), String>,
) -> Result<(), String> {
    let context = || format!("{} on {}: {}", W::NAME, F::LABEL, I::NAME);
    match (works, probe) {
        (true, Ok(())) => Ok(()),
        (true, Err(e)) => panic!("{}: fails to {what}: {e}", context()),
        (false, Err(e)) => Err(e),
        (false, Ok(())) => panic!(
            "{}: does {what}, but its rule says it cannot: fix the rule (support/src/workloads/)",
            context()
        ),
    }
}

/// The passes over a batch with `REPORT_FIXED_BATCH` ([`batch_size`]).
const FIXED_PASSES: usize = 3;

/// How much one timed unit handles: `passes` times a batch of `values`.
#[derive(Clone, Copy)]
pub struct Size {
    pub values: usize,
    pub passes: usize,
}

/// The batch (at most [`MAX_BATCH_BYTES`] encoded) and the number of passes over it with which
/// FastFlatten (the workload's own values) takes about [`TARGET_BATCH`] on `op`.
///
/// With `REPORT_FIXED_BATCH` set, the batch is as many values as [`MAX_BATCH_BYTES`] holds,
/// read or written [`FIXED_PASSES`] times, whatever the time: for counting instructions under
/// callgrind, whose slowdown would otherwise size every batch at a value or two (the first
/// reads of a size pay for the allocator's first use of it).
pub fn batch_size<W: Workload, F: Format>(op: Op) -> Size {
    if std::env::var_os(FIXED_BATCH_VAR).is_some() {
        let one = reference::<W, F>(&W::values(1)).len();
        return Size {
            values: (MAX_BATCH_BYTES / one.max(1)).max(1),
            passes: FIXED_PASSES,
        };
    }
    let target = TARGET_BATCH.as_secs_f64();
    let mut n = 1;
    loop {
        let values = W::values(n);
        let bytes = reference::<W, F>(&values);
        let input = F::input(&bytes).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
        let mut run: Run<'_> = match op {
            Op::Deserialize => Box::new(|| {
                let sink: Sink<W::Source> =
                    F::decode_input(black_box(input)).expect("checked before timing");
                black_box(sink.len);
            }),
            Op::Serialize => writer::<F, W::Source>(values.clone(), 2 * bytes.len(), 1),
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

/// Reads `input` `passes` times as a sequence of `I`'s values, each value dropped as it is read.
fn reader<'a, W: Workload, F: Format, I: Implementation<W>>(
    input: &'a F::Input,
    passes: usize,
) -> Run<'a> {
    Box::new(move || {
        for _ in 0..passes {
            let len = I::decode_sink::<F>(black_box(input));
            black_box(
                len.expect("checked before timing")
                    .expect("checked before timing"),
            );
        }
    })
}

/// Writes `values` `passes` times into a buffer of `capacity` bytes, reused from pass to pass.
fn writer<'a, F: Format, T: Serialize + 'a>(
    values: Vec<T>,
    capacity: usize,
    passes: usize,
) -> Run<'a> {
    let mut buf = Vec::with_capacity(capacity);
    Box::new(move || {
        for _ in 0..passes {
            buf.clear();
            F::encode_reusing(black_box(values.as_slice()), &mut buf)
                .expect("checked before timing");
            black_box(&buf);
        }
    })
}

/// Times `runs` in interleaved rounds after a warm-up: `times[run][round]`, in seconds per batch.
pub fn measure(runs: &mut [Run<'_>], rounds: usize) -> Vec<Vec<f64>> {
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
pub fn catch<R>(f: impl FnOnce() -> Result<R, String>) -> Result<R, String> {
    probe::catch(f).map_err(|failure| failure.short())
}
