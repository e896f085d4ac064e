//! Bad input never panics: truncated, bit-flipped, edited and random bytes fed to FastFlatten
//! types (every benchmark workload of `support/src/workloads/`, the enum workloads included, in its
//! FastFlatten implementation, from its samples' reference bytes; shapes from
//! `tests/roundtrip/shapes.rs`, catch-all maps, flattened `Option`s and defaults,
//! `deny_unknown_fields`, borrowed `&str` fields, standalone externally tagged, adjacently
//! tagged and untagged enums, a struct flattening an adjacently tagged one, an internally tagged
//! enum denying unknown fields, standalone and flattened as an `Option` and with a default)
//! through every format configuration
//! of the table (`support/src/common/formats.rs`): bytes through the binary ones (CBOR, bincode 1.3
//! and 2, bitcode, postcard, MessagePack), malformed text through the JSON and YAML ones. Every
//! decode must return, `Ok` or `Err`: an `Ok` on a mutated input is fine (the mutation may
//! still be a valid encoding).
//!
//! Inputs come from a deterministic PRNG (SplitMix64, fixed seeds), starting from valid
//! encodings of small values of each type (for the text formats also the object's values as a
//! JSON array, which FastFlatten reads as the sequence of leaves): every prefix (sampled past
//! 200 bytes), single bit flips (all of them up to 400, else 400 at random), bytes replaced by
//! values meaningful in length prefixes and type tags, one to four random edits at once
//! (replace, insert, delete, duplicate a range, swap; tokens of the format for JSON and YAML),
//! and random strings (any bytes; the bytes of the seeds; for text, the format's tokens). 500 to
//! 10 000 inputs per type and format (200 random ones where the format cannot write the type),
//! some 770 000 decodes in all, in 15 to 20 seconds of a debug build on 2 cores;
//! `FASTKIT_BAD_INPUT_SCALE=N` multiplies the random iterations by `N` for longer
//! local runs. [`deep_nesting_and_alias_bombs`] adds nesting past every format's depth limit
//! and a YAML alias bomb.
//!
//! Large allocations from corrupted length prefixes: every format is read through
//! `Format::decode_untrusted`, where bincode 1.3 and 2 take a 1 MiB limit (`with_limit`); postcard, bitcode, serde_cbor, rmp-serde and serde_json read from a
//! slice and check a length against the remaining input before allocating (sequences preallocate
//! through serde's `size_hint::cautious`, at most 1 MiB); ciborium reads through its fixed
//! scratch buffer. Inputs stay under a few kilobytes.
//!
//! Every decode runs under `catch_unwind` with a panic hook that records where the panic was
//! raised: the panic's own location, or, for a panic raised inside `std`/`core`/`alloc` (a
//! capacity overflow, a failed allocation), the first frame of the backtrace below the panic
//! entry point and outside them, i.e. the code that called into the standard library
//! (`#[track_caller]` panics such as indexing and `unwrap` already report their caller). A panic
//! attributed to a format crate's source (under `.cargo/registry/src/`) is a bug of that format
//! crate: it is tolerated only where [`known_format_panic`] documents it, for that one format.
//! Any other panic (in `serde_fastkit`, in its derive's generated code, whose spans point into the
//! files declaring the types, or anywhere not documented) fails the test with the type, the
//! format, the input shrunk to a minimal reproduction, and the panic's location and message.
//!
//! Results: no decode panicked, in serde_fastkit or in any format crate (also at
//! `FASTKIT_BAD_INPUT_SCALE=30`). Found on the way, both format-crate behaviours that serde's own
//! derive meets identically: bitcode's *serializer* panics "type changed" on a
//! `serde_json::Value` map (see [`encode_seed`]), and rmp-serde's default depth limit lets
//! nesting overflow a debug build's test-thread stack (see [`deep_nesting_and_alias_bombs`]).

use std::backtrace::Backtrace;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::marker::PhantomData;
use std::panic::PanicHookInfo;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_fastkit::FastFlatten;
use serde_json::Value;

use crate::catch_all_shapes::{JsonMapRest, MapFirst, Meta, WithRest};
use crate::common::formats::{visit_formats, Family, Format, FormatVisitor, Properties};
use crate::common::probe::{self, panic_message};
use crate::common::rng::SplitMix64;
use crate::shapes;
use crate::workloads::{
    anchor, for_each_workload, Implementation, ImplementationVisitor, Role, Workload,
};

/// Format-crate panics found by these tests, each tolerated only for its own format and only
/// when raised in that crate's source. None so far: every entry must name the input that
/// triggers it and how it was attributed.
fn known_format_panic(_format: &Properties, _location: &str) -> bool {
    false
}

/// `FASTKIT_BAD_INPUT_SCALE`: how many times the default number of random inputs to try.
fn scale() -> usize {
    std::env::var("FASTKIT_BAD_INPUT_SCALE").map_or(1, |value| {
        value
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("FASTKIT_BAD_INPUT_SCALE={value:?} is not a number"))
    })
}

