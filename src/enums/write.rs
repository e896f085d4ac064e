//! Writing variants as serde's derive writes them: the shapes every representation shares (a
//! struct variant's leaves, a tuple variant's elements, a tag beside content).

use serde::ser::{
    Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleVariant, Serializer,
};

use crate::flatten::{self, FlattenSerialize, MapSink, StructSink, StructVariantSink};

/// Writes an externally tagged struct variant: `serialize_struct_variant` with the exact number
/// of leaves (serde's derive, for a variant with a flattened field, writes a map of unknown
/// length that length-prefixed formats refuse). A variant whose tree holds a catch-all map is
/// written as a newtype variant holding a map, as serde does.
#[inline]
pub fn serialize_struct_variant<S, T>(
    serializer: S,
    name: &'static str,
    index: u32,
    variant: &'static str,
    fields: &T,
) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    T: FlattenSerialize + ?Sized,
{
    if const { T::WRITE.writes_map } {
        return serializer.serialize_newtype_variant(
            name,
            index,
            variant,
            &TreeValue {
                tree: fields,
                name: variant,
            },
        );
    }
    let mut out =
        serializer.serialize_struct_variant(name, index, variant, fields.serialized_len())?;
    fields.serialize_leaves(&mut StructVariantSink(&mut out))?;
    out.end()
}

/// Writes an internally tagged struct variant: the tag, then the variant's leaves, in one
/// struct (a map when the tree holds a catch-all).
#[inline]
pub fn serialize_tagged_struct<S, T>(
    serializer: S,
    name: &'static str,
    tag: &'static str,
    variant: &'static str,
    fields: &T,
) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    T: FlattenSerialize + ?Sized,
{
    let len = fields.serialized_len() + 1;
    if const { T::WRITE.writes_map } {
        let mut out = serializer.serialize_map(Some(len))?;
        out.serialize_entry(tag, variant)?;
        fields.serialize_leaves(&mut MapSink(&mut out))?;
        out.end()
    } else {
        let mut out = serializer.serialize_struct(name, len)?;
        out.serialize_field(tag, variant)?;
        fields.serialize_leaves(&mut StructSink(&mut out))?;
        out.end()
    }
}

/// Writes a struct of one or two fields: the tag, and the content if any (an internally tagged
/// unit variant; an adjacently tagged variant).
#[inline]
pub fn serialize_tagged<S, T, C>(
    serializer: S,
    name: &'static str,
    tag: &'static str,
    tag_value: &T,
    content: Option<(&'static str, &C)>,
) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    T: Serialize + ?Sized,
    C: Serialize + ?Sized,
{
    let mut out = serializer.serialize_struct(name, 1 + usize::from(content.is_some()))?;
    out.serialize_field(tag, tag_value)?;
    if let Some((key, content)) = content {
        out.serialize_field(key, content)?;
    }
    out.end()
}

/// An adjacently tagged enum's tag: written as a unit variant of the enum (a string in JSON,
/// the variant's index in bincode), as serde's derive writes it.
pub struct AdjacentTag {
    /// The enum's name.
    pub name: &'static str,
    /// The variant's index among all variants.
    pub index: u32,
    /// The variant's name.
    pub variant: &'static str,
}

impl Serialize for AdjacentTag {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_variant(self.name, self.index, self.variant)
    }
}

/// A tree written as a struct named `name` (a map when it holds a catch-all): a struct
/// variant's content in an adjacently tagged or untagged enum.
pub struct TreeValue<'a, T: ?Sized> {
    /// The leaves.
    pub tree: &'a T,
    /// The struct's name.
    pub name: &'static str,
}

impl<T: FlattenSerialize + ?Sized> Serialize for TreeValue<'_, T> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        flatten::serialize_struct(self.tree, serializer, self.name)
    }
}

/// The fields of a tuple variant, held by reference by a struct the derive writes.
pub trait TupleFields {
    /// How many elements are written (fields skipped by `skip_serializing_if` excluded).
    fn written_len(&self) -> usize;

    /// Writes every element in order.
    fn write<S: TupleSink>(&self, out: &mut S) -> Result<(), S::Error>;
}

/// Where a tuple variant's elements are written.
pub trait TupleSink {
    /// The serializer's error.
    type Error: serde::ser::Error;

    /// Writes one element.
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Self::Error>;
}

macro_rules! tuple_sink {
    ($name:ident: $trait:ident :: $method:ident) => {
        struct $name<'a, S>(&'a mut S);

        impl<S: $trait> TupleSink for $name<'_, S> {
            type Error = S::Error;

            #[inline(always)]
            fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), S::Error> {
                self.0.$method(value)
            }
        }
    };
}

tuple_sink!(TupleVariantSink: SerializeTupleVariant::serialize_field);
tuple_sink!(TupleElementSink: SerializeTuple::serialize_element);
tuple_sink!(SeqElementSink: SerializeSeq::serialize_element);

/// Writes an externally tagged tuple variant.
#[inline]
pub fn serialize_tuple_variant<S, T>(
    serializer: S,
    name: &'static str,
    index: u32,
    variant: &'static str,
    fields: &T,
) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    T: TupleFields + ?Sized,
{
    let mut out = serializer.serialize_tuple_variant(name, index, variant, fields.written_len())?;
    fields.write(&mut TupleVariantSink(&mut out))?;
    out.end()
}

/// A tuple variant's fields written as a tuple (its content in an adjacently tagged or untagged
/// enum).
pub struct TupleValue<'a, T: ?Sized>(pub &'a T);

impl<T: TupleFields + ?Sized> Serialize for TupleValue<'_, T> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_tuple(self.0.written_len())?;
        self.0.write(&mut TupleElementSink(&mut out))?;
        out.end()
    }
}

/// A tuple variant's fields written as a sequence (the value under a flattened externally
/// tagged enum's variant key, as serde's flatten writes it).
pub struct SeqValue<'a, T: ?Sized>(pub &'a T);

impl<T: TupleFields + ?Sized> Serialize for SeqValue<'_, T> {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_seq(Some(self.0.written_len()))?;
        self.0.write(&mut SeqElementSink(&mut out))?;
        out.end()
    }
}
