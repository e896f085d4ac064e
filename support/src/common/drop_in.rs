//! The intended differences between FastFlatten and serde's derive on one input: the one list
//! the fuzz targets (`tests/shared/fuzz_check.rs`), the shape generator's checker
//! (`crate::shapes`) and the guide's drop-in chapter (`src/guide/drop_in.md`, whose table of
//! rules a test compares with [`RULES`]) read. Anything else is a finding.

use serde::Deserialize;

use super::formats::{Family, Format};

/// Every rule [`intended`] may answer, in its order.
pub const RULES: &[&str] = &[
    "both reject with the same error",
    "both reject, serde reporting another fault first",
    "keys that are not names",
    "serde's buffer cannot hold an unclaimed value",
    "a struct written as a sequence",
    "a CBOR tag before an object serde's derive reads as any value",
    "a YAML scalar read as the type its field asks",
    "a byte string for a string field",
    "an integer for a float field",
    "CBOR undefined for an optional field",
    "a tag given as its variant's index",
    "CBOR null for a unit value",
    "an externally tagged enum as a YAML map",
    "a sequence longer than its tuple, which the format reads",
    "a unit struct read from an empty map or sequence",
    "a unit variant given a value, which ciborium skips",
    "an adjacently tagged unit variant read from its tag alone",
    "a struct read from a YAML sequence",
    "an internally tagged enum written as a CBOR array",
    // Writing (the shape generator's checker compares what both derives write).
    "a key held twice is written once",
    // What the shape of the types decides (`intended_by_shape`).
    "serde's deny_unknown_fields refuses keys that flattened fields read",
    "a flattened Option is None where serde's deny_unknown_fields refuses",
    "an untagged enum takes another variant where serde's deny_unknown_fields refuses",
    "#[serde(flatten, default)] takes its default",
    "a flattened Option beside keys that are not names",
    "a strict type refuses more",
];

/// What a family of types holds that makes FastFlatten read some inputs differently by design.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShapeFeatures {
    /// Some type has `#[serde(deny_unknown_fields)]`.
    pub deny_unknown_fields: bool,
    /// Some field is `#[serde(flatten, default)]`.
    pub flatten_default: bool,
    /// Some type is `#[fast_flatten(strict)]`.
    pub strict: bool,
    /// Some enum is untagged, or has untagged variants: a variant serde's derive refuses leaves
    /// the next one to try.
    pub untagged: bool,
    /// The `#[serde(other)]` variants, by their Rust names.
    pub other_variants: &'static [&'static str],
    /// Some struct is one FastFlatten reads from a sequence where serde's derive takes only a
    /// map (a struct or struct variant with flattened fields, a struct variant of an
    /// adjacently tagged enum): behind an untagged enum, serde's refusal reads only "data did
    /// not match any variant".
    pub map_only_structs: bool,
    /// Some adjacently tagged enum has a tagged unit variant, which FastFlatten reads from its
    /// tag alone.
    pub adjacent_unit_variants: bool,
    /// Some struct or variant is a tuple, whose sequence ciborium reads without checking its
    /// length.
    pub tuples: bool,
    /// Some type is a unit struct.
    pub unit_structs: bool,
}

