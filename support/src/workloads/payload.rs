//! A versioned payload chain in the style of Ethereum's execution payloads (engine API), each
//! version flattening the previous one, `#[serde(rename_all = "camelCase")]` everywhere:
//!
//! - `V1 { parentHash, feeRecipient, stateRoot, receiptsRoot, logsBloom, prevRandao, blockNumber,
//!   gasLimit, gasUsed, timestamp, extraData, baseFeePerGas, blockHash, transactions }`,
//! - `V2 { flatten V1, withdrawals }`,
//! - `V3 { flatten V2, blobGasUsed, excessBlobGas }`.
//!
//! Hashes are `0x` + 64 hex digits, addresses `0x` + 40, the logs bloom `0x` + 512, extra data
//! `0x` + 0 to 64, each transaction `0x` + 200 to 598 (numbers are plain `u64`s, not the engine
//! API's hex quantities). [`values`]`(n)` returns `n` V3 payloads of [`TRANSACTIONS`]
//! transactions and [`WITHDRAWALS`] withdrawals each.
//!
//! `Withdrawal` is not flattened: one plain serde type serves every variant.
//!
//! No `prior`: serde_fast_flatten 0.1.3's `DeserializeFields` derive emits an invalid pattern
//! (`BorrowedFieldId::U64(0 + V1::NUM_FIELDS as u64)`, "expected a pattern, found an expression")
//! for an own field declared after a flattened one, here `withdrawals` and V3's own fields.
//! (`rename_all` itself would work: it reads names through `serde_derive_internals`.)

use serde::{Deserialize, Serialize};

use crate::common::formats::Needs;
use crate::workloads::{any_format, fast_flatten_reads, serde_flatten_reads, serde_flatten_writes};

workload! {
    /// Execution payloads.
    impl Workload for Payload {
        const NAME: &'static str = "payload";
        const VALUE: &'static str =
            "one V3 execution payload (V3 flattens V2 flattens V1), about 4.6 kB of hex";
        const NEEDS: Needs = Needs::NOTHING;
        type Source = fast::V3;

        fn values(n: usize) -> Vec<fast::V3> {
            values(n)
        }

        fn samples() -> Vec<fast::V3> {
            vec![small()]
        }
    }
    reads owned;
    Flat "flat" LowerBound, reads any_format, writes any_format
        => <'a> flat::V3 = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast::V3 = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::V3 = |s| s.iter().map(Into::into).collect();
}

/// Transactions per payload.
pub const TRANSACTIONS: usize = 10;

/// Withdrawals per payload.
pub const WITHDRAWALS: usize = 4;

