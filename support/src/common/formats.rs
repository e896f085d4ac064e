//! The format table: every serde format configuration the project tests or measures, declared
//! once, with what it can do. The roundtrip, property and bad-input tests, the benches, the tour
//! and the report all iterate this table, and their skip rules read the properties declared
//! here, so that what is measured runs in the configuration that is tested.
//!
//! **Adding a configuration** is one line in [`for_each_format!`] plus its adapter below (a unit
//! struct implementing [`Format`]: its calls and its properties). Nothing else: every consumer
//! picks it up.
//!
//! Every adapter writes into a caller's `Vec<u8>` where its format can ([`Format::encode_into`],
//! [`Format::encode_reusing`]) and reads the whole of its input ([`Format::decode`], and
//! [`Format::decode_borrowed`] where the format can lend from its input).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Calls `$callback!(Family id: Adapter, Tier);` once per format configuration, in the table's
/// order; `for_each_format!(Family: callback)` does so for one family only.
///
/// - `Family` is a [`Family`] variant: which file of `tests/roundtrip/` tests the configuration
///   (each file stamps out its own family) and what the bad-input tests know of its bytes.
/// - `id` names the configuration's modules: its test modules and its benchmark ids
///   (`cargo bench --bench flatten -- anchor::serde_json`).
/// - `Adapter` is the [`Format`] below.
/// - `Tier` is a [`Tier`] variant: how far the configuration is measured.
///
/// The family and the tier are here rather than in the adapter because consumers need them while
/// expanding: each roundtrip file stamps only its family, and the benches generate no code for
/// configurations they do not measure. An adapter gets them as [`Listed`] constants; one missing
/// from this table does not implement [`Format`].
#[macro_export]
macro_rules! for_each_format {
    ($callback:ident) => {
        $crate::common::formats::for_each_format!(Json: $callback);
        $crate::common::formats::for_each_format!(Yaml: $callback);
        $crate::common::formats::for_each_format!(Cbor: $callback);
        $crate::common::formats::for_each_format!(Bincode: $callback);
        $crate::common::formats::for_each_format!(Bitcode: $callback);
        $crate::common::formats::for_each_format!(Postcard: $callback);
        $crate::common::formats::for_each_format!(MessagePack: $callback);
    };
    (Json: $callback:ident) => {
        $callback!(Json serde_json: Json, Primary);
        $callback!(Json serde_json_from_str: JsonStr, Secondary);
        $callback!(Json serde_json_pretty: JsonPretty, Tested);
    };
    (Yaml: $callback:ident) => {
        $callback!(Yaml serde_yaml: SerdeYaml, Primary);
        $callback!(Yaml serde_norway: Norway, Tested);
        $callback!(Yaml serde_yaml_ng: SerdeYamlNg, Primary);
    };
    (Cbor: $callback:ident) => {
        $callback!(Cbor ciborium: Ciborium, Primary);
        $callback!(Cbor serde_cbor: SerdeCbor, Secondary);
        $callback!(Cbor serde_cbor_packed: SerdeCborPacked, Tested);
    };
    (Bincode: $callback:ident) => {
        $callback!(Bincode bincode1: Bincode1, Tested);
        $callback!(Bincode bincode1_varint: Bincode1Varint, Tested);
        $callback!(Bincode bincode2: Bincode2, Primary);
    };
    (Bitcode: $callback:ident) => {
        $callback!(Bitcode bitcode: Bitcode, Primary);
    };
    (Postcard: $callback:ident) => {
        $callback!(Postcard postcard: Postcard, Primary);
    };
    (MessagePack: $callback:ident) => {
        $callback!(MessagePack rmp_serde: MsgPackMap, Primary);
        $callback!(MessagePack rmp_serde_array: MsgPackArray, Tested);
    };
}
pub use crate::for_each_format;

/// Configurations of one encoding, tested together (one file of `tests/roundtrip/` each) and
/// sharing the byte-level knowledge of the bad-input tests (tokens, nesting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Json,
    Yaml,
    Cbor,
    Bincode,
    Bitcode,
    Postcard,
    MessagePack,
}

impl Family {
    /// Whether the encoding is text (JSON, YAML): mutated as text by the bad-input tests.
    pub fn is_text(self) -> bool {
        matches!(self, Family::Json | Family::Yaml)
    }
}

