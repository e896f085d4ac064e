//! `#[derive(FastFlatten)]` against serde's `#[serde(flatten)]`, serde_fast_flatten 0.1.3 and the
//! flat lower bound, on the four workloads of `benches/workloads/` and nine format setups.
//!
//! Run it with
//!
//! ```text
//! cargo bench --bench flatten                               # everything, 3 to 4 min after the build
//! cargo bench --bench flatten -- anchor                     # one workload
//! cargo bench --bench flatten -- 'payload::postcard'        # one workload on one format
//! cargo bench --bench flatten -- 'serde_json::deserialize'  # one format and operation, every workload
//! ```
//!
//! Benchmark ids read `<workload>::<format>::<operation>::<implementation>`, so the
//! implementations of one workload, format and operation sit side by side and their ratios read
//! off directly. Each benchmark reports the time per iteration and the throughput in MB/s
//! (10^6 bytes) of encoded data: the input it reads (deserialize) or the output it writes
//! (serialize).
//!
//! | implementation | type |
//! |---|---|
//! | `flat` | the workload's `flat` module: every leaf at top level, plain serde derive (the lower bound) |
//! | `fast_flatten` | the workload's `fast` module: `#[derive(FastFlatten)]` |
//! | `serde_flatten` | the workload's `serde_flatten` module: serde's derive with `#[serde(flatten)]` |
//! | `serde_fast_flatten` | `anchor::prior`: serde_fast_flatten 0.1.3 (only the anchor shape: its derive cannot express the others) |
//!
//! One iteration handles one sequence of values; divide the time by the values per iteration
//! for the time per value (the sizes are printed at start-up, before the benchmarks):
//!
//! | workload | one value | values per iteration | serde_json bytes per iteration |
//! |---|---|---|---|
//! | `anchor` | `A { num1, flatten B { num2, flatten C { num3, num4 } }, flatten D { num5, num6 } }`, all `u64` | 1000 | 97 KB |
//! | `paged_owned` | a page of 20 string-heavy items, meta and audit flattened, `String`s | 16 pages (320 items) | 110 KB |
//! | `paged_borrowed` | the same bytes read as `&str`s into the input (formats that lend) | 16 pages | 110 KB |
//! | `wide` | 8 flattened groups of 20 optional leaves, ~20 set (self-describing formats only) | 200 | 110 KB |
//! | `payload` | execution payload V3 flattening V2 flattening V1: long hex strings | 20 | 116 KB |
//!
//! Formats (module names; `self-describing` formats write field names):
//!
//! | format | deserialize | serialize | lends `&str` |
//! |---|---|---|---|
//! | `serde_json` | `from_slice` | `to_writer` | yes |
//! | `serde_json_from_str` (anchor only) | `from_str` on a `String` | - | - |
//! | `serde_yaml` | `from_slice` | `to_writer` | yes (plain scalars) |
//! | `ciborium` | `from_reader` on a `&[u8]` | `into_writer` | no (reads through `io::Read`) |
//! | `serde_cbor` (anchor only) | `from_slice` | `to_writer` | - |
//! | `bincode2` | `bincode2::serde::decode_from_slice` (owned) / `borrow_decode_from_slice` (borrowed), `config::standard()` | `encode_into_std_write`, same config | yes |
//! | `bitcode` | `bitcode::deserialize` (serde API) | `bitcode::serialize` (serde API) | yes |
//! | `postcard` | `from_bytes` | `to_extend` | yes |
//! | `rmp_serde` | `rmp_serde::from_slice` | `Serializer::new(buf).with_struct_map()` | yes |
//!
//! rmp-serde runs in struct-map mode (fields keyed by name, as `to_vec_named` writes them): that
//! makes MessagePack self-describing, like JSON and CBOR, so `wide` and serde's flatten work on it.
//! Its default array mode would behave like bincode and postcard. bincode 2, bitcode and postcard
//! are not self-describing (structs are read as sequences), so they run neither `wide` (it leaves
//! out fields with `skip_serializing_if`) nor `serde_flatten` (see below).
//!
//! - **deserialize** reads the whole sequence, encoded once with FastFlatten *before* timing, so
//!   every implementation reads the same bytes. Each element is handed to `divan::black_box` and
//!   dropped (the `Sink` below) rather than pushed into a `Vec`: the `Vec`'s growth would add the
//!   same allocations and copies to every implementation and blur the ratios.
//! - **serialize** writes the values (a `Vec<T>`, built before timing) into one `Vec<u8>`,
//!   reserved up front and cleared before each iteration, so it never reallocates while timed.
//!   bitcode's serde API has no "into a buffer" form: there `bitcode::serialize` returns a fresh
//!   `Vec<u8>` (one allocation per iteration, the same for every implementation).
//!
//! Before benchmarking, `main` checks every benchmarked workload, format and implementation and
//! panics with the reason if one does not hold: `flat`, `fast_flatten` and `serde_fast_flatten`
//! must serialize to exactly the reference bytes; `serde_flatten` must serialize to the reference
//! bytes or, where serde writes its flattened struct as an indefinite-length map (ciborium,
//! serde_cbor), to bytes that the flat type reads back as the same values; every implementation
//! must deserialize the reference bytes to the values (borrowing, in `paged_borrowed`).
//!
//! Left out, because the implementation fails on the format: `serde_flatten` on `bincode2`,
//! `bitcode` and `postcard`, every workload, both directions. serde writes a struct with a
//! flattened field through `serialize_map(None)`, which these length-prefixed formats refuse
//! (bincode 2: `Serde(SequenceMustHaveLength)`; bitcode panics "sequence must have len";
//! postcard: "The length of a sequence must be known"), and reads it through `deserialize_map`
//! with identifier keys, which they cannot feed (bincode 2: `Serde(IdentifierNotSupported)`,
//! or ``OtherString("missing field `num1`")`` on `anchor`; bitcode: "bitcode error"; postcard:
//! "This is a feature that PostCard will never implement", or "Serde Deserialization Error" on
//! `anchor`). serde's flatten works on serde_json, serde_yaml and rmp-serde in struct-map mode
//! (rmp-serde buffers the map of unknown length and writes the same bytes as the others); on
//! ciborium and serde_cbor it writes an indefinite-length map (a few bytes more, read back
//! fine). `main` probes every left-out triple, prints the exact error, and says so if one starts
//! to work.
//!
//! Each benchmark collects `SAMPLES` samples of its workload's `SAMPLE_SIZE` iterations, but at
//! least `MIN_TIME` and at most `MAX_TIME` seconds: fast formats take more samples, serde_yaml
//! (15 to 30 times slower than serde_json) fewer. Compare medians; on a busy machine, the
//! `fastest` column is the steadier one.

