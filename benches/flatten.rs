//! `#[derive(FastFlatten)]` against serde's `#[serde(flatten)]`, serde_fast_flatten 0.1.3 and the
//! flat lower bound, on the anchor shape of `benches/workloads/anchor.rs`:
//! `A { num1, flatten B { num2, flatten C { num3, num4 } }, flatten D { num5, num6 } }`, all `u64`.
//!
//! Run it with
//!
//! ```text
//! cargo bench --bench flatten                          # everything, about 30 s after the build
//! cargo bench --bench flatten -- ciborium              # one format
//! cargo bench --bench flatten -- 'serde_json::deserialize_from_slice'
//! ```
//!
//! Benchmark ids read `<format>::<operation>::<implementation>`, so the four implementations of
//! one format and operation sit side by side and their ratios read off directly:
//!
//! | implementation | type |
//! |---|---|
//! | `flat` | `anchor::flat::Flat`: the six leaves at top level, plain serde derive (the lower bound) |
//! | `fast_flatten` | `anchor::fast::A`: `#[derive(FastFlatten)]` |
//! | `serde_flatten` | `anchor::serde_flatten::A`: serde's derive with `#[serde(flatten)]` |
//! | `serde_fast_flatten` | `anchor::prior::A`: serde_fast_flatten 0.1.3 |
//!
//! | format | `deserialize` | `serialize` |
//! |---|---|---|
//! | `serde_json` | `from_slice` (`deserialize_from_slice`) and `from_str` (`deserialize_from_str`) | `to_writer` |
//! | `ciborium` | `from_reader` on a `&[u8]` | `into_writer` |
//! | `serde_cbor` | `from_slice` | `to_writer` |
//! | `bincode2` | `bincode2::serde::decode_from_slice`, `config::standard()` | `encode_into_std_write`, same config |
//! | `bitcode` | `bitcode::deserialize` (serde mode) | `bitcode::serialize` (serde mode) |
//!
//! One iteration handles 1000 values (`anchor::values(1000)`) as one sequence:
//!
//! - **deserialize** reads the whole sequence, encoded once with FastFlatten *before* timing, so
//!   every implementation reads the same bytes. Each element is handed to `divan::black_box` and
//!   dropped (the `Sink` below) rather than pushed into a `Vec`: the `Vec`'s growth would add the
//!   same allocations and copies to every implementation and blur the ratios.
//! - **serialize** writes the 1000 values (a `Vec<T>`, built before timing) into one `Vec<u8>`,
//!   reserved up front and cleared before each iteration, so it never reallocates while timed.
//!   bitcode's serde API has no "into a buffer" form: there `bitcode::serialize` returns a fresh
//!   `Vec<u8>` (one allocation per iteration, the same for every implementation).
//!
//! Before benchmarking, `main` checks every benchmarked pair and panics with the reason if one
//! does not hold: `flat`, `fast_flatten` and `serde_fast_flatten` must serialize to exactly the
//! reference bytes; `serde_flatten` must serialize to the reference bytes or, where serde writes
//! its flattened struct as an indefinite-length map (ciborium, serde_cbor), to bytes that decode
//! to the same values; every implementation must deserialize the reference bytes to the values.
//!
//! Left out, because the implementation fails on the format: `serde_flatten` on `bincode2` and
//! `bitcode`, both directions. serde writes a struct with a flattened field through
//! `serialize_map(None)` (bincode 2: `SequenceMustHaveLength`; bitcode panics, "sequence must
//! have len") and reads it through `deserialize_map` with identifier keys (bincode 2 misreads
//! the sequence and reports "missing field `num1`"; bitcode returns its opaque "bitcode error").
//! serde_fast_flatten 0.1.3 works on all five formats. `main` probes the left-out pairs, prints
//! what they do, and says so if one starts to work.
//!
//! Each benchmark takes `SAMPLES` samples of `SAMPLE_SIZE` iterations, so the full run stays
//! well under a minute on two cores; compare medians.

