//! One workload on one format: the batch sized, checked, and timed in interleaved rounds.

use std::hint::black_box;
use std::marker::PhantomData;

use crate::batch::{Batch, Shape, Workload};
use crate::common::formats::{visit_primary_formats, Format, FormatVisitor};
use crate::common::probe;
use crate::common::sink::Sink;
use crate::common::timer::{self, Rounds, Run};
use crate::results::{Measured, Report, Row};
use crate::{MAX_BATCH_BYTES, REPS, TARGET_BATCH, WARM_UP_RUNS};

/// Runs `run::<W, F>` for every primary format of the table (`benches/common/formats.rs`), in
/// its order.
pub fn run_workload<W: Workload>(rounds: usize, report: &mut Report) {
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
pub fn deserialize<W: Workload, F: Format>(rounds: usize) -> Measured {
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
pub fn serialize<W: Workload, F: Format>(rounds: usize) -> Measured {
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
pub struct Size {
    pub values: usize,
    pub passes: usize,
}

/// The batch (at most [`MAX_BATCH_BYTES`] encoded) and the number of passes over it with which
/// FastFlatten takes about [`TARGET_BATCH`] on `op`.
pub fn batch_size<W: Workload, F: Format>(op: Op) -> Size {
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

/// Reads `bytes` `passes` times as a sequence of `T`, each value dropped as it is read.
pub fn reader<F: Format, T: Shape>(bytes: &[u8], passes: usize) -> Run<'_> {
    Box::new(move || {
        for _ in 0..passes {
            let sink: Sink<T> = F::decode(black_box(bytes)).expect("checked before timing");
            black_box(sink.len);
        }
    })
}

/// Writes `values` `passes` times into a buffer of `capacity` bytes, reused from pass to pass.
pub fn writer<F: Format, T: Shape>(values: &[T], capacity: usize, passes: usize) -> Run<'_> {
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
