//! FastFlatten types with a catch-all map, shared by the catch-all tests (`tests/derive/catch_all.rs`)
//! and the bad-input tests (`tests/roundtrip/bad_input.rs`), each binary `#[path]`-including this file.

#![allow(dead_code)] // each includer uses a different part

use std::collections::BTreeMap;

use serde_fastkit::FastFlatten;
use serde_json::Value;

/// A catch-all declared before a flattened struct, with any JSON value: read as serde reads it,
/// the map also receives the struct's keys (serde issue 2764).
#[derive(FastFlatten, Debug, PartialEq)]
pub struct MapFirst {
    #[serde(flatten)]
    pub extra: BTreeMap<String, Value>,
    pub id: u32,
    #[serde(flatten)]
    pub meta: Meta,
}

/// [`MapFirst`], strict: the map receives only the keys nothing else claims.
#[derive(FastFlatten, Debug, PartialEq)]
#[fast_flatten(strict)]
pub struct StrictMapFirst {
    #[serde(flatten)]
    pub extra: BTreeMap<String, Value>,
    pub id: u32,
    #[serde(flatten)]
    pub meta: Meta,
}

#[derive(FastFlatten, Debug, PartialEq)]
pub struct Meta {
    pub kind: String,
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod twin {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Serialize};
    use serde_json::Value;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct MapFirst {
        #[serde(flatten)]
        pub extra: BTreeMap<String, Value>,
        pub id: u32,
        #[serde(flatten)]
        pub meta: Meta,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Meta {
        pub kind: String,
    }
}

/// A struct with a catch-all, to flatten one level down.
#[derive(FastFlatten, Debug, PartialEq)]
pub struct WithRest {
    pub mid: u8,
    #[serde(flatten)]
    pub rest: BTreeMap<String, u8>,
}

/// A map type the crate has no impls for, marked `#[fast_flatten(catch_all)]` (strict: it
/// receives only the keys nothing else claims).
#[derive(FastFlatten, Debug, PartialEq)]
#[fast_flatten(strict)]
pub struct JsonMapRest {
    pub id: u32,
    #[serde(flatten)]
    #[fast_flatten(catch_all)]
    pub extra: serde_json::Map<String, Value>,
    #[serde(flatten)]
    pub meta: Meta,
}
