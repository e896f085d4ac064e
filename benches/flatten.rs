//! `#[derive(FastFlatten)]` against serde's derive (`#[serde(flatten)]`, tagged enums),
//! serde_fast_flatten 0.1.3 and the lower bound, on the workloads of `support/src/workloads/` and the
//! measured configurations of the format table (`support/src/common/formats.rs`).
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
//! The implementations are each workload's (`support/src/workloads/`), by their names:
//!
//! | implementation | type |
//! |---|---|
//! | `flat` | the workload's `flat` module: every leaf at top level, plain serde derive (the lower bound) |
//! | `lower` | the enum workloads' `lower` module: the plain struct of the variant, the tag a field (the lower bound) |
//! | `fast_flatten` | the workload's `fast` module: `#[derive(FastFlatten)]` |
//! | `serde_flatten` | the workload's `serde_flatten` module: serde's derive with `#[serde(flatten)]` |
//! | `serde_derive` | `events::serde_derive`: serde's derive of the internally tagged enum |
//! | `serde_fast_flatten` | `anchor::prior`: serde_fast_flatten 0.1.3 (only the anchor shape: its derive cannot express the others) |
//!
//! Beside them, each workload's peers (`Workload::visit_peers`: LBS 0.4.3 for `wide`) read and
//! write the same values in their own format: `peers::wide::lbs::{deserialize,serialize}`.
//!
//! One iteration handles one sequence of values; divide the time by the values per iteration
//! for the time per value (the sizes are printed at start-up, before the benchmarks; the values
//! per iteration are each workload's [`Benched::N`]):
//!
//! | workload | one value | values per iteration | serde_json bytes per iteration |
//! |---|---|---|---|
//! | `anchor` | `A { num1, flatten B { num2, flatten C { num3, num4 } }, flatten D { num5, num6 } }`, all `u64` | 1000 | 97 KB |
//! | `paged` | a page of 20 string-heavy items, meta and audit flattened, `String`s | 16 pages (320 items) | 110 KB |
//! | `paged_borrowed` | the same bytes read as `&str`s into the input (formats that lend) | 16 pages | 110 KB |
//! | `wide` | the LBS record: 8 flattened groups of 20 optional leaves (123 strings), ~20 set (self-describing formats only) | 200 | 110 KB |
//! | `wide_optional`, `wide_default` | the same record without the container default; and with `#[serde(default)]` on every leaf instead | 200 | 110 KB |
//! | `payload` | execution payload V3 flattening V2 flattening V1: long hex strings | 20 | 116 KB |
//! | `events` | an internally tagged event, any of 5 variants, the tag first (not on bitcode) | 1200 | 97 KB |
//! | `events_created` | the same enum, every event `Created`, the tag first | 800 | 98 KB |
//! | `events_tag_last` | the same `Created` events, the tag last (read only; self-describing formats) | 800 | 98 KB |
//! | `status` | a struct flattening an internally tagged enum (not on bitcode) | 1000 | 106 KB |
//! | `fees` | a struct flattening an externally tagged enum (self-describing formats) | 500 | 103 KB |
//! | `rpc` | a struct flattening an untagged enum (self-describing formats) | 700 | 103 KB |
//! | `rpc_nested` | the same untagged enum as a field, not flattened (self-describing formats) | 700 | 106 KB |
//!
//! Formats, by their ids in the table: every workload runs on the primary configurations
//! (`serde_json`, `serde_yaml`, `ciborium`, `bincode2`, `bitcode`, `postcard`, `rmp_serde`, the
//! last in struct-map mode) where it can be read back (`Workload::NEEDS`: `wide` on
//! self-describing formats, `paged_borrowed` on formats that lend, so not on ciborium); the
//! anchor shape also on the secondary ones (`serde_json_from_str`: `from_str` on text checked as
//! UTF-8 before timing; `serde_cbor`). The calls each configuration makes are in its adapter.
//!
//! - **deserialize** reads the whole sequence, encoded once with FastFlatten *before* timing, so
//!   every implementation reads the same bytes. Each element is handed to `divan::black_box` and
//!   dropped (`support/src/common/sink.rs`) rather than pushed into a `Vec`: the `Vec`'s growth would
//!   add the same allocations and copies to every implementation and blur the ratios.
//! - **serialize** writes the values (a `Vec<T>`, built before timing) into one `Vec<u8>`,
//!   reserved up front and cleared before each iteration, so it never reallocates while timed.
//!   bitcode's serde API has no "into a buffer" form: there `bitcode::serialize` returns a fresh
//!   `Vec<u8>` (one allocation per iteration, the same for every implementation).
//!
//! Before benchmarking, `main` checks every benchmarked workload, format and implementation and
//! panics with the reason if one does not hold: every implementation but serde's must serialize
//! to exactly the reference bytes; serde's derive must serialize to the reference bytes or,
//! where serde writes its flattened struct as an indefinite-length map (ciborium, serde_cbor), to
//! bytes that read back as the same values; every implementation must deserialize the reference
//! bytes to the values (borrowing, in `paged_borrowed`). The reference bytes are FastFlatten's,
//! except in `events_tag_last` (the lower bound's: the tag last), where FastFlatten and serde's
//! derive are timed reading only. The lower bound of `events` (every variant's fields in one
//! struct) reads the events but writes others, so it is timed reading only.
//!
//! Left out, because the implementation fails on the format (its rule in `support/src/workloads/`,
//! `Implementation::reads`/`writes`, says so): `serde_flatten` on `bincode2`, `bitcode` and
//! `postcard`, every workload, both directions. serde writes a struct with a flattened field
//! through `serialize_map(None)`, which these length-prefixed formats refuse (bincode 2:
//! `Serde(SequenceMustHaveLength)`; bitcode panics "sequence must have len"; postcard: "The
//! length of a sequence must be known"), and reads it through `deserialize_map` with identifier
//! keys, which they cannot feed (bincode 2: `Serde(IdentifierNotSupported)`, or
//! ``OtherString("missing field `num1`")`` on `anchor`; bitcode: "bitcode error"; postcard:
//! "This is a feature that PostCard will never implement", or "Serde Deserialization Error" on
//! `anchor`). serde's flatten works on serde_json, serde_yaml and rmp-serde in struct-map mode
//! (rmp-serde buffers the map of unknown length and writes the same bytes as the others); on
//! ciborium and serde_cbor it writes an indefinite-length map (a few bytes more, read back
//! fine). `main` probes every left-out combination, prints the exact error, and says so if one
//! starts to work.
//!
//! The enum workloads leave out more. `serde_derive` (serde's derive of the internally tagged
//! enum) reads through `deserialize_any`: not on `bincode2` (`Serde(AnyNotSupported)`),
//! `bitcode` ("bitcode error") nor `postcard` ("This is a feature that PostCard will never
//! implement"); it writes everywhere, the same bytes as FastFlatten. The lower bounds whose tag
//! is a plain unit enum (`events_created`'s `lower`, `status`'s `flat`) read and write it as the
//! variant's index on `bincode2`, `bitcode` and `postcard`, where the enums write its name; the
//! lower bound of `events` (every variant's fields in one struct) reads the events by name only
//! and writes `"reason": null` in every one, so it is never timed writing; FastFlatten and
//! `serde_derive` write the tag first, so `events_tag_last` times them reading only. `events`
//! and `status` do not run on `bitcode`, whose encoder panics "type changed" on a sequence whose
//! elements change shape (`Format::MIXED_SHAPES`); `events_tag_last`, `fees` and `rpc` run on
//! the self-describing formats only.
//!
//! Each benchmark collects `SAMPLES` samples of its workload's `SAMPLE_SIZE` iterations, but at
//! least `MIN_TIME` and at most `MAX_TIME` seconds: fast formats take more samples, serde_yaml
//! (15 to 30 times slower than serde_json) fewer. Compare medians; on a busy machine, the
//! `fastest` column is the steadier one.

