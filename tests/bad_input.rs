//! Bad input never panics: truncated, bit-flipped, edited and random bytes fed to FastFlatten
//! types (the four benchmark workloads, shapes from `tests/roundtrip/shapes.rs`, catch-all maps,
//! flattened `Option`s and defaults, `deny_unknown_fields`, borrowed `&str` fields) through every
//! binary format (ciborium, serde_cbor, bincode 1.3 in its fixed-int and varint encodings,
//! bincode 2, bitcode, postcard, rmp-serde), and malformed text through serde_json (its slice
//! and its `str` reader), serde_yaml and serde_norway. Every decode must return, `Ok` or `Err`:
//! an `Ok` on a mutated input is fine (the mutation may still be a valid encoding).
//!
//! Inputs come from a deterministic PRNG (SplitMix64, fixed seeds), starting from valid
//! encodings of small values of each type (for the text formats also the object's values as a
//! JSON array, which FastFlatten reads as the sequence of leaves): every prefix (sampled past
//! 200 bytes), single bit flips (all of them up to 400, else 400 at random), bytes replaced by
//! values meaningful in length prefixes and type tags, one to four random edits at once
//! (replace, insert, delete, duplicate a range, swap; tokens of the format for JSON and YAML),
//! and random strings (any bytes; the bytes of the seeds; for text, the format's tokens). 500 to
//! 10 000 inputs per type and format (200 random ones where the format cannot write the type),
//! some 420 000 decodes in all, in a few seconds of a debug build; `FASTKIT_BAD_INPUT_SCALE=N` multiplies the random iterations by `N` for longer
//! local runs. [`deep_nesting_and_alias_bombs`] adds nesting past every format's depth limit
//! and a YAML alias bomb.
//!
//! Large allocations from corrupted length prefixes: bincode 1.3 and 2 are read with a 1 MiB
//! limit (`with_limit`); postcard, bitcode, serde_cbor, rmp-serde and serde_json read from a
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

#[path = "../benches/common/mod.rs"]
mod common;
#[path = "roundtrip/shapes.rs"]
mod shapes;
#[path = "../benches/workloads/mod.rs"]
mod workloads;

use std::backtrace::Backtrace;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;
use serde_json::Value;

use crate::common::probe::panic_message;
use crate::common::rng::SplitMix64;
use crate::workloads::{anchor, paged, payload, wide};

/// The byte limit given to the formats that take one.
const LIMIT: u64 = 1 << 20;

/// The formats under test, each in the configuration it is decoded with here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fmt {
    Json,
    JsonStr,
    SerdeYaml,
    Norway,
    Ciborium,
    SerdeCbor,
    SerdeCborPacked,
    Bincode1,
    Bincode1Varint,
    Bincode2,
    Bitcode,
    Postcard,
    MsgPackMap,
    MsgPackArray,
}

impl Fmt {
    const ALL: [Fmt; 14] = [
        Fmt::Json,
        Fmt::JsonStr,
        Fmt::SerdeYaml,
        Fmt::Norway,
        Fmt::Ciborium,
        Fmt::SerdeCbor,
        Fmt::SerdeCborPacked,
        Fmt::Bincode1,
        Fmt::Bincode1Varint,
        Fmt::Bincode2,
        Fmt::Bitcode,
        Fmt::Postcard,
        Fmt::MsgPackMap,
        Fmt::MsgPackArray,
    ];

