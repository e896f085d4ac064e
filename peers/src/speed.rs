//! The speed mode (`--speed`): every example fixture a peer ships, decoded by the crate built
//! with serde's derives and by its rewritten copies, interleaved, in time per decode.
//!
//! The copies live under `<peer>/speed/` (apart from the test runs' copies, whose test counts
//! the timing tests would change): the original and one per mode, each with a timing test
//! written beside every fixture test of its `src/` ([`sites`]) and for each file of JSON lines
//! the peer's row names (`Peer::lines`). Each is built once, optimized
//! (`cargo test --release --lib --no-run`), and its test binary kept. Then [`ROUNDS`] rounds run
//! every binary's timing tests, the order rotating each round, so that the machine's drift falls
//! on every copy alike. A fixture's ratio is the median over the rounds of the copy's time over
//! the original's in the same round.

pub mod sites;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::peers::Peer;
use crate::rewrite::{self, Mode, Rules};
use crate::{cargo, manifest, tree};
use sites::{Site, MARKER, TEST_PREFIX};

/// How many times every binary runs every timing test.
pub const ROUNDS: usize = 9;

/// A ratio this far from 1 counts as faster or slower in the report (about the spread between
/// rounds of a fixture whose code is the same in both copies).
const NOTICEABLE: f64 = 0.05;

/// One fixture, measured.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// `file::test`, unique in the crate.
    pub key: String,
    /// The fixture's file name without `.json`.
    pub name: String,
    /// Nanoseconds per decode, per copy (the original first, then the modes in order), per
    /// round; empty where the copy refused the fixture.
    pub times: Vec<Vec<f64>>,
    /// Instructions per decode, per copy (callgrind), where counted.
    pub instructions: Vec<Option<f64>>,
}

impl Fixture {
    /// The median over the rounds of copy `copy`'s time over the original's, if both decoded
    /// it in every round.
    pub fn ratio(&self, copy: usize) -> Option<f64> {
        let (original, other) = (&self.times[0], &self.times[copy]);
        if original.len() != ROUNDS || other.len() != ROUNDS {
            return None;
        }
        let mut ratios: Vec<f64> = other.iter().zip(original).map(|(o, b)| o / b).collect();
        Some(median(&mut ratios))
    }

    /// Copy `copy`'s instructions per decode over the original's, where both were counted.
    pub fn instruction_ratio(&self, copy: usize) -> Option<f64> {
        Some(self.instructions.get(copy).copied()?? / self.instructions.first().copied()??)
    }

    /// The original's median time per decode.
    pub fn original_time(&self) -> f64 {
        median(&mut self.times[0].clone())
    }
}

/// One peer's speed run.
#[derive(Debug)]
pub struct PeerSpeed {
    /// The peer.
    pub peer: &'static Peer,
    /// The modes measured, in the order of [`Fixture::times`] after the original.
    pub modes: Vec<Mode>,
    /// How many types each mode's copy swapped (none measured when the peer has no fixtures).
    pub swapped: Vec<usize>,
    /// How many fixtures were found in its source.
    pub found: usize,
    /// Every fixture whose timing test ran, measured.
    pub fixtures: Vec<Fixture>,
    /// Fixture tests whose decoded type the harness could not tell (not measured).
    pub untyped: Vec<String>,
}