/// Bytes that mean something in length prefixes and type tags: zero, varint continuation, the
/// CBOR and MessagePack markers for long lengths, indefinite lengths, floats and breaks.
const INTERESTING: &[u8] = &[
    0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF, 0xFE, 0xFD, 0xFB, 0xFC, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1F,
    0x3B, 0x5F, 0x7B, 0x7F, 0x9B, 0x9F, 0xBB, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xC6, 0xD9, 0xDA, 0xDB,
    0xDC, 0xDD, 0xDE, 0xDF, 0xF4, 0xF6, 0xF7, 0xF9, 0xFA, 0x90, 0x8F, 0xA0, 0xAF,
];

/// Tokens inserted into JSON text.
const JSON_TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\",
    "\\u",
    "\\ud800",
    "\\u0000",
    "null",
    "true",
    "-",
    "0",
    "-0",
    "1e999",
    "-1e999",
    "1.5",
    "18446744073709551616",
    "-9223372036854775809",
    " ",
    "\n",
    "\"\":",
    "{}",
    "[]",
    "\"num1\":",
    "\"page\":",
    "\"items\":",
    "\u{0}",
    "\u{ff}",
    "é",
    "\"unknown\":",
];

/// Tokens inserted into YAML text.
const YAML_TOKENS: &[&str] = &[
    "- ",
    ": ",
    "? ",
    "&a ",
    "*a",
    "*b",
    "!!str ",
    "!!binary ",
    "!!int ",
    "!!map ",
    "!!seq ",
    "!tag ",
    "!<tag:yaml.org,2002:str> ",
    "<<: ",
    "<<: *a\n",
    "---\n",
    "...\n",
    "%YAML 1.2\n",
    "%TAG ! tag:x,2000:\n",
    "|\n",
    ">-\n",
    "\t",
    "  ",
    "\n",
    "\n  ",
    "# c\n",
    "{",
    "}",
    "[",
    "]",
    ",",
    "'",
    "\"",
    "\\x",
    "~",
    ".inf",
    ".nan",
    "0x",
    "0o",
    "1e999",
    "num1: ",
    "page: ",
    "items:\n- ",
    "\u{feff}",
    "\u{85}",
];

/// The tokens inserted into the text of a format of `family` (JSON or YAML).
fn tokens(family: Family) -> &'static [&'static str] {
    if family == Family::Json {
        JSON_TOKENS
    } else {
        YAML_TOKENS
    }
}

/// What a panic hook saw: where the panic was raised (attributed as the top doc explains) and
/// its message.
#[derive(Clone, Debug)]
struct PanicReport {
    location: String,
    message: String,
}

thread_local! {
    static LAST_PANIC: RefCell<Option<PanicReport>> = const { RefCell::new(None) };
}

/// Records a panic inside [`guarded`] (the hook [`probe::catch_unwind_with`] calls in place of
/// the printing one).
fn record_panic(info: &PanicHookInfo<'_>) {
    let message = panic_message(info.payload());
    let raised = info
        .location()
        .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
        .unwrap_or_default();
    let location = if is_std(&raised) {
        caller_outside_std(&Backtrace::force_capture().to_string()).unwrap_or(raised)
    } else {
        raised
    };
    LAST_PANIC.with(|last| *last.borrow_mut() = Some(PanicReport { location, message }));
}

/// Whether a source path belongs to the standard library.
fn is_std(path: &str) -> bool {
    path.starts_with("/rustc/") || path.contains("/library/std/") || path.contains("/library/core/")
}

/// The first source location of a backtrace (captured inside the panic hook) past the panic
/// machinery and outside the standard library: the code that called the panicking `std`
/// function.
fn caller_outside_std(backtrace: &str) -> Option<String> {
    let lines: Vec<&str> = backtrace.lines().map(str::trim).collect();
    // The frames from here on are below the panic entry point.
    let entry = lines.iter().rposition(|line| {
        [
            "rust_begin_unwind",
            "core::panicking::",
            "std::panicking::begin_panic",
        ]
        .iter()
        .any(|marker| line.contains(marker))
    })?;
    lines[entry..]
        .iter()
        .filter_map(|line| line.strip_prefix("at "))
        .find(|path| !is_std(path) && !path.contains("/library/alloc/"))
        .map(|path| (*path).to_owned())
}

/// Runs `f`, turning a panic into its report.
fn guarded<R>(f: impl FnOnce() -> R) -> Result<R, PanicReport> {
    probe::catch_unwind_with(record_panic, f).map_err(|_| {
        LAST_PANIC
            .with(|last| last.borrow_mut().take())
            .unwrap_or(PanicReport {
                location: "unknown".to_owned(),
                message: String::new(),
            })
    })
}

