//! Writing a value that is not a tree (any `Serialize`) as leaves of the enclosing struct: its
//! fields or map entries become the struct's, as serde's flatten writes them. A flattened
//! untagged enum writes its newtype variants this way.
//!
//! The enclosing struct needs its field count before the first field, so the value is first
//! written into a counting sink ([`flat_len`]), then for real ([`serialize_flat`]).
//!
//! A tuple or struct variant is written as one entry, the variant's name, whose value is the
//! variant's fields. serde holds those fields in its buffer until the variant ends; here nothing
//! is held: the entry's value writes the whole flattened value again through [`VariantBody`],
//! which turns the variant into a plain struct or sequence, and the fields the first pass is
//! handed are dropped unread ([`Written`]); see `variant_body.rs`.

use core::fmt;

use serde::ser::{self, Impossible, Serialize, SerializeMap, SerializeStruct, Serializer};

use super::variant_body::{TupleAs, VariantBody, Written};
use super::FieldSink;

/// How many leaves `value` writes when flattened.
#[inline]
pub fn flat_len<T: Serialize + ?Sized>(value: &T) -> usize {
    let mut count = Count(0);
    // A value that cannot be flattened fails again, with its error, when it is written.
    let _ = value.serialize(FlatSerializer {
        out: &mut count,
        whole: value,
    });
    count.0
}

/// Writes `value`'s fields or entries into `out`.
#[inline]
pub fn serialize_flat<T: Serialize + ?Sized, S: FieldSink>(
    value: &T,
    out: &mut S,
) -> Result<(), S::Error> {
    value.serialize(FlatSerializer { out, whole: value })
}

/// Counts what a value writes.
struct Count(usize);

/// The error of the counting pass (never shown: the real pass reports it).
#[derive(Debug)]
struct Uncounted;

impl fmt::Display for Uncounted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not flattened")
    }
}

impl serde::ser::StdError for Uncounted {}

impl ser::Error for Uncounted {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Uncounted
    }
}

impl FieldSink for Count {
    type Error = Uncounted;

    fn field<T: Serialize + ?Sized>(
        &mut self,
        _key: &'static str,
        _value: &T,
    ) -> Result<(), Uncounted> {
        self.0 += 1;
        Ok(())
    }

    fn skip_field(&mut self, _key: &'static str) -> Result<(), Uncounted> {
        Ok(())
    }

    fn entry<K, V>(&mut self, _key: &K, _value: &V) -> Result<(), Uncounted>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        self.0 += 1;
        Ok(())
    }
}

/// serde's error for a value that has no fields to flatten.
#[cold]
fn cannot_flatten<E: ser::Error>(what: &str) -> E {
    E::custom(format_args!(
        "can only flatten structs and maps (got {what})"
    ))
}

/// Writes a flattened value's fields or entries into `out`; `whole` is the value being written
/// (for a variant's fields, written again as the value of the variant's entry).
struct FlatSerializer<'a, S, W: ?Sized> {
    out: &'a mut S,
    whole: &'a W,
}

macro_rules! refuse {
    ($($method:ident($($arg:ty),*) -> $ret:ty: $what:literal;)*) => {
        $(
            fn $method(self, $(_: $arg),*) -> Result<$ret, S::Error> {
                Err(cannot_flatten($what))
            }
        )*
    };
}

impl<'a, S: FieldSink, W: Serialize + ?Sized> Serializer for FlatSerializer<'a, S, W> {
    type Ok = ();
    type Error = S::Error;
    type SerializeSeq = Impossible<(), S::Error>;
    type SerializeTuple = Impossible<(), S::Error>;
    type SerializeTupleStruct = Impossible<(), S::Error>;
    type SerializeTupleVariant = Written<(), S::Error>;
    type SerializeMap = FlatMap<'a, S>;
    type SerializeStruct = FlatStruct<'a, S>;
    type SerializeStructVariant = Written<(), S::Error>;

    refuse! {
        serialize_bool(bool) -> (): "a boolean";
        serialize_i8(i8) -> (): "an integer";
        serialize_i16(i16) -> (): "an integer";
        serialize_i32(i32) -> (): "an integer";
        serialize_i64(i64) -> (): "an integer";
        serialize_i128(i128) -> (): "an integer";
        serialize_u8(u8) -> (): "an integer";
        serialize_u16(u16) -> (): "an integer";
        serialize_u32(u32) -> (): "an integer";
        serialize_u64(u64) -> (): "an integer";
        serialize_u128(u128) -> (): "an integer";
        serialize_f32(f32) -> (): "a float";
        serialize_f64(f64) -> (): "a float";
        serialize_char(char) -> (): "a char";
        serialize_str(&str) -> (): "a string";
        serialize_bytes(&[u8]) -> (): "a byte array";
        serialize_seq(Option<usize>) -> Self::SerializeSeq: "a sequence";
        serialize_tuple(usize) -> Self::SerializeTuple: "a tuple";
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct: "a tuple struct";
    }

    fn collect_str<T: core::fmt::Display + ?Sized>(self, _: &T) -> Result<(), S::Error> {
        Err(cannot_flatten("a string"))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Written<(), S::Error>, S::Error> {
        self.out
            .field(variant, &VariantBody::new(self.whole, TupleAs::Seq))?;
        Ok(Written::new(()))
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Written<(), S::Error>, S::Error> {
        self.out
            .field(variant, &VariantBody::new(self.whole, TupleAs::Seq))?;
        Ok(Written::new(()))
    }

    fn serialize_none(self) -> Result<(), S::Error> {
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), S::Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), S::Error> {
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), S::Error> {
        Ok(())
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), S::Error> {
        self.out.field(variant, &())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.out.field(variant, value)
    }

    fn serialize_map(self, _: Option<usize>) -> Result<FlatMap<'a, S>, S::Error> {
        Ok(FlatMap(self.out))
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<FlatStruct<'a, S>, S::Error> {
        Ok(FlatStruct(self.out))
    }
}

/// A flattened struct's fields, written as the enclosing struct's.
struct FlatStruct<'a, S>(&'a mut S);

impl<S: FieldSink> SerializeStruct for FlatStruct<'_, S> {
    type Ok = ();
    type Error = S::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.0.field(key, value)
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.0.skip_field(key)
    }

    fn end(self) -> Result<(), S::Error> {
        Ok(())
    }
}

/// A flattened map's entries, written as the enclosing map's.
struct FlatMap<'a, S>(&'a mut S);

impl<S: FieldSink> SerializeMap for FlatMap<'_, S> {
    type Ok = ();
    type Error = S::Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, _key: &T) -> Result<(), S::Error> {
        // Keys and values come together through `serialize_entry` (what `collect_map`, and so
        // every map of std and serde_json, calls); a key alone would need holding.
        Err(ser::Error::custom(
            "serde_fastkit: a flattened map must write its entries with serialize_entry",
        ))
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, _value: &T) -> Result<(), S::Error> {
        Err(ser::Error::custom(
            "serde_fastkit: a flattened map must write its entries with serialize_entry",
        ))
    }

    fn serialize_entry<K, V>(&mut self, key: &K, value: &V) -> Result<(), S::Error>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        self.0.entry(key, value)
    }

    fn end(self) -> Result<(), S::Error> {
        Ok(())
    }
}
