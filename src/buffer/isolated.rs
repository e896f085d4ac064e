//! Reading a value typed before it is known to be wanted, without losing the input when the
//! type refuses it.
//!
//! Before an internally tagged enum's tag, a key that only one variant names can be read
//! straight into that variant's leaf: if the tag picks another variant, which ignores the key,
//! nothing was lost. But the leaf's type may refuse the value (`"id": "x"` for a `u64`), and
//! that is an error only if the tag picks the leaf's variant; serde's derive, which holds every
//! entry before the tag, reports it only then. A typed read that fails leaves a streaming
//! format mid-value, with no way to go on to the next key. So the value is read as serde's
//! buffer reads it (`deserialize_any`, the whole value, errors of the format fatal) and given at
//! once to the type through a deserializer of that one value ([`ContentDeserializer`], the one
//! that replays held values): the type sees exactly what it would see replayed, and its refusal
//! is a value the caller keeps for later. A scalar is never built into a buffer that outlives
//! the call, so LLVM reads it into the type directly.

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::mem::ManuallyDrop;

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

use super::de::ExpectedLen;
use super::live_map::{LiveMap, LiveMapDeserializer};
use super::{Boxed, Content, ContentDeserializer, ContentVisitor, Refusals, Reported};

/// Reads one value whole, as serde's buffer holds it, and gives it to `seed`: `Ok(Ok(value))`,
/// `Ok(Err(refusal))` when the seed's type refuses the value (the input is past the value and
/// readable), `Err` when the format fails (as holding the value would).
///
/// `C` says how a sequence or a map is given to the type: [`Live`], as it is read, or
/// [`HeldWhole`].
pub(crate) struct Isolated<S, E, C = Live> {
    seed: S,
    /// The refusal's error type: the map's, which the visitor's methods do not name.
    error: PhantomData<fn() -> (E, C)>,
}

impl<S, E, C> Isolated<S, E, C> {
    #[inline]
    pub(crate) fn new(seed: S) -> Self {
        Isolated {
            seed,
            error: PhantomData,
        }
    }
}

/// How an [`Isolated`] read gives a sequence or a map to its type.
pub(crate) trait Compounds: Sized {
    /// Gives the sequence to the seed.
    fn seq<'de, S, E, A>(
        read: Isolated<S, E, Self>,
        seq: A,
    ) -> Result<Result<S::Value, E>, A::Error>
    where
        S: DeserializeSeed<'de>,
        E: de::Error,
        A: SeqAccess<'de>;

    /// Gives the map to the seed.
    fn map<'de, S, E, M>(
        read: Isolated<S, E, Self>,
        map: M,
    ) -> Result<Result<S::Value, E>, M::Error>
    where
        S: DeserializeSeed<'de>,
        E: de::Error,
        M: MapAccess<'de>;
}

/// Sequences and maps given to the type as they are read ([`LiveSeq`], [`LiveMap`]), each
/// element, key and value isolated in turn.
///
/// `P` names the reader's path (the default, `()`, reading ahead of an internally tagged enum's
/// tag; a flattened untagged enum's own marker), so that the format's readers each path
/// instantiates are functions of their own: LLVM inlines a function with one caller almost
/// whatever its size, and one with two only when it is small (see `enums/ahead.rs`).
pub(crate) struct Live<P = ()>(PhantomData<P>);

/// Sequences and maps held whole, then given: how the entries of a [`LiveMap`] are read. Their
/// reader may itself read isolated from the live map (a struct of a flattened untagged enum
/// read ahead), and a live read there would wrap its seeds once more per level, without end
/// for a recursive type; held, the next level reads from the replay, whose types are fixed.
pub(crate) struct HeldWhole;