use std::fmt;
use std::marker::PhantomData;
use std::panic::{self, AssertUnwindSafe};

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use serde::de::{DeserializeOwned, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

#[path = "workloads/mod.rs"]
mod workloads;

use workloads::anchor::{self, fast, flat, prior, serde_flatten};

/// Values per iteration.
const N: usize = 1000;

/// Samples per benchmark.
const SAMPLES: u32 = 1000;

/// Iterations per sample.
const SAMPLE_SIZE: u32 = 4;

fn main() {
    check_all();
    divan::main();
}

// ---------------------------------------------------------------------------------------------
// The four implementations.

/// One way of defining the anchor shape.
trait Shape: Serialize + DeserializeOwned + PartialEq + fmt::Debug {
    /// The benchmark name of this implementation.
    const NAME: &'static str;

    /// The same value in this definition.
    fn from_fast(value: &fast::A) -> Self;
}

impl Shape for flat::Flat {
    const NAME: &'static str = "flat";

    fn from_fast(value: &fast::A) -> Self {
        value.into()
    }
}

impl Shape for fast::A {
    const NAME: &'static str = "fast_flatten";

    fn from_fast(value: &fast::A) -> Self {
        value.clone()
    }
}

impl Shape for serde_flatten::A {
    const NAME: &'static str = "serde_flatten";

    fn from_fast(value: &fast::A) -> Self {
        value.into()
    }
}

impl Shape for prior::A {
    const NAME: &'static str = "serde_fast_flatten";

    fn from_fast(value: &fast::A) -> Self {
        value.into()
    }
}

/// The `N` benchmark values in implementation `T`.
fn values<T: Shape>() -> Vec<T> {
    anchor::values(N).iter().map(T::from_fast).collect()
}

/// The implementation type behind a benchmark name.
macro_rules! shape {
    (flat) => {
        crate::flat::Flat
    };
    (fast_flatten) => {
        crate::fast::A
    };
    (serde_flatten) => {
        crate::serde_flatten::A
    };
    (serde_fast_flatten) => {
        crate::prior::A
    };
}

// ---------------------------------------------------------------------------------------------
// The formats.

/// A serde format: writes into a reused `Vec<u8>`, reads from a prepared input.
trait Format {
    /// The format's name in messages.
    const NAME: &'static str;

    /// What the deserializer reads (the encoded bytes, or a `String` for `from_str`).
    type Input;

    /// Turns encoded bytes into the input, outside any timed region.
    fn input(bytes: Vec<u8>) -> Self::Input;

    /// Appends the serialization of `value` to `buf` (bitcode replaces `buf`).
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String>;

    /// Deserializes a `T` from the whole input.
    fn decode<T: DeserializeOwned>(input: &Self::Input) -> Result<T, String>;
}

/// serde_json, compact; `from_slice`.
struct Json;

impl Format for Json {
    const NAME: &'static str = "serde_json (from_slice)";
    type Input = Vec<u8>;

    fn input(bytes: Vec<u8>) -> Vec<u8> {
        bytes
    }

    #[inline]
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        ::serde_json::to_writer(buf, value).map_err(|e| e.to_string())
    }

    #[inline]
    fn decode<T: DeserializeOwned>(input: &Vec<u8>) -> Result<T, String> {
        ::serde_json::from_slice(input).map_err(|e| e.to_string())
    }
}

/// serde_json, compact; `from_str`.
struct JsonStr;

impl Format for JsonStr {
    const NAME: &'static str = "serde_json (from_str)";
    type Input = String;

    fn input(bytes: Vec<u8>) -> String {
        String::from_utf8(bytes).expect("serde_json wrote invalid UTF-8")
    }

    #[inline]
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        Json::encode(value, buf)
    }

    #[inline]
    fn decode<T: DeserializeOwned>(input: &String) -> Result<T, String> {
        ::serde_json::from_str(input).map_err(|e| e.to_string())
    }
}

/// ciborium, reading a `&[u8]`.
struct Ciborium;

impl Format for Ciborium {
    const NAME: &'static str = "ciborium";
    type Input = Vec<u8>;

    fn input(bytes: Vec<u8>) -> Vec<u8> {
        bytes
    }

    #[inline]
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        ::ciborium::into_writer(value, buf).map_err(|e| e.to_string())
    }

    #[inline]
    fn decode<T: DeserializeOwned>(input: &Vec<u8>) -> Result<T, String> {
        ::ciborium::from_reader(input.as_slice()).map_err(|e| e.to_string())
    }
}

/// serde_cbor (default, non-packed: fields by name).
struct SerdeCbor;

impl Format for SerdeCbor {
    const NAME: &'static str = "serde_cbor";
    type Input = Vec<u8>;

    fn input(bytes: Vec<u8>) -> Vec<u8> {
        bytes
    }