use std::fmt;

use divan::counter::BytesCount;
use divan::{black_box, Bencher};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[path = "common/mod.rs"]
mod common;
#[path = "workloads/mod.rs"]
mod workloads;

use common::formats::{
    self, Bincode2, Bitcode, Ciborium, Json, MsgPackMap, Postcard, SerdeCbor, SerdeYaml,
};
use common::sink::Sink;

/// Samples per benchmark (more if `MIN_TIME` is not reached yet).
const SAMPLES: u32 = 100;

/// Seconds a benchmark runs at least, taking more than `SAMPLES` samples if need be.
const MIN_TIME: f64 = 0.75;

/// Seconds after which a benchmark stops, even with fewer than `SAMPLES` samples.
const MAX_TIME: f64 = 1.5;

fn main() {
    check_all();
    divan::main();
}

// ---------------------------------------------------------------------------------------------
// The workloads.

/// One workload: the data that every implementation holds in its own types.
trait Workload {
    /// The workload's name in messages.
    const NAME: &'static str;

    /// Values per iteration (one sequence of them).
    const N: usize;

    /// Iterations per sample.
    const SAMPLE_SIZE: u32;

    /// What the values are built from (and, for `paged_borrowed`, borrow from).
    type Source;

    /// The plain owned type that reads any implementation's output back, to check what serde's
    /// flatten writes where its bytes differ.
    type Plain: DeserializeOwned + PartialEq + fmt::Debug;

