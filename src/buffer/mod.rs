//! The values a reader must hold because they arrive before the key that says how to read them:
//! the fields before an internally tagged enum's tag, the content before an adjacently tagged
//! enum's tag, an untagged enum's whole value. Only those are held; everything else is read in
//! place.
//!
//! serde has such a buffer (its `Content`), but it is private API (`serde::__private`, which
//! changes in patch releases), and it loses what the format would convert: `u128`/`i128`.
//! This one keeps them, and keeps borrowed strings and bytes borrowed.

/// `deserialize_*` methods of a live compound's deserializer (`LiveSeqDeserializer`,
/// `LiveMapDeserializer`) that read it live: the replay calls the visitor's `$visit` there.
macro_rules! live {
    ($visit:ident: $($method:ident($($arg:ident: $ty:ty),*))*) => {
        $(
            #[inline]
            fn $method<V: Visitor<'de>>(self, $(_: $ty,)* visitor: V) -> Result<V::Value, E> {
                self.$visit(visitor)
            }
        )*
    };
}

/// `deserialize_*` methods of a live compound's deserializer that hold it whole and replay
/// it, as serde's buffer answers them.
macro_rules! held {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, E> {
                self.held()?.$method($($arg,)* visitor)
            }
        )*
    };
}

mod content;
mod de;
mod held_value;
mod isolated;
mod live_map;
mod refusal;

pub use self::content::Content;
pub(crate) use self::content::{drop_held, held_vec, reserve_held, ContentVisitor};
pub use self::de::ContentDeserializer;
pub(crate) use self::de::{held_entries, lent_entries, visit_enum_entry, HeldEntries};
pub(crate) use self::held_value::{HeldInPlace, HeldValue};
pub(crate) use self::isolated::{Compounds, IsolatedMap, Live};
pub(crate) use self::refusal::{Boxed, Refusals, Reported, RuledOut, Unmatched};
