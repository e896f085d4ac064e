//! The "Faster Rust Serialization" experiment: N names serialized as a sequence of "first last"
//! strings, the naive way, through `collect_str`, and through this crate's formatters.
//!
//! Run it with
//!
//! ```text
//! cargo bench --bench formatters                      # everything: about 1.5 min after the build
//! cargo bench --bench formatters -- serde_json        # one format
//! cargo bench --bench formatters -- 'serde_json::(naive|display_seq)::4096'
//! FORMATTERS_RATIOS=1 cargo bench --bench formatters  # interleaved ratios only, ~20 s
//! ```
//!
//! Benchmark ids are `<format>::<variant>::<N>`, so the ratios of one format sit side by side.
//! Formats: the primary ones of the format table (`support/src/common/formats.rs`), by their ids:
//! `serde_json`, `serde_yaml` (0.9), `ciborium`, `bincode2` (bincode 2.0.1, `serde` feature,
//! standard config), `bitcode` (0.6, serde API), `postcard` and `rmp_serde` (MessagePack,
//! through `rmp_serde::Serializer::new(buf).with_struct_map()`, the self-describing struct-map
//! mode; it changes nothing here, where no struct is written). Every variant writes
//! into one output `Vec<u8>`, reserved up front and cleared before each iteration, so the output
//! buffer never reallocates inside the timed region; bitcode's serde API has no "into a buffer"
//! form, so there `bitcode::serialize` returns a fresh `Vec<u8>` that replaces the buffer (one
//! allocation per iteration, the same for every variant).
//!
//! Variants (the data set is in `support/src/common/names.rs`):
//!
//! | id | serializes |
//! |---|---|
//! | `naive` | `names.iter().map(|n| n.to_string()).collect::<Vec<_>>()`, built inside the timed region |
//! | `collect_str` | `serializer.collect_seq(names.iter().map(CollectStr))`, `CollectStr` calling `serializer.collect_str(name)` |
//! | `display_formatter` | `serializer.collect_seq(names.iter().map(DisplayFormatter))`: as `collect_str`, one wrapper swapped |
//! | `seq_formatter` | `SeqFormatter(names.iter().map(DisplayFormatter))` |
//! | `display_seq` | `DisplaySeq(&names)` |
//! | `concat` | `SeqFormatter(names.iter().map(|n| Concat((&n.first_name, " ", &n.last_name))))` |
//! | `lower_bound` | a `Vec<String>` of the same strings, built outside the timed region |
//!
//! `display_formatter / collect_str` isolates the per-element cost of `DisplayFormatter` against
//! the format's own `collect_str`; `display_formatter / seq_formatter` isolates `SeqFormatter`
//! against `collect_seq`; `x / lower_bound` is how far a variant is from handing the format
//! ready-made `&str`s.
//!
//! N runs over 1, 16, 256, 4096, 65536 and 1048576. Each benchmark takes divan's default 100
//! samples but stops after `MAX_TIME` seconds, so large N take fewer samples (a few at N = 2^20).
//! Before benchmarking, `main` checks that every variant writes exactly the bytes of
//! `lower_bound` in every format, and panics otherwise.
//!
//! Ratios of two divan benchmarks compare numbers taken seconds apart; on a shared or throttled
//! machine one of them can land in a slow phase. With `FORMATTERS_RATIOS=1` the binary skips divan
//! and prints the ratios that matter from interleaved rounds instead, at N = 4096 and 65536: each
//! round times every variant back to back (best of `REPS`, rotating the order), and a ratio is
//! reported as the median [min-max] of its `ROUNDS` per-round values.
//!
//! The Display-based variants are sensitive to how rustc splits this crate into codegen units:
//! with the default 16, adding an unrelated variant once made `display_formatter`,
//! `seq_formatter` and `display_seq` 40% slower (52 instead of 37 ns per name on serde_json);
//! with `CARGO_PROFILE_BENCH_CODEGEN_UNITS=1` they stayed put. Compare numbers of one build.
//!
//! No allocation profiler is installed: it would add its bookkeeping to the time of the variants
//! that allocate. `cargo run --release --example tour` counts allocations.