    /// The `N` values, in FastFlatten's owned types.
    fn source() -> Self::Source;

    /// The `N` values as `Plain`.
    fn plain(source: &Self::Source) -> Vec<Self::Plain>;
}

/// The anchor shape, `anchor::values(1000)`.
struct Anchor;

impl Workload for Anchor {
    const NAME: &'static str = "anchor";
    const N: usize = 1000;
    const SAMPLE_SIZE: u32 = 4;
    type Source = Vec<workloads::anchor::fast::A>;
    type Plain = workloads::anchor::flat::Flat;

    fn source() -> Self::Source {
        workloads::anchor::values(Self::N)
    }

    fn plain(source: &Self::Source) -> Vec<Self::Plain> {
        source.iter().map(Into::into).collect()
    }
}

/// Paged API responses with owned strings, `paged::values(16)`.
struct PagedOwned;

impl Workload for PagedOwned {
    const NAME: &'static str = "paged_owned";
    const N: usize = 16;
    const SAMPLE_SIZE: u32 = 2;
    type Source = Vec<workloads::paged::fast::Page<workloads::paged::fast::Item>>;
    type Plain = workloads::paged::flat::Page<workloads::paged::flat::Item>;

    fn source() -> Self::Source {
        workloads::paged::values(Self::N)
    }

    fn plain(source: &Self::Source) -> Vec<Self::Plain> {
        source.iter().map(Into::into).collect()
    }
}

/// The same pages read as `&str`s into the input (`paged::borrowed`).
struct PagedBorrowed;

impl Workload for PagedBorrowed {
    const NAME: &'static str = "paged_borrowed";
    const N: usize = PagedOwned::N;
    const SAMPLE_SIZE: u32 = PagedOwned::SAMPLE_SIZE;
    type Source = <PagedOwned as Workload>::Source;
    type Plain = <PagedOwned as Workload>::Plain;

    fn source() -> Self::Source {
        PagedOwned::source()
    }

    fn plain(source: &Self::Source) -> Vec<Self::Plain> {
        PagedOwned::plain(source)
    }
}

/// Wide sparse records, `wide::values(200)`.
struct Wide;

impl Workload for Wide {
    const NAME: &'static str = "wide";
    const N: usize = 200;
    const SAMPLE_SIZE: u32 = 2;
    type Source = Vec<workloads::wide::fast::Record>;
    type Plain = workloads::wide::flat::Record;

    fn source() -> Self::Source {
        workloads::wide::values(Self::N)
    }

    fn plain(source: &Self::Source) -> Vec<Self::Plain> {
        source.iter().map(Into::into).collect()
    }
}

/// Execution payloads, `payload::values(20)`.
struct Payload;

impl Workload for Payload {
    const NAME: &'static str = "payload";
    const N: usize = 20;
    const SAMPLE_SIZE: u32 = 4;
    type Source = Vec<workloads::payload::fast::V3>;
    type Plain = workloads::payload::flat::V3;

    fn source() -> Self::Source {
        workloads::payload::values(Self::N)
    }

    fn plain(source: &Self::Source) -> Vec<Self::Plain> {
        source.iter().map(Into::into).collect()
    }
}

// ---------------------------------------------------------------------------------------------
// The implementations.

/// One implementation (a benchmark name), whatever the workload.
trait Implementation {
    /// The benchmark name.
    const NAME: &'static str;
}

/// The flat lower bound.
struct Flat;

