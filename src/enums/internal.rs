//! Internally tagged enums (`#[serde(tag = "type")]`): `{"type": "V", ...the variant's fields}`.
//!
//! serde's derive copies every entry but the tag into its private buffer and then reads the
//! variant from the buffer, even when the tag comes first. Here the keys are read until the
//! tag; when it is the first key (as real APIs send it) nothing is held and the variant reads
//! the rest of the map straight from the format. Entries before the tag are held and replayed
//! first. A second tag is serde's "duplicate field" error ([`TagGuard`]).
//!
//! Formats that write structs as sequences (bincode, postcard, rmp-serde's array mode) get the
//! tag as the first element and the variant's fields after it, which serde's derive cannot read
//! (it starts with `deserialize_any`).

#[cfg(feature = "alloc")]
use alloc::{borrow::ToOwned, string::String, vec, vec::Vec};
use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Error as _, IgnoredAny, MapAccess, SeqAccess,
    Unexpected, VariantAccess, Visitor,
};

#[cfg(feature = "alloc")]
use super::speculation::read_ahead;
use super::speculation::HeldAhead;
use super::tag_guard::TagGuard;
use super::unit_value::UnitValue;
use super::{DeserializeVariant, VariantSeed};
#[cfg(feature = "alloc")]
use crate::buffer::{held_entries, held_vec, Content, ContentDeserializer, ContentVisitor};
use crate::flatten::serde_flatten::is_serde_flatten;
#[cfg(feature = "alloc")]
use crate::flatten::{fill_from_held, fill_in_serde_order_after};
use crate::flatten::{fill_from_map, FlattenDeserialize, FlattenFields};
use crate::stack_text::KeyText;

/// A key only variant `index`'s tree names, at its `slot` there, as [`InternallyTagged::sole_claimant`]
/// finds it.
#[derive(Clone, Copy, Debug)]
pub struct SoleClaimant {
    /// The variant's index.
    pub index: usize,
    /// The key's slot in the variant's tree.
    pub slot: usize,
}

/// An internally tagged enum: its tag key, a constant, so that each key is compared with a
/// literal wherever the enum is read.
pub trait InternallyTagged<'de>: DeserializeVariant<'de> {
    /// The tag key (`#[serde(tag = "...")]`).
    const TAG: &'static str;

    /// The most leaves a struct variant reads: room for the entries held before the tag where
    /// the format does not announce the map's length (serde_json), so that holding a variant's
    /// fields allocates once where a `Vec` would grow at 4, 8, 16 entries.
    const LONGEST_VARIANT: usize = 0;

    /// `key` spelled as a struct variant's leaf is named ([`tree_key`]), when one is: a key
    /// held before the tag is then held as that `&'static str`, where a format that hands keys
    /// over transiently (ciborium) would otherwise cost a `String` per held key. Generated as
    /// one lookup per struct variant, tried only for such keys.
    #[inline]
    fn static_key(key: &str) -> Option<&'static str> {
        let _ = key;
        None
    }

    /// Whether keys one struct variant alone names are read into it before the tag
    /// ([`read_speculating`](super::speculation::read_speculating)): every other variant
    /// ignores them (unit and struct variants whose trees skip keys they do not name).
    #[inline]
    fn speculates() -> bool {
        false
    }

    /// The struct variant whose tree alone names `key`, and the key's slot there.
    #[inline]
    fn sole_claimant(key: &str) -> Option<SoleClaimant> {
        let _ = key;
        None
    }

    /// Reads the map on from the first key variant `claimant.index` alone names, `held` the
    /// entries before it: [`read_speculating`](super::speculation::read_speculating) with that
    /// variant's tree.
    fn speculate<M: MapAccess<'de>>(
        claimant: SoleClaimant,
        map: M,
        held: HeldAhead<'de>,
    ) -> Result<Self, M::Error> {
        let _ = (claimant, map, held);
        Err(M::Error::custom(
            "serde_fastkit: this enum reads no key before its tag",
        ))
    }
}

/// `key` as the tree `T` names one of its leaves, when a leaf is named exactly so (an alias is
/// not: the key must read back as itself in whichever variant the tag chooses).
#[inline]
pub fn tree_key<T: FlattenFields>(key: &str) -> Option<&'static str> {
    let name = T::slot_name(T::slot_of(key)?)?;
    (name == key).then_some(name)
}

