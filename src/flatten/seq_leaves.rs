//! Reading a flattened tree's leaves in order from a sequence.

use serde::de::{self, Deserialize, DeserializeSeed, SeqAccess};

use super::visitor::Expecting;

/// A sequence being read as the leaves of one flattened tree, in slot order.
///
/// Counts the elements read so that a short sequence gets serde's error for structs read from
/// sequences: "invalid length 3, expected struct A with 6 elements".
pub struct SeqLeaves<'a, A> {
    seq: &'a mut A,
    read: usize,
    expecting: Expecting,
    len: usize,
}

impl<'a, 'de, A: SeqAccess<'de>> SeqLeaves<'a, A> {
    /// Wraps `seq`, which should hold the `len` leaves of what `expecting` names.
    #[inline]
    pub(crate) fn new(seq: &'a mut A, expecting: Expecting, len: usize) -> Self {
        SeqLeaves {
            seq,
            read: 0,
            expecting,
            len,
        }
    }

    /// The next leaf, or `None` if the sequence has ended.
    #[inline]
    pub fn next_leaf<T: Deserialize<'de>>(&mut self) -> Result<Option<T>, A::Error> {
        let value = self.seq.next_element()?;
        self.read += 1;
        Ok(value)
    }

    /// The next leaf through `seed` (for `deserialize_with` fields), or `None` at the end.
    #[inline]
    pub fn next_leaf_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        let value = self.seq.next_element_seed(seed)?;
        self.read += 1;
        Ok(value)
    }

    /// The next leaf, or serde's "invalid length" error if the sequence has ended.
    #[inline]
    pub fn required_leaf<T: Deserialize<'de>>(&mut self) -> Result<T, A::Error> {
        match self.next_leaf()? {
            Some(value) => Ok(value),
            None => Err(self.invalid_length()),
        }
    }

    /// serde's "invalid length" error for a sequence that ended before the leaf just asked for.
    #[inline]
    pub fn invalid_length<E: de::Error>(&self) -> E {
        // The fields are passed by value to an out-of-line function: taking `&self` there
        // would force the reader into memory on the hot path (measured: 1.3x on bincode 2).
        invalid_length(self.read - 1, self.expecting, self.len)
    }
}

#[cold]
#[inline(never)]
fn invalid_length<E: de::Error>(read: usize, expecting: Expecting, len: usize) -> E {
    E::invalid_length(read, &ExpectedLeaves { expecting, len })
}

/// serde's expectation for a struct read from a sequence: "struct A with 6 elements".
struct ExpectedLeaves {
    expecting: Expecting,
    len: usize,
}

impl de::Expected for ExpectedLeaves {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.expecting.with_len(self.len), f)
    }
}

/// A string read and ignored: the tag a struct with `#[serde(tag = "...")]` writes first.
pub struct IgnoredStr;

impl<'de> DeserializeSeed<'de> for IgnoredStr {
    type Value = ();

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_str(de::IgnoredAny).map(drop)
    }
}
