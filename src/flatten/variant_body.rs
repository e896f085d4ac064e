//! Writing a tuple or struct variant held inside a value that is being written as something
//! else (the leaves of a flattened struct, the entries of an internally tagged newtype
//! variant), without holding its fields.
//!
//! serde's derive buffers such a variant's fields into its private serializer-side `Content`
//! and writes them when the variant ends, as the value of an entry named like the variant. Here
//! the entry's value is the whole outer value written a second time through [`VariantBody`],
//! which turns the variant into a plain struct or sequence; the fields the first pass is handed
//! are dropped unread ([`Written`]). `Serialize` of a value is deterministic, so the second
//! pass meets the same variant; if it does not, that is an error, not a panic.

use core::marker::PhantomData;

use serde::ser::{
    self, Impossible, Serialize, SerializeSeq, SerializeStruct, SerializeStructVariant,
    SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

/// How a tuple variant's fields are written: serde's flatten writes a sequence
/// (`Content::Seq`); an internally tagged newtype variant, a tuple struct named like the
/// variant (`Content::TupleStruct`).
#[derive(Clone, Copy)]
pub(crate) enum TupleAs {
    Seq,
    TupleStruct,
}

/// The fields of the variant a value holds, as the value of the variant's entry: the whole
/// value written again, its variant turned into a struct (named like the variant) or a tuple.
pub(crate) struct VariantBody<'a, W: ?Sized> {
    whole: &'a W,
    tuple_as: TupleAs,
}

impl<'a, W: ?Sized> VariantBody<'a, W> {
    pub(crate) fn new(whole: &'a W, tuple_as: TupleAs) -> Self {
        VariantBody { whole, tuple_as }
    }
}

impl<W: Serialize + ?Sized> Serialize for VariantBody<'_, W> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.whole.serialize(BodySerializer {
            delegate: serializer,
            tuple_as: self.tuple_as,
        })
    }
}

/// What a variant's first pass returns: the result of the entry already written, its fields
/// dropped.
pub(crate) struct Written<Ok, E> {
    ok: Ok,
    error: PhantomData<E>,
}

impl<Ok, E> Written<Ok, E> {
    pub(crate) fn new(ok: Ok) -> Self {
        Written {
            ok,
            error: PhantomData,
        }
    }
}

impl<Ok, E: ser::Error> SerializeTupleVariant for Written<Ok, E> {
    type Ok = Ok;
    type Error = E;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &T) -> Result<(), E> {
        Ok(())
    }

    fn end(self) -> Result<Ok, E> {
        Ok(self.ok)
    }
}

impl<Ok, E: ser::Error> SerializeStructVariant for Written<Ok, E> {
    type Ok = Ok;
    type Error = E;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, _: &T) -> Result<(), E> {
        Ok(())
    }

    fn end(self) -> Result<Ok, E> {
        Ok(self.ok)
    }
}

/// Writes a value's struct or tuple variant as a struct or tuple; looks through `Some` and
/// newtype structs, as the first pass does. The value wrote a variant on the first pass, so it
/// writes the same variant here; anything else is an error, not a panic.
struct BodySerializer<S> {
    delegate: S,
    tuple_as: TupleAs,
}

#[cold]
fn different_shape<E: ser::Error>() -> E {
    ser::Error::custom("serde_fastkit: a value wrote a different shape on its second pass")
}

macro_rules! not_a_variant {
    ($($method:ident($($arg:ty),*) -> $ret:ty;)*) => {
        $(
            fn $method(self, $(_: $arg),*) -> Result<$ret, S::Error> {
                Err(different_shape())
            }
        )*
    };
}

impl<S: Serializer> Serializer for BodySerializer<S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Impossible<S::Ok, S::Error>;
    type SerializeTuple = Impossible<S::Ok, S::Error>;
    type SerializeTupleStruct = Impossible<S::Ok, S::Error>;
    type SerializeTupleVariant = TupleBody<S::SerializeSeq, S::SerializeTupleStruct>;
    type SerializeMap = Impossible<S::Ok, S::Error>;
    type SerializeStruct = Impossible<S::Ok, S::Error>;
    type SerializeStructVariant = StructBody<S::SerializeStruct>;

    not_a_variant! {
        serialize_bool(bool) -> S::Ok;
        serialize_i8(i8) -> S::Ok;
        serialize_i16(i16) -> S::Ok;
        serialize_i32(i32) -> S::Ok;
        serialize_i64(i64) -> S::Ok;
        serialize_u8(u8) -> S::Ok;
        serialize_u16(u16) -> S::Ok;
        serialize_u32(u32) -> S::Ok;
        serialize_u64(u64) -> S::Ok;
        serialize_f32(f32) -> S::Ok;
        serialize_f64(f64) -> S::Ok;
        serialize_char(char) -> S::Ok;
        serialize_str(&str) -> S::Ok;
        serialize_bytes(&[u8]) -> S::Ok;
        serialize_none() -> S::Ok;
        serialize_unit() -> S::Ok;
        serialize_unit_struct(&'static str) -> S::Ok;
        serialize_unit_variant(&'static str, u32, &'static str) -> S::Ok;
        serialize_seq(Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(usize) -> Self::SerializeTuple;
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct;
        serialize_map(Option<usize>) -> Self::SerializeMap;
        serialize_struct(&'static str, usize) -> Self::SerializeStruct;
    }

    fn collect_str<T: core::fmt::Display + ?Sized>(self, _: &T) -> Result<S::Ok, S::Error> {
        Err(different_shape())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<S::Ok, S::Error> {
        value.serialize(self)
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
        _: &'static str,
        _: &T,
    ) -> Result<S::Ok, S::Error> {
        Err(different_shape())
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        match self.tuple_as {
            TupleAs::Seq => self.delegate.serialize_seq(Some(len)).map(TupleBody::Seq),
            TupleAs::TupleStruct => self
                .delegate
                .serialize_tuple_struct(variant, len)
                .map(TupleBody::TupleStruct),
        }
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<StructBody<S::SerializeStruct>, S::Error> {
        self.delegate.serialize_struct(variant, len).map(StructBody)
    }
}

/// A tuple variant's fields written as a sequence or a tuple struct ([`TupleAs`]).
enum TupleBody<Seq, TupleStruct> {
    Seq(Seq),
    TupleStruct(TupleStruct),
}

impl<Seq, TupleStruct> SerializeTupleVariant for TupleBody<Seq, TupleStruct>
where
    Seq: SerializeSeq,
    TupleStruct: SerializeTupleStruct<Ok = Seq::Ok, Error = Seq::Error>,
{
    type Ok = Seq::Ok;
    type Error = Seq::Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Seq::Error> {
        match self {
            TupleBody::Seq(seq) => seq.serialize_element(value),
            TupleBody::TupleStruct(tuple) => tuple.serialize_field(value),
        }
    }

    fn end(self) -> Result<Seq::Ok, Seq::Error> {
        match self {
            TupleBody::Seq(seq) => seq.end(),
            TupleBody::TupleStruct(tuple) => tuple.end(),
        }
    }
}

/// A struct variant's fields written as a struct.
struct StructBody<S>(S);

impl<S: SerializeStruct> SerializeStructVariant for StructBody<S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        self.0.serialize_field(key, value)
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.0.skip_field(key)
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.0.end()
    }
}
