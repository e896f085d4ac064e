//! `FlattenBoth`: both halves of flattening as one trait, which `#[derive(FastFlatten)]` asks of
//! each flattened field's type, so that a type without them is one error rather than one per
//! trait.

use super::{FlattenFields, FlattenSerialize, NamePart};

/// A type that can be flattened both ways by a type deriving [`FastFlatten`]: it has the
/// flatten traits of writing ([`FlattenSerialize`]) and the names of reading
/// ([`FlattenFields`]). Every type with both has it; there is nothing to implement.
///
/// `#[derive(FastFlatten)]` checks it at each flattened field's type, with the field's names,
/// so that a type derived with neither half (or one) is one error there. Reading also needs
/// [`FlattenDeserialize`](super::FlattenDeserialize), checked apart (it has a lifetime).
///
/// [`FastFlatten`]: crate::FastFlatten
///
/// ```
/// use serde_fastkit::flatten::FlattenBoth;
/// use serde_fastkit::FastFlatten;
///
/// #[derive(FastFlatten)]
/// struct Meta {
///     name: String,
/// }
///
/// fn flattened_both_ways<T: FlattenBoth>() {}
/// flattened_both_ways::<Meta>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened by FastFlatten",
    label = "`{Self}` does not implement both halves of flattening (`FlattenSerialize`, `FlattenFields`)",
    note = "if `{Self}` is a type of this crate: derive `serde_fastkit::FastFlatten` on it (in place of `Serialize, Deserialize`); with `FastDeserialize` alone it cannot be written",
    note = "if it is another crate's or the standard library's, or its `Serialize` or `Deserialize` is written by hand: mark the field `#[fast_flatten(buffered)]` to read and write it as serde does",
    note = "if it is a map of another crate catching the unclaimed keys: enable serde_fastkit's feature `serde_json` (`serde_json::Map`, `Value`), `indexmap_2` or `indexmap_1`, or mark the field `#[fast_flatten(catch_all)]`"
)]
pub trait FlattenBoth {
    #[doc(hidden)]
    /// `FlattenFields::NAME_TREE`, reached through this trait so that the derive's check of
    /// the names is also the check of both traits.
    const NAME_TREE: &'static [NamePart];

    #[doc(hidden)]
    /// `FlattenFields::LEN`, for the length of the parent's `FIELDS`: a constant argument,
    /// which the parent's bounds do not reach, asks it through this trait, so that a type
    /// without it is the same error.
    const LEN: usize;
}

// Not recommended: the compiler reports the missing `FlattenBoth` (this trait's message), not
// each trait this impl asks for.
#[diagnostic::do_not_recommend]
impl<T: FlattenFields + FlattenSerialize> FlattenBoth for T {
    const NAME_TREE: &'static [NamePart] = <T as FlattenFields>::NAME_TREE;
    const LEN: usize = <T as FlattenFields>::LEN;
}