/// How a check reads the type under test.
trait Reader {
    /// Reads one value from `bytes` on `F` and drops it (through [`Format::decode_untrusted`]);
    /// `None` when `F` cannot read the type at all (a borrowed type on a format that cannot
    /// lend).
    fn read<F: Format>(bytes: &[u8]) -> Option<Result<(), String>>;
}

/// Reads a `T` that owns its data (on every format).
struct Owned<T>(PhantomData<T>);

impl<T: DeserializeOwned> Reader for Owned<T> {
    fn read<F: Format>(bytes: &[u8]) -> Option<Result<(), String>> {
        Some(F::decode_untrusted::<T>(bytes).map(drop))
    }
}

/// Reads the values of implementation `I` of workload `W`.
struct ReadsAs<W, I>(PhantomData<(W, I)>);

impl<W: Workload, I: Implementation<W>> Reader for ReadsAs<W, I> {
    fn read<F: Format>(bytes: &[u8]) -> Option<Result<(), String>> {
        I::decode_untrusted::<F>(bytes)
    }
}

/// Reads the `Borrowed` shape, borrowing its `&str` and its `Cow`.
struct BorrowedShape;

impl Reader for BorrowedShape {
    fn read<F: Format>(bytes: &[u8]) -> Option<Result<(), String>> {
        F::decode_borrowed_untrusted::<shapes::fast::Borrowed<'_>>(bytes).map(|r| r.map(drop))
    }
}

/// Shrinks `input` while reading it still panics at `location`: drops ranges, then single bytes.
fn shrink<F: Format, R: Reader>(mut input: Vec<u8>, location: &str) -> Vec<u8> {
    let still_panics = |candidate: &[u8]| matches!(guarded(|| R::read::<F>(candidate)), Err(report) if report.location == location);
    let mut chunk = input.len().max(1).next_power_of_two();
    while chunk > 0 {
        let mut start = 0;
        while start < input.len() {
            let end = (start + chunk).min(input.len());
            let mut candidate = input.clone();
            candidate.drain(start..end);
            if still_panics(&candidate) {
                input = candidate;
            } else {
                start += chunk;
            }
        }
        chunk /= 2;
    }
    input
}