use std::marker::PhantomData;

use divan::counter::BytesCount;
use divan::{black_box, Bencher};

use fastkit_support::common;
use fastkit_support::workloads;

use common::formats::{visit_formats, Format, FormatVisitor, Tier};
use common::probe;
use workloads::{
    for_each_workload, Anchor, CatchAll, Events, EventsCreated, EventsTagLast, Fees, Foreign,
    Implementation, ImplementationVisitor, Paged, PagedBorrowed, Payload, Peer, Role, Rpc,
    RpcNested, Status, Wide, WideDefault, WideOptional, Workload,
};

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
// What runs.

/// How the benchmarks run a workload.
trait Benched: Workload {
    /// Values per iteration (one sequence of them).
    const N: usize;

    /// Iterations per sample.
    const SAMPLE_SIZE: u32;

    /// Whether it also runs on the table's secondary configurations ([`Tier::Secondary`]).
    const SECONDARY: bool = false;
}

impl Benched for Anchor {
    const N: usize = 1000;
    const SAMPLE_SIZE: u32 = 4;
    /// The anchor shape compares every configuration, beside serde_fast_flatten.
    const SECONDARY: bool = true;
}

impl Benched for Paged {
    const N: usize = 16;
    const SAMPLE_SIZE: u32 = 2;
}

