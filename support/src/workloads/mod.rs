//! The workloads: what the benches, the report and the tour measure and the tests check, so that
//! what is measured is exactly what is tested. Mounted by each of them as `crate::workloads`,
//! beside `crate::common`.
//!
//! A [`Workload`] is some data in several [`Implementation`]s: types that read and write the
//! same bytes. Each workload has a lower bound (`flat`: every leaf at top level, a plain serde
//! derive; for the enum workloads `lower`: the plain struct of the variant, or every variant's
//! fields in one struct), FastFlatten (`fast`) and serde's derive of the same shape
//! (`serde_flatten` with `#[serde(flatten)]`, or `serde_derive` for a standalone enum), and the
//! anchor shape also serde_fast_flatten 0.1.3 (`prior`). Consumers iterate the implementations
//! ([`Workload::visit_implementations`]) and read each one's [`Role`] and on which formats it
//! works ([`Implementation::reads`], [`Implementation::writes`]): nothing is hard-wired to these.
//!
//! **Adding a workload** is one file here (its types, its values, its `workload!`) and one line
//! in [`for_each_workload!`]; the benches, the report and the tests pick it up.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::common::formats::{Format, Needs, Properties};
/// The hash behind the workloads' `values` generators (`super::mix` in each workload).
use crate::common::rng::mix;

/// Calls `$callback!(module: Workload);` once per workload, in the order the report and the
/// benches show them.
#[macro_export]
macro_rules! for_each_workload {
    ($callback:ident) => {
        $callback!(anchor: Anchor);
        $callback!(paged: Paged);
        $callback!(paged_borrowed: PagedBorrowed);
        $callback!(wide: Wide);
        $callback!(wide_optional: WideOptional);
        $callback!(wide_default: WideDefault);
        $callback!(payload: Payload);
        $callback!(events: Events);
        $callback!(events_created: EventsCreated);
        $callback!(events_tag_last: EventsTagLast);
        $callback!(status: Status);
        $callback!(fees: Fees);
        $callback!(rpc: Rpc);
        $callback!(rpc_nested: RpcNested);
        $callback!(foreign: Foreign);
        $callback!(catch_all: CatchAll);
    };
}
pub use crate::for_each_workload;

/// One workload: some data, defined by several implementations over the same bytes.
pub trait Workload: Sized + 'static {
    /// Its name in benchmark ids, tables and messages.
    const NAME: &'static str;

    /// What one value is, for the report's legend.
    const VALUE: &'static str;

    /// What a format must offer to read the values back (`wide` leaves fields out: formats
    /// that read structs as sequences cannot; `paged_borrowed` borrows: formats that lend). The
    /// benches and the report run a workload only there; any format can write it.
    const NEEDS: Needs;

    /// The values every implementation's values are built from, owning their data. Written by
    /// any format, they are every implementation's reference bytes: FastFlatten's own values,
    /// except where the bytes to read are not what FastFlatten writes (`events_tag_last`: the
    /// lower bound's, the tag last).
    type Source: Serialize + DeserializeOwned + Clone + Debug + PartialEq;

    /// `n` deterministic values.
    fn values(n: usize) -> Vec<Self::Source>;

    /// A few small values that still cover the shape, for tests that try many mutations of
    /// each (the bad-input tests).
    fn samples() -> Vec<Self::Source>;

    /// Calls `visitor.visit::<I>()` for each implementation, in declaration order.
    fn visit_implementations(visitor: &mut impl ImplementationVisitor<Self>);

    /// Calls `visitor.visit::<P>()` for each peer measured beside the workload (none by
    /// default; LBS for `wide`).
    fn visit_peers(visitor: &mut impl PeerVisitor<Self>) {
        let _ = visitor;
    }
}