/// `bytes` as a Rust byte-string literal.
fn escaped(bytes: &[u8]) -> String {
    let mut out = String::from("b\"");
    for &b in bytes {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7E => out.push(b as char),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out.push('"');
    out
}

/// Every input derived from `seeds` for a format of `family`, handed to `visit`.
fn for_each_input(
    family: Family,
    seeds: &[Vec<u8>],
    rng: &mut SplitMix64,
    visit: &mut dyn FnMut(&[u8]),
) {
    let scale = scale();
    for seed in seeds {
        visit(seed);
        // Every prefix (sampled past 200 bytes).
        let step = (seed.len() / 200).max(1);
        for len in (0..seed.len()).step_by(step) {
            visit(&seed[..len]);
        }
        if seed.is_empty() {
            continue;
        }
        // Single bit flips: all of them for short seeds, 400 for longer ones.
        let bits = seed.len() * 8;
        let flips = if bits <= 400 { bits } else { 400 };
        for i in 0..flips {
            let bit = if bits <= 400 { i } else { rng.below(bits) };
            let mut input = seed.clone();
            input[bit / 8] ^= 1 << (bit % 8);
            visit(&input);
        }
        // Meaningful bytes at random places (binary formats).
        if !family.is_text() {
            for _ in 0..100 * scale {
                let mut input = seed.clone();
                let at = rng.below(input.len());
                input[at] = *rng.pick(INTERESTING);
                visit(&input);
            }
        }
        // A few random edits at once.
        for _ in 0..150 * scale {
            let mut input = seed.clone();
            for _ in 0..1 + rng.below(4) {
                edit(family, &mut input, rng);
            }
            visit(&input);
        }
    }
    // Random strings: any bytes, and the format's alphabet.
    let alphabet: Vec<u8> = seeds
        .iter()
        .flatten()
        .copied()
        .chain(INTERESTING.iter().copied())
        .collect();
    for _ in 0..100 * scale {
        let len = rng.below(48);
        let random: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        visit(&random);
        let flavoured: Vec<u8> = (0..len).map(|_| *rng.pick(&alphabet)).collect();
        visit(&flavoured);
        if family.is_text() {
            let mut text = String::new();
            while text.len() < len {
                match rng.below(3) {
                    0 => text.push(
                        *rng.pick(b" \t\n{}[],:\"'\\-?&*!|>%#~.0123456789abcdefnrtulxyz") as char,
                    ),
                    1 => {
                        let token: &&str = rng.pick(tokens(family));
                        text.push_str(token);
                    }
                    _ => text.push((b' ' + rng.below(95) as u8) as char),
                }
            }
            visit(text.as_bytes());
        }
    }
}

/// One random edit of `input`, in the encoding of `family`.
fn edit(family: Family, input: &mut Vec<u8>, rng: &mut SplitMix64) {
    let len = input.len();
    match rng.below(if family.is_text() { 6 } else { 5 }) {
        0 if len > 0 => {
            let at = rng.below(len);
            input[at] = rng.next_u64() as u8;
        }
        1 => {
            let at = rng.below(len + 1);
            let byte = if family.is_text() {
                *rng.pick(b"{}[],:\"'\\-?&*!|>%#~ \n\t0e.")
            } else {
                *rng.pick(INTERESTING)
            };
            input.insert(at, byte);
        }
        2 if len > 0 => {
            let at = rng.below(len);
            let end = (at + 1 + rng.below(8)).min(len);
            input.drain(at..end);
        }
        3 if len > 0 => {
            let at = rng.below(len);
            let end = (at + 1 + rng.below(16)).min(len);
            let copy = input[at..end].to_vec();
            let to = rng.below(len + 1);
            input.splice(to..to, copy);
        }
        4 if len > 1 => {
            let (a, b) = (rng.below(len), rng.below(len));
            input.swap(a, b);
        }
        5 => {
            let token = rng.pick(tokens(family));
            let at = rng.below(len + 1);
            input.splice(at..at, token.bytes());
        }
        _ => input.push(rng.next_u64() as u8),
    }
}

/// Extra text seeds: the JSON object as an array of its values (FastFlatten reads a JSON array
/// as the sequence of all leaves), and, for YAML, the JSON text (JSON is YAML).
fn text_variants(family: Family, json: &[u8]) -> Vec<Vec<u8>> {
    let yaml = family == Family::Yaml;
    let mut out = Vec::new();
    if let Ok(Value::Object(object)) = serde_json::from_slice::<Value>(json) {
        let array: Vec<Value> = object.into_iter().map(|(_, v)| v).collect();
        out.push(serde_json::to_vec(&array).unwrap());
        if yaml {
            out.push(serde_yaml::to_string(&array).unwrap().into_bytes());
        }
    }
    if yaml {
        out.push(json.to_vec());
    }
    out
}

/// The encoding of `value` on `F`, if the format can write it.
///
/// bitcode's serializer panics ("type changed", `bitcode/src/serde/mod.rs`) when the shape of
/// what is written at one place changes from one element to the next, as a `serde_json::Value`
/// map's values do (a number, then an array): a documented bitcode limitation on the *writing*
/// side, raised in bitcode's source (its backtrace runs through `serde_json::Value::serialize`
/// into `bitcode::serde::ser`). Such values get no bitcode seed; the random inputs still run.
fn encode_seed<F: Format, T: Serialize>(value: &T) -> Option<Vec<u8>> {
    match guarded(|| F::encode(value)) {
        Ok(encoded) => encoded.ok(),
        Err(report)
            if F::FAMILY == Family::Bitcode
                && report.location.contains("/bitcode-")
                && report.message == "type changed" =>
        {
            None
        }
        Err(report) => panic!(
            "{}: serializing a seed panicked at {}: {}",
            F::NAME,
            report.location,
            report.message
        ),
    }
}

/// Feeds every input derived from the encodings of `values` to `R`, on every format of the
/// table, and fails on any panic not documented in [`known_format_panic`].
///
/// `must_read` says on which formats the unmutated encodings must decode (a check that the
/// encoding and decoding configurations match).
fn check<T: Serialize, R: Reader>(
    type_name: &str,
    values: &[T],
    must_read: fn(&Properties) -> bool,
) {
    let mut check = Check::<T, R> {
        type_name,
        values,
        must_read,
        failures: Vec::new(),
        tolerated: 0,
        counts: Vec::new(),
        reader: PhantomData,
    };
    visit_formats(&mut check);
    let Check {
        failures,
        tolerated,
        counts,
        ..
    } = check;
    eprintln!("{type_name}: inputs per format: {}", counts.join(", "));
    if tolerated > 0 {
        eprintln!("{type_name}: {tolerated} documented format-crate panics tolerated");
    }
    assert!(
        failures.is_empty(),
        "panics on bad input:\n{}",
        failures.join("\n")
    );
}

/// [`check`] on one format after the other.
struct Check<'a, T, R> {
    type_name: &'a str,
    values: &'a [T],
    must_read: fn(&Properties) -> bool,
    /// The panics, each with its shrunk input.
    failures: Vec<String>,
    /// Documented format-crate panics met.
    tolerated: usize,
    /// Inputs tried per format.
    counts: Vec<String>,
    reader: PhantomData<R>,
}

