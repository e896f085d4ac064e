//! The differential machinery: every type is declared twice by [`twins!`] (once deriving
//! FastFlatten, once serde's `Serialize, Deserialize`, same `#[serde]` attributes), and every
//! check runs both and compares.
//!
//! * Values are compared through `Debug`: the twins have the same type names and shapes, so equal
//!   values print the same.
//! * Errors are compared as text with serde_json's ` at line L column C` suffix stripped: serde
//!   reports errors raised from its buffers at the end of the object (or nowhere), a streaming
//!   reader at the bad token.
//! * Every JSON input of [`de!`] (and so of `de_err!`, `rt!`, `rt_text!`) is read on the other
//!   self-describing formats too (YAML three ways, ciborium, serde_cbor, rmp-serde in map
//!   mode): transcoded through the shared order-keeping JSON tree, read by both twins, compared
//!   ([`same_everywhere`]); the differences that are the formats', serde's buffer's or known
//!   FastFlatten bugs are named by [`known_difference`].
//! * Output is compared on serde_json, serde_yaml, serde_norway and as the sequence of
//!   `Serializer` calls ([`Recorder`], serde_test's tokens in spirit): names, lengths and variant
//!   indexes that JSON hides.
//! * [`Val`] is a self-describing deserializer over a small value tree, for the inputs serde's
//!   tests write with serde_test tokens (integer and byte keys, variant indexes).
//!
//! To survey a change, `ENUMS_EXPLORE=1 cargo test --test enums -- --nocapture` prints every
//! difference between the twins and carries on with serde's outcome instead of failing at
//! the first.

use std::fmt::{self, Debug, Display};
use std::marker::PhantomData;

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, DeserializeOwned, IntoDeserializer, Visitor};
use serde::ser::{self, Serialize};

use crate::common::formats::{
    visit_formats, Ciborium, Family, Format, FormatVisitor, MsgPackMap, Properties, SerdeCbor,
};
use crate::json_tree::Tree;

/// The result of a deserialization as compared: the value's `Debug`, or the error's text
/// without position.
pub type Outcome = Result<String, String>;

/// `msg` without serde_json's (or serde_yaml's) trailing ` at line L column C`.
pub fn strip_position(msg: &str) -> String {
    if let Some(at) = msg.rfind(" at line ") {
        let tail = &msg[at + " at line ".len()..];
        let mut parts = tail.splitn(2, " column ");
        let line = parts.next().unwrap_or("");
        let column = parts.next().unwrap_or("x");
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if digits(line) && digits(column) {
            return msg[..at].to_owned();
        }
    }
    msg.to_owned()
}

/// A deserialization result as an [`Outcome`].
pub fn outcome<T: Debug, E: Display>(result: Result<T, E>) -> Outcome {
    result
        .map(|value| format!("{value:?}"))
        .map_err(|e| strip_position(&e.to_string()))
}

/// Asserts that FastFlatten and serde's derive read `input` alike (both accept and read equal
/// values, or both reject with the same message) and returns that outcome.
#[track_caller]
pub fn same<O: Debug, T: Debug, E1: Display, E2: Display>(
    input: &dyn Debug,
    ours: Result<O, E1>,
    twin: Result<T, E2>,
) -> Outcome {
    let (ours, twin) = (outcome(ours), outcome(twin));
    if explored(input, &ours, &twin) {
        return twin;
    }
    assert_eq!(
        ours, twin,
        "FastFlatten (left) and serde (right) read {input:?} differently"
    );
    ours
}

/// Under `ENUMS_EXPLORE`, prints a difference between the twins and says so (the caller then
/// carries on with serde's result).
pub fn explored<T: Debug + PartialEq>(what: &dyn Debug, ours: &T, twin: &T) -> bool {
    let explore = std::env::var_os("ENUMS_EXPLORE").is_some() && ours != twin;
    if explore {
        eprintln!("MISMATCH {what:?}\n  ours: {ours:?}\n  twin: {twin:?}");
    }
    explore
}

/// Asserts that `outcome` is a value printing as `expected` does.
#[track_caller]
pub fn expect_value<V: Debug>(input: &dyn Debug, outcome: Outcome, expected: &V) {
    assert_eq!(outcome, Ok(format!("{expected:?}")), "reading {input:?}");
}

/// Asserts that `outcome` is the error `expected` (position stripped).
#[track_caller]
pub fn expect_error(input: &dyn Debug, outcome: Outcome, expected: &str) {
    assert_eq!(outcome, Err(expected.to_owned()), "reading {input:?}");
}

/// What a value writes, on every output the twins must agree on.
#[derive(Debug, PartialEq)]
pub struct Output {
    pub json: Result<String, String>,
    pub yaml: Result<String, String>,
    pub norway: Result<String, String>,
    pub calls: Result<Vec<String>, String>,
}

/// `value`'s [`Output`].
pub fn output<V: Serialize + ?Sized>(value: &V) -> Output {
    Output {
        json: serde_json::to_string(value).map_err(|e| e.to_string()),
        yaml: serde_yaml::to_string(value).map_err(|e| e.to_string()),
        norway: serde_norway::to_string(value).map_err(|e| e.to_string()),
        calls: Recorder::record(value),
    }
}

/// Asserts identical JSON, YAML and serializer calls; returns the JSON (or the error).
#[track_caller]
pub fn same_output<O: Serialize, T: Serialize>(ours: &O, twin: &T) -> Result<String, String> {
    let (ours, twin) = (output(ours), output(twin));
    if explored(&"output", &ours, &twin) {
        return twin.json;
    }
    assert_eq!(
        ours, twin,
        "FastFlatten (left) and serde (right) write differently"
    );
    ours.json
}

/// Asserts identical JSON and YAML only (for the pinned differences in serializer calls, which
/// the caller asserts itself); returns the JSON.
#[track_caller]
pub fn same_text<O: Serialize, T: Serialize>(ours: &O, twin: &T) -> Result<String, String> {
    let (mut ours, mut twin) = (output(ours), output(twin));
    ours.calls = Ok(Vec::new());
    twin.calls = Ok(Vec::new());
    assert_eq!(
        ours, twin,
        "FastFlatten (left) and serde (right) write differently"
    );
    ours.json
}

// ------------------------------------------------------------------------------------------
// The JSON inputs on the other self-describing formats.

