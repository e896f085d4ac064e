//! Every error text the formatters report, in one place.

use core::fmt;

/// A `Display` implementation returned `Err`.
///
/// serde's default `collect_str` panics in that case (inside `to_string()`), and so does
/// serde_json's streaming `collect_str`; every formatter in this crate reports it instead.
#[cfg(feature = "alloc")]
pub(crate) const DISPLAY_ERROR: &str = "a Display implementation returned an error";

/// A one-shot formatter (`OnceSeq`, `OnceMap`) was serialized a second time.
pub(crate) const CONSUMED: &str =
    "a one-shot iterator was serialized twice: its items were consumed the first time";

/// An iterator whose second pass yields a different number of items than the first (a `Clone`
/// that does not replay the same items). Writing on would corrupt the output of length-prefixed
/// formats.
pub(crate) struct LengthMismatch {
    pub(crate) announced: usize,
    pub(crate) yielded: usize,
}

impl fmt::Display for LengthMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "iterator yielded {} items after announcing {}",
            self.yielded, self.announced
        )
    }
}
