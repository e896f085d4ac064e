//! Fast serde made easy.
//!
//! **Formatters** serialize `Display` values, iterators and pairs straight into the serializer:
//! no `to_string()`, no intermediate `Vec`, no `String` per element, on every format:
//!
//! | type | serializes | instead of |
//! |---|---|---|
//! | [`DisplayFormatter`] | any `Display` as a string | `value.to_string()` |
//! | [`DisplaySeq`] | the items of an iterable, each through `Display` | `iter.map(to_string).collect::<Vec<_>>()` |
//! | [`SeqFormatter`] | any iterable of `Serialize` items | `iter.collect::<Vec<_>>()` |
//! | [`MapFormatter`] | `(key, value)` pairs as a map | `iter.collect::<HashMap<_, _>>()` |
//! | [`OnceSeq`], [`OnceMap`] | a one-shot (non-`Clone`) iterator | collecting it first |
//! | [`Concat`] | `&str` pieces glued together, without `core::fmt` | `format!("{a}{b}")` |
//! | [`display`] | a field via `Display`/`FromStr` (`#[serde(with = "...")]`) | `String` fields |
//!
//! Most formats implement `Serializer::collect_str` as `serialize_str(&value.to_string())`: one
//! allocation per value, and a panic when `Display` fails. The formatters here assemble the text
//! in a stack buffer and call `serialize_str` once, so they allocate nothing on any format and
//! report a failing `Display` as an error.
//!
//! ```
//! use serde::Serialize;
//! use serde_fastkit::{DisplayFormatter, DisplaySeq};
//!
//! #[derive(Serialize)]
//! struct Report<'a> {
//!     id: DisplayFormatter<&'a u128>,
//!     tags: DisplaySeq<&'a [char]>,
//! }
//!
//! let report = Report { id: DisplayFormatter(&7), tags: DisplaySeq(&['a', 'b']) };
//! assert_eq!(serde_json::to_string(&report).unwrap(), r#"{"id":"7","tags":["a","b"]}"#);
//! ```

#![forbid(unsafe_code)]

mod concat;
mod counted;
pub mod display;
mod display_formatter;
mod display_str;
pub mod flatten;
mod map;
mod seq;
mod str_buf;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

pub use crate::concat::{Concat, StrPieces};
pub use crate::display_formatter::DisplayFormatter;
pub use crate::map::{MapFormatter, OnceMap};
pub use crate::seq::{DisplaySeq, OnceSeq, SeqFormatter};

/// `#[derive(FastFlatten)]`: `Serialize` and `Deserialize` for structs with `#[serde(flatten)]`
/// fields (and the structs flattened into them), without serde's buffering.
#[cfg(feature = "derive")]
pub use fast_flatten_derive::FastFlatten;