/// Asserts that FastFlatten's `O` and serde's `T` read `json` alike on every other
/// self-describing format of the table too: `json` is read into a [`Tree`] (`tests/shared/json_tree.rs`: in order,
/// duplicates kept), written with the format, and both twins read those bytes.
///
/// Not on JSON (the caller compared it) nor on serde_cbor's packed configuration (it writes
/// only structs and enums otherwise, which a tree has none of: its bytes are serde_cbor's).
/// Invalid JSON, or a tree a format will not write, is skipped on that format.
///
/// The bytes are leaked (a few hundred bytes per input) so that the twins' borrowing types
/// (`&'a str` fields, or `&'static str` ones) read them as they read JSON text.
#[track_caller]
pub fn same_everywhere<O, T>(json: &str, _ours: PhantomData<O>, _twin: PhantomData<T>)
where
    O: de::Deserialize<'static> + Debug,
    T: de::Deserialize<'static> + Debug,
{
    struct Everywhere<'a, O, T> {
        json: &'a str,
        tree: &'a Tree,
        caller: &'static std::panic::Location<'static>,
        twins: PhantomData<(O, T)>,
    }

    impl<O, T> FormatVisitor for Everywhere<'_, O, T>
    where
        O: de::Deserialize<'static> + Debug,
        T: de::Deserialize<'static> + Debug,
    {
        fn visit<F: Format>(&mut self) {
            if F::FAMILY == Family::Json || !F::SELF_DESCRIBING || !F::KEYS_ARE_NAMES {
                return;
            }
            let Ok(bytes) = F::encode(self.tree) else {
                return; // the format cannot write this tree
            };
            let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
            let (ours, twin) = (read_on::<F, O>(bytes), read_on::<F, T>(bytes));
            if agree(&F::PROPERTIES, &ours, &twin) {
                return;
            }
            let what = format!("{} as {}", self.json, F::NAME);
            if let Some(known) = known_difference(&F::PROPERTIES, &ours, &twin) {
                if std::env::var_os("ENUMS_EXPLORE").is_some() {
                    eprintln!("KNOWN {known}: {what:?}\n  ours: {ours:?}\n  twin: {twin:?}");
                }
                return;
            }
            if explored(&what, &ours, &twin) {
                return;
            }
            assert_eq!(
                ours, twin,
                "FastFlatten (left) and serde (right) read {what} differently (checked at {})",
                self.caller
            );
        }
    }

    let Ok(tree) = serde_json::from_str::<Tree>(json) else {
        return; // not JSON: the serde_json comparison is all there is
    };
    visit_formats(&mut Everywhere::<O, T> {
        json,
        tree: &tree,
        caller: std::panic::Location::caller(),
        twins: PhantomData,
    });
}

/// `X` read from `bytes` of format `F`, as an [`Outcome`]: the error without position, and
/// without ciborium's wrapper (`Semantic(None, "message")`). A format that cannot lend
/// (ciborium, whose API reads only `DeserializeOwned` types) reads it through [`Unlent`].
fn read_on<F: Format, X: de::Deserialize<'static> + Debug>(bytes: &'static [u8]) -> Outcome {
    let result = match F::decode_borrowed::<X>(bytes) {
        Some(result) => result,
        None => F::decode::<Unlent<X>>(bytes).map(|Unlent(value)| value),
    };
    result
        .map(|value| format!("{value:?}"))
        .map_err(|e| strip_position(&unwrap_ciborium(&e)))
}

/// The message inside ciborium's `Semantic(offset, "message")` (its errors' `Display` is their
/// `Debug`); any other text as it is.
fn unwrap_ciborium(msg: &str) -> String {
    let inner = msg
        .strip_prefix("Semantic(")
        .and_then(|rest| rest.split_once(", \""))
        .and_then(|(_, quoted)| quoted.strip_suffix("\")"));
    match inner {
        Some(inner) => serde_json::from_str(&format!("\"{inner}\"")).unwrap_or(inner.to_owned()),
        None => msg.to_owned(),
    }
}

/// `msg` without serde_yaml's leading path (`content.value: `, `.[0]: `): the path of the value
/// the error was raised in, which FastFlatten raises in place and serde after its buffer (at the
/// map, whose path is the document's: none), as with positions.
fn without_yaml_path(msg: &str) -> &str {
    match msg.split_once(": ") {
        Some((path, rest)) if !path.is_empty() && !path.contains([' ', '`', '"']) => rest,
        _ => msg,
    }
}

/// Whether the twins' outcomes on `format` are alike: equal, except for the wording of errors.
///
/// - YAML (serde_yaml, serde_norway, serde_yaml_ng): error texts compared without their path.
/// - ciborium and rmp-serde: errors compared as decisions only. Each words a type error itself
///   when a primitive is asked for (ciborium: "invalid type: string, expected integer",
///   "expected map"; rmp-serde: "wrong msgpack marker FixStr(1)"), where serde's buffer raises
///   the visitor's ("invalid type: string \"x\", expected u8"): the texts differ by who words
///   them whenever FastFlatten asks the format in place and serde asks its buffer, which is
///   every error inside a flattened or tagged value.
fn agree(format: &Properties, ours: &Outcome, twin: &Outcome) -> bool {
    match (ours, twin) {
        (Err(ours), Err(twin)) if format.family == Family::Yaml => {
            without_yaml_path(ours) == without_yaml_path(twin)
        }
        (Err(_), Err(_)) if format.name == Ciborium::NAME || format.name == MsgPackMap::NAME => {
            true
        }
        _ => ours == twin,
    }
}