impl Benched for PagedBorrowed {
    const N: usize = Paged::N;
    const SAMPLE_SIZE: u32 = Paged::SAMPLE_SIZE;
}

impl Benched for Wide {
    const N: usize = 200;
    const SAMPLE_SIZE: u32 = 2;
}

impl Benched for WideDefault {
    const N: usize = Wide::N;
    const SAMPLE_SIZE: u32 = Wide::SAMPLE_SIZE;
}

impl Benched for WideOptional {
    const N: usize = Wide::N;
    const SAMPLE_SIZE: u32 = Wide::SAMPLE_SIZE;
}

impl Benched for Payload {
    const N: usize = 20;
    const SAMPLE_SIZE: u32 = 4;
}

impl Benched for Events {
    const N: usize = 1200;
    const SAMPLE_SIZE: u32 = 4;
}

impl Benched for EventsCreated {
    const N: usize = 800;
    const SAMPLE_SIZE: u32 = 4;
}

impl Benched for EventsTagLast {
    const N: usize = EventsCreated::N;
    const SAMPLE_SIZE: u32 = EventsCreated::SAMPLE_SIZE;
}

impl Benched for Status {
    const N: usize = 1000;
    const SAMPLE_SIZE: u32 = 4;
}

impl Benched for Fees {
    const N: usize = 500;
    const SAMPLE_SIZE: u32 = 4;
}

impl Benched for Rpc {
    const N: usize = 700;
    const SAMPLE_SIZE: u32 = 4;
}

impl Benched for RpcNested {
    const N: usize = 700;
    const SAMPLE_SIZE: u32 = 4;
}

impl Benched for Foreign {
    const N: usize = 600;
    const SAMPLE_SIZE: u32 = 4;
}

impl Benched for CatchAll {
    const N: usize = 300;
    const SAMPLE_SIZE: u32 = 4;
}

/// Whether workload `W` runs on format `F`: a measured configuration (the secondary ones only
/// where `W` asks for them) that can read `W` back. A `const fn`, so that no code is generated
/// for the combinations that do not run.
const fn runs_on<W: Benched, F: Format>() -> bool {
    let measured = match F::TIER {
        Tier::Primary => true,
        Tier::Secondary => W::SECONDARY,
        Tier::Tested => false,
    };
    measured && W::NEEDS.met_by(&F::PROPERTIES)
}

/// Deserialize or serialize.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Deserialize,
    Serialize,
}

impl Op {
    /// The benchmark's name.
    fn name(self) -> &'static str {
        match self {
            Op::Deserialize => "deserialize",
            Op::Serialize => "serialize",
        }
    }

    /// Whether this is timed on `F`: not serializing where `F` writes what another
    /// configuration writes (`Format::OWN_WRITER`).
    fn timed_on<F: Format>(self) -> bool {
        self == Op::Deserialize || F::OWN_WRITER
    }

    /// Whether implementation `I` of `W` does this on `F`, by its rule.
    fn works<W: Workload, F: Format, I: Implementation<W>>(self) -> bool {
        match self {
            Op::Deserialize => I::reads(&F::PROPERTIES),
            Op::Serialize => I::writes(&F::PROPERTIES),
        }
    }
}

