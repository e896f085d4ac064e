//! Running a copy's own tests with `cargo test` and reading libtest's output: which tests
//! passed, failed or were ignored, and the compiler's errors when the copy did not build.

use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::cargo;
use crate::peers::Features;

/// How many lines of compiler errors an outcome keeps.
pub const ERROR_LINES: usize = 60;

/// How many lines of a failing test's output an outcome keeps.
const FAILURE_LINES: usize = 12;

/// A test's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestResult {
    /// `ok`.
    Passed,
    /// `FAILED`.
    Failed,
    /// `ignored`.
    Ignored,
}

/// What one `cargo test` run gave.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Whether every test target compiled (no compiler error before the tests ran).
    pub compiled: bool,
    /// Every test, as `target::name` (`tests/ser_de.rs::round_trip`), with its result.
    pub tests: BTreeMap<String, TestResult>,
    /// The first compiler errors, as printed.
    pub errors: Vec<String>,
    /// Every compiler error's first line, with where it points (file as printed, relative
    /// to the crate, and line) when it says.
    pub error_heads: Vec<(String, Option<(PathBuf, usize)>)>,
    /// The start of each failing test's output, by test.
    pub failures: BTreeMap<String, Vec<String>>,
    /// The full log.
    pub log: PathBuf,
    /// How long the run took, in seconds (0 for a log read again).
    pub seconds: u64,
}

impl Outcome {
    /// The tests with `result`.
    pub fn with(&self, result: TestResult) -> impl Iterator<Item = &str> {
        self.tests
            .iter()
            .filter(move |(_, r)| **r == result)
            .map(|(name, _)| name.as_str())
    }

    /// How many tests have `result`.
    pub fn count(&self, result: TestResult) -> usize {
        self.with(result).count()
    }
}

/// Runs `cargo test --no-fail-fast` with `features` in `dir`, building into `target_dir`,
/// writing everything cargo and the tests print to `log`.
pub fn cargo_test(
    dir: &Path,
    features: Features,
    target_dir: &Path,
    log: &Path,
) -> io::Result<Outcome> {
    let file = File::create(log)?;
    let started = Instant::now();
    // One file for both streams, in the order they are written: cargo's "Running <target>"
    // (stderr) says which target the following "test ... ok" lines (stdout) belong to.
    cargo::command(true)
        .args(["test", "--no-fail-fast"])
        .args(features.cargo_args())
        .env("CARGO_TARGET_DIR", target_dir)
        .current_dir(dir)
        .stdout(file.try_clone()?)
        .stderr(file)
        .status()?;
    let mut outcome = read_log(log)?;
    outcome.seconds = started.elapsed().as_secs();
    Ok(outcome)
}

/// Reads the outcome of an earlier run from its log.
pub fn read_log(log: &Path) -> io::Result<Outcome> {
    let text = std::fs::read_to_string(log)?;
    let mut outcome = parse(&text);
    outcome.log = log.to_owned();
    Ok(outcome)
}

/// Reads cargo's and libtest's output.
pub fn parse(text: &str) -> Outcome {
    let mut outcome = Outcome::default();
    let mut target: Option<String> = None;
    let mut in_error = false;
    let mut failure: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("Running ") {
            // `Running unittests src/lib.rs (target/debug/deps/x-hash)` or `Running tests/a.rs (..)`.
            let name = rest.split(" (").next().unwrap_or(rest);
            target = Some(name.trim_start_matches("unittests ").to_owned());
            in_error = false;
            continue;
        }
        if trimmed.starts_with("Doc-tests ") {
            target = Some("doctests".to_owned());
            in_error = false;
            continue;
        }
        let Some(target) = &target else {
            // Before the first test target runs: the build, and its errors.
            compile_line(line, &mut in_error, &mut outcome);
            continue;
        };
        if let Some(test) = line.strip_prefix("test ") {
            if let Some((name, result)) = test.rsplit_once(" ... ") {
                let result = match result.trim() {
                    "ok" => TestResult::Passed,
                    "FAILED" => TestResult::Failed,
                    ignored if ignored.starts_with("ignored") => TestResult::Ignored,
                    _ => continue,
                };
                outcome.tests.insert(format!("{target}::{name}"), result);
                continue;
            }
        }
        // A failing test's output: `---- name stdout ----` up to the next such line or the
        // list of failures.
        if let Some(name) = line
            .strip_prefix("---- ")
            .and_then(|rest| rest.strip_suffix(" stdout ----"))
        {
            finish_failure(&mut failure, &mut outcome);
            failure = Some((format!("{target}::{name}"), Vec::new()));
        } else if line == "failures:" || line.starts_with("test result:") {
            finish_failure(&mut failure, &mut outcome);
        } else if line.starts_with("stack backtrace:") {
            // The panic message is what tells failures apart; the frames are in the log.
            finish_failure(&mut failure, &mut outcome);
        } else if let Some((_, lines)) = &mut failure {
            if lines.len() < FAILURE_LINES && !line.trim().is_empty() {
                lines.push(line.to_owned());
            }
        }
    }
    finish_failure(&mut failure, &mut outcome);
    outcome.compiled = outcome.errors.is_empty() && target.is_some();
    outcome
}

