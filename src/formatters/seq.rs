//! Sequence formatters: [`SeqFormatter`], [`DisplaySeq`] and the one-shot [`OnceSeq`].

use core::cell::Cell;
use core::fmt::Display;
#[cfg(feature = "alloc")]
use core::fmt::Write as _;

use serde::ser::Error as _;
#[cfg(feature = "alloc")]
use serde::ser::SerializeSeq;
use serde::ser::{Serialize, Serializer};

#[cfg(feature = "alloc")]
use super::counted::check_len;
use super::counted::{announced_len, exact_len, serialize_seq};
use super::errors::CONSUMED;
#[cfg(feature = "alloc")]
use super::errors::DISPLAY_ERROR;
#[cfg(feature = "alloc")]
use super::scratch::with_scratch;

/// Serializes the items of any `I: IntoIterator + Clone` as a sequence, with no `Vec` in between.
///
/// Unlike [`Serializer::collect_seq`], the length is always announced: when the iterator's
/// `size_hint` is not exact (after `filter`, `flat_map`, ...), a clone of it is counted first, so
/// length-prefixed formats (bincode, postcard, bitcode) work too.
///
/// ```
/// use core::fmt;
/// use serde_fastkit::{DisplayFormatter, SeqFormatter};
///
/// let scores = [3u8, 14, 15, 92, 65];
/// let big = SeqFormatter(scores.iter().filter(|s| **s > 10));
/// assert_eq!(serde_json::to_string(&big).unwrap(), "[14,15,92,65]");
///
/// // Length-prefixed formats need the length up front: counted from a clone.
/// let bytes = bincode2::serde::encode_to_vec(&big, bincode2::config::standard()).unwrap();
/// assert_eq!(bytes, [4, 14, 15, 92, 65]);
///
/// // Map to any `Serialize` wrapper, e.g. a closure formatter per item.
/// let labels = SeqFormatter(scores.iter().map(|s| DisplayFormatter(fmt::from_fn(move |f| write!(f, "#{s}")))));
/// assert_eq!(serde_json::to_string(&labels).unwrap(), r##"["#3","#14","#15","#92","#65"]"##);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SeqFormatter<I>(pub I);

impl<I> Serialize for SeqFormatter<I>
where
    I: IntoIterator + Clone,
    I::IntoIter: Clone,
    I::Item: Serialize,
{
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let items = self.0.clone().into_iter();
        let len = exact_len(&items);
        serialize_seq(serializer, items, Some(len))
    }
}

/// Serializes the items of `I` as a sequence of strings, each through its `Display`: no `Vec`,
/// no `String` per item.
///
/// Each item is written like [`DisplayFormatter`](crate::DisplayFormatter) writes it (built in one reused buffer, one
/// `serialize_str` call), and the length is announced as [`SeqFormatter`] announces it.
///
/// ```
/// use core::fmt;
/// use serde_fastkit::DisplaySeq;
///
/// struct Name { first: String, last: String }
/// impl fmt::Display for Name {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "{} {}", self.first, self.last)
///     }
/// }
///
/// let names = vec![
///     Name { first: "Ada".into(), last: "Lovelace".into() },
///     Name { first: "Alan".into(), last: "Turing".into() },
/// ];
/// let json = serde_json::to_string(&DisplaySeq(&names)).unwrap();
/// assert_eq!(json, r#"["Ada Lovelace","Alan Turing"]"#);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct DisplaySeq<I>(pub I);

impl<I> Serialize for DisplaySeq<I>
where
    I: IntoIterator + Clone,
    I::IntoIter: Clone,
    I::Item: Display,
{
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let items = self.0.clone().into_iter();
        let len = exact_len(&items);
        // Without a heap, each item goes through the format's `collect_str`.
        #[cfg(not(feature = "alloc"))]
        return serialize_seq(serializer, items.map(crate::DisplayFormatter), Some(len));
        // One scratch buffer for the whole sequence, reused by every item.
        #[cfg(feature = "alloc")]
        with_scratch(|scratch| {
            let mut seq = serializer.serialize_seq(Some(len))?;
            let mut yielded = 0;
            for item in items {
                scratch.clear();
                write!(scratch, "{item}").map_err(|_| S::Error::custom(DISPLAY_ERROR))?;
                seq.serialize_element(scratch.as_str())?;
                yielded += 1;
            }
            check_len::<S::Error>(Some(len), yielded)?;
            seq.end()
        })
    }
}

/// Serializes a one-shot iterator (one that is not `Clone`, e.g. `vec.into_iter().map(..)` over
/// owned values, or a `Drain`) as a sequence.
///
/// `Serialize` takes `&self`, so the iterator is taken out on first use: serializing the same
/// `OnceSeq` a second time returns a serde error (never a panic). Construct it with
/// [`OnceSeq::new`].
///
/// The length is announced only when the iterator's `size_hint` is exact, since a one-shot
/// iterator cannot be counted in advance. With an inexact hint, length-prefixed formats report
/// an error (bincode, postcard) and bitcode panics inside its own serializer; use
/// [`SeqFormatter`] with a `Clone` iterator there.
///
/// ```
/// use serde_fastkit::OnceSeq;
///
/// let owned = vec![String::from("a"), String::from("b")];
/// let seq = OnceSeq::new(owned.into_iter().map(|s| s + "!"));
/// assert_eq!(serde_json::to_string(&seq).unwrap(), r#"["a!","b!"]"#);
/// assert!(serde_json::to_string(&seq).is_err()); // already consumed
/// ```
#[derive(Default)]
pub struct OnceSeq<I>(Cell<Option<I>>);

impl<I> OnceSeq<I> {
    /// Wraps an iterable to be serialized once.
    pub fn new(items: I) -> Self {
        OnceSeq(Cell::new(Some(items)))
    }
}

impl<I> Serialize for OnceSeq<I>
where
    I: IntoIterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let items = self
            .0
            .take()
            .ok_or_else(|| S::Error::custom(CONSUMED))?
            .into_iter();
        let len = announced_len(&items);
        serialize_seq(serializer, items, len)
    }
}