/// A difference between the twins on a format other than JSON that is not FastFlatten's to
/// fix, or a FastFlatten bug to fix in the library: each rule names its formats and what the
/// twins read.
#[derive(Debug)]
enum Known {
    /// (a) The format cannot carry the input.
    Uncarried(&'static str),
    /// (b) serde's derive reads the input through its buffer, where FastFlatten asks the format
    /// for the type's own request as a plain (not flattened, not tagged) type does: FastFlatten's
    /// outcome is asserted by the rule, serde's is recorded in it.
    SerdesBuffer(&'static str),
    /// (c) A FastFlatten bug, skipped until the library is fixed.
    Bug(&'static str),
}

impl Display for Known {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Known::Uncarried(what) => write!(f, "(a) {what}"),
            Known::SerdesBuffer(what) => write!(f, "(b) {what}"),
            Known::Bug(what) => write!(f, "(c) BUG: {what}"),
        }
    }
}

/// Whether `error` is serde's buffer refusing a tag given as a value of the wrong type for an
/// adjacently tagged enum's tag (`{"t":{},...}`, `{"t":[1],...}`) read from its buffer, as a
/// *flattened* one is: "invalid value: map, expected map with a single key", "invalid type:
/// sequence, expected string or map". FastFlatten reads that tag in place, from the format,
/// so the format words the error, as it does for serde's own standalone enum
/// (`adjacent::..._errors`: serde_json's "expected value"): both reject, in other words.
pub fn buffered_tag_refused(error: &str) -> bool {
    error == "invalid value: map, expected map with a single key"
        || (error.starts_with("invalid type: ") && error.ends_with(", expected string or map"))
}

/// The [`Known`] difference `ours` / `twin` on `format` is, if any.
fn known_difference(format: &Properties, ours: &Outcome, twin: &Outcome) -> Option<Known> {
    let yaml = format.family == Family::Yaml;
    let ciborium = format.name == Ciborium::NAME;
    let serde_cbor = format.name == SerdeCbor::NAME;
    let rmp = format.name == MsgPackMap::NAME;
    let ours_err = ours.as_ref().err().map(|e| without_yaml_path(e));
    match (ours_err, twin) {
        // (a) serde_yaml has no bytes: `deserialize_bytes` / `deserialize_byte_buf` fail
        // whatever the input (`#[serde(with = "bytes")]` on `{"tag":"Bytes","bytes":[0]}`);
        // serde's buffer read the sequence or string as any value, and gives
        // `Ok(Bytes { bytes: [0] })`.
        (Some("serialization and deserialization of bytes in YAML is not implemented"), Ok(_))
            if yaml =>
        {
            Some(Known::Uncarried("YAML has no bytes"))
        }
        // (b) A struct, struct variant or internally tagged enum given as a sequence
        // (`{"tag":"NewtypeEnum","Struct":[1]}`, `["Struct",1]`): FastFlatten asks for a
        // struct (or a struct variant), which YAML and ciborium read from maps only, as they
        // do for a plain struct: "invalid type: sequence, expected ..."; serde's derive asks
        // for any value (to buffer it) and reads the sequence form: `Ok(NewtypeEnum(Struct
        // { f: 1 }))`, `Ok(Struct { a: 1 })` (or another error: `[]` is "missing field `tag`").
        // README, known limits: `internal::sequence_form_on_ciborium`.
        (Some(e), _)
            if (yaml || ciborium) && e.starts_with("invalid type: sequence, expected ") =>
        {
            Some(Known::SerdesBuffer("a struct given as a sequence"))
        }
        // (b) A string for a `#[serde(with = "bytes")]` field (`{"tag":"Bytes","bytes":"\u0000"}`):
        // ciborium gives no text to `deserialize_byte_buf`, for FastFlatten as for a plain
        // struct; serde's buffer holds the string and gives it as bytes: `Ok(Bytes { bytes:
        // [0] })`. (README, differences in grown corpora: the mirror of "a CBOR byte string for
        // a string field".)
        (Some("invalid type: string, expected byte buffer"), Ok(_)) if ciborium => {
            Some(Known::SerdesBuffer("a CBOR text string for a bytes field"))
        }
        // (b) A YAML scalar read as its field's type (`{"tag":"NewtypeMap","k":1}` into a
        // `BTreeMap<String, String>`): FastFlatten asks for a string and serde_yaml gives the
        // scalar's text, `Ok(NewtypeMap({"k": "1"}))`, as for a plain struct; serde's buffer
        // fixed `1` as an integer first: "invalid type: integer `1`, expected a string". The
        // same for `1.5`, `true` and `null` (a tag `null` is then "unknown variant `null`"
        // where serde says "invalid type: unit value, expected variant identifier").
        // (README, differences in grown corpora: "a YAML scalar read as its field's type".)
        (_, Err(e))
            if yaml
                && [
                    "invalid type: integer ",
                    "invalid type: floating point ",
                    "invalid type: boolean ",
                    "invalid type: unit value, ",
                ]
                .iter()
                .any(|scalar| e.starts_with(scalar)) =>
        {
            Some(Known::SerdesBuffer(
                "a YAML scalar read as its field's type",
            ))
        }
        // (b) A YAML integer out of its field's range (`9247148934737546983` for an `i32`):
        // serde_yaml words it "invalid type: integer ..., expected i32" when asked in place,
        // serde's buffer "invalid value: integer ..., expected i32".
        (Some(ours), Err(twin))
            if yaml
                && ours.replacen("invalid type: integer ", "invalid value: integer ", 1)
                    == without_yaml_path(twin) =>
        {
            Some(Known::SerdesBuffer(
                "serde_yaml words an integer out of range as a type",
            ))
        }
        // (b) A flattened adjacently tagged enum's tag of the wrong type: the format words
        // the error where serde's buffer does ([`buffered_tag_refused`]).
        (Some(_), Err(twin)) if buffered_tag_refused(without_yaml_path(twin)) => Some(
            Known::SerdesBuffer("a flattened adjacently tagged enum's tag of the wrong type"),
        ),
        // (b) The same tag given as a map on YAML: serde_yaml reads an enum in place from its
        // own `!Variant` tags and refuses a map ("invalid type: map, expected a YAML tag
        // starting with '!'"), as for serde's own standalone enum; serde's buffer reads a map
        // of one key as the variant (`{"t":{"Ping":null}}` then reads, anything else is
        // "unknown variant").
        (Some(ours), _)
            if yaml && ours == "invalid type: map, expected a YAML tag starting with '!'" =>
        {
            Some(Known::SerdesBuffer(
                "a YAML map for an adjacently tagged enum's tag",
            ))
        }
        // (b) A map where a tuple variant is expected, on serde_cbor: FastFlatten's visitor
        // words the expectation with the variant's name ("invalid type: map, expected tuple
        // variant Shape::Rect"), serde's buffer without it ("... expected tuple variant").
        (Some(ours), Err(twin))
            if serde_cbor
                && twin.starts_with("invalid type: ")
                && ours.starts_with(twin.as_str()) =>
        {
            Some(Known::SerdesBuffer(
                "serde's buffer words the expectation without the variant",
            ))
        }
        // (b) An adjacently tagged unit variant as a one-element array (`["Unit"]`) on
        // serde_cbor and rmp-serde, whose arrays tell their length: FastFlatten reads it without
        // content, as it writes it on formats that write structs as sequences, `Ok(Unit)`;
        // serde's derive asks for a content element even there: "invalid length 1, expected
        // adjacently tagged enum AdjacentlyTagged" (README, known limits). On serde_json
        // FastFlatten asks for the content as serde does (a JSON array does not tell its
        // length); YAML and ciborium refuse the sequence for both twins.
        (None, Err(e))
            if (serde_cbor || rmp)
                && e.starts_with("invalid length 1, expected adjacently tagged enum ") =>
        {
            Some(Known::SerdesBuffer(
                "an adjacently tagged unit variant without content",
            ))
        }
        // A known limit (README, Known limits; `adjacent::unit_seq_tag_content_of_known_length`,
        // ignored):
        // an adjacently tagged unit variant with its content, as a two-element array
        // (`["Unit",null]`), on serde_cbor and rmp-serde: FastFlatten reads the tag only (a
        // binary format is taken to write no content after a unit variant's tag, whatever the
        // array's length: `visit_seq` in src/enums/adjacent.rs; bincode announces the struct's
        // field count, not what was written, so the length cannot tell), and the format rejects
        // the element left: "trailing data at offset 6" (serde_cbor), "array had incorrect
        // length, expected 1" (rmp-serde). serde reads `Ok(Unit)`, as FastFlatten does on JSON.
        (Some(e), Ok(_))
            if (serde_cbor && e.starts_with("trailing data at offset "))
                || (rmp && e == "array had incorrect length, expected 1") =>
        {
            Some(Known::Bug(
                "an adjacently tagged unit variant's content left unread",
            ))
        }
        _ => None,
    }
}

/// An `X` that can only be read from `'static` input, read by any deserializer through
/// [`Static`]: a `DeserializeOwned` type for a format whose API demands one. The deserializer
/// must not lend (its borrowed strings would be read as transient ones): ciborium does not.
struct Unlent<X>(X);

impl<'de, X: de::Deserialize<'static>> de::Deserialize<'de> for Unlent<X> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        X::deserialize(Static(deserializer, PhantomData)).map(Unlent)
    }
}