/// `#[derive(FastFlatten)]`.
struct Fast;

/// serde's derive with `#[serde(flatten)]`.
struct SerdeFlatten;

/// serde_fast_flatten 0.1.3.
struct Prior;

impl Implementation for Flat {
    const NAME: &'static str = "flat";
}

impl Implementation for Fast {
    const NAME: &'static str = "fast_flatten";
}

impl Implementation for SerdeFlatten {
    const NAME: &'static str = "serde_flatten";
}

impl Implementation for Prior {
    const NAME: &'static str = "serde_fast_flatten";
}

/// The implementation type behind a benchmark name.
macro_rules! implementation {
    (flat) => {
        crate::Flat
    };
    (fast_flatten) => {
        crate::Fast
    };
    (serde_flatten) => {
        crate::SerdeFlatten
    };
    (serde_fast_flatten) => {
        crate::Prior
    };
}

/// How an implementation defines a workload's values.
trait Shape<W: Workload>: Implementation {
    /// One value, borrowing from the input for `'a` where the workload borrows.
    type Value<'a>: Serialize + Deserialize<'a> + fmt::Debug;

    /// The workload's values in this definition.
    fn values(source: &W::Source) -> Vec<Self::Value<'_>>;

    /// Whether two lists of values are equal (whatever they borrow from).
    fn same(a: &[Self::Value<'_>], b: &[Self::Value<'_>]) -> bool;
}

/// `impl Shape<$workload> for $implementation`, from the value type and how to build the values
/// (both written inside the workload's module, `benches/workloads/$module.rs`).
macro_rules! shapes {
    ($(
        $workload:ident in $module:ident {
            $($implementation:ident<$lt:lifetime> => $value:ty = |$source:ident| $values:expr;)+
        }
    )+) => {$(
        const _: () = {
            use crate::workloads::$module::*;

            $(
                impl Shape<$workload> for $implementation {
                    type Value<$lt> = $value;

                    fn values($source: &<$workload as Workload>::Source) -> Vec<Self::Value<'_>> {
                        $values
                    }

                    fn same(a: &[Self::Value<'_>], b: &[Self::Value<'_>]) -> bool {
                        a == b
                    }
                }
            )+
        };
    )+};
}

shapes! {
    Anchor in anchor {
        Flat<'a> => flat::Flat = |s| s.iter().map(Into::into).collect();
        Fast<'a> => fast::A = |s| s.clone();
        SerdeFlatten<'a> => serde_flatten::A = |s| s.iter().map(Into::into).collect();
        Prior<'a> => prior::A = |s| s.iter().map(Into::into).collect();
    }
    PagedOwned in paged {
        Flat<'a> => flat::Page<flat::Item> = |s| s.iter().map(Into::into).collect();
        Fast<'a> => fast::Page<fast::Item> = |s| s.clone();
        SerdeFlatten<'a> => serde_flatten::Page<serde_flatten::Item> =
            |s| s.iter().map(Into::into).collect();
    }
    PagedBorrowed in paged {
        Flat<'a> => flat::Page<flat::ItemRef<'a>> =
            |s| borrowed(s).iter().map(Into::into).collect();
        Fast<'a> => fast::Page<fast::ItemRef<'a>> = |s| borrowed(s);
        SerdeFlatten<'a> => serde_flatten::Page<serde_flatten::ItemRef<'a>> =
            |s| borrowed(s).iter().map(Into::into).collect();
    }
    Wide in wide {
        Flat<'a> => flat::Record = |s| s.iter().map(Into::into).collect();
        Fast<'a> => fast::Record = |s| s.clone();
        SerdeFlatten<'a> => serde_flatten::Record = |s| s.iter().map(Into::into).collect();
    }
    Payload in payload {
        Flat<'a> => flat::V3 = |s| s.iter().map(Into::into).collect();
        Fast<'a> => fast::V3 = |s| s.clone();
        SerdeFlatten<'a> => serde_flatten::V3 = |s| s.iter().map(Into::into).collect();
    }
}

