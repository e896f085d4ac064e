//! [`StackText`]: short text built on the stack, for error messages that must name a value
//! (an integer key, a 128-bit number, bytes that are not UTF-8) without a heap.

use core::fmt::{self, Write};

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

/// Up to `N` bytes of text; what does not fit is cut at a character boundary and ends in `…`.
pub(crate) struct StackText<const N: usize> {
    bytes: [u8; N],
    len: usize,
    cut: bool,
}

impl<const N: usize> StackText<N> {
    /// The text `args` formats to (cut to `N` bytes).
    pub(crate) fn format(args: fmt::Arguments<'_>) -> Self {
        let mut text = StackText {
            bytes: [0; N],
            len: 0,
            cut: false,
        };
        // `write_str` never fails: it cuts instead.
        let _ = text.write_fmt(args);
        text
    }

    /// `bytes` as text, each invalid UTF-8 sequence replaced by `U+FFFD` (as
    /// `String::from_utf8_lossy` does), cut to `N` bytes.
    pub(crate) fn lossy(bytes: &[u8]) -> Self {
        let mut text = StackText::format(format_args!(""));
        for chunk in bytes.utf8_chunks() {
            let _ = text.write_str(chunk.valid());
            if !chunk.invalid().is_empty() {
                let _ = text.write_char(char::REPLACEMENT_CHARACTER);
            }
        }
        text
    }

    /// The text written so far.
    pub(crate) fn as_str(&self) -> &str {
        // Only whole characters are ever copied in, so this never falls back.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl<const N: usize> Write for StackText<N> {
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        if self.cut {
            return Ok(());
        }
        const ELLIPSIS: &str = "…";
        let room = N - self.len;
        if piece.len() <= room {
            self.bytes[self.len..self.len + piece.len()].copy_from_slice(piece.as_bytes());
            self.len += piece.len();
            return Ok(());
        }
        // Cut at a character boundary, leaving room for the ellipsis.
        let mut keep = room.saturating_sub(ELLIPSIS.len()).min(piece.len());
        while !piece.is_char_boundary(keep) {
            keep -= 1;
        }
        self.bytes[self.len..self.len + keep].copy_from_slice(&piece.as_bytes()[..keep]);
        self.len += keep;
        if N - self.len >= ELLIPSIS.len() {
            self.bytes[self.len..self.len + ELLIPSIS.len()].copy_from_slice(ELLIPSIS.as_bytes());
            self.len += ELLIPSIS.len();
        }
        self.cut = true;
        Ok(())
    }
}

/// Reads a map key of any kind as text for an error message ("unknown field `k`"): strings as
/// they are, bytes as `String::from_utf8_lossy` reads them, numbers in decimal; cut to 128
/// bytes.
pub(crate) struct KeyText;

impl<'de> DeserializeSeed<'de> for KeyText {
    type Value = StackText<128>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

macro_rules! display_keys {
    ($($method:ident($ty:ty))*) => {$(
        fn $method<E: de::Error>(self, key: $ty) -> Result<Self::Value, E> {
            Ok(StackText::format(format_args!("{key}")))
        }
    )*};
}

impl<'de> Visitor<'de> for KeyText {
    type Value = StackText<128>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map key")
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Self::Value, E> {
        Ok(StackText::lossy(key))
    }

    display_keys! {
        visit_str(&str) visit_bool(bool) visit_i64(i64) visit_u64(u64) visit_i128(i128)
        visit_u128(u128) visit_f64(f64) visit_char(char)
    }
}
