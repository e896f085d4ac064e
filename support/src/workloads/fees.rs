//! A struct flattening an externally tagged enum: a transaction whose fee model is one of two
//! variants, written under the variant's name beside the transaction's own fields
//! (`{"hash": .., "nonce": .., "Dynamic": {"max_fee": .., "priority_fee": ..}}`).
//!
//! The lower bound is the flat struct holding each variant as an optional field of that name.

use super::mix;
use crate::common::formats::Needs;
use crate::workloads::{
    any_format, maps_by_name, names_as_strings, one_of_each, serde_flatten_reads,
    serde_flatten_writes, MAPS_BY_NAME,
};

workload! {
    /// Transactions: a struct flattening an externally tagged enum.
    impl Workload for Fees {
        const NAME: &'static str = "fees";
        const VALUE: &'static str =
            "one transaction flattening an externally tagged fee enum (its variant is a key)";
        /// The variant is a key of the transaction's map: formats that write structs as
        /// sequences drop it.
        const NEEDS: Needs = MAPS_BY_NAME;
        type Source = fast::Transaction;

        fn values(n: usize) -> Vec<fast::Transaction> {
            values(n)
        }

        /// One of each variant.
        fn samples() -> Vec<fast::Transaction> {
            one_of_each(values(64), |value| std::mem::discriminant(&value.fee))
        }
    }
    reads owned;
    Flat "flat" LowerBound, reads maps_by_name, writes names_as_strings
        => <'a> flat::Transaction = |s| s.iter().map(Into::into).collect();
    // Writes everywhere, but reads back only where the variant's key survives (a clear error
    // elsewhere).
    Fast "fast_flatten" FastFlatten, reads maps_by_name, writes any_format
        => <'a> fast::Transaction = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::Transaction = |s| s.iter().map(Into::into).collect();
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Transaction {
        pub hash: String,
        pub nonce: u64,
        pub to: Option<String>,
        pub value: u64,
        #[serde(flatten)]
        pub fee: Fee,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub enum Fee {
        Legacy { gas_price: u64 },
        Dynamic { max_fee: u64, priority_fee: u64 },
    }
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Transaction {
        pub hash: String,
        pub nonce: u64,
        pub to: Option<String>,
        pub value: u64,
        #[serde(flatten)]
        pub fee: Fee,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub enum Fee {
        Legacy { gas_price: u64 },
        Dynamic { max_fee: u64, priority_fee: u64 },
    }
}

/// The flat struct reading the same bytes: the lower bound.
pub mod flat {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Legacy {
        pub gas_price: u64,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Dynamic {
        pub max_fee: u64,
        pub priority_fee: u64,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Transaction {
        pub hash: String,
        pub nonce: u64,
        pub to: Option<String>,
        pub value: u64,
        #[serde(rename = "Legacy", default, skip_serializing_if = "Option::is_none")]
        pub legacy: Option<Legacy>,
        #[serde(rename = "Dynamic", default, skip_serializing_if = "Option::is_none")]
        pub dynamic: Option<Dynamic>,
    }
}

/// `n` deterministic transactions, three in four with a dynamic fee.
pub fn values(n: usize) -> Vec<fast::Transaction> {
    (0..n as u64)
        .map(|i| fast::Transaction {
            hash: format!("0x{:064x}", mix(i)),
            nonce: i,
            to: (i % 10 != 0).then(|| format!("0x{:040x}", mix(i + 3))),
            value: mix(i + 5) % 1_000_000_000,
            fee: if mix(i) % 4 == 0 {
                fast::Fee::Legacy {
                    gas_price: 20_000_000_000 + i,
                }
            } else {
                fast::Fee::Dynamic {
                    max_fee: 30_000_000_000 + i,
                    priority_fee: 1_000_000_000,
                }
            },
        })
        .collect()
}

impl From<&fast::Transaction> for serde_flatten::Transaction {
    fn from(tx: &fast::Transaction) -> Self {
        serde_flatten::Transaction {
            hash: tx.hash.clone(),
            nonce: tx.nonce,
            to: tx.to.clone(),
            value: tx.value,
            fee: match tx.fee {
                fast::Fee::Legacy { gas_price } => serde_flatten::Fee::Legacy { gas_price },
                fast::Fee::Dynamic {
                    max_fee,
                    priority_fee,
                } => serde_flatten::Fee::Dynamic {
                    max_fee,
                    priority_fee,
                },
            },
        }
    }
}

impl From<&fast::Transaction> for flat::Transaction {
    fn from(tx: &fast::Transaction) -> Self {
        let (legacy, dynamic) = match tx.fee {
            fast::Fee::Legacy { gas_price } => (Some(flat::Legacy { gas_price }), None),
            fast::Fee::Dynamic {
                max_fee,
                priority_fee,
            } => (
                None,
                Some(flat::Dynamic {
                    max_fee,
                    priority_fee,
                }),
            ),
        };
        flat::Transaction {
            hash: tx.hash.clone(),
            nonce: tx.nonce,
            to: tx.to.clone(),
            value: tx.value,
            legacy,
            dynamic,
        }
    }
}