impl<P> Compounds for Live<P> {
    fn seq<'de, S, E, A>(
        read: Isolated<S, E, Self>,
        seq: A,
    ) -> Result<Result<S::Value, E>, A::Error>
    where
        S: DeserializeSeed<'de>,
        E: de::Error,
        A: SeqAccess<'de>,
    {
        let mut live = LiveSeq {
            seq,
            count: 0,
            fatal: None,
            error: PhantomData::<fn() -> (E, Self)>,
        };
        let value = read
            .seed
            .deserialize(LiveSeqDeserializer { live: &mut live });
        live.finish(value)
    }

    fn map<'de, S, E, M>(
        read: Isolated<S, E, Self>,
        map: M,
    ) -> Result<Result<S::Value, E>, M::Error>
    where
        S: DeserializeSeed<'de>,
        E: de::Error,
        M: MapAccess<'de>,
    {
        let mut live = LiveMap::<M, E>::new(map);
        let value = read
            .seed
            .deserialize(LiveMapDeserializer { live: &mut live });
        live.finish(value)
    }
}

impl Compounds for HeldWhole {
    fn seq<'de, S, E, A>(
        read: Isolated<S, E, Self>,
        seq: A,
    ) -> Result<Result<S::Value, E>, A::Error>
    where
        S: DeserializeSeed<'de>,
        E: de::Error,
        A: SeqAccess<'de>,
    {
        let value = ContentVisitor(PhantomData).visit_seq(seq)?;
        read.give(value)
    }

    fn map<'de, S, E, M>(
        read: Isolated<S, E, Self>,
        map: M,
    ) -> Result<Result<S::Value, E>, M::Error>
    where
        S: DeserializeSeed<'de>,
        E: de::Error,
        M: MapAccess<'de>,
    {
        let value = ContentVisitor(PhantomData).visit_map(map)?;
        read.give(value)
    }
}

impl<'de, S: DeserializeSeed<'de>, E: de::Error, C> Isolated<S, E, C> {
    /// The value, held for the length of the call, given to the seed.
    #[inline(always)]
    fn give<F>(self, value: Content<'de>) -> Result<Result<S::Value, E>, F> {
        Ok(self.seed.deserialize(OneValue(value, PhantomData)))
    }
}