/// What an implementation is to the workload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The lower bound: the same bytes read and written by one plain serde-derived type, with
    /// no flatten and no enum (`flat`, `lower`).
    LowerBound,
    /// `#[derive(FastFlatten)]`: the implementation under test (`fast_flatten`).
    FastFlatten,
    /// serde's own derive of the same shape, `#[serde(flatten)]` (`serde_flatten`) or a tagged
    /// enum (`serde_derive`): what FastFlatten replaces.
    Serde,
    /// An earlier crate with the same aim (serde_fast_flatten 0.1.3, only the anchor shape).
    Prior,
}

/// One way to define a workload's values, as types of its own (implemented by a marker type).
pub trait Implementation<W: Workload>: 'static {
    /// Its name in benchmark ids and messages.
    const NAME: &'static str;

    /// What it is to the workload.
    const ROLE: Role;

    /// One value, borrowing from the input for `'a` where the implementation borrows.
    type Value<'a>: Serialize + Deserialize<'a> + Debug + PartialEq;

    /// Whether it reads the reference bytes (the source values written by `format`) as its
    /// values there: serde's flatten reads only maps keyed by name.
    fn reads(format: &Properties) -> bool;

    /// Whether it writes its values on `format`: serde's flatten writes a map of unknown
    /// length, which formats that read structs as sequences refuse.
    fn writes(format: &Properties) -> bool;

    /// Its values, built from the workload's source values (borrowing from them where
    /// `Value` borrows).
    fn values(source: &[W::Source]) -> Vec<Self::Value<'_>>;

    /// Decodes one value from `input`; `None` where the format cannot decode the type at all (a
    /// borrowing implementation on a format that cannot lend).
    fn decode<'de, F: Format>(input: &'de F::Input) -> Option<Result<Self::Value<'de>, String>>;

    /// Decodes a sequence of values into a `Vec`, as [`Implementation::decode`].
    fn decode_all<'de, F: Format>(
        input: &'de F::Input,
    ) -> Option<Result<Vec<Self::Value<'de>>, String>>;

    /// Reads a sequence of values through the sink (`support/src/common/sink.rs`), each dropped as
    /// it is read, and returns how many it read: what the benches and the report time.
    fn decode_sink<F: Format>(input: &F::Input) -> Option<Result<usize, String>>;

    /// Reads one value from untrusted bytes and drops it ([`Format::decode_untrusted`]).
    fn decode_untrusted<F: Format>(bytes: &[u8]) -> Option<Result<(), String>>;

    /// Reads a sequence of values from untrusted bytes ([`Format::decode_untrusted`]) and keeps
    /// them: what the fuzz targets compare.
    fn decode_all_untrusted<F: Format>(
        bytes: &[u8],
    ) -> Option<Result<Vec<Self::Value<'_>>, String>>;
}

/// Another serialization library, with its own derive and its own binary format, measured beside
/// a workload: the same values as its own types, read and written as its own bytes (LBS 0.4.3
/// for `wide`). Not a serde [`Implementation`]: it has no format of the table.
pub trait Peer<W: Workload>: 'static {
    /// Its name in tables and messages.
    const NAME: &'static str;

    /// The configurations of the format table (by [`Listed::ID`]) it is compared with: the
    /// serde formats closest to its own.
    ///
    /// [`Listed::ID`]: crate::common::formats::Listed::ID
    const COMPARED_ON: &'static [&'static str];

    /// One value.
    type Value: Debug + PartialEq;

    /// Its values, built from the workload's source values.
    fn values(source: &[W::Source]) -> Vec<Self::Value>;

    /// Writes a batch of `values` into `out`.
    fn encode_reusing(values: &[Self::Value], out: &mut Vec<u8>) -> Result<(), String>;

    /// Reads a batch written by [`Peer::encode_reusing`] into a `Vec`.
    fn decode_all(bytes: &[u8]) -> Result<Vec<Self::Value>, String>;

    /// Reads a batch value by value, each dropped as it is read (as the serde implementations'
    /// sink), and returns how many it read.
    fn decode_sink(bytes: &[u8]) -> Result<usize, String>;
}

