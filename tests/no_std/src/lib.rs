//! Every shape `#[derive(FastFlatten)]` takes, in a `#![no_std]` crate, read from and written
//! to postcard: built for a bare-metal target by `.ci/run`, on `core` alone and with the
//! `alloc` feature (which adds the shapes that hold values: catch-all maps, untagged enums).

#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
use alloc::{collections::BTreeMap, string::String, vec::Vec};

use serde_fastkit::FastFlatten;

/// A flattened struct, a flattened `Option` of one, a default, and a catch-all map.
#[derive(FastFlatten, Debug, PartialEq)]
pub struct Page {
    pub id: u32,
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub audit: Option<Audit>,
    #[serde(default)]
    pub flags: u8,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Meta {
    pub page_number: u32,
    pub total: Option<u64>,
}

#[derive(FastFlatten, Debug, PartialEq)]
pub struct Audit {
    pub by: u32,
    pub at: u64,
}

/// A catch-all map beside a flattened struct, and a default that allocates.
#[cfg(feature = "alloc")]
#[derive(FastFlatten, Debug, PartialEq)]
pub struct Open {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub rest: BTreeMap<String, u32>,
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Internally tagged, flattened beside the struct's own field.
#[derive(FastFlatten, Debug, PartialEq)]
pub struct Event {
    pub seq: u64,
    #[serde(flatten)]
    pub kind: Kind,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "type")]
pub enum Kind {
    Started,
    Moved { x: i32, y: i32 },
    Named(Meta),
}

#[derive(FastFlatten, Debug, PartialEq)]
pub enum External {
    Unit,
    Newtype(u8),
    Tuple(u8, u8),
    Struct { a: u8 },
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
pub enum Adjacent {
    A(u16),
    B { b: bool },
}

#[cfg(feature = "alloc")]
#[derive(FastFlatten, Debug, PartialEq)]
#[serde(untagged)]
pub enum Untagged {
    Number(i64),
    Text(String),
}

#[derive(FastFlatten, Debug, PartialEq)]
pub struct Newtype(pub u32);

/// Reads a value from postcard bytes.
pub fn decode<'a, T: serde::Deserialize<'a>>(bytes: &'a [u8]) -> postcard::Result<T> {
    postcard::from_bytes(bytes)
}

/// Writes a value into a caller's buffer (no allocation by postcard).
pub fn encode<'b, T: serde::Serialize>(
    value: &T,
    buf: &'b mut [u8],
) -> postcard::Result<&'b mut [u8]> {
    postcard::to_slice(value, buf)
}

/// Every shape above, monomorphized for postcard, so that the target build compiles their
/// readers and writers to machine code.
pub fn every_shape(bytes: &[u8], buf: &mut [u8]) -> usize {
    let mut written = 0;
    macro_rules! both {
        ($($ty:ty),*) => {$(
            if let Ok(value) = decode::<$ty>(bytes) {
                written += encode(&value, buf).map_or(0, |out| out.len());
            }
        )*};
    }
    both!(Page, Event, Kind, External, Adjacent, Newtype);
    #[cfg(feature = "alloc")]
    both!(Open, Untagged);
    written
}