impl<'de, S: DeserializeSeed<'de>, E: de::Error, C: Compounds> DeserializeSeed<'de>
    for Isolated<S, E, C>
{
    type Value = Result<S::Value, E>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

macro_rules! give_scalar {
    ($($method:ident($ty:ty) => $variant:ident,)*) => {
        $(
            #[inline]
            fn $method<F: de::Error>(self, value: $ty) -> Result<Self::Value, F> {
                self.give(Content::$variant(value))
            }
        )*
    };
}

impl<'de, S: DeserializeSeed<'de>, E: de::Error, C: Compounds> Visitor<'de> for Isolated<S, E, C> {
    type Value = Result<S::Value, E>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    give_scalar! {
        visit_bool(bool) => Bool,
        visit_u8(u8) => U8,
        visit_u16(u16) => U16,
        visit_u32(u32) => U32,
        visit_u64(u64) => U64,
        visit_u128(u128) => U128,
        visit_i8(i8) => I8,
        visit_i16(i16) => I16,
        visit_i32(i32) => I32,
        visit_i64(i64) => I64,
        visit_i128(i128) => I128,
        visit_f32(f32) => F32,
        visit_f64(f64) => F64,
        visit_char(char) => Char,
        visit_borrowed_str(&'de str) => Str,
        visit_string(String) => String,
        visit_borrowed_bytes(&'de [u8]) => Bytes,
        visit_byte_buf(Vec<u8>) => ByteBuf,
    }

    /// Text the format lends only for the call: given to the type as it is
    /// ([`TransientStr`]), so that a key or a variant name is matched without a copy.
    #[inline]
    fn visit_str<F: de::Error>(self, value: &str) -> Result<Self::Value, F> {
        Ok(self.seed.deserialize(TransientStr(value, PhantomData)))
    }

    #[inline]
    fn visit_bytes<F: de::Error>(self, value: &[u8]) -> Result<Self::Value, F> {
        self.give(Content::ByteBuf(value.to_vec()))
    }

    #[inline]
    fn visit_unit<F: de::Error>(self) -> Result<Self::Value, F> {
        self.give(Content::Unit)
    }

    #[inline]
    fn visit_none<F: de::Error>(self) -> Result<Self::Value, F> {
        self.give(Content::None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        let inner = ContentVisitor(PhantomData).deserialize(deserializer)?;
        self.give(Content::Some(Box::new(inner)))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        let inner = ContentVisitor(PhantomData).deserialize(deserializer)?;
        self.give(Content::Newtype(Box::new(inner)))
    }

    /// A sequence is given to the type as `C` says: by default as it is read ([`LiveSeq`]).
    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        C::seq(self, seq)
    }

    /// A map too ([`LiveMap`]).
    #[inline]
    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Self::Value, M::Error> {
        C::map(self, map)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        // serde's buffer holds no enum: its error, fatal as it is there.
        let value = ContentVisitor(PhantomData).visit_enum(data)?;
        self.give(value)
    }
}

/// A map whose values are read [`Isolated`]: what a tree's `deserialize_slot` reads a leaf
/// from before the tag. A value its type refuses is an error to the leaf (so that the tree
/// stops as it would have), and recorded here as a refusal, the input past it.
/// `C` is how its values' sequences and maps are given to their types ([`Compounds`]); `R`
/// what their types' refusals are ([`Refusals`]).
pub(crate) struct IsolatedMap<'m, M, C = Live, R = Reported> {
    map: &'m mut M,
    /// Whether the last value was read, refused or not.
    pub(crate) read: bool,
    /// Whether the last value read was refused by its type.
    pub(crate) refused: bool,
    compounds: PhantomData<fn() -> (C, R)>,
}

impl<'m, M, C, R> IsolatedMap<'m, M, C, R> {
    #[inline]
    pub(crate) fn new(map: &'m mut M) -> Self {
        IsolatedMap {
            map,
            read: false,
            refused: false,
            compounds: PhantomData,
        }
    }
}

impl<'de, M: MapAccess<'de>, C: Compounds, R: Refusals> MapAccess<'de>
    for IsolatedMap<'_, M, C, R>
{
    type Error = Boxed<M::Error>;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        self.map.next_key_seed(seed).map_err(Boxed::new)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        let value = self
            .map
            .next_value_seed(Isolated::<V, R::Refusal<M::Error>, C>::new(seed))
            .map_err(Boxed::new)?;
        self.read = true;
        R::as_tree_read(value, &mut self.refused)
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// The error a type reading a live sequence or map gets where the format failed; the format's
/// own is reported instead.
pub(super) fn stand_in<E: de::Error>() -> E {
    E::custom("the format failed (reported in its place)")
}

/// A sequence given to a type as the format reads it, each element [`Isolated`]: what the type
/// sees, and the errors it gets, are those of the sequence held whole and replayed
/// ([`ContentDeserializer`]), without holding it. A refusal, the element's or the type's, is
/// the caller's to keep, and the rest of the sequence is read past so that the input stays
/// readable; the format's error ends the read as holding the sequence would have.
///
/// Its elements are read `Isolated<_, E, C>`.
struct LiveSeq<'de, A: SeqAccess<'de>, E, C> {
    seq: A,
    /// Elements read, as the replay counts them for its length error.
    count: usize,
    /// The format's error, once it failed: the type was given a stand-in, and the format is not
    /// read again.
    fatal: Option<A::Error>,
    error: PhantomData<fn() -> (E, C)>,
}

impl<'de, A: SeqAccess<'de>, E: de::Error, C> LiveSeq<'de, A, E, C> {
    /// The format's error, kept, and the stand-in the type gets in its place.
    #[cold]
    fn fail(&mut self, fatal: A::Error) -> E {
        self.fatal = Some(fatal);
        stand_in()
    }

    /// The type's result, with what the replay checks after its visitor: every element read.
    fn finish<V>(mut self, value: Result<V, E>) -> Result<Result<V, E>, A::Error> {
        if let Some(fatal) = self.fatal.take() {
            return Err(fatal);
        }
        let count = self.count;
        let remaining = self.drain()?;
        Ok(match value {
            Ok(_) if remaining != 0 => Err(E::invalid_length(
                count + remaining,
                &ExpectedLen(count, "sequence"),
            )),
            value => value,
        })
    }

    /// Reads past the elements the type left, as serde's buffer reads them; how many.
    fn drain(&mut self) -> Result<usize, A::Error> {
        let mut remaining = 0;
        while self
            .seq
            .next_element_seed(ContentVisitor(PhantomData))?
            .is_some()
        {
            remaining += 1;
        }
        Ok(remaining)
    }

    /// The whole sequence held, for the ways of reading it that look at it first.
    fn hold(&mut self) -> Result<Content<'de>, E> {
        let mut items = Vec::new();
        loop {
            match self.seq.next_element_seed(ContentVisitor(PhantomData)) {
                Ok(Some(item)) => items.push(item),
                Ok(None) => return Ok(Content::Seq(items)),
                Err(fatal) => return Err(self.fail(fatal)),
            }
        }
    }
}

