//! Arbitrary bytes through every configuration of the Json family into every workload's
//! FastFlatten type: see `tests/shared/fuzz_check.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_fastkit_fuzz::{check, Family};

fuzz_target!(|data: &[u8]| check(Family::Json, data));