impl<T: Serialize, R: Reader> FormatVisitor for Check<'_, T, R> {
    fn visit<F: Format>(&mut self) {
        let (type_name, values) = (self.type_name, self.values);
        let mut seeds: Vec<Vec<u8>> = values.iter().filter_map(encode_seed::<F, T>).collect();
        if F::FAMILY.is_text() {
            let json: Vec<Vec<u8>> = values
                .iter()
                .filter_map(|v| serde_json::to_vec(v).ok())
                .collect();
            for json in &json {
                seeds.extend(text_variants(F::FAMILY, json));
            }
        }
        if R::read::<F>(b"").is_none() {
            return; // this format cannot decode the type (borrowing from ciborium)
        }
        if (self.must_read)(&F::PROPERTIES) {
            for seed in &seeds[..values.len().min(seeds.len())] {
                if let Some(Err(e)) = R::read::<F>(seed) {
                    panic!(
                        "{type_name}, {}: a valid encoding does not read: {e}\n{}",
                        F::NAME,
                        escaped(seed)
                    );
                }
            }
        }
        let hash = |text: &str| {
            text.bytes()
                .fold(0, |h, b| SplitMix64(h ^ u64::from(b)).next_u64())
        };
        let mut rng = SplitMix64(hash(type_name) ^ hash(F::NAME) << 32);
        let mut panics: Vec<(Vec<u8>, PanicReport)> = Vec::new();
        let (mut inputs, mut accepted) = (0usize, 0usize);
        for_each_input(F::FAMILY, &seeds, &mut rng, &mut |input| {
            inputs += 1;
            let result = guarded(|| R::read::<F>(input));
            accepted += usize::from(matches!(result, Ok(Some(Ok(())))));
            if let Err(report) = result {
                if !panics
                    .iter()
                    .any(|(_, seen)| seen.location == report.location)
                {
                    panics.push((input.to_vec(), report));
                } else {
                    self.tolerated +=
                        usize::from(known_format_panic(&F::PROPERTIES, &report.location));
                }
            }
        });
        self.counts
            .push(format!("{} {inputs} ({accepted} Ok)", F::NAME));
        for (input, report) in panics {
            if known_format_panic(&F::PROPERTIES, &report.location) {
                self.tolerated += 1;
                continue;
            }
            let input = shrink::<F, R>(input, &report.location);
            let report = guarded(|| R::read::<F>(&input)).err().unwrap_or(report);
            self.failures.push(format!(
                "{type_name} through {}: panicked at {}: {}\n  input ({} bytes): {}",
                F::NAME,
                report.location,
                report.message,
                input.len(),
                escaped(&input)
            ));
        }
    }
}

/// [`check`] for a type that owns its data (decoded on every format).
fn check_owned<T: Serialize + DeserializeOwned>(
    type_name: &str,
    values: &[T],
    must_read: fn(&Properties) -> bool,
) {
    check::<T, Owned<T>>(type_name, values, must_read);
}

fn everywhere(_: &Properties) -> bool {
    true
}

/// Where a struct with flattened fields reads back: not serde_cbor's packed format, whose field
/// indices serde's derive (and FastFlatten) ignore in such a struct.
fn trees_read(format: &Properties) -> bool {
    crate::workloads::fast_flatten_reads(format)
}

fn self_describing(format: &Properties) -> bool {
    format.self_describing
}

fn nowhere(_: &Properties) -> bool {
    false
}

/// [`check`] for workload `W`: its samples encoded (the reference bytes: FastFlatten's, the
/// lower bound's in `events_tag_last`), read by its FastFlatten implementation. The unmutated
/// encodings must read back where the workload and FastFlatten's rule say the format can read
/// them.
fn check_workload<W: Workload>() {
    struct FastFlattenOf<W>(PhantomData<W>);

    impl<W: Workload> ImplementationVisitor<W> for FastFlattenOf<W> {
        fn visit<I: Implementation<W>>(&mut self) {
            if I::ROLE != Role::FastFlatten {
                return;
            }
            let type_name = format!("{}::{}", W::NAME, I::NAME);
            check::<_, ReadsAs<W, I>>(&type_name, &W::samples(), |format| {
                W::NEEDS.met_by(format) && I::reads(format)
            });
        }
    }

    W::visit_implementations(&mut FastFlattenOf::<W>(PhantomData));
}

/// One test per workload.
macro_rules! workload_test {
    ($module:ident: $workload:ident) => {
        #[test]
        fn $module() {
            check_workload::<crate::workloads::$workload>();
        }
    };
}

for_each_workload!(workload_test);

#[test]
fn shapes() {
    use shapes::fast;
    check_owned("shapes::Positions", &[fast::positions()], trees_read);
    check_owned(
        "shapes::Page<Listing<Positions>>",
        &[fast::nested_page()],
        trees_read,
    );
    check_owned("shapes::Renamed", &[fast::renamed()], trees_read);
    check_owned("shapes::Defaults", &[fast::defaults()], trees_read);
    check_owned(
        "shapes::Skips",
        &[fast::skips(true), fast::skips(false)],
        nowhere,
    );
    check_owned("shapes::Withs", &[fast::withs()], trees_read);
    check_owned("shapes::Bounded", &[fast::bounded()], trees_read);
    check_owned("shapes::Wide", &[fast::wide()], |format| {
        format.wide_ints && trees_read(format)
    });
}

#[test]
fn shapes_borrowed() {
    let value = shapes::fast::borrowed("borrowed text");
    check::<_, BorrowedShape>("shapes::Borrowed<'_>", &[value], trees_read);
}

