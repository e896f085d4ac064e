//! Fast serde made easy.
//!
//! **`#[derive(FastFlatten)]`** replaces `#[derive(Serialize, Deserialize)]` where serde
//! buffers: structs with `#[serde(flatten)]` fields and the structs they flatten, internally
//! tagged, adjacently tagged and untagged enums, enums flattened into structs. Each key is read
//! once, matched against the whole flattened tree, and its value deserialized in place; an
//! internally tagged enum whose tag comes first is read without holding anything. The types
//! keep their `#[serde(...)]` attributes, read by serde's own parser, and then also work on
//! bincode, postcard, rmp-serde and bitcode, where serde's flatten fails (on bitcode, a
//! sequence of an enum's variants of different shapes panics in its encoder, as with serde's
//! derive). By default a type reads every input serde's derive reads, as serde reads it ([the
//! drop-in rule](guide::drop_in)).
//!
//! ```
//! use serde_fastkit::FastFlatten;
//!
//! #[derive(FastFlatten, Debug, PartialEq)]
//! struct Page {
//!     #[serde(flatten)]
//!     meta: Meta,
//!     items: Vec<String>,
//! }
//!
//! #[derive(FastFlatten, Debug, PartialEq)]
//! #[serde(rename_all = "camelCase")]
//! struct Meta {
//!     page_number: u32,
//! }
//!
//! #[derive(FastFlatten, Debug, PartialEq)]
//! #[serde(tag = "type")]
//! enum Event {
//!     Created { id: u64 },
//!     Deleted { id: u64 },
//! }
//!
//! let page: Page = serde_json::from_str(r#"{"pageNumber":2,"items":["a"]}"#).unwrap();
//! assert_eq!(page.meta, Meta { page_number: 2 });
//! let event: Event = serde_json::from_str(r#"{"type":"Created","id":7}"#).unwrap();
//! assert_eq!(event, Event::Created { id: 7 });
//! ```
//!
//! **The formatters** serialize `Display` values, iterators and pairs straight into the
//! serializer, with no `to_string()`, no intermediate `Vec` and no allocation per value
//! ([`DisplayFormatter`], [`DisplaySeq`], [`SeqFormatter`], [`MapFormatter`], [`Concat`],
//! [`display`]).
//!
//! ```
//! use serde_fastkit::DisplaySeq;
//!
//! let ports = [80, 443];
//! assert_eq!(serde_json::to_string(&DisplaySeq(&ports)).unwrap(), r#"["80","443"]"#);
//! ```
//!
//! # The words these docs use
//!
//! - **tree**: a struct together with everything flattened into it, at any depth, read and
//!   written as one map.
//! - **leaf**: a field of the tree that is not flattened: one key of the map.
//! - **catch-all**: a flattened map (`#[serde(flatten)] extra: HashMap<String, Value>`) that
//!   receives the keys no leaf claims.
//! - **held**: kept in memory before it can be read in place, as serde's derive keeps every
//!   value in its `Content` buffer: the entries before a late internal tag that no one variant
//!   alone names, an untagged enum's value (of struct variants, given a map: only the keys two
//!   variants name).
//! - **buffered**: a flattened field read as serde's flatten reads it, from held entries
//!   (`#[fast_flatten(buffered)]`, for a type of another crate).
//!
//! # Where to read on
//!
//! - [`guide::migrating`]: swapping the derive in a crate, step by step.
//! - [`guide`]: every attribute, the differences from serde's derive, known limits, what is
//!   written on formats that drop field names, the formatters in detail.
//! - [`FastFlatten`]: the derive, with its options; [`FastDeserialize`] and [`FastSerialize`]
//!   implement one half each, for a type read only or written only (or whose other half is
//!   serde's derive's or hand-written).
//! - [`flatten`]: the traits a flattened type implements, to write them by hand.
//! - [`guide::api`]: the public API, and what semantic versioning covers.
//!
//! # Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `derive` | yes | `#[derive(FastFlatten)]` |
//! | `std` | yes | `HashMap` catch-alls; the formatters reuse a buffer per thread |
//! | `alloc` | with `std` | what holds values: catch-all maps, buffered fields, untagged enums, an internally tagged enum's entries before a late tag (the crate is `no_std` with `alloc` alone, see [`guide::no_std`]; without it, on `core` alone, what would be held is a run-time error naming the feature, and untagged enums do not compile) |
//! | `serde_json` | | `serde_json::Map` and `Value` as flattened catch-all maps |
//! | `indexmap_2`, `indexmap_1` | | `indexmap::IndexMap` (version 2, 1) as a flattened catch-all map |
//!
//! The minimum supported Rust version is 1.85; raising it is a minor release.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Inlining, decided here for the runtime (the derive's twin is `fast-flatten-derive/src/inline.rs`;
// why, with the measurements, is DESIGN.md's "Inlining"), by one rule in every build profile: a
// function a read runs once per key whose body is a tree's own (the map loops, with and without a
// catch-all, and a value's read in `flatten/visitor.rs`, the pointer and `Option` trees'
// forwarding of `slot_of`, `deserialize_slot`, `new_state` and `finish`, the enums' dispatch) is
// `#[inline(always)]`. Everything else is plain `#[inline]` or left to the compiler: the write
// side, the read of a sequence of leaves, `state_is_empty`, `owns`, the rest claims, what every
// tree shares (a leaf's read in `flatten/leaf.rs`, the seen-leaf set) and the key lookups
// (`KeySeed`, `CatchAllKeySeed`). Forcing stops at a tree's `visit_map`: LLVM's always-inliner runs
// in debug builds too. Two levels are left to LLVM, since forcing them cost run time: a tree's
// `visit_map` (78 more instructions per plain struct on rmp-serde) and the read of a struct variant
// after the tag (`RestOfMap::tree`).