/// How far a configuration is measured (every configuration is tested).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// Measured by the benches, the report and the tour.
    Primary,
    /// A second configuration of a measured format (serde_json's `from_str`, serde_cbor beside
    /// ciborium): measured by the flatten bench only, on the workloads it runs on every
    /// configuration (the anchor shape).
    Secondary,
    /// Tested only.
    Tested,
}

/// What the table says of an adapter (implemented from its line by [`for_each_format!`]).
pub trait Listed {
    /// Its family.
    const FAMILY: Family;
    /// How far it is measured.
    const TIER: Tier;
    /// The name of its modules and benchmark ids.
    const ID: &'static str;
}

macro_rules! listed {
    ($family:ident $id:ident: $format:ident, $tier:ident) => {
        impl Listed for $format {
            const FAMILY: Family = Family::$family;
            const TIER: Tier = Tier::$tier;
            const ID: &'static str = stringify!($id);
        }
    };
}
for_each_format!(listed);

/// A serde data format in one configuration: its calls and its properties.
pub trait Format: Listed {
    /// The configuration's name in messages and test output.
    const NAME: &'static str;

    /// Its name in the report's and the tour's tables, where only one configuration of the
    /// format appears.
    const LABEL: &'static str = Self::NAME;

    /// The calls it makes, deserializing / serializing (the report's legend).
    const CALLS: &'static str;

    /// Whether the format's errors carry the message given to `Error::custom` (postcard
    /// replaces it with a fixed text; bitcode does in optimized builds).
    const KEEPS_MESSAGES: bool = true;

    /// Whether structs are written with their field names (or indexes) and read in any order,
    /// absent fields skipped. Length-prefixed formats read structs as sequences of all their
    /// fields instead, where `skip_serializing_if` cannot work (for serde's derive either), a
    /// flattened `None` does not read back, and serde's flatten cannot write at all
    /// (`serialize_map(None)`).
    const SELF_DESCRIBING: bool = true;

    /// Whether struct fields are keyed by name (serde_cbor's packed format keys them by index,
    /// which serde's flatten cannot read).
    const KEYS_ARE_NAMES: bool = true;

    /// Whether a map key read as a field name (`deserialize_identifier`, as serde's derive reads
    /// the keys of a struct) may be an integer: ciborium's reader takes only text or bytes
    /// there, so an integer-keyed catch-all map does not read back with serde's derive nor with
    /// FastFlatten.
    const INTEGER_NAMES: bool = true;

    /// Whether the format carries `u128`/`i128`.
    const WIDE_INTS: bool = true;

    /// Whether the deserializer lends `&str`s from its input ([`Format::decode_borrowed`]; not
    /// a format that reads through `std::io::Read`).
    const BORROWS: bool = true;

    /// Whether the bytes say what each value is (`deserialize_any` works, so nesting the type
    /// does not ask for can be written and skipped); not so for bincode, bitcode, postcard.
    const DESCRIBES_VALUES: bool = true;

    /// Whether every finite `f64` and both infinities read back exactly (serde_json writes
    /// infinities as `null`, and its default float parser can be one unit in the last place
    /// off: the exact one is its `float_roundtrip` feature, not enabled here).
    const EXACT_FLOATS: bool = true;

    /// Whether a map whose length is unknown up front (`serialize_map(None)`, how serde's
    /// flatten writes a struct) takes another form than a sized one (CBOR's indefinite-length
    /// maps), so that serde's flatten writes other bytes than FastFlatten (rmp-serde buffers
    /// such a map and writes it sized).
    const INDEFINITE_MAPS: bool = false;

    /// Whether the elements of one sequence may differ in shape (the variants of an internally
    /// tagged enum, with their different fields). bitcode's serde encoder learns the shape of
    /// the first element and panics "type changed" at an element of another: a limit of its
    /// writing side, which serde's derive meets alike (one such value at a time it writes).
    const MIXED_SHAPES: bool = true;

    /// Whether it writes bytes of its own: not so for a configuration that only reads
    /// differently from another one of the table (serde_json read with `from_str` writes what
    /// serde_json writes), whose serializing the benches then do not time a second time.
    const OWN_WRITER: bool = true;

