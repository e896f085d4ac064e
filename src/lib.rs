#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod buffer;
mod enums;
pub mod flatten;
mod formatters;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

pub use crate::formatters::display;
pub use crate::formatters::{
    Concat, DisplayFormatter, DisplaySeq, MapFormatter, OnceMap, OnceSeq, SeqFormatter, StrPieces,
};

/// `#[derive(FastFlatten)]`: `Serialize` and `Deserialize` for structs with `#[serde(flatten)]`
/// fields (and the structs flattened into them), without serde's buffering.
#[cfg(feature = "derive")]
pub use fast_flatten_derive::FastFlatten;