use std::cell::RefCell;
use std::marker::PhantomData;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use serde::{Serialize, Serializer};
use serde_fastkit::{Concat, DisplayFormatter, DisplaySeq, SeqFormatter};

use fastkit_support::common;

use common::formats::{for_each_format, visit_primary_formats, Format, FormatVisitor};
use common::names::{names, Name};
use common::timer::{self, Rounds, Run, Spread};

/// The sequence lengths benchmarked.
const NS: &[usize] = &[1, 16, 256, 4096, 65536, 1 << 20];

/// The time budget of one benchmark at one N, in seconds: at large N it ends sampling early.
const MAX_TIME: f64 = 1.0;

fn main() {
    warm_up_allocator();
    check_outputs();
    if std::env::var_os("FORMATTERS_RATIOS").is_some() {
        ratios();
    } else {
        divan::main();
    }
}

/// Frees one 16 MiB block first, so that glibc's malloc raises its dynamic mmap and trim
/// thresholds now (to 16 and 32 MiB; blocks over 32 MiB do not count) rather than at some point
/// during the run. Without it the heap state depends on what ran before: in some orders `naive`
/// at N = 65536 hands its pages back to the kernel after every run and faults them in again
/// (measured: 89 instead of 60 ns per name on serde_json). Harmless with other allocators.
fn warm_up_allocator() {
    drop(black_box(vec![0u8; 16 << 20]));
}

/// Writes `value` into the cleared `buf` in format `F` (bitcode replaces `buf`), panicking on
/// an error.
#[inline]
fn write<F: Format, T: Serialize + ?Sized>(value: &T, buf: &mut Vec<u8>) {
    F::encode_reusing(value, buf).unwrap_or_else(|e| panic!("{} failed: {e}", F::NAME));
}

/// One name through the format's own `Serializer::collect_str`.
struct CollectStr<'a>(&'a Name);

impl Serialize for CollectStr<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

/// A per-name wrapper for [`CollectSeq`].
trait Wrap<'a>: Serialize {
    fn wrap(name: &'a Name) -> Self;
}

impl<'a> Wrap<'a> for CollectStr<'a> {
    #[inline]
    fn wrap(name: &'a Name) -> Self {
        CollectStr(name)
    }
}

impl<'a> Wrap<'a> for DisplayFormatter<&'a Name> {
    #[inline]
    fn wrap(name: &'a Name) -> Self {
        DisplayFormatter(name)
    }
}

/// The names through `Serializer::collect_seq`, each wrapped in `W`.
struct CollectSeq<'a, W>(&'a [Name], PhantomData<W>);

impl<'a, W: Wrap<'a>> Serialize for CollectSeq<'a, W> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(W::wrap))
    }
}

/// The ways to serialize the names.
#[derive(Clone, Copy, Debug)]
enum Variant {
    Naive,
    CollectStr,
    DisplayFormatter,
    SeqFormatter,
    DisplaySeq,
    Concat,
    LowerBound,
}

impl Variant {
    /// The benchmark id.
    fn id(self) -> &'static str {
        match self {
            Variant::Naive => "naive",
            Variant::CollectStr => "collect_str",
            Variant::DisplayFormatter => "display_formatter",
            Variant::SeqFormatter => "seq_formatter",
            Variant::DisplaySeq => "display_seq",
            Variant::Concat => "concat",
            Variant::LowerBound => "lower_bound",
        }
    }
}

/// Every variant, in declaration order (`VARIANTS[v as usize] == v`).
const VARIANTS: [Variant; 7] = [
    Variant::Naive,
    Variant::CollectStr,
    Variant::DisplayFormatter,
    Variant::SeqFormatter,
    Variant::DisplaySeq,
    Variant::Concat,
    Variant::LowerBound,
];

