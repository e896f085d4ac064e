//! A wide, sparse record in the style of the LBS benchmark: 160 optional leaves in eight
//! flattened groups of twenty (`Group0 { g0_f00 .. g0_f19 }` .. `Group7`), every container
//! `#[serde(default)]`, every leaf `#[serde(skip_serializing_if = "Option::is_none")]`, so that
//! a record writes only its set leaves: [`values`] sets 16 to 24 of them (20 on average), a
//! different selection in each record. Leaves `fNN` 00-15 are strings; 16-19 are `u32`, `u64`,
//! `bool` and `f64`.
//!
//! **Self-describing formats only** (JSON, YAML, CBOR, MessagePack in map mode), as with serde's
//! own derive: `skip_serializing_if` leaves out fields, which a format that reads a struct as a
//! sequence of all its fields (bincode, bitcode, postcard, MessagePack arrays) cannot notice.
//!
//! No `prior`: serde_fast_flatten 0.1.3 supports neither `skip_serializing_if` (it would write
//! all 160 leaves) nor `default` (absent leaves are "missing field" errors).
//!
//! The 160 names are written once, in `with_fields!`, which hands them to the generators
//! (`groups!`, `flat_record!`, `conversions!`).

use crate::common::formats::Needs;
use crate::workloads::{any_format, serde_flatten_reads, serde_flatten_writes};

workload! {
    /// Wide sparse records.
    impl Workload for Wide {
        const NAME: &'static str = "wide";
        const VALUE: &'static str =
            "one record: 8 flattened groups of 20 optional leaves, about 20 set";
        /// Records leave fields out (`skip_serializing_if`).
        const NEEDS: Needs = Needs {
            self_describing: true,
            ..Needs::NOTHING
        };
        type Source = fast::Record;

        fn values(n: usize) -> Vec<fast::Record> {
            values(n)
        }

        fn samples() -> Vec<fast::Record> {
            let mut samples = values(2);
            samples.push(full());
            samples
        }
    }
    reads owned;
    Flat "flat" LowerBound, reads any_format, writes any_format
        => <'a> flat::Record = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads any_format, writes any_format
        => <'a> fast::Record = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::Record = |s| s.iter().map(Into::into).collect();
}