/// Why FastFlatten may read an input differently from serde's derive because of what the types
/// hold ([`ShapeFeatures`]), or `None`. Checked after [`intended`]. The values are compared as
/// text in which an `Option` is written `None` or `Some(...)`.
pub fn intended_by_shape<T: AsRef<str>>(
    family: Family,
    shape: ShapeFeatures,
    fast: &Result<T, String>,
    serde: &Result<T, String>,
    input: InputQuestions<impl Fn() -> InputFacts, impl Fn() -> bool>,
) -> Option<&'static str> {
    // An untagged enum reports only that no variant read; the variant's own error is the cause.
    let untagged = |e: &str| e.contains("did not match any variant of untagged enum");
    let facts = core::cell::OnceCell::new();
    let facts = || *facts.get_or_init(&input.facts);
    match (fast, serde) {
        // serde's derive reads a struct with flattened fields as a map and checks its
        // `deny_unknown_fields` against the keys left after every flattened field read its
        // own; a field that only views the keys (a struct with flattened fields, an internally
        // tagged or untagged enum, a map) leaves them all (serde 1358, README's "the tag under
        // deny_unknown_fields"), and a flattened type's own `deny_unknown_fields` counts there.
        // FastFlatten refuses only keys no leaf of the tree reads, at the outermost type.
        (Ok(_), Err(e))
            if shape.deny_unknown_fields
                && (e.contains("unknown field")
                    || e.contains("unexpected map key")
                    || untagged(e)) =>
        {
            Some("serde's deny_unknown_fields refuses keys that flattened fields read")
        }
        // The same, inside a flattened `Option`, which serde's flatten reads as `None` when its
        // type fails: FastFlatten reads `Some` where serde's `deny_unknown_fields` refused.
        (Ok(f), Ok(s)) if shape.deny_unknown_fields && some_where_none(f.as_ref(), s.as_ref()) => {
            Some("a flattened Option is None where serde's deny_unknown_fields refuses")
        }
        // The same, in a variant of an untagged enum: serde's derive goes on to another variant.
        (Ok(_), Ok(_)) if shape.deny_unknown_fields && shape.untagged => {
            Some("an untagged enum takes another variant where serde's deny_unknown_fields refuses")
        }
        // serde ignores `default` on a flattened field (1879, 2707): without its keys the type
        // is "missing" its fields. FastFlatten takes the default.
        (Ok(_), Err(e))
            if shape.flatten_default && (e.contains("missing field") || untagged(e)) =>
        {
            Some("#[serde(flatten, default)] takes its default")
        }
        // The same inside a flattened `Option`, which serde's flatten reads as `None` when its
        // type reports the missing fields: FastFlatten reads `Some`, the default in place.
        (Ok(f), Ok(s)) if shape.flatten_default && some_where_none(f.as_ref(), s.as_ref()) => {
            Some("#[serde(flatten, default)] takes its default")
        }
        // The same in a variant of an untagged enum: the variant serde's derive leaves for the
        // missing fields reads with the default, where serde goes on to a later variant.
        (Ok(_), Ok(_)) if shape.flatten_default && shape.untagged => {
            Some("#[serde(flatten, default)] takes its default")
        }
        // A tag written as a YAML number (`tag: 0`): serde's buffer takes it as a variant's
        // index; serde_yaml gives FastFlatten's tag the text `0`, no variant's name, which a
        // `#[serde(other)]` variant takes (elsewhere it is an error, see `intended`). serde's
        // read of the numbered variant may fail too (a field it needs is missing).
        (Ok(f), Ok(s))
            if family == Family::Yaml
                && shape
                    .other_variants
                    .iter()
                    .any(|v| f.as_ref().contains(v) && !s.as_ref().contains(v)) =>
        {
            Some("a tag given as its variant's index")
        }
        (Ok(f), Err(_))
            if family == Family::Yaml
                && shape.other_variants.iter().any(|v| f.as_ref().contains(v)) =>
        {
            Some("a tag given as its variant's index")
        }
        // A key that is not a name (see `intended`) beside a flattened `Option`: serde's buffer
        // hands it to the `Option`'s type, which fails on some and not others (a unit variant
        // ignores them; a struct variant takes an unsigned integer as its field's index);
        // FastFlatten reads the `Option` as `None` once such a key reaches a type that reads the
        // map whole, and takes no key as an index.
        (Ok(f), Ok(s))
            if (some_where_none(f.as_ref(), s.as_ref())
                || some_where_none(s.as_ref(), f.as_ref()))
                && facts().non_name_keys =>
        {
            Some("a flattened Option beside keys that are not names")
        }
        // "A struct written as a sequence" (see `intended`) inside an untagged enum, or an enum
        // with untagged variants: serde's derive refuses the sequence, then reports only that
        // no variant matched. Where the format answers serde's `deserialize_map` itself (an
        // externally tagged struct variant with flattened fields, which serde's derive reads as
        // a newtype variant holding a map; ciborium), its error says "expected map".
        (Ok(_), Err(e))
            if shape.map_only_structs
                && (untagged(e) || e.contains("invalid type: sequence, expected map"))
                && facts().sequence =>
        {
            Some("a struct written as a sequence")
        }
        // "An adjacently tagged unit variant read from its tag alone" (see `intended`) in an enum
        // with untagged variants: serde's derive refuses `[tag]` for the tagged variants, tries
        // the untagged ones, and reports only that no variant matched.
        (Ok(_), Err(e)) if shape.adjacent_unit_variants && untagged(e) && facts().sequence => {
            Some("an adjacently tagged unit variant read from its tag alone")
        }
        // "A unit struct read from an empty map or sequence" (see `intended`) inside an
        // untagged enum's variant: serde's derive reads an internally tagged enum there from a
        // copy of the held map (its `TaggedContentVisitor`), whose unit struct takes `{}`;
        // FastFlatten's reads the held map lent, where a unit struct refuses it (as serde's
        // lent buffer does elsewhere), and the untagged enum reports only that no variant read.
        (Err(f), Ok(_)) if shape.unit_structs && untagged(f) && facts().empty_collection => {
            Some("a unit struct read from an empty map or sequence")
        }
        // "A sequence longer than its tuple" (see `intended`) where serde's buffer, reading the
        // whole sequence, then meets another fault (a duplicate key, the input's end): ciborium
        // reads only the elements a tuple asks for and takes the rest as what follows, for a
        // plain struct's leaf as for FastFlatten, and the read ends before the input does, or
        // at its end where the elements left over read as the map's remaining entries (serde's
        // buffer, which read them as elements, then runs out of input).
        (Ok(_), Err(e))
            if family == Family::Cbor
                && shape.tuples
                && facts().sequence
                && (e.contains("UnexpectedEof") || (input.partial_read)()) =>
        {
            Some("a sequence longer than its tuple, which the format reads")
        }
        // `#[fast_flatten(strict)]` is stricter than serde by design: a flattened `Option`'s
        // error, `deny_unknown_fields` over the whole tree, one catch-all.
        _ if shape.strict => Some("a strict type refuses more"),
        _ => None,
    }
}

