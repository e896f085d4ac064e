//! What `#[derive(FastFlatten)]` expands to calls into this module and nothing else, so the
//! generated code needs no path into `serde` or `core` of its own (it compiles under
//! `#![no_implicit_prelude]`, beside local types named `Result` or `Option`, and with
//! `serde_fastkit` renamed). Not public API: it changes without notice.

#[cfg(feature = "alloc")]
mod borrow;
mod missing;
mod unit_struct;

#[cfg(feature = "alloc")]
pub use alloc::vec::Vec;
pub use core::clone::Clone;
pub use core::convert::identity;
pub use core::convert::{From, Into, TryFrom};
pub use core::default::Default;
pub use core::marker::PhantomData;
pub use core::mem::replace;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use core::unreachable;

pub use serde;
pub use serde::de::{Deserialize, Deserializer, Error as DeError, MapAccess, SeqAccess};
pub use serde::ser::{Serialize, Serializer};

pub use crate::flatten::for_derive::*;
pub use crate::flatten::{
    deserialize_leaf, deserialize_struct, serialize_struct, FieldSink, FlattenBoth,
    FlattenDeserialize, FlattenFields, FlattenSerialize, HeldMap, HeldMode, NamePart, ReadShape,
    RestClaim, RestKey, SeqLeaves, WriteShape,
};

pub use self::missing::missing_field;
pub use self::unit_struct::deserialize_unit_struct;

#[cfg(feature = "alloc")]
pub use crate::buffer::{Content, ContentDeserializer};
pub use crate::enums::*;
pub use core::fmt::{Formatter, Result as FmtResult};
pub use serde::de::{EnumAccess, IgnoredAny, VariantAccess, Visitor};
pub use serde::ser::{
    Error as SerError, SerializeTuple, SerializeTupleStruct, SerializeTupleVariant,
};

/// Stands in for `serde` under the name `_serde` in generated code: serde's attribute parser
/// (`serde_derive_internals`) turns `#[serde(borrow)]` on a `Cow<str>` or `Cow<[u8]>` field into
/// `deserialize_with = "_serde::__private::de::borrow_cow_str"` (or `_bytes`), a path into serde's
/// own private module, which serde versions under a different name. These are the same functions.
pub mod serde_compat {
    #[doc(hidden)]
    pub mod __private {
        #[doc(hidden)]
        pub mod de {
            #[cfg(feature = "alloc")]
            pub use crate::__private::borrow::{borrow_cow_bytes, borrow_cow_str};
        }
    }
}