/// Calls `$generate! { $($arg)* <group table> }`, the table being, for each group, its type, the
/// record's field holding it and its leaves with their types (each wrapped in `Option`).
macro_rules! with_fields {
    ($generate:ident! { $($arg:tt)* }) => {
        $generate! {
            $($arg)*
            Group0 g0 {
                g0_f00: String, g0_f01: String, g0_f02: String, g0_f03: String, g0_f04: String,
                g0_f05: String, g0_f06: String, g0_f07: String, g0_f08: String, g0_f09: String,
                g0_f10: String, g0_f11: String, g0_f12: String, g0_f13: String, g0_f14: String,
                g0_f15: String, g0_f16: u32, g0_f17: u64, g0_f18: bool, g0_f19: f64,
            }
            Group1 g1 {
                g1_f00: String, g1_f01: String, g1_f02: String, g1_f03: String, g1_f04: String,
                g1_f05: String, g1_f06: String, g1_f07: String, g1_f08: String, g1_f09: String,
                g1_f10: String, g1_f11: String, g1_f12: String, g1_f13: String, g1_f14: String,
                g1_f15: String, g1_f16: u32, g1_f17: u64, g1_f18: bool, g1_f19: f64,
            }
            Group2 g2 {
                g2_f00: String, g2_f01: String, g2_f02: String, g2_f03: String, g2_f04: String,
                g2_f05: String, g2_f06: String, g2_f07: String, g2_f08: String, g2_f09: String,
                g2_f10: String, g2_f11: String, g2_f12: String, g2_f13: String, g2_f14: String,
                g2_f15: String, g2_f16: u32, g2_f17: u64, g2_f18: bool, g2_f19: f64,
            }
            Group3 g3 {
                g3_f00: String, g3_f01: String, g3_f02: String, g3_f03: String, g3_f04: String,
                g3_f05: String, g3_f06: String, g3_f07: String, g3_f08: String, g3_f09: String,
                g3_f10: String, g3_f11: String, g3_f12: String, g3_f13: String, g3_f14: String,
                g3_f15: String, g3_f16: u32, g3_f17: u64, g3_f18: bool, g3_f19: f64,
            }
            Group4 g4 {
                g4_f00: String, g4_f01: String, g4_f02: String, g4_f03: String, g4_f04: String,
                g4_f05: String, g4_f06: String, g4_f07: String, g4_f08: String, g4_f09: String,
                g4_f10: String, g4_f11: String, g4_f12: String, g4_f13: String, g4_f14: String,
                g4_f15: String, g4_f16: u32, g4_f17: u64, g4_f18: bool, g4_f19: f64,
            }
            Group5 g5 {
                g5_f00: String, g5_f01: String, g5_f02: String, g5_f03: String, g5_f04: String,
                g5_f05: String, g5_f06: String, g5_f07: String, g5_f08: String, g5_f09: String,
                g5_f10: String, g5_f11: String, g5_f12: String, g5_f13: String, g5_f14: String,
                g5_f15: String, g5_f16: u32, g5_f17: u64, g5_f18: bool, g5_f19: f64,
            }
            Group6 g6 {
                g6_f00: String, g6_f01: String, g6_f02: String, g6_f03: String, g6_f04: String,
                g6_f05: String, g6_f06: String, g6_f07: String, g6_f08: String, g6_f09: String,
                g6_f10: String, g6_f11: String, g6_f12: String, g6_f13: String, g6_f14: String,
                g6_f15: String, g6_f16: u32, g6_f17: u64, g6_f18: bool, g6_f19: f64,
            }
            Group7 g7 {
                g7_f00: String, g7_f01: String, g7_f02: String, g7_f03: String, g7_f04: String,
                g7_f05: String, g7_f06: String, g7_f07: String, g7_f08: String, g7_f09: String,
                g7_f10: String, g7_f11: String, g7_f12: String, g7_f13: String, g7_f14: String,
                g7_f15: String, g7_f16: u32, g7_f17: u64, g7_f18: bool, g7_f19: f64,
            }
        }
    };
}

/// `Record { flatten g0: Group0, .., flatten g7: Group7 }` and the eight groups, with the
/// derives given in parentheses.
macro_rules! groups {
    ($derives:tt $($group:ident $field:ident { $($leaf:ident: $ty:ty),* $(,)? })*) => {
        /// One record: eight flattened groups of twenty optional leaves.
        #[derive $derives]
        #[derive(Clone, Debug, Default, PartialEq)]
        #[serde(default)]
        pub struct Record {
            $(
                #[serde(flatten)]
                pub $field: $group,
            )*
        }

        $(
            #[derive $derives]
            #[derive(Clone, Debug, Default, PartialEq)]
            #[serde(default)]
            pub struct $group {
                $(
                    #[serde(skip_serializing_if = "Option::is_none")]
                    pub $leaf: Option<$ty>,
                )*
            }
        )*
    };
}

/// The flat `Record`: the 160 leaves at top level, in the tree's order.
macro_rules! flat_record {
    ($($group:ident $field:ident { $($leaf:ident: $ty:ty),* $(,)? })*) => {
        /// One record: 160 optional leaves.
        #[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq)]
        #[serde(default)]
        pub struct Record {
            $($(
                #[serde(skip_serializing_if = "Option::is_none")]
                pub $leaf: Option<$ty>,
            )*)*
        }
    };
}

