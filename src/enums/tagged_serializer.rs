//! Writing an internally tagged newtype variant: the wrapped value's own struct or map, with
//! the tag as its first entry, exactly as serde's derive writes it.

use core::fmt;

use serde::ser::{self, Impossible, Serialize, SerializeMap, SerializeStruct, Serializer};

use crate::flatten::variant_body::{TupleAs, VariantBody, Written};

/// Serializes `value` (a struct, map, unit or unit struct) with the entry `tag: variant_name`
/// in front of its own.
#[inline]
pub fn serialize_tagged_newtype<S, T>(
    serializer: S,
    enum_name: &'static str,
    variant_ident: &'static str,
    tag: &'static str,
    variant_name: &'static str,
    value: &T,
) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    T: Serialize + ?Sized,
{
    value.serialize(TaggedSerializer {
        enum_name,
        variant_ident,
        tag,
        variant_name,
        delegate: serializer,
        whole: value,
    })
}

struct TaggedSerializer<'a, S, W: ?Sized> {
    enum_name: &'static str,
    variant_ident: &'static str,
    tag: &'static str,
    variant_name: &'static str,
    delegate: S,
    /// The wrapped value, written again for the fields of a tuple or struct variant it holds
    /// (`crate::flatten::variant_body`).
    whole: &'a W,
}

impl<S: Serializer, W: Serialize + ?Sized> TaggedSerializer<'_, S, W> {
    /// serde's error for a value that has no entries to put the tag beside.
    #[cold]
    fn bad_type(self, what: &'static str) -> S::Error {
        ser::Error::custom(format_args!(
            "cannot serialize tagged newtype variant {}::{} containing {what}",
            self.enum_name, self.variant_ident
        ))
    }

    fn tag_only(self) -> Result<S::Ok, S::Error> {
        let mut map = self.delegate.serialize_map(Some(1))?;
        map.serialize_entry(self.tag, self.variant_name)?;
        map.end()
    }

    /// `{tag: name, variant: fields}` for a tuple or struct variant the value holds: serde
    /// buffers the fields and writes them as a tuple struct or struct named like the variant.
    fn tag_and_variant(
        self,
        inner_variant: &'static str,
    ) -> Result<Written<S::Ok, S::Error>, S::Error> {
        let mut map = self.delegate.serialize_map(Some(2))?;
        map.serialize_entry(self.tag, self.variant_name)?;
        map.serialize_entry(
            inner_variant,
            &VariantBody::new(self.whole, TupleAs::TupleStruct),
        )?;
        map.end().map(Written::new)
    }
}

macro_rules! unsupported {
    ($($method:ident($($arg:ty),*) -> $ret:ty: $what:literal;)*) => {
        $(
            fn $method(self, $(_: $arg),*) -> Result<$ret, S::Error> {
                Err(self.bad_type($what))
            }
        )*
    };
}

impl<S: Serializer, W: Serialize + ?Sized> Serializer for TaggedSerializer<'_, S, W> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Impossible<S::Ok, S::Error>;
    type SerializeTuple = Impossible<S::Ok, S::Error>;
    type SerializeTupleStruct = Impossible<S::Ok, S::Error>;
    type SerializeTupleVariant = Written<S::Ok, S::Error>;
    type SerializeMap = S::SerializeMap;
    type SerializeStruct = S::SerializeStruct;
    type SerializeStructVariant = Written<S::Ok, S::Error>;

    unsupported! {
        serialize_bool(bool) -> S::Ok: "a boolean";
        serialize_i8(i8) -> S::Ok: "an integer";
        serialize_i16(i16) -> S::Ok: "an integer";
        serialize_i32(i32) -> S::Ok: "an integer";
        serialize_i64(i64) -> S::Ok: "an integer";
        serialize_u8(u8) -> S::Ok: "an integer";
        serialize_u16(u16) -> S::Ok: "an integer";
        serialize_u32(u32) -> S::Ok: "an integer";
        serialize_u64(u64) -> S::Ok: "an integer";
        serialize_f32(f32) -> S::Ok: "a float";
        serialize_f64(f64) -> S::Ok: "a float";
        serialize_char(char) -> S::Ok: "a char";
        serialize_str(&str) -> S::Ok: "a string";
        serialize_bytes(&[u8]) -> S::Ok: "a byte array";
        serialize_none() -> S::Ok: "an optional";
        serialize_seq(Option<usize>) -> Self::SerializeSeq: "a sequence";
        serialize_tuple(usize) -> Self::SerializeTuple: "a tuple";
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct: "a tuple struct";
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        inner_variant: &'static str,
        _: usize,
    ) -> Result<Written<S::Ok, S::Error>, S::Error> {
        self.tag_and_variant(inner_variant)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        inner_variant: &'static str,
        _: usize,
    ) -> Result<Written<S::Ok, S::Error>, S::Error> {
        self.tag_and_variant(inner_variant)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<S::Ok, S::Error> {
        Err(self.bad_type("an optional"))
    }

    fn serialize_unit(self) -> Result<S::Ok, S::Error> {
        self.tag_only()
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<S::Ok, S::Error> {
        self.tag_only()
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        inner_variant: &'static str,
    ) -> Result<S::Ok, S::Error> {
        let mut map = self.delegate.serialize_map(Some(2))?;
        map.serialize_entry(self.tag, self.variant_name)?;
        map.serialize_entry(inner_variant, &())?;
        map.end()
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        inner_variant: &'static str,
        inner_value: &T,
    ) -> Result<S::Ok, S::Error> {
        let mut map = self.delegate.serialize_map(Some(2))?;
        map.serialize_entry(self.tag, self.variant_name)?;
        map.serialize_entry(inner_variant, inner_value)?;
        map.end()
    }

    fn serialize_map(self, len: Option<usize>) -> Result<S::SerializeMap, S::Error> {
        let mut map = self.delegate.serialize_map(len.map(|len| len + 1))?;
        map.serialize_entry(self.tag, self.variant_name)?;
        Ok(map)
    }

    #[inline]
    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<S::SerializeStruct, S::Error> {
        let mut state = self.delegate.serialize_struct(name, len + 1)?;
        state.serialize_field(self.tag, self.variant_name)?;
        Ok(state)
    }

    fn collect_str<T: fmt::Display + ?Sized>(self, _: &T) -> Result<S::Ok, S::Error> {
        Err(self.bad_type("a string"))
    }

    fn is_human_readable(&self) -> bool {
        self.delegate.is_human_readable()
    }
}
