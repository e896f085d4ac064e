//! The one abstraction every per-format test file implements, and the helpers built on it.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A serde data format under test.
pub trait Format {
    /// Shown in assertion messages.
    const NAME: &'static str;

    /// Whether the format's errors carry the message given to `Error::custom` (postcard
    /// replaces it with a fixed text).
    const KEEPS_MESSAGES: bool = true;

    /// Whether the format writes field names (or indexes) and can read fields in any order and
    /// skip absent ones; length-prefixed formats read structs as sequences instead, where
    /// `skip_serializing_if` cannot work (for serde's derive either).
    const SELF_DESCRIBING: bool = true;

    /// Whether struct fields are keyed by name (serde_cbor's packed format keys them by index,
    /// which serde's flatten cannot read).
    const KEYS_ARE_NAMES: bool = true;

    /// Whether the format carries `u128`/`i128`.
    const WIDE_INTS: bool = true;

    /// Decodes a value that may borrow from `bytes`; `None` when the format cannot lend (it
    /// reads through `std::io::Read`).
    fn read_borrowed<'de, T: serde::Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        let _ = bytes;
        None
    }

    /// Appends the encoding of `value` to `out` (tests pre-size `out` so that its growth does
    /// not count as an allocation of the code under test).
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String>;

    /// Decodes a value that owns its data.
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;

    /// The encoding of `value` in a fresh buffer.
    fn to_bytes<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        Self::write(value, &mut out)?;
        Ok(out)
    }
}

/// Asserts that `value` encodes and decodes back to itself.
#[track_caller]
pub fn assert_roundtrip<F: Format, T>(value: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let bytes =
        F::to_bytes(value).unwrap_or_else(|e| panic!("{}: serialize {value:?}: {e}", F::NAME));
    let back: T =
        F::read(&bytes).unwrap_or_else(|e| panic!("{}: deserialize {value:?}: {e}", F::NAME));
    assert_eq!(&back, value, "{}: roundtrip changed the value", F::NAME);
}

/// Asserts that two values encode to the same bytes.
#[track_caller]
pub fn assert_same_bytes<F: Format, A, B>(actual: &A, expected: &B)
where
    A: Serialize + ?Sized,
    B: Serialize + ?Sized,
{
    let actual = F::to_bytes(actual).unwrap_or_else(|e| panic!("{}: serialize: {e}", F::NAME));
    let expected = F::to_bytes(expected).unwrap_or_else(|e| panic!("{}: serialize: {e}", F::NAME));
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
