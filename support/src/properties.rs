//! How every property test runs (the `roundtrip` and `enums` binaries): its number of cases and
//! the runner, as `proptest!` would run it.
//!
//! Each property runs [`DEFAULT_CASES`] cases by default. `FASTKIT_PROPTEST_CASES=N` runs `N`
//! cases of every property (e.g. `FASTKIT_PROPTEST_CASES=5000 cargo test --release --test
//! roundtrip properties::` for a long local run); proptest's own `PROPTEST_CASES` is honoured
//! when it is unset (`ProptestConfig::with_cases`, and any explicit `cases`, would override it,
//! so [`config`] reads both variables itself). Failures are not persisted: the shrunk failing
//! input is printed instead of written to a `proptest-regressions/` file.

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// Cases per property unless an environment variable says otherwise.
pub const DEFAULT_CASES: u32 = 64;

/// The number of cases: `FASTKIT_PROPTEST_CASES`, else `PROPTEST_CASES`, else [`DEFAULT_CASES`].
pub fn cases() -> u32 {
    for var in ["FASTKIT_PROPTEST_CASES", "PROPTEST_CASES"] {
        if let Ok(value) = std::env::var(var) {
            return value
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("{var}={value:?} is not a number of cases"));
        }
    }
    DEFAULT_CASES
}

/// The configuration of every property.
pub fn config() -> Config {
    Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Runs `test` on the values of `strategy` as `proptest!` would: [`config`]'s cases, the failing
/// input shrunk and printed.
pub fn check<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let mut runner = TestRunner::new(config());
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{e}\n{runner}");
    }
}