/// Whether `error` is serde's "unknown field" error for a key that reads as an unsigned
/// integer (`` unknown field `0` ``).
fn names_a_number_unknown(error: &str) -> bool {
    error
        .split("unknown field `")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .is_some_and(|key| !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()))
}

/// The questions [`intended_by_shape`] may ask of the input, each asked only when a rule needs
/// its answer, and at most once.
pub struct InputQuestions<A, P> {
    /// What the input holds, read as any values ([`input_facts`]).
    pub facts: A,
    /// Whether FastFlatten's read of the input succeeds and leaves some of it unread
    /// ([`Format::reads_part`]).
    pub partial_read: P,
}

/// Why FastFlatten may decide differently from serde's derive on this input, read on a format
/// of `family` (one of [`RULES`]), or `None` if it may not. `non_name_keys` says whether the
/// input holds a map key that is not a string. The outcomes are the values read (compared by
/// the caller) or the errors' messages.
pub fn intended<T>(
    family: Family,
    fast: &Result<T, String>,
    serde: &Result<T, String>,
    non_name_keys: impl Fn() -> bool,
) -> Option<&'static str> {
    /// serde's errors for a value its buffer (`Content`) cannot hold, or checks although nothing
    /// reads it: FastFlatten skips the value of a key no leaf claims without looking into it.
    const BUFFER_LIMITS: [&str; 6] = [
        "do not support enum input",
        "number out of range",
        "as i128, expected any value",
        "as u128, expected any value",
        "invalid unicode code point",
        "lone leading surrogate",
    ];
    match (fast, serde) {
        // serde buffers the object and reports the first fault it meets replaying it, often
        // not the first fault in the input: FastFlatten reports the first at its position.
        (Err(f), Err(s)) if without_position(f) == without_position(s) => {
            Some("both reject with the same error")
        }
        (Err(_), Err(_)) => Some("both reject, serde reporting another fault first"),
        // A key that is not a string (an integer, a boolean, nil: CBOR, MessagePack) where
        // serde's derive buffers: its buffer holds the key as it came, and replaying it asks for
        // an identifier, which takes only strings, bytes and unsigned integers (an internally
        // tagged enum's fields, a flattened struct under `deny_unknown_fields`). FastFlatten reads
        // each key once, as the struct it belongs to reads it, and skips one no leaf claims: it
        // accepts more, never another value.
        (Ok(_), Err(_)) if non_name_keys() => Some("keys that are not names"),
        // The other way round: serde's buffer replays an unsigned integer key to a struct
        // without flattened fields of its own (a flattened enum's struct variant), whose field
        // identifier takes it as the position of a field; FastFlatten reads a key against the
        // whole tree, or a flattened variant's keys as the format gives them (YAML: as text).
        // Behind an untagged enum, that error reads only that no variant matched; under
        // `deny_unknown_fields`, it names the key (`0`) unknown. A key after an internally
        // tagged enum's tag is read as the variant's struct reads it, and ciborium gives no
        // integer to an identifier (checked here, before the rule for a tag given as a number,
        // whose error is the same).
        (Err(f), Ok(_))
            if (f.contains("missing field")
                || f.contains("did not match any variant of untagged enum")
                || names_a_number_unknown(f)
                || (family == Family::Cbor
                    && f.contains("integer `")
                    && f.contains("expected str or bytes")))
                && non_name_keys() =>
        {
            Some("keys that are not names")
        }
        // The same where that field has a default: both read, serde's derive with the key's
        // value in the field its position names.
        (Ok(_), Ok(_)) if non_name_keys() => Some("keys that are not names"),
        (Ok(_), Err(e)) if BUFFER_LIMITS.iter().any(|limit| e.contains(limit)) => {
            Some("serde's buffer cannot hold an unclaimed value")
        }
        // FastFlatten asks for a struct (`deserialize_struct`) as a plain struct does; serde's
        // flatten asks for a map, which rmp-serde does not give as a sequence of bytes.
        (Ok(_), Err(e))
            if e.contains("invalid type: sequence, expected struct")
                || e.contains("invalid type: byte array, expected struct") =>
        {
            Some("a struct written as a sequence")
        }
        // A CBOR tag before an object: FastFlatten asks for a struct, which ciborium reads
        // through the tag as it does for a plain struct; serde's derive asks for any value (to
        // buffer an internally tagged enum, or for an adjacently tagged struct variant's
        // content) and meets the tag as an enum.
        (Ok(_), Err(e))
            if family == Family::Cbor
                && (e.contains("invalid type: enum, expected internally tagged enum")
                    || e.contains("invalid type: enum, expected struct variant")) =>
        {
            Some("a CBOR tag before an object serde's derive reads as any value")
        }
        // serde's buffer fixes a YAML scalar's type before the field asks for one: `false` is a
        // boolean to it, where a string field (or a tag, read as a variant's name) reads it as
        // the text `false`; `075` is a string to it, where a float field reads 75.
        (Ok(_), Err(e))
            if family == Family::Yaml
                && (e.contains(", expected a string")
                    || e.contains(", expected a borrowed string")
                    || e.contains(", expected variant identifier")
                    || e.contains("invalid type: string")
                    || e.contains("invalid type: unit value, expected")) =>
        {
            Some("a YAML scalar read as the type its field asks")
        }
        // serde's buffer holds a CBOR byte string as bytes, which a `String` accepts when they
        // are UTF-8; ciborium gives no bytes to a string field, so FastFlatten, like a plain
        // struct, refuses them.
        (Err(f), Ok(_))
            if family == Family::Cbor && f.contains("invalid type: bytes, expected") =>
        {
            Some("a byte string for a string field")
        }
        // serde's buffer holds a CBOR integer as an integer, which a float field accepts on
        // replay; ciborium gives a float field only a float, so FastFlatten, like a plain
        // struct, refuses it (`leaf_of_another_type_read_as_flat`, tests/roundtrip/flatten.rs).
        (Err(f), Ok(_))
            if family == Family::Cbor
                && f.contains("invalid type: integer")
                && f.contains("expected float") =>
        {
            Some("an integer for a float field")
        }
        // serde_cbor gives an `Option` field `None` only for `null`, and reads a CBOR
        // `undefined` elsewhere as unit: a plain struct, and FastFlatten, refuse it for an
        // optional string or number; serde's buffer holds it as unit, which replays as `None`
        // (`cbor_undefined_for_an_optional_leaf_reads_as_the_flat_struct`,
        // tests/roundtrip/option_leaves.rs).
        (Err(f), Ok(_)) if family == Family::Cbor && f.contains("invalid type: null, expected") => {
            Some("CBOR undefined for an optional field")
        }
        // serde's buffered tag accepts a variant's index; FastFlatten reads a flattened
        // enum's tag from the format, as serde's derive reads an internally tagged enum that
        // is not flattened: ciborium and serde_json give an integer to no identifier, and
        // serde_yaml gives it as the text `0`, no variant's name.
        (Err(f), Ok(_))
            if f.contains("invalid type: integer")
                && (f.contains("expected str or bytes")
                    || f.contains("expected variant identifier")) =>
        {
            Some("a tag given as its variant's index")
        }
        (Err(f), Ok(_)) if family == Family::Yaml && unknown_numbered_variant(f) => {
            Some("a tag given as its variant's index")
        }
        // The other way round: serde's buffer gives an externally or adjacently tagged enum's
        // integer tag to `deserialize_enum`, which takes none; MessagePack read in place gives
        // it as the variant's index, as rmp-serde gives it to serde's derive unbuffered.
        (Ok(_), Err(e))
            if e.contains("invalid type: integer") && e.contains("expected string or map") =>
        {
            Some("a tag given as its variant's index")
        }
        // serde's buffer gives a struct (a struct variant's content) a sequence of its fields,
        // and serde's derive reads an internally tagged enum as any value, a sequence too (the
        // tag, then the fields); serde_yaml, asked in place for a struct as for a plain struct's
        // field, takes a map only.
        (Err(f), Ok(_))
            if family == Family::Yaml
                && (f.contains("invalid type: sequence, expected struct")
                    || f.contains("invalid type: sequence, expected internally tagged enum")) =>
        {
            Some("a struct read from a YAML sequence")
        }
        // serde's buffer gives a unit struct an empty map or sequence as unit; the format asked
        // in place (as for a plain struct's leaf) refuses them.
        (Err(f), Ok(_))
            if (f.contains("invalid type: map, expected unit")
                || f.contains("invalid type: sequence, expected unit")) =>
        {
            Some("a unit struct read from an empty map or sequence")
        }
        // The other way round: rmp-serde writes a unit struct as an empty array and reads one
        // back, asked in place; serde's buffer holds the array, which it refuses for a unit.
        (Ok(_), Err(s))
            if family == Family::MessagePack
                && s.contains("invalid type: sequence, expected unit struct") =>
        {
            Some("a unit struct read from an empty map or sequence")
        }
        // ciborium's unit variant skips the value of a one-entry map (`{"V": 7}`); serde's
        // buffer holds the value and refuses it for a unit variant.
        (Ok(_), Err(s)) if family == Family::Cbor && s.contains("expected unit") => {
            Some("a unit variant given a value, which ciborium skips")
        }
        // serde's derive writes an adjacently tagged unit variant as its tag alone (a struct of
        // one field: `[tag]` where structs are sequences) and then asks a sequence for the
        // content too; FastFlatten reads a unit variant from its tag alone, what serde writes.
        (Ok(_), Err(s)) if s.contains("invalid length 1, expected adjacently tagged enum") => {
            Some("an adjacently tagged unit variant read from its tag alone")
        }
        // serde's derive reads an internally tagged enum as any value, which ciborium gives as
        // an array too (the tag, then the fields); FastFlatten asks for a struct, which ciborium
        // gives only as a map (formats without maps get the array form).
        (Err(f), Ok(_))
            if family == Family::Cbor && f.contains("invalid type: sequence, expected map") =>
        {
            Some("an internally tagged enum written as a CBOR array")
        }
        // serde's buffer checks that a tuple's sequence has no elements left; ciborium reads a
        // tuple of the elements it asks for, as for a plain struct's leaf and FastFlatten's.
        (Ok(_), Err(e)) if e.contains("invalid length") && e.contains("elements in sequence") => {
            Some("a sequence longer than its tuple, which the format reads")
        }
        // serde_yaml reads an externally tagged enum from a YAML tag (`!Variant value`) only;
        // serde's buffer holds a map `{Variant: value}`, which an enum reads on replay. A plain
        // struct's enum field, and FastFlatten reading in place, ask serde_yaml and refuse it.
        (Err(f), Ok(_))
            if family == Family::Yaml && f.contains("expected a YAML tag starting with '!'") =>
        {
            Some("an externally tagged enum as a YAML map")
        }
        // serde's buffer holds a CBOR null as an absent `Option`, which a unit struct or unit
        // refuses on replay; ciborium reads null as unit in place, for a plain struct's leaf
        // and for FastFlatten.
        (Ok(_), Err(e))
            if family == Family::Cbor
                && e.contains("invalid type: Option value, expected unit") =>
        {
            Some("CBOR null for a unit value")
        }
        _ => None,
    }
}

