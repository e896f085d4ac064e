//! Container conversions, as serde's derive does them: `transparent` (named and tuple
//! structs), `from`/`into`, `try_from` (its error is the format's), on structs and enums; a
//! struct read through `try_from` still writes its flattened fields in place, and a converted
//! type flattens with `#[fast_flatten(buffered)]`. Each against a serde-derived twin on JSON and
//! YAML: same bytes, same values, same errors.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;

/// The same value written by both derives gives the same JSON and YAML, and each reads it back.
#[track_caller]
fn assert_twins<A, B>(fast: &A, twin: &B)
where
    A: Serialize + DeserializeOwned + PartialEq + Debug,
    B: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = serde_json::to_string(fast).unwrap();
    assert_eq!(json, serde_json::to_string(twin).unwrap());
    let yaml = serde_yaml::to_string(fast).unwrap();
    assert_eq!(yaml, serde_yaml::to_string(twin).unwrap());
    assert_eq!(&serde_json::from_str::<A>(&json).unwrap(), fast);
    assert_eq!(&serde_json::from_str::<B>(&json).unwrap(), twin);
    assert_eq!(&serde_yaml::from_str::<A>(&yaml).unwrap(), fast);
}

/// Both derives reject `input` with the same message.
#[track_caller]
fn assert_same_error<A: DeserializeOwned + Debug, B: DeserializeOwned + Debug>(input: &str) {
    let fast = serde_json::from_str::<A>(input).unwrap_err().to_string();
    let twin = serde_json::from_str::<B>(input).unwrap_err().to_string();
    assert_eq!(fast, twin, "{input}");
}

