//! A flattened field of any type serde can flatten, marked `#[fast_flatten(buffered)]`: another
//! crate's struct or enum, a hand-written `Deserialize`, a `flatten, deserialize_with` field.
//! It is read as serde reads it, holding only what it must.
//!
//! The rest of the tree keeps reading in place; only the keys no leaf claims are offered to the
//! buffered field. Which of them it takes follows serde's `FlatMapDeserializer`: a struct takes
//! the keys its `deserialize_struct` field list names, an externally tagged enum the keys its
//! variant list names, anything else (a map, `serde_json::Value`, a struct with flattened fields
//! of its own, an internally tagged or untagged enum) every unclaimed key. The list is learned
//! once per value by asking the type's `Deserialize` to read from a probe that records the
//! request and stops ([`Probe`]). The taken entries are held in the crate's own buffer
//! ([`Content`]) and replayed into the type's `Deserialize` when the map ends.
//!
//! Unlike serde's flatten, which holds every unknown key of the whole object and copies the
//! borrowed ones when replaying, only the taken keys are held, and they are moved, not copied.

use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::forward_to_deserialize_any;

use super::errors::UNNAMED_FIELD;
use super::{
    FlattenDeserialize, FlattenFields, HeldMap, HeldMode, NamePart, ReadShape, RestClaim, RestKey,
    SeqLeaves,
};
use crate::buffer::{held_entries, visit_enum_entry, Content};

/// A field of type `T` flattened the way serde flattens it (see the module documentation).
/// Generated code names `Buffered<T>` where it would name `T` and takes the value out (`.0`).
#[derive(Debug)]
pub struct Buffered<T>(pub T);

/// The entries held for a buffered field, and which keys it takes.
pub struct BufferedState<'de> {
    entries: Vec<(Content<'de>, Content<'de>)>,
    /// Learned from the type on the first unclaimed key.
    takes: Option<Takes>,
}

impl<'de> BufferedState<'de> {
    /// Which keys the field takes, learned from `T` once per value.
    #[inline]
    fn takes<T: Deserialize<'de>>(&mut self) -> Takes {
        *self.takes.get_or_insert_with(Takes::of::<T>)
    }
}

/// The unclaimed keys a buffered field takes.
#[derive(Clone, Copy, Debug)]
enum Takes {
    /// Every one (a map, or a type whose request names no keys).
    All,
    /// Those named here (a struct's fields, an enum's variants).
    Named(&'static [&'static str]),
}

impl Takes {
    /// Asks `T`'s `Deserialize` what it would request of serde's flatten deserializer.
    fn of<'de, T: Deserialize<'de>>() -> Takes {
        match T::deserialize(Probe) {
            Err(Probed(takes)) => takes,
            // A type that reads from nothing (a unit struct) takes no key.
            Ok(_) => Takes::Named(&[]),
        }
    }

    #[inline]
    fn takes(self, key: &RestKey<'_>) -> bool {
        match self {
            Takes::All => true,
            Takes::Named(names) => match key {
                RestKey::Borrowed(text) => names.contains(text),
                RestKey::Owned(text) => names.contains(&text.as_str()),
                // serde's flatten matches bytes that are text as it matches text.
                RestKey::BorrowedBytes(bytes) => bytes_named(names, bytes),
                RestKey::OwnedBytes(bytes) => bytes_named(names, bytes),
                _ => false,
            },
        }
    }
}

/// Whether `bytes` are the text of one of `names`: a byte-string key (CBOR, MessagePack), rare
/// enough to stay out of [`Takes::takes`]'s code (measured: with one cold call for every key
/// that is not text, or the bytes matched in place, `takes` costs 2-4% more instructions reading
/// `foreign` on rmp-serde than with these two calls).
#[cold]
fn bytes_named(names: &[&str], bytes: &[u8]) -> bool {
    core::str::from_utf8(bytes).is_ok_and(|text| names.contains(&text))
}

impl<T> FlattenFields for Buffered<T> {
    const LEN: usize = 0;
    const FIELDS: &'static [&'static str] = &[];
    const NAME_TREE: &'static [NamePart] = &[NamePart::Buffered];
    const READ: ReadShape = ReadShape {
        catch_all: true,
        ..ReadShape::LEAVES
    };

    #[inline]
    fn slot_of(_key: &str) -> Option<usize> {
        None
    }
}

