//! The report's workloads, each in its three definitions, and one batch of their values.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::common::formats::Format;
use crate::common::sink::Sink;
use crate::measure::catch;
use crate::workloads::{anchor, paged, payload, wide};

/// What each definition of a workload's value must do.
pub trait Shape: Serialize + DeserializeOwned + PartialEq + Debug {}

impl<T: Serialize + DeserializeOwned + PartialEq + Debug> Shape for T {}

/// One workload of `benches/workloads/`, in its three definitions.
pub trait Workload {
    /// The workload's name in the report.
    const NAME: &'static str;
    /// What one value is, for the report's legend.
    const VALUE: &'static str;
    /// Whether it needs a self-describing format (`skip_serializing_if`).
    const SELF_DESCRIBING_ONLY: bool;

    /// `#[derive(FastFlatten)]`.
    type Fast: Shape;
    /// serde's derive with `#[serde(flatten)]`.
    type SerdeFlatten: Shape;
    /// Every leaf at top level: the lower bound.
    type Flat: Shape;

    /// `n` deterministic values.
    fn values(n: usize) -> Vec<Self::Fast>;

    /// The same value with serde's flatten.
    fn serde_flatten(value: &Self::Fast) -> Self::SerdeFlatten;

    /// The same value as the flat struct.
    fn flat(value: &Self::Fast) -> Self::Flat;
}

/// Declares a [`Workload`]: its types, its `values` function, and the conversions (the
/// workload's `From<&fast::..>` impls).
macro_rules! workload {
    (
        $name:ident = $label:literal, $value:literal, self_describing_only: $sd:literal,
        fast: $fast:ty, serde_flatten: $serde:ty, flat: $flat:ty, values: $values:path $(,)?
    ) => {
        #[doc = concat!("The `", $label, "` workload.")]
        pub struct $name;

        impl Workload for $name {
            const NAME: &'static str = $label;
            const VALUE: &'static str = $value;
            const SELF_DESCRIBING_ONLY: bool = $sd;
            type Fast = $fast;
            type SerdeFlatten = $serde;
            type Flat = $flat;

            fn values(n: usize) -> Vec<$fast> {
                $values(n)
            }

            fn serde_flatten(value: &$fast) -> $serde {
                value.into()
            }

            fn flat(value: &$fast) -> $flat {
                value.into()
            }
        }
    };
}

workload!(
    Anchor = "anchor", "one `A`: six `u64` leaves over three levels of flatten",
    self_describing_only: false,
    fast: anchor::fast::A,
    serde_flatten: anchor::serde_flatten::A,
    flat: anchor::flat::Flat,
    values: anchor::values,
);
workload!(
    Paged = "paged", "one page of 20 owned items, each item flattening a 4-string `Audit`",
    self_describing_only: false,
    fast: paged::fast::Page<paged::fast::Item>,
    serde_flatten: paged::serde_flatten::Page<paged::serde_flatten::Item>,
    flat: paged::flat::Page<paged::flat::Item>,
    values: paged::values,
);
workload!(
    Wide = "wide", "one record: 8 flattened groups of 20 optional leaves, about 20 set",
    self_describing_only: true,
    fast: wide::fast::Record,
    serde_flatten: wide::serde_flatten::Record,
    flat: wide::flat::Record,
    values: wide::values,
);
workload!(
    Payload = "payload", "one V3 execution payload (V3 flattens V2 flattens V1), about 4.6 kB of hex",
    self_describing_only: false,
    fast: payload::fast::V3,
    serde_flatten: payload::serde_flatten::V3,
    flat: payload::flat::V3,
    values: payload::values,
);

/// The workloads' names and values, for the legend.
pub const WORKLOADS: [(&str, &str); 4] = [
    (Anchor::NAME, Anchor::VALUE),
    (Paged::NAME, Paged::VALUE),
    (Wide::NAME, Wide::VALUE),
    (Payload::NAME, Payload::VALUE),
];

/// One batch of a workload in its three definitions.
pub struct Batch<W: Workload> {
    pub fast: Vec<W::Fast>,
    pub serde_flatten: Vec<W::SerdeFlatten>,
    pub flat: Vec<W::Flat>,
}

impl<W: Workload> Batch<W> {
    /// `n` values.
    pub fn new(n: usize) -> Self {
        let fast = W::values(n);
        Batch {
            serde_flatten: fast.iter().map(W::serde_flatten).collect(),
            flat: fast.iter().map(W::flat).collect(),
            fast,
        }
    }

    /// The batch encoded by FastFlatten: what every implementation reads. Panics unless `flat`
    /// writes the same bytes and both read them back as the values written.
    pub fn reference<F: Format>(&self) -> Vec<u8> {
        let context = || format!("{} on {}", W::NAME, F::LABEL);
        let bytes = F::encode(&self.fast)
            .unwrap_or_else(|e| panic!("{}: FastFlatten fails to serialize: {e}", context()));
        let flat_bytes = F::encode(&self.flat)
            .unwrap_or_else(|e| panic!("{}: flat fails to serialize: {e}", context()));
        assert!(
            bytes == flat_bytes,
            "{}: FastFlatten and flat write different bytes",
            context()
        );
        let fast: Vec<W::Fast> = F::decode(&bytes)
            .unwrap_or_else(|e| panic!("{}: FastFlatten fails to read back: {e}", context()));
        assert!(
            fast == self.fast,
            "{}: FastFlatten reads back other values",
            context()
        );
        let flat: Vec<W::Flat> = F::decode(&bytes)
            .unwrap_or_else(|e| panic!("{}: flat fails to read back: {e}", context()));
        assert!(
            flat == self.flat,
            "{}: flat reads back other values",
            context()
        );
        let sink: Sink<W::Fast> = F::decode(&bytes).expect("read once already");
        assert_eq!(sink.len, self.fast.len(), "{}: the sink's count", context());
        bytes
    }

    /// Whether serde's flatten reads `bytes` back as the batch.
    pub fn serde_reads<F: Format>(&self, bytes: &[u8]) -> Result<(), String> {
        let read: Vec<W::SerdeFlatten> = catch(|| F::decode(bytes))?;
        if read == self.serde_flatten {
            Ok(())
        } else {
            Err("reads other values".into())
        }
    }

    /// What serde's flatten writes, if it writes the batch: `reference` itself or other bytes
    /// that `flat` reads back as the same values.
    pub fn serde_writes<F: Format>(&self, reference: &[u8]) -> Result<Vec<u8>, String> {
        let bytes = catch(|| F::encode(&self.serde_flatten))?;
        if bytes != reference {
            let read: Vec<W::Flat> = catch(|| F::decode(&bytes))
                .map_err(|e| format!("writes other bytes, unreadable: {e}"))?;
            if read != self.flat {
                return Err("writes other values".into());
            }
        }
        Ok(bytes)
    }
}