/// The `From<&fast::Record>` conversions, and `leaves_mut`, which lists a record's leaves.
macro_rules! conversions {
    ($($group:ident $field:ident { $($leaf:ident: $ty:ty),* $(,)? })*) => {
        impl From<&fast::Record> for serde_flatten::Record {
            fn from(record: &fast::Record) -> Self {
                let record = record.clone();
                serde_flatten::Record {
                    $($field: serde_flatten::$group { $($leaf: record.$field.$leaf,)* },)*
                }
            }
        }

        impl From<&fast::Record> for flat::Record {
            fn from(record: &fast::Record) -> Self {
                let record = record.clone();
                flat::Record { $($($leaf: record.$field.$leaf,)*)* }
            }
        }

        /// Every leaf of `record`, in the tree's order.
        fn leaves_mut(record: &mut fast::Record) -> Vec<&mut dyn SetLeaf> {
            vec![$($(&mut record.$field.$leaf as &mut dyn SetLeaf,)*)*]
        }
    };
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    with_fields!(groups! { (serde_fastkit::FastFlatten) });
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    with_fields!(groups! { (serde::Serialize, serde::Deserialize) });
}

/// The lower bound: the 160 leaves at top level.
pub mod flat {
    with_fields!(flat_record! {});
}

with_fields!(conversions! {});

/// The number of leaves in a record.
pub const LEAVES: usize = 160;

/// A leaf that `values` can set from a seed.
trait SetLeaf {
    fn set(&mut self, seed: u64);
}

impl SetLeaf for Option<String> {
    fn set(&mut self, seed: u64) {
        const WORDS: [&str; 16] = [
            "android",
            "berlin",
            "campaign",
            "desktop",
            "europe",
            "firefox",
            "gateway",
            "hotel",
            "inventory",
            "jakarta",
            "keyword",
            "linux",
            "mobile",
            "network",
            "organic",
            "premium",
        ];
        let words = 1 + seed % 4;
        let text = (0..words)
            .map(|w| WORDS[(seed >> (8 + 4 * w)) as usize % 16])
            .collect::<Vec<_>>()
            .join(" ");
        *self = Some(text);
    }
}

impl SetLeaf for Option<u32> {
    fn set(&mut self, seed: u64) {
        *self = Some((seed >> 40) as u32);
    }
}

impl SetLeaf for Option<u64> {
    fn set(&mut self, seed: u64) {
        *self = Some(seed >> (seed % 64));
    }
}

impl SetLeaf for Option<bool> {
    fn set(&mut self, seed: u64) {
        *self = Some(seed.is_multiple_of(2));
    }
}

impl SetLeaf for Option<f64> {
    fn set(&mut self, seed: u64) {
        // A multiple of 1/64: exact in binary, so every format reads back the same value.
        *self = Some((seed % 10_000_000) as f64 / 64.0);
    }
}

/// Steps coprime with `LEAVES` (160 = 2^5 * 5), so that `start + j * step` visits distinct
/// leaves.
const STEPS: [usize; 8] = [1, 3, 7, 13, 19, 23, 37, 41];

/// `n` deterministic records, each with 16 to 24 of its 160 leaves set (20 on average): a
/// different start and stride through the leaves in each record, so every leaf gets set across
/// a few records.
pub fn values(n: usize) -> Vec<fast::Record> {
    (0..n as u64)
        .map(|i| {
            let x = super::mix(i);
            let set = 16 + (x % 9) as usize;
            let start = (x >> 8) as usize % LEAVES;
            let step = STEPS[(x >> 16) as usize % STEPS.len()];
            let mut record = fast::Record::default();
            let mut leaves = leaves_mut(&mut record);
            for j in 0..set {
                let leaf = (start + j * step) % LEAVES;
                leaves[leaf].set(super::mix(i * LEAVES as u64 + leaf as u64));
            }
            record
        })
        .collect()
}

/// A record with every leaf set: the one value of the workload that formats reading structs as
/// sequences of all their fields can read back.
pub fn full() -> fast::Record {
    let mut record = fast::Record::default();
    for (i, leaf) in leaves_mut(&mut record).into_iter().enumerate() {
        leaf.set(super::mix(u64::MAX - i as u64));
    }
    record
}