    /// All of the above, as a value that rules can be written over.
    const PROPERTIES: Properties = Properties {
        name: Self::NAME,
        label: Self::LABEL,
        family: Self::FAMILY,
        tier: Self::TIER,
        keeps_messages: Self::KEEPS_MESSAGES,
        self_describing: Self::SELF_DESCRIBING,
        keys_are_names: Self::KEYS_ARE_NAMES,
        integer_names: Self::INTEGER_NAMES,
        wide_ints: Self::WIDE_INTS,
        borrows: Self::BORROWS,
        describes_values: Self::DESCRIBES_VALUES,
        exact_floats: Self::EXACT_FLOATS,
        indefinite_maps: Self::INDEFINITE_MAPS,
        mixed_shapes: Self::MIXED_SHAPES,
        own_writer: Self::OWN_WRITER,
    };

    /// What the deserializer reads: the bytes themselves (`[u8]`), or the text they hold
    /// (`str`, for serde_json's `from_str`), checked once by [`Format::input`] so that the
    /// benches time the decoding only.
    type Input: ?Sized + 'static;

    /// The encoded bytes as the deserializer's input.
    fn input(bytes: &[u8]) -> Result<&Self::Input, String>;

    /// Appends the encoding of `value` to `out` (tests pre-size `out` so that its growth does
    /// not count as an allocation of the code under test).
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String>;

    /// The encoding of `value` in a fresh buffer.
    #[inline]
    fn encode<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        Self::encode_into(value, &mut out)?;
        Ok(out)
    }

    /// Writes the encoding of `value` into `buf`, which the caller has cleared, reusing its
    /// capacity: what the benchmarks time. The same as [`Format::encode_into`], except for a
    /// format whose serde API only returns a new `Vec` (bitcode), which replaces `buf` (one
    /// allocation per call, and no copy).
    #[inline]
    fn encode_reusing<T: Serialize + ?Sized>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        debug_assert!(
            buf.is_empty(),
            "{}: encode_reusing into a full buffer",
            Self::NAME
        );
        Self::encode_into(value, buf)
    }

    /// Decodes a value that owns its data from the whole of `input`.
    fn decode_input<T: DeserializeOwned>(input: &Self::Input) -> Result<T, String>;

    /// Decodes a value that may borrow from `input`; `None` when the format cannot lend
    /// ([`Format::BORROWS`]).
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de Self::Input,
    ) -> Option<Result<T, String>>;

    /// Decodes a value that owns its data from the whole of `bytes`.
    #[inline]
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        Self::decode_input(Self::input(bytes)?)
    }

    /// Decodes a value that may borrow from `bytes`; `None` when the format cannot lend.
    #[inline]
    fn decode_borrowed<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Option<Result<T, String>> {
        match Self::input(bytes) {
            Ok(input) => Self::decode_borrowed_input(input),
            Err(e) => Self::BORROWS.then_some(Err(e)),
        }
    }

    /// [`Format::decode`] for bytes from an untrusted source: where a corrupted length prefix
    /// would make the format allocate what it says (bincode), with a limit of
    /// [`UNTRUSTED_LIMIT`] bytes. What the bad-input tests call.
    #[inline]
    fn decode_untrusted<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        Self::decode(bytes)
    }

    /// Whether reading `T` from `bytes` succeeds and leaves some of them unread: the format
    /// returns at the value's end without checking that the input ends there (ciborium's
    /// `from_reader`). `false` for formats that refuse trailing bytes or cannot tell.
    #[inline]
    fn reads_part<T: DeserializeOwned>(bytes: &[u8]) -> bool {
        let _ = bytes;
        false
    }

    /// [`Format::decode_borrowed`] for bytes from an untrusted source, as
    /// [`Format::decode_untrusted`].
    #[inline]
    fn decode_borrowed_untrusted<'de, T: Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Self::decode_borrowed(bytes)
    }
}

/// The byte limit of [`Format::decode_untrusted`], where the format takes one.
pub const UNTRUSTED_LIMIT: u64 = 1 << 20;

/// A format's table entry as a value: what rules over formats read.
#[derive(Clone, Copy, Debug)]
pub struct Properties {
    pub name: &'static str,
    pub label: &'static str,
    pub family: Family,
    pub tier: Tier,
    pub keeps_messages: bool,
    pub self_describing: bool,
    pub keys_are_names: bool,
    pub integer_names: bool,
    pub wide_ints: bool,
    pub borrows: bool,
    pub describes_values: bool,
    pub exact_floats: bool,
    pub indefinite_maps: bool,
    pub mixed_shapes: bool,
    pub own_writer: bool,
}