    #[inline]
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        ::serde_cbor::to_writer(buf, value).map_err(|e| e.to_string())
    }

    #[inline]
    fn decode<T: DeserializeOwned>(input: &Vec<u8>) -> Result<T, String> {
        ::serde_cbor::from_slice(input).map_err(|e| e.to_string())
    }
}

/// bincode 2.0.1 through its serde layer, standard config.
struct Bincode2;

impl Format for Bincode2 {
    const NAME: &'static str = "bincode2";
    type Input = Vec<u8>;

    fn input(bytes: Vec<u8>) -> Vec<u8> {
        bytes
    }

    #[inline]
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        ::bincode2::serde::encode_into_std_write(value, buf, ::bincode2::config::standard())
            .map(drop)
            .map_err(|e| e.to_string())
    }

    #[inline]
    fn decode<T: DeserializeOwned>(input: &Vec<u8>) -> Result<T, String> {
        match ::bincode2::serde::decode_from_slice(input, ::bincode2::config::standard()) {
            Ok((value, read)) if read == input.len() => Ok(value),
            Ok((_, read)) => Err(format!("read {read} of {} bytes", input.len())),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// bitcode 0.6 in serde mode.
struct Bitcode;

impl Format for Bitcode {
    const NAME: &'static str = "bitcode";
    type Input = Vec<u8>;

    fn input(bytes: Vec<u8>) -> Vec<u8> {
        bytes
    }

    #[inline]
    fn encode<T: Serialize>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        *buf = ::bitcode::serialize(value).map_err(|e| e.to_string())?;
        Ok(())
    }

    #[inline]
    fn decode<T: DeserializeOwned>(input: &Vec<u8>) -> Result<T, String> {
        ::bitcode::deserialize(input).map_err(|e| e.to_string())
    }
}

/// The `N` values encoded by FastFlatten: what every implementation reads.
fn reference<F: Format>() -> Vec<u8> {
    let mut bytes = Vec::new();
    F::encode(&values::<fast::A>(), &mut bytes)
        .unwrap_or_else(|e| panic!("{}: FastFlatten failed to serialize: {e}", F::NAME));
    bytes
}

// ---------------------------------------------------------------------------------------------
// Deserialize.

/// A sequence of `T` read element by element, each handed to `black_box` and dropped.
struct Sink<T> {
    len: usize,
    element: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Sink<T> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(SinkVisitor(PhantomData))
    }
}

struct SinkVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for SinkVisitor<T> {
    type Value = Sink<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Sink<T>, A::Error> {
        let mut len = 0;
        while let Some(element) = seq.next_element::<T>()? {
            black_box(element);
            len += 1;
        }
        Ok(Sink {
            len,
            element: PhantomData,
        })
    }
}

mod de {
    use super::*;

    /// Times reading the reference bytes as `N` values of `T`.
    pub fn bench<F: Format, T: Shape>(bencher: Bencher) {
        let input = F::input(reference::<F>());
        bencher.counter(ItemsCount::new(N)).bench_local(|| {
            match F::decode::<Sink<T>>(black_box(&input)) {
                Ok(sink) => sink.len,
                Err(e) => panic!("{}: {} failed to deserialize: {e}", F::NAME, T::NAME),
            }
        });
    }

