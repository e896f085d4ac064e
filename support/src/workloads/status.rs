//! A status union merged into an object: a struct flattening an internally tagged enum, as the
//! Ethereum engine API's `PayloadStatus` does (`{"status": "INVALID", "latestValidHash": ..,
//! "validationError": ..}`, alloy's `#[serde(flatten)] status: PayloadStatusEnum`).
//!
//! The lower bound is the flat struct: the tag, every variant's field and the struct's own as
//! plain fields.

use super::mix;
use crate::common::formats::Needs;
use crate::workloads::{
    any_format, fast_flatten_reads, maps_by_name, names_as_strings, one_of_each,
    serde_flatten_reads, serde_flatten_writes, MIXED_SHAPES,
};

workload! {
    /// Payload statuses: a struct flattening an internally tagged enum.
    impl Workload for Status {
        const NAME: &'static str = "status";
        const VALUE: &'static str =
            "one `PayloadStatus`: a flattened internally tagged enum of 4 variants, a hash";
        /// `INVALID` has a field the others lack.
        const NEEDS: Needs = MIXED_SHAPES;
        type Source = fast::PayloadStatus;

        fn values(n: usize) -> Vec<fast::PayloadStatus> {
            values(n)
        }

        /// A unit variant and the variant with a field.
        fn samples() -> Vec<fast::PayloadStatus> {
            one_of_each(values(64), |value| {
                matches!(value.status, fast::Status::Invalid { .. })
            })
        }
    }
    reads owned;
    // `validationError` left out when absent (no reading where structs are sequences), the
    // tag a unit enum (an index where formats write variants so).
    Flat "flat" LowerBound, reads maps_by_name, writes names_as_strings
        => <'a> flat::PayloadStatus = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast::PayloadStatus = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::PayloadStatus = |s| s.iter().map(Into::into).collect();
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct PayloadStatus {
        #[serde(flatten)]
        pub status: Status,
        pub latest_valid_hash: Option<String>,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    #[serde(tag = "status", rename_all = "SCREAMING_SNAKE_CASE")]
    pub enum Status {
        Valid,
        Invalid {
            #[serde(rename = "validationError")]
            validation_error: String,
        },
        Syncing,
        Accepted,
    }
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct PayloadStatus {
        #[serde(flatten)]
        pub status: Status,
        pub latest_valid_hash: Option<String>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(tag = "status", rename_all = "SCREAMING_SNAKE_CASE")]
    pub enum Status {
        Valid,
        Invalid {
            #[serde(rename = "validationError")]
            validation_error: String,
        },
        Syncing,
        Accepted,
    }
}

/// The flat struct reading the same bytes: the lower bound.
pub mod flat {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub enum Status {
        Valid,
        Invalid,
        Syncing,
        Accepted,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct PayloadStatus {
        pub status: Status,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub validation_error: Option<String>,
        pub latest_valid_hash: Option<String>,
    }
}

/// `n` deterministic statuses, mostly `VALID`, some of each other kind.
pub fn values(n: usize) -> Vec<fast::PayloadStatus> {
    (0..n as u64)
        .map(|i| {
            let status = match mix(i) % 8 {
                0 => fast::Status::Invalid {
                    validation_error: format!("links to previously rejected block {i}"),
                },
                1 => fast::Status::Syncing,
                2 => fast::Status::Accepted,
                _ => fast::Status::Valid,
            };
            let latest_valid_hash = (!matches!(status, fast::Status::Syncing))
                .then(|| format!("0x{:064x}", mix(i + 7)));
            fast::PayloadStatus {
                status,
                latest_valid_hash,
            }
        })
        .collect()
}

impl From<&fast::PayloadStatus> for serde_flatten::PayloadStatus {
    fn from(value: &fast::PayloadStatus) -> Self {
        use serde_flatten::Status;
        serde_flatten::PayloadStatus {
            status: match value.status.clone() {
                fast::Status::Valid => Status::Valid,
                fast::Status::Invalid { validation_error } => Status::Invalid { validation_error },
                fast::Status::Syncing => Status::Syncing,
                fast::Status::Accepted => Status::Accepted,
            },
            latest_valid_hash: value.latest_valid_hash.clone(),
        }
    }
}

impl From<&fast::PayloadStatus> for flat::PayloadStatus {
    fn from(value: &fast::PayloadStatus) -> Self {
        use flat::Status;
        let (status, validation_error) = match value.status.clone() {
            fast::Status::Valid => (Status::Valid, None),
            fast::Status::Invalid { validation_error } => (Status::Invalid, Some(validation_error)),
            fast::Status::Syncing => (Status::Syncing, None),
            fast::Status::Accepted => (Status::Accepted, None),
        };
        flat::PayloadStatus {
            status,
            validation_error,
            latest_valid_hash: value.latest_valid_hash.clone(),
        }
    }
}