impl Properties {
    /// Whether FastFlatten must write byte for byte what serde's flatten writes: a format that
    /// keys fields by name (so serde's flatten can write there at all) and writes a map of
    /// unknown length like a sized one.
    pub const fn same_bytes_as_serde_flatten(&self) -> bool {
        self.self_describing && self.keys_are_names && !self.indefinite_maps
    }
}

/// What a workload or an implementation needs from a format to run on it: each `true` field is a
/// property the format must have. A value, so that rules over formats can be checked in `const`
/// context (the benches generate no code for combinations that cannot run).
#[derive(Clone, Copy, Debug)]
pub struct Needs {
    /// [`Format::SELF_DESCRIBING`].
    pub self_describing: bool,
    /// [`Format::KEYS_ARE_NAMES`].
    pub keys_are_names: bool,
    /// [`Format::WIDE_INTS`].
    pub wide_ints: bool,
    /// [`Format::BORROWS`].
    pub borrows: bool,
    /// [`Format::MIXED_SHAPES`].
    pub mixed_shapes: bool,
}

impl Needs {
    /// Runs on every format.
    pub const NOTHING: Needs = Needs {
        self_describing: false,
        keys_are_names: false,
        wide_ints: false,
        borrows: false,
        mixed_shapes: false,
    };

    /// Whether `format` has every property needed.
    pub const fn met_by(self, format: &Properties) -> bool {
        self.missing_in(format).is_none()
    }

    /// The first property needed that `format` lacks, said for a table cell.
    pub const fn missing_in(self, format: &Properties) -> Option<&'static str> {
        if self.self_describing && !format.self_describing {
            Some("not self-describing")
        } else if self.keys_are_names && !format.keys_are_names {
            Some("fields not keyed by name")
        } else if self.wide_ints && !format.wide_ints {
            Some("no 128-bit integers")
        } else if self.borrows && !format.borrows {
            Some("cannot lend")
        } else if self.mixed_shapes && !format.mixed_shapes {
            Some("a sequence's elements must share one shape")
        } else {
            None
        }
    }
}

/// Something done once per format of the table, with the format as a type.
pub trait FormatVisitor {
    fn visit<F: Format>(&mut self);
}

/// Calls `visitor.visit::<F>()` for every format of the table, in its order.
pub fn visit_formats(visitor: &mut impl FormatVisitor) {
    macro_rules! visit {
        ($family:ident $id:ident: $format:ident, $tier:ident) => {
            visitor.visit::<$format>();
        };
    }
    for_each_format!(visit);
}

/// Calls `visitor.visit::<F>()` for every [`Tier::Primary`] format, in the table's order. No code
/// is generated for the others.
pub fn visit_primary_formats(visitor: &mut impl FormatVisitor) {
    macro_rules! visit {
        ($family:ident $id:ident: $format:ident, Primary) => {
            visitor.visit::<$format>();
        };
        ($family:ident $id:ident: $format:ident, $tier:ident) => {};
    }
    for_each_format!(visit);
}

/// An error message.
fn message(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// A value read from `bytes`, and how many of them it read: an error unless it read them all.
#[inline]
fn whole<T, E: std::fmt::Display>(
    bytes: &[u8],
    decoded: Result<(T, usize), E>,
) -> Result<T, String> {
    match decoded {
        Ok((value, read)) if read == bytes.len() => Ok(value),
        Ok((_, read)) => Err(format!("{} trailing bytes", bytes.len() - read)),
        Err(e) => Err(message(e)),
    }
}

// ---------------------------------------------------------------------------------------------
// The adapters, family by family, in the table's order.

/// serde_json, compact: `to_writer` / `from_slice`.
pub struct Json;

impl Format for Json {
    const NAME: &'static str = "serde_json";
    const CALLS: &'static str = "`from_slice` / `to_writer`";
    const EXACT_FLOATS: bool = false;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_json::to_writer(out, value).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        serde_json::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_json::from_slice(input).map_err(message))
    }
}

/// serde_json read from text: `to_writer` / `from_str` on the bytes checked as UTF-8 once,
/// beforehand (serde_json's `str` reader skips the checks its slice reader makes).
pub struct JsonStr;

