//! Reading a flattened tree's leaves in order from a sequence.

use core::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, SeqAccess};

/// A sequence being read as the leaves of one flattened tree, in slot order.
///
/// Counts the elements read so that a short sequence gets serde's error for structs read from
/// sequences: "invalid length 3, expected struct A with 6 elements".
pub struct SeqLeaves<'a, A> {
    seq: &'a mut A,
    read: usize,
    name: &'static str,
    len: usize,
}

impl<'a, 'de, A: SeqAccess<'de>> SeqLeaves<'a, A> {
    /// Wraps `seq`, which should hold the `len` leaves of the struct `name`.
    #[inline]
    pub(crate) fn new(seq: &'a mut A, name: &'static str, len: usize) -> Self {
        SeqLeaves {
            seq,
            read: 0,
            name,
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
        invalid_length(self.read - 1, self.name, self.len)
    }
}

#[cold]
#[inline(never)]
fn invalid_length<E: de::Error>(read: usize, name: &'static str, len: usize) -> E {
    E::invalid_length(read, &ExpectedLeaves { name, len })
}

/// serde's expectation for a struct read from a sequence: "struct A with 6 elements".
struct ExpectedLeaves {
    name: &'static str,
    len: usize,
}

impl de::Expected for ExpectedLeaves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {} with {} elements", self.name, self.len)
    }
}
