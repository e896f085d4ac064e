//! The assertions built on the format adapters (`benches/common/formats.rs`).

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

pub use crate::common::formats::Format;

/// Asserts that `value` encodes and decodes back to itself.
#[track_caller]
pub fn assert_roundtrip<F: Format, T>(value: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let bytes =
        F::encode(value).unwrap_or_else(|e| panic!("{}: serialize {value:?}: {e}", F::NAME));
    let back: T =
        F::decode(&bytes).unwrap_or_else(|e| panic!("{}: deserialize {value:?}: {e}", F::NAME));
    assert_eq!(&back, value, "{}: roundtrip changed the value", F::NAME);
}

/// Asserts that two values encode to the same bytes.
#[track_caller]
pub fn assert_same_bytes<F: Format, A, B>(actual: &A, expected: &B)
where
    A: Serialize + ?Sized,
    B: Serialize + ?Sized,
{
    let actual = F::encode(actual).unwrap_or_else(|e| panic!("{}: serialize: {e}", F::NAME));
    let expected = F::encode(expected).unwrap_or_else(|e| panic!("{}: serialize: {e}", F::NAME));
    assert_eq!(actual, expected, "{}: different encodings", F::NAME);
}

/// Asserts that `result` is an error and, where the format keeps messages, that it says `needle`.
#[track_caller]
pub fn assert_error<F: Format, T: Debug>(result: Result<T, String>, needle: &str) {
    match result {
        Ok(value) => panic!(
            "{}: expected an error containing {needle:?}, got {value:?}",
            F::NAME
        ),
        Err(message) => assert!(
            !F::KEEPS_MESSAGES || message.contains(needle),
            "{}: expected an error containing {needle:?}, got {message:?}",
            F::NAME
        ),
    }
}