    /// Whether `T` reads the reference bytes as the reference values, both into a `Vec` and
    /// through the timed path.
    pub fn probe<F: Format, T: Shape>() -> Result<(), String> {
        let input = F::input(reference::<F>());
        let decoded: Vec<T> = catch(|| F::decode(&input))?;
        if decoded != values::<T>() {
            return Err("deserialized values differ from the serialized ones".into());
        }
        let sink: Sink<T> = catch(|| F::decode(&input))?;
        if sink.len != N {
            return Err(format!(
                "read {} values through the sink, expected {N}",
                sink.len
            ));
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Serialize.

mod ser {
    use super::*;

    /// Times writing `N` values of `T` into a reused buffer.
    pub fn bench<F: Format, T: Shape>(bencher: Bencher) {
        let data = values::<T>();
        let mut buf = Vec::with_capacity(2 * reference::<F>().len());
        bencher.counter(ItemsCount::new(N)).bench_local(|| {
            buf.clear();
            if let Err(e) = F::encode(black_box(&data), &mut buf) {
                panic!("{}: {} failed to serialize: {e}", F::NAME, T::NAME);
            }
            black_box(&buf);
        });
    }

    /// Whether `T` writes the reference bytes (or, for serde's flatten, bytes that `flat` reads
    /// back as the same values: serde writes a map of unknown length there).
    pub fn probe<F: Format, T: Shape>() -> Result<(), String> {
        let expected = reference::<F>();
        let data = values::<T>();
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
        if T::NAME != <serde_flatten::A as Shape>::NAME {
            return Err(different);
        }
        let read: Vec<flat::Flat> = catch(|| F::decode(&F::input(buf)))
            .map_err(|e| format!("{different}, which do not read back: {e}"))?;
        if read != values::<flat::Flat>() {
            return Err(format!("{different}, which read back as other values"));
        }
        eprintln!(
            "note: {}: serde_flatten serializes to other bytes than the reference ({different}); \
             they read back as the same values",
            F::NAME
        );
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Checks.

/// Runs `f`, turning an error or a panic into an error message.
fn catch<R>(f: impl FnOnce() -> Result<R, String>) -> Result<R, String> {
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    panic::set_hook(hook);
    match result {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(format!("error: {e}")),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            Err(format!("panic: {message}"))
        }
    }
}

/// A benchmarked pair must work.
fn require(group: &str, name: &str, probe: Result<(), String>) {
    if let Err(e) = probe {
        panic!("{group}: {name} fails on the benchmark data ({e}); fix it or skip it");
    }
}

/// A left-out pair is reported.
fn report_skipped(group: &str, name: &str, probe: Result<(), String>) {
    match probe {
        Err(e) => eprintln!("skipped: {group}::{name}: {e}"),
        Ok(()) => eprintln!(
            "note: {group}::{name} works now but is not benchmarked: \
             move it out of `skip` in `format_benches!` (benches/flatten.rs)"
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// The benchmarks.

/// One module per format, one per operation inside, one function per implementation: ids read
/// `<format>::<operation>::<implementation>`. Each operation lists the implementations it
/// benchmarks and those it leaves out (probed and reported by `check_all`).
macro_rules! format_benches {
    ($(
        $format:ident {
            $($operation:ident: $kind:ident<$ty:ty> [$($name:ident),*] skip [$($skip:ident),*],)+
        }
    )+) => {
        $(
            mod $format {
                $(
                    pub mod $operation {
                        use divan::Bencher;

                        type F = $ty;

                        /// Checks the benchmarked implementations and reports the left-out ones.
                        pub fn check() {
                            let group = concat!(stringify!($format), "::", stringify!($operation));
                            $(
                                crate::require(
                                    group,
                                    stringify!($name),
                                    crate::$kind::probe::<F, shape!($name)>(),
                                );
                            )*
                            $(
                                crate::report_skipped(
                                    group,
                                    stringify!($skip),
                                    crate::$kind::probe::<F, shape!($skip)>(),
                                );
                            )*
                        }

                        $(
                            #[divan::bench(sample_count = crate::SAMPLES, sample_size = crate::SAMPLE_SIZE)]
                            fn $name(bencher: Bencher) {
                                crate::$kind::bench::<F, shape!($name)>(bencher);
                            }
                        )*
                    }
                )+
            }
        )+

        /// Checks every benchmarked pair (panicking on a failure) and reports the left-out ones.
        fn check_all() {
            $($($format::$operation::check();)+)+
        }
    };
}

format_benches! {
    serde_json {
        deserialize_from_slice: de<crate::Json>
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [],
        deserialize_from_str: de<crate::JsonStr>
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [],
        serialize: ser<crate::Json>
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [],
    }
    ciborium {
        deserialize: de<crate::Ciborium>
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [],
        serialize: ser<crate::Ciborium>
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [],
    }
    serde_cbor {
        deserialize: de<crate::SerdeCbor>
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [],
        serialize: ser<crate::SerdeCbor>
            [flat, fast_flatten, serde_flatten, serde_fast_flatten] skip [],
    }
    bincode2 {
        deserialize: de<crate::Bincode2>
            [flat, fast_flatten, serde_fast_flatten] skip [serde_flatten],
        serialize: ser<crate::Bincode2>
            [flat, fast_flatten, serde_fast_flatten] skip [serde_flatten],
    }
    bitcode {
        deserialize: de<crate::Bitcode>
            [flat, fast_flatten, serde_fast_flatten] skip [serde_flatten],
        serialize: ser<crate::Bitcode>
            [flat, fast_flatten, serde_fast_flatten] skip [serde_flatten],
    }
}
