//! Inputs made from the fuzzer's choices: workload values edited, encoded by any format of the
//! table, their bytes mutated (see `tests/shared/fuzz_structured.rs`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| serde_fastkit_fuzz::check_structured(data));