/// Whether `message` is serde's "unknown variant" error for a name that is a number: a
/// variant's index read as text.
fn unknown_numbered_variant(message: &str) -> bool {
    message
        .split_once("unknown variant `")
        .and_then(|(_, rest)| rest.split_once('`'))
        .is_some_and(|(name, _)| !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()))
}

/// An error message without the position formats add (serde_json's " at line L column C",
/// serde_cbor's " at offset N", serde_yaml's path and position).
pub fn without_position(message: &str) -> &str {
    let message = match message
        .find(" at line ")
        .or_else(|| message.find(" at offset "))
    {
        Some(end) => &message[..end],
        None => message,
    };
    // serde_yaml: ".[0].field: message".
    match message.strip_prefix('.') {
        Some(rest) => rest.split_once(": ").map_or(message, |(_, text)| text),
        None => message,
    }
}

/// Whether `fast` is `serde` with some `None`s read as `Some(...)`: the texts agree but where
/// `serde` says `None` and `fast` says `Some(` with its parentheses balanced after.
fn some_where_none(fast: &str, serde: &str) -> bool {
    let (fast, serde) = (fast.as_bytes(), serde.as_bytes());
    let (mut f, mut s, mut replaced) = (0, 0, false);
    while f < fast.len() && s < serde.len() {
        if fast[f] == serde[s] {
            f += 1;
            s += 1;
            continue;
        }
        if !(serde[s..].starts_with(b"None") && fast[f..].starts_with(b"Some(")) {
            return false;
        }
        // Skip `Some(...)`, counting the parentheses outside the quoted strings of the `Debug`
        // text (where `\"` and `\\` are escapes).
        let (mut depth, mut quoted) = (0usize, false);
        while f < fast.len() {
            match fast[f] {
                b'\\' if quoted => f += 1,
                b'"' => quoted = !quoted,
                b'(' if !quoted => depth += 1,
                b')' if !quoted => {
                    depth -= 1;
                    if depth == 0 {
                        f += 1;
                        break;
                    }
                }
                _ => {}
            }
            f += 1;
        }
        s += "None".len();
        replaced = true;
    }
    replaced && f == fast.len() && s == serde.len()
}

