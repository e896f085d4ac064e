//! What the report found: one row per workload, format and operation.

use crate::common::timer::Spread;
use crate::header::Header;
use crate::measure::{Op, Size};

/// Everything the writers need.
pub struct Report {
    pub header: Header,
    pub deserialize: Vec<Row>,
    pub serialize: Vec<Row>,
    /// The comparisons with peers (LBS), one per workload, peer and format.
    pub peers: Vec<PeerRow>,
}

impl Report {
    pub fn rows(&self, op: Op) -> &[Row] {
        match op {
            Op::Deserialize => &self.deserialize,
            Op::Serialize => &self.serialize,
        }
    }
}

/// One workload on one format, for one operation.
pub struct Row {
    pub workload: &'static str,
    pub format: &'static str,
    /// `Err`: the combination is not possible ("n/a: ...").
    pub result: Result<Measured, String>,
}

/// One workload on one format beside a peer on its own bytes, both operations.
pub struct PeerRow {
    pub workload: &'static str,
    pub peer: &'static str,
    pub format: &'static str,
    /// Each with [`Measured::peer`] set.
    pub deserialize: Result<Measured, String>,
    pub serialize: Result<Measured, String>,
}

impl PeerRow {
    pub fn result(&self, op: Op) -> &Result<Measured, String> {
        match op {
            Op::Deserialize => &self.deserialize,
            Op::Serialize => &self.serialize,
        }
    }
}

/// The measurement of one row.
pub struct Measured {
    /// What one timed unit handles.
    pub size: Size,
    /// `Err`: the lower bound does not read or write these bytes (`events`' union of every
    /// variant's fields writes others), with the short reason.
    pub flat: Result<Speed, String>,
    pub fast: Speed,
    /// `Err`: serde's derive fails, with the short reason.
    pub serde: Result<Speed, String>,
    /// FastFlatten / the lower bound, where there is one.
    pub fast_vs_flat: Option<Spread>,
    pub serde_vs_flat: Option<Spread>,
    /// serde's derive / FastFlatten.
    pub speedup: Option<Spread>,
    /// Something the reader should know about the row.
    pub note: Option<String>,
    /// A peer timed in the same rounds, on its own bytes (the peers' table only).
    pub peer: Option<PeerMeasured>,
    /// serde_fast_flatten on the same bytes, where the workload has it (`anchor`): `Err` where
    /// it fails, with the short reason.
    pub prior: Option<Result<PriorMeasured, String>>,
}

/// serde_fast_flatten's time and how it compares.
pub struct PriorMeasured {
    pub speed: Speed,
    /// serde_fast_flatten / the lower bound, where there is one.
    pub prior_vs_flat: Option<Spread>,
    /// serde_fast_flatten / FastFlatten.
    pub prior_vs_fast: Spread,
}

/// The timings of the implementations on one row, each `Err` with the reason where it does not
/// run (FastFlatten always runs); `prior` is `None` for a workload serde_fast_flatten cannot
/// express.
pub struct Timings {
    pub flat: Result<Timing, String>,
    pub fast: Timing,
    pub serde: Result<Timing, String>,
    pub prior: Option<Result<Timing, String>>,
}

/// A peer's time and the implementations' times relative to it.
pub struct PeerMeasured {
    pub speed: Speed,
    pub fast_vs_peer: Spread,
    pub flat_vs_peer: Option<Spread>,
    pub serde_vs_peer: Option<Spread>,
}

/// The median time of one implementation.
pub struct Speed {
    /// Nanoseconds per value.
    pub ns_per_value: f64,
    /// Megabytes (10^6) of encoded input or output per second.
    pub mb_per_s: f64,
}

/// What one implementation took: `times[round]`, in seconds per timed unit, handling `bytes`
/// encoded bytes per batch.
pub struct Timing {
    pub times: Vec<f64>,
    pub bytes: usize,
}

impl Measured {
    /// From the timings of the implementations, and of a peer where one ran beside them.
    pub fn new(
        size: Size,
        timings: Timings,
        peer: Option<Timing>,
        note: Option<String>,
    ) -> Measured {
        let Timings {
            flat,
            fast,
            serde,
            prior,
        } = timings;
        let speed = |timing: &Timing| {
            let median = Spread::of(timing.times.clone()).median / size.passes as f64;
            Speed {
                ns_per_value: median * 1e9 / size.values as f64,
                mb_per_s: timing.bytes as f64 / median / 1e6,
            }
        };
        let ratio = |a: &Result<Timing, String>, b: &Result<Timing, String>| match (a, b) {
            (Ok(a), Ok(b)) => Some(Spread::ratio(&a.times, &b.times)),
            _ => None,
        };
        let (fast_speed, fast) = (speed(&fast), Ok(fast));
        let peer = peer.map(|timing| {
            let (speed, timing) = (speed(&timing), Ok(timing));
            PeerMeasured {
                speed,
                fast_vs_peer: ratio(&fast, &timing).expect("both ran"),
                flat_vs_peer: ratio(&flat, &timing),
                serde_vs_peer: ratio(&serde, &timing),
            }
        });
        let prior = prior.map(|timing| {
            timing.map(|timing| {
                let (speed, timing) = (speed(&timing), Ok(timing));
                PriorMeasured {
                    speed,
                    prior_vs_flat: ratio(&timing, &flat),
                    prior_vs_fast: ratio(&timing, &fast).expect("both ran"),
                }
            })
        });
        Measured {
            size,
            flat: flat.as_ref().map(speed).map_err(Clone::clone),
            fast: fast_speed,
            serde: serde.as_ref().map(speed).map_err(Clone::clone),
            fast_vs_flat: ratio(&fast, &flat),
            serde_vs_flat: ratio(&serde, &flat),
            speedup: ratio(&serde, &fast),
            note,
            peer,
            prior,
        }
    }
}
