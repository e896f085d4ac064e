//! The LBS record: a wide, sparse record as in the LBS benchmark, 160 optional leaves in eight
//! flattened groups of twenty (`Group0 { g0_f00 .. g0_f19 }` .. `Group7`), every container
//! `#[serde(default)]`, every leaf `#[serde(skip_serializing_if = "Option::is_none")]`, so that
//! a record writes only its set leaves: [`values`] sets 16 to 24 of them (20 on average), a
//! different selection in each record. 123 leaves are strings; the others are `u32`, `u64`,
//! `bool`, `f64` (leaves 16-19 of each group) and `i64` (leaf 15 of groups 3-7).
//!
//! **Self-describing formats only** (JSON, YAML, CBOR, MessagePack in map mode), as with serde's
//! own derive: `skip_serializing_if` leaves out fields, which a format that reads a struct as a
//! sequence of all its fields (bincode, bitcode, postcard, MessagePack arrays) cannot notice.
//!
//! Beside the serde implementations, the same record for **LBS 0.4.3** ([`Lbs`], a [`Peer`]):
//! its own derive and binary format, which numbers the fields and leaves out those that are
//! `None`; the report compares it with the serde formats closest to it.
//!
//! No `prior`: serde_fast_flatten 0.1.3 supports neither `skip_serializing_if` (it would write
//! all 160 leaves) nor `default` (absent leaves are "missing field" errors).
//!
//! The 160 names are written once, in `with_fields!`, which hands them to the generators
//! (`groups!`, `flat_record!`, `lbs_record!`, `conversions!`).

use lbs::{LBSRead, LBSWrite};

use crate::common::formats::Needs;
use crate::workloads::{
    any_format, fast_flatten_reads, serde_flatten_reads, serde_flatten_writes, Peer,
};

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
    reads owned, peers Lbs;
    Flat "flat" LowerBound, reads any_format, writes any_format
        => <'a> flat::Record = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast::Record = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::Record = |s| s.iter().map(Into::into).collect();
}

workload! {
    /// Wide records of optional fields without a container default: every group a struct of
    /// `Option`s only, the common shape of API and log types (the bytes of [`Wide`]).
    impl Workload for WideOptional {
        const NAME: &'static str = "wide_optional";
        const VALUE: &'static str =
            "one record: 8 flattened groups of 20 optional leaves (no container default), about 20 set";
        /// Records leave fields out (`skip_serializing_if`).
        const NEEDS: Needs = Needs {
            self_describing: true,
            ..Needs::NOTHING
        };
        type Source = fast_no_default::Record;

        fn values(n: usize) -> Vec<fast_no_default::Record> {
            values(n).iter().map(Into::into).collect()
        }

        fn samples() -> Vec<fast_no_default::Record> {
            let mut samples = values(2);
            samples.push(full());
            samples.iter().map(Into::into).collect()
        }
    }
    reads owned;
    Flat "flat" LowerBound, reads any_format, writes any_format
        => <'a> flat_no_default::Record = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast_no_default::Record = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten_no_default::Record = |s| s.iter().map(Into::into).collect();
}

workload! {
    /// Wide records whose every leaf has `#[serde(default)]` and no container default: what a
    /// serde port of optional fields writes on each (the bytes of [`Wide`]).
    impl Workload for WideDefault {
        const NAME: &'static str = "wide_default";
        const VALUE: &'static str =
            "one record: 8 flattened groups of 20 optional leaves, each `#[serde(default)]`, about 20 set";
        /// Records leave fields out (`skip_serializing_if`).
        const NEEDS: Needs = Needs {
            self_describing: true,
            ..Needs::NOTHING
        };
        type Source = fast_leaf_default::Record;

        fn values(n: usize) -> Vec<fast_leaf_default::Record> {
            values(n).iter().map(Into::into).collect()
        }

        fn samples() -> Vec<fast_leaf_default::Record> {
            let mut samples = values(2);
            samples.push(full());
            samples.iter().map(Into::into).collect()
        }
    }
    reads owned;
    Flat "flat" LowerBound, reads any_format, writes any_format
        => <'a> flat_leaf_default::Record = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast_leaf_default::Record = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten_leaf_default::Record = |s| s.iter().map(Into::into).collect();
}

