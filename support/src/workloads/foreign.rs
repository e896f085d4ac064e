//! A record flattening a type of another crate (serde's derive, no flatten traits) beside a
//! FastFlatten struct: `#[fast_flatten(buffered)]`, which holds only the keys the foreign type
//! names, against serde's flatten, which holds every key the outer struct does not know.
//!
//! The lower bound is the flat struct with every leaf at top level.

use super::mix;
use crate::common::formats::Needs;
use crate::workloads::{maps_by_name, serde_flatten_reads, serde_flatten_writes};

workload! {
    /// Records flattening another crate's struct beside a FastFlatten one.
    impl Workload for Foreign {
        const NAME: &'static str = "foreign";
        const VALUE: &'static str =
            "one record: 2 own fields, a flattened foreign struct of 3 fields (buffered), a flattened FastFlatten struct of 3";
        /// The buffered field makes the record a map (as serde's flatten does).
        const NEEDS: Needs = Needs {
            self_describing: true,
            keys_are_names: true,
            ..Needs::NOTHING
        };
        type Source = fast::Record;

        fn values(n: usize) -> Vec<fast::Record> {
            values(n)
        }

        fn samples() -> Vec<fast::Record> {
            values(4)
        }
    }
    reads owned;
    Flat "flat" LowerBound, reads maps_by_name, writes maps_by_name
        => <'a> flat::Record = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads maps_by_name, writes maps_by_name
        => <'a> fast::Record = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::Record = |s| s.iter().map(Into::into).collect();
}

/// The type of "another crate": serde's derive only.
pub mod other_crate {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Audit {
        pub created_by: String,
        pub created_at: u64,
        pub revision: u32,
    }
}

/// With `#[derive(FastFlatten)]`: the foreign struct `buffered`.
pub mod fast {
    use serde_fastkit::FastFlatten;

    use super::other_crate::Audit;

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Record {
        pub id: u64,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        pub audit: Audit,
        pub name: String,
        #[serde(flatten)]
        pub size: Size,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Size {
        pub width: u32,
        pub height: u32,
        pub depth: u32,
    }
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    use serde::{Deserialize, Serialize};

    use super::other_crate::Audit;

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Record {
        pub id: u64,
        #[serde(flatten)]
        pub audit: Audit,
        pub name: String,
        #[serde(flatten)]
        pub size: Size,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Size {
        pub width: u32,
        pub height: u32,
        pub depth: u32,
    }
}

/// The flat struct reading the same bytes: the lower bound.
pub mod flat {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Record {
        pub id: u64,
        pub created_by: String,
        pub created_at: u64,
        pub revision: u32,
        pub name: String,
        pub width: u32,
        pub height: u32,
        pub depth: u32,
    }
}

/// `n` deterministic records.
pub fn values(n: usize) -> Vec<fast::Record> {
    (0..n as u64)
        .map(|i| fast::Record {
            id: i,
            audit: other_crate::Audit {
                created_by: format!("user{}", mix(i) % 1000),
                created_at: 1_700_000_000 + mix(i + 1) % 100_000_000,
                revision: (mix(i + 2) % 50) as u32,
            },
            name: format!("record {i}"),
            size: fast::Size {
                width: (mix(i + 3) % 4096) as u32,
                height: (mix(i + 4) % 4096) as u32,
                depth: (mix(i + 5) % 64) as u32,
            },
        })
        .collect()
}

impl From<&fast::Record> for serde_flatten::Record {
    fn from(value: &fast::Record) -> Self {
        serde_flatten::Record {
            id: value.id,
            audit: value.audit.clone(),
            name: value.name.clone(),
            size: serde_flatten::Size {
                width: value.size.width,
                height: value.size.height,
                depth: value.size.depth,
            },
        }
    }
}

impl From<&fast::Record> for flat::Record {
    fn from(value: &fast::Record) -> Self {
        flat::Record {
            id: value.id,
            created_by: value.audit.created_by.clone(),
            created_at: value.audit.created_at,
            revision: value.audit.revision,
            name: value.name.clone(),
            width: value.size.width,
            height: value.size.height,
            depth: value.size.depth,
        }
    }
}