/// Serializes `names` (or, for `LowerBound`, the pre-built `strings`) into `buf` as `variant`.
///
/// Inlined into each benchmark with a constant `variant`, so only its arm is compiled there.
#[inline(always)]
fn encode<F: Format>(variant: Variant, names: &[Name], strings: &[String], buf: &mut Vec<u8>) {
    match variant {
        Variant::Naive => {
            let strings: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            write::<F, _>(&strings, buf);
        }
        Variant::CollectStr => write::<F, _>(&CollectSeq::<CollectStr>(names, PhantomData), buf),
        Variant::DisplayFormatter => {
            write::<F, _>(&CollectSeq::<DisplayFormatter<_>>(names, PhantomData), buf)
        }
        Variant::SeqFormatter => {
            write::<F, _>(&SeqFormatter(names.iter().map(DisplayFormatter)), buf)
        }
        Variant::DisplaySeq => write::<F, _>(&DisplaySeq(names), buf),
        Variant::Concat => write::<F, _>(
            &SeqFormatter(
                names
                    .iter()
                    .map(|n| Concat((&n.first_name, " ", &n.last_name))),
            ),
            buf,
        ),
        Variant::LowerBound => write::<F, _>(strings, buf),
    }
}

/// The names' strings, built outside any timed region.
fn strings(names: &[Name]) -> Vec<String> {
    names.iter().map(Name::to_string).collect()
}

/// Checks that every variant writes the bytes of `lower_bound`, in every format.
fn check_outputs() {
    struct Check;

    impl FormatVisitor for Check {
        fn visit<F: Format>(&mut self) {
            for n in [0, 1, 17, 300] {
                let names = names(n);
                let strings = strings(&names);
                let mut expected = Vec::new();
                encode::<F>(Variant::LowerBound, &names, &strings, &mut expected);
                for variant in VARIANTS {
                    let mut buf = Vec::new();
                    encode::<F>(variant, &names, &strings, &mut buf);
                    assert!(
                        buf == expected,
                        "{}: {variant:?} differs from the lower bound at N = {n}",
                        F::ID
                    );
                }
            }
        }
    }

    visit_primary_formats(&mut Check);
}

/// Benchmarks `variant` on `n` names in format `F`.
#[inline(always)]
fn bench<F: Format>(bencher: Bencher, n: usize, variant: Variant) {
    let names = names(n);
    let strings = strings(&names);
    let mut buf = Vec::new();
    write::<F, _>(&strings, &mut buf);
    buf.clear(); // keeps the capacity: no reallocation while timing
    bencher.counter(ItemsCount::new(n)).bench_local(|| {
        buf.clear();
        encode::<F>(variant, black_box(&names), black_box(&strings), &mut buf);
        black_box(&buf);
    });
}

/// One module per primary format of the table, one benchmark per variant: ids read
/// `<format>::<variant>::<N>`.
macro_rules! format_benches {
    ($family:ident $module:ident: $format:ident, Primary) => {
        mod $module {
            use super::{bench, Bencher, Variant, MAX_TIME, NS};

            type F = crate::common::formats::$format;

            #[divan::bench(args = NS, max_time = MAX_TIME)]
            fn naive(bencher: Bencher, n: usize) {
                bench::<F>(bencher, n, Variant::Naive);
            }

            #[divan::bench(args = NS, max_time = MAX_TIME)]
            fn collect_str(bencher: Bencher, n: usize) {
                bench::<F>(bencher, n, Variant::CollectStr);
            }

            #[divan::bench(args = NS, max_time = MAX_TIME)]
            fn display_formatter(bencher: Bencher, n: usize) {
                bench::<F>(bencher, n, Variant::DisplayFormatter);
            }

            #[divan::bench(args = NS, max_time = MAX_TIME)]
            fn seq_formatter(bencher: Bencher, n: usize) {
                bench::<F>(bencher, n, Variant::SeqFormatter);
            }

            #[divan::bench(args = NS, max_time = MAX_TIME)]
            fn display_seq(bencher: Bencher, n: usize) {
                bench::<F>(bencher, n, Variant::DisplaySeq);
            }

            #[divan::bench(args = NS, max_time = MAX_TIME)]
            fn concat(bencher: Bencher, n: usize) {
                bench::<F>(bencher, n, Variant::Concat);
            }

            #[divan::bench(args = NS, max_time = MAX_TIME)]
            fn lower_bound(bencher: Bencher, n: usize) {
                bench::<F>(bencher, n, Variant::LowerBound);
            }
        }
    };
    ($family:ident $module:ident: $format:ident, $tier:ident) => {};
}

