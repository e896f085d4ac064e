//! Property (a): every generated value encodes and decodes back to itself, on every format
//! configuration of the table.

use std::fmt::Debug;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::check;
use crate::common::formats;
use crate::format::{shown, Format};
use crate::strategies::{self, Floats};

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

/// Property (a) for one format configuration of the table: one test per kind of value, each
/// with the floats the format carries ([`Floats::for_format`]). `wide` leaves fields out
/// (`skip_serializing_if`), so it runs on self-describing formats only; `wide_ints` on formats
/// carrying `u128`/`i128`.
macro_rules! roundtrip_properties {
    ($family:ident $id:ident: $format:ident, $tier:ident) => {
        mod $id {
            use super::*;

            type F = formats::$format;

            #[test]
            fn anchor() {
                check(strategies::anchor(), |value| roundtrip::<F, _>(&value));
            }

            #[test]
            fn paged() {
                check(strategies::paged(), |value| roundtrip::<F, _>(&value));
            }

            #[test]
            fn payload() {
                check(strategies::payload(), |value| roundtrip::<F, _>(&value));
            }

            #[test]
            fn positions() {
                let values = strategies::positions(Floats::for_format::<F>());
                check(values, |value| roundtrip::<F, _>(&value));
            }

            #[test]
            fn wide() {
                if F::SELF_DESCRIBING {
                    let values = strategies::wide(Floats::for_format::<F>());
                    check(values, |value| roundtrip::<F, _>(&value));
                }
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

formats::for_each_format!(roundtrip_properties);