// ---------------------------------------------------------------------------------------------
// The formats.

/// A serde format as the benchmarks feed it: writes into a reused `Vec<u8>`, reads from a
/// prepared input. Every adapter of `benches/common/formats.rs` reads the encoded bytes
/// themselves; [`JsonStr`] reads them as a `String`.
trait Format {
    /// The format's name in messages.
    const NAME: &'static str;

    /// What the deserializer reads (the encoded bytes, or a `String` for `from_str`).
    type Input;

    /// Turns encoded bytes into the input, outside any timed region.
    fn input(bytes: Vec<u8>) -> Self::Input;

    /// Writes the serialization of `value` into the cleared `buf` (bitcode replaces `buf`).
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String>;

    /// Deserializes an owned `T` from the whole input.
    fn decode<T: DeserializeOwned>(input: &Self::Input) -> Result<T, String>;
}

/// A format whose deserializer lends `&'de str`s from its input (an adapter that cannot lend,
/// ciborium's, answers with an error, which `check_all` reports).
trait Lends: Format {
    /// Deserializes a `T` that may borrow from the input.
    fn decode_borrowed<'de, T: Deserialize<'de>>(input: &'de Self::Input) -> Result<T, String>;
}

impl<F: formats::Format> Format for F {
    const NAME: &'static str = <F as formats::Format>::NAME;
    type Input = Vec<u8>;

    fn input(bytes: Vec<u8>) -> Vec<u8> {
        bytes
    }

    #[inline]
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        F::encode_reusing(value, buf)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(input: &Vec<u8>) -> Result<T, String> {
        <F as formats::Format>::decode(input)
    }
}

impl<F: formats::Format> Lends for F {
    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(input: &'de Vec<u8>) -> Result<T, String> {
        <F as formats::Format>::decode_borrowed(input)
            .unwrap_or_else(|| Err(format!("{} cannot lend", <F as formats::Format>::NAME)))
    }
}

/// serde_json, compact; `from_str` on a `String`.
struct JsonStr;

impl Format for JsonStr {
    const NAME: &'static str = "serde_json (from_str)";
    type Input = String;

    fn input(bytes: Vec<u8>) -> String {
        String::from_utf8(bytes).expect("serde_json wrote invalid UTF-8")
    }

    #[inline]
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        <Json as Format>::encode(value, buf)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(input: &String) -> Result<T, String> {
        ::serde_json::from_str(input).map_err(|e| e.to_string())
    }
}

/// The workload's values encoded by FastFlatten: what every implementation reads.
fn reference<W: Workload, F: Format>(source: &W::Source) -> Vec<u8>
where
    Fast: Shape<W>,
{
    let mut bytes = Vec::new();
    F::encode(&<Fast as Shape<W>>::values(source), &mut bytes).unwrap_or_else(|e| {
        panic!(
            "{}: {}: FastFlatten failed to serialize: {e}",
            W::NAME,
            F::NAME
        )
    });
    bytes
}

// ---------------------------------------------------------------------------------------------
// Deserialize.

/// Deserializing owned values (`Format::decode`).
mod de {
    use super::*;

    /// Times reading the reference bytes as the `W::N` values of `S`.
    pub fn bench<W: Workload, F: Format, S: Shape<W>>(bencher: Bencher)
    where
        Fast: Shape<W>,
        S::Value<'static>: DeserializeOwned,
    {
        let bytes = reference::<W, F>(&W::source());
        let counter = BytesCount::new(bytes.len());
        let input = F::input(bytes);
        bencher.counter(counter).bench_local(|| {
            match F::decode::<Sink<S::Value<'static>>>(black_box(&input)) {
                Ok(sink) => sink.len,
                Err(e) => panic!("{}: {}: {} failed: {e}", W::NAME, F::NAME, S::NAME),
            }
        });
    }

