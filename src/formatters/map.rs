//! Map formatters: [`MapFormatter`] and the one-shot [`OnceMap`].

use core::cell::Cell;

use serde::ser::{Error as _, Serialize, Serializer};

use super::counted::{announced_len, exact_len, serialize_map};
use super::errors::CONSUMED;

/// Serializes `(key, value)` pairs from any `I: IntoIterator + Clone` as a map, with no
/// intermediate `HashMap`/`BTreeMap`.
///
/// The length is announced as [`SeqFormatter`](crate::SeqFormatter) announces it: from an
/// exact `size_hint`, or by counting a clone.
///
/// ```
/// use serde_fastkit::{DisplayFormatter, MapFormatter};
///
/// let ports = [("http", 80), ("https", 443), ("gopher", 70)];
/// let open = MapFormatter(ports.iter().filter(|(_, p)| *p != 70).map(|(k, p)| (k, DisplayFormatter(p))));
/// assert_eq!(serde_json::to_string(&open).unwrap(), r#"{"http":"80","https":"443"}"#);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct MapFormatter<I>(pub I);

impl<I, K, V> Serialize for MapFormatter<I>
where
    I: IntoIterator<Item = (K, V)> + Clone,
    I::IntoIter: Clone,
    K: Serialize,
    V: Serialize,
{
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let entries = self.0.clone().into_iter();
        let len = exact_len(&entries);
        serialize_map(serializer, entries, Some(len))
    }
}

/// Serializes a one-shot iterator of `(key, value)` pairs as a map; the map twin of
/// [`OnceSeq`](crate::OnceSeq), with the same rules for a second use and for the length.
///
/// ```
/// use serde_fastkit::OnceMap;
///
/// let map = OnceMap::new(vec![(1, "one".to_string())].into_iter());
/// assert_eq!(serde_json::to_string(&map).unwrap(), r#"{"1":"one"}"#);
/// assert!(serde_json::to_string(&map).is_err());
/// ```
#[derive(Default)]
pub struct OnceMap<I>(Cell<Option<I>>);

impl<I> OnceMap<I> {
    /// Wraps an iterable of pairs to be serialized once.
    pub fn new(entries: I) -> Self {
        OnceMap(Cell::new(Some(entries)))
    }
}

impl<I, K, V> Serialize for OnceMap<I>
where
    I: IntoIterator<Item = (K, V)>,
    K: Serialize,
    V: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let entries = self
            .0
            .take()
            .ok_or_else(|| S::Error::custom(CONSUMED))?
            .into_iter();
        let len = announced_len(&entries);
        serialize_map(serializer, entries, len)
    }
}