    fn name(self) -> &'static str {
        match self {
            Fmt::Json => "serde_json (slice)",
            Fmt::JsonStr => "serde_json (str)",
            Fmt::SerdeYaml => "serde_yaml",
            Fmt::Norway => "serde_norway",
            Fmt::Ciborium => "ciborium",
            Fmt::SerdeCbor => "serde_cbor",
            Fmt::SerdeCborPacked => "serde_cbor (packed)",
            Fmt::Bincode1 => "bincode 1.3 (fixint)",
            Fmt::Bincode1Varint => "bincode 1.3 (varint)",
            Fmt::Bincode2 => "bincode 2",
            Fmt::Bitcode => "bitcode",
            Fmt::Postcard => "postcard",
            Fmt::MsgPackMap => "rmp-serde (map)",
            Fmt::MsgPackArray => "rmp-serde (array)",
        }
    }

    fn is_json(self) -> bool {
        matches!(self, Fmt::Json | Fmt::JsonStr)
    }

    fn is_text(self) -> bool {
        matches!(
            self,
            Fmt::Json | Fmt::JsonStr | Fmt::SerdeYaml | Fmt::Norway
        )
    }

    /// Whether structs are written as maps (so values leaving out fields, catch-all maps and
    /// flattened `None`s read back).
    fn self_describing(self) -> bool {
        !matches!(
            self,
            Fmt::Bincode1
                | Fmt::Bincode1Varint
                | Fmt::Bincode2
                | Fmt::Bitcode
                | Fmt::Postcard
                | Fmt::MsgPackArray
        )
    }

    fn bincode1_fixint() -> impl bincode1::Options {
        use bincode1::Options;
        bincode1::DefaultOptions::new()
            .with_fixint_encoding()
            .allow_trailing_bytes()
            .with_limit(LIMIT)
    }

    fn bincode1_varint() -> impl bincode1::Options {
        use bincode1::Options;
        bincode1::DefaultOptions::new().with_limit(LIMIT)
    }

    fn bincode2() -> impl bincode2::config::Config {
        bincode2::config::standard().with_limit::<{ LIMIT as usize }>()
    }

    fn encode<T: Serialize>(self, value: &T) -> Result<Vec<u8>, String> {
        use bincode1::Options;
        let e = |e: &dyn std::fmt::Display| e.to_string();
        match self {
            Fmt::Json | Fmt::JsonStr => serde_json::to_vec(value).map_err(|x| e(&x)),
            Fmt::SerdeYaml => serde_yaml::to_string(value)
                .map(String::into_bytes)
                .map_err(|x| e(&x)),
            Fmt::Norway => serde_norway::to_string(value)
                .map(String::into_bytes)
                .map_err(|x| e(&x)),
            Fmt::Ciborium => {
                let mut out = Vec::new();
                ciborium::into_writer(value, &mut out).map_err(|x| e(&x))?;
                Ok(out)
            }
            Fmt::SerdeCbor => serde_cbor::to_vec(value).map_err(|x| e(&x)),
            Fmt::SerdeCborPacked => {
                let mut out = Vec::new();
                let writer = serde_cbor::ser::IoWrite::new(&mut out);
                let mut serializer = serde_cbor::Serializer::new(writer).packed_format();
                value.serialize(&mut serializer).map_err(|x| e(&x))?;
                Ok(out)
            }
            Fmt::Bincode1 => Self::bincode1_fixint().serialize(value).map_err(|x| e(&x)),
            Fmt::Bincode1Varint => Self::bincode1_varint().serialize(value).map_err(|x| e(&x)),
            Fmt::Bincode2 => {
                bincode2::serde::encode_to_vec(value, Self::bincode2()).map_err(|x| e(&x))
            }
            Fmt::Bitcode => bitcode::serialize(value).map_err(|x| e(&x)),
            Fmt::Postcard => postcard::to_allocvec(value).map_err(|x| e(&x)),
            Fmt::MsgPackMap => rmp_serde::to_vec_named(value).map_err(|x| e(&x)),
            Fmt::MsgPackArray => rmp_serde::to_vec(value).map_err(|x| e(&x)),
        }
    }

    /// Decodes a value that may borrow from `bytes`; `None` for ciborium, which reads through
    /// `io::Read` and cannot lend.
    fn decode<'de, T: Deserialize<'de>>(self, bytes: &'de [u8]) -> Option<Result<T, String>> {
        use bincode1::Options;
        let e = |e: &dyn std::fmt::Display| e.to_string();
        Some(match self {
            Fmt::Json => serde_json::from_slice(bytes).map_err(|x| e(&x)),
            // serde_json's `str` reader skips the UTF-8 checks its slice reader makes.
            Fmt::JsonStr => std::str::from_utf8(bytes)
                .map_err(|x| e(&x))
                .and_then(|text| serde_json::from_str(text).map_err(|x| e(&x))),
            Fmt::SerdeYaml => serde_yaml::from_slice(bytes).map_err(|x| e(&x)),
            Fmt::Norway => serde_norway::from_slice(bytes).map_err(|x| e(&x)),
            Fmt::Ciborium => return None,
            Fmt::SerdeCbor | Fmt::SerdeCborPacked => {
                serde_cbor::from_slice(bytes).map_err(|x| e(&x))
            }
            Fmt::Bincode1 => Self::bincode1_fixint()
                .deserialize(bytes)
                .map_err(|x| e(&x)),
            Fmt::Bincode1Varint => Self::bincode1_varint()
                .deserialize(bytes)
                .map_err(|x| e(&x)),
            Fmt::Bincode2 => bincode2::serde::borrow_decode_from_slice(bytes, Self::bincode2())
                .map(|(value, _)| value)
                .map_err(|x| e(&x)),
            Fmt::Bitcode => bitcode::deserialize(bytes).map_err(|x| e(&x)),
            Fmt::Postcard => postcard::from_bytes(bytes).map_err(|x| e(&x)),
            Fmt::MsgPackMap | Fmt::MsgPackArray => rmp_serde::from_slice(bytes).map_err(|x| e(&x)),
        })
    }

    /// Decodes a value that owns its data (ciborium too).
    fn decode_owned<T: DeserializeOwned>(self, bytes: &[u8]) -> Result<T, String> {
        match self {
            Fmt::Ciborium => ciborium::from_reader(bytes).map_err(|e| e.to_string()),
            _ => self.decode(bytes).expect("every other format lends"),
        }
    }
}