    /// Whether `S` reads the reference bytes as the values, both into a `Vec` and through the
    /// timed path.
    pub fn probe<W: Workload, F: Format, S: Shape<W>>() -> Result<(), String>
    where
        Fast: Shape<W>,
        S::Value<'static>: DeserializeOwned,
    {
        let source = W::source();
        let input = F::input(reference::<W, F>(&source));
        let decoded: Vec<S::Value<'static>> = catch(|| F::decode(&input))?;
        if !S::same(&decoded, &S::values(&source)) {
            return Err("deserialized values differ from the serialized ones".into());
        }
        let sink: Sink<S::Value<'static>> = catch(|| F::decode(&input))?;
        sink_len::<W>(sink.len)
    }
}

/// Deserializing values that borrow from the input (`Lends::decode_borrowed`).
mod de_borrowed {
    use super::*;

    /// Times reading the reference bytes as the `W::N` values of `S`, borrowing.
    pub fn bench<W: Workload, F: Lends, S: Shape<W>>(bencher: Bencher)
    where
        Fast: Shape<W>,
    {
        let bytes = reference::<W, F>(&W::source());
        let counter = BytesCount::new(bytes.len());
        let input = F::input(bytes);
        bencher.counter(counter).bench_local(|| {
            match F::decode_borrowed::<Sink<S::Value<'_>>>(black_box(&input)) {
                Ok(sink) => sink.len,
                Err(e) => panic!("{}: {}: {} failed: {e}", W::NAME, F::NAME, S::NAME),
            }
        });
    }

    /// Whether `S` reads the reference bytes as the values, borrowing, both into a `Vec` and
    /// through the timed path.
    pub fn probe<W: Workload, F: Lends, S: Shape<W>>() -> Result<(), String>
    where
        Fast: Shape<W>,
    {
        let source = W::source();
        let input = F::input(reference::<W, F>(&source));
        let decoded: Vec<S::Value<'_>> = catch(|| F::decode_borrowed(&input))?;
        if !S::same(&decoded, &S::values(&source)) {
            return Err("deserialized values differ from the serialized ones".into());
        }
        let sink: Sink<S::Value<'_>> = catch(|| F::decode_borrowed(&input))?;
        sink_len::<W>(sink.len)
    }
}

/// Whether the sink read `W::N` values.
fn sink_len<W: Workload>(len: usize) -> Result<(), String> {
    if len == W::N {
        Ok(())
    } else {
        Err(format!(
            "read {len} values through the sink, expected {}",
            W::N
        ))
    }
}

// ---------------------------------------------------------------------------------------------
// Serialize.

mod ser {
    use super::*;

    /// Times writing the `W::N` values of `S` into a reused buffer.
    pub fn bench<W: Workload, F: Format, S: Shape<W>>(bencher: Bencher)
    where
        Fast: Shape<W>,
    {
        let source = W::source();
        let data = S::values(&source);
        let mut buf = Vec::new();
        if let Err(e) = F::encode(&data, &mut buf) {
            panic!("{}: {}: {} failed: {e}", W::NAME, F::NAME, S::NAME);
        }
        let counter = BytesCount::new(buf.len());
        buf = Vec::with_capacity(2 * buf.len());
        bencher.counter(counter).bench_local(|| {
            buf.clear();
            if let Err(e) = F::encode(black_box(&data), &mut buf) {
                panic!("{}: {}: {} failed: {e}", W::NAME, F::NAME, S::NAME);
            }
            black_box(&buf);
        });
    }

