//! Externally tagged enums (serde's default representation): checklist A (items 1–36) and
//! roundtrips on every format.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::support::{map, plain, Bytes, Needs, Val};

/// serde's test type is `Default` only; both derives here also write it (FastFlatten derives
/// both traits at once), so it serializes.
#[derive(Serialize, Deserialize, Debug, Default, PartialEq)]
pub struct NotDeserializable;

/// Read (as a unit struct) but never written.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct NotSerializable;

pub trait MyDefault: Sized {
    fn my_default() -> Self;
}

impl MyDefault for i32 {
    fn my_default() -> Self {
        123
    }
}

pub trait ShouldSkip: Sized {
    fn should_skip(&self) -> bool;
}

impl ShouldSkip for i32 {
    fn should_skip(&self) -> bool {
        *self == 123
    }
}

pub trait SerializeWith: Sized {
    fn serialize_with<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error>;
}

impl SerializeWith for i32 {
    fn serialize_with<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        (*self == 123).serialize(ser)
    }
}

pub trait DeserializeWith: Sized {
    fn deserialize_with<'de, D: Deserializer<'de>>(de: D) -> Result<Self, D::Error>;
}

impl DeserializeWith for i32 {
    fn deserialize_with<'de, D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        Ok(if bool::deserialize(de)? { 123 } else { 2 })
    }
}

pub fn serialize_unit_variant_as_i8<S: Serializer>(serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_i8(0)
}

pub fn deserialize_i8_as_unit_variant<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<(), D::Error> {
    match i8::deserialize(deserializer)? {
        0 => Ok(()),
        n => Err(serde::de::Error::invalid_value(
            serde::de::Unexpected::Signed(n.into()),
            &"0",
        )),
    }
}

pub fn serialize_variant_as_string<S: Serializer>(
    f1: &str,
    f2: &u8,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&format_args!("{f1};{f2:?}"))
}

pub fn deserialize_string_as_variant<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<(String, u8), D::Error> {
    let s = String::deserialize(deserializer)?;
    let (f1, f2) = s
        .split_once(';')
        .ok_or_else(|| serde::de::Error::invalid_length(1, &"2"))?;
    let f2 = f2.parse().map_err(|_| {
        serde::de::Error::invalid_value(serde::de::Unexpected::Str(f2), &"an 8-bit integer")
    })?;
    Ok((f1.into(), f2))
}