/// Format-crate panics found by these tests, each tolerated only for its own format and only
/// when raised in that crate's source. None so far: every entry must name the input that
/// triggers it and how it was attributed.
fn known_format_panic(_fmt: Fmt, _location: &str) -> bool {
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

/// The tokens inserted into `fmt`'s text.
fn tokens(fmt: Fmt) -> &'static [&'static str] {
    if fmt.is_json() {
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
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<PanicReport>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that records panics inside [`guarded`] quietly and leaves
/// every other panic to the default hook.
fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !GUARDED.with(Cell::get) {
                return default(info);
            }
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
        }));
    });
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
    install_hook();
    GUARDED.with(|g| g.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(false));
    result.map_err(|_| {
        LAST_PANIC
            .with(|last| last.borrow_mut().take())
            .unwrap_or(PanicReport {
                location: "unknown".to_owned(),
                message: String::new(),
            })
    })
}

/// A decode under test: `None` when the format cannot decode this type at all (ciborium and
/// borrowed types).
type Decode<'a> = dyn Fn(Fmt, &[u8]) -> Option<Result<(), String>> + 'a;

/// Shrinks `input` while `decode` still panics at `location`: drops ranges, then single bytes.
fn shrink(fmt: Fmt, decode: &Decode<'_>, mut input: Vec<u8>, location: &str) -> Vec<u8> {
    let still_panics = |candidate: &[u8]| matches!(guarded(|| decode(fmt, candidate)), Err(report) if report.location == location);
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

/// Every input derived from `seeds` for `fmt`, handed to `visit`.
fn for_each_input(fmt: Fmt, seeds: &[Vec<u8>], rng: &mut SplitMix64, visit: &mut dyn FnMut(&[u8])) {
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
        if !fmt.is_text() {
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
                edit(fmt, &mut input, rng);
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
        let random: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        visit(&random);
        let flavoured: Vec<u8> = (0..len).map(|_| *rng.pick(&alphabet)).collect();
        visit(&flavoured);
        if fmt.is_text() {
            let mut text = String::new();
            while text.len() < len {
                match rng.below(3) {
                    0 => text.push(
                        *rng.pick(b" \t\n{}[],:\"'\\-?&*!|>%#~.0123456789abcdefnrtulxyz") as char,
                    ),
                    1 => {
                        let token: &&str = rng.pick(tokens(fmt));
                        text.push_str(token);
                    }
                    _ => text.push((b' ' + rng.below(95) as u8) as char),
                }
            }
            visit(text.as_bytes());
        }
    }
}

/// One random edit of `input`.
fn edit(fmt: Fmt, input: &mut Vec<u8>, rng: &mut SplitMix64) {
    let len = input.len();
    match rng.below(if fmt.is_text() { 6 } else { 5 }) {
        0 if len > 0 => {
            let at = rng.below(len);
            input[at] = rng.next() as u8;
        }
        1 => {
            let at = rng.below(len + 1);
            let byte = if fmt.is_text() {
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
            let token = rng.pick(tokens(fmt));
            let at = rng.below(len + 1);
            input.splice(at..at, token.bytes());
        }
        _ => input.push(rng.next() as u8),
    }
}

/// Extra text seeds: the JSON object as an array of its values (FastFlatten reads a JSON array
/// as the sequence of all leaves), and, for YAML, the JSON text (JSON is YAML).
fn text_variants(fmt: Fmt, json: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    if let Ok(Value::Object(object)) = serde_json::from_slice::<Value>(json) {
        let array: Vec<Value> = object.into_iter().map(|(_, v)| v).collect();
        out.push(serde_json::to_vec(&array).unwrap());
        if !fmt.is_json() {
            out.push(serde_yaml::to_string(&array).unwrap().into_bytes());
        }
    }
    if !fmt.is_json() {
        out.push(json.to_vec());
    }
    out
}

/// The encoding of `value` on `fmt`, if the format can write it.
///
/// bitcode's serializer panics ("type changed", `bitcode/src/serde/mod.rs`) when the shape of
/// what is written at one place changes from one element to the next, as a `serde_json::Value`
/// map's values do (a number, then an array): a documented bitcode limitation on the *writing*
/// side, raised in bitcode's source (its backtrace runs through `serde_json::Value::serialize`
/// into `bitcode::serde::ser`). Such values get no bitcode seed; the random inputs still run.
fn encode_seed<T: Serialize>(fmt: Fmt, value: &T) -> Option<Vec<u8>> {
    match guarded(|| fmt.encode(value)) {
        Ok(encoded) => encoded.ok(),
        Err(report)
            if fmt == Fmt::Bitcode
                && report.location.contains("/bitcode-")
                && report.message == "type changed" =>
        {
            None
        }
        Err(report) => panic!(
            "{}: serializing a seed panicked at {}: {}",
            fmt.name(),
            report.location,
            report.message
        ),
    }
}

/// Feeds every input derived from the encodings of `values` to `decode`, on every format, and
/// fails on any panic not documented in [`known_format_panic`].
///
/// `must_read` says on which formats the unmutated encodings must decode (a check that the
/// encoding and decoding configurations match).
fn check<T: Serialize>(
    type_name: &str,
    values: &[T],
    must_read: fn(Fmt) -> bool,
    decode: &Decode<'_>,
) {
    let mut failures = Vec::new();
    let mut tolerated = 0usize;
    let mut counts = Vec::new();
    for (n, fmt) in Fmt::ALL.into_iter().enumerate() {
        let mut seeds: Vec<Vec<u8>> = values.iter().filter_map(|v| encode_seed(fmt, v)).collect();
        if fmt.is_text() {
            let json: Vec<Vec<u8>> = values
                .iter()
                .filter_map(|v| serde_json::to_vec(v).ok())
                .collect();
            for json in &json {
                seeds.extend(text_variants(fmt, json));
            }
        }
        if decode(fmt, b"").is_none() {
            continue; // this format cannot decode the type (borrowing from ciborium)
        }
        if must_read(fmt) {
            for seed in &seeds[..values.len().min(seeds.len())] {
                if let Some(Err(e)) = decode(fmt, seed) {
                    panic!(
                        "{type_name}, {}: a valid encoding does not read: {e}\n{}",
                        fmt.name(),
                        escaped(seed)
                    );
                }
            }
        }
        let name_hash = type_name
            .bytes()
            .fold(0, |h, b| SplitMix64(h ^ u64::from(b)).next());
        let mut rng = SplitMix64(name_hash ^ (n as u64) << 32);
        let mut panics: Vec<(Vec<u8>, PanicReport)> = Vec::new();
        let (mut inputs, mut accepted) = (0usize, 0usize);
        for_each_input(fmt, &seeds, &mut rng, &mut |input| {
            inputs += 1;
            let result = guarded(|| decode(fmt, input));
            accepted += usize::from(matches!(result, Ok(Some(Ok(())))));
            if let Err(report) = result {
                if !panics
                    .iter()
                    .any(|(_, seen)| seen.location == report.location)
                {
                    panics.push((input.to_vec(), report));
                } else {
                    tolerated += usize::from(known_format_panic(fmt, &report.location));
                }
            }
        });
        counts.push(format!("{} {inputs} ({accepted} Ok)", fmt.name()));
        for (input, report) in panics {
            if known_format_panic(fmt, &report.location) {
                tolerated += 1;
                continue;
            }
            let input = shrink(fmt, decode, input, &report.location);
            let report = guarded(|| decode(fmt, &input)).err().unwrap_or(report);
            failures.push(format!(
                "{type_name} through {}: panicked at {}: {}\n  input ({} bytes): {}",
                fmt.name(),
                report.location,
                report.message,
                input.len(),
                escaped(&input)
            ));
        }
    }
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

/// [`check`] for a type that owns its data (decoded on every format).
fn check_owned<T: Serialize + DeserializeOwned>(
    type_name: &str,
    values: &[T],
    must_read: fn(Fmt) -> bool,
) {
    check(type_name, values, must_read, &|fmt, bytes| {
        Some(fmt.decode_owned::<T>(bytes).map(drop))
    });
}

fn everywhere(_: Fmt) -> bool {
    true
}

fn self_describing(fmt: Fmt) -> bool {
    fmt.self_describing()
}

fn nowhere(_: Fmt) -> bool {
    false
}

/// A small page: two items of the workload's first page.
fn small_pages() -> Vec<paged::fast::Page<paged::fast::Item>> {
    let mut pages = paged::values(2);
    for page in &mut pages {
        page.items.truncate(2);
    }
    pages
}

/// A small payload: every string cut to 12 characters, two transactions, one withdrawal.
fn small_payload() -> payload::fast::V3 {
    let mut v3 = payload::values(1).remove(0);
    let v1 = &mut v3.v2.v1;
    for text in [
        &mut v1.parent_hash,
        &mut v1.fee_recipient,
        &mut v1.state_root,
        &mut v1.receipts_root,
        &mut v1.logs_bloom,
        &mut v1.prev_randao,
        &mut v1.extra_data,
        &mut v1.block_hash,
    ] {
        text.truncate(12);
    }
    v1.transactions.truncate(2);
    for t in &mut v1.transactions {
        t.truncate(12);
    }
    v3.v2.withdrawals.truncate(1);
    v3
}

/// A `wide` record with every leaf set (what the formats reading structs as sequences can read
/// back), built from JSON.
fn full_wide() -> wide::fast::Record {
    let mut object = serde_json::Map::new();
    for group in 0..8 {
        for field in 0..20 {
            let value = match field {
                0..=15 => Value::from(format!("s{group}{field}")),
                16 | 17 => Value::from(group * 100 + field),
                18 => Value::from(field % 2 == 0),
                _ => Value::from(0.5),
            };
            object.insert(format!("g{group}_f{field:02}"), value);
        }
    }
    serde_json::from_value(Value::Object(object)).unwrap()
}

#[test]
fn anchor() {
    check_owned("anchor::fast::A", &anchor::values(3), everywhere);
}

#[test]
fn paged_owned() {
    check_owned("paged::fast::Page<Item>", &small_pages(), everywhere);
}

#[test]
fn paged_borrowed() {
    let pages = small_pages();
    let borrowed = paged::borrowed(&pages);
    check(
        "paged::fast::Page<ItemRef<'_>>",
        &borrowed,
        // The sample text needs no escaping or quoting, so the text formats lend it too.
        everywhere,
        &|fmt, bytes| {
            fmt.decode::<paged::fast::Page<paged::fast::ItemRef<'_>>>(bytes)
                .map(|r| r.map(drop))
        },
    );
}

#[test]
fn payload() {
    check_owned("payload::fast::V3", &[small_payload()], everywhere);
}

#[test]
fn wide() {
    let mut values = wide::values(2);
    values.push(full_wide());
    // Sparse records only read back on self-describing formats; the full one everywhere.
    check_owned("wide::fast::Record", &values, self_describing);
}

#[test]
fn shapes() {
    use shapes::fast;
    check_owned("shapes::Positions", &[fast::positions()], everywhere);
    check_owned(
        "shapes::Page<Listing<Positions>>",
        &[fast::nested_page()],
        everywhere,
    );
    check_owned("shapes::Renamed", &[fast::renamed()], everywhere);
    check_owned("shapes::Defaults", &[fast::defaults()], everywhere);
    check_owned(
        "shapes::Skips",
        &[fast::skips(true), fast::skips(false)],
        nowhere,
    );
    check_owned("shapes::Withs", &[fast::withs()], everywhere);
    check_owned("shapes::Bounded", &[fast::bounded()], everywhere);
    check_owned("shapes::Wide", &[fast::wide()], |fmt| {
        !matches!(fmt, Fmt::SerdeCbor | Fmt::SerdeCborPacked)
    });
}

#[test]
fn shapes_borrowed() {
    let value = shapes::fast::borrowed("borrowed text");
    check(
        "shapes::Borrowed<'_>",
        &[value],
        everywhere,
        &|fmt, bytes| {
            fmt.decode::<shapes::fast::Borrowed<'_>>(bytes)
                .map(|r| r.map(drop))
        },
    );
}

/// A catch-all declared before the struct it must not steal from, with any JSON value.
#[derive(FastFlatten, Debug, PartialEq)]
struct MapFirst {
    #[serde(flatten)]
    extra: BTreeMap<String, Value>,
    id: u32,
    #[serde(flatten)]
    meta: Meta,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Meta {
    kind: String,
}

/// Integer keys parsed from strings (JSON, YAML) or read as integers (CBOR, MessagePack).
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

#[derive(FastFlatten, Debug, PartialEq)]
struct WithRest {
    mid: u8,
    #[serde(flatten)]
    rest: BTreeMap<String, u8>,
}

/// A foreign map marked as the catch-all.
#[derive(FastFlatten, Debug, PartialEq)]
struct JsonMapRest {
    id: u32,
    #[serde(flatten)]
    #[fast_flatten(catch_all)]
    extra: serde_json::Map<String, Value>,
    #[serde(flatten)]
    meta: Meta,
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
        |fmt| fmt.self_describing(),
    );
    check_owned(
        "NumberKeys",
        &[NumberKeys {
            name: "n".to_owned(),
            by_id: HashMap::from([(5, "five".to_owned()), (40_000, "many".to_owned())]),
        }],
        |fmt| fmt.self_describing() && fmt != Fmt::SerdeCborPacked,
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
        |fmt| fmt.self_describing() && fmt != Fmt::SerdeCborPacked,
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
        |fmt| fmt.self_describing() && fmt != Fmt::SerdeCborPacked,
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
        everywhere,
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
        Fmt::self_describing,
    );
}

/// `depth` nested one-element arrays around `0`, in `fmt`'s encoding.
fn nested(fmt: Fmt, depth: usize) -> Vec<u8> {
    let open = match fmt {
        _ if fmt.is_text() => {
            return [b"[".repeat(depth), b"0".to_vec(), b"]".repeat(depth)].concat()
        }
        Fmt::Ciborium | Fmt::SerdeCbor | Fmt::SerdeCborPacked => 0x81,
        _ => 0x91, // MessagePack
    };
    let mut out = vec![open; depth];
    out.push(0x00);
    out
}

/// `{"zz": <value>, "num1": 1}` (an unknown key first) in `fmt`'s encoding, `value` already
/// encoded.
fn under_unknown_key(fmt: Fmt, value: &[u8]) -> Vec<u8> {
    let (head, tail): (&[u8], &[u8]) = match fmt {
        _ if fmt.is_text() => (b"{\"zz\": ", b", \"num1\": 1}"),
        Fmt::Ciborium | Fmt::SerdeCbor | Fmt::SerdeCborPacked => (
            &[0xA2, 0x62, b'z', b'z'],
            &[0x64, b'n', b'u', b'm', b'1', 0x01],
        ),
        _ => (
            &[0x82, 0xA2, b'z', b'z'],
            &[0xA4, b'n', b'u', b'm', b'1', 0x01],
        ),
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
/// derive does. A stack overflow is not a panic and `catch_unwind` cannot isolate it, so
/// rmp-serde runs here on a thread with a 64 MiB stack, where its depth limit answers first
/// ("depth limit exceeded"). Readers of untrusted MessagePack on small stacks should lower
/// `rmp_serde::Deserializer::set_max_depth`. JSON and YAML skip unknown values without
/// recursion; ciborium (256) and serde_cbor (128) stop at their recursion limits.
#[test]
fn deep_nesting_and_alias_bombs() {
    // Past every format's limit (rmp-serde 1024, ciborium 256, serde_cbor 128). Not deeper:
    // serde_yaml and serde_norway take time quadratic in the depth of a flow sequence (0.1 s at
    // 2 000 levels, 0.4 s at 5 000, minutes at 100 000 in a debug build; the same reading into
    // serde's own derive), a trait of the YAML parser, not of the type read.
    const DEPTH: usize = 5_000;
    let mut failures = Vec::new();
    for fmt in Fmt::ALL {
        if matches!(
            fmt,
            Fmt::Bincode1 | Fmt::Bincode1Varint | Fmt::Bincode2 | Fmt::Bitcode | Fmt::Postcard
        ) {
            continue; // no nesting the type does not ask for
        }
        let deep = nested(fmt, DEPTH);
        let inputs = [
            under_unknown_key(fmt, &deep),
            under_unknown_key(fmt, b"0"),
            deep,
        ];
        let run = move || {
            inputs
                .iter()
                .map(|input| {
                    let fast = guarded(|| fmt.decode_owned::<anchor::fast::A>(input).map(drop));
                    let flat = guarded(|| fmt.decode_owned::<anchor::flat::Flat>(input).map(drop));
                    (fast, flat)
                })
                .collect::<Vec<_>>()
        };
        let results = if matches!(fmt, Fmt::MsgPackMap | Fmt::MsgPackArray) {
            let thread = std::thread::Builder::new().stack_size(64 << 20);
            thread.spawn(run).unwrap().join().unwrap()
        } else {
            run()
        };
        for (i, (fast, flat)) in results.into_iter().enumerate() {
            match fast {
                Err(report) => failures.push(format!("{} input {i}: {report:?}", fmt.name())),
                Ok(fast) => {
                    let flat = flat.expect("serde's derive panicked");
                    // Same decision as the plain derived struct, and an error for the deep ones.
                    assert_eq!(fast.is_ok(), flat.is_ok(), "{} input {i}", fmt.name());
                    assert!(i == 1 || fast.is_err(), "{} input {i}", fmt.name());
                }
            }
        }
    }
    assert!(failures.is_empty(), "panics: {failures:#?}");

    // Ten levels of ten aliases each: 10^10 scalars if expanded.
    let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        bomb.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    bomb.push_str("num1: 1\n");
    for fmt in [Fmt::SerdeYaml, Fmt::Norway] {
        let result = guarded(|| {
            fmt.decode_owned::<anchor::fast::A>(bomb.as_bytes())
                .map(drop)
        });
        assert!(matches!(result, Ok(Err(_))), "{}: {result:?}", fmt.name());
    }
}
