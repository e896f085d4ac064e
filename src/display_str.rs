//! The one strategy every `Display`-based formatter shares: assemble the text in a stack
//! buffer and hand the format one `&str`; fall back to `collect_str` only when it does not fit.

use core::cell::Cell;
use core::fmt::{self, Display, Write as _};

use serde::ser::{Error as _, Serializer};

use crate::str_buf::StrBuf;

/// The error reported when a `Display` implementation returns `Err`.
///
/// serde's default `collect_str` panics in that case (inside `to_string()`), and so does
/// serde_json's streaming `collect_str`; every formatter in this crate reports it instead.
pub(crate) const DISPLAY_ERROR: &str = "a Display implementation returned an error";

/// Serializes `value`'s `Display` output as a string, allocation-free when it fits in
/// [`crate::str_buf::CAPACITY`] bytes.
#[inline]
pub(crate) fn serialize_display<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: Display + ?Sized,
    S: Serializer,
{
    let mut buf = StrBuf::new();
    let written = write!(buf, "{value}");
    match (written, buf.as_str()) {
        (Ok(()), Some(text)) => serializer.serialize_str(text),
        _ if written.is_err() && !buf.overflowed() => Err(S::Error::custom(DISPLAY_ERROR)),
        _ => collect_str_checked(value, serializer),
    }
}

/// `Serializer::collect_str`, but a `Display` error becomes a serde error instead of a panic.
///
/// The value is wrapped in [`ErrorTrap`], which always reports success to the format (so neither
/// serde's default `to_string()` nor serde_json's adapter can panic) and remembers the failure.
#[cold]
pub(crate) fn collect_str_checked<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: Display + ?Sized,
    S: Serializer,
{
    let trap = ErrorTrap {
        value,
        failed: Cell::new(false),
    };
    let ok = serializer.collect_str(&trap)?;
    if trap.failed.get() {
        Err(S::Error::custom(DISPLAY_ERROR))
    } else {
        Ok(ok)
    }
}

struct ErrorTrap<'a, T: ?Sized> {
    value: &'a T,
    failed: Cell<bool>,
}

impl<T: Display + ?Sized> Display for ErrorTrap<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Route the pieces through `Forward` to tell the two failures apart: an error of the
        // format's own writer (e.g. I/O) must reach the format unchanged, an error of `value`
        // must not, or the format panics.
        let mut forward = Forward {
            inner: f,
            sink_failed: false,
        };
        if write!(forward, "{}", self.value).is_err() {
            if forward.sink_failed {
                return Err(fmt::Error);
            }
            self.failed.set(true);
        }
        Ok(())
    }
}

struct Forward<'a, 'b> {
    inner: &'a mut fmt::Formatter<'b>,
    sink_failed: bool,
}

impl fmt::Write for Forward<'_, '_> {
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        let result = self.inner.write_str(piece);
        self.sink_failed |= result.is_err();
        result
    }
}
