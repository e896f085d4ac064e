//! The one strategy every string-building formatter shares: build the text in a `String` that
//! the thread keeps for reuse, and hand the format one `&str`.
//!
//! Measured (`benches/formatters.rs`, `FORMATTERS_RATIOS=1`): against a 128-byte stack buffer,
//! the reused `String` needs no zeroing and no UTF-8 re-check (it is valid by construction,
//! without `unsafe`), which is what put the stack buffer behind `collect_str` on serde_json.
//!
//! Without the standard library (no thread-locals), each call builds in a `String` of its own;
//! without a heap, the text goes to the format's `Serializer::collect_str`, which every
//! serializer then implements (serde requires it), most by writing it straight out.

#[cfg(feature = "alloc")]
use alloc::string::String;
#[cfg(feature = "std")]
use core::cell::Cell;
use core::fmt::Display;
#[cfg(feature = "alloc")]
use core::fmt::{self, Write as _};

#[cfg(feature = "alloc")]
use serde::ser::Error as _;
use serde::ser::Serializer;

#[cfg(feature = "alloc")]
use super::errors::DISPLAY_ERROR;

/// A scratch buffer that grew beyond this is dropped after use rather than kept, so a thread
/// holds at most this much for the formatters between calls.
#[cfg(feature = "std")]
const KEEP_CAPACITY: usize = 4096;

#[cfg(feature = "std")]
std::thread_local! {
    static SCRATCH: Cell<String> = const { Cell::new(String::new()) };
}

/// Runs `f` with the thread's scratch buffer (empty), then keeps the buffer for the next call.
/// Allocates only on a thread's first use (and for text longer than [`KEEP_CAPACITY`]).
///
/// The buffer is taken out of its cell for the duration of `f`, so a nested call (a `Display`
/// that serializes) simply starts from a new `String`: nothing can fail to borrow.
#[cfg(feature = "std")]
#[inline]
pub(crate) fn with_scratch<R>(f: impl FnOnce(&mut String) -> R) -> R {
    let mut scratch = SCRATCH.try_with(Cell::take).unwrap_or_default();
    scratch.clear();
    let result = f(&mut scratch);
    if scratch.capacity() <= KEEP_CAPACITY {
        // `try_with` fails only while the thread is being torn down; the buffer is dropped then.
        let _ = SCRATCH.try_with(|cell| cell.set(scratch));
    }
    result
}

/// Runs `f` with an empty `String` of its own (no thread to keep one in).
#[cfg(all(feature = "alloc", not(feature = "std")))]
#[inline]
pub(crate) fn with_scratch<R>(f: impl FnOnce(&mut String) -> R) -> R {
    f(&mut String::new())
}

/// Builds a string with `build` in the scratch buffer and serializes it with one
/// `serialize_str` call.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn serialize_built<S, F>(serializer: S, build: F) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    F: FnOnce(&mut String) -> fmt::Result,
{
    with_scratch(|scratch| match build(scratch) {
        Ok(()) => serializer.serialize_str(scratch),
        Err(fmt::Error) => Err(S::Error::custom(DISPLAY_ERROR)),
    })
}

/// Serializes `value`'s `Display` output as one string.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn serialize_display<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: Display + ?Sized,
    S: Serializer,
{
    serialize_built(serializer, |scratch| write!(scratch, "{value}"))
}

/// Serializes `value`'s `Display` output as one string, through the format (no heap).
#[cfg(not(feature = "alloc"))]
#[inline]
pub(crate) fn serialize_display<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: Display + ?Sized,
    S: Serializer,
{
    serializer.collect_str(value)
}