twins! {
    /// test_de.rs:116-137.
    mod de_enum {
        pub enum Enum {
            #[serde(skip_deserializing)]
            Skipped,
            Unit,
            Simple(i32),
            Seq(i32, i32, i32),
            Map { a: i32, b: i32, c: i32 },
            SimpleWithSkipped(#[serde(skip_deserializing)] NotDeserializable),
        }

        pub enum EnumOther {
            Unit,
            #[serde(other)]
            Other,
        }

        pub enum EnumSkipAll {
            #[serde(skip_deserializing)]
            Skipped,
        }
    }
}

#[test]
fn test_enum_unit() {
    // 1
    de!(de_enum::Enum, r#""Unit""# => Enum::Unit);
    // `{"Unit":null}` is the unit variant too
    de!(de_enum::Enum, r#"{"Unit":null}"# => Enum::Unit);
}

#[test]
fn test_enum_simple() {
    // 2
    de!(de_enum::Enum, r#"{"Simple":1}"# => Enum::Simple(1));
}

#[test]
fn test_enum_simple_with_skipped() {
    // 3
    de!(de_enum::Enum, r#""SimpleWithSkipped""# => Enum::SimpleWithSkipped(NotDeserializable));
    de!(de_enum::Enum, r#"{"SimpleWithSkipped":null}"# => Enum::SimpleWithSkipped(NotDeserializable));
}

#[test]
fn test_enum_seq() {
    // 4
    de!(de_enum::Enum, r#"{"Seq":[1,2,3]}"# => Enum::Seq(1, 2, 3));
}

#[test]
fn test_enum_map() {
    // 5
    de!(de_enum::Enum, r#"{"Map":{"a":1,"b":2,"c":3}}"# => Enum::Map { a: 1, b: 2, c: 3 });
    de!(de_enum::Enum, r#"{"Map":{"c":3,"a":1,"b":2,"x":[0]}}"# => Enum::Map { a: 1, b: 2, c: 3 });
    de!(de_enum::Enum, r#"{"Map":[1,2,3]}"# => Enum::Map { a: 1, b: 2, c: 3 });
}

#[test]
fn test_enum_unit_usize() {
    // 6: the index counts the variants that are read (`Skipped` is not), and serialization
    // counts all of them: serde's index skew, reproduced.
    de_val!(de_enum::Enum, Val::U32(0) => Enum::Unit);
    de_fmt!(crate::common::formats::Bincode1, de_enum::Enum, &[0, 0, 0, 0] => Enum::Unit);
    let (ours, twin) = both!(de_enum, Enum::Unit);
    let bytes = bincode1::serialize(&ours).unwrap();
    assert_eq!(bytes, bincode1::serialize(&twin).unwrap());
    assert_eq!(bytes, [1, 0, 0, 0]);
    // ...which reads back as `Simple` (index 1 among the readable variants), in both.
    de_fmt!(crate::common::formats::Bincode1, de_enum::Enum, &bytes)
        .expect_err("index 1 is `Simple`, which needs 4 more bytes");
}

#[test]
fn test_enum_unit_bytes() {
    // 7
    de_val!(de_enum::Enum, Val::Bytes(b"Unit") => Enum::Unit);
    de_val!(de_enum::Enum, Val::Bytes(b"Skipped") => Err("unknown variant `Skipped`, expected one of `Unit`, `Simple`, `Seq`, `Map`, `SimpleWithSkipped`"));
}

#[test]
fn test_enum_other_unit() {
    // 8
    de!(de_enum::EnumOther, r#""Unit""# => EnumOther::Unit);
    for index in [Val::U8(0), Val::U16(0), Val::U32(0), Val::U64(0)] {
        de_val!(de_enum::EnumOther, index => EnumOther::Unit);
    }
}

#[test]
fn test_enum_other() {
    // 9
    de!(de_enum::EnumOther, r#""Foo""# => EnumOther::Other);
    for index in [Val::U8(42), Val::U16(42), Val::U32(42), Val::U64(42)] {
        de_val!(de_enum::EnumOther, index => EnumOther::Other);
    }
    de_val!(de_enum::EnumOther, Val::Bytes(b"Foo") => EnumOther::Other);
    de!(de_enum::EnumOther, r#"{"Foo":null}"# => EnumOther::Other);
    de_err!(de_enum::EnumOther, r#"{"Foo":1}"# => "invalid type: integer `1`, expected unit");
    // The other variant's own name.
    de!(de_enum::EnumOther, r#""Other""# => EnumOther::Other);
}

#[test]
fn test_unknown_variant() {
    // 10
    de_err!(de_enum::Enum, r#""Foo""# => "unknown variant `Foo`, expected one of `Unit`, `Simple`, `Seq`, `Map`, `SimpleWithSkipped`");
    de_err!(de_enum::Enum, r#"{"Foo":1}"# => "unknown variant `Foo`, expected one of `Unit`, `Simple`, `Seq`, `Map`, `SimpleWithSkipped`");
}

#[test]
fn test_enum_skipped_variant() {
    // 11
    de_err!(de_enum::Enum, r#""Skipped""# => "unknown variant `Skipped`, expected one of `Unit`, `Simple`, `Seq`, `Map`, `SimpleWithSkipped`");
}

#[test]
fn test_enum_skip_all() {
    // 12
    de_err!(de_enum::EnumSkipAll, r#""Skipped""# => "unknown variant `Skipped`, there are no variants");
    de_val!(de_enum::EnumSkipAll, Val::U32(0) => Err("invalid value: integer `0`, expected variant index 0 <= i < 0"));
    ser!(de_enum, EnumSkipAll::Skipped => r#""Skipped""#);
}

#[test]
fn test_duplicate_field_enum() {
    // 13
    de_err!(de_enum::Enum, r#"{"Map":{"a":1,"a":2}}"# => "duplicate field `a`");
}

#[test]
fn test_enum_out_of_range() {
    // 14
    de_val!(de_enum::Enum, Val::U64(5) => Err("invalid value: integer `5`, expected variant index 0 <= i < 5"));
    de_val!(de_enum::Enum, Val::I32(-1) => Err("invalid type: integer `-1`, expected variant identifier"));
}

twins! {
    /// test_ser.rs:46-67.
    mod ser_enum {
        pub enum Enum {
            Unit,
            One(i32),
            Seq(i32, i32),
            Map { a: i32, b: i32 },
            #[serde(skip_serializing)]
            SkippedUnit,
            #[serde(skip_serializing)]
            SkippedOne(i32),
            #[serde(skip_serializing)]
            SkippedSeq(i32, i32),
            #[serde(skip_serializing)]
            SkippedMap { _a: i32, _b: i32 },
            OneWithSkipped(#[serde(skip_serializing)] NotSerializable),
        }
    }
}

#[test]
fn test_enum() {
    // 15 (the recorded calls pin the variant indexes and lengths)
    ser!(ser_enum, Enum::Unit => r#""Unit""#);
    ser!(ser_enum, Enum::One(42) => r#"{"One":42}"#);
    ser!(ser_enum, Enum::Seq(1, 2) => r#"{"Seq":[1,2]}"#);
    ser!(ser_enum, Enum::Map { a: 1, b: 2 } => r#"{"Map":{"a":1,"b":2}}"#);
    ser!(ser_enum, Enum::OneWithSkipped(NotSerializable) => r#""OneWithSkipped""#);
    let (ours, _) = both!(ser_enum, Enum::OneWithSkipped(NotSerializable));
    assert_eq!(
        crate::support::Recorder::record(&ours).unwrap(),
        [r#"UnitVariant { name: "Enum", index: 8, variant: "OneWithSkipped" }"#]
    );
    // The skipped variants still read.
    de!(ser_enum::Enum, r#"{"SkippedMap":{"_a":1,"_b":2}}"# => Enum::SkippedMap { _a: 1, _b: 2 });
    de!(ser_enum::Enum, r#"{"OneWithSkipped":null}"# => Enum::OneWithSkipped(NotSerializable));
}

#[test]
fn test_enum_skipped() {
    // 16
    ser_err!(ser_enum, Enum::SkippedUnit => "the enum variant Enum::SkippedUnit cannot be serialized");
    ser_err!(ser_enum, Enum::SkippedOne(1) => "the enum variant Enum::SkippedOne cannot be serialized");
    ser_err!(ser_enum, Enum::SkippedSeq(1, 2) => "the enum variant Enum::SkippedSeq cannot be serialized");
    ser_err!(ser_enum, Enum::SkippedMap { _a: 1, _b: 2 } => "the enum variant Enum::SkippedMap cannot be serialized");
}

twins! {
    /// test_annotations.rs:196-225, 614-651, 929-946, 1114-1178, 1370-1380, 1475-1479.
    mod annotated {
        /// serde's is generic (`<A, B, C, D, E>`): see `serde_shapes::generic_default`.
        pub enum DefaultStructVariant {
            Struct {
                a1: i32,
                #[serde(default)]
                a2: i32,
                #[serde(default = "MyDefault::my_default")]
                a3: i32,
                #[serde(skip_deserializing)]
                a4: i32,
                #[serde(skip_deserializing, default = "MyDefault::my_default")]
                a5: i32,
            },
        }

        /// serde's is generic (`<A, B, C>`): see `serde_shapes::generic_default`.
        pub enum DefaultTupleVariant {
            Tuple(
                i32,
                #[serde(default)] i32,
                #[serde(default = "MyDefault::my_default")] i32,
            ),
        }

        #[serde(rename = "Superhero")]
        pub enum RenameEnum {
            #[serde(rename = "bruce_wayne")]
            Batman,
            #[serde(rename = "clark_kent")]
            Superman(i8),
            #[serde(rename = "diana_prince")]
            WonderWoman(i8, i8),
            #[serde(rename = "barry_allan")]
            Flash {
                #[serde(rename = "b")]
                a: i32,
            },
        }

        #[serde(rename(serialize = "SuperheroSer", deserialize = "SuperheroDe"))]
        pub enum RenameEnumSerializeDeserialize<A> {
            #[serde(rename(serialize = "dick_grayson", deserialize = "jason_todd"))]
            Robin {
                a: i8,
                #[serde(rename(serialize = "c"))]
                #[serde(rename(deserialize = "d"))]
                b: A,
            },
        }

        #[serde(deny_unknown_fields)]
        pub enum AliasEnum {
            #[serde(rename = "sailor_moon", alias = "usagi_tsukino")]
            SailorMoon {
                a: i8,
                #[serde(alias = "c")]
                b: i8,
                #[serde(alias = "e", rename = "f")]
                d: i8,
            },
        }

        /// serde's has `a: &'a i8` (serialize only); FastFlatten derives both traits, and
        /// `&i8` cannot be read.
        pub enum SkipSerializingEnum<B, C>
        where
            C: ShouldSkip,
        {
            Struct {
                a: i8,
                #[serde(skip_serializing)]
                _b: B,
                #[serde(skip_serializing_if = "ShouldSkip::should_skip")]
                c: C,
            },
            Tuple(
                i8,
                #[serde(skip_serializing)] B,
                #[serde(skip_serializing_if = "ShouldSkip::should_skip")] C,
            ),
        }

        pub enum SerializeWithEnum<B>
        where
            B: SerializeWith,
        {
            Struct {
                a: i8,
                #[serde(serialize_with = "SerializeWith::serialize_with")]
                b: B,
            },
        }

        pub enum DeserializeWithEnum<B>
        where
            B: DeserializeWith,
        {
            Struct {
                a: i8,
                #[serde(deserialize_with = "DeserializeWith::deserialize_with")]
                b: B,
            },
        }

        /// serde's `WithVariant` (variant-level `serialize_with` on a unit or tuple variant
        /// did not compile at first).
        pub enum WithVariant {
            #[serde(serialize_with = "serialize_unit_variant_as_i8")]
            #[serde(deserialize_with = "deserialize_i8_as_unit_variant")]
            Unit,

            #[serde(serialize_with = "serialize_variant_as_string")]
            #[serde(deserialize_with = "deserialize_string_as_variant")]
            Tuple(String, u8),

            #[serde(serialize_with = "SerializeWith::serialize_with")]
            #[serde(deserialize_with = "DeserializeWith::deserialize_with")]
            Newtype(i32),

            #[serde(serialize_with = "serialize_variant_as_string")]
            #[serde(deserialize_with = "deserialize_string_as_variant")]
            Struct { f1: String, f2: u8 },
        }

        pub enum InvalidLengthEnum {
            A(i32, i32, i32),
            B(#[serde(skip_deserializing)] i32, i32, i32),
        }
    }
}

#[test]
fn test_default_struct_variant() {
    // 17
    de!(annotated::DefaultStructVariant,
        r#"{"Struct":{"a1":1,"a2":2,"a3":3,"a4":4,"a5":5}}"#
        => DefaultStructVariant::Struct { a1: 1, a2: 2, a3: 3, a4: 0, a5: 123 });
    de!(annotated::DefaultStructVariant,
        r#"{"Struct":{"a1":1}}"#
        => DefaultStructVariant::Struct { a1: 1, a2: 0, a3: 123, a4: 0, a5: 123 });
    // from a sequence: missing elements take their defaults; skipped fields take no slot
    de!(annotated::DefaultStructVariant,
        r#"{"Struct":[1]}"#
        => DefaultStructVariant::Struct { a1: 1, a2: 0, a3: 123, a4: 0, a5: 123 });
    de_err!(annotated::DefaultStructVariant,
        r#"{"Struct":[]}"#
        => "invalid length 0, expected struct variant DefaultStructVariant::Struct with 3 elements");
    ser!(annotated, DefaultStructVariant::Struct { a1: 1, a2: 2, a3: 3, a4: 4, a5: 5 }
        => r#"{"Struct":{"a1":1,"a2":2,"a3":3,"a4":4,"a5":5}}"#);
}

#[test]
fn test_default_tuple_variant() {
    // 18
    de!(annotated::DefaultTupleVariant, r#"{"Tuple":[1,2,3]}"#
        => DefaultTupleVariant::Tuple(1, 2, 3));
    de!(annotated::DefaultTupleVariant, r#"{"Tuple":[1]}"#
        => DefaultTupleVariant::Tuple(1, 0, 123));
    de_err!(annotated::DefaultTupleVariant, r#"{"Tuple":[]}"#
        => "invalid length 0, expected tuple variant DefaultTupleVariant::Tuple with 3 elements");
}

#[test]
fn test_rename_enum() {
    // 19
    rt!(annotated::RenameEnum, RenameEnum::Batman => r#""bruce_wayne""#);
    rt!(annotated::RenameEnum, RenameEnum::Superman(0) => r#"{"clark_kent":0}"#);
    rt!(annotated::RenameEnum, RenameEnum::WonderWoman(0, 1) => r#"{"diana_prince":[0,1]}"#);
    rt!(annotated::RenameEnum, RenameEnum::Flash { a: 1 } => r#"{"barry_allan":{"b":1}}"#);
    ser!(annotated, RenameEnumSerializeDeserialize::Robin { a: 0, b: String::new() }
        => r#"{"dick_grayson":{"a":0,"c":""}}"#);
    de!(annotated::RenameEnumSerializeDeserialize<String>, r#"{"jason_todd":{"a":0,"d":""}}"#
        => RenameEnumSerializeDeserialize::Robin { a: 0, b: String::new() });
    de!(annotated::AliasEnum, r#"{"sailor_moon":{"a":0,"b":1,"e":2}}"#
        => AliasEnum::SailorMoon { a: 0, b: 1, d: 2 });
    de!(annotated::AliasEnum, r#"{"usagi_tsukino":{"a":0,"c":1,"f":2}}"#
        => AliasEnum::SailorMoon { a: 0, b: 1, d: 2 });
    // The deserialize name goes to `deserialize_enum`, the serialize name to the serializer.
    de_val!(annotated::RenameEnum, map([("bruce_wayne", Val::Unit)]) => RenameEnum::Batman);
}

#[test]
fn test_unknown_field_rename_enum() {
    // 20
    de_err!(annotated::AliasEnum, r#"{"SailorMoon":{}}"#
        => "unknown variant `SailorMoon`, expected `sailor_moon` or `usagi_tsukino`");
}

#[test]
fn test_unknown_field_rename_enum_lists_aliases() {
    // 20
    de_err!(annotated::AliasEnum, r#"{"usagi_tsukino":{"a":0,"c":1,"d":2}}"#
        => "unknown field `d`, expected one of `a`, `b`, `c`, `e`, `f`");
}

#[test]
fn test_skip_serializing_enum() {
    // 21
    ser!(annotated, SkipSerializingEnum::<i32, i32>::Struct { a: 1, _b: 2, c: 3 } => r#"{"Struct":{"a":1,"c":3}}"#);
    ser!(annotated, SkipSerializingEnum::<i32, i32>::Struct { a: 1, _b: 2, c: 123 } => r#"{"Struct":{"a":1}}"#);
    ser!(annotated, SkipSerializingEnum::<i32, i32>::Tuple(1, 2, 3) => r#"{"Tuple":[1,3]}"#);
    ser!(annotated, SkipSerializingEnum::<i32, i32>::Tuple(1, 2, 123) => r#"{"Tuple":[1]}"#);
}

#[test]
fn test_serialize_with_enum() {
    // 22
    ser!(annotated, SerializeWithEnum::Struct { a: 1, b: 2 } => r#"{"Struct":{"a":1,"b":false}}"#);
    ser!(annotated, SerializeWithEnum::Struct { a: 1, b: 123 } => r#"{"Struct":{"a":1,"b":true}}"#);
}

#[test]
fn test_serialize_with_variant() {
    // 23
    ser!(annotated, WithVariant::Unit => r#"{"Unit":0}"#);
    ser!(annotated, WithVariant::Newtype(123) => r#"{"Newtype":true}"#);
    ser!(annotated, WithVariant::Tuple("hello".into(), 0) => r#"{"Tuple":"hello;0"}"#);
    ser!(annotated, WithVariant::Struct { f1: "world".into(), f2: 1 } => r#"{"Struct":"world;1"}"#);
}

#[test]
fn test_deserialize_with_variant() {
    // 24
    de!(annotated::WithVariant, r#"{"Unit":0}"# => WithVariant::Unit);
    de!(annotated::WithVariant, r#"{"Newtype":true}"# => WithVariant::Newtype(123));
    de!(annotated::WithVariant, r#"{"Tuple":"hello;0"}"# => WithVariant::Tuple("hello".into(), 0));
    de!(annotated::WithVariant, r#"{"Struct":"world;1"}"# => WithVariant::Struct { f1: "world".into(), f2: 1 });
    de_err!(annotated::WithVariant, r#"{"Struct":"world"}"# => "invalid length 1, expected 2");
}

#[test]
fn test_deserialize_with_enum() {
    // 25
    de!(annotated::DeserializeWithEnum<i32>, r#"{"Struct":{"a":1,"b":false}}"# => DeserializeWithEnum::Struct { a: 1, b: 2 });
    de!(annotated::DeserializeWithEnum<i32>, r#"{"Struct":{"a":1,"b":true}}"# => DeserializeWithEnum::Struct { a: 1, b: 123 });
    // a `deserialize_with` field without default is required, even in a sequence
    de_err!(annotated::DeserializeWithEnum<i32>, r#"{"Struct":{"a":1}}"# => "missing field `b`");
}

#[test]
fn test_missing_renamed_field_enum() {
    // 26
    de_err!(annotated::RenameEnum, r#"{"barry_allan":{}}"# => "missing field `b`");
    de_err!(annotated::RenameEnumSerializeDeserialize<i8>, r#"{"jason_todd":{"a":0}}"# => "missing field `d`");
}

#[test]
fn test_invalid_length_enum() {
    // 27
    de_err!(annotated::InvalidLengthEnum, r#"{"A":[1]}"#
        => "invalid length 1, expected tuple variant InvalidLengthEnum::A with 3 elements");
    de_err!(annotated::InvalidLengthEnum, r#"{"B":[1]}"#
        => "invalid length 1, expected tuple variant InvalidLengthEnum::B with 2 elements");
    de!(annotated::InvalidLengthEnum, r#"{"B":[1,2]}"# => InvalidLengthEnum::B(0, 1, 2));
    de_err!(annotated::InvalidLengthEnum, r#"{"B":[1,2,3]}"# => "trailing characters");
}

twins! {
    mod expecting {
        #[serde(expecting = "something strange...")]
        pub enum Enum {
            ExternallyTagged,
            Tuple(u8, u8),
            Struct { a: u8 },
        }
    }
}

#[test]
fn test_expecting_message_externally_tagged_enum() {
    // 28: a bare string handed to the enum's visitor, and a unit as the variant identifier
    de_val!(expecting::Enum, plain(Val::Str("ExternallyTagged"))
        => Err(r#"invalid type: string "ExternallyTagged", expected something strange..."#));
    de_val!(expecting::Enum, Val::Map(vec![(Val::Unit, Val::Unit)])
        => Err("invalid type: unit value, expected variant identifier"));
    // the variant visitors' texts are replaced too
    de_err!(expecting::Enum, r#"{"Tuple":1}"# => "invalid type: integer `1`, expected something strange...");
    de_err!(expecting::Enum, r#"{"Tuple":[1]}"# => "invalid length 1, expected something strange...");
    de_err!(expecting::Enum, r#"{"Struct":1}"# => "invalid type: integer `1`, expected something strange...");
    de_err!(expecting::Enum, r#"{"Struct":[]}"# => "invalid length 0, expected something strange...");
    de_err!(expecting::Enum, r#"{"Struct":{"a":true}}"# => "invalid type: boolean `true`, expected u8");
}

twins! {
    /// test_macros.rs: `DeEnum`, `GenericEnum`, `SomeEnum`, `Lifetimes` (with `&str`, which
    /// can be read, for serde's `&i32`).
    mod macros {
        pub enum DeEnum<B, C, D> {
            Unit,
            Seq(i8, B, C, D),
            Map { a: i8, b: B, c: C, d: D },
            _Unit2,
            _Seq2(i8, B, C, D),
            _Map2 { a: i8, b: B, c: C, d: D },
        }

        pub enum GenericEnum<T, U> {
            Unit,
            NewType(T),
            Seq(T, U),
            Map { x: T, y: U },
        }

        pub enum SomeEnum {
            Key { key: char, state: bool },
        }

        pub enum Lifetimes<'a> {
            LifetimeSeq(&'a str),
            NoLifetimeSeq(i32),
            LifetimeMap { a: &'a str },
            NoLifetimeMap { a: i32 },
        }

        #[serde(rename_all = "snake_case")]
        pub enum RenameAll {
            #[serde(rename_all = "camelCase")]
            Serialize { serialize: bool, serialize_seq: bool },
            #[serde(rename_all = "kebab-case")]
            SerializeSeq { serialize: bool, serialize_seq: bool },
            #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
            SerializeMap { serialize: bool, serialize_seq: bool },
        }

        #[serde(rename_all_fields = "kebab-case")]
        pub enum RenameAllFields {
            V1,
            V2(bool),
            V3 {
                a_field: bool,
                another_field: bool,
                #[serde(rename = "last-field")]
                yet_another_field: bool,
            },
            #[serde(rename_all = "snake_case")]
            V4 { a_field: bool },
        }
    }
}

#[test]
fn test_macros_enums() {
    // 29
    rt!(macros::DeEnum<i32, String, Vec<u8>>, DeEnum::<i32, String, Vec<u8>>::Unit => r#""Unit""#);
    rt!(macros::DeEnum<i32, String, Vec<u8>>, DeEnum::<i32, String, Vec<u8>>::Seq(1, 2, "3".into(), vec![4])
        => r#"{"Seq":[1,2,"3",[4]]}"#);
    rt!(macros::DeEnum<i32, String, Vec<u8>>, DeEnum::<i32, String, Vec<u8>>::_Map2 { a: 1, b: 2, c: "3".into(), d: vec![4] }
        => r#"{"_Map2":{"a":1,"b":2,"c":"3","d":[4]}}"#);
    rt!(macros::GenericEnum<u32, u32>, GenericEnum::<u32, u32>::Unit => r#""Unit""#);
    rt!(macros::GenericEnum<u32, u32>, GenericEnum::<u32, u32>::NewType(5) => r#"{"NewType":5}"#);
    rt!(macros::GenericEnum<u32, u32>, GenericEnum::<u32, u32>::Seq(5, 6) => r#"{"Seq":[5,6]}"#);
    rt!(macros::GenericEnum<u32, u32>, GenericEnum::<u32, u32>::Map { x: 5, y: 6 } => r#"{"Map":{"x":5,"y":6}}"#);
    rt!(macros::SomeEnum, SomeEnum::Key { key: 'a', state: true } => r#"{"Key":{"key":"a","state":true}}"#);
    rt!(macros::Lifetimes, Lifetimes::LifetimeSeq("5") => r#"{"LifetimeSeq":"5"}"#);
    rt!(macros::Lifetimes, Lifetimes::NoLifetimeSeq(5) => r#"{"NoLifetimeSeq":5}"#);
    rt!(macros::Lifetimes, Lifetimes::LifetimeMap { a: "5" } => r#"{"LifetimeMap":{"a":"5"}}"#);
    rt!(macros::Lifetimes, Lifetimes::NoLifetimeMap { a: 5 } => r#"{"NoLifetimeMap":{"a":5}}"#);
    de_err!(macros::Lifetimes, r#"{"LifetimeMap":{"a":"\n"}}"#
        => r#"invalid type: string "\n", expected a borrowed string"#);
}

#[test]
fn test_rename_all() {
    // 30
    rt!(macros::RenameAll, RenameAll::Serialize { serialize: true, serialize_seq: true }
        => r#"{"serialize":{"serialize":true,"serializeSeq":true}}"#);
    rt!(macros::RenameAll, RenameAll::SerializeSeq { serialize: true, serialize_seq: true }
        => r#"{"serialize_seq":{"serialize":true,"serialize-seq":true}}"#);
    rt!(macros::RenameAll, RenameAll::SerializeMap { serialize: true, serialize_seq: true }
        => r#"{"serialize_map":{"SERIALIZE":true,"SERIALIZE_SEQ":true}}"#);
}

#[test]
fn test_rename_all_fields() {
    // 31
    rt!(macros::RenameAllFields, RenameAllFields::V1 => r#""V1""#);
    rt!(macros::RenameAllFields, RenameAllFields::V2(true) => r#"{"V2":true}"#);
    rt!(macros::RenameAllFields, RenameAllFields::V3 { a_field: true, another_field: true, yet_another_field: true }
        => r#"{"V3":{"a-field":true,"another-field":true,"last-field":true}}"#);
    rt!(macros::RenameAllFields, RenameAllFields::V4 { a_field: true } => r#"{"V4":{"a_field":true}}"#);
}

twins! {
    /// regression/issue2565, issue1904, issue2371, issue2792 (FastFlatten cannot flatten `()`
    /// or a unit struct: an empty braced struct stands in).
    mod regressions {
        pub enum Issue2565 {
            Simple { a: i32 },
            Flatten {
                #[serde(flatten)]
                flatten: Nested,
                a: i32,
            },
        }

        pub enum ExternallyTagged1 {
            Tuple(f64, String),
            Flatten {
                #[serde(flatten)]
                nested: Nested,
            },
        }

        pub enum ExternallyTagged2 {
            Flatten {
                #[serde(flatten)]
                nested: Nested,
            },
            Tuple(f64, String),
        }

        pub enum Issue2371 {
            Flatten {
                #[serde(flatten)]
                nested: Nested,
                string: &'static str,
            },
        }

        #[serde(deny_unknown_fields)]
        pub enum Issue2792 {
            B { c: String },
            D {
                #[serde(flatten)]
                e: Nested,
            },
            E {
                a: i32,
                #[serde(flatten)]
                flat: Flat,
            },
        }

        pub struct Nested {}

        pub struct Flat {
            pub b: i32,
        }
    }
}

#[test]
fn issue2565_struct_variants() {
    // 32: serde writes a variant with a flattened field as a newtype variant holding a map
    // of unknown length; FastFlatten writes a struct variant of exact length (what
    // length-prefixed formats need). JSON and YAML are the same.
    ser!(regressions, Issue2565::Simple { a: 42 } => r#"{"Simple":{"a":42}}"#);
    de!(regressions::Issue2565, r#"{"Simple":{"a":42}}"# => Issue2565::Simple { a: 42 });
}

#[test]
fn struct_variant_with_flatten_calls() {
    // 32, 36: the pinned difference in serializer calls (JSON and YAML identical).
    let (ours, twin) = both!(
        regressions,
        Issue2792::E {
            a: 0,
            flat: Flat { b: 0 }
        }
    );
    assert_eq!(
        crate::support::same_text(&ours, &twin).as_deref(),
        Ok(r#"{"E":{"a":0,"b":0}}"#)
    );
    assert_eq!(
        crate::support::Recorder::record(&twin).unwrap(),
        [
            r#"NewtypeVariant { name: "Issue2792", index: 2, variant: "E" }"#,
            "Map { len: None }",
            r#"Str("a")"#,
            "I32(0)",
            r#"Str("b")"#,
            "I32(0)",
            "MapEnd"
        ]
    );
    assert_eq!(
        crate::support::Recorder::record(&ours).unwrap(),
        [
            r#"StructVariant { name: "Issue2792", index: 2, variant: "E", len: 2 }"#,
            r#"Field("a")"#,
            "I32(0)",
            r#"Field("b")"#,
            "I32(0)",
            "StructVariantEnd"
        ]
    );
    de!(regressions::Issue2792, r#"{"E":{"a":0,"b":0}}"# => Issue2792::E { a: 0, flat: Flat { b: 0 } });
    de!(regressions::Issue2792, r#"{"E":{"b":0,"a":0}}"# => Issue2792::E { a: 0, flat: Flat { b: 0 } });
    de!(regressions::Issue2792, r#"{"D":{}}"# => Issue2792::D { e: Nested {} });
    de!(regressions::Issue2792, r#"{"B":{"c":"x"}}"# => Issue2792::B { c: "x".into() });
}

#[test]
fn regressions_compile_and_read() {
    // 33
    rt!(regressions::ExternallyTagged1, ExternallyTagged1::Tuple(1.5, "s".into()) => r#"{"Tuple":[1.5,"s"]}"#);
    ser_text!(regressions, ExternallyTagged1::Flatten { nested: Nested {} } => r#"{"Flatten":{}}"#);
    de!(regressions::ExternallyTagged1, r#"{"Flatten":{}}"# => ExternallyTagged1::Flatten { nested: Nested {} });
    ser_text!(regressions, ExternallyTagged2::Flatten { nested: Nested {} } => r#"{"Flatten":{}}"#);
    de!(regressions::ExternallyTagged2, r#"{"Flatten":{}}"# => ExternallyTagged2::Flatten { nested: Nested {} });
    ser_text!(regressions, Issue2371::Flatten { nested: Nested {}, string: "s" } => r#"{"Flatten":{"string":"s"}}"#);
    de!(regressions::Issue2371, r#"{"Flatten":{"string":"s"}}"# => Issue2371::Flatten { nested: Nested {}, string: "s" });
}

#[test]
fn struct_variant_with_flatten_reads_sequences() {
    // 36, intended difference: FastFlatten reads a struct with flattened fields from a sequence
    // of all its leaves (README "Known limits"; what bincode and postcard write), and so a
    // struct variant with a flattened field; serde's derive accepts only a map.
    assert_eq!(
        ours!(regressions::Issue2792, r#"{"E":[0,1]}"#),
        Ok("E { a: 0, flat: Flat { b: 1 } }".to_owned())
    );
    assert_eq!(
        theirs!(regressions::Issue2792, r#"{"E":[0,1]}"#),
        Err("invalid type: sequence, expected struct variant Issue2792::E".to_owned())
    );
}

#[test]
fn struct_variant_with_flatten_deny_unknown_fields_lists_the_tree() {
    // 36, intended difference (README, `deny_unknown_fields` row: serde issues 1358, 2283,
    // 2984): FastFlatten's "unknown field" lists the whole tree's names; serde's flatten path
    // names only the key.
    assert_eq!(
        ours!(regressions::Issue2792, r#"{"E":{"a":0,"b":0,"zz":1}}"#),
        Err("unknown field `zz`, expected `a` or `b`".to_owned())
    );
    assert_eq!(
        theirs!(regressions::Issue2792, r#"{"E":{"a":0,"b":0,"zz":1}}"#),
        Err("unknown field `zz`".to_owned())
    );
}

#[test]
fn struct_variant_with_flatten_deny_unknown_fields() {
    // 36
    de_err!(regressions::Issue2792, r#"{"B":{"c":"x","zz":1}}"# => "unknown field `zz`, expected `c`");
    de_err!(regressions::Issue2792, r#"{"E":{"a":0}}"# => "missing field `b`");
}

#[test]
fn variant_kind_mismatches() {
    // 34
    de_err!(de_enum::Enum, r#""Simple""# => "invalid type: unit variant, expected newtype variant");
    de_err!(de_enum::Enum, r#""Seq""# => "invalid type: unit variant, expected tuple variant");
    de_err!(de_enum::Enum, r#""Map""# => "invalid type: unit variant, expected struct variant");
    de_err!(de_enum::Enum, r#"{"Unit":{}}"# => "invalid type: map, expected unit");
    de_err!(de_enum::Enum, r#"{"Map":{"a":1,"b":2}}"# => "missing field `c`");
    de_err!(de_enum::Enum, r#"{"Seq":[1,2]}"# => "invalid length 2, expected tuple variant Enum::Seq with 3 elements");
    de_err!(de_enum::Enum, r#"{"Seq":{}}"# => "invalid type: map, expected tuple variant Enum::Seq");
    de_err!(de_enum::Enum, r#"{"Map":1}"# => "invalid type: integer `1`, expected struct variant Enum::Map");
    de_err!(de_enum::Enum, r#"{"Map":[1,2]}"# => "invalid length 2, expected struct variant Enum::Map with 3 elements");
    de_err!(de_enum::Enum, "1" => "expected value");
    de_err!(de_enum::Enum, "{}" => "expected value");
    de_err!(de_enum::Enum, r#"{"Simple":1,"Unit":null}"# => "expected value");
    de_err!(de_enum::Enum, "null" => "expected value");
}

twins! {
    mod deny {
        #[serde(deny_unknown_fields)]
        pub enum Denying {
            Map { a: i32, b: i32, c: i32 },
        }

        pub enum Lenient {
            Map { a: i32, b: i32, c: i32 },
        }
    }
}

#[test]
fn deny_unknown_fields_struct_variant() {
    // 35
    de_err!(deny::Denying, r#"{"Map":{"a":1,"b":2,"c":3,"x":0}}"# => "unknown field `x`, expected one of `a`, `b`, `c`");
    de!(deny::Lenient, r#"{"Map":{"a":1,"b":2,"c":3,"x":0}}"# => Lenient::Map { a: 1, b: 2, c: 3 });
}

twins! {
    mod everywhere {
        pub enum Shapes {
            Unit,
            Newtype(String),
            Tuple(u8, Option<i64>),
            Struct {
                a: u32,
                #[serde(default)]
                b: Vec<String>,
            },
            Nested(Option<Box<Shapes>>),
            Flattened {
                id: u8,
                #[serde(flatten)]
                flat: Flat,
            },
        }

        pub struct Flat {
            pub b: i32,
        }
    }
}

#[test]
fn roundtrips_on_every_format() {
    roundtrip!(everywhere::Shapes, Shapes::Unit);
    roundtrip!(everywhere::Shapes, Shapes::Newtype("n".into()));
    roundtrip!(everywhere::Shapes, Shapes::Tuple(1, Some(-2)));
    roundtrip!(
        everywhere::Shapes,
        Shapes::Struct {
            a: 1,
            b: vec!["x".into()]
        }
    );
    roundtrip!(
        everywhere::Shapes,
        Shapes::Nested(Some(Box::new(Shapes::Tuple(0, None))))
    );
    // serde writes this one as a map of unknown length, which length-prefixed formats refuse.
    let flattened = both!(
        everywhere,
        Shapes::Flattened {
            id: 1,
            flat: Flat { b: 2 }
        }
    );
    roundtrip!(
        everywhere::Shapes,
        Shapes::Flattened {
            id: 1,
            flat: Flat { b: 2 }
        },
        Needs::Nothing,
        Bytes::Own
    );
    assert_eq!(
        crate::support::formats_where(&flattened.1),
        [
            "serde_json",
            "serde_json (from_str)",
            "serde_json (pretty)",
            "serde_yaml",
            "serde_norway",
            "serde_yaml_ng",
            "ciborium",
            "serde_cbor",
            "serde_cbor (packed)",
            "rmp-serde (map)",
            "rmp-serde (array)",
        ]
    );
}

#[test]
fn bitcode_sequences_of_mixed_variants() {
    // A limit of bitcode's serde encoder, met by both derives alike: in a sequence, internally
    // and adjacently tagged variants of different shapes (structs of different fields) panic
    // "type changed"; externally tagged ones roundtrip. Single values roundtrip everywhere.
    use crate::adjacent::everywhere as adjacent;
    use crate::common::formats::Bitcode;
    use crate::internal::everywhere as internal;
    use crate::support::roundtrip_on;
    let (ours, twin) = both!(
        everywhere,
        vec![
            Shapes::Unit,
            Shapes::Tuple(1, None),
            Shapes::Struct { a: 1, b: vec![] }
        ]
    );
    assert!(roundtrip_on::<Bitcode, _>(&ours).is_ok());
    assert_eq!(
        roundtrip_on::<Bitcode, _>(&ours),
        roundtrip_on::<Bitcode, _>(&twin)
    );
    let changed = Err("serialize: panicked: type changed".to_owned());
    let (ours, twin) = both!(
        internal,
        vec![
            Event::Unit,
            Event::Started {
                id: 1,
                name: "n".into()
            }
        ]
    );
    assert_eq!(roundtrip_on::<Bitcode, _>(&ours), changed);
    assert_eq!(roundtrip_on::<Bitcode, _>(&twin), changed);
    let (ours, twin) = both!(adjacent, vec![Message::Ping, Message::Text("t".into())]);
    assert_eq!(roundtrip_on::<Bitcode, _>(&ours), changed);
    assert_eq!(roundtrip_on::<Bitcode, _>(&twin), changed);
}