    /// Whether `S` writes the reference bytes (or, for serde's flatten, bytes that the plain
    /// type reads back as the same values: serde writes a map of unknown length there).
    pub fn probe<W: Workload, F: Format, S: Shape<W>>() -> Result<(), String>
    where
        Fast: Shape<W>,
    {
        let source = W::source();
        let expected = reference::<W, F>(&source);
        let data = S::values(&source);
        let mut buf = Vec::new();
        catch(|| F::encode(&data, &mut buf))?;
        if buf == expected {
            return Ok(());
        }
        let different = format!(
            "wrote {} bytes that differ from the {} reference bytes",
            buf.len(),
            expected.len()
        );
        if S::NAME != SerdeFlatten::NAME {
            return Err(different);
        }
        let read: Vec<W::Plain> = catch(|| F::decode(&F::input(buf)))
            .map_err(|e| format!("{different}, which do not read back: {e}"))?;
        if read != W::plain(&source) {
            return Err(format!("{different}, which read back as other values"));
        }
        eprintln!(
            "note: {}::{}: serde_flatten serializes to other bytes than the reference \
             ({different}); they read back as the same values",
            W::NAME,
            F::NAME
        );
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Checks.

/// Runs `f`, turning an error or a panic into an error message.
fn catch<R>(f: impl FnOnce() -> Result<R, String>) -> Result<R, String> {
    common::probe::catch(f).map_err(|failure| failure.to_string())
}

/// A benchmarked triple must work.
fn require(group: &str, name: &str, probe: Result<(), String>) {
    if let Err(e) = probe {
        panic!("{group}: {name} fails on the benchmark data ({e}); fix it or skip it");
    }
}

/// A left-out triple is reported.
fn report_skipped(group: &str, name: &str, probe: Result<(), String>) {
    match probe {
        Err(e) => eprintln!("skipped: {group}::{name}: {e}"),
        Ok(()) => eprintln!(
            "note: {group}::{name} works now but is not benchmarked: \
             move it out of `skip` in `benches!` (benches/flatten.rs)"
        ),
    }
}

/// Prints a workload's values per iteration and encoded bytes per format.
fn report_sizes<W: Workload>(sizes: &[(&str, usize)]) {
    let sizes: Vec<String> = sizes
        .iter()
        .map(|(format, bytes)| format!("{format} {bytes}"))
        .collect();
    eprintln!(
        "{}: {} values per iteration; bytes per iteration: {}",
        W::NAME,
        W::N,
        sizes.join(", ")
    );
}

// ---------------------------------------------------------------------------------------------
// The benchmarks.

/// One module per workload, one per format inside, one per operation inside that, one function
/// per implementation: ids read `<workload>::<format>::<operation>::<implementation>`.
///
/// A workload reads `owned` or `borrowed` values (`deserialize` through `de` or `de_borrowed`).
/// Each format line lists the operations, the benchmarked implementations and the left-out ones
/// (probed and reported by `check_all`).
macro_rules! benches {
    // One operation module: its check and one benchmark per implementation.
    (@module $operation:ident, $kind:ident, $workload:ident, $format:ident,
        [$($name:ident),*], [$($skip:ident),*]) => {
        pub mod $operation {
            use divan::Bencher;

            type W = crate::$workload;
            type F = crate::$format;

            /// Checks the benchmarked implementations and reports the left-out ones.
            pub fn check(group: &str) {
                let group = format!("{group}::{}", stringify!($operation));
                $(
                    crate::require(
                        &group,
                        stringify!($name),
                        crate::$kind::probe::<W, F, implementation!($name)>(),
                    );
                )*
                $(
                    crate::report_skipped(
                        &group,
                        stringify!($skip),
                        crate::$kind::probe::<W, F, implementation!($skip)>(),
                    );
                )*
            }

            $(
                #[divan::bench(
                    sample_count = crate::SAMPLES,
                    sample_size = <W as crate::Workload>::SAMPLE_SIZE,
                    min_time = crate::MIN_TIME,
                    max_time = crate::MAX_TIME,
                )]
                fn $name(bencher: Bencher) {
                    crate::$kind::bench::<W, F, implementation!($name)>(bencher);
                }
            )*
        }
    };
    (@operation deserialize, owned, $($rest:tt)*) => {
        benches!(@module deserialize, de, $($rest)*);
    };
    (@operation deserialize, borrowed, $($rest:tt)*) => {
        benches!(@module deserialize, de_borrowed, $($rest)*);
    };
    (@operation serialize, $mode:ident, $($rest:tt)*) => {
        benches!(@module serialize, ser, $($rest)*);
    };
    // One format module.
    (@format $mode:ident, $workload:ident, $module:ident, $format:ident,
        [$($operation:ident),+], $names:tt, $skips:tt) => {
        pub mod $module {
            $(benches!(@operation $operation, $mode, $workload, $format, $names, $skips);)+

            /// Checks every operation; returns the bytes per iteration.
            pub fn check() -> usize {
                let group = format!(
                    "{}::{}",
                    <crate::$workload as crate::Workload>::NAME,
                    stringify!($module)
                );
                $($operation::check(&group);)+
                let source = <crate::$workload as crate::Workload>::source();
                crate::reference::<crate::$workload, crate::$format>(&source).len()
            }
        }
    };
    ($(
        $workload_module:ident: $workload:ident, $mode:ident {
            $($module:ident: $format:ident $operations:tt $names:tt skip $skips:tt;)+
        }
    )+) => {
        $(
            mod $workload_module {
                $(
                    benches!(
                        @format $mode, $workload, $module, $format, $operations, $names, $skips
                    );
                )+

                /// Checks every format and prints the sizes.
                pub fn check() {
                    let sizes = [$((stringify!($module), $module::check()),)+];
                    crate::report_sizes::<crate::$workload>(&sizes);
                }
            }
        )+

        /// Checks every benchmarked triple (panicking on a failure) and reports the left-out ones.
        fn check_all() {
            $($workload_module::check();)+
        }
    };
}