/// The implementations benchmarked for `op` of `W` on `F`: the benchmark's arguments. None
/// where `W` does not run on `F`, and divan then leaves the benchmark out.
fn benched<W: Benched, F: Format>(op: Op) -> Vec<&'static str> {
    struct Names<F> {
        op: Op,
        names: Vec<&'static str>,
        format: PhantomData<F>,
    }

    impl<W: Workload, F: Format> ImplementationVisitor<W> for Names<F> {
        fn visit<I: Implementation<W>>(&mut self) {
            if self.op.works::<W, F, I>() {
                self.names.push(I::NAME);
            }
        }
    }

    let mut names = Names::<F> {
        op,
        names: Vec::new(),
        format: PhantomData,
    };
    if runs_on::<W, F>() && op.timed_on::<F>() {
        W::visit_implementations(&mut names);
    }
    names.names
}

/// The workload's values encoded by `F`: FastFlatten's bytes, what every implementation reads.
fn reference<W: Workload, F: Format>(source: &[W::Source]) -> Vec<u8> {
    F::encode(source).unwrap_or_else(|e| {
        panic!(
            "{}: {}: FastFlatten failed to serialize: {e}",
            W::NAME,
            F::NAME
        )
    })
}

// ---------------------------------------------------------------------------------------------
// The benchmarks.

/// Times `op` of the implementation named `implementation`, for `W` on `F`.
fn bench<W: Benched, F: Format>(bencher: Bencher, op: Op, implementation: &str) {
    struct Named<'n, 'a, 'b, F> {
        name: &'n str,
        op: Op,
        bencher: Option<Bencher<'a, 'b>>,
        format: PhantomData<F>,
    }

    impl<W: Benched, F: Format> ImplementationVisitor<W> for Named<'_, '_, '_, F> {
        fn visit<I: Implementation<W>>(&mut self) {
            if I::NAME != self.name {
                return;
            }
            let bencher = self.bencher.take().expect("one implementation per name");
            match self.op {
                Op::Deserialize => deserialize::<W, F, I>(bencher),
                Op::Serialize => serialize::<W, F, I>(bencher),
            }
        }
    }

    // No code for the combinations that do not run (their benchmarks have no arguments).
    if const { runs_on::<W, F>() } {
        let mut named = Named {
            name: implementation,
            op,
            bencher: Some(bencher),
            format: PhantomData::<F>,
        };
        W::visit_implementations(&mut named);
    }
}

/// Times reading the reference bytes as the `W::N` values of `I`, each dropped as it is read.
fn deserialize<W: Benched, F: Format, I: Implementation<W>>(bencher: Bencher) {
    let bytes = reference::<W, F>(&W::values(W::N));
    let input = F::input(&bytes).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench_local(|| match I::decode_sink::<F>(black_box(input)) {
            Some(Ok(len)) => len,
            Some(Err(e)) => panic!("{}: {}: {} failed: {e}", W::NAME, F::NAME, I::NAME),
            None => panic!("{}: {}: {} cannot read", W::NAME, F::NAME, I::NAME),
        });
}

/// Times writing the `W::N` values of `I` into a reused buffer.
fn serialize<W: Benched, F: Format, I: Implementation<W>>(bencher: Bencher) {
    let source = W::values(W::N);
    let data = I::values(&source);
    let mut buf = Vec::new();
    if let Err(e) = F::encode_reusing(&data, &mut buf) {
        panic!("{}: {}: {} failed: {e}", W::NAME, F::NAME, I::NAME);
    }
    let counter = BytesCount::new(buf.len());
    buf = Vec::with_capacity(2 * buf.len());
    bencher.counter(counter).bench_local(|| {
        buf.clear();
        if let Err(e) = F::encode_reusing(black_box(&data), &mut buf) {
            panic!("{}: {}: {} failed: {e}", W::NAME, F::NAME, I::NAME);
        }
        black_box(&buf);
    });
}

/// One module per workload, one per measured format inside, one benchmark per operation whose
/// arguments are the implementations: ids read `<workload>::<format>::<operation>::<implementation>`.
macro_rules! workload_benches {
    ($module:ident: $workload:ident) => {
        mod $module {
            type W = crate::workloads::$workload;

            crate::common::formats::for_each_format!(format_benches);
        }
    };
}