/// Calls `$generate! { $($arg)* <group table> }`, the table being, for each group, its type, the
/// record's field holding it and its leaves with their position in the tree (LBS's field id)
/// and their types (each wrapped in `Option`).
macro_rules! with_fields {
    ($generate:ident! { $($arg:tt)* }) => {
        $generate! {
            $($arg)*
            Group0 g0 {
                g0_f00 = 0: String, g0_f01 = 1: String, g0_f02 = 2: String, g0_f03 = 3: String,
                g0_f04 = 4: String, g0_f05 = 5: String, g0_f06 = 6: String, g0_f07 = 7: String,
                g0_f08 = 8: String, g0_f09 = 9: String, g0_f10 = 10: String, g0_f11 = 11: String,
                g0_f12 = 12: String, g0_f13 = 13: String, g0_f14 = 14: String, g0_f15 = 15: String,
                g0_f16 = 16: u32, g0_f17 = 17: u64, g0_f18 = 18: bool, g0_f19 = 19: f64,
            }
            Group1 g1 {
                g1_f00 = 20: String, g1_f01 = 21: String, g1_f02 = 22: String, g1_f03 = 23: String,
                g1_f04 = 24: String, g1_f05 = 25: String, g1_f06 = 26: String, g1_f07 = 27: String,
                g1_f08 = 28: String, g1_f09 = 29: String, g1_f10 = 30: String, g1_f11 = 31: String,
                g1_f12 = 32: String, g1_f13 = 33: String, g1_f14 = 34: String, g1_f15 = 35: String,
                g1_f16 = 36: u32, g1_f17 = 37: u64, g1_f18 = 38: bool, g1_f19 = 39: f64,
            }
            Group2 g2 {
                g2_f00 = 40: String, g2_f01 = 41: String, g2_f02 = 42: String, g2_f03 = 43: String,
                g2_f04 = 44: String, g2_f05 = 45: String, g2_f06 = 46: String, g2_f07 = 47: String,
                g2_f08 = 48: String, g2_f09 = 49: String, g2_f10 = 50: String, g2_f11 = 51: String,
                g2_f12 = 52: String, g2_f13 = 53: String, g2_f14 = 54: String, g2_f15 = 55: String,
                g2_f16 = 56: u32, g2_f17 = 57: u64, g2_f18 = 58: bool, g2_f19 = 59: f64,
            }
            Group3 g3 {
                g3_f00 = 60: String, g3_f01 = 61: String, g3_f02 = 62: String, g3_f03 = 63: String,
                g3_f04 = 64: String, g3_f05 = 65: String, g3_f06 = 66: String, g3_f07 = 67: String,
                g3_f08 = 68: String, g3_f09 = 69: String, g3_f10 = 70: String, g3_f11 = 71: String,
                g3_f12 = 72: String, g3_f13 = 73: String, g3_f14 = 74: String, g3_f15 = 75: i64,
                g3_f16 = 76: u32, g3_f17 = 77: u64, g3_f18 = 78: bool, g3_f19 = 79: f64,
            }
            Group4 g4 {
                g4_f00 = 80: String, g4_f01 = 81: String, g4_f02 = 82: String, g4_f03 = 83: String,
                g4_f04 = 84: String, g4_f05 = 85: String, g4_f06 = 86: String, g4_f07 = 87: String,
                g4_f08 = 88: String, g4_f09 = 89: String, g4_f10 = 90: String, g4_f11 = 91: String,
                g4_f12 = 92: String, g4_f13 = 93: String, g4_f14 = 94: String, g4_f15 = 95: i64,
                g4_f16 = 96: u32, g4_f17 = 97: u64, g4_f18 = 98: bool, g4_f19 = 99: f64,
            }
            Group5 g5 {
                g5_f00 = 100: String, g5_f01 = 101: String, g5_f02 = 102: String, g5_f03 = 103: String,
                g5_f04 = 104: String, g5_f05 = 105: String, g5_f06 = 106: String, g5_f07 = 107: String,
                g5_f08 = 108: String, g5_f09 = 109: String, g5_f10 = 110: String, g5_f11 = 111: String,
                g5_f12 = 112: String, g5_f13 = 113: String, g5_f14 = 114: String, g5_f15 = 115: i64,
                g5_f16 = 116: u32, g5_f17 = 117: u64, g5_f18 = 118: bool, g5_f19 = 119: f64,
            }
            Group6 g6 {
                g6_f00 = 120: String, g6_f01 = 121: String, g6_f02 = 122: String, g6_f03 = 123: String,
                g6_f04 = 124: String, g6_f05 = 125: String, g6_f06 = 126: String, g6_f07 = 127: String,
                g6_f08 = 128: String, g6_f09 = 129: String, g6_f10 = 130: String, g6_f11 = 131: String,
                g6_f12 = 132: String, g6_f13 = 133: String, g6_f14 = 134: String, g6_f15 = 135: i64,
                g6_f16 = 136: u32, g6_f17 = 137: u64, g6_f18 = 138: bool, g6_f19 = 139: f64,
            }
            Group7 g7 {
                g7_f00 = 140: String, g7_f01 = 141: String, g7_f02 = 142: String, g7_f03 = 143: String,
                g7_f04 = 144: String, g7_f05 = 145: String, g7_f06 = 146: String, g7_f07 = 147: String,
                g7_f08 = 148: String, g7_f09 = 149: String, g7_f10 = 150: String, g7_f11 = 151: String,
                g7_f12 = 152: String, g7_f13 = 153: String, g7_f14 = 154: String, g7_f15 = 155: i64,
                g7_f16 = 156: u32, g7_f17 = 157: u64, g7_f18 = 158: bool, g7_f19 = 159: f64,
            }
        }
    };
}

