//! Property tests (proptest) of FastFlatten's enums against their serde twins, on generated
//! values of a few representative enums (`model.rs`: internally tagged with struct, newtype and
//! unit variants, the same under `deny_unknown_fields`, adjacently tagged, externally tagged
//! with every variant kind, untagged, and structs flattening an internally tagged, an
//! externally tagged, an adjacently tagged and an untagged enum): strings with quotes, escapes, control characters
//! and unicode, integers across their ranges with their edges, optional fields present and
//! absent.
//!
//! Properties, one module each:
//!
//! 1. **roundtrip**: every generated value reads back as itself on every format of the table
//!    where the documented rules say it must ([`model::Formats`]); where serde's twin roundtrips
//!    too, both wrote the same bytes (except where serde's flatten writes a map of unknown
//!    length: only where the table says those bytes agree).
//! 2. **same_decisions**: the JSON of a generated value, mutated (`mutations.rs`: the tag moved
//!    anywhere, unknown keys with random JSON values, then none, one or a few faults: the tag
//!    dropped, repeated with the same or another variant, renamed to an unknown variant, a field
//!    dropped or repeated, a value replaced by a random JSON value), is read by FastFlatten and
//!    by serde's twin: both succeed with equal values (compared by re-serializing both to JSON),
//!    or both fail. Without a fault both succeed; with exactly one, both error messages are the
//!    same once serde_json's ` at line L column C` is stripped. With at most one fault the same
//!    input is also transcoded (keys in order) to the other self-describing formats, YAML, CBOR
//!    and MessagePack, and read alike there by the rules of `de!` (`same_everywhere` in
//!    `tests/enums/support.rs`, whose named differences it grew).
//! 3. **same_output**: every generated value writes byte-identical JSON (compact and pretty) and
//!    YAML (serde_yaml, serde_norway, serde_yaml_ng) as its twin; standalone enums also make the
//!    same `Serializer` calls.
//!
//! What they found is in `regressions.rs` (ignored while a bug; the properties step around it,
//! each place saying which test pins it).
//!
//! Cases: each property runs [`DEFAULT_CASES`] cases per type; `FASTKIT_PROPTEST_CASES=N` (else
//! proptest's `PROPTEST_CASES`) sets another number, as in `tests/roundtrip/properties/`. Failures are not
//! persisted: the shrunk input is printed.

mod model;
mod mutations;
mod regressions;
mod roundtrip;
mod same_decisions;
mod same_output;

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};

/// Cases per property and type unless an environment variable says otherwise.
const DEFAULT_CASES: u32 = 64;

/// The configuration of every property, as `tests/roundtrip/properties/` reads it (that binary's
/// `config`, which this one cannot mount): `FASTKIT_PROPTEST_CASES`, else `PROPTEST_CASES`, else
/// [`DEFAULT_CASES`] (`ProptestConfig::with_cases` would override `PROPTEST_CASES`, so both are
/// read here); no failure persistence.
fn config() -> ProptestConfig {
    let cases = ["FASTKIT_PROPTEST_CASES", "PROPTEST_CASES"]
        .into_iter()
        .find_map(|var| Some((var, std::env::var(var).ok()?)))
        .map_or(DEFAULT_CASES, |(var, value)| {
            value
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("{var}={value:?} is not a number of cases"))
        });
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Runs `test` on the values of `strategy` as `proptest!` would: [`config`]'s cases, the failing
/// input shrunk and printed.
fn check<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let mut runner = TestRunner::new(config());
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{e}\n{runner}");
    }
}