macro_rules! twins {
    ($(#[$meta:meta])* $vis:vis struct $fast:ident / $twin:ident $($body:tt)*) => {
        #[derive(FastFlatten, Clone, Debug, PartialEq)]
        $(#[$meta])*
        $vis struct $fast $($body)*

        #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
        $(#[$meta])*
        $vis struct $twin $($body)*
    };
    ($(#[$meta:meta])* $vis:vis enum $fast:ident / $twin:ident $($body:tt)*) => {
        #[derive(FastFlatten, Clone, Debug, PartialEq)]
        $(#[$meta])*
        $vis enum $fast $($body)*

        #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
        $(#[$meta])*
        $vis enum $twin $($body)*
    };
}

twins! {
    #[serde(transparent)]
    struct Meters / MetersTwin(u32);
}

twins! {
    #[serde(transparent)]
    struct Named / NamedTwin {
        value: String,
        #[serde(skip)]
        cache: Option<u8>,
    }
}

twins! {
    #[serde(transparent)]
    struct Generic / GenericTwin<T> {
        inner: Vec<T>,
    }
}

#[test]
fn transparent_structs_are_their_field() {
    assert_twins(&Meters(5), &MetersTwin(5));
    let named = Named {
        value: "v".into(),
        cache: None,
    };
    assert_twins(
        &named,
        &NamedTwin {
            value: "v".into(),
            cache: None,
        },
    );
    assert_eq!(serde_json::to_string(&named).unwrap(), r#""v""#);
    assert_twins(
        &Generic {
            inner: vec![1u8, 2],
        },
        &GenericTwin {
            inner: vec![1u8, 2],
        },
    );
    assert_same_error::<Meters, MetersTwin>(r#""five""#);
}

/// The wire form of the converted types.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct Wire {
    celsius: i32,
}

twins! {
    #[serde(from = "Wire", into = "Wire")]
    struct Temperature / TemperatureTwin {
        kelvin: i32,
    }
}

impl From<Wire> for Temperature {
    fn from(wire: Wire) -> Self {
        Temperature {
            kelvin: wire.celsius + 273,
        }
    }
}

impl From<Temperature> for Wire {
    fn from(t: Temperature) -> Self {
        Wire {
            celsius: t.kelvin - 273,
        }
    }
}

impl From<Wire> for TemperatureTwin {
    fn from(wire: Wire) -> Self {
        TemperatureTwin {
            kelvin: wire.celsius + 273,
        }
    }
}

impl From<TemperatureTwin> for Wire {
    fn from(t: TemperatureTwin) -> Self {
        Wire {
            celsius: t.kelvin - 273,
        }
    }
}

#[test]
fn from_and_into_go_through_the_other_type() {
    let fast = Temperature { kelvin: 300 };
    assert_twins(&fast, &TemperatureTwin { kelvin: 300 });
    assert_eq!(serde_json::to_string(&fast).unwrap(), r#"{"celsius":27}"#);
}

/// The unchecked form of `Checked`, with a flattened part.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct Raw {
    low: u8,
    high: u8,
}

#[derive(FastFlatten, Clone, Debug, PartialEq)]
struct Limits {
    low: u8,
    high: u8,
}

/// Read through `try_from = "Raw"`, written by FastFlatten with its flattened field in place.
#[derive(FastFlatten, Clone, Debug, PartialEq)]
#[serde(try_from = "Raw")]
struct Checked {
    #[serde(flatten)]
    limits: Limits,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(try_from = "Raw")]
struct CheckedTwin {
    #[serde(flatten)]
    limits: Raw,
}

fn check(raw: &Raw) -> Result<(), String> {
    if raw.low <= raw.high {
        Ok(())
    } else {
        Err(format!("low {} above high {}", raw.low, raw.high))
    }
}

impl TryFrom<Raw> for Checked {
    type Error = String;

    fn try_from(raw: Raw) -> Result<Self, String> {
        check(&raw)?;
        Ok(Checked {
            limits: Limits {
                low: raw.low,
                high: raw.high,
            },
        })
    }
}

impl TryFrom<Raw> for CheckedTwin {
    type Error = String;

    fn try_from(raw: Raw) -> Result<Self, String> {
        check(&raw)?;
        Ok(CheckedTwin { limits: raw })
    }
}

#[test]
fn try_from_reads_and_the_tree_writes() {
    let fast = Checked {
        limits: Limits { low: 1, high: 2 },
    };
    let twin = CheckedTwin {
        limits: Raw { low: 1, high: 2 },
    };
    assert_twins(&fast, &twin);
    assert_eq!(
        serde_json::to_string(&fast).unwrap(),
        r#"{"low":1,"high":2}"#
    );
    assert_same_error::<Checked, CheckedTwin>(r#"{"low":3,"high":2}"#);
    assert_same_error::<Checked, CheckedTwin>(r#"{"low":3}"#);
}

twins! {
    #[serde(from = "Wire", into = "Wire")]
    enum Level / LevelTwin {
        Cold,
        Warm(i32),
    }
}

impl From<Wire> for Level {
    fn from(wire: Wire) -> Self {
        if wire.celsius < 10 {
            Level::Cold
        } else {
            Level::Warm(wire.celsius)
        }
    }
}

impl From<Level> for Wire {
    fn from(level: Level) -> Self {
        match level {
            Level::Cold => Wire { celsius: 0 },
            Level::Warm(celsius) => Wire { celsius },
        }
    }
}

impl From<Wire> for LevelTwin {
    fn from(wire: Wire) -> Self {
        if wire.celsius < 10 {
            LevelTwin::Cold
        } else {
            LevelTwin::Warm(wire.celsius)
        }
    }
}

impl From<LevelTwin> for Wire {
    fn from(level: LevelTwin) -> Self {
        match level {
            LevelTwin::Cold => Wire { celsius: 0 },
            LevelTwin::Warm(celsius) => Wire { celsius },
        }
    }
}

#[test]
fn converted_enums_go_through_the_other_type() {
    assert_twins(&Level::Warm(20), &LevelTwin::Warm(20));
    assert_twins(&Level::Cold, &LevelTwin::Cold);
}

/// A converted type flattens as serde reads it, also with the marker.
#[test]
fn a_converted_type_flattens_buffered() {
    #[derive(FastFlatten, Debug, PartialEq)]
    struct Reading {
        id: u8,
        #[serde(flatten)]
        #[fast_flatten(buffered)]
        temperature: Temperature,
    }

    let reading: Reading = serde_json::from_str(r#"{"celsius":20,"id":1}"#).unwrap();
    assert_eq!(reading.temperature, Temperature { kelvin: 293 });
    assert_eq!(
        serde_json::to_string(&reading).unwrap(),
        r#"{"id":1,"celsius":20}"#
    );
}
