//! Property (a): every generated value encodes and decodes back to itself, on every format
//! configuration of the table.

use std::fmt::Debug;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::common::formats::{self, Format};
use crate::format::shown;
use crate::properties::check;
use crate::properties::generated::{fast_flatten_reads, for_each_generated_workload, Generated};
use crate::properties::strategies::{self, Floats};

/// Property (a): `value` encodes and decodes back to itself on `F`.
pub fn roundtrip<F: Format, T>(value: &T) -> Result<(), TestCaseError>
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let bytes = F::encode(value)
        .map_err(|e| TestCaseError::fail(format!("{}: serialize: {e}", F::NAME)))?;
    let back: T = F::decode(&bytes).map_err(|e| {
        TestCaseError::fail(format!(
            "{}: deserialize: {e}\nbytes: {}",
            F::NAME,
            shown(&bytes)
        ))
    })?;
    prop_assert_eq!(&back, value, "{}: roundtrip changed the value", F::NAME);
    Ok(())
}

/// Property (a) for workload `W` on `F`, where `F` can read the workload back
/// (`Workload::NEEDS`: `wide` leaves fields out, which formats reading structs as sequences
/// cannot notice) and FastFlatten's rule says it reads there (not serde_cbor's packed keys in a
/// struct with flattened fields), with the floats `F` carries.
fn workload_roundtrips<F: Format, W: Generated>() {
    if W::NEEDS.met_by(&F::PROPERTIES) && fast_flatten_reads::<W>(&F::PROPERTIES) {
        let values = W::strategy(Floats::for_format::<F>());
        check(values, |value| roundtrip::<F, _>(&value));
    }
}

/// Property (a) for one format configuration of the table: one test per generated workload and
/// per shape (`Positions`, and `Wide`'s `u128`/`i128` where the format carries them).
macro_rules! roundtrip_properties {
    ($family:ident $id:ident: $format:ident, $tier:ident) => {
        mod $id {
            use super::*;

            type F = formats::$format;

            for_each_generated_workload!(workload_test);

            #[test]
            fn positions() {
                // A struct with flattened fields: not on serde_cbor's packed format.
                if !crate::workloads::fast_flatten_reads(&F::PROPERTIES) {
                    return;
                }
                let values = strategies::positions(Floats::for_format::<F>());
                check(values, |value| roundtrip::<F, _>(&value));
            }

            #[test]
            fn wide_ints() {
                if F::WIDE_INTS {
                    check(strategies::wide_ints(), |value| roundtrip::<F, _>(&value));
                }
            }
        }
    };
}

/// One test of property (a) per workload, in a format's module.
macro_rules! workload_test {
    ($module:ident: $workload:ident) => {
        #[test]
        fn $module() {
            workload_roundtrips::<F, crate::workloads::$workload>();
        }
    };
}

formats::for_each_format!(roundtrip_properties);
