//! [`DisplayFormatter`]: any `Display` value serialized as a string, without `to_string()`.

use core::fmt::{self, Display};

use serde::{Serialize, Serializer};

use super::scratch::serialize_display;

/// Serializes any `T: Display` as a string, with no `String` in between.
///
/// The text is built in a buffer the thread keeps for reuse and handed to the format in one
/// `serialize_str` call, so it allocates nothing per value even on the formats whose own
/// `collect_str` allocates a `String` per call (serde_yaml, ciborium, serde_cbor, bincode,
/// bitcode, rmp-serde). The buffer is allocated on a thread's first use and kept up to 4 KiB;
/// longer text allocates each time. A `Display` implementation that returns `Err` becomes a
/// serde error, never a panic.
///
/// `T` may be owned or borrowed: a reference, [`format_args!`], or a closure through
/// [`core::fmt::from_fn`].
///
/// ```
/// use core::fmt;
/// use serde_fastkit::DisplayFormatter;
///
/// let (first, last) = ("Ada", "Lovelace");
/// let json = serde_json::to_string(&DisplayFormatter(format_args!("{first} {last}"))).unwrap();
/// assert_eq!(json, r#""Ada Lovelace""#);
///
/// let addr = std::net::Ipv4Addr::LOCALHOST;
/// assert_eq!(serde_json::to_string(&DisplayFormatter(&addr)).unwrap(), r#""127.0.0.1""#);
///
/// // A closure formatter: `fmt::from_fn` turns a closure into a `Display`.
/// let upper = fmt::from_fn(|f| f.write_str(&first.to_uppercase()));
/// assert_eq!(serde_json::to_string(&DisplayFormatter(upper)).unwrap(), r#""ADA""#);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DisplayFormatter<T>(pub T);

impl<T: Display> Serialize for DisplayFormatter<T> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_display(&self.0, serializer)
    }
}

impl<T: Display> Display for DisplayFormatter<T> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
