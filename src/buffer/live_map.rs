//! A map read [`Isolated`](super::isolated::Isolated): given to its type as the format reads it,
//! each key and value isolated (a compound one held whole, see
//! [`HeldWhole`](super::isolated::HeldWhole)), instead of the whole map held and replayed. The
//! type sees what the replay would show it, and gets the replay's errors; nothing is held but
//! the entry being read.
//!
//! This is what keeps a struct read before it is known to be wanted (a field of one variant of
//! a flattened untagged enum, `"error": {"code": .., "message": ..}`) from building a `Vec` of
//! entries and a `String` per key.

use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};

use super::de::ExpectedLen;
use super::isolated::{stand_in, HeldWhole, Isolated};
use super::{Content, ContentDeserializer, ContentVisitor};

/// The format's map, read live for a type: what the replay of the held map would give it.
pub(super) struct LiveMap<'de, A: MapAccess<'de>, E> {
    map: A,
    /// Keys read, as the replay counts them for its length error.
    count: usize,
    /// Whether the last key read still has its value unread.
    value_pending: bool,
    /// Whether the format said the map has ended (it is not asked again).
    ended: bool,
    /// The format's error, once it failed: the type was given a stand-in, and the format is not
    /// read again.
    fatal: Option<A::Error>,
    error: PhantomData<fn() -> (E, &'de ())>,
}

impl<'de, A: MapAccess<'de>, E: de::Error> LiveMap<'de, A, E> {
    #[inline]
    pub(super) fn new(map: A) -> Self {
        LiveMap {
            map,
            count: 0,
            value_pending: false,
            ended: false,
            fatal: None,
            error: PhantomData,
        }
    }

    /// The format's error, kept, and the stand-in the type gets in its place.
    #[cold]
    fn fail(&mut self, fatal: A::Error) -> E {
        self.fatal = Some(fatal);
        stand_in()
    }

    /// The type's result, with what the replay checks after its visitor: every entry read. The
    /// rest of the map is read past whatever the type did, so that a format error anywhere in
    /// it is the error, as it is when the map is held.
    pub(super) fn finish<V>(mut self, value: Result<V, E>) -> Result<Result<V, E>, A::Error> {
        if let Some(fatal) = self.fatal.take() {
            return Err(fatal);
        }
        let count = self.count;
        if self.value_pending {
            self.map.next_value_seed(ContentVisitor(PhantomData))?;
        }
        let mut remaining = 0;
        if !self.ended {
            while self
                .map
                .next_entry_seed(ContentVisitor(PhantomData), ContentVisitor(PhantomData))?
                .is_some()
            {
                remaining += 1;
            }
        }
        Ok(match value {
            Ok(_) if remaining != 0 => Err(E::invalid_length(
                count + remaining,
                &ExpectedLen(count, "map"),
            )),
            value => value,
        })
    }

    /// The rest of the map held, for the ways of reading it that look at it whole (only before
    /// the type read an entry).
    fn hold(&mut self) -> Result<Content<'de>, E> {
        match ContentVisitor(PhantomData).visit_map(&mut self.map) {
            Ok(content) => {
                self.ended = true;
                Ok(content)
            }
            Err(fatal) => Err(self.fail(fatal)),
        }
    }
}

impl<'de, A: MapAccess<'de>, E: de::Error> MapAccess<'de> for &mut LiveMap<'de, A, E> {
    type Error = E;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, E> {
        if self.fatal.is_some() {
            return Err(stand_in());
        }
        if self.ended {
            return Ok(None);
        }
        if self.value_pending {
            // The type skipped the last value: the replay moves past it too.
            self.value_pending = false;
            if let Err(fatal) = self.map.next_value_seed(ContentVisitor(PhantomData)) {
                return Err(self.fail(fatal));
            }
        }
        match self
            .map
            .next_key_seed(Isolated::<K, E, HeldWhole>::new(seed))
        {
            Ok(Some(key)) => {
                self.count += 1;
                self.value_pending = true;
                key.map(Some)
            }
            Ok(None) => {
                self.ended = true;
                Ok(None)
            }
            Err(fatal) => Err(self.fail(fatal)),
        }
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, E> {
        if self.fatal.is_some() {
            return Err(stand_in());
        }
        if !self.value_pending {
            // As the replay answers it, not serde's panic.
            return Err(E::custom("MapAccess::next_value called before next_key"));
        }
        self.value_pending = false;
        match self
            .map
            .next_value_seed(Isolated::<V, E, HeldWhole>::new(seed))
        {
            Ok(value) => value,
            Err(fatal) => Err(self.fail(fatal)),
        }
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// The deserializer of a [`LiveMap`]: where the replay of a held map calls its visitor's
/// `visit_map`, the visitor reads the live map; elsewhere (an enum's single key, a sequence
/// asked for) the map is held and replayed as serde's buffer does.
pub(super) struct LiveMapDeserializer<'a, 'de, A: MapAccess<'de>, E> {
    pub(super) live: &'a mut LiveMap<'de, A, E>,
}

impl<'de, A: MapAccess<'de>, E: de::Error> LiveMapDeserializer<'_, 'de, A, E> {
    #[inline]
    fn visit_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_map(self.live)
    }

    fn held(self) -> Result<ContentDeserializer<Content<'de>, E>, E> {
        Ok(ContentDeserializer::moved(self.live.hold()?))
    }
}

impl<'de, A: MapAccess<'de>, E: de::Error> Deserializer<'de>
    for LiveMapDeserializer<'_, 'de, A, E>
{
    type Error = E;

    live! { visit_map:
        deserialize_any() deserialize_map()
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
    }

    held! {
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32() deserialize_i64()
        deserialize_i128() deserialize_u8() deserialize_u16() deserialize_u32() deserialize_u64()
        deserialize_u128() deserialize_f32() deserialize_f64() deserialize_char()
        deserialize_str() deserialize_string() deserialize_bytes() deserialize_byte_buf()
        deserialize_unit() deserialize_unit_struct(name: &'static str)
        deserialize_seq() deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
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
