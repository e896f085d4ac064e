//! What a value its type refuses becomes, when it was read before it was known to be wanted
//! ([`IsolatedMap`](super::IsolatedMap)).
//!
//! Ahead of an internally tagged enum's tag the refusal is kept, and reported if the tag
//! chooses the leaf's variant ([`Reported`]). A variant of an untagged enum that refuses a value
//! is only ruled out: serde's derive reports "data did not match any variant", never the
//! variant's own error ([`RuledOut`]). There the type is given [`Unmatched`], an error with
//! nothing to format or allocate, so that what the type reads (a sequence's elements, each a
//! `Result` of the element or its refusal) carries no error of the format's, which may be large.

use core::fmt;

use serde::de;

/// How a refused value's error is made and handed back to the tree.
pub(crate) trait Refusals {
    /// The error the value's type is given, where the format's own error is `F`.
    type Refusal<F: de::Error>: de::Error;

    /// The value's read as the tree's: a refusal as the tree's error, with `refused` set.
    fn as_tree_read<V, F: de::Error>(
        read: Result<V, Self::Refusal<F>>,
        refused: &mut bool,
    ) -> Result<V, F>;
}

/// The type's own error, reported later as it is.
pub(crate) struct Reported;

impl Refusals for Reported {
    type Refusal<F: de::Error> = F;

    #[inline(always)]
    fn as_tree_read<V, F: de::Error>(read: Result<V, F>, refused: &mut bool) -> Result<V, F> {
        // The same `Result` handed on: nothing is rebuilt.
        read.inspect_err(|_| *refused = true)
    }
}

/// [`Unmatched`]: the value rules its variant out, and no one reads why.
pub(crate) struct RuledOut;

impl Refusals for RuledOut {
    type Refusal<F: de::Error> = Unmatched;

    #[inline(always)]
    fn as_tree_read<V, F: de::Error>(
        read: Result<V, Unmatched>,
        refused: &mut bool,
    ) -> Result<V, F> {
        read.map_err(|refusal| {
            *refused = true;
            F::custom(refusal)
        })
    }
}

/// A variant's failure, which serde's untagged enum drops for its own error: nothing to format
/// or allocate.
#[derive(Debug)]
pub(crate) struct Unmatched;

impl fmt::Display for Unmatched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the variant does not match")
    }
}

impl de::StdError for Unmatched {}

impl de::Error for Unmatched {
    #[inline]
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Unmatched
    }
}