benches! {
    anchor: Anchor, owned {
        serde_json: Json [deserialize, serialize]
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [];
        serde_json_from_str: JsonStr [deserialize]
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [];
        serde_yaml: SerdeYaml [deserialize, serialize]
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [];
        ciborium: Ciborium [deserialize, serialize]
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [];
        serde_cbor: SerdeCbor [deserialize, serialize]
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [];
        bincode2: Bincode2 [deserialize, serialize]
            [flat, fast_flatten, serde_fast_flatten] skip [serde_flatten];
        bitcode: Bitcode [deserialize, serialize]
            [flat, fast_flatten, serde_fast_flatten] skip [serde_flatten];
        postcard: Postcard [deserialize, serialize]
            [flat, fast_flatten, serde_fast_flatten] skip [serde_flatten];
        rmp_serde: MsgPackMap [deserialize, serialize]
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [];
    }
    paged_owned: PagedOwned, owned {
        serde_json: Json [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        serde_yaml: SerdeYaml [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        ciborium: Ciborium [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        bincode2: Bincode2 [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        bitcode: Bitcode [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        postcard: Postcard [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        rmp_serde: MsgPackMap [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
    }
    paged_borrowed: PagedBorrowed, borrowed {
        serde_json: Json [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        serde_yaml: SerdeYaml [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        bincode2: Bincode2 [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        bitcode: Bitcode [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        postcard: Postcard [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        rmp_serde: MsgPackMap [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
    }
    wide: Wide, owned {
        serde_json: Json [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        serde_yaml: SerdeYaml [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        ciborium: Ciborium [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        rmp_serde: MsgPackMap [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
    }
    payload: Payload, owned {
        serde_json: Json [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        serde_yaml: SerdeYaml [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        ciborium: Ciborium [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
        bincode2: Bincode2 [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        bitcode: Bitcode [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        postcard: Postcard [deserialize, serialize] [flat, fast_flatten] skip [serde_flatten];
        rmp_serde: MsgPackMap [deserialize, serialize] [flat, fast_flatten, serde_flatten] skip [];
    }
}