/// Deserializes the internally tagged enum `E`. `fields` is what `deserialize_struct` is
/// given: formats that write structs as sequences read at most that many elements (the tag and
/// the longest variant's fields).
#[inline(always)]
pub fn deserialize_internal<'de, E, D>(
    deserializer: D,
    fields: &'static [&'static str],
) -> Result<E, D::Error>
where
    E: InternallyTagged<'de>,
    D: Deserializer<'de>,
{
    let visitor = InternalVisitor {
        variants: PhantomData::<fn() -> E>,
    };
    if is_serde_flatten::<D>() {
        // As serde's derive asks (`serde_flatten.rs`): every key, left to the fields after it.
        deserializer.deserialize_any(visitor)
    } else {
        deserializer.deserialize_struct(E::NAME, fields, visitor)
    }
}

struct InternalVisitor<E> {
    variants: PhantomData<fn() -> E>,
}

impl<'de, E: InternallyTagged<'de>> Visitor<'de> for InternalVisitor<E> {
    type Value = E;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(E::EXPECTING)
    }

    /// Keys are read until the tag, the entries before it held. One loop, with one call
    /// reading a key: the format's key reader then inlines into it, as into serde's buffering
    /// loop. When the tag comes first, nothing is allocated and nothing is left to drop.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<E, M::Error> {
        let mut held: Option<Held<'de>> = None;
        let mut other = None;
        let index = loop {
            if map.next_key_seed(TagOrKey::<E>::new(&mut other))?.is_none() {
                return Err(M::Error::missing_field(E::TAG));
            }
            let Some(key) = other.take() else {
                break map.next_value_seed(VariantSeed::<E, _>::identifier())?;
            };
            if E::speculates() {
                // The first key before the tag: read ahead from here.
                return read_ahead::<E, M>(key, map);
            }
            let value = map.next_value_seed(ContentVisitor(PhantomData))?;
            held.get_or_insert_with(|| held_vec(map.size_hint(), E::LONGEST_VARIANT))
                .push((key, value));
        };
        E::deserialize_tagged_variant(
            index,
            RestOfMap {
                held: held.map(Vec::into_iter),
                value: None,
                map,
                tag: E::TAG,
                guard: false,
            },
        )
    }

    /// Without a heap nothing can be held: the tag must be the first key.
    #[cfg(not(feature = "alloc"))]
    #[inline(always)]
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<E, M::Error> {
        if map.next_key_seed(TagFirst::<E>(PhantomData))?.is_none() {
            return Err(M::Error::missing_field(E::TAG));
        }
        let index = map.next_value_seed(VariantSeed::<E, _>::identifier())?;
        E::deserialize_tagged_variant(
            index,
            RestOfMap {
                map,
                tag: E::TAG,
                guard: false,
                borrow: PhantomData,
            },
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<E, A::Error> {
        match seq.next_element_seed(VariantSeed::<E, _>::str())? {
            Some(index) => E::deserialize_variant(index, RestOfSeq(seq)),
            None => Err(A::Error::missing_field(E::TAG)),
        }
    }
}

#[cfg(feature = "alloc")]
/// Entries held before the tag, in input order.
type Held<'de> = Vec<(Content<'de>, Content<'de>)>;

/// A key of an internally tagged map: the tag, or another key, held in case it comes before
/// the tag. Compared before anything is copied, so a tag in first position costs no
/// allocation even when the format hands keys over transiently.
#[cfg(feature = "alloc")]
enum Key<'de> {
    Tag,
    Other(Content<'de>),
}

/// Reads a key of the internally tagged enum `T`'s map: `other` is left `None` when the key is
/// the tag, and is given any other key, held as serde's buffer holds it.
///
/// The key is left in `other` rather than handed back: what the seed hands back passes through
/// the format's `next_key_seed` and the `Result` and `Option` around it, each of which may copy
/// it, and a copy of a value that narrower stores just wrote waits for them to retire (store
/// forwarding fails; DESIGN.md, "What a key seed hands back").
#[cfg(feature = "alloc")]
pub(super) struct TagOrKey<'a, 'de, T> {
    other: &'a mut Option<Content<'de>>,
    enum_: PhantomData<fn() -> T>,
}

#[cfg(feature = "alloc")]
impl<'a, 'de, T> TagOrKey<'a, 'de, T> {
    /// The seed of one key, which it leaves in `other` unless it is the tag.
    #[inline(always)]
    pub(super) fn new(other: &'a mut Option<Content<'de>>) -> Self {
        TagOrKey {
            other,
            enum_: PhantomData,
        }
    }
}

#[cfg(feature = "alloc")]
impl<'de, T: InternallyTagged<'de>> DeserializeSeed<'de> for TagOrKey<'_, 'de, T> {
    type Value = ();

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        if let Key::Other(key) = deserializer.deserialize_any(TagOrKeyVisitor::<T>(PhantomData))? {
            *self.other = Some(key);
        }
        Ok(())
    }
}

