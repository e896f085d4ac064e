//! The errors of the flatten runtime that are not serde's own constructors.

use alloc::{format, vec::Vec};
use serde::de::{Error, Expected, Unexpected};

use super::names::{leaf_names, Direction, NamePart};
use super::FlattenFields;

/// The name a generic child's leaves stand under in `FIELDS` (see
/// [`unnamed_fields`](super::field_list::unnamed_fields)).
pub(crate) const UNNAMED_FIELD: &str = "<flattened field>";

/// The error for a catch-all read from a sequence (formats that write structs as tuples).
const CATCH_ALL_NEEDS_MAP: &str =
    "a flattened catch-all map needs a self-describing format (the tree is written as a map)";

/// serde's "unknown field" error for `key` in the tree `T`.
///
/// Lists every name a leaf is read under, aliases included, as serde's derive does (its
/// `FIELDS` holds them; ours holds one name per leaf, as formats that read structs as
/// sequences count them): from `T::NAME_TREE`, which a generic tree has too.
#[inline]
pub(crate) fn unknown_field<T: FlattenFields + ?Sized, E: Error>(key: &str) -> E {
    unknown_field_of(key, TreeNames::of::<T>())
}

/// What an "unknown field" error names: a tree's `FIELDS` and `NAME_TREE`, as values, so that
/// the functions that report it are compiled once per error type rather than once per tree.
#[derive(Clone, Copy)]
pub(crate) struct TreeNames {
    fields: &'static [&'static str],
    name_tree: &'static [NamePart],
}

impl TreeNames {
    #[inline(always)]
    pub(crate) fn of<T: FlattenFields + ?Sized>() -> Self {
        TreeNames {
            fields: T::FIELDS,
            name_tree: T::NAME_TREE,
        }
    }
}

/// [`unknown_field`], for the tree named by `names`.
#[cold]
pub(crate) fn unknown_field_of<E: Error>(key: &str, names: TreeNames) -> E {
    let mut read = Vec::new();
    leaf_names(names.name_tree, Direction::Read, &mut read);
    // The variants of a flattened enum may share names: list each once.
    let mut seen = alloc::collections::BTreeSet::new();
    read.retain(|name| seen.insert(*name));
    if read == names.fields {
        // serde's own constructor where `FIELDS` names every key the tree reads (no aliases,
        // no placeholders): formats that answer it with an error of their own (RON's
        // `NoSuchStructField`) give the same error as under serde's derive.
        return E::unknown_field(key, names.fields);
    }
    E::custom(UnknownField { key, names: &read })
}

/// serde's "invalid type" error for a `u128` a tree was given where it expects a map, worded as
/// `Visitor::visit_u128`'s default words it. The default formats the number inline, so it is
/// compiled once per tree; this is compiled once per error type.
#[cold]
pub(crate) fn invalid_u128<E: Error>(value: u128, expected: &dyn Expected) -> E {
    E::invalid_type(
        Unexpected::Other(&format!("integer `{value}` as u128")),
        expected,
    )
}

/// [`invalid_u128`] for an `i128`.
#[cold]
pub(crate) fn invalid_i128<E: Error>(value: i128, expected: &dyn Expected) -> E {
    E::invalid_type(
        Unexpected::Other(&format!("integer `{value}` as i128")),
        expected,
    )
}

/// The error of a catch-all read from a sequence.
#[cold]
pub fn catch_all_in_sequence<E: Error>() -> E {
    E::custom(CATCH_ALL_NEEDS_MAP)
}

/// The error for a field flattened `#[fast_flatten(buffered)]` read from a sequence.
#[cold]
pub fn buffered_in_sequence<E: Error>() -> E {
    E::custom(
        "a flattened field read as serde reads it (`#[fast_flatten(buffered)]`) needs a \
         self-describing format (the tree is written as a map)",
    )
}

/// The error for a slot past the end of a tree. Slots come from `FlattenFields::slot_of` and are
/// always in range for derived types; a hand-written `slot_of` that returns a larger one gets
/// this error rather than a panic.
#[cold]
pub fn slot_out_of_range<E: Error>() -> E {
    E::custom("serde_fastkit: FlattenFields::slot_of returned a slot past the end of the tree")
}

/// serde's wording: "unknown field `k`, expected `a`", "... expected `a` or `b`",
/// "... expected one of `a`, `b`, `c`", "... there are no fields".
struct UnknownField<'a> {
    key: &'a str,
    names: &'a [&'static str],
}

impl core::fmt::Display for UnknownField<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "unknown field `{}`, ", self.key)?;
        match self.names {
            [] => f.write_str("there are no fields"),
            [one] => write!(f, "expected `{one}`"),
            [a, b] => write!(f, "expected `{a}` or `{b}`"),
            [first, rest @ ..] => {
                write!(f, "expected one of `{first}`")?;
                rest.iter().try_for_each(|name| write!(f, ", `{name}`"))
            }
        }
    }
}