/// Builds the peer's copies, runs their timing tests and collects the times.
pub fn run_peer(
    peer: &'static Peer,
    modes: &[Mode],
    rules: &Rules,
    fastkit: &Path,
    work: &Path,
) -> Result<PeerSpeed, String> {
    let source = crate::fetch::source(peer, work)?;
    let dir = work.join(peer.dir_name()).join("speed");
    let target_dir = work.join("cargo-target");

    let original = dir.join("original");
    tree::copy_crate(&source, &original, manifest::standalone)
        .map_err(tree::io("copying to", &original))?;
    crate::lock(&original)?;
    let found = instrument(&original, peer.lines).map_err(tree::io("instrumenting", &original))?;
    eprintln!(
        "[{}] speed: {} fixtures ({} fixture tests without a type the harness can tell)",
        peer.name,
        found.sites.len(),
        found.untyped.len()
    );
    let mut speed = PeerSpeed {
        peer,
        modes: modes.to_vec(),
        swapped: Vec::new(),
        found: found.sites.len(),
        fixtures: Vec::new(),
        untyped: found.untyped,
    };
    if found.sites.is_empty() {
        return Ok(speed);
    }
    let lock_bytes =
        std::fs::read(original.join("Cargo.lock")).map_err(tree::io("reading", &original))?;
    let mut copies = vec![("original", original)];
    for &mode in modes {
        let copy = dir.join(mode.name());
        let summary = rewrite::rewrite_crate(&source, &copy, mode, rules, fastkit)
            .map_err(tree::io("rewriting into", &copy))?;
        tree::write_if_changed(&copy.join("Cargo.lock"), &lock_bytes)
            .map_err(tree::io("writing", &copy))?;
        instrument(&copy, peer.lines).map_err(tree::io("instrumenting", &copy))?;
        speed.swapped.push(summary.swapped.len());
        copies.push((mode.name(), copy));
    }

    let mut binaries = Vec::new();
    for (name, copy) in &copies {
        eprintln!("[{}] speed: building {name} (optimized)", peer.name);
        let built = build(copy, peer, &target_dir)?;
        let kept = dir.join(format!("{name}.test"));
        std::fs::copy(&built, &kept).map_err(tree::io("copying", &built))?;
        // The fixture tests may all be configured out with the features the tests run with
        // (alloy's is under `ssz`): the crate as published tells, before the modes are built.
        if binaries.is_empty() && timing_tests(&kept)?.is_empty() {
            eprintln!(
                "[{}] speed: no timing test is built; the modes are not",
                peer.name
            );
            return Ok(speed);
        }
        binaries.push(kept);
    }

    let mut times: BTreeMap<(String, String), Vec<Vec<f64>>> = BTreeMap::new();
    for round in 0..ROUNDS {
        for step in 0..binaries.len() {
            let copy = (round + step) % binaries.len();
            for (key, name, nanos) in run(&binaries[copy])? {
                let entry = times
                    .entry((key, name))
                    .or_insert_with(|| vec![Vec::new(); binaries.len()]);
                entry[copy].extend(nanos);
            }
        }
        eprintln!("[{}] speed: round {} of {ROUNDS}", peer.name, round + 1);
    }
    let mut counted = Vec::new();
    for (binary, (name, _)) in binaries.iter().zip(&copies) {
        eprintln!(
            "[{}] speed: counting {name}'s instructions (callgrind)",
            peer.name
        );
        counted.push(instructions(binary)?);
    }
    speed.fixtures = times
        .into_iter()
        .map(|((key, name), times)| Fixture {
            instructions: counted
                .iter()
                .map(|counts| counts.get(&key).copied())
                .collect(),
            key,
            name,
            times,
        })
        .collect();
    Ok(speed)
}