impl<'de, A: SeqAccess<'de>, E: de::Error, C: Compounds> SeqAccess<'de>
    for &mut LiveSeq<'de, A, E, C>
{
    type Error = E;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, E> {
        if self.fatal.is_some() {
            return Err(stand_in());
        }
        match self.seq.next_element_seed(Isolated::<T, E, C>::new(seed)) {
            Ok(Some(value)) => {
                self.count += 1;
                value.map(Some)
            }
            Ok(None) => Ok(None),
            Err(fatal) => Err(self.fail(fatal)),
        }
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

/// The deserializer of a [`LiveSeq`]: where the replay of a held sequence calls its visitor's
/// `visit_seq`, the visitor reads the live sequence; elsewhere (a string asked for, an empty
/// sequence read as a unit struct) the sequence is held and replayed as serde's buffer does.
struct LiveSeqDeserializer<'a, 'de, A: SeqAccess<'de>, E, C> {
    live: &'a mut LiveSeq<'de, A, E, C>,
}

impl<'de, A: SeqAccess<'de>, E: de::Error, C: Compounds> LiveSeqDeserializer<'_, 'de, A, E, C> {
    #[inline]
    fn visit_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_seq(self.live)
    }

    fn held(self) -> Result<ContentDeserializer<Content<'de>, E>, E> {
        Ok(ContentDeserializer::moved(self.live.hold()?))
    }
}

impl<'de, A: SeqAccess<'de>, E: de::Error, C: Compounds> Deserializer<'de>
    for LiveSeqDeserializer<'_, 'de, A, E, C>
{
    type Error = E;

    live! { visit_seq:
        deserialize_any() deserialize_seq() deserialize_bytes() deserialize_byte_buf()
        deserialize_tuple(len: usize) deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
    }

    held! {
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32() deserialize_i64()
        deserialize_i128() deserialize_u8() deserialize_u16() deserialize_u32() deserialize_u64()
        deserialize_u128() deserialize_f32() deserialize_f64() deserialize_char()
        deserialize_str() deserialize_string() deserialize_unit()
        deserialize_unit_struct(name: &'static str)
        deserialize_map()
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_identifier() deserialize_ignored_any()
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_some(self)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        visitor.visit_newtype_struct(self)
    }
}

/// One value read [`Isolated`], given to its type: [`ContentDeserializer`] of the value, with the
/// methods a type reads a scalar by answered in line for the scalars they take, so that a
/// scalar built where it was read is matched where it was built and never held (the replay's
/// methods are out of line, shared by every replay of a held value). Every other case is the
/// replay's own method: the same value and the same error.
struct OneValue<'de, E>(Content<'de>, PhantomData<fn() -> E>);

impl<'de, E: de::Error> OneValue<'de, E> {
    #[inline(always)]
    fn replay(self) -> ContentDeserializer<Content<'de>, E> {
        ContentDeserializer::moved(self.0)
    }
}

