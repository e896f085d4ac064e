//! What a value its type refuses becomes, when it was read before it was known to be wanted
//! ([`IsolatedMap`](super::IsolatedMap)).
//!
//! Ahead of an internally tagged enum's tag the refusal is kept, and reported if the tag
//! chooses the leaf's variant ([`Reported`]). A variant of an untagged enum that refuses a value
//! is only ruled out: serde's derive reports "data did not match any variant", never the
//! variant's own error ([`RuledOut`]). There the type is given [`Unmatched`], an error with
//! nothing to format or allocate, so that what the type reads (a sequence's elements, each a
//! `Result` of the element or its refusal) carries no error of the format's, which may be large.
//! Either way the tree reading the value sees the refusal, and the format's errors, boxed
//! ([`Boxed`]), so that the `Result` of each value it reads is the value's size.

use alloc::boxed::Box;
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
    ) -> Result<V, Boxed<F>>;
}

/// The type's own error, reported later as it is. The type is given the format's error, not a
/// [`Boxed`] one: a type read ahead may read a map ahead in turn (an enum of its own type, a
/// level down), and what it is given there would be boxed once more, without end.
pub(crate) struct Reported;

impl Refusals for Reported {
    type Refusal<F: de::Error> = F;

    #[inline(always)]
    fn as_tree_read<V, F: de::Error>(
        read: Result<V, F>,
        refused: &mut bool,
    ) -> Result<V, Boxed<F>> {
        read.map_err(|refusal| {
            *refused = true;
            Boxed::new(refusal)
        })
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
    ) -> Result<V, Boxed<F>> {
        read.map_err(|refusal| {
            *refused = true;
            Boxed::new(F::custom(refusal))
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

/// The format's error `F`, boxed: the error of the map a tree reads isolated values from
/// ([`IsolatedMap`](super::IsolatedMap)). The format's own may be large, with its payload at an
/// odd offset (rmp-serde's); a `Result` of it and the value was moved apart and put back
/// together in pieces, and reading the value back stalled on those stores. A box is one
/// pointer that is never null: a `Result` of it and a `String` is the `String`'s size.
/// Built only when a value fails; every method forwards to `F`'s, so the message is `F`'s.
#[derive(Debug)]
pub(crate) struct Boxed<F>(Box<F>);

impl<F> Boxed<F> {
    /// `error`, boxed.
    #[cold]
    pub(crate) fn new(error: F) -> Self {
        Boxed(Box::new(error))
    }

    /// The error unboxed.
    #[inline]
    pub(crate) fn into_inner(self) -> F {
        *self.0
    }
}

impl<F: fmt::Display> fmt::Display for Boxed<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<F: de::Error> de::StdError for Boxed<F> {}

impl<F: de::Error> de::Error for Boxed<F> {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self::new(F::custom(msg))
    }

    #[cold]
    fn invalid_type(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        Self::new(F::invalid_type(unexp, exp))
    }

    #[cold]
    fn invalid_value(unexp: de::Unexpected<'_>, exp: &dyn de::Expected) -> Self {
        Self::new(F::invalid_value(unexp, exp))
    }

    #[cold]
    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Self {
        Self::new(F::invalid_length(len, exp))
    }

    #[cold]
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        Self::new(F::unknown_variant(variant, expected))
    }

    #[cold]
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Self::new(F::unknown_field(field, expected))
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        Self::new(F::missing_field(field))
    }

    #[cold]
    fn duplicate_field(field: &'static str) -> Self {
        Self::new(F::duplicate_field(field))
    }
}