impl Format for JsonStr {
    const NAME: &'static str = "serde_json (from_str)";
    const CALLS: &'static str = "`from_str` on a `String` / `to_writer`";
    const EXACT_FLOATS: bool = false;
    const OWN_WRITER: bool = false;
    type Input = str;

    #[inline]
    fn input(bytes: &[u8]) -> Result<&str, String> {
        std::str::from_utf8(bytes).map_err(message)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_json::to_writer(out, value).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &str) -> Result<T, String> {
        serde_json::from_str(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de str,
    ) -> Option<Result<T, String>> {
        Some(serde_json::from_str(input).map_err(message))
    }
}

/// serde_json, pretty-printed (newlines and indentation between tokens): `to_writer_pretty` /
/// `from_slice`.
pub struct JsonPretty;

impl Format for JsonPretty {
    const NAME: &'static str = "serde_json (pretty)";
    const CALLS: &'static str = "`from_slice` / `to_writer_pretty`";
    const EXACT_FLOATS: bool = false;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_json::to_writer_pretty(out, value).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        serde_json::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_json::from_slice(input).map_err(message))
    }
}

/// serde_yaml 0.9 (deprecated, still widely run): `to_writer` / `from_slice`, which lends plain
/// scalars.
pub struct SerdeYaml;

impl Format for SerdeYaml {
    const NAME: &'static str = "serde_yaml";
    const CALLS: &'static str = "`from_slice` / `to_writer`";
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_yaml::to_writer(out, value).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        serde_yaml::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_yaml::from_slice(input).map_err(message))
    }
}

/// serde_norway, a maintained successor of serde_yaml: `to_writer` / `from_slice`.
pub struct Norway;

impl Format for Norway {
    const NAME: &'static str = "serde_norway";
    const CALLS: &'static str = "`from_slice` / `to_writer`";
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_norway::to_writer(out, value).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        serde_norway::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_norway::from_slice(input).map_err(message))
    }
}

/// serde_yaml_ng 0.10, another maintained successor of serde_yaml: `to_writer` / `from_slice`.
pub struct SerdeYamlNg;

impl Format for SerdeYamlNg {
    const NAME: &'static str = "serde_yaml_ng";
    const CALLS: &'static str = "`from_slice` / `to_writer`";
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        serde_yaml_ng::to_writer(out, value).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        serde_yaml_ng::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_yaml_ng::from_slice(input).map_err(message))
    }
}

/// ciborium (CBOR, maintained): `into_writer` / `from_reader` on a `&[u8]`, which cannot lend.
pub struct Ciborium;

impl Format for Ciborium {
    const NAME: &'static str = "ciborium";
    const CALLS: &'static str = "`from_reader` on a `&[u8]` / `into_writer`";
    const INTEGER_NAMES: bool = false;
    const BORROWS: bool = false;
    const INDEFINITE_MAPS: bool = true;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        ciborium::into_writer(value, out).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        ciborium::from_reader(input).map_err(message)
    }

    fn reads_part<T: DeserializeOwned>(mut bytes: &[u8]) -> bool {
        ciborium::from_reader::<T, _>(&mut bytes).is_ok() && !bytes.is_empty()
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        _input: &'de [u8],
    ) -> Option<Result<T, String>> {
        None
    }
}

/// serde_cbor (archived, still run), struct fields keyed by name: `Serializer` on an `IoWrite`
/// (what `to_writer` does) / `from_slice`.
pub struct SerdeCbor;

impl Format for SerdeCbor {
    const NAME: &'static str = "serde_cbor";
    const CALLS: &'static str = "`from_slice` / `to_writer`";
    const WIDE_INTS: bool = false; // "The number can't be stored in CBOR"
    const INDEFINITE_MAPS: bool = true;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        let mut serializer = serde_cbor::Serializer::new(serde_cbor::ser::IoWrite::new(out));
        value.serialize(&mut serializer).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        serde_cbor::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_cbor::from_slice(input).map_err(message))
    }
}

/// serde_cbor's packed format: struct fields keyed by their index instead of their name.
pub struct SerdeCborPacked;