/// `deserialize_*` methods answered in line for the listed contents, the replay's otherwise.
/// The contents listed first own nothing (numbers, borrowed text): the value is not dropped
/// there, since rustc would drop it through the enum's out-of-line drop glue; those after
/// `owned` are moved to the visitor.
macro_rules! in_line {
    ($(
        $method:ident($visitor:ident) {
            $($content:pat => $visit:expr,)*
        } owned {
            $($owned:pat => $visit_owned:expr,)*
        }
    )*) => {
        $(
            #[inline(always)]
            fn $method<V: Visitor<'de>>(self, $visitor: V) -> Result<V::Value, E> {
                let content = ManuallyDrop::new(self.0);
                match *content {
                    $($content => $visit,)*
                    #[allow(unreachable_patterns)]
                    _ => match ManuallyDrop::into_inner(content) {
                        $($owned => $visit_owned,)*
                        other => OneValue::<E>(other, PhantomData).replay().$method($visitor),
                    },
                }
            }
        )*
    };
}

/// Methods the replay answers as it answers another: that one's.
macro_rules! same_as {
    ($to:ident: $($method:ident)*) => {
        $(
            #[inline(always)]
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
                self.$to(visitor)
            }
        )*
    };
}

/// The replay's methods, forwarded.
macro_rules! replayed {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {
        $(
            #[inline]
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, E> {
                self.replay().$method($($arg,)* visitor)
            }
        )*
    };
}

impl<'de, E: de::Error> Deserializer<'de> for OneValue<'de, E> {
    type Error = E;

    in_line! {
        deserialize_any(visitor) {
            Content::Bool(v) => visitor.visit_bool(v),
            Content::U8(v) => visitor.visit_u8(v),
            Content::U16(v) => visitor.visit_u16(v),
            Content::U32(v) => visitor.visit_u32(v),
            Content::U64(v) => visitor.visit_u64(v),
            Content::I8(v) => visitor.visit_i8(v),
            Content::I16(v) => visitor.visit_i16(v),
            Content::I32(v) => visitor.visit_i32(v),
            Content::I64(v) => visitor.visit_i64(v),
            Content::F64(v) => visitor.visit_f64(v),
            Content::Str(v) => visitor.visit_borrowed_str(v),
        } owned {
            Content::String(v) => visitor.visit_string(v),
        }
        deserialize_bool(visitor) {
            Content::Bool(v) => visitor.visit_bool(v),
        } owned {}
        deserialize_u64(visitor) {
            Content::U8(v) => visitor.visit_u8(v),
            Content::U16(v) => visitor.visit_u16(v),
            Content::U32(v) => visitor.visit_u32(v),
            Content::U64(v) => visitor.visit_u64(v),
            Content::I8(v) => visitor.visit_i8(v),
            Content::I16(v) => visitor.visit_i16(v),
            Content::I32(v) => visitor.visit_i32(v),
            Content::I64(v) => visitor.visit_i64(v),
        } owned {}
        deserialize_f64(visitor) {
            Content::F64(v) => visitor.visit_f64(v),
        } owned {}
        deserialize_str(visitor) {
            Content::Str(v) => visitor.visit_borrowed_str(v),
        } owned {
            Content::String(v) => visitor.visit_string(v),
        }
        deserialize_string(visitor) {
            Content::Str(v) => visitor.visit_borrowed_str(v),
        } owned {
            Content::String(v) => visitor.visit_string(v),
        }
        deserialize_identifier(visitor) {
            Content::Str(v) => visitor.visit_borrowed_str(v),
        } owned {
            Content::String(v) => visitor.visit_string(v),
        }
    }

    // The replay reads every integer alike (its `visit_integer`), and both floats alike.
    same_as! {
        deserialize_u64: deserialize_u8 deserialize_u16 deserialize_u32 deserialize_i8
        deserialize_i16 deserialize_i32 deserialize_i64
    }
    same_as! { deserialize_f64: deserialize_f32 }

    /// A scalar is `Some` of itself, as the replay reads it.
    #[inline(always)]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.0 {
            Content::None | Content::Some(_) | Content::Unit => {
                self.replay().deserialize_option(visitor)
            }
            _ => visitor.visit_some(self),
        }
    }

    replayed! {
        deserialize_u128() deserialize_i128() deserialize_char() deserialize_bytes()
        deserialize_byte_buf() deserialize_unit()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_seq() deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_map()
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_ignored_any()
    }
}