/// A deserializer (or one of its accesses) of input `'de` as one of `'static` input: every call
/// forwarded, with its visitor or seed wrapped in [`Lend`].
struct Static<'de, D>(D, PhantomData<&'de ()>);

/// A visitor or seed of `'static` input as one of input `'de`: every call forwarded, with the
/// deserializer or access it is given wrapped in [`Static`].
struct Lend<V>(V);

macro_rules! static_deserialize {
    ($($method:ident($($arg:ident: $ty:ty),*))*) => {
        $(
            fn $method<V: Visitor<'static>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, D::Error> {
                self.0.$method($($arg,)* Lend(visitor))
            }
        )*
    };
}

impl<'de, D: de::Deserializer<'de>> de::Deserializer<'static> for Static<'de, D> {
    type Error = D::Error;

    static_deserialize! {
        deserialize_any() deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16() deserialize_u32()
        deserialize_u64() deserialize_u128() deserialize_f32() deserialize_f64()
        deserialize_char() deserialize_str() deserialize_string() deserialize_bytes()
        deserialize_byte_buf() deserialize_option() deserialize_unit()
        deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str) deserialize_seq()
        deserialize_tuple(len: usize) deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_map()
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
        deserialize_identifier() deserialize_ignored_any()
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! lend_visit {
    ($($method:ident($ty:ty))*) => {
        $(
            fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
                self.0.$method(v)
            }
        )*
    };
}

impl<'de, V: Visitor<'static>> Visitor<'de> for Lend<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    lend_visit! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
        visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
        visit_u128(u128) visit_f32(f32) visit_f64(f64) visit_char(char) visit_str(&str)
        visit_string(String) visit_bytes(&[u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_none()
    }
    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_unit()
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(Static(d, PhantomData))
    }
    fn visit_newtype_struct<D: de::Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(Static(d, PhantomData))
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(Static(seq, PhantomData))
    }
    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(Static(map, PhantomData))
    }
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(Static(data, PhantomData))
    }
}

impl<'de, S: de::DeserializeSeed<'static>> de::DeserializeSeed<'de> for Lend<S> {
    type Value = S::Value;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Static(d, PhantomData))
    }
}

impl<'de, A: de::SeqAccess<'de>> de::SeqAccess<'static> for Static<'de, A> {
    type Error = A::Error;
    fn next_element_seed<S: de::DeserializeSeed<'static>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        self.0.next_element_seed(Lend(seed))
    }
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: de::MapAccess<'de>> de::MapAccess<'static> for Static<'de, A> {
    type Error = A::Error;
    fn next_key_seed<K: de::DeserializeSeed<'static>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Lend(seed))
    }
    fn next_value_seed<S: de::DeserializeSeed<'static>>(
        &mut self,
        seed: S,
    ) -> Result<S::Value, A::Error> {
        self.0.next_value_seed(Lend(seed))
    }
    fn next_entry_seed<K, S>(
        &mut self,
        key: K,
        value: S,
    ) -> Result<Option<(K::Value, S::Value)>, A::Error>
    where
        K: de::DeserializeSeed<'static>,
        S: de::DeserializeSeed<'static>,
    {
        self.0.next_entry_seed(Lend(key), Lend(value))
    }
    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: de::EnumAccess<'de>> de::EnumAccess<'static> for Static<'de, A> {
    type Error = A::Error;
    type Variant = Static<'de, A::Variant>;
    fn variant_seed<S: de::DeserializeSeed<'static>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let (value, variant) = self.0.variant_seed(Lend(seed))?;
        Ok((value, Static(variant, PhantomData)))
    }
}

impl<'de, A: de::VariantAccess<'de>> de::VariantAccess<'static> for Static<'de, A> {
    type Error = A::Error;
    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }
    fn newtype_variant_seed<S: de::DeserializeSeed<'static>>(
        self,
        seed: S,
    ) -> Result<S::Value, A::Error> {
        self.0.newtype_variant_seed(Lend(seed))
    }
    fn tuple_variant<V: Visitor<'static>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Lend(visitor))
    }
    fn struct_variant<V: Visitor<'static>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Lend(visitor))
    }
}

// ------------------------------------------------------------------------------------------
// Declaring twins and checking them.