/// What an input holds, read as any values on its format, as far as it reads.
#[derive(Clone, Copy, Debug, Default)]
pub struct InputFacts {
    /// A map key that is not a string (or bytes).
    pub non_name_keys: bool,
    /// A sequence.
    pub sequence: bool,
    /// An empty map or an empty sequence.
    pub empty_collection: bool,
}

/// What `data` holds, read on format `F` as any values: one pass answering every question of
/// [`InputFacts`].
pub fn input_facts<F: Format>(data: &[u8]) -> InputFacts {
    FACTS.with(|facts| facts.set(InputFacts::default()));
    let _ = F::decode_untrusted::<AnyValue>(data);
    FACTS.with(|facts| facts.get())
}

/// Whether `data`, read on format `F` as any values, holds a map key that is not a string (or
/// bytes), as far as it reads: the question [`intended`]'s `non_name_keys` asks.
pub fn non_name_keys<F: Format>(data: &[u8]) -> bool {
    input_facts::<F>(data).non_name_keys
}

thread_local! {
    /// What [`AnyValue`] has met so far (kept when reading fails).
    static FACTS: core::cell::Cell<InputFacts> = const {
        core::cell::Cell::new(InputFacts {
            non_name_keys: false,
            sequence: false,
            empty_collection: false,
        })
    };
}

