#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

// Inlining: the hot paths here (and the generated methods) are `inline(always)` in builds
// without debug assertions only, plain `inline` otherwise. Forced inlining at -O0 has LLVM's
// always-inliner copy each body into every caller of every monomorphization, for no speed: it
// cost a crate of 40 derived enums 10% of the instructions of its debug build (README,
// "Compile time").

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