/// Something done once per peer of a workload, with the peer as a type.
pub trait PeerVisitor<W: Workload> {
    fn visit<P: Peer<W>>(&mut self);
}

/// Something done once per implementation of a workload, with the implementation as a type.
pub trait ImplementationVisitor<W: Workload> {
    fn visit<I: Implementation<W>>(&mut self);
}

/// Something done once per workload, with the workload as a type.
pub trait WorkloadVisitor {
    fn visit<W: Workload>(&mut self);
}

/// Calls `visitor.visit::<W>()` for every workload of [`for_each_workload!`], in its order.
pub fn visit_workloads(visitor: &mut impl WorkloadVisitor) {
    macro_rules! visit {
        ($module:ident: $workload:ident) => {
            visitor.visit::<$workload>();
        };
    }
    for_each_workload!(visit);
}

/// The lower bound's marker ([`Role::LowerBound`]), where it is the flat struct.
pub struct Flat;

/// The lower bound's marker ([`Role::LowerBound`]) for an enum: a plain struct without the enum.
pub struct Lower;

/// FastFlatten's marker ([`Role::FastFlatten`]).
pub struct Fast;

/// serde's derive's marker ([`Role::Serde`]), with `#[serde(flatten)]`.
pub struct SerdeFlatten;

/// serde's derive's marker ([`Role::Serde`]) for a standalone enum.
pub struct SerdeDerive;

/// serde_fast_flatten's marker ([`Role::Prior`]).
pub struct Prior;

// Rules over formats: where an implementation works.

/// Every format.
pub fn any_format(_: &Properties) -> bool {
    true
}

/// No format: an implementation that reads the workload's bytes but writes others.
pub fn no_format(_: &Properties) -> bool {
    false
}

/// Formats that say what each value is and key struct fields by name: where a type that reads a
/// struct as whatever map it finds can read the workload (every variant's fields in one struct,
/// a flattened externally tagged enum whose variant is its key, the tag last).
pub fn maps_by_name(format: &Properties) -> bool {
    format.self_describing && format.keys_are_names
}

/// Formats that say what each value is and write names as strings: a plain struct's unit enum
/// (the tag of an enum as a plain field) reads what FastFlatten writes there, a string. Not
/// bincode, bitcode and postcard, nor serde_cbor's packed format: they write a variant as its
/// index.
pub fn names_as_strings(format: &Properties) -> bool {
    format.describes_values && format.keys_are_names
}

/// Formats that say what each value is (`deserialize_any` works): where an untagged enum is
/// told by what its value holds.
pub fn describes_values(format: &Properties) -> bool {
    format.describes_values
}

/// Where FastFlatten reads back a struct with flattened fields, an internally tagged enum, or
/// a struct flattening an enum: wherever fields are keyed by name or not keyed at all.
/// serde_cbor's packed format keys them by index, which serde's derive does not read in such a
/// struct (it reads keys as names once a struct has a flattened field), nor does FastFlatten;
/// and an index cannot tell a tag or a variant's field from the struct's own.
pub fn fast_flatten_reads(format: &Properties) -> bool {
    format.keys_are_names
}

/// Where FastFlatten reads back a struct with flattened fields borrowing its strings.
pub fn fast_flatten_lends(format: &Properties) -> bool {
    fast_flatten_reads(format) && lends(format)
}

/// Formats that lend `&str`s from their input: where borrowing implementations read.
pub fn lends(format: &Properties) -> bool {
    format.borrows
}

/// Where serde's flatten reads FastFlatten's bytes: it reads a struct with a flattened field
/// only as a map keyed by names.
pub fn serde_flatten_reads(format: &Properties) -> bool {
    maps_by_name(format)
}

/// Where serde's derive of an internally tagged enum reads FastFlatten's bytes: it starts with
/// `deserialize_any` and takes the tag from a key read as a name, or from the first element of a
/// sequence (rmp-serde's arrays).
pub fn serde_internally_tagged_reads(format: &Properties) -> bool {
    names_as_strings(format)
}