/// Notes a fact about the input [`AnyValue`] is reading.
fn note(fact: impl FnOnce(&mut InputFacts)) {
    FACTS.with(|facts| {
        let mut now = facts.get();
        fact(&mut now);
        facts.set(now);
    });
}

/// Any value, read through `deserialize_any` and dropped, noting keys that are not names.
struct AnyValue;

impl<'de> serde::Deserialize<'de> for AnyValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(AnyVisitor)
    }
}

/// A map key: notes whether it is a name (any value is read, so that reading goes on).
struct AnyKey;

impl<'de> serde::Deserialize<'de> for AnyKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> serde::de::Visitor<'de> for KeyVisitor {
            type Value = AnyKey;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a map key")
            }
            fn visit_str<E>(self, _: &str) -> Result<AnyKey, E> {
                Ok(AnyKey)
            }
            fn visit_bytes<E>(self, _: &[u8]) -> Result<AnyKey, E> {
                Ok(AnyKey)
            }
            // Anything else is not a name.
            fn visit_bool<E>(self, _: bool) -> Result<AnyKey, E> {
                Ok(not_a_name())
            }
            fn visit_i64<E>(self, _: i64) -> Result<AnyKey, E> {
                Ok(not_a_name())
            }
            fn visit_i128<E>(self, _: i128) -> Result<AnyKey, E> {
                Ok(not_a_name())
            }
            fn visit_u64<E>(self, _: u64) -> Result<AnyKey, E> {
                Ok(not_a_name())
            }
            fn visit_u128<E>(self, _: u128) -> Result<AnyKey, E> {
                Ok(not_a_name())
            }
            fn visit_f64<E>(self, _: f64) -> Result<AnyKey, E> {
                Ok(not_a_name())
            }
            fn visit_none<E>(self) -> Result<AnyKey, E> {
                Ok(not_a_name())
            }
            fn visit_unit<E>(self) -> Result<AnyKey, E> {
                Ok(not_a_name())
            }
            fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<AnyKey, D::Error> {
                AnyValue::deserialize(d).map(|_| not_a_name())
            }
            fn visit_newtype_struct<D: serde::Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<AnyKey, D::Error> {
                AnyValue::deserialize(d).map(|_| not_a_name())
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<AnyKey, A::Error> {
                serde::de::Visitor::visit_seq(AnyVisitor, seq).map(|_| not_a_name())
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<AnyKey, A::Error> {
                serde::de::Visitor::visit_map(AnyVisitor, map).map(|_| not_a_name())
            }
            fn visit_enum<A: serde::de::EnumAccess<'de>>(
                self,
                data: A,
            ) -> Result<AnyKey, A::Error> {
                serde::de::Visitor::visit_enum(AnyVisitor, data).map(|_| not_a_name())
            }
        }
        deserializer.deserialize_any(KeyVisitor)
    }
}