for_each_format!(format_benches);

/// The sequence lengths of the interleaved mode.
const RATIO_NS: [usize; 2] = [4096, 65536];

/// Interleaved rounds per format and N.
const ROUNDS: usize = 21;

/// Runs of each variant per round; the fastest counts.
const REPS: usize = 3;

/// The ratios the interleaved mode prints, as (numerator, denominator).
const RATIOS: [(Variant, Variant); 8] = [
    (Variant::Naive, Variant::DisplaySeq),
    (Variant::DisplayFormatter, Variant::CollectStr),
    (Variant::SeqFormatter, Variant::DisplayFormatter),
    (Variant::Naive, Variant::LowerBound),
    (Variant::CollectStr, Variant::LowerBound),
    (Variant::DisplayFormatter, Variant::LowerBound),
    (Variant::DisplaySeq, Variant::LowerBound),
    (Variant::Concat, Variant::LowerBound),
];

/// `FORMATTERS_RATIOS=1`: the ratios from interleaved rounds, instead of divan.
fn ratios() {
    println!(
        "median [min-max] of {ROUNDS} per-round ratios; a round times every variant back to back, best of {REPS}\n"
    );
    println!(
        "{:<10} {:>6}  {:<36} {:>6}  range",
        "format", "N", "ratio", "median"
    );
    struct Ratios;

    impl FormatVisitor for Ratios {
        fn visit<F: Format>(&mut self) {
            ratios_for::<F>(F::ID);
        }
    }

    visit_primary_formats(&mut Ratios);
}

/// [`encode`] with a fixed variant, for a table of function pointers.
type Encoder = fn(&[Name], &[String], &mut Vec<u8>);

/// [`encode`] of `VARIANTS[V]`.
fn encode_as<F: Format, const V: usize>(names: &[Name], strings: &[String], buf: &mut Vec<u8>) {
    encode::<F>(VARIANTS[V], names, strings, buf);
}

/// Prints the interleaved ratios of format `F`.
fn ratios_for<F: Format>(format: &str) {
    for n in RATIO_NS {
        let names = names(n);
        let strings = strings(&names);
        let mut buf = Vec::new();
        write::<F, _>(&strings, &mut buf);
        // One output buffer for every variant, as in the benchmarks.
        let buf = RefCell::new(buf);
        // One function per variant, each compiled with its variant constant, as in the benchmarks.
        let encoders: [Encoder; VARIANTS.len()] = [
            encode_as::<F, 0>,
            encode_as::<F, 1>,
            encode_as::<F, 2>,
            encode_as::<F, 3>,
            encode_as::<F, 4>,
            encode_as::<F, 5>,
            encode_as::<F, 6>,
        ];
        let mut runs: Vec<Run<'_>> = encoders
            .into_iter()
            .map(|encoder| -> Run<'_> {
                let (names, strings, buf) = (&names, &strings, &buf);
                Box::new(move || {
                    let mut buf = buf.borrow_mut();
                    buf.clear();
                    encoder(black_box(names), black_box(strings), &mut buf);
                    black_box(&*buf);
                })
            })
            .collect();
        // times[variant][round]
        let times = timer::interleaved(
            &mut runs,
            Rounds {
                warm_up: 0,
                rounds: ROUNDS,
                reps: REPS,
            },
        );
        let per_name: Vec<String> = VARIANTS
            .iter()
            .map(|&v| {
                let median = Spread::of(times[v as usize].clone()).median;
                format!("{} {:.1}", v.id(), median * 1e9 / n as f64)
            })
            .collect();
        println!("{format:<10} {n:>6}  ns/name: {}", per_name.join(", "));
        for (a, b) in RATIOS {
            let ratio = Spread::ratio(&times[a as usize], &times[b as usize]);
            println!(
                "{format:<10} {n:>6}  {:<36} {:>6.2}  [{:.2}-{:.2}]",
                format!("{} / {}", a.id(), b.id()),
                ratio.median,
                ratio.min,
                ratio.max
            );
        }
    }
}