/// Declares the items inside twice, in `mod $name { pub mod ours; pub mod twin; }`: `ours`
/// derives FastFlatten, `twin` serde's `Serialize, Deserialize`; both derive `Debug`. Types
/// shared by both (tuple structs, which FastFlatten does not derive) live beside the `twins!`
/// and are reached through `use super::super::*`. Items and fields must be `pub`.
macro_rules! twins {
    // `strict mod m { .. }`: `ours` also says `#[fast_flatten(strict)]`, for the tests that pin
    // where FastFlatten's strict reading differs from serde's.
    ($(#[$meta:meta])* strict mod $name:ident { $($item:item)* }) => {
        $(#[$meta])*
        #[allow(dead_code, clippy::enum_variant_names, clippy::large_enum_variant)]
        pub mod $name {
            pub mod ours {
                #[allow(unused_imports)]
                use super::super::*;
                $( #[derive(serde_fastkit::FastFlatten, Debug)] #[fast_flatten(strict)] $item )*
            }
            pub mod twin {
                #[allow(unused_imports)]
                use super::super::*;
                $( #[derive(serde::Serialize, serde::Deserialize, Debug)] $item )*
            }
        }
    };
    ($(#[$meta:meta])* mod $name:ident { $($item:item)* }) => {
        $(#[$meta])*
        #[allow(dead_code, clippy::enum_variant_names, clippy::large_enum_variant)]
        pub mod $name {
            pub mod ours {
                #[allow(unused_imports)]
                use super::super::*;
                $( #[derive(serde_fastkit::FastFlatten, Debug)] $item )*
            }
            pub mod twin {
                #[allow(unused_imports)]
                use super::super::*;
                $( #[derive(serde::Serialize, serde::Deserialize, Debug)] $item )*
            }
        }
    };
}

/// `$value` built in `$m::ours` and in `$m::twin`, as `(ours, twin)`; `both!(m::T<..>, value)`
/// gives the value that type (for generic types). The other output macros take either form.
macro_rules! both {
    ($m:ident, $value:expr) => {
        (
            {
                #[allow(unused_imports)]
                use $m::ours::*;
                $value
            },
            {
                #[allow(unused_imports)]
                use $m::twin::*;
                $value
            },
        )
    };
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $value:expr) => {
        (
            {
                #[allow(unused_imports)]
                use $m::ours::*;
                let value: $t $(<$($g),+>)? = $value;
                value
            },
            {
                #[allow(unused_imports)]
                use $m::twin::*;
                let value: $t $(<$($g),+>)? = $value;
                value
            },
        )
    };
}

/// `ser!(m, value)`: asserts identical output (JSON, YAML, serializer calls) and returns the
/// JSON; `ser!(m, value => "json")` also asserts the JSON.
macro_rules! ser {
    ($m:ident $(:: $t:ident $(<$($g:ty),+>)?)?, $value:expr) => {{
        let (ours, twin) = both!($m $(:: $t $(<$($g),+>)?)?, $value);
        $crate::support::same_output(&ours, &twin)
    }};
    ($m:ident $(:: $t:ident $(<$($g:ty),+>)?)?, $value:expr => $json:expr) => {{
        let json = ser!($m $(:: $t $(<$($g),+>)?)?, $value);
        assert_eq!(json.as_deref(), Ok($json), "output of {}", stringify!($value));
    }};
}

/// `ser_text!(m, value => "json")`: identical JSON and YAML, for the values whose serializer
/// calls differ by design (the caller pins them).
macro_rules! ser_text {
    ($m:ident $(:: $t:ident $(<$($g:ty),+>)?)?, $value:expr => $json:expr) => {{
        let (ours, twin) = both!($m $(:: $t $(<$($g),+>)?)?, $value);
        let json = $crate::support::same_text(&ours, &twin);
        assert_eq!(json.as_deref(), Ok($json), "output of {}", stringify!($value));
    }};
}

/// `ser_err!(m, value => "message")`: both fail to serialize with this message.
macro_rules! ser_err {
    ($m:ident $(:: $t:ident $(<$($g:ty),+>)?)?, $value:expr => $msg:expr) => {{
        let json = ser!($m $(:: $t $(<$($g),+>)?)?, $value);
        assert_eq!(json, Err($msg.to_owned()), "serializing {}", stringify!($value));
    }};
}

/// `de!(m::T, json)`: both read `json` alike, on serde_json and then, transcoded, on the other
/// self-describing formats ([`same_everywhere`]); returns serde_json's [`Outcome`].
/// `de!(m::T, json => value)`: and both read `value`.
macro_rules! de {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $json:expr) => {{
        let json: &str = $json;
        let outcome = $crate::support::same(
            &json,
            {
                #[allow(unused_imports)]
                use $m::ours::*;
                serde_json::from_str::<$t $(<$($g),+>)?>(json)
            },
            {
                #[allow(unused_imports)]
                use $m::twin::*;
                serde_json::from_str::<$t $(<$($g),+>)?>(json)
            },
        );
        $crate::support::same_everywhere(
            json,
            {
                #[allow(unused_imports)]
                use $m::ours::*;
                std::marker::PhantomData::<$t $(<$($g),+>)?>
            },
            {
                #[allow(unused_imports)]
                use $m::twin::*;
                std::marker::PhantomData::<$t $(<$($g),+>)?>
            },
        );
        outcome
    }};
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $json:expr => $value:expr) => {{
        let json: &str = $json;
        let outcome = de!($m::$t $(<$($g),+>)?, json);
        let (expected, _) = both!($m::$t $(<$($g),+>)?, $value);
        $crate::support::expect_value(&json, outcome, &expected);
    }};
}

/// `de_err!(m::T, json => "message")`: both reject `json` with this message (position
/// stripped).
macro_rules! de_err {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $json:expr => $msg:expr) => {{
        let json: &str = $json;
        let outcome = de!($m::$t $(<$($g),+>)?, json);
        $crate::support::expect_error(&json, outcome, $msg);
    }};
}

/// `rt!(m::T, value => "json")`: `ser!` then `de!` of that JSON back to `value`.
macro_rules! rt {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $value:expr => $json:expr) => {{
        ser!($m::$t $(<$($g),+>)?, $value => $json);
        de!($m::$t $(<$($g),+>)?, $json => $value);
    }};
}

/// `rt_text!(m::T, value => "json")`: `ser_text!` then `de!` of that JSON back to `value`.
macro_rules! rt_text {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $value:expr => $json:expr) => {{
        ser_text!($m::$t $(<$($g),+>)?, $value => $json);
        de!($m::$t $(<$($g),+>)?, $json => $value);
    }};
}

/// `de_val!(m::T, val)`: both read the [`Val`] alike; `=> value` / `=> Err("message")` as in
/// [`de!`] / [`de_err!`].
macro_rules! de_val {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $val:expr) => {{
        let val = $val;
        $crate::support::same(
            &val,
            {
                #[allow(unused_imports)]
                use $m::ours::*;
                <$t $(<$($g),+>)? as serde::Deserialize>::deserialize(val.clone())
            },
            {
                #[allow(unused_imports)]
                use $m::twin::*;
                <$t $(<$($g),+>)? as serde::Deserialize>::deserialize(val.clone())
            },
        )
    }};
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $val:expr => Err($msg:expr)) => {{
        let val = $val;
        let outcome = de_val!($m::$t $(<$($g),+>)?, val.clone());
        $crate::support::expect_error(&val, outcome, $msg);
    }};
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $val:expr => $value:expr) => {{
        let val = $val;
        let outcome = de_val!($m::$t $(<$($g),+>)?, val.clone());
        let (expected, _) = both!($m::$t $(<$($g),+>)?, $value);
        $crate::support::expect_value(&val, outcome, &expected);
    }};
}

