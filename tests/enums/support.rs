//! The differential machinery: every type is declared twice by [`twins!`] (once deriving
//! FastFlatten, once serde's `Serialize, Deserialize`, same `#[serde]` attributes), and every
//! check runs both and compares.
//!
//! * Values are compared through `Debug`: the twins have the same type names and shapes, so equal
//!   values print the same.
//! * Errors are compared as text with serde_json's ` at line L column C` suffix stripped: serde
//!   reports errors raised from its buffers at the end of the object (or nowhere), a streaming
//!   reader at the bad token (spec §2.8).
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

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, DeserializeOwned, IntoDeserializer, Visitor};
use serde::ser::{self, Serialize};

use crate::common::formats::{visit_formats, Format, FormatVisitor};

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
// Declaring twins and checking them.

/// Declares the items inside twice, in `mod $name { pub mod ours; pub mod twin; }`: `ours`
/// derives FastFlatten, `twin` serde's `Serialize, Deserialize`; both derive `Debug`. Types
/// shared by both (tuple structs, which FastFlatten does not derive) live beside the `twins!`
/// and are reached through `use super::super::*`. Items and fields must be `pub`.
macro_rules! twins {
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

/// `de!(m::T, json)`: both read `json` alike; returns the [`Outcome`].
/// `de!(m::T, json => value)`: and both read `value`.
macro_rules! de {
    ($m:ident :: $t:ident $(<$($g:ty),+>)?, $json:expr) => {{
        let json: &str = $json;
        $crate::support::same(
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
        )
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
