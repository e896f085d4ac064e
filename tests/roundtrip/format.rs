//! The assertions built on the format adapters (`support/src/common/formats.rs`), shared by the
//! roundtrip, property and differential tests (`#[path]`-included by the last two).

#![allow(dead_code)] // each includer uses a different part

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

pub use crate::common::formats::Format;
use crate::common::formats::{visit_formats, FormatVisitor};

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

/// Asserts that the adapter lends `&str`s exactly where its table entry says it does.
pub fn borrows_as_declared<F: Format>() {
    let bytes = F::encode("text").unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
    match F::decode_borrowed::<&str>(&bytes) {
        Some(read) => {
            assert!(
                F::BORROWS,
                "{}: lends, but its entry says it cannot",
                F::NAME
            );
            let read = read.unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
            assert_eq!(read, "text", "{}", F::NAME);
            assert!(
                bytes.as_ptr_range().contains(&read.as_ptr()),
                "{}: `&str` not borrowed",
                F::NAME
            );
        }
        None => assert!(
            !F::BORROWS,
            "{}: cannot lend, its entry says it can",
            F::NAME
        ),
    }
}

/// Where FastFlatten's `fast` and serde's twin `twin` (the same value, derived with
/// `#[serde(flatten)]`) write different bytes, or fail, on every format of the table where they
/// must write the same ([`Properties::same_bytes_as_serde_flatten`]): one message per such
/// format, none when they agree everywhere.
///
/// [`Properties::same_bytes_as_serde_flatten`]: crate::common::formats::Properties::same_bytes_as_serde_flatten
pub fn differences_from_serde_flatten<A: Serialize + Debug, B: Serialize>(
    fast: &A,
    twin: &B,
) -> Vec<String> {
    struct Compare<'a, A, B> {
        fast: &'a A,
        twin: &'a B,
        differences: Vec<String>,
    }

    impl<A: Serialize + Debug, B: Serialize> FormatVisitor for Compare<'_, A, B> {
        fn visit<F: Format>(&mut self) {
            if !F::PROPERTIES.same_bytes_as_serde_flatten() {
                return;
            }
            let difference = match (F::encode(self.fast), F::encode(self.twin)) {
                (Ok(fast), Ok(twin)) if fast == twin => return,
                (Ok(fast), Ok(twin)) => format!(
                    "FastFlatten and serde's flatten write different output for {:?}:\n{}\n{}",
                    self.fast,
                    shown(&fast),
                    shown(&twin)
                ),
                (Err(e), _) => format!("FastFlatten: {e}"),
                (_, Err(e)) => format!("serde's flatten: {e}"),
            };
            self.differences.push(format!("{}: {difference}", F::NAME));
        }
    }

    let mut compare = Compare {
        fast,
        twin,
        differences: Vec::new(),
    };
    visit_formats(&mut compare);
    compare.differences
}

/// Encoded bytes for a message: as text where they are UTF-8.
pub fn shown(bytes: &[u8]) -> String {
    std::str::from_utf8(bytes).map_or_else(|_| format!("{bytes:02x?}"), str::to_owned)
}