impl Format for SerdeCborPacked {
    const NAME: &'static str = "serde_cbor (packed)";
    const CALLS: &'static str = "`from_slice` / `Serializer::new(..).packed_format()`";
    const WIDE_INTS: bool = false; // "The number can't be stored in CBOR"
    const KEYS_ARE_NAMES: bool = false;
    const INDEFINITE_MAPS: bool = true;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        let writer = serde_cbor::ser::IoWrite::new(out);
        let mut serializer = serde_cbor::Serializer::new(writer).packed_format();
        value.serialize(&mut serializer).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        serde_cbor::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(serde_cbor::from_slice(input).map_err(message))
    }
}

/// bincode 1.3 with its default functions (fixed-size integers, trailing bytes allowed):
/// `serialize_into` / `deserialize`. Length-prefixed, not self-describing.
pub struct Bincode1;

impl Bincode1 {
    /// The options of bincode 1.3's default functions, with a limit.
    fn limited() -> impl bincode1::Options {
        use bincode1::Options;
        bincode1::DefaultOptions::new()
            .with_fixint_encoding()
            .allow_trailing_bytes()
            .with_limit(UNTRUSTED_LIMIT)
    }
}

impl Format for Bincode1 {
    const NAME: &'static str = "bincode 1.3";
    const CALLS: &'static str = "`deserialize` / `serialize_into`";
    const SELF_DESCRIBING: bool = false;
    const DESCRIBES_VALUES: bool = false;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        bincode1::serialize_into(out, value).map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        bincode1::deserialize(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(bincode1::deserialize(input).map_err(message))
    }

    fn decode_untrusted<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        bincode1::Options::deserialize(Self::limited(), bytes).map_err(message)
    }

    fn decode_borrowed_untrusted<'de, T: Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(bincode1::Options::deserialize(Self::limited(), bytes).map_err(message))
    }
}

/// bincode 1.3's `DefaultOptions` (varint integers, trailing bytes rejected):
/// `Options::serialize_into` / `Options::deserialize`.
pub struct Bincode1Varint;

impl Bincode1Varint {
    /// `DefaultOptions`, with a limit.
    fn limited() -> impl bincode1::Options {
        use bincode1::Options;
        bincode1::DefaultOptions::new().with_limit(UNTRUSTED_LIMIT)
    }
}

impl Format for Bincode1Varint {
    const NAME: &'static str = "bincode 1.3 (varint)";
    const CALLS: &'static str = "`DefaultOptions::deserialize` / `DefaultOptions::serialize_into`";
    const SELF_DESCRIBING: bool = false;
    const DESCRIBES_VALUES: bool = false;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        bincode1::Options::serialize_into(bincode1::DefaultOptions::new(), out, value)
            .map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        bincode1::Options::deserialize(bincode1::DefaultOptions::new(), input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(
            bincode1::Options::deserialize(bincode1::DefaultOptions::new(), input).map_err(message),
        )
    }

    fn decode_untrusted<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        bincode1::Options::deserialize(Self::limited(), bytes).map_err(message)
    }

    fn decode_borrowed_untrusted<'de, T: Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(bincode1::Options::deserialize(Self::limited(), bytes).map_err(message))
    }
}

/// bincode 2.0.1 through its serde layer, `config::standard()`: `encode_into_std_write` /
/// `decode_from_slice` (owned) and `borrow_decode_from_slice` (borrowed), which must read all
/// the bytes.
pub struct Bincode2;

impl Bincode2 {
    /// `config::standard()`, with a limit.
    fn limited() -> impl bincode2::config::Config {
        bincode2::config::standard().with_limit::<{ UNTRUSTED_LIMIT as usize }>()
    }
}

impl Format for Bincode2 {
    const NAME: &'static str = "bincode 2";
    const CALLS: &'static str =
        "`serde::decode_from_slice` / `serde::encode_into_std_write`, `config::standard()`";
    const SELF_DESCRIBING: bool = false;
    const DESCRIBES_VALUES: bool = false;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        bincode2::serde::encode_into_std_write(value, out, bincode2::config::standard())
            .map(drop)
            .map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        whole(
            input,
            bincode2::serde::decode_from_slice(input, bincode2::config::standard()),
        )
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(whole(
            input,
            bincode2::serde::borrow_decode_from_slice(input, bincode2::config::standard()),
        ))
    }

    fn decode_untrusted<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        whole(
            bytes,
            bincode2::serde::decode_from_slice(bytes, Self::limited()),
        )
    }

    fn decode_borrowed_untrusted<'de, T: Deserialize<'de>>(
        bytes: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(whole(
            bytes,
            bincode2::serde::borrow_decode_from_slice(bytes, Self::limited()),
        ))
    }
}