/// Keeps a failing test's output once its block ends.
fn finish_failure(failure: &mut Option<(String, Vec<String>)>, outcome: &mut Outcome) {
    if let Some((name, lines)) = failure.take() {
        outcome.failures.insert(name, lines);
    }
}

/// One line of the build: keeps rustc's error diagnostics (each from its `error` line to the
/// blank line ending it), not cargo's summaries of them.
fn compile_line(line: &str, in_error: &mut bool, outcome: &mut Outcome) {
    let summary = [
        "error: could not compile",
        "error: aborting due to",
        "error: build failed",
    ]
    .iter()
    .any(|prefix| line.starts_with(prefix));
    if (line.starts_with("error[") || line.starts_with("error:")) && !summary {
        *in_error = true;
        outcome.error_heads.push((line.to_owned(), None));
    } else if line.trim().is_empty() || line.starts_with("warning") || summary {
        if *in_error && outcome.errors.len() < ERROR_LINES {
            outcome.errors.push(String::new());
        }
        *in_error = false;
        return;
    }
    if !*in_error {
        return;
    }
    if let Some(location) = line.trim_start().strip_prefix("--> ") {
        let mut parts = location.rsplitn(3, ':');
        let (_column, line_number, path) = (parts.next(), parts.next(), parts.next());
        if let (Some(path), Some(Ok(number)), Some((_, at @ None))) = (
            path,
            line_number.map(str::parse),
            outcome.error_heads.last_mut(),
        ) {
            *at = Some((PathBuf::from(path), number));
        }
    }
    if outcome.errors.len() < ERROR_LINES {
        outcome.errors.push(line.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tests_per_target_and_failures() {
        let log = "\
   Compiling p v0.1.0
    Finished `test` profile
     Running unittests src/lib.rs (target/debug/deps/p-1)

running 2 tests
test a::b ... ok
test a::c ... FAILED

failures:

---- a::c stdout ----
thread 'a::c' panicked at src/a.rs:3:5:
boom
stack backtrace:
   0: frame

failures:
    a::c

test result: FAILED. 1 passed; 1 failed; 0 ignored
     Running tests/t.rs (target/debug/deps/t-2)
test b ... ignored, needs network
   Doc-tests p
test src/lib.rs - X (line 3) ... ok
";
        let outcome = parse(log);
        assert!(outcome.compiled);
        assert_eq!(outcome.tests.len(), 4);
        assert_eq!(outcome.tests["src/lib.rs::a::c"], TestResult::Failed);
        assert_eq!(outcome.tests["tests/t.rs::b"], TestResult::Ignored);
        assert_eq!(
            outcome.tests["doctests::src/lib.rs - X (line 3)"],
            TestResult::Passed
        );
        assert_eq!(outcome.failures["src/lib.rs::a::c"].len(), 2);
        assert_eq!(outcome.failures["src/lib.rs::a::c"][1], "boom");
    }

    #[test]
    fn keeps_compiler_errors_and_where_they_point() {
        let log = "\
   Compiling p v0.1.0
warning: unused import
  --> src/x.rs:1:5

error[E0277]: the trait bound `A: Flatten` is not satisfied
  --> src/lib.rs:12:7
   |
12 |     a: A,
   |        ^

error: could not compile `p` (lib) due to 1 previous error
";
        let outcome = parse(log);
        assert!(!outcome.compiled);
        assert_eq!(
            outcome.errors[0],
            "error[E0277]: the trait bound `A: Flatten` is not satisfied"
        );
        assert_eq!(
            outcome.error_heads,
            [(
                "error[E0277]: the trait bound `A: Flatten` is not satisfied".to_owned(),
                Some((PathBuf::from("src/lib.rs"), 12))
            )]
        );
    }
}