/// `de_fmt!(F, m::T, bytes)`: both read `bytes` of format `F` (a `formats` adapter) alike;
/// `=> value` as in [`de!`].
macro_rules! de_fmt {
    ($f:ty, $m:ident :: $t:ident $(<$($g:ty),+>)?, $bytes:expr) => {{
        let bytes: &[u8] = $bytes;
        $crate::support::same(
            &bytes,
            {
                #[allow(unused_imports)]
                use $m::ours::*;
                <$f as $crate::common::formats::Format>::decode::<$t $(<$($g),+>)?>(bytes)
            },
            {
                #[allow(unused_imports)]
                use $m::twin::*;
                <$f as $crate::common::formats::Format>::decode::<$t $(<$($g),+>)?>(bytes)
            },
        )
    }};
    ($f:ty, $m:ident :: $t:ident $(<$($g:ty),+>)?, $bytes:expr => $value:expr) => {{
        let bytes: &[u8] = $bytes;
        let outcome = de_fmt!($f, $m::$t $(<$($g),+>)?, bytes);
        let (expected, _) = both!($m::$t $(<$($g),+>)?, $value);
        $crate::support::expect_value(&bytes, outcome, &expected);
    }};
}

/// `ours!(m::T, json)`: FastFlatten's [`Outcome`] alone, for the pinned intended differences.
macro_rules! ours {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $json:expr) => {
        $crate::support::outcome({
            #[allow(unused_imports)]
            use $m::ours::*;
            serde_json::from_str::<$t $(<$($g),+>)?>($json)
        })
    };
}

/// `theirs!(m::T, json)`: serde's [`Outcome`] alone.
macro_rules! theirs {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $json:expr) => {
        $crate::support::outcome({
            #[allow(unused_imports)]
            use $m::twin::*;
            serde_json::from_str::<$t $(<$($g),+>)?>($json)
        })
    };
}

/// `roundtrip!(m::T, value, needs, bytes)`: the value on every format
/// ([`roundtrip_everywhere`]); `needs` and `bytes` default to `Needs::Nothing`, `Bytes::Same`.
macro_rules! roundtrip {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $value:expr) => {
        roundtrip!($m::$t $(<$($g),+>)?, $value, $crate::support::Needs::Nothing, $crate::support::Bytes::Same)
    };
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $value:expr, $needs:expr, $bytes:expr) => {{
        let (ours, twin) = both!($m::$t $(<$($g),+>)?, $value);
        $crate::support::roundtrip_everywhere(&ours, &twin, $needs, $bytes);
    }};
}

// ------------------------------------------------------------------------------------------
// Every format.

/// Whether the twins write the same bytes on every format where serde's derive roundtrips.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bytes {
    /// Byte-identical.
    Same,
    /// Not compared: the value holds a flattened field, which serde writes as a map of unknown
    /// length and FastFlatten as a struct of exact length (identical JSON and YAML; CBOR and
    /// MessagePack differ in the length prefix).
    Own,
}

/// What a value needs from a format to read back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Needs {
    /// Nothing: ours roundtrips on every format.
    Nothing,
    /// A self-describing format (the value is read with `deserialize_any` or as a map whose
    /// keys are not known in advance): on the others ours, like serde, mostly fails to read it
    /// back.
    SelfDescribing,
    /// A self-describing format, and the others are not checked: the caller pins them.
    OnlySelfDescribing,
}

/// How `value` fares on format `F`: roundtrips (`Ok`, with the bytes), or the error of the
/// step that failed. bitcode's serde layer panics where others return errors ("sequence must
/// have len" for a map of unknown length, "type changed" for a sequence mixing variants of
/// different shapes): a panic is that step's error.
pub fn roundtrip_on<F: Format, V: Serialize + DeserializeOwned + Debug>(
    value: &V,
) -> Result<Vec<u8>, String> {
    let encoded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| F::encode(value)));
    let bytes = encoded
        .unwrap_or_else(|panic| Err(panic_message(&*panic)))
        .map_err(|e| format!("serialize: {e}"))?;
    let back: V = F::decode(&bytes).map_err(|e| format!("deserialize: {e}"))?;
    let (expected, actual) = (format!("{value:?}"), format!("{back:?}"));
    if expected == actual {
        Ok(bytes)
    } else {
        Err(format!("read back {actual}"))
    }
}

/// The text of a caught panic.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str));
    format!("panicked: {}", text.unwrap_or("?"))
}

/// FastFlatten's `ours` on every format: it roundtrips wherever `needs` allows, and elsewhere
/// succeeds or fails as serde's derive does. Where serde's `twin` also roundtrips, both wrote the same
/// bytes. On non-self-describing formats serde's derive cannot read internally or adjacently
/// tagged enums back at all; that is not asserted here (tests say so where it matters).
#[track_caller]
pub fn roundtrip_everywhere<O, T>(ours: &O, twin: &T, needs: Needs, bytes: Bytes)
where
    O: Serialize + DeserializeOwned + Debug,
    T: Serialize + DeserializeOwned + Debug,
{
    struct Everywhere<'a, O, T> {
        ours: &'a O,
        twin: &'a T,
        needs: Needs,
        bytes: Bytes,
    }

    impl<O, T> FormatVisitor for Everywhere<'_, O, T>
    where
        O: Serialize + DeserializeOwned + Debug,
        T: Serialize + DeserializeOwned + Debug,
    {
        fn visit<F: Format>(&mut self) {
            let ours = roundtrip_on::<F, O>(self.ours);
            let twin = roundtrip_on::<F, T>(self.twin);
            if self.needs == Needs::OnlySelfDescribing && !F::SELF_DESCRIBING {
                // pinned by the caller
            } else if !F::KEYS_ARE_NAMES && ours.is_err() {
                // serde_cbor's packed format keys fields by their index: the tag of an
                // internally tagged enum and the keys of a flattened enum cannot be told there
                // (README, known limits); serde's derive cannot either.
            } else if ours.is_err() && ours == twin {
                // A limit of the format, met by serde's derive alike (serde_yaml: "serializing
                // nested enums in YAML is not supported yet").
            } else if self.needs == Needs::SelfDescribing && !F::SELF_DESCRIBING {
                // Fails as serde's derive does (rmp-serde's array mode still reads values that
                // hold no struct: MessagePack describes everything else).
                assert_eq!(
                    ours.is_ok(),
                    twin.is_ok(),
                    "{}: FastFlatten {ours:?}, serde {twin:?}",
                    F::NAME
                );
            } else {
                let ours = ours.unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
                if let (Ok(twin), Bytes::Same) = (twin, self.bytes) {
                    assert_eq!(
                        ours,
                        twin,
                        "{}: FastFlatten (left) and serde (right) wrote different bytes",
                        F::NAME
                    );
                }
            }
        }
    }

    visit_formats(&mut Everywhere {
        ours,
        twin,
        needs,
        bytes,
    });
}

