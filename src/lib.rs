#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod concat;
mod counted;
pub mod display;
mod display_formatter;
pub mod flatten;
mod map;
mod scratch;
mod seq;

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
