//! What the report found: one row per workload, format and operation.

use crate::common::timer::Spread;
use crate::header::Header;
use crate::measure::{Op, Size};

/// Everything the writers need.
pub struct Report {
    pub header: Header,
    pub deserialize: Vec<Row>,
    pub serialize: Vec<Row>,
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

/// The measurement of one row.
pub struct Measured {
    /// What one timed unit handles.
    pub size: Size,
    pub flat: Speed,
    pub fast: Speed,
    /// `Err`: serde's flatten fails, with the short reason.
    pub serde: Result<Speed, String>,
    pub fast_vs_flat: Spread,
    pub serde_vs_flat: Option<Spread>,
    /// serde flatten / FastFlatten.
    pub speedup: Option<Spread>,
    /// Something the reader should know about the row.
    pub note: Option<String>,
}

/// The median time of one implementation.
pub struct Speed {
    /// Nanoseconds per value.
    pub ns_per_value: f64,
    /// Megabytes (10^6) of encoded input or output per second.
    pub mb_per_s: f64,
}

impl Measured {
    /// From `times[implementation][round]` (flat, FastFlatten, then serde's flatten when it
    /// works), `bytes` being the encoded batch and `serde` the size serde's flatten handles.
    pub fn new(
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
