//! Arbitrary bytes read by both derives of a generated family (`tests/shapes/`, its types
//! derived by FastFlatten and by serde's derive) on serde_json, serde_yaml, ciborium or
//! rmp-serde: see `fastkit_support::shapes`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_fastkit_fuzz::check_shapes;

fuzz_target!(|data: &[u8]| check_shapes(data));