/// A workload's module for one format: nothing for a configuration that is only tested.
macro_rules! format_benches {
    ($family:ident $id:ident: $format:ident, Tested) => {};
    ($family:ident $id:ident: $format:ident, $tier:ident) => {
        mod $id {
            use crate::{Benched, Op};
            use divan::Bencher;

            type W = super::W;
            type F = crate::common::formats::$format;

            #[divan::bench(
                                                args = crate::benched::<W, F>(Op::Deserialize),
                                                sample_count = crate::SAMPLES,
                                                sample_size = <W as Benched>::SAMPLE_SIZE,
                                                min_time = crate::MIN_TIME,
                                                max_time = crate::MAX_TIME,
                                            )]
            fn deserialize(bencher: Bencher, implementation: &str) {
                crate::bench::<W, F>(bencher, Op::Deserialize, implementation);
            }

            #[divan::bench(
                                                args = crate::benched::<W, F>(Op::Serialize),
                                                sample_count = crate::SAMPLES,
                                                sample_size = <W as Benched>::SAMPLE_SIZE,
                                                min_time = crate::MIN_TIME,
                                                max_time = crate::MAX_TIME,
                                            )]
            fn serialize(bencher: Bencher, implementation: &str) {
                crate::bench::<W, F>(bencher, Op::Serialize, implementation);
            }
        }
    };
}

for_each_workload!(workload_benches);

/// The peers (`Workload::visit_peers`) on their own bytes, the same `W::N` values: ids read
/// `peers::<workload>::<peer>::<operation>` (`cargo bench --bench flatten -- wide` shows them
/// beside the workload's serde formats).
mod peers {
    mod wide {
        mod lbs {
            use crate::{Benched, Wide};
            use divan::Bencher;

            type P = crate::workloads::wide::Lbs;

            #[divan::bench(
                sample_count = crate::SAMPLES,
                sample_size = <Wide as Benched>::SAMPLE_SIZE,
                min_time = crate::MIN_TIME,
                max_time = crate::MAX_TIME,
            )]
            fn deserialize(bencher: Bencher) {
                crate::peer_deserialize::<Wide, P>(bencher);
            }

            #[divan::bench(
                sample_count = crate::SAMPLES,
                sample_size = <Wide as Benched>::SAMPLE_SIZE,
                min_time = crate::MIN_TIME,
                max_time = crate::MAX_TIME,
            )]
            fn serialize(bencher: Bencher) {
                crate::peer_serialize::<Wide, P>(bencher);
            }
        }
    }
}

/// Times peer `P` reading its own bytes of the `W::N` values, each dropped as it is read.
fn peer_deserialize<W: Benched, P: Peer<W>>(bencher: Bencher) {
    let values = P::values(&W::values(W::N));
    let mut bytes = Vec::new();
    P::encode_reusing(&values, &mut bytes).unwrap_or_else(|e| panic!("{}: {e}", P::NAME));
    assert!(
        P::decode_all(&bytes).as_ref() == Ok(&values),
        "{}: reads other values",
        P::NAME
    );
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench_local(|| P::decode_sink(black_box(&bytes)).expect("checked before timing"));
}

/// Times peer `P` writing the `W::N` values into a reused buffer.
fn peer_serialize<W: Benched, P: Peer<W>>(bencher: Bencher) {
    let values = P::values(&W::values(W::N));
    let mut buf = Vec::new();
    P::encode_reusing(&values, &mut buf).unwrap_or_else(|e| panic!("{}: {e}", P::NAME));
    let counter = BytesCount::new(buf.len());
    buf = Vec::with_capacity(2 * buf.len());
    bencher.counter(counter).bench_local(|| {
        buf.clear();
        P::encode_reusing(black_box(&values), &mut buf).expect("checked before timing");
        black_box(&buf);
    });
}

// ---------------------------------------------------------------------------------------------
// Checks.

/// Checks every benchmarked combination (panicking on a failure), reports the left-out ones and
/// prints the sizes.
fn check_all() {
    macro_rules! check {
        ($module:ident: $workload:ident) => {
            check_workload::<$workload>();
        };
    }
    for_each_workload!(check);
}

