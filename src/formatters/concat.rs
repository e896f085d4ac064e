//! [`Concat`]: a string made of `&str` pieces, serialized without the `fmt` machinery.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::fmt::{self, Display};

use serde::{Serialize, Serializer};

#[cfg(feature = "alloc")]
use super::scratch::serialize_built;

/// Serializes the concatenation of string pieces as one string, skipping `core::fmt` entirely.
///
/// `format_args!`/`Display` cost a good share of the time of serializing short strings
/// (argument parsing, `Formatter::pad`, one call per piece). When the output is just pieces
/// glued together, `Concat` copies them into a reused buffer and makes one `serialize_str`
/// call: the closest a formatter gets to serializing a pre-built `String`. It also implements
/// `Display`, so it can be used wherever a `Display` is expected.
///
/// The pieces are any [`StrPieces`]: a tuple of up to eight `AsRef<str>` values, an array, a
/// slice or a `Vec` of them.
///
/// ```
/// use serde_fastkit::{Concat, SeqFormatter};
///
/// struct Name { first: String, last: String }
/// let names = [Name { first: "Ada".into(), last: "Lovelace".into() }];
///
/// let full = SeqFormatter(names.iter().map(|n| Concat((&n.first, " ", &n.last))));
/// assert_eq!(serde_json::to_string(&full).unwrap(), r#"["Ada Lovelace"]"#);
/// assert_eq!(Concat(["a", "b", "c"]).to_string(), "abc");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Concat<P>(pub P);

/// String pieces that [`Concat`] glues together, in order.
pub trait StrPieces {
    /// Calls `piece` with each piece in order, stopping at the first `false` it returns.
    /// Returns `false` if it stopped early.
    fn try_for_each_piece<Piece: FnMut(&str) -> bool>(&self, piece: Piece) -> bool;
}

impl<P: StrPieces> Serialize for Concat<P> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[cfg(feature = "alloc")]
        return serialize_built(serializer, |scratch| {
            self.0.try_for_each_piece(|piece| {
                scratch.push_str(piece);
                true
            });
            Ok(())
        });
        #[cfg(not(feature = "alloc"))]
        return serializer.collect_str(self);
    }
}

impl<P: StrPieces> Display for Concat<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut result = Ok(());
        self.0.try_for_each_piece(|piece| {
            result = f.write_str(piece);
            result.is_ok()
        });
        result
    }
}

impl<P: StrPieces + ?Sized> StrPieces for &P {
    #[inline]
    fn try_for_each_piece<Piece: FnMut(&str) -> bool>(&self, piece: Piece) -> bool {
        (**self).try_for_each_piece(piece)
    }
}

impl<S: AsRef<str>> StrPieces for [S] {
    #[inline]
    fn try_for_each_piece<Piece: FnMut(&str) -> bool>(&self, mut piece: Piece) -> bool {
        self.iter().all(|s| piece(s.as_ref()))
    }
}

impl<S: AsRef<str>, const N: usize> StrPieces for [S; N] {
    #[inline]
    fn try_for_each_piece<Piece: FnMut(&str) -> bool>(&self, piece: Piece) -> bool {
        self.as_slice().try_for_each_piece(piece)
    }
}

#[cfg(feature = "alloc")]
impl<S: AsRef<str>> StrPieces for Vec<S> {
    #[inline]
    fn try_for_each_piece<Piece: FnMut(&str) -> bool>(&self, piece: Piece) -> bool {
        self.as_slice().try_for_each_piece(piece)
    }
}

macro_rules! tuple_pieces {
    ($($name:ident)+) => {
        impl<$($name: AsRef<str>),+> StrPieces for ($($name,)+) {
            #[inline]
            #[allow(non_snake_case)]
            fn try_for_each_piece<Piece: FnMut(&str) -> bool>(&self, mut piece: Piece) -> bool {
                let ($($name,)+) = self;
                $(piece($name.as_ref()))&&+
            }
        }
    };
}

tuple_pieces!(A);
tuple_pieces!(A B);
tuple_pieces!(A B C);
tuple_pieces!(A B C D);
tuple_pieces!(A B C D E);
tuple_pieces!(A B C D E F);
tuple_pieces!(A B C D E F G);
tuple_pieces!(A B C D E F G H);
