//! The formatter half: `Display` values, iterators and pairs serialized straight into the
//! serializer, with no `to_string()`, no intermediate `Vec` and no `String` per element.
//!
//! | file | what |
//! |---|---|
//! | `display_formatter.rs`, `seq.rs`, `map.rs`, `concat.rs` | the wrapper types |
//! | `display.rs` | the `#[serde(with = "serde_fastkit::display")]` module |
//! | `scratch.rs` | the one text-building strategy: a `String` the thread keeps for reuse |
//! | `counted.rs` | the length rule: count a clone when `size_hint` is not exact, check while writing |
//! | `errors.rs` | every error text the formatters report |

mod concat;
mod counted;
pub mod display;
mod display_formatter;
mod errors;
mod map;
mod scratch;
mod seq;

pub use self::concat::{Concat, StrPieces};
pub use self::display_formatter::DisplayFormatter;
pub use self::map::{MapFormatter, OnceMap};
pub use self::seq::{DisplaySeq, OnceSeq, SeqFormatter};