/// Which formats serde's derive roundtrips `value` on, by name (to pin where ours does better).
pub fn formats_where<V: Serialize + DeserializeOwned + Debug>(value: &V) -> Vec<&'static str> {
    struct Where<'a, V> {
        value: &'a V,
        names: Vec<&'static str>,
    }

    impl<V: Serialize + DeserializeOwned + Debug> FormatVisitor for Where<'_, V> {
        fn visit<F: Format>(&mut self) {
            if roundtrip_on::<F, V>(self.value).is_ok() {
                self.names.push(F::NAME);
            }
        }
    }

    let mut visitor = Where {
        value,
        names: Vec::new(),
    };
    visit_formats(&mut visitor);
    visitor.names
}

// ------------------------------------------------------------------------------------------
// Recording serializer.

/// A `Serializer` that records its calls, one string per call, as serde_test's tokens do
/// (`Struct { name: "E", len: 2 }`, `Field("a")`, `U8(1)`, `StructEnd`, ...).
#[derive(Default)]
pub struct Recorder {
    calls: Vec<String>,
}

impl Recorder {
    /// The calls `value` makes, or the error it ends with.
    pub fn record<V: Serialize + ?Sized>(value: &V) -> Result<Vec<String>, String> {
        let mut recorder = Recorder::default();
        value
            .serialize(&mut recorder)
            .map_err(|e: RecordError| e.0)?;
        Ok(recorder.calls)
    }

    fn push(&mut self, call: impl Into<String>) -> Result<(), RecordError> {
        self.calls.push(call.into());
        Ok(())
    }
}

/// The error of a [`Recorder`]: the text given to `custom`.
#[derive(Debug)]
pub struct RecordError(String);

impl Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

impl ser::Error for RecordError {
    fn custom<T: Display>(msg: T) -> Self {
        RecordError(msg.to_string())
    }
}

macro_rules! record_scalars {
    ($($method:ident($ty:ty) $token:literal)*) => {
        $(
            fn $method(self, v: $ty) -> Result<(), RecordError> {
                self.push(format!(concat!($token, "({:?})"), v))
            }
        )*
    };
}

impl ser::Serializer for &mut Recorder {
    type Ok = ();
    type Error = RecordError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    record_scalars! {
        serialize_bool(bool) "Bool"
        serialize_i8(i8) "I8" serialize_i16(i16) "I16" serialize_i32(i32) "I32" serialize_i64(i64) "I64"
        serialize_i128(i128) "I128"
        serialize_u8(u8) "U8" serialize_u16(u16) "U16" serialize_u32(u32) "U32" serialize_u64(u64) "U64"
        serialize_u128(u128) "U128"
        serialize_f32(f32) "F32" serialize_f64(f64) "F64" serialize_char(char) "Char"
        serialize_str(&str) "Str" serialize_bytes(&[u8]) "Bytes"
    }