/// The visitor of [`TagOrKey`].
#[cfg(feature = "alloc")]
struct TagOrKeyVisitor<T>(PhantomData<fn() -> T>);

#[cfg(feature = "alloc")]
impl<'de, T: InternallyTagged<'de>> TagOrKeyVisitor<T> {
    /// Inlined always in release builds, so that a first key that is the tag costs only the
    /// comparison; holding another key is [`held_text`]'s.
    #[inline(always)]
    fn text<E>(&self, key: &[u8], hold: impl FnOnce() -> Content<'de>) -> Result<Key<'de>, E> {
        Ok(if key == T::TAG.as_bytes() {
            Key::Tag
        } else {
            Key::Other(hold())
        })
    }
}

/// The struct variant that alone names `key` ([`InternallyTagged::sole_claimant`]), for a key
/// held as text. Out of line: the loop that reads a tag first stays as it was.
#[cfg(feature = "alloc")]
#[inline(never)]
pub(super) fn claimant_of<'de, T: InternallyTagged<'de>>(
    key: &Content<'de>,
) -> Option<SoleClaimant> {
    match key {
        Content::Str(key) => T::sole_claimant(key),
        Content::String(key) => T::sole_claimant(key),
        Content::Bytes(key) => T::sole_claimant(core::str::from_utf8(key).ok()?),
        Content::ByteBuf(key) => T::sole_claimant(core::str::from_utf8(key).ok()?),
        _ => None,
    }
}

/// A key handed over transiently, held: as the `&'static str` a struct variant names it by
/// ([`InternallyTagged::static_key`]), else copied.
#[cfg(feature = "alloc")]
#[inline(never)]
pub(super) fn held_text<'de, T: InternallyTagged<'de>>(key: &str) -> Content<'de> {
    match T::static_key(key) {
        Some(key) => Content::Str(key),
        None => Content::String(key.to_owned()),
    }
}

/// The methods of a key visitor for keys that are not text: each key held as serde's buffer
/// holds it, wrapped in `$other` (`Key::Other`, ...). Shared by the key visitors of the
/// internally tagged map (here and in `speculation.rs`).
#[cfg(feature = "alloc")]
macro_rules! other_keys {
    ($key:ty, $other:path) => {
        other_keys! {
            @scalars $key, $other;
            visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
            visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
            visit_u128(u128) visit_f32(f32) visit_f64(f64) visit_char(char)
        }

        fn visit_unit<Er: de::Error>(self) -> Result<$key, Er> {
            Ok($other(Content::Unit))
        }

        fn visit_none<Er: de::Error>(self) -> Result<$key, Er> {
            Ok($other(Content::None))
        }

        fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<$key, D::Error> {
            ContentVisitor(PhantomData).visit_some(deserializer).map($other)
        }

        fn visit_newtype_struct<D: Deserializer<'de>>(
            self,
            deserializer: D,
        ) -> Result<$key, D::Error> {
            ContentVisitor(PhantomData)
                .visit_newtype_struct(deserializer)
                .map($other)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<$key, A::Error> {
            ContentVisitor(PhantomData).visit_seq(seq).map($other)
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<$key, A::Error> {
            ContentVisitor(PhantomData).visit_map(map).map($other)
        }
    };
    (@scalars $key:ty, $other:path; $($method:ident($ty:ty))*) => {
        $(
            fn $method<Er: de::Error>(self, value: $ty) -> Result<$key, Er> {
                ContentVisitor(PhantomData).$method(value).map($other)
            }
        )*
    };
}
#[cfg(feature = "alloc")]
pub(super) use other_keys;

#[cfg(feature = "alloc")]
impl<'de, T: InternallyTagged<'de>> Visitor<'de> for TagOrKeyVisitor<T> {
    type Value = Key<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map key")
    }

    #[inline(always)]
    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Key<'de>, E> {
        self.text(key.as_bytes(), || Content::Str(key))
    }

    #[inline(always)]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key<'de>, E> {
        self.text(key.as_bytes(), || held_text::<T>(key))
    }

    fn visit_string<E: de::Error>(self, key: String) -> Result<Key<'de>, E> {
        Ok(if key == T::TAG {
            Key::Tag
        } else {
            Key::Other(Content::String(key))
        })
    }

    fn visit_borrowed_bytes<E: de::Error>(self, key: &'de [u8]) -> Result<Key<'de>, E> {
        self.text(key, || Content::Bytes(key))
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Key<'de>, E> {
        self.text(key, || Content::ByteBuf(key.to_vec()))
    }

    fn visit_byte_buf<E: de::Error>(self, key: Vec<u8>) -> Result<Key<'de>, E> {
        Ok(if key == T::TAG.as_bytes() {
            Key::Tag
        } else {
            Key::Other(Content::ByteBuf(key))
        })
    }

    other_keys!(Key<'de>, Key::Other);
}

