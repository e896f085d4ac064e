//! A fixed-capacity string on the stack: where `Display` output is assembled before one
//! `serialize_str` call, so that formats whose `collect_str` allocates (most of them) do not.

use core::fmt;

/// How many bytes of `Display` output are assembled on the stack before falling back to
/// `Serializer::collect_str`. Chosen by `benches/formatters.rs`: large enough for names, ids,
/// timestamps, addresses and short messages, small enough that zeroing and copying it stays
/// cheaper than one heap allocation.
pub(crate) const CAPACITY: usize = 128;

/// Up to [`CAPACITY`] bytes of UTF-8, appended one whole `&str` piece at a time.
///
/// A piece that does not fit is refused whole and marks the buffer as overflowed, so the buffer
/// never holds a partial character and its content is always valid UTF-8.
pub(crate) struct StrBuf {
    bytes: [u8; CAPACITY],
    len: usize,
    overflowed: bool,
}

impl StrBuf {
    #[inline]
    pub(crate) const fn new() -> Self {
        StrBuf {
            bytes: [0; CAPACITY],
            len: 0,
            overflowed: false,
        }
    }

    /// Whether a write was refused because the output did not fit.
    #[inline]
    pub(crate) fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Appends `piece`, or refuses it whole (returning `false`) when it does not fit.
    #[inline]
    pub(crate) fn push_str(&mut self, piece: &str) -> bool {
        let end = self.len + piece.len();
        match self.bytes.get_mut(self.len..end) {
            Some(slot) => {
                slot.copy_from_slice(piece.as_bytes());
                self.len = end;
                true
            }
            None => {
                self.overflowed = true;
                false
            }
        }
    }

    /// The text written so far.
    ///
    /// `None` cannot happen (only whole `&str` pieces are ever appended) but is handled by the
    /// callers as "fall back to `collect_str`", so the crate needs neither `unsafe` nor a panic.
    #[inline]
    pub(crate) fn as_str(&self) -> Option<&str> {
        core::str::from_utf8(&self.bytes[..self.len]).ok()
    }
}

impl fmt::Write for StrBuf {
    #[inline]
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        if self.push_str(piece) {
            Ok(())
        } else {
            Err(fmt::Error)
        }
    }
}