    fn serialize_none(self) -> Result<(), RecordError> {
        self.push("None")
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), RecordError> {
        self.push("Some")?;
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), RecordError> {
        self.push("Unit")
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<(), RecordError> {
        self.push(format!("UnitStruct {{ name: {name:?} }}"))
    }
    fn serialize_unit_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
    ) -> Result<(), RecordError> {
        self.push(format!(
            "UnitVariant {{ name: {name:?}, index: {index}, variant: {variant:?} }}"
        ))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), RecordError> {
        self.push(format!("NewtypeStruct {{ name: {name:?} }}"))?;
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), RecordError> {
        self.push(format!(
            "NewtypeVariant {{ name: {name:?}, index: {index}, variant: {variant:?} }}"
        ))?;
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, RecordError> {
        self.push(format!("Seq {{ len: {len:?} }}"))?;
        Ok(self)
    }
    fn serialize_tuple(self, len: usize) -> Result<Self, RecordError> {
        self.push(format!("Tuple {{ len: {len} }}"))?;
        Ok(self)
    }
    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<Self, RecordError> {
        self.push(format!("TupleStruct {{ name: {name:?}, len: {len} }}"))?;
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self, RecordError> {
        self.push(format!(
            "TupleVariant {{ name: {name:?}, index: {index}, variant: {variant:?}, len: {len} }}"
        ))?;
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, RecordError> {
        self.push(format!("Map {{ len: {len:?} }}"))?;
        Ok(self)
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Self, RecordError> {
        self.push(format!("Struct {{ name: {name:?}, len: {len} }}"))?;
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self, RecordError> {
        self.push(format!(
            "StructVariant {{ name: {name:?}, index: {index}, variant: {variant:?}, len: {len} }}"
        ))?;
        Ok(self)
    }
}

macro_rules! record_compound {
    ($($trait:ident { $($element:ident)* } $end:literal)*) => {
        $(
            impl ser::$trait for &mut Recorder {
                type Ok = ();
                type Error = RecordError;
                $(
                    fn $element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), RecordError> {
                        value.serialize(&mut **self)
                    }
                )*
                fn end(self) -> Result<(), RecordError> {
                    self.push($end)
                }
            }
        )*
    };
}

record_compound! {
    SerializeSeq { serialize_element } "SeqEnd"
    SerializeTuple { serialize_element } "TupleEnd"
    SerializeTupleStruct { serialize_field } "TupleStructEnd"
    SerializeTupleVariant { serialize_field } "TupleVariantEnd"
    SerializeMap { serialize_key serialize_value } "MapEnd"
}

impl ser::SerializeStruct for &mut Recorder {
    type Ok = ();
    type Error = RecordError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), RecordError> {
        self.push(format!("Field({key:?})"))?;
        value.serialize(&mut **self)
    }
    fn skip_field(&mut self, key: &'static str) -> Result<(), RecordError> {
        self.push(format!("SkipField({key:?})"))
    }
    fn end(self) -> Result<(), RecordError> {
        self.push("StructEnd")
    }
}

impl ser::SerializeStructVariant for &mut Recorder {
    type Ok = ();
    type Error = RecordError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), RecordError> {
        self.push(format!("Field({key:?})"))?;
        value.serialize(&mut **self)
    }
    fn skip_field(&mut self, key: &'static str) -> Result<(), RecordError> {
        self.push(format!("SkipField({key:?})"))
    }
    fn end(self) -> Result<(), RecordError> {
        self.push("StructVariantEnd")
    }
}

// ------------------------------------------------------------------------------------------
// Token-like input.

/// A value tree read through `deserialize_any` (as serde_test's `Deserializer` reads tokens),
/// for inputs JSON cannot spell: integer and byte-string keys, variant indexes, bytes.
#[derive(Clone, Debug)]
pub enum Val {
    Unit,
    None,
    NewtypeStruct(Box<Val>),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    I32(i32),
    Str(&'static str),
    Bytes(&'static [u8]),
    Seq(Vec<Val>),
    Map(Vec<(Val, Val)>),
    /// Read through `deserialize_any` even where an enum is expected (as serde_test reads a
    /// bare `Token::Str` or `Token::Unit`): the enum's own visitor sees it.
    Plain(Box<Val>),
}

impl<'de> IntoDeserializer<'de, de::value::Error> for Val {
    type Deserializer = Val;
    fn into_deserializer(self) -> Val {
        self
    }
}

impl<'de> de::Deserializer<'de> for Val {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Val::Unit => visitor.visit_unit(),
            Val::None => visitor.visit_none(),
            Val::NewtypeStruct(inner) => visitor.visit_newtype_struct(*inner),
            Val::U8(v) => visitor.visit_u8(v),
            Val::U16(v) => visitor.visit_u16(v),
            Val::U32(v) => visitor.visit_u32(v),
            Val::U64(v) => visitor.visit_u64(v),
            Val::I32(v) => visitor.visit_i32(v),
            Val::Str(v) => visitor.visit_borrowed_str(v),
            Val::Bytes(v) => visitor.visit_borrowed_bytes(v),
            Val::Seq(elements) => {
                let mut seq = SeqDeserializer::new(elements.into_iter());
                let value = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(value)
            }
            Val::Map(entries) => {
                let mut map = MapDeserializer::new(entries.into_iter());
                let value = visitor.visit_map(&mut map)?;
                map.end()?;
                Ok(value)
            }
            Val::Plain(inner) => inner.deserialize_any(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Val::Unit | Val::None => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    /// A string (unit variant), an integer (variant index, unit variant) or a one-entry map
    /// (`{variant: content}`), as serde_test's `Token::UnitVariant` / `Token::NewtypeVariant`
    /// and friends read.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self {
            Val::Map(mut entries) if entries.len() == 1 => {
                let (variant, content) = entries.pop().unwrap();
                visitor.visit_enum(ValEnum(variant, content))
            }
            Val::Plain(inner) => inner.deserialize_any(visitor),
            other => visitor.visit_enum(ValEnum(other, Val::Unit)),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

/// An enum read from a [`Val`]: the variant identifier, then its content.
struct ValEnum(Val, Val);

impl<'de> de::EnumAccess<'de> for ValEnum {
    type Error = de::value::Error;
    type Variant = Val;
    fn variant_seed<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Val), Self::Error> {
        Ok((seed.deserialize(self.0)?, self.1))
    }
}

impl<'de> de::VariantAccess<'de> for Val {
    type Error = de::value::Error;
    fn unit_variant(self) -> Result<(), Self::Error> {
        de::Deserialize::deserialize(self)
    }
    fn newtype_variant_seed<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<S::Value, Self::Error> {
        seed.deserialize(self)
    }
    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        de::Deserializer::deserialize_any(self, visitor)
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        de::Deserializer::deserialize_any(self, visitor)
    }
}

/// `Val::Plain` of `val`.
pub fn plain(val: Val) -> Val {
    Val::Plain(Box::new(val))
}

/// `Val::Map` of string keys.
pub fn map<const N: usize>(entries: [(&'static str, Val); N]) -> Val {
    Val::Map(
        entries
            .into_iter()
            .map(|(key, value)| (Val::Str(key), value))
            .collect(),
    )
}

/// serde's test helper `bytes` (`test_suite/tests/bytes`): a `Vec<u8>` read from bytes, a
/// string or a sequence (`#[serde(with = "bytes")]`), written as bytes.
pub mod bytes {
    use std::fmt;

    use serde::de::{Deserializer, Error, SeqAccess, Visitor};
    use serde::Serializer;

    pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        deserializer.deserialize_byte_buf(ByteBufVisitor)
    }

    struct ByteBufVisitor;

    impl<'de> Visitor<'de> for ByteBufVisitor {
        type Value = Vec<u8>;

        fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
            formatter.write_str("byte array")
        }

        fn visit_seq<V: SeqAccess<'de>>(self, mut visitor: V) -> Result<Vec<u8>, V::Error> {
            let mut values = Vec::new();
            while let Some(value) = visitor.next_element()? {
                values.push(value);
            }
            Ok(values)
        }

        fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<Vec<u8>, E> {
            Ok(v.as_bytes().to_vec())
        }
    }
}

/// Every order of `entries` (key, JSON value), as JSON objects: for the flattened enums, whose
/// tag, content and fields may come in any order among the outer struct's fields.
pub fn orders(entries: &[(&str, &str)]) -> Vec<String> {
    fn permute(
        rest: &mut Vec<(String, String)>,
        done: &mut Vec<(String, String)>,
        out: &mut Vec<String>,
    ) {
        if rest.is_empty() {
            let body: Vec<String> = done.iter().map(|(k, v)| format!("{k:?}:{v}")).collect();
            out.push(format!("{{{}}}", body.join(",")));
            return;
        }
        for i in 0..rest.len() {
            let entry = rest.remove(i);
            done.push(entry);
            permute(rest, done, out);
            let entry = done.pop().unwrap();
            rest.insert(i, entry);
        }
    }
    let mut rest = entries
        .iter()
        .map(|&(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    let mut out = Vec::new();
    permute(&mut rest, &mut Vec::new(), &mut out);
    out
}