#[cfg(feature = "alloc")]
mod buffer;
mod enums;
pub mod flatten;
mod formatters;

pub mod guide;
#[cfg(not(feature = "alloc"))]
mod needs_alloc;
mod stack_text;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

// README's quick starts are tests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use crate::formatters::display;
pub use crate::formatters::{
    Concat, DisplayFormatter, DisplaySeq, MapFormatter, OnceMap, OnceSeq, SeqFormatter, StrPieces,
};

/// `#[derive(FastFlatten)]`: `Serialize`, `Deserialize` and the [flatten traits](flatten), in
/// place of `#[derive(Serialize, Deserialize)]`.
///
/// It reads `#[serde(...)]` attributes with serde's meaning (every one is listed in
/// [`guide::attributes`]), on structs of every shape and on enums of every representation.
/// Derive it on every type serde would buffer (a struct with `#[serde(flatten)]` fields, an
/// internally tagged, adjacently tagged or untagged enum) and on the types they flatten.
///
/// # `#[fast_flatten(crate = "path")]`
///
/// On the container: the path to this crate, when it is a dependency under another name.
///
/// ```
/// # extern crate serde_fastkit as fastkit;
/// #[derive(fastkit::FastFlatten)]
/// #[fast_flatten(crate = "fastkit")]
/// struct Renamed { id: u32 }
/// ```
///
/// # `#[fast_flatten(strict)]`
///
/// On the container: FastFlatten's own rules where serde's flatten is lenient. The type's
/// `deny_unknown_fields` then holds wherever it is flattened, a flattened `Option` of it
/// reports its error instead of reading `None`, keys beside its internally tagged unit variants
/// are refused under `deny_unknown_fields`, and a catch-all map in it receives only the keys
/// nothing else claims. Without it, a type reads every input serde's derive reads
/// ([`guide::drop_in`]).
///
/// ```
/// use serde_fastkit::FastFlatten;
///
/// #[derive(FastFlatten, Debug)]
/// struct Outer {
///     id: u32,
///     #[serde(flatten)]
///     inner: Strict,
/// }
///
/// #[derive(FastFlatten, Debug)]
/// #[serde(deny_unknown_fields)]
/// #[fast_flatten(strict)]
/// struct Strict {
///     name: String,
/// }
///
/// // serde's derive ignores a flattened struct's `deny_unknown_fields`; a strict one keeps it.
/// let err = serde_json::from_str::<Outer>(r#"{"id":1,"name":"n","typo":2}"#).unwrap_err();
/// assert!(err.to_string().starts_with("unknown field `typo`"));
/// ```
///
/// # `#[fast_flatten(buffered)]`
///
/// On a `#[serde(flatten)]` field whose type does not implement the flatten traits (another
/// crate's type, a hand-written `Deserialize`): read as serde's flatten reads it, holding only
/// the keys its type asks for, and written through its own `Serialize`.
///
/// ```
/// use serde_fastkit::FastFlatten;
///
/// /// Another crate's type.
/// #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// struct Audit { created_by: String }
///
/// #[derive(FastFlatten, Debug, PartialEq)]
/// struct Record {
///     id: u32,
///     #[serde(flatten)]
///     #[fast_flatten(buffered)]
///     audit: Audit,
/// }
///
/// let record: Record = serde_json::from_str(r#"{"id":1,"created_by":"ann"}"#).unwrap();
/// assert_eq!(record.audit, Audit { created_by: "ann".into() });
/// ```
///
/// # `#[fast_flatten(catch_all)]`
///
/// On a flattened map of a type this crate has no impls for: it receives every key no leaf
/// claims. `HashMap` and `BTreeMap` need no marker, nor do `serde_json::Map`, `serde_json::Value`
/// and `IndexMap` with the features `serde_json`, `indexmap_2`, `indexmap_1`.
///
/// ```
/// use serde_fastkit::FastFlatten;
///
/// /// A map of another crate: `Default`, extends from pairs, iterates pairs by reference.
/// #[derive(Default, Debug, PartialEq)]
/// struct Table(Vec<(String, u8)>);
///
/// impl Extend<(String, u8)> for Table {
///     fn extend<I: IntoIterator<Item = (String, u8)>>(&mut self, items: I) {
///         self.0.extend(items);
///     }
/// }
///
/// impl<'a> IntoIterator for &'a Table {
///     type Item = (&'a String, &'a u8);
///     type IntoIter = std::iter::Map<std::slice::Iter<'a, (String, u8)>, fn(&'a (String, u8)) -> (&'a String, &'a u8)>;
///     fn into_iter(self) -> Self::IntoIter {
///         self.0.iter().map(|(k, v)| (k, v))
///     }
/// }
///
/// #[derive(FastFlatten, Debug, PartialEq)]
/// struct Settings {
///     name: String,
///     #[serde(flatten)]
///     #[fast_flatten(catch_all)]
///     rest: Table,
/// }
///
/// let settings: Settings = serde_json::from_str(r#"{"name":"n","a":1}"#).unwrap();
/// assert_eq!(settings.rest, Table(vec![("a".into(), 1)]));
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
pub use fast_flatten_derive::FastFlatten;