/// The rest of an internally tagged map after its tag: the entries held before the tag, then
/// the format's own map.
pub struct RestOfMap<'de, M> {
    /// The entries held before the tag, until they are all replayed; `None` when keys and
    /// values come from the format's map (at once when the tag came first): checked first, so
    /// that the common case costs one predictable branch per key and value, and nothing to drop.
    #[cfg(feature = "alloc")]
    held: Option<vec::IntoIter<(Content<'de>, Content<'de>)>>,
    #[cfg(feature = "alloc")]
    value: Option<Content<'de>>,
    map: M,
    tag: &'static str,
    /// Whether keys are watched for a second tag here ([`TagGuard`]): for a type that knows
    /// nothing of the tag. A struct variant's tree checks its unknown keys itself.
    guard: bool,
    /// Without a heap nothing is held, and nothing else names the input's lifetime.
    #[cfg(not(feature = "alloc"))]
    borrow: PhantomData<&'de ()>,
}

impl<'de, M: MapAccess<'de>> RestOfMap<'de, M> {
    /// The rest of the map after the tag, `held` the entries before it.
    #[cfg(feature = "alloc")]
    pub(super) fn after_tag(held: Held<'de>, map: M, tag: &'static str) -> Self {
        RestOfMap {
            held: (!held.is_empty()).then(|| held.into_iter()),
            value: None,
            map,
            tag,
            guard: false,
        }
    }

    /// Reads a struct variant's tree from the rest of the map: the held entries first, then
    /// the format's map, each through its own loop, so that when the tag came first the
    /// variant is read exactly as the plain struct of its fields is. `into` makes the enum's
    /// variant of the tree here rather than in a `Result::map` around the call, which LLVM
    /// compiles to fewer moves (14 instructions less per event on serde_json and ciborium).
    #[inline]
    pub fn tree<T: FlattenDeserialize<'de>, V>(
        mut self,
        into: impl FnOnce(T) -> V,
    ) -> Result<V, M::Error> {
        let tag = Some(self.tag);
        let mut state = T::new_state();
        #[cfg(feature = "alloc")]
        if let Some(held) = self.held {
            // A variant whose keys can go to two places reads every entry in serde's order,
            // those held before the tag first.
            if const { T::READ.serde_order } && T::reads_in_serde_order(&mut state) {
                fill_in_serde_order_after::<T, _, M>(
                    &mut state,
                    &mut held_entries(held),
                    &mut self.map,
                    tag,
                )?;
                return Ok(into(T::finish(state)?));
            }
            fill_from_held::<T, M::Error, _>(&mut state, &mut held_entries(held), tag)?;
        }
        fill_from_map::<T, M>(&mut state, &mut self.map, tag)?;
        Ok(into(T::finish(state)?))
    }

    /// The rest of the map as a deserializer, for the type a newtype variant wraps (or a unit
    /// variant): its keys are watched for a second tag.
    #[inline]
    pub fn deserializer(mut self) -> impl Deserializer<'de, Error = M::Error> {
        self.guard = true;
        RestDeserializer(self)
    }
}

