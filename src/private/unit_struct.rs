//! A unit struct's `Deserialize`, as serde's derive writes it: `deserialize_unit_struct`, and a
//! visitor that accepts a unit and nothing else.

use core::fmt;

use serde::de::{Deserializer, Visitor};

use crate::flatten::for_derive::Expecting;

/// Reads the unit struct `name` ("unit struct {name}", or `#[serde(expecting)]`'s text, in the
/// error for anything but a unit).
#[inline]
pub fn deserialize_unit_struct<'de, D: Deserializer<'de>>(
    deserializer: D,
    name: &'static str,
    expecting: Expecting,
) -> Result<(), D::Error> {
    deserializer.deserialize_unit_struct(name, UnitStructVisitor(expecting))
}

struct UnitStructVisitor(Expecting);

impl Visitor<'_> for UnitStructVisitor {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
}