/// A validator withdrawal (EIP-4895).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Withdrawal {
    pub index: u64,
    pub validator_index: u64,
    pub address: String,
    pub amount: u64,
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    use super::Withdrawal;
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct V1 {
        pub parent_hash: String,
        pub fee_recipient: String,
        pub state_root: String,
        pub receipts_root: String,
        pub logs_bloom: String,
        pub prev_randao: String,
        pub block_number: u64,
        pub gas_limit: u64,
        pub gas_used: u64,
        pub timestamp: u64,
        pub extra_data: String,
        pub base_fee_per_gas: u64,
        pub block_hash: String,
        pub transactions: Vec<String>,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct V2 {
        #[serde(flatten)]
        pub v1: V1,
        pub withdrawals: Vec<Withdrawal>,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct V3 {
        #[serde(flatten)]
        pub v2: V2,
        pub blob_gas_used: u64,
        pub excess_blob_gas: u64,
    }
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    use super::Withdrawal;
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct V1 {
        pub parent_hash: String,
        pub fee_recipient: String,
        pub state_root: String,
        pub receipts_root: String,
        pub logs_bloom: String,
        pub prev_randao: String,
        pub block_number: u64,
        pub gas_limit: u64,
        pub gas_used: u64,
        pub timestamp: u64,
        pub extra_data: String,
        pub base_fee_per_gas: u64,
        pub block_hash: String,
        pub transactions: Vec<String>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct V2 {
        #[serde(flatten)]
        pub v1: V1,
        pub withdrawals: Vec<Withdrawal>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct V3 {
        #[serde(flatten)]
        pub v2: V2,
        pub blob_gas_used: u64,
        pub excess_blob_gas: u64,
    }
}

/// The lower bound: the 17 leaves of V3 at top level, in the tree's order (V1's, then V2's
/// `withdrawals`, then V3's own).
pub mod flat {
    use super::Withdrawal;
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    pub struct V3 {
        pub parent_hash: String,
        pub fee_recipient: String,
        pub state_root: String,
        pub receipts_root: String,
        pub logs_bloom: String,
        pub prev_randao: String,
        pub block_number: u64,
        pub gas_limit: u64,
        pub gas_used: u64,
        pub timestamp: u64,
        pub extra_data: String,
        pub base_fee_per_gas: u64,
        pub block_hash: String,
        pub transactions: Vec<String>,
        pub withdrawals: Vec<Withdrawal>,
        pub blob_gas_used: u64,
        pub excess_blob_gas: u64,
    }
}

/// `0x` and `digits` lowercase hex digits drawn from `seed`.
fn hex(seed: u64, digits: usize) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 + digits);
    out.push_str("0x");
    let mut word = 0;
    for i in 0..digits {
        if i % 16 == 0 {
            word = super::mix(seed ^ (i as u64).wrapping_mul(0x0100_0000_01B3));
        }
        out.push(HEX[(word >> (4 * (i % 16))) as usize & 15] as char);
    }
    out
}

/// `n` deterministic V3 payloads of consecutive blocks.
pub fn values(n: usize) -> Vec<fast::V3> {
    (0..n as u64)
        .map(|i| {
            let x = super::mix(i);
            let seed = |field: u64| x ^ (field << 56);
            let transactions = (0..TRANSACTIONS as u64)
                .map(|t| {
                    let len = 100 + super::mix(seed(20) + t) % 200;
                    hex(seed(21) + t, 2 * len as usize)
                })
                .collect();
            let withdrawals = (0..WITHDRAWALS as u64)
                .map(|w| {
                    let y = super::mix(seed(30) + w);
                    Withdrawal {
                        index: 40_000_000 + i * WITHDRAWALS as u64 + w,
                        validator_index: 500_000 + y % 1_000_000,
                        address: hex(y, 40),
                        amount: 17_000_000 + (y >> 32) % 2_000_000,
                    }
                })
                .collect();
            fast::V3 {
                v2: fast::V2 {
                    v1: fast::V1 {
                        parent_hash: hex(super::mix(i.wrapping_sub(1)), 64),
                        fee_recipient: hex(seed(1), 40),
                        state_root: hex(seed(2), 64),
                        receipts_root: hex(seed(3), 64),
                        logs_bloom: hex(seed(4), 512),
                        prev_randao: hex(seed(5), 64),
                        block_number: 19_426_587 + i,
                        gas_limit: 30_000_000,
                        gas_used: 8_000_000 + x % 22_000_000,
                        timestamp: 1_710_338_135 + 12 * i,
                        extra_data: hex(seed(6), 2 * ((x >> 32) as usize % 33)),
                        base_fee_per_gas: 7_000_000_000 + (x >> 8) % 40_000_000_000,
                        // The next payload's `parent_hash`.
                        block_hash: hex(x, 64),
                        transactions,
                    },
                    withdrawals,
                },
                blob_gas_used: 131_072 * ((x >> 40) % 7),
                excess_blob_gas: 131_072 * ((x >> 44) % 40),
            }
        })
        .collect()
}

/// A small payload: every string cut to 12 characters, two transactions, one withdrawal.
fn small() -> fast::V3 {
    let mut v3 = values(1).remove(0);
    let v1 = &mut v3.v2.v1;
    for text in [
        &mut v1.parent_hash,
        &mut v1.fee_recipient,
        &mut v1.state_root,
        &mut v1.receipts_root,
        &mut v1.logs_bloom,
        &mut v1.prev_randao,
        &mut v1.extra_data,
        &mut v1.block_hash,
    ] {
        text.truncate(12);
    }
    v1.transactions.truncate(2);
    for t in &mut v1.transactions {
        t.truncate(12);
    }
    v3.v2.withdrawals.truncate(1);
    v3
}

impl From<&fast::V1> for serde_flatten::V1 {
    fn from(v1: &fast::V1) -> Self {
        let v1 = v1.clone();
        serde_flatten::V1 {
            parent_hash: v1.parent_hash,
            fee_recipient: v1.fee_recipient,
            state_root: v1.state_root,
            receipts_root: v1.receipts_root,
            logs_bloom: v1.logs_bloom,
            prev_randao: v1.prev_randao,
            block_number: v1.block_number,
            gas_limit: v1.gas_limit,
            gas_used: v1.gas_used,
            timestamp: v1.timestamp,
            extra_data: v1.extra_data,
            base_fee_per_gas: v1.base_fee_per_gas,
            block_hash: v1.block_hash,
            transactions: v1.transactions,
        }
    }
}

impl From<&fast::V2> for serde_flatten::V2 {
    fn from(v2: &fast::V2) -> Self {
        serde_flatten::V2 {
            v1: (&v2.v1).into(),
            withdrawals: v2.withdrawals.clone(),
        }
    }
}

impl From<&fast::V3> for serde_flatten::V3 {
    fn from(v3: &fast::V3) -> Self {
        serde_flatten::V3 {
            v2: (&v3.v2).into(),
            blob_gas_used: v3.blob_gas_used,
            excess_blob_gas: v3.excess_blob_gas,
        }
    }
}

impl From<&fast::V3> for flat::V3 {
    fn from(v3: &fast::V3) -> Self {
        let fast::V3 {
            v2: fast::V2 { v1, withdrawals },
            blob_gas_used,
            excess_blob_gas,
        } = v3.clone();
        flat::V3 {
            parent_hash: v1.parent_hash,
            fee_recipient: v1.fee_recipient,
            state_root: v1.state_root,
            receipts_root: v1.receipts_root,
            logs_bloom: v1.logs_bloom,
            prev_randao: v1.prev_randao,
            block_number: v1.block_number,
            gas_limit: v1.gas_limit,
            gas_used: v1.gas_used,
            timestamp: v1.timestamp,
            extra_data: v1.extra_data,
            base_fee_per_gas: v1.base_fee_per_gas,
            block_hash: v1.block_hash,
            transactions: v1.transactions,
            withdrawals,
            blob_gas_used,
            excess_blob_gas,
        }
    }
}