/// Integer keys parsed from strings (JSON, YAML) or read as integers (serde_cbor, MessagePack;
/// ciborium reads a struct's keys as text or bytes only).
#[derive(FastFlatten, Debug, PartialEq)]
struct NumberKeys {
    name: String,
    #[serde(flatten)]
    by_id: HashMap<u32, String>,
}

/// A catch-all one level down, with `deny_unknown_fields` at the top.
#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Nested {
    top: u8,
    #[serde(flatten)]
    inner: WithRest,
}

/// `deny_unknown_fields` on a flattened struct, no catch-all.
#[derive(FastFlatten, Debug, PartialEq)]
struct Strict {
    id: u32,
    #[serde(flatten)]
    inner: StrictInner,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct StrictInner {
    x: u8,
    #[serde(alias = "why")]
    y: Option<String>,
}

/// A flattened `Option` and flattened defaults.
#[derive(FastFlatten, Debug, PartialEq)]
struct Request {
    id: u32,
    #[serde(flatten)]
    auth: Option<Auth>,
    #[serde(flatten, default)]
    limits: Limits,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Auth {
    user: String,
    token: u64,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(default)]
struct Limits {
    max: u32,
    min: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max: 10, min: 1 }
    }
}

fn meta() -> Meta {
    Meta {
        kind: "k".to_owned(),
    }
}