/// `Record { flatten g0: Group0, .., flatten g7: Group7 }` and the eight groups, with the
/// derives given in parentheses, the container attributes in brackets and every leaf's own
/// attribute (beside `skip_serializing_if`; `serde()` for none) in the second brackets.
macro_rules! groups {
    (
        $derives:tt $container:tt [#[$leaf_attribute:meta]]
        $($group:ident $field:ident { $($leaf:ident = $id:literal: $ty:ty),* $(,)? })*
    ) => {
        with_attributes! {
            $container
            /// One record: eight flattened groups of twenty optional leaves.
            #[derive $derives]
            #[derive(Clone, Debug, Default, PartialEq)]
            pub struct Record {
                $(
                    #[serde(flatten)]
                    pub $field: $group,
                )*
            }
        }

        $(
            with_attributes! {
                $container
                #[derive $derives]
                #[derive(Clone, Debug, Default, PartialEq)]
                pub struct $group {
                    $(
                        #[$leaf_attribute]
                        #[serde(skip_serializing_if = "Option::is_none")]
                        pub $leaf: Option<$ty>,
                    )*
                }
            }
        )*
    };
}

/// The struct with the attributes in brackets after its own (after its derives, which
/// introduce them): a helper of `groups!`, whose attributes are one token tree so that they can
/// be repeated for every group.
macro_rules! with_attributes {
    ([$(#[$attribute:meta])*] $(#[$own:meta])* pub struct $($rest:tt)*) => {
        $(#[$own])*
        $(#[$attribute])*
        pub struct $($rest)*
    };
}

macro_rules! flat_record {
    ([$(#[$attribute:meta])*] [#[$leaf_attribute:meta]] $($group:ident $field:ident { $($leaf:ident = $id:literal: $ty:ty),* $(,)? })*) => {
        /// One record: 160 optional leaves.
        #[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq)]
        $(#[$attribute])*
        pub struct Record {
            $($(
                #[$leaf_attribute]
                #[serde(skip_serializing_if = "Option::is_none")]
                pub $leaf: Option<$ty>,
            )*)*
        }
    };
}

/// The record for LBS: the 160 leaves at top level, numbered in the tree's order by LBS's derive
/// (which writes only the leaves that are not `None`).
macro_rules! lbs_record {
    ($($group:ident $field:ident { $($leaf:ident = $id:literal: $ty:ty),* $(,)? })*) => {
        /// One record: 160 optional leaves.
        #[derive(LBSWrite, LBSRead, Clone, Debug, Default, PartialEq)]
        pub struct Record {
            $($(#[lbs(id($id))] pub $leaf: Option<$ty>,)*)*
        }
    };
}

/// Each leaf's type (inside its `Option`), in the tree's order: what the property tests
/// generate for it.
macro_rules! leaf_types {
    ($($group:ident $field:ident { $($leaf:ident = $id:literal: $ty:ty),* $(,)? })*) => {
        /// Each leaf's type (inside its `Option`) as written, in the tree's order.
        pub const LEAF_TYPES: [&str; LEAVES] = [$($(stringify!($ty),)*)*];
    };
}

/// The `From<&fast::Record>` conversions, and `leaves_mut`, which lists a record's leaves.
macro_rules! conversions {
    ($($group:ident $field:ident { $($leaf:ident = $id:literal: $ty:ty),* $(,)? })*) => {
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

        impl From<&fast::Record> for fast_no_default::Record {
            fn from(record: &fast::Record) -> Self {
                let record = record.clone();
                fast_no_default::Record {
                    $($field: fast_no_default::$group { $($leaf: record.$field.$leaf,)* },)*
                }
            }
        }

        impl From<&fast_no_default::Record> for serde_flatten_no_default::Record {
            fn from(record: &fast_no_default::Record) -> Self {
                let record = record.clone();
                serde_flatten_no_default::Record {
                    $($field: serde_flatten_no_default::$group { $($leaf: record.$field.$leaf,)* },)*
                }
            }
        }

        impl From<&fast_no_default::Record> for flat_no_default::Record {
            fn from(record: &fast_no_default::Record) -> Self {
                let record = record.clone();
                flat_no_default::Record { $($($leaf: record.$field.$leaf,)*)* }
            }
        }

        impl From<&fast::Record> for fast_leaf_default::Record {
            fn from(record: &fast::Record) -> Self {
                let record = record.clone();
                fast_leaf_default::Record {
                    $($field: fast_leaf_default::$group { $($leaf: record.$field.$leaf,)* },)*
                }
            }
        }

        impl From<&fast_leaf_default::Record> for serde_flatten_leaf_default::Record {
            fn from(record: &fast_leaf_default::Record) -> Self {
                let record = record.clone();
                serde_flatten_leaf_default::Record {
                    $($field: serde_flatten_leaf_default::$group { $($leaf: record.$field.$leaf,)* },)*
                }
            }
        }

        impl From<&fast_leaf_default::Record> for flat_leaf_default::Record {
            fn from(record: &fast_leaf_default::Record) -> Self {
                let record = record.clone();
                flat_leaf_default::Record { $($($leaf: record.$field.$leaf,)*)* }
            }
        }

        impl From<&fast::Record> for lbs_record::Record {
            fn from(record: &fast::Record) -> Self {
                let record = record.clone();
                lbs_record::Record { $($($leaf: record.$field.$leaf,)*)* }
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
    with_fields!(groups! { (serde_fastkit::FastFlatten) [#[serde(default)]] [#[serde()]] });
}

/// With `#[derive(FastFlatten)]` and no container default: every group a struct of `Option`s
/// only, the common shape of API types ([`WideOptional`]).
pub mod fast_no_default {
    with_fields!(groups! { (serde_fastkit::FastFlatten) [] [#[serde()]] });
}

/// With `#[derive(FastFlatten)]`, no container default and `#[serde(default)]` on every leaf,
/// as serde ports of optional fields write them ([`WideDefault`]).
pub mod fast_leaf_default {
    with_fields!(groups! { (serde_fastkit::FastFlatten) [] [#[serde(default)]] });
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    with_fields!(
        groups! { (serde::Serialize, serde::Deserialize) [#[serde(default)]] [#[serde()]] }
    );
}

/// [`fast_no_default`] with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten_no_default {
    with_fields!(groups! { (serde::Serialize, serde::Deserialize) [] [#[serde()]] });
}

/// [`fast_leaf_default`] with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten_leaf_default {
    with_fields!(groups! { (serde::Serialize, serde::Deserialize) [] [#[serde(default)]] });
}

/// The lower bound: the 160 leaves at top level.
pub mod flat {
    with_fields!(flat_record! { [#[serde(default)]] [#[serde()]] });
}

/// The lower bound of [`WideOptional`]: the 160 leaves at top level, no container default.
pub mod flat_no_default {
    with_fields!(flat_record! { [] [#[serde()]] });
}

/// The lower bound of [`WideDefault`]: the 160 leaves at top level, each `#[serde(default)]`.
pub mod flat_leaf_default {
    with_fields!(flat_record! { [] [#[serde(default)]] });
}

/// The same for LBS 0.4.3 ([`Lbs`]).
pub mod lbs_record {
    use super::{LBSRead, LBSWrite};

    with_fields!(lbs_record! {});
}

with_fields!(conversions! {});
with_fields!(leaf_types! {});

/// LBS 0.4.3, measured beside the serde formats: a batch is its length (LBS's `u32`) followed by
/// the records, as LBS writes a `Vec`.
pub struct Lbs;

impl Peer<Wide> for Lbs {
    const NAME: &'static str = "LBS 0.4.3";
    const COMPARED_ON: &'static [&'static str] = &["rmp_serde", "serde_json", "ciborium"];
    type Value = lbs_record::Record;

    fn values(source: &[fast::Record]) -> Vec<lbs_record::Record> {
        source.iter().map(Into::into).collect()
    }

    fn encode_reusing(values: &[lbs_record::Record], out: &mut Vec<u8>) -> Result<(), String> {
        values.lbs_write(out).map_err(|e| e.to_string())
    }

    fn decode_all(mut bytes: &[u8]) -> Result<Vec<lbs_record::Record>, String> {
        let values = Vec::lbs_read(&mut bytes).map_err(|e| e.to_string())?;
        whole(bytes, values)
    }

    #[inline]
    fn decode_sink(mut bytes: &[u8]) -> Result<usize, String> {
        let len = lbs::read::read_len(&mut bytes).map_err(|e| e.to_string())?;
        for _ in 0..len {
            let record = lbs_record::Record::lbs_read(&mut bytes).map_err(|e| e.to_string())?;
            std::hint::black_box(record);
        }
        whole(bytes, len)
    }
}

/// `value`, if `rest` (the input left after reading it) is empty.
fn whole<T>(rest: &[u8], value: T) -> Result<T, String> {
    match rest.len() {
        0 => Ok(value),
        n => Err(format!("{n} bytes left after the values")),
    }
}

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

impl SetLeaf for Option<i64> {
    fn set(&mut self, seed: u64) {
        *self = Some((seed as i64) >> (seed % 64));
    }
}

impl SetLeaf for Option<u64> {
    fn set(&mut self, seed: u64) {
        *self = Some(seed >> (seed % 64));
    }
}

impl SetLeaf for Option<bool> {
    fn set(&mut self, seed: u64) {
        *self = Some(seed % 2 == 0);
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