impl<'de, M: MapAccess<'de>> MapAccess<'de> for RestOfMap<'de, M> {
    type Error = M::Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, M::Error> {
        #[cfg(feature = "alloc")]
        if let Some(held) = &mut self.held {
            match held.next() {
                Some((key, value)) => {
                    self.value = Some(value);
                    return seed.deserialize(ContentDeserializer::moved(key)).map(Some);
                }
                None => self.held = None,
            }
        }
        if self.guard {
            self.map.next_key_seed(TagGuard {
                seed,
                tag: self.tag,
            })
        } else {
            self.map.next_key_seed(seed)
        }
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, M::Error> {
        #[cfg(not(feature = "alloc"))]
        return self.map.next_value_seed(seed);
        #[cfg(feature = "alloc")]
        if self.held.is_none() {
            return self.map.next_value_seed(seed);
        }
        #[cfg(feature = "alloc")]
        match self.value.take() {
            Some(value) => seed.deserialize(ContentDeserializer::moved(value)),
            None => self.map.next_value_seed(seed),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        #[cfg(not(feature = "alloc"))]
        let held = 0;
        #[cfg(feature = "alloc")]
        let held = self.held.as_ref().map_or(0, ExactSizeIterator::len);
        self.map.size_hint().map(|live| live + held)
    }
}

/// The rest of the map as the deserializer a variant reads: a map, or unit when nothing is
/// left (`{"type": "V"}` reads a newtype variant holding `()` or a unit struct, as serde's
/// buffer allows), or an externally tagged enum when one key is left.
struct RestDeserializer<'de, M>(RestOfMap<'de, M>);

impl<'de, M: MapAccess<'de>> RestDeserializer<'de, M> {
    /// Unit when the map holds no more entries.
    fn unit<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, M::Error> {
        match self.0.next_key_seed(IgnoredKey)? {
            None => visitor.visit_unit(),
            Some(()) => Err(M::Error::invalid_type(Unexpected::Map, &visitor)),
        }
    }
}