#[test]
fn catch_all_maps() {
    let extra: BTreeMap<String, Value> =
        serde_json::from_str(r#"{"a":1,"b":[true,null],"c":{"d":"e"},"f":-2.5}"#).unwrap();
    check_owned(
        "MapFirst",
        &[MapFirst {
            extra,
            id: 7,
            meta: meta(),
        }],
        // serde_json::Value needs `deserialize_any`; bincode, postcard and bitcode lack it.
        self_describing,
    );
    check_owned(
        "NumberKeys",
        &[NumberKeys {
            name: "n".to_owned(),
            by_id: HashMap::from([(5, "five".to_owned()), (40_000, "many".to_owned())]),
        }],
        |format| format.self_describing && format.keys_are_names && format.integer_names,
    );
    check_owned(
        "Nested",
        &[Nested {
            top: 1,
            inner: WithRest {
                mid: 2,
                rest: BTreeMap::from([("y".to_owned(), 8), ("z".to_owned(), 9)]),
            },
        }],
        |format| format.self_describing && format.keys_are_names,
    );
    let extra: serde_json::Map<String, Value> =
        serde_json::from_str(r#"{"a":[1,{"b":null}],"c":"d"}"#).unwrap();
    check_owned(
        "JsonMapRest",
        &[JsonMapRest {
            id: 3,
            extra,
            meta: meta(),
        }],
        |format| format.self_describing && format.keys_are_names,
    );
}

#[test]
fn options_defaults_and_strictness() {
    check_owned(
        "Strict",
        &[
            Strict {
                id: 1,
                inner: StrictInner {
                    x: 2,
                    y: Some("y".to_owned()),
                },
            },
            Strict {
                id: 3,
                inner: StrictInner { x: 4, y: None },
            },
        ],
        trees_read,
    );
    check_owned(
        "Request",
        &[
            Request {
                id: 1,
                auth: Some(Auth {
                    user: "u".to_owned(),
                    token: u64::MAX,
                }),
                limits: Limits { max: 5, min: 0 },
            },
            Request {
                id: 2,
                auth: None,
                limits: Limits::default(),
            },
        ],
        // A flattened `None` writes no leaves: not readable from sequences.
        |format| self_describing(format) && trees_read(format),
    );
}

/// `depth` nested one-element arrays around `0`, in the encoding of `family`.
fn nested(family: Family, depth: usize) -> Vec<u8> {
    let open = match family {
        Family::Json | Family::Yaml => {
            return [b"[".repeat(depth), b"0".to_vec(), b"]".repeat(depth)].concat()
        }
        Family::Cbor => 0x81,
        Family::MessagePack => 0x91,
        Family::Bincode | Family::Bitcode | Family::Postcard => {
            unreachable!("{family:?} does not describe its values")
        }
    };
    let mut out = vec![open; depth];
    out.push(0x00);
    out
}

/// `{"zz": <value>, "num1": 1}` (an unknown key first) in the encoding of `family`, `value`
/// already encoded.
fn under_unknown_key(family: Family, value: &[u8]) -> Vec<u8> {
    let (head, tail): (&[u8], &[u8]) = match family {
        Family::Json | Family::Yaml => (b"{\"zz\": ", b", \"num1\": 1}"),
        Family::Cbor => (
            &[0xA2, 0x62, b'z', b'z'],
            &[0x64, b'n', b'u', b'm', b'1', 0x01],
        ),
        Family::MessagePack => (
            &[0x82, 0xA2, b'z', b'z'],
            &[0xA4, b'n', b'u', b'm', b'1', 0x01],
        ),
        Family::Bincode | Family::Bitcode | Family::Postcard => {
            unreachable!("{family:?} does not describe its values")
        }
    };
    [head, value, tail].concat()
}

/// Deep nesting, skipped under an unknown key (as `IgnoredAny`) and met where a leaf is
/// expected, and a YAML alias bomb under an unknown key: each returns an error.
///
/// rmp-serde's default depth limit (1024) is deeper than a debug build's 2 MiB test-thread stack
/// can recurse: about 1000 levels (1 KB of `0x91` bytes) under an unknown key abort the process
/// with a stack overflow, for serde's own derive (`anchor::flat::Flat`) exactly as for
/// FastFlatten. The recursion is rmp-serde's `deserialize_any` through serde's `IgnoredAny`, one
/// pair of frames per level; FastFlatten calls `next_value::<IgnoredAny>()` once, as serde's
/// derive does. A stack overflow is not a panic and `catch_unwind` cannot isolate it, so the
/// formats run here on a thread with a 64 MiB stack, where rmp-serde's depth limit answers
/// first ("depth limit exceeded"). Readers of untrusted MessagePack on small stacks should lower
/// `rmp_serde::Deserializer::set_max_depth`. JSON and YAML skip unknown values without
/// recursion; ciborium (256) and serde_cbor (128) stop at their recursion limits.
#[test]
fn deep_nesting_and_alias_bombs() {
    // Past every format's limit (rmp-serde 1024, ciborium 256, serde_cbor 128). Not deeper:
    // serde_yaml and serde_norway take time quadratic in the depth of a flow sequence (0.1 s at
    // 2 000 levels, 0.4 s at 5 000, minutes at 100 000 in a debug build; the same reading into
    // serde's own derive), a trait of the YAML parser, not of the type read.
    const DEPTH: usize = 5_000;

    /// The checks on one format; panics (of FastFlatten) collected in `failures`.
    struct DeepNesting {
        failures: Vec<String>,
    }

    impl FormatVisitor for DeepNesting {
        fn visit<F: Format>(&mut self) {
            if !F::DESCRIBES_VALUES {
                return; // no nesting the type does not ask for
            }
            let deep = nested(F::FAMILY, DEPTH);
            let inputs = [
                under_unknown_key(F::FAMILY, &deep),
                under_unknown_key(F::FAMILY, b"0"),
                deep,
            ];
            let run = move || {
                inputs
                    .iter()
                    .map(|input| {
                        let fast =
                            guarded(|| F::decode_untrusted::<anchor::fast::A>(input).map(drop));
                        let flat =
                            guarded(|| F::decode_untrusted::<anchor::flat::Flat>(input).map(drop));
                        (fast, flat)
                    })
                    .collect::<Vec<_>>()
            };
            // On a thread with a deep stack, for rmp-serde (see above); the others stop long
            // before their recursion needs it.
            let thread = std::thread::Builder::new().stack_size(64 << 20);
            let results = thread.spawn(run).unwrap().join().unwrap();
            for (i, (fast, flat)) in results.into_iter().enumerate() {
                match fast {
                    Err(report) => self
                        .failures
                        .push(format!("{} input {i}: {report:?}", F::NAME)),
                    Ok(fast) => {
                        let flat = flat.expect("serde's derive panicked");
                        // Same decision as the plain derived struct, and an error for the deep
                        // ones.
                        assert_eq!(fast.is_ok(), flat.is_ok(), "{} input {i}", F::NAME);
                        assert!(i == 1 || fast.is_err(), "{} input {i}", F::NAME);
                    }
                }
            }
        }
    }

    /// A YAML alias bomb under an unknown key: an error on every YAML format.
    struct AliasBomb(String);

    impl FormatVisitor for AliasBomb {
        fn visit<F: Format>(&mut self) {
            if F::FAMILY != Family::Yaml {
                return;
            }
            let result =
                guarded(|| F::decode_untrusted::<anchor::fast::A>(self.0.as_bytes()).map(drop));
            assert!(matches!(result, Ok(Err(_))), "{}: {result:?}", F::NAME);
        }
    }

    let mut deep_nesting = DeepNesting {
        failures: Vec::new(),
    };
    visit_formats(&mut deep_nesting);
    assert!(
        deep_nesting.failures.is_empty(),
        "panics: {:#?}",
        deep_nesting.failures
    );

    // Ten levels of ten aliases each: 10^10 scalars if expanded.
    let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        bomb.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    bomb.push_str("num1: 1\n");
    visit_formats(&mut AliasBomb(bomb));
}

/// A standalone adjacently tagged enum: every variant kind, the content read in place after
/// the tag or held before it.
#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u8, i64),
    Struct {
        id: u32,
        name: String,
        tags: Vec<String>,
    },
}

/// A standalone untagged enum: the whole value held, then tried as each variant.
#[derive(FastFlatten, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Pair { x: u8, y: String },
    Number(i64),
    Text(String),
    List(Vec<u16>),
    Tagged(Adjacent),
}