/// Notes a key that is not a name.
fn not_a_name() -> AnyKey {
    note(|facts| facts.non_name_keys = true);
    AnyKey
}

struct AnyVisitor;

impl<'de> serde::de::Visitor<'de> for AnyVisitor {
    type Value = AnyValue;

    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_i64<E>(self, _: i64) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_i128<E>(self, _: i128) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_u64<E>(self, _: u64) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_u128<E>(self, _: u128) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_f64<E>(self, _: f64) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_str<E>(self, _: &str) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_bytes<E>(self, _: &[u8]) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_none<E>(self) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_unit<E>(self) -> Result<AnyValue, E> {
        Ok(AnyValue)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<AnyValue, D::Error> {
        AnyValue::deserialize(d)
    }
    fn visit_newtype_struct<D: serde::Deserializer<'de>>(self, d: D) -> Result<AnyValue, D::Error> {
        AnyValue::deserialize(d)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<AnyValue, A::Error> {
        note(|facts| facts.sequence = true);
        let mut len = 0usize;
        while seq.next_element::<AnyValue>()?.is_some() {
            len += 1;
        }
        if len == 0 {
            note(|facts| facts.empty_collection = true);
        }
        Ok(AnyValue)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<AnyValue, A::Error> {
        let mut len = 0usize;
        while map.next_entry::<AnyKey, AnyValue>()?.is_some() {
            len += 1;
        }
        if len == 0 {
            note(|facts| facts.empty_collection = true);
        }
        Ok(AnyValue)
    }
    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<AnyValue, A::Error> {
        use serde::de::VariantAccess;
        let (AnyValue, variant) = data.variant::<AnyValue>()?;
        variant.newtype_variant::<AnyValue>()
    }
}
