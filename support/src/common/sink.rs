//! The deserialize side's sink: a sequence read element by element, each element handed to
//! `black_box` and dropped, rather than pushed into a `Vec`. What the benches and the report time
//! when they read a batch: the `Vec`'s growth would add the same allocations and copies to every
//! implementation and blur the ratios.

use std::fmt;
use std::hint::black_box;
use std::marker::PhantomData;

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// A sequence of `T` read and dropped; `len` counts the elements.
pub struct Sink<T> {
    pub len: usize,
    element: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Sink<T> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(SinkVisitor(PhantomData))
    }
}

/// The visitor of [`Sink`].
struct SinkVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for SinkVisitor<T> {
    type Value = Sink<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Sink<T>, A::Error> {
        let mut len = 0;
        while let Some(element) = seq.next_element::<T>()? {
            black_box(element);
            len += 1;
        }
        Ok(Sink {
            len,
            element: PhantomData,
        })
    }
}