/// [`check_all`] for workload `W`, on every format it runs on.
fn check_workload<W: Benched>() {
    struct OnEachFormat<W> {
        sizes: Vec<(&'static str, usize)>,
        workload: PhantomData<W>,
    }

    impl<W: Benched> FormatVisitor for OnEachFormat<W> {
        fn visit<F: Format>(&mut self) {
            if const { runs_on::<W, F>() } {
                let source = W::values(W::N);
                let reference = reference::<W, F>(&source);
                for op in [Op::Deserialize, Op::Serialize]
                    .into_iter()
                    .filter(|op| op.timed_on::<F>())
                {
                    W::visit_implementations(&mut Probe::<W, F> {
                        op,
                        source: &source,
                        reference: &reference,
                        format: PhantomData,
                    });
                }
                self.sizes.push((F::ID, reference.len()));
            }
        }
    }

    let mut formats = OnEachFormat::<W> {
        sizes: Vec::new(),
        workload: PhantomData,
    };
    visit_formats(&mut formats);
    let sizes: Vec<String> = formats
        .sizes
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

/// Probes every implementation of `W` for `op` on `F`: one that works by its rule must hold (or
/// the bench panics), one that does not is reported.
struct Probe<'a, W: Workload, F> {
    op: Op,
    source: &'a [W::Source],
    reference: &'a [u8],
    format: PhantomData<F>,
}

impl<W: Workload, F: Format> ImplementationVisitor<W> for Probe<'_, W, F> {
    fn visit<I: Implementation<W>>(&mut self) {
        let probe = match self.op {
            Op::Deserialize => self.reads::<I>(),
            Op::Serialize => self.writes::<I>(),
        };
        let name = format!("{}::{}::{}::{}", W::NAME, F::ID, self.op.name(), I::NAME);
        match (self.op.works::<W, F, I>(), probe) {
            (true, Ok(())) => {}
            (true, Err(e)) => {
                panic!("{name} fails on the benchmark data ({e}); fix it or its rule")
            }
            (false, Err(e)) => eprintln!("skipped: {name}: {e}"),
            (false, Ok(())) => eprintln!(
                "note: {name} works now but is not benchmarked: its rule \
                 (`Implementation::reads`/`writes`, support/src/workloads/) says it fails"
            ),
        }
    }
}

impl<W: Workload, F: Format> Probe<'_, W, F> {
    /// Whether `I` reads the reference bytes as its values, both into a `Vec` and through the
    /// timed path.
    fn reads<I: Implementation<W>>(&self) -> Result<(), String> {
        let input = F::input(self.reference)?;
        let read = catch(|| I::decode_all::<F>(input).unwrap_or_else(cannot_lend::<F, _>))?;
        if read != I::values(self.source) {
            return Err("deserialized values differ from the serialized ones".into());
        }
        let len = catch(|| I::decode_sink::<F>(input).unwrap_or_else(cannot_lend::<F, _>))?;
        if len != self.source.len() {
            return Err(format!(
                "read {len} values through the sink, expected {}",
                self.source.len()
            ));
        }
        Ok(())
    }

    /// Whether `I` writes the reference bytes (or, for serde's derive where its rule says it
    /// writes, bytes that read back as the same values: serde writes a map of unknown length
    /// there).
    fn writes<I: Implementation<W>>(&self) -> Result<(), String> {
        let values = I::values(self.source);
        let mut buf = Vec::new();
        catch(|| F::encode_reusing(&values, &mut buf))?;
        if buf == self.reference {
            return Ok(());
        }
        let different = format!(
            "wrote {} bytes that differ from the {} reference bytes",
            buf.len(),
            self.reference.len()
        );
        if I::ROLE != Role::Serde || !I::writes(&F::PROPERTIES) {
            return Err(different);
        }
        let read: Vec<W::Source> = catch(|| F::decode(&buf))
            .map_err(|e| format!("{different}, which do not read back: {e}"))?;
        if read != self.source {
            return Err(format!("{different}, which read back as other values"));
        }
        eprintln!(
            "note: {}::{}: {} serializes to other bytes than the reference ({different}); they \
             read back as the same values",
            W::NAME,
            F::ID,
            I::NAME
        );
        Ok(())
    }
}

/// The error of an implementation that borrows, on a format that cannot lend.
fn cannot_lend<F: Format, T>() -> Result<T, String> {
    Err(format!("{} cannot lend", F::NAME))
}

/// Runs `f`, turning an error or a panic into an error message.
fn catch<R>(f: impl FnOnce() -> Result<R, String>) -> Result<R, String> {
    probe::catch(f).map_err(|failure| failure.to_string())
}