impl<'de, T: Deserialize<'de>> FlattenDeserialize<'de> for Buffered<T> {
    type State = BufferedState<'de>;

    #[inline]
    fn new_state() -> BufferedState<'de> {
        BufferedState {
            entries: Vec::new(),
            takes: None,
        }
    }

    #[inline]
    fn state_is_empty(state: &BufferedState<'de>) -> bool {
        state.entries.is_empty()
    }

    fn deserialize_slot<M: MapAccess<'de>>(
        _state: &mut BufferedState<'de>,
        _slot: usize,
        _map: &mut M,
    ) -> Result<(), M::Error> {
        Err(super::errors::slot_out_of_range())
    }

    fn finish<E: de::Error>(state: BufferedState<'de>) -> Result<Self, E> {
        T::deserialize(HeldFields {
            entries: state.entries,
            error: PhantomData,
        })
        .map(Buffered)
    }

    fn deserialize_leaves<A: SeqAccess<'de>>(
        _leaves: &mut SeqLeaves<'_, A>,
    ) -> Result<Self, A::Error> {
        Err(super::errors::buffered_in_sequence())
    }

    #[inline]
    fn rest_claim(state: &mut BufferedState<'de>, key: &RestKey<'de>) -> RestClaim {
        match state.takes::<T>() {
            Takes::All => RestClaim::All,
            takes if takes.takes(key) => RestClaim::Named,
            _ => RestClaim::No,
        }
    }

    #[inline]
    fn rest_takes_all(state: &mut BufferedState<'de>) -> bool {
        matches!(state.takes::<T>(), Takes::All)
    }

    /// serde's flatten hands a type the held entries its request names (a struct's fields, an
    /// enum's variants), taking them, or every entry, viewing them (a map, anything else).
    fn fill_held<E: de::Error>(
        state: &mut BufferedState<'de>,
        held: &mut HeldMap<'de>,
        _mode: HeldMode,
    ) -> Result<(), E> {
        let mode = match state.takes::<T>() {
            Takes::All => HeldMode::View,
            Takes::Named(_) => HeldMode::Take,
        };
        held.fill::<Self, E>(state, mode, None)
    }

    fn deserialize_rest<M: MapAccess<'de>>(
        state: &mut BufferedState<'de>,
        key: RestKey<'de>,
        map: &mut M,
    ) -> Result<bool, M::Error> {
        let takes = state.takes::<T>();
        if !takes.takes(&key) {
            return Ok(false);
        }
        if let (Takes::Named(names), 0) = (takes, state.entries.capacity()) {
            // At most one entry per name: one allocation.
            state.entries.reserve_exact(names.len());
        }
        let value = map.next_value::<Content<'de>>()?;
        state.entries.push((Content::from(key), value));
        Ok(true)
    }
}

/// The held entries of a buffered field as the deserializer its type reads from: serde's
/// `FlatMapDeserializer`, answering each request as it does, with the entries moved.
struct HeldFields<'de, E> {
    entries: Vec<(Content<'de>, Content<'de>)>,
    error: PhantomData<E>,
}

impl<'de, E: de::Error> HeldFields<'de, E> {
    fn visit_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_map(held_entries::<E, _>(self.entries.into_iter()))
    }
}

/// serde's error for a flattened value that is not a struct, map or enum.
#[cold]
fn not_flattenable<E: de::Error>() -> E {
    E::custom("can only flatten structs and maps")
}

macro_rules! not_flattenable {
    ($($method:ident($($arg:ty),*))*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $(_: $arg,)* _visitor: V) -> Result<V::Value, E> {
                Err(not_flattenable())
            }
        )*
    };
}

impl<'de, E: de::Error> Deserializer<'de> for HeldFields<'de, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.visit_map(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        self.visit_map(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        // Only the struct's own keys were taken.
        self.visit_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        // The first entry named like a variant is the enum, as in serde's flatten.
        let entry = self
            .entries
            .into_iter()
            .find(|(key, _)| key.as_str().is_some_and(|key| variants.contains(&key)));
        match entry {
            Some((variant, value)) => visit_enum_entry(variant, value, visitor),
            None => Err(E::custom(format_args!(
                "no variant of enum {name} found in flattened data"
            ))),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        // `None` when none of the type's keys appeared, as for every flattened `Option` of
        // FastFlatten; otherwise the value or its error (serde's flatten turns an error into
        // `None`, losing the keys).
        if self.entries.is_empty() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        visitor.visit_unit()
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_unit()
    }

    not_flattenable! {
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16()
        deserialize_u32() deserialize_u64() deserialize_u128() deserialize_f32()
        deserialize_f64() deserialize_char() deserialize_str() deserialize_string()
        deserialize_bytes() deserialize_byte_buf() deserialize_seq()
        deserialize_tuple(usize) deserialize_tuple_struct(&'static str, usize)
        deserialize_identifier()
    }
}

/// A deserializer that records what a type asks of it, then stops: the keys a buffered field
/// takes. `Option` and newtype structs are looked through. A FastFlatten type asks it what it
/// asks serde's flatten deserializer (`serde_flatten::is_serde_flatten`).
pub(super) struct Probe;

/// The probe's answer, carried out as its error.
#[derive(Debug)]
pub(super) struct Probed(Takes);

impl fmt::Display for Probed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("probed")
    }
}

impl serde::de::StdError for Probed {}

impl de::Error for Probed {
    // A type that fails its own way (a hand-written `Deserialize` checking something first)
    // sees every unclaimed key, as with serde.
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Probed(Takes::All)
    }
}

impl<'de> Deserializer<'de> for Probe {
    type Error = Probed;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        Err(Probed(Takes::All))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Probed> {
        // A list with placeholder names (`unnamed_fields`: a FastFlatten internally tagged enum,
        // or a struct flattening a type parameter) does not say which keys the type reads: it
        // sees every unclaimed key, as serde's derive of such a type (`deserialize_any`) does.
        if fields.contains(&UNNAMED_FIELD) {
            return Err(Probed(Takes::All));
        }
        Err(Probed(Takes::Named(fields)))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Probed> {
        Err(Probed(Takes::Named(variants)))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Probed> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Probed> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        Err(Probed(Takes::Named(&[])))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _visitor: V,
    ) -> Result<V::Value, Probed> {
        Err(Probed(Takes::Named(&[])))
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf seq tuple tuple_struct map identifier ignored_any
    }
}