/// Where serde's flatten writes: it writes a struct with a flattened field as a map of unknown
/// length (`serialize_map(None)`), which formats reading structs as sequences refuse.
pub fn serde_flatten_writes(format: &Properties) -> bool {
    format.self_describing
}

/// Where serde's flatten reads FastFlatten's bytes borrowing its strings.
pub fn serde_flatten_reads_borrowing(format: &Properties) -> bool {
    serde_flatten_reads(format) && lends(format)
}

/// Where serde_fast_flatten reads FastFlatten's bytes: maps keyed by names, or sequences where
/// a struct leaves no trace (bincode, bitcode, postcard), since it reads a flattened struct as a
/// nested one (rmp-serde's arrays give it a header; serde_cbor's packed maps key by index).
pub fn prior_reads(format: &Properties) -> bool {
    maps_by_name(format) || !format.describes_values
}

/// What reading borrowed values needs: a format that lends.
pub const BORROWS: Needs = Needs {
    borrows: true,
    ..Needs::NOTHING
};

/// What reading a sequence of an enum's variants needs: a format that writes elements of
/// different shapes in one sequence (not bitcode).
pub const MIXED_SHAPES: Needs = Needs {
    mixed_shapes: true,
    ..Needs::NOTHING
};

/// What reading maps as whatever they hold needs ([`maps_by_name`]).
pub const MAPS_BY_NAME: Needs = Needs {
    self_describing: true,
    keys_are_names: true,
    ..Needs::NOTHING
};