/// A struct flattening an adjacently tagged enum, between two fields of its own.
#[derive(FastFlatten, Debug, PartialEq)]
struct WithAdjacent {
    id: u32,
    #[serde(flatten)]
    kind: Adjacent,
    note: Option<String>,
}

fn adjacent_values() -> Vec<Adjacent> {
    vec![
        Adjacent::Unit,
        Adjacent::Newtype("text".to_owned()),
        Adjacent::Tuple(7, -40_000),
        Adjacent::Struct {
            id: 3,
            name: "n".to_owned(),
            tags: vec!["a".to_owned(), "bc".to_owned()],
        },
    ]
}

#[test]
fn adjacently_tagged_and_untagged_enums() {
    // FastFlatten reads adjacently tagged enums back from every format (serde's derive only
    // from self-describing ones: tests/enums/adjacent.rs), standalone and flattened.
    check_owned("Adjacent", &adjacent_values(), everywhere);
    check_owned(
        "WithAdjacent",
        &adjacent_values()
            .into_iter()
            .enumerate()
            .map(|(i, kind)| WithAdjacent {
                id: i as u32,
                kind,
                note: (i % 2 == 0).then(|| "m".to_owned()),
            })
            .collect::<Vec<_>>(),
        // serde_cbor's packed format keys the fields by index, where a flattened enum's tag
        // and content cannot be told (README, known limits).
        |format| format.keys_are_names,
    );
    // An untagged enum is read with `deserialize_any`: self-describing formats only (on the
    // others, as with serde's derive, only some values read back), and not the packed one,
    // where the adjacently tagged payload's keys are indexes.
    check_owned(
        "Untagged",
        &[
            Untagged::Pair {
                x: 1,
                y: "y".to_owned(),
            },
            Untagged::Number(-5),
            Untagged::Text("t".to_owned()),
            Untagged::List(vec![1, 300]),
            Untagged::Tagged(Adjacent::Tuple(1, 2)),
        ],
        |format| format.self_describing && format.keys_are_names,
    );
}

/// A standalone externally tagged enum: every variant kind.
#[derive(FastFlatten, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(String),
    Tuple(u8, i64),
    Struct { id: u32, tags: Vec<String> },
}

/// An internally tagged enum that denies unknown fields: standalone, and flattened as an
/// `Option` and with `#[serde(flatten, default)]`.
#[derive(FastFlatten, Debug, PartialEq, Default)]
#[serde(tag = "type", deny_unknown_fields)]
enum Job {
    #[default]
    Idle,
    Busy {
        job: u32,
        note: Option<String>,
    },
    Queued(Queue),
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Queue {
    position: u16,
}

/// A struct flattening an optional internally tagged enum: `None` only when none of its keys
/// appear.
#[derive(FastFlatten, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct MaybeJob {
    id: u32,
    #[serde(flatten)]
    job: Option<Job>,
}

/// A struct flattening an internally tagged enum with a default.
#[derive(FastFlatten, Debug, PartialEq)]
struct DefaultJob {
    id: u32,
    #[serde(flatten, default)]
    job: Job,
    name: String,
}

fn jobs() -> Vec<Job> {
    vec![
        Job::Idle,
        Job::Busy {
            job: 9,
            note: Some("n".to_owned()),
        },
        Job::Queued(Queue { position: 300 }),
    ]
}

#[test]
fn externally_tagged_enums_and_flattened_options_and_defaults() {
    check_owned(
        "External",
        &[
            External::Unit,
            External::Newtype("text".to_owned()),
            External::Tuple(7, -40_000),
            External::Struct {
                id: 3,
                tags: vec!["a".to_owned(), "bc".to_owned()],
            },
        ],
        everywhere,
    );
    // An internally tagged enum reads its keys by name: serde_cbor's packed format writes the
    // tag as field 0 (README, known limits).
    check_owned("Job", &jobs(), |format| format.keys_are_names);
    // The flattened enums read back on the formats whose keys are names (serde_cbor's packed
    // format keys fields by index, where a flattened enum's keys cannot be told: README, known
    // limits).
    let maybe: Vec<MaybeJob> = jobs()
        .into_iter()
        .map(Some)
        .chain([None])
        .enumerate()
        .map(|(i, job)| MaybeJob { id: i as u32, job })
        .collect();
    // A `None` writes no leaves: it reads back on self-describing formats only (README, known
    // limits).
    check_owned("MaybeJob", &maybe, |format| {
        format.self_describing && format.keys_are_names
    });
    let defaulted: Vec<DefaultJob> = jobs()
        .into_iter()
        .enumerate()
        .map(|(i, job)| DefaultJob {
            id: i as u32,
            job,
            name: "x".to_owned(),
        })
        .collect();
    check_owned("DefaultJob", &defaulted, |format| format.keys_are_names);
}