/// Instructions per decode of each fixture in one binary, by key: each timing test run under
/// callgrind decoding its fixture once and eleven times more ([`sites::DECODES`]), a tenth of
/// the difference, so that the program's start and the test harness cancel out. The tests run
/// on every core.
fn instructions(binary: &Path) -> Result<BTreeMap<String, f64>, String> {
    let tests = timing_tests(binary)?;
    let count = |test: &str, decodes: u32| -> Option<(String, u64)> {
        let output = std::process::Command::new("valgrind")
            .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
            .arg(binary)
            .args([test, "--exact", "--ignored", "--nocapture"])
            .env(sites::DECODES, decodes.to_string())
            .output()
            .ok()?;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let line = stdout.lines().find(|line| line.contains(MARKER))?;
        if line.trim_end().ends_with(" error") {
            return None;
        }
        let key = line[line.find(MARKER)? + MARKER.len()..]
            .split_whitespace()
            .next()?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        let collected = stderr
            .lines()
            .find_map(|line| line.split("Collected :").nth(1))?;
        Some((key.to_owned(), collected.trim().parse().ok()?))
    };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let counts = std::sync::Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(test) = tests.get(index) else { break };
                if let (Some((key, once)), Some((_, more))) = (count(test, 1), count(test, 11)) {
                    let per_decode = more.saturating_sub(once) as f64 / 10.0;
                    counts
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(key, per_decode);
                }
            });
        }
    });
    Ok(counts.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Writes the timing tests into the copy's `src/` files, which hold the crate's text (the
/// copy was just written): one beside each fixture test, and one per file of JSON `lines` at the
/// end of `src/lib.rs`. Returns what was found.
fn instrument(copy: &Path, lines: &[(&str, &str)]) -> std::io::Result<sites::Found> {
    let mut all = sites::Found::default();
    for path in tree::files(copy)? {
        if !path.starts_with("src") || path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(copy.join(&path))?;
        let mut found = sites::find(&path, &text);
        if path == Path::new("src/lib.rs") {
            found.sites.extend(
                lines
                    .iter()
                    .map(|(fixture, ty)| Site::lines(fixture, ty, &text)),
            );
        }
        if !found.sites.is_empty() {
            let refs: Vec<&Site> = found.sites.iter().collect();
            tree::write_if_changed(
                &copy.join(&path),
                sites::instrument(&text, &refs).as_bytes(),
            )?;
        }
        all.sites.extend(found.sites);
        all.untyped.extend(found.untyped);
    }
    Ok(all)
}

/// Builds the copy's library tests, optimized, and returns the test binary's path.
fn build(copy: &Path, peer: &Peer, target_dir: &Path) -> Result<PathBuf, String> {
    // The copies share one target directory and one package name: mark this one's files as
    // changed so cargo builds it, not the last copy's artifacts (see `tree::touch`).
    tree::touch(copy).map_err(tree::io("touching", copy))?;
    let output = cargo::command(true)
        .args([
            "test",
            "--release",
            "--lib",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .args(peer.features.cargo_args())
        .env("CARGO_TARGET_DIR", target_dir)
        .current_dir(copy)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| format!("starting cargo test --no-run: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo test --release --no-run in {} failed: {}",
            copy.display(),
            output.status
        ));
    }
    // Cargo's JSON messages: the test binary is the artifact with `"test":true` and an
    // `"executable"`, a path under `target/peers/` (no `"` or `\\` to unescape).
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| {
            line.contains("\"reason\":\"compiler-artifact\"") && line.contains("\"test\":true")
        })
        .find_map(|line| {
            let at = line.find("\"executable\":\"")? + "\"executable\":\"".len();
            let end = line[at..].find('"')? + at;
            Some(PathBuf::from(&line[at..end]))
        })
        .ok_or_else(|| format!("no test binary built in {}", copy.display()))
}

/// The names of a binary's timing tests.
fn timing_tests(binary: &Path) -> Result<Vec<String>, String> {
    let output = std::process::Command::new(binary)
        .args([TEST_PREFIX, "--ignored", "--list"])
        .stderr(Stdio::null())
        .output()
        .map_err(tree::io("running", binary))?;
    if !output.status.success() {
        return Err(format!(
            "{} --list failed: {}",
            binary.display(),
            output.status
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.strip_suffix(": test"))
        .map(str::to_owned)
        .collect())
}

/// Runs a binary's timing tests once; each fixture's key, name and time per decode (none when
/// the copy refused the fixture).
fn run(binary: &Path) -> Result<Vec<(String, String, Option<f64>)>, String> {
    let output = std::process::Command::new(binary)
        .args([TEST_PREFIX, "--ignored", "--test-threads=1", "--nocapture"])
        .stderr(Stdio::null())
        .output()
        .map_err(tree::io("running", binary))?;
    if !output.status.success() {
        return Err(format!("{} failed: {}", binary.display(), output.status));
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| {
            let at = line.find(MARKER)?;
            let mut words = line[at + MARKER.len()..].split_whitespace();
            let (key, name, value) = (words.next()?, words.next()?, words.next()?);
            Some((key.to_owned(), name.to_owned(), value.parse().ok()))
        })
        .collect())
}

/// The median of some numbers (sorted in place).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

/// The Markdown report of the speed runs.
pub fn render(runs: &[PeerSpeed]) -> String {
    let mut out = format!("# Peers: real fixtures\n\n{}", summary(runs));
    for run in runs {
        details(run, &mut out);
    }
    out
}

/// The heading of `BENCHMARKS.md`'s section on real fixtures, which the speed mode writes and
/// the benchmark report (`benches/report/main.rs`) keeps when it rewrites the file above it.
pub const SECTION: &str = "## Real crates' fixtures";

/// `BENCHMARKS.md` (its text `old`) with the section on real fixtures replaced by this run's.
pub fn with_section(old: &str, runs: &[PeerSpeed]) -> String {
    let above = old.find(SECTION).map_or(old, |at| &old[..at]);
    format!("{}\n\n{SECTION}\n\n{}", above.trim_end(), summary(runs))
}

/// What was measured, and the summary table: per peer and mode, the fixtures' ratios.
fn summary(runs: &[PeerSpeed]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Each example fixture a crate ships decoded (`serde_json::from_slice` into the type \
         its test decodes it as; for a file of JSON lines, every line) by the crate rewritten \
         with FastFlatten (in the peers harness's modes: where serde buffers, or every type) \
         and by the crate as published with serde's derive. Time: per fixture the median over \
         {ROUNDS} interleaved rounds of the ratio of the times per decode; instructions: the \
         ratio of callgrind's counts per decode. Under 1 is faster. Command: \
         `cargo run -p peers --release -- --speed`; `target/peers/speed.md` then lists every \
         fixture.\n"
    );
    let _ = writeln!(
        out,
        "| crate | copy | fixtures | time: geometric mean | median | range | faster, slower by \
         over {p}% | instructions: geometric mean | range |\n\
         |---|---|--:|--:|--:|--:|--:|--:|--:|",
        p = (NOTICEABLE * 100.0).round()
    );
    for run in runs {
        for (index, mode) in run.modes.iter().enumerate() {
            let copy = index + 1;
            let crate_name = format!("{} {}", run.peer.name, run.peer.version);
            let swapped = run
                .swapped
                .get(index)
                .map_or(String::new(), |n| format!(" ({n} types swapped)"));
            let copy_name = format!("{}{swapped}", mode.name());
            let times: Vec<f64> = run.fixtures.iter().filter_map(|f| f.ratio(copy)).collect();
            let counts: Vec<f64> = run
                .fixtures
                .iter()
                .filter_map(|f| f.instruction_ratio(copy))
                .collect();
            if times.is_empty() {
                continue;
            }
            let faster = times.iter().filter(|r| **r < 1.0 - NOTICEABLE).count();
            let slower = times.iter().filter(|r| **r > 1.0 + NOTICEABLE).count();
            let _ = writeln!(
                out,
                "| {crate_name} | {copy_name} | {} | {:.3} | {:.3} | {} | {faster}, {slower} | {} | {} |",
                times.len(),
                geometric_mean(&times),
                median(&mut times.clone()),
                range(&times),
                if counts.is_empty() { "-".to_owned() } else { format!("{:.3}", geometric_mean(&counts)) },
                range(&counts),
            );
        }
    }
    for run in runs.iter().filter(|run| run.fixtures.is_empty()) {
        let what = no_fixtures(run);
        let _ = writeln!(out, "\n{} {}: {what}.", run.peer.name, run.peer.version);
    }
    out
}

/// Why a peer has no fixture measured: none found, or none built.
fn no_fixtures(run: &PeerSpeed) -> String {
    if run.found == 0 {
        "no fixtures (no `#[test]` in its `src/` includes a `.json` file, and its row in \
         `peers.rs` names no file of JSON lines)"
            .to_owned()
    } else {
        format!(
            "{} fixture test(s), none built with the features its tests run with ({})",
            run.found,
            run.peer.features.describe()
        )
    }
}

/// The geometric mean of some ratios.
fn geometric_mean(ratios: &[f64]) -> f64 {
    (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp()
}

/// `min-max` of some ratios, or `-`.
fn range(ratios: &[f64]) -> String {
    let min = ratios.iter().copied().reduce(f64::min);
    let max = ratios.iter().copied().reduce(f64::max);
    match (min, max) {
        (Some(min), Some(max)) => format!("{min:.2}-{max:.2}"),
        _ => "-".to_owned(),
    }
}

/// One peer's fixtures, each with its ratios.
fn details(run: &PeerSpeed, out: &mut String) {
    let _ = writeln!(out, "\n## {} {}\n", run.peer.name, run.peer.version);
    if run.fixtures.is_empty() {
        let what = no_fixtures(run);
        let _ = writeln!(out, "{}{}.\n", what[..1].to_uppercase(), &what[1..]);
    }
    for untyped in &run.untyped {
        let _ = writeln!(out, "- not measured (no decoded type found): {untyped}");
    }
    let refused: Vec<&str> = run
        .fixtures
        .iter()
        .filter(|f| f.times.iter().any(Vec::is_empty))
        .map(|f| f.key.as_str())
        .collect();
    if !refused.is_empty() {
        let _ = writeln!(
            out,
            "- refused by a copy (not measured): {}",
            refused.join(", ")
        );
    }
    if run.fixtures.is_empty() {
        return;
    }
    let modes: Vec<&str> = run.modes.iter().map(|m| m.name()).collect();
    let times: Vec<String> = modes.iter().map(|m| format!("{m}: time")).collect();
    let counts: Vec<String> = modes.iter().map(|m| format!("{m}: instructions")).collect();
    let _ = writeln!(
        out,
        "\n| fixture | serde: ns | serde: instructions | {} | {} |\n|---|--:|--:|{}",
        times.join(" | "),
        counts.join(" | "),
        "--:|".repeat(2 * modes.len())
    );
    let shown = |ratio: Option<f64>| ratio.map_or("-".to_owned(), |r| format!("{r:.3}"));
    for fixture in &run.fixtures {
        let copies = 1..=modes.len();
        let times: Vec<String> = copies.clone().map(|c| shown(fixture.ratio(c))).collect();
        let counts: Vec<String> = copies
            .map(|c| shown(fixture.instruction_ratio(c)))
            .collect();
        let _ = writeln!(
            out,
            "| {} | {:.0} | {} | {} | {} |",
            fixture.name,
            fixture.original_time(),
            fixture.instructions[0].map_or("-".to_owned(), |n| format!("{n:.0}")),
            times.join(" | "),
            counts.join(" | ")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ratio_is_the_median_of_the_rounds() {
        let fixture = Fixture {
            key: "k".to_owned(),
            name: "n".to_owned(),
            instructions: vec![Some(1000.0), Some(800.0)],
            times: vec![
                vec![100.0; ROUNDS],
                (0..ROUNDS).map(|i| 50.0 + i as f64).collect(),
            ],
        };
        assert_eq!(fixture.ratio(1), Some(0.54));
        assert_eq!(fixture.instruction_ratio(1), Some(0.8));
        let refused = Fixture {
            times: vec![vec![100.0; ROUNDS], Vec::new()],
            ..fixture
        };
        assert_eq!(refused.ratio(1), None);
    }
}