/// `#[derive(FastDeserialize)]`: [`FastFlatten`]'s reading half, for a type that is only read,
/// or whose `Serialize` is serde's derive's or written by hand. It implements `Deserialize` and
/// the flatten traits of reading ([`FlattenFields`](flatten::FlattenFields),
/// [`FlattenDeserialize`](flatten::FlattenDeserialize)), with the attributes and options of
/// `FastFlatten`; `skip_serializing_if` and the other attributes of writing are accepted and
/// ignored, as serde's `Deserialize` does. A type deriving it flattens into a parent deriving
/// `FastDeserialize` or `FastFlatten`, when that parent is read.
///
/// ```
/// use serde::Serialize;
/// use serde_fastkit::FastDeserialize;
///
/// // Read in place; written by serde's derive.
/// #[derive(FastDeserialize, Serialize, Debug, PartialEq)]
/// struct Event {
///     id: u32,
///     #[serde(flatten)]
///     meta: Meta,
/// }
///
/// #[derive(FastDeserialize, Serialize, Debug, PartialEq)]
/// struct Meta {
///     source: String,
/// }
///
/// let event: Event = serde_json::from_str(r#"{"source":"web","id":7}"#).unwrap();
/// assert_eq!(event, Event { id: 7, meta: Meta { source: "web".into() } });
/// assert_eq!(serde_json::to_string(&event).unwrap(), r#"{"id":7,"source":"web"}"#);
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
pub use fast_flatten_derive::FastDeserialize;

/// `#[derive(FastSerialize)]`: [`FastFlatten`]'s writing half, for a type that is only
/// written, or whose `Deserialize` is serde's derive's or written by hand. It implements
/// `Serialize` and the flatten trait of writing ([`FlattenSerialize`](flatten::FlattenSerialize)),
/// with the attributes and options of `FastFlatten`. A type deriving it flattens into a parent
/// deriving `FastSerialize` or `FastFlatten`, when that parent is written.
///
/// ```
/// use serde::de::{Deserialize, Deserializer};
/// use serde_fastkit::FastSerialize;
///
/// // Written in place; read by a hand-written `Deserialize`.
/// #[derive(FastSerialize, Debug, PartialEq)]
/// struct Request {
///     method: &'static str,
///     #[serde(flatten)]
///     params: Params,
/// }
///
/// #[derive(FastSerialize, Debug, PartialEq)]
/// struct Params {
///     #[serde(skip_serializing_if = "Option::is_none")]
///     limit: Option<u32>,
/// }
///
/// impl<'de> Deserialize<'de> for Params {
///     fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
///         let limit = Option::deserialize(deserializer)?;
///         Ok(Params { limit })
///     }
/// }
///
/// let request = Request { method: "list", params: Params { limit: Some(5) } };
/// assert_eq!(
///     serde_json::to_string(&request).unwrap(),
///     r#"{"method":"list","limit":5}"#
/// );
/// let params: Params = serde_json::from_str("3").unwrap();
/// assert_eq!(params, Params { limit: Some(3) });
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
pub use fast_flatten_derive::FastSerialize;