/// The first value of each kind among `values`, `kind` telling them apart: small samples that
/// still cover every variant of an enum.
pub fn one_of_each<T, K: PartialEq>(values: Vec<T>, kind: impl Fn(&T) -> K) -> Vec<T> {
    let mut seen = Vec::new();
    values
        .into_iter()
        .filter(|value| {
            let kind = kind(value);
            let new = !seen.contains(&kind);
            if new {
                seen.push(kind);
            }
            new
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// How a workload file declares itself.

/// Declares a workload: its `impl Workload` (whose `visit_implementations` it writes) and the
/// `impl Implementation` of each implementation, one line each:
///
/// ```text
/// Marker "name" Role, reads rule, writes rule => <'a> ValueType = |source| values;
/// ```
///
/// where the rules are functions over a format's properties (see [`any_format`] and below).
///
/// `reads owned, peers Marker, ..;` names the workload's [`Peer`]s too.
///
/// `values` builds the implementation's values from the workload's source values
/// (`&[Self::Source]`), borrowing them where `ValueType` uses `'a`. `reads owned` or
/// `reads borrowed` says how the implementations decode: into values owning their data (every
/// format), or borrowing from the input (formats that lend).
macro_rules! workload {
    (
        $(#[$attr:meta])*
        impl Workload for $workload:ident { $($item:tt)* }
        reads $mode:ident $(, peers $($peer:ident),+)?;
        $(
            $marker:ident $name:literal $role:ident, reads $reads:path, writes $writes:path
                => <$lt:lifetime> $value:ty = |$source:ident| $values:expr;
        )+
    ) => {
        $(#[$attr])*
        pub struct $workload;

        impl $crate::workloads::Workload for $workload {
            $($item)*

            fn visit_implementations(
                visitor: &mut impl $crate::workloads::ImplementationVisitor<Self>,
            ) {
                $(visitor.visit::<$crate::workloads::$marker>();)+
            }

            $(
                fn visit_peers(visitor: &mut impl $crate::workloads::PeerVisitor<Self>) {
                    $(visitor.visit::<$peer>();)+
                }
            )?
        }

        $(
            impl $crate::workloads::Implementation<$workload> for $crate::workloads::$marker {
                const NAME: &'static str = $name;
                const ROLE: $crate::workloads::Role = $crate::workloads::Role::$role;
                type Value<$lt> = $value;

                fn reads(format: &$crate::common::formats::Properties) -> bool {
                    $reads(format)
                }

                fn writes(format: &$crate::common::formats::Properties) -> bool {
                    $writes(format)
                }

                fn values(
                    $source: &[<$workload as $crate::workloads::Workload>::Source],
                ) -> Vec<Self::Value<'_>> {
                    $values
                }

                $crate::workloads::decoding!($mode);
            }
        )+
    };
}

/// The decoding methods of an [`Implementation`] whose values own their data (`owned`: decoded
/// on every format) or borrow from the input (`borrowed`: `None` where the format cannot lend).
#[macro_export]
macro_rules! decoding {
    (owned) => {
        #[inline]
        fn decode<'de, F: $crate::common::formats::Format>(
            input: &'de F::Input,
        ) -> Option<Result<Self::Value<'de>, String>> {
            Some(F::decode_input(input))
        }

        #[inline]
        fn decode_all<'de, F: $crate::common::formats::Format>(
            input: &'de F::Input,
        ) -> Option<Result<Vec<Self::Value<'de>>, String>> {
            Some(F::decode_input(input))
        }

        #[inline]
        fn decode_sink<F: $crate::common::formats::Format>(
            input: &F::Input,
        ) -> Option<Result<usize, String>> {
            Some(
                F::decode_input::<$crate::common::sink::Sink<Self::Value<'static>>>(input)
                    .map(|sink| sink.len),
            )
        }

        fn decode_untrusted<F: $crate::common::formats::Format>(
            bytes: &[u8],
        ) -> Option<Result<(), String>> {
            Some(F::decode_untrusted::<Self::Value<'static>>(bytes).map(drop))
        }

        fn decode_all_untrusted<F: $crate::common::formats::Format>(
            bytes: &[u8],
        ) -> Option<Result<Vec<Self::Value<'_>>, String>> {
            Some(F::decode_untrusted(bytes))
        }
    };
    (borrowed) => {
        #[inline]
        fn decode<'de, F: $crate::common::formats::Format>(
            input: &'de F::Input,
        ) -> Option<Result<Self::Value<'de>, String>> {
            F::decode_borrowed_input(input)
        }

        #[inline]
        fn decode_all<'de, F: $crate::common::formats::Format>(
            input: &'de F::Input,
        ) -> Option<Result<Vec<Self::Value<'de>>, String>> {
            F::decode_borrowed_input(input)
        }

        #[inline]
        fn decode_sink<F: $crate::common::formats::Format>(
            input: &F::Input,
        ) -> Option<Result<usize, String>> {
            F::decode_borrowed_input::<$crate::common::sink::Sink<Self::Value<'_>>>(input)
                .map(|read| read.map(|sink| sink.len))
        }

        fn decode_untrusted<F: $crate::common::formats::Format>(
            bytes: &[u8],
        ) -> Option<Result<(), String>> {
            F::decode_borrowed_untrusted::<Self::Value<'_>>(bytes).map(|read| read.map(drop))
        }

        fn decode_all_untrusted<F: $crate::common::formats::Format>(
            bytes: &[u8],
        ) -> Option<Result<Vec<Self::Value<'_>>, String>> {
            F::decode_borrowed_untrusted(bytes)
        }
    };
}
pub use crate::decoding;

pub mod anchor;
pub mod catch_all;
pub mod events;
pub mod fees;
pub mod foreign;
pub mod paged;
pub mod payload;
pub mod rpc;
pub mod status;
pub mod wide;

pub use anchor::Anchor;
pub use catch_all::CatchAll;
pub use events::{Events, EventsCreated, EventsTagLast};
pub use fees::Fees;
pub use foreign::Foreign;
pub use paged::{Paged, PagedBorrowed};
pub use payload::Payload;
pub use rpc::{Rpc, RpcNested};
pub use status::Status;
pub use wide::{Wide, WideDefault, WideOptional};
