//! How many elements of a sequence a newtype variant of an internally tagged enum may read.
//!
//! Formats that write structs as sequences (bincode, bitcode, postcard) are handed the count
//! of an internally tagged enum's elements before its tag is read: the tag and the longest
//! variant's. A struct variant's count is its tree's leaf count; a newtype variant's is known
//! when its type derives FastFlatten, and otherwise bounded generously. bincode and postcard
//! only count down from the bound, but bitcode builds one decoder per element of it on every
//! message: one `Created` event of the benchmarks' `events` workload takes about 5 000
//! instructions to decode there with its newtype variants' structs counted, 357 000 with the
//! bound.
//!
//! Which of the two a type is is decided where the enum is expanded, by method resolution
//! (autoref specialization): `(&&ElementsOf::<T>::new()).elements()` resolves to
//! [`KnownElements`] when `T: TreeElements`, else to [`UnknownElements`]. A generic variant
//! type resolves to the bound.

use core::marker::PhantomData;

/// The bound for a newtype variant's type that does not derive FastFlatten: formats that count
/// struct elements read at most this many for it.
pub const UNKNOWN_ELEMENTS: usize = 4095;

/// Implemented by the derive for each struct it reads as a tree: its `Deserialize` reads at
/// most `ELEMENTS` elements of a sequence.
pub trait TreeElements {
    /// The tree's leaf count, or [`UNKNOWN_ELEMENTS`] for a tree read as a map.
    const ELEMENTS: usize;
}

/// The type whose element count is asked for.
pub struct ElementsOf<T: ?Sized>(PhantomData<fn() -> T>);

impl<T: ?Sized> Default for ElementsOf<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: ?Sized> ElementsOf<T> {
    /// The question, for `T`.
    #[inline]
    pub const fn new() -> Self {
        ElementsOf(PhantomData)
    }
}

/// The answer for a type deriving FastFlatten (chosen first, through one more reference).
pub trait KnownElements {
    /// `T::ELEMENTS`.
    fn elements(&self) -> usize;
}

impl<T: ?Sized + TreeElements> KnownElements for &ElementsOf<T> {
    #[inline]
    fn elements(&self) -> usize {
        T::ELEMENTS
    }
}

/// The answer for any other type.
pub trait UnknownElements {
    /// [`UNKNOWN_ELEMENTS`].
    fn elements(&self) -> usize;
}

impl<T: ?Sized> UnknownElements for ElementsOf<T> {
    #[inline]
    fn elements(&self) -> usize {
        UNKNOWN_ELEMENTS
    }
}

#[cfg(test)]
mod tests {
    use super::{ElementsOf, KnownElements as _, TreeElements, UnknownElements as _};

    struct Tree;
    impl TreeElements for Tree {
        const ELEMENTS: usize = 3;
    }

    // The two references are the point: they make method resolution try `KnownElements` first.
    #[allow(clippy::needless_borrow)]
    #[test]
    fn a_tree_answers_its_count_and_any_other_type_the_bound() {
        assert_eq!((&&ElementsOf::<Tree>::new()).elements(), 3);
        assert_eq!(
            (&&ElementsOf::<u8>::new()).elements(),
            super::UNKNOWN_ELEMENTS
        );
    }
}
