//! The length rule shared by the sequence and map formatters.
//!
//! serde's `collect_seq`/`collect_map` pass a length only when `size_hint` is exact, so a
//! filtered iterator makes length-prefixed formats fail (bincode, postcard) or panic (bitcode).
//! The formatters here count with a cloned pass instead, and check the count while writing.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use super::errors::LengthMismatch;

/// The number of items `iter` yields: from `size_hint` when it is exact, else by counting a clone.
#[inline]
pub(crate) fn exact_len<I: Iterator + Clone>(iter: &I) -> usize {
    match iter.size_hint() {
        (lower, Some(upper)) if lower == upper => lower,
        _ => iter.clone().count(),
    }
}

/// The length to announce for a one-shot iterator: only an exact `size_hint` can be trusted.
#[inline]
pub(crate) fn announced_len<I: Iterator>(iter: &I) -> Option<usize> {
    match iter.size_hint() {
        (lower, Some(upper)) if lower == upper => Some(lower),
        _ => None,
    }
}

/// Writes `items` as a sequence of announced length `len`, checking the count.
#[inline]
pub(crate) fn serialize_seq<S, I>(
    serializer: S,
    items: I,
    len: Option<usize>,
) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    I: Iterator,
    I::Item: Serialize,
{
    let mut seq = serializer.serialize_seq(len)?;
    let mut yielded = 0;
    for item in items {
        seq.serialize_element(&item)?;
        yielded += 1;
    }
    check_len::<S::Error>(len, yielded)?;
    seq.end()
}

/// Writes `entries` as a map of announced length `len`, checking the count.
#[inline]
pub(crate) fn serialize_map<S, I, K, V>(
    serializer: S,
    entries: I,
    len: Option<usize>,
) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    I: Iterator<Item = (K, V)>,
    K: Serialize,
    V: Serialize,
{
    let mut map = serializer.serialize_map(len)?;
    let mut yielded = 0;
    for (key, value) in entries {
        map.serialize_entry(&key, &value)?;
        yielded += 1;
    }
    check_len::<S::Error>(len, yielded)?;
    map.end()
}

#[inline]
pub(crate) fn check_len<E: serde::ser::Error>(
    announced: Option<usize>,
    yielded: usize,
) -> Result<(), E> {
    match announced {
        Some(announced) if announced != yielded => {
            Err(E::custom(LengthMismatch { announced, yielded }))
        }
        _ => Ok(()),
    }
}
