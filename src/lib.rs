#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

// Inlining: the hot paths here (and the generated methods) are `inline(always)` in builds
// without debug assertions only, plain `inline` otherwise. Forced inlining at -O0 has LLVM's
// always-inliner copy each body into every caller of every monomorphization, for no speed: it
// cost a crate of 40 derived enums 10% of the instructions of its debug build (README,
// "Compile time").
//
// In release builds the entry chain of a read is forced too: a type's `deserialize`, the
// enum's entry function and visitor, down to the format's own `deserialize_*`. LLVM inlines
// that chain anyway, bottom-up, optimizing each level as a function of its own before inlining
// it into the next and optimizing again; forced, the levels are merged before optimization and
// each monomorphization is optimized once. That took the release build of the 40-enum crate
// from 77.8 G instructions to 71.1 G. Two levels are left to LLVM, since forcing them cost run
// time: a tree's `visit_map` (78 more instructions per plain struct on rmp-serde) and the
// read of a struct variant after the tag (`RestOfMap::tree`).

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