impl<'de, M: MapAccess<'de>> Deserializer<'de> for RestDeserializer<'de, M> {
    type Error = M::Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, M::Error> {
        visitor.visit_map(self.0)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, M::Error> {
        self.unit(visitor)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, M::Error> {
        self.unit(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, M::Error> {
        visitor.visit_enum(self)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, M::Error> {
        // The rest of a map is never `None`.
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, M::Error> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf seq tuple tuple_struct map struct identifier ignored_any
    }
}

impl<'de, M: MapAccess<'de>> RestDeserializer<'de, M> {
    /// After an enum's variant: the map must end there (an enum is a map with one key).
    fn single_key<T>(mut self, value: T) -> Result<T, M::Error> {
        match self.0.next_key_seed(IgnoredKey)? {
            None => Ok(value),
            Some(()) => Err(not_single_key()),
        }
    }
}

/// serde's error for an enum held as a map of other than one entry.
#[cold]
fn not_single_key<E: de::Error>() -> E {
    E::invalid_value(Unexpected::Map, &"map with a single key")
}

/// A newtype variant holding an externally tagged enum: the next key names its variant, the
/// key's value is the variant's content.
impl<'de, M: MapAccess<'de>> EnumAccess<'de> for RestDeserializer<'de, M> {
    type Error = M::Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(
        mut self,
        seed: V,
    ) -> Result<(V::Value, Self), M::Error> {
        match self.0.next_key_seed(seed)? {
            Some(variant) => Ok((variant, self)),
            None => Err(not_single_key()),
        }
    }
}

impl<'de, M: MapAccess<'de>> VariantAccess<'de> for RestDeserializer<'de, M> {
    type Error = M::Error;

    fn unit_variant(mut self) -> Result<(), M::Error> {
        self.0.next_value_seed(UnitValue)?;
        self.single_key(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(
        mut self,
        seed: T,
    ) -> Result<T::Value, M::Error> {
        let value = self.0.next_value_seed(seed)?;
        self.single_key(value)
    }

    fn tuple_variant<V: Visitor<'de>>(
        mut self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, M::Error> {
        let value = self.0.next_value_seed(TupleSeed { len, visitor })?;
        self.single_key(value)
    }

    fn struct_variant<V: Visitor<'de>>(
        mut self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, M::Error> {
        let value = self.0.next_value_seed(StructSeed { fields, visitor })?;
        self.single_key(value)
    }
}

struct TupleSeed<V> {
    len: usize,
    visitor: V,
}

impl<'de, V: Visitor<'de>> DeserializeSeed<'de> for TupleSeed<V> {
    type Value = V::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        deserializer.deserialize_tuple(self.len, self.visitor)
    }
}

struct StructSeed<V> {
    fields: &'static [&'static str],
    visitor: V,
}

impl<'de, V: Visitor<'de>> DeserializeSeed<'de> for StructSeed<V> {
    type Value = V::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        deserializer.deserialize_struct("", self.fields, self.visitor)
    }
}

/// The rest of an internally tagged sequence after its tag, as the deserializer a variant
/// reads: a sequence, or unit when nothing is left (`["V"]` reads a newtype variant holding a
/// unit struct, as serde's buffer allows).
struct RestOfSeq<A>(A);

impl<'de, A: SeqAccess<'de>> RestOfSeq<A> {
    fn unit<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, A::Error> {
        match self.0.next_element_seed(IgnoredKey)? {
            None => visitor.visit_unit(),
            Some(()) => Err(A::Error::invalid_type(Unexpected::Seq, &visitor)),
        }
    }
}

impl<'de, A: SeqAccess<'de>> Deserializer<'de> for RestOfSeq<A> {
    type Error = A::Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_seq(self.0)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.unit(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let _ = visitor;
        Err(A::Error::invalid_type(Unexpected::Seq, &"string or map"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

/// A key whose only use is to learn that there is one.
struct IgnoredKey;

impl<'de> DeserializeSeed<'de> for IgnoredKey {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_ignored_any(IgnoredAny).map(drop)
    }
}

/// Reads an internally tagged unit variant from the rest of its map: serde ignores any
/// entries left (or a sequence), also under `deny_unknown_fields` (serde issues 2123, 2294);
/// with `deny_unknown_fields` on a strict enum, an entry is serde's "unknown field" error.
#[inline]
pub fn tagged_unit_variant<'de, D: Deserializer<'de>>(
    deserializer: D,
    enum_name: &'static str,
    variant: &'static str,
    deny_unknown_fields: bool,
) -> Result<(), D::Error> {
    deserializer.deserialize_any(TaggedUnitVisitor {
        enum_name,
        variant,
        deny_unknown_fields,
    })
}

struct TaggedUnitVisitor {
    enum_name: &'static str,
    variant: &'static str,
    deny_unknown_fields: bool,
}

impl<'de> Visitor<'de> for TaggedUnitVisitor {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unit variant {}::{}", self.enum_name, self.variant)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _seq: A) -> Result<(), A::Error> {
        Ok(())
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
        if self.deny_unknown_fields {
            if let Some(key) = map.next_key_seed(KeyText)? {
                return Err(M::Error::unknown_field(key.as_str(), &[]));
            }
        }
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }
}

/// Without a heap, the first key of an internally tagged map: the tag, or the error that the
/// entries before it cannot be held.
#[cfg(not(feature = "alloc"))]
struct TagFirst<T>(PhantomData<fn() -> T>);

#[cfg(not(feature = "alloc"))]
impl<'de, T: InternallyTagged<'de>> DeserializeSeed<'de> for TagFirst<T> {
    type Value = ();

    /// Read as an identifier, as serde's derive reads field names: the key is compared and
    /// never held, and formats that lack `deserialize_any` for keys (serde-json-core) read it.
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

#[cfg(not(feature = "alloc"))]
impl<'de, T: InternallyTagged<'de>> TagFirst<T> {
    #[inline(always)]
    fn key<E: de::Error>(key: &[u8]) -> Result<(), E> {
        if key == T::TAG.as_bytes() {
            Ok(())
        } else {
            Err(E::custom(crate::needs_alloc::LATE_TAG))
        }
    }
}

#[cfg(not(feature = "alloc"))]
impl<'de, T: InternallyTagged<'de>> Visitor<'de> for TagFirst<T> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map key")
    }

    #[inline(always)]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<(), E> {
        Self::key(key.as_bytes())
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<(), E> {
        Self::key(key)
    }

    fn visit_u64<E: de::Error>(self, _key: u64) -> Result<(), E> {
        Err(E::custom(crate::needs_alloc::LATE_TAG))
    }

    fn visit_i64<E: de::Error>(self, _key: i64) -> Result<(), E> {
        Err(E::custom(crate::needs_alloc::LATE_TAG))
    }
}