/// bitcode 0.6 through its serde API, not self-describing, lengths required up front:
/// `serialize`, which only returns a new `Vec` (appended to `out`, or replacing the buffer in
/// [`Format::encode_reusing`]) / `deserialize`.
pub struct Bitcode;

impl Format for Bitcode {
    const NAME: &'static str = "bitcode";
    const CALLS: &'static str =
        "`deserialize` / `serialize` (serde API; returns a new `Vec` every time)";
    // bitcode keeps error messages only when built with debug assertions ("bitcode error"
    // otherwise, as `cargo test --release` shows).
    const KEEPS_MESSAGES: bool = cfg!(debug_assertions);
    const SELF_DESCRIBING: bool = false;
    const DESCRIBES_VALUES: bool = false;
    const MIXED_SHAPES: bool = false; // panics "type changed"
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        out.extend(Self::encode(value)?);
        Ok(())
    }

    #[inline]
    fn encode<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, String> {
        bitcode::serialize(value).map_err(message)
    }

    #[inline]
    fn encode_reusing<T: Serialize + ?Sized>(value: &T, buf: &mut Vec<u8>) -> Result<(), String> {
        *buf = Self::encode(value)?;
        Ok(())
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        bitcode::deserialize(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(bitcode::deserialize(input).map_err(message))
    }
}

/// postcard 1: varint-encoded, length-prefixed, not self-describing. `to_extend` (the `Vec`
/// moved in and back out) / `take_from_bytes`, which must read all the bytes.
pub struct Postcard;

impl Format for Postcard {
    const NAME: &'static str = "postcard";
    const CALLS: &'static str = "`from_bytes` / `to_extend`";
    const KEEPS_MESSAGES: bool = false;
    const SELF_DESCRIBING: bool = false;
    const DESCRIBES_VALUES: bool = false;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        *out = postcard::to_extend(value, std::mem::take(out)).map_err(message)?;
        Ok(())
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        postcard_whole(input)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(postcard_whole(input))
    }
}

/// postcard's `take_from_bytes`, which must read all of `bytes`.
#[inline]
fn postcard_whole<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, String> {
    match postcard::take_from_bytes(bytes) {
        Ok((value, [])) => Ok(value),
        Ok((_, rest)) => Err(format!("{} trailing bytes", rest.len())),
        Err(e) => Err(message(e)),
    }
}

/// MessagePack through rmp-serde in struct-map mode: fields keyed by name (as `to_vec_named`
/// writes them), so self-describing. `Serializer::new(out).with_struct_map()` / `from_slice`.
pub struct MsgPackMap;

impl Format for MsgPackMap {
    const NAME: &'static str = "rmp-serde (map)";
    /// The only rmp-serde configuration measured.
    const LABEL: &'static str = "rmp-serde";
    const CALLS: &'static str = "`from_slice` / `Serializer::new(..).with_struct_map()`";
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        value
            .serialize(&mut rmp_serde::Serializer::new(out).with_struct_map())
            .map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(rmp_serde::from_slice(input).map_err(message))
    }
}

/// MessagePack through rmp-serde in its default array mode (as `to_vec` writes it): structs as
/// arrays of field values, not self-describing (values still are).
pub struct MsgPackArray;

impl Format for MsgPackArray {
    const NAME: &'static str = "rmp-serde (array)";
    const CALLS: &'static str = "`from_slice` / `Serializer::new(..)`";
    const SELF_DESCRIBING: bool = false;
    type Input = [u8];

    #[inline]
    fn input(bytes: &[u8]) -> Result<&[u8], String> {
        Ok(bytes)
    }

    #[inline]
    fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), String> {
        value
            .serialize(&mut rmp_serde::Serializer::new(out))
            .map_err(message)
    }

    #[inline]
    fn decode_input<T: DeserializeOwned>(input: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(input).map_err(message)
    }

    #[inline]
    fn decode_borrowed_input<'de, T: Deserialize<'de>>(
        input: &'de [u8],
    ) -> Option<Result<T, String>> {
        Some(rmp_serde::from_slice(input).map_err(message))
    }
}
