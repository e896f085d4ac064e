//! The reference, one chapter per module (documentation only; nothing to import).
//!
//! - [`migrating`]: swapping the derive in a crate, step by step, and the errors met on the way.
//! - [`attributes`]: every `#[serde(...)]` attribute and what the derive does with it, the
//!   `#[fast_flatten(...)]` options, compile errors.
//! - [`drop_in`]: the drop-in rule, every place FastFlatten reads or writes otherwise than
//!   serde's derive and whether `strict` changes it, mixing the two derives, the real crates
//!   the rule is checked on.
//! - [`limits`]: what does not work, and why.
//! - [`formats`]: what FastFlatten writes on formats that drop field names.
//! - [`hand_written`]: joining a flattened tree without the derive.
//! - [`formatters`]: the formatters, and what they do that serde's helpers do not.
//! - [`no_std`]: the configurations without `std`, and what works in each.
//! - [`api`]: every public item, and what semantic versioning covers.

#[doc = include_str!("guide/migrating.md")]
pub mod migrating {}

#[doc = include_str!("guide/attributes.md")]
pub mod attributes {}

#[doc = include_str!("guide/drop_in.md")]
pub mod drop_in {}

#[doc = include_str!("guide/limits.md")]
pub mod limits {}

#[doc = include_str!("guide/formats.md")]
pub mod formats {}

#[doc = include_str!("guide/hand_written.md")]
pub mod hand_written {}

#[doc = include_str!("guide/formatters.md")]
pub mod formatters {}

#[doc = include_str!("guide/no_std.md")]
pub mod no_std {}

#[doc = include_str!("guide/api.md")]
pub mod api {}
