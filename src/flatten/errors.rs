//! The errors of the flatten runtime that are not serde's own constructors.

use core::fmt;

use serde::de::{Error, Expected, Unexpected};

use super::names::{leaf_names, Direction, NamePart};
use super::FlattenFields;
use crate::stack_text::StackText;

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
    if read_names_are_fields(names) {
        // serde's own constructor where `FIELDS` names every key the tree reads (no aliases,
        // no placeholders): formats that answer it with an error of their own (RON's
        // `NoSuchStructField`) give the same error as under serde's derive.
        return E::unknown_field(key, names.fields);
    }
    E::custom(UnknownField { key, names })
}

/// Calls `f` with each name the tree reads, in order, each once (the variants of a flattened
/// enum may share names). Quadratic and allocation-free: it runs for error messages only.
fn each_read_name_once(names: TreeNames, mut f: impl FnMut(&'static str)) {
    let mut index = 0;
    leaf_names(names.name_tree, Direction::Read, &mut |name| {
        let mut earlier = 0;
        let mut seen_before = false;
        leaf_names(names.name_tree, Direction::Read, &mut |other| {
            seen_before |= earlier < index && other == name;
            earlier += 1;
        });
        index += 1;
        if !seen_before {
            f(name);
        }
    });
}

/// Whether the names the tree reads are exactly its `FIELDS`, in order.
fn read_names_are_fields(names: TreeNames) -> bool {
    let mut fields = names.fields.iter();
    let mut same = true;
    each_read_name_once(names, |name| same &= fields.next() == Some(&name));
    same && fields.next().is_none()
}

/// serde's "invalid type" error for a `u128` a tree was given where it expects a map, worded as
/// `Visitor::visit_u128`'s default words it. The default formats the number inline, so it is
/// compiled once per tree; this is compiled once per error type.
#[cold]
pub(crate) fn invalid_u128<E: Error>(value: u128, expected: &dyn Expected) -> E {
    E::invalid_type(
        Unexpected::Other(
            StackText::<64>::format(format_args!("integer `{value}` as u128")).as_str(),
        ),
        expected,
    )
}

/// [`invalid_u128`] for an `i128`.
#[cold]
pub(crate) fn invalid_i128<E: Error>(value: i128, expected: &dyn Expected) -> E {
    E::invalid_type(
        Unexpected::Other(
            StackText::<64>::format(format_args!("integer `{value}` as i128")).as_str(),
        ),
        expected,
    )
}

/// The error of a catch-all read from a sequence.
#[cold]
pub fn catch_all_in_sequence<E: Error>() -> E {
    E::custom(CATCH_ALL_NEEDS_MAP)
}

/// The error for a field flattened `#[fast_flatten(buffered)]` read from a sequence.
#[cfg(feature = "alloc")]
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
    names: TreeNames,
}

impl fmt::Display for UnknownField<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown field `{}`, ", self.key)?;
        let mut count = 0;
        each_read_name_once(self.names, |_| count += 1);
        if count == 0 {
            return f.write_str("there are no fields");
        }
        let mut index = 0;
        let mut result = Ok(());
        each_read_name_once(self.names, |name| {
            if result.is_err() {
                return;
            }
            result = match (count, index) {
                (1, _) => write!(f, "expected `{name}`"),
                (2, 0) => write!(f, "expected `{name}`"),
                (2, _) => write!(f, " or `{name}`"),
                (_, 0) => write!(f, "expected one of `{name}`"),
                _ => write!(f, ", `{name}`"),
            };
            index += 1;
        });
        result
    }
}
