//! `#[serde(with = "serde_fastkit::display")]`: a field written through its `Display` and read
//! back through its `FromStr`.
//!
//! Serializing allocates nothing per value (see [`DisplayFormatter`](crate::DisplayFormatter)).
//! Deserializing parses the borrowed or transient `&str` the format hands over, so no `String`
//! is built for it either; a parse failure becomes a serde error carrying the parse error's
//! message.
//!
//! ```
//! use std::net::IpAddr;
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Peer {
//!     #[serde(with = "serde_fastkit::display")]
//!     addr: IpAddr,
//!     #[serde(with = "serde_fastkit::display")]
//!     weight: u8,
//! }
//!
//! let peer = Peer { addr: "::1".parse().unwrap(), weight: 7 };
//! let json = serde_json::to_string(&peer).unwrap();
//! assert_eq!(json, r#"{"addr":"::1","weight":"7"}"#);
//! assert_eq!(serde_json::from_str::<Peer>(&json).unwrap(), peer);
//!
//! let err = serde_json::from_str::<Peer>(r#"{"addr":"::1","weight":"700"}"#).unwrap_err();
//! assert_eq!(err.to_string(), "number too large to fit in target type at line 1 column 28");
//! ```

use core::fmt::{self, Display};
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::Serializer;

use super::scratch::serialize_display;

/// Serializes `value` as a string through its `Display`, without allocating (see
/// [`DisplayFormatter`](crate::DisplayFormatter)).
#[inline]
pub fn serialize<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: Display + ?Sized,
    S: Serializer,
{
    serialize_display(value, serializer)
}

/// Deserializes a string and parses it with `T::from_str`, without copying it into a `String`.
#[inline]
pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    deserializer.deserialize_str(FromStrVisitor(PhantomData))
}

struct FromStrVisitor<T>(PhantomData<fn() -> T>);

impl<T> Visitor<'_> for FromStrVisitor<T>
where
    T: FromStr,
    T::Err: Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        match core::str::from_utf8(bytes) {
            Ok(text) => self.visit_str(text),
            Err(_) => Err(E::invalid_value(Unexpected::Bytes(bytes), &self)),
        }
    }
}