/// Text the format lends only for the call, read [`Isolated`]: the type reads it as text
/// (`visit_str`, as serde's buffer replays held text by reference) and copies what it keeps;
/// every other way of reading it is the replay's, of the text held as a `String`.
struct TransientStr<'a, E>(&'a str, PhantomData<fn() -> E>);

impl<E: de::Error> TransientStr<'_, E> {
    fn replay<'de>(self) -> OneValue<'de, E> {
        OneValue(Content::String(self.0.to_owned()), PhantomData)
    }
}

/// Methods that read the text as it is.
macro_rules! as_text {
    ($($method:ident)*) => {
        $(
            #[inline(always)]
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
                visitor.visit_str(self.0)
            }
        )*
    };
}

/// Methods answered by the replay of the text held.
macro_rules! text_replayed {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, E> {
                self.replay().$method($($arg,)* visitor)
            }
        )*
    };
}

impl<'de, E: de::Error> Deserializer<'de> for TransientStr<'_, E> {
    type Error = E;

    as_text! { deserialize_any deserialize_str deserialize_string deserialize_identifier }

    /// Text is `Some` of itself, as the replay reads it.
    #[inline(always)]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_some(self)
    }

    text_replayed! {
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32() deserialize_i64()
        deserialize_i128() deserialize_u8() deserialize_u16() deserialize_u32() deserialize_u64()
        deserialize_u128() deserialize_f32() deserialize_f64() deserialize_char()
        deserialize_bytes() deserialize_byte_buf() deserialize_unit()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str)
        deserialize_seq() deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_map()
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_ignored_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::BTreeMap;
    use alloc::format;
    use alloc::string::ToString;
    use serde::Deserialize;

    /// What serde's buffer gives `T` for the value: held whole, then replayed.
    fn replayed<'de, T: Deserialize<'de>>(json: &'de str) -> Result<T, String> {
        let mut de = serde_json::Deserializer::from_str(json);
        let held: Content<'de> = ContentVisitor(PhantomData)
            .deserialize(&mut de)
            .map_err(|e| e.to_string())?;
        T::deserialize(ContentDeserializer::<_, serde_json::Error>::moved(held))
            .map_err(|e| e.to_string())
    }

    /// `{"a": value, "b": 7}` read with `a` isolated: what `T` gives for it, and `b` read after
    /// it (the input must be readable past a refused value).
    fn isolated<T: for<'de> Deserialize<'de>>(value: &str) -> (Result<T, String>, u64) {
        let json = format!(r#"{{"a": {value}, "b": 7}}"#);
        struct Pair<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Pair<T> {
            type Value = (Result<T, String>, u64);
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a pair")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                let _: String = map.next_key()?.unwrap();
                let mut isolated = IsolatedMap::<_, Live>::new(&mut map);
                let a = isolated.next_value::<T>();
                assert!(isolated.read);
                assert_eq!(isolated.refused, a.is_err());
                let _: String = map.next_key()?.unwrap();
                let b: u64 = map.next_value()?;
                Ok((a.map_err(|e| e.to_string()), b))
            }
        }
        serde_json::Deserializer::from_str(&json)
            .deserialize_map(Pair(PhantomData))
            .unwrap()
    }

    /// Same result as serde's buffer, error text included (without a position: the value is
    /// given from memory, as a replayed one), and the next entry read.
    fn same<T>(value: &str)
    where
        T: for<'de> Deserialize<'de> + PartialEq + fmt::Debug,
    {
        let (got, b) = isolated::<T>(value);
        assert_eq!(got, replayed::<T>(value), "{value}");
        assert_eq!(b, 7, "{value}");
    }

    #[derive(Deserialize, PartialEq, Debug)]
    enum Kind {
        Plain,
        Count(u32),
    }

    #[derive(Deserialize, PartialEq, Debug)]
    struct Point {
        x: i32,
        y: i32,
    }

    #[test]
    fn scalars_read_and_refused_as_replayed() {
        for value in [
            "5",
            "-5",
            "5.5",
            "\"x\"",
            "\"a\\nb\"",
            "true",
            "null",
            "[1]",
            "{}",
        ] {
            same::<u64>(value);
            same::<i8>(value);
            same::<f64>(value);
            same::<String>(value);
            same::<bool>(value);
            same::<char>(value);
            same::<()>(value);
            same::<Option<u64>>(value);
        }
        // Text the format lends only for the call (an escape): read as it is, or replayed.
        for value in ["\"P\\u006cain\"", "\"\\u0035\"", "\"\\u0078\""] {
            same::<Kind>(value);
            same::<Unit>(value);
            same::<Around>(value);
            same::<Wrapper>(value);
            same::<Option<String>>(value);
            same::<alloc::borrow::Cow<'static, str>>(value);
            same::<alloc::boxed::Box<str>>(value);
            same::<Vec<u8>>(value);
            same::<u8>(value);
            same::<char>(value);
            same::<serde::de::IgnoredAny>(value);
        }
        same::<u128>("340282366920938463463374607431768211455");
        same::<char>("\"xy\"");
    }

    #[test]
    fn compounds_read_and_refused_as_replayed() {
        for value in [
            "[]",
            "[\"a\", \"b\"]",
            "[\"a\", 1, \"c\"]",
            "[[1, 2], [3]]",
            "{\"x\": 1, \"y\": 2}",
            "{\"x\": 1}",
            "{\"x\": \"1\", \"y\": 2}",
            "{\"Count\": 3}",
            "\"Plain\"",
            "{\"Plain\": null, \"Count\": 1}",
            "7",
        ] {
            same::<Vec<String>>(value);
            same::<Vec<Vec<u8>>>(value);
            same::<(u8, u8)>(value);
            same::<Point>(value);
            same::<BTreeMap<String, u8>>(value);
            same::<Kind>(value);
            same::<Option<Point>>(value);
        }
    }

    #[derive(Deserialize, PartialEq, Debug)]
    struct Unit;

    #[derive(Deserialize, PartialEq, Debug)]
    struct Wrapper(Vec<u8>);

    /// Sequences are given to the type as they are read: the length errors, a refused element
    /// in any position, the ways of reading that look at the whole sequence first.
    #[test]
    fn sequences_read_live_as_replayed() {
        for value in [
            "[]",
            "[1]",
            "[1, 2]",
            "[1, 2, 3]",
            "[1, \"x\", 3]",
            "[\"x\", 2]",
            "[1, 2, [3]]",
            "[[1], [2, \"x\"], [3]]",
            "[{\"x\": 1, \"y\": 2}, [3, 4]]",
            "[null, 1]",
        ] {
            same::<Vec<u8>>(value);
            same::<Vec<Vec<u8>>>(value);
            same::<Vec<Point>>(value);
            same::<(u8, u8)>(value);
            same::<(u8,)>(value);
            same::<[u8; 3]>(value);
            same::<Option<Vec<u8>>>(value);
            same::<Vec<Option<u8>>>(value);
            same::<Wrapper>(value);
            same::<Point>(value);
            same::<Unit>(value);
            same::<String>(value);
            same::<BTreeMap<String, u8>>(value);
            same::<Kind>(value);
            same::<serde::de::IgnoredAny>(value);
        }
    }

    #[derive(Deserialize, PartialEq, Debug)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        x: i32,
    }

    #[derive(Deserialize, PartialEq, Debug)]
    struct Nested {
        point: Point,
        tags: Vec<String>,
    }

    #[derive(Deserialize, PartialEq, Debug)]
    struct Around(Point);

    /// Maps too are given to the type as they are read: a refused key or value in any
    /// position, a key the type skips, entries left unread, the ways of reading that look at
    /// the whole map first (an enum's single key, a sequence or a string asked for).
    #[test]
    fn maps_read_live_as_replayed() {
        for value in [
            "{}",
            "{\"x\": 1}",
            "{\"x\": 1, \"y\": 2}",
            "{\"y\": 2, \"x\": 1, \"z\": [1, {\"a\": 2}]}",
            "{\"x\": \"1\", \"y\": 2}",
            "{\"x\": 1, \"y\": \"2\", \"z\": 3}",
            "{\"x\": 1, \"x\": 2, \"y\": 3}",
            "{\"point\": {\"x\": 1, \"y\": 2}, \"tags\": [\"a\"]}",
            "{\"point\": {\"x\": 1, \"y\": \"no\"}, \"tags\": [\"a\"]}",
            "{\"tags\": [\"a\", 2], \"point\": {\"x\": 1, \"y\": 2}}",
            "{\"Count\": 3}",
            "{\"Plain\": null}",
            "{\"Count\": 3, \"Plain\": null}",
            "{\"1\": 1, \"2\": 300}",
            "{\"\\u0078\": 1, \"y\": 2}",
            "{\"P\\u006cain\": null}",
        ] {
            same::<Point>(value);
            same::<Strict>(value);
            same::<Nested>(value);
            same::<Around>(value);
            same::<Option<Point>>(value);
            same::<BTreeMap<String, u8>>(value);
            same::<BTreeMap<u8, u8>>(value);
            same::<BTreeMap<String, serde::de::IgnoredAny>>(value);
            same::<Kind>(value);
            same::<Unit>(value);
            same::<()>(value);
            same::<Vec<u8>>(value);
            same::<(u8, u8)>(value);
            same::<String>(value);
            same::<u64>(value);
            same::<serde::de::IgnoredAny>(value);
        }
    }

    /// A type that reads a value before its key, or a key after the map ended, gets the
    /// replay's answers, and the input stays readable.
    #[test]
    fn maps_read_out_of_order_as_replayed() {
        struct Odd;
        impl<'de> Deserialize<'de> for Odd {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Odd, D::Error> {
                deserializer.deserialize_map(Odd)
            }
        }
        impl<'de> Visitor<'de> for Odd {
            type Value = Odd;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Odd, M::Error> {
                // A key whose value is skipped, then the rest read to the end, twice.
                let _: Option<String> = map.next_key()?;
                while map.next_entry::<String, u8>()?.is_some() {}
                assert!(map.next_key::<String>()?.is_none());
                map.next_value::<u8>().map(|_| Odd)
            }
        }
        impl PartialEq for Odd {
            fn eq(&self, _: &Odd) -> bool {
                true
            }
        }
        impl fmt::Debug for Odd {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("Odd")
            }
        }
        for value in ["{}", "{\"a\": [1], \"b\": 2}", "{\"a\": 1, \"b\": \"x\"}"] {
            same::<Odd>(value);
        }
    }

    /// A format error in a map is the error, wherever it is: after a value the type refused,
    /// and in entries the type left unread.
    #[test]
    fn a_format_error_in_a_map_is_not_a_refusal() {
        for json in [
            r#"{"a": {"x": "no", "y": [1, }}"#,
            r#"{"a": {"x": 1, "y": 2, "z": [1, }}"#,
            r#"{"a": {"x": 1, "y": 2, "z": [1, ]}}"#,
        ] {
            struct First;
            impl<'de> Visitor<'de> for First {
                type Value = ();
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a map")
                }
                fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
                    let _: String = map.next_key()?.unwrap();
                    let mut isolated = IsolatedMap::<_, Live>::new(&mut map);
                    let read = isolated.next_value::<Point>();
                    assert!(read.is_err());
                    assert!(!isolated.read && !isolated.refused);
                    read.map(drop).map_err(Boxed::into_inner)
                }
            }
            let error = serde_json::Deserializer::from_str(json)
                .deserialize_map(First)
                .unwrap_err();
            assert!(error.is_syntax(), "{json}: {error}");
        }
    }

    #[test]
    fn a_format_error_is_not_a_refusal() {
        struct First;
        impl<'de> Visitor<'de> for First {
            type Value = ();
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
                let _: String = map.next_key()?.unwrap();
                let mut isolated = IsolatedMap::<_, Live>::new(&mut map);
                let read = isolated.next_value::<Vec<u64>>();
                assert!(read.is_err());
                assert!(!isolated.read && !isolated.refused);
                read.map(drop).map_err(Boxed::into_inner)
            }
        }
        let error = serde_json::Deserializer::from_str(r#"{"a": [1, }"#)
            .deserialize_map(First)
            .unwrap_err();
        assert!(error.is_syntax(), "{error}");
    }
}
