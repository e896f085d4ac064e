//! The peers harness: runs published crates' own tests on their original source and on copies
//! whose serde derives are swapped for `#[derive(serde_fastkit::FastFlatten)]`, and reports
//! what does not compile and which tests fail only with FastFlatten.
//!
//! ```text
//! cargo run -p peers --release -- [--mode buffers|every|both] [--leave Type,Type]
//!                                 [--fastkit PATH] [--skip-known-limits]
//!                                 [--rerun-original] [--rewrite-only] [--speed] [crate ...]
//! ```
//!
//! Every type the mode picks is swapped unless the peer's table row (`peers.rs`) or `--leave`
//! keeps it on serde's derive: what FastFlatten cannot compile shows as compiler errors.
//! `--skip-known-limits` also keeps the forms README.md lists as unsupported (tuple structs,
//! `remote`, variant-level `untagged`, ...) on serde's derive, for a serde_fastkit that still
//! has those limits.
//!
//! The rewritten copies depend on serde_fastkit at `--fastkit` (default: this workspace's
//! root, as it is on disk). A snapshot of a commit (`git archive HEAD | tar -x -C DIR`) keeps
//! a long run on one version of the derive while the working tree changes.
//!
//! `--speed` runs no tests: it times every example fixture a peer ships, decoded by the crate
//! as published and by each mode's copy, and writes `speed.md` ([`speed`]); run for every
//! peer, it also rewrites the section of `BENCHMARKS.md` on real fixtures.
//!
//! Everything happens under `target/peers/` of this workspace: the copies
//! (`<crate>-<version>/{original,buffers,every}`), their logs, one shared cargo target directory
//! for all of them (their dependencies are built once), and `report.md`.

mod cargo;
mod fetch;
mod manifest;
mod peers;
mod report;
mod rewrite;
mod run;
mod speed;
mod tree;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use peers::Peer;
use report::{ModeRun, PeerRun};
use rewrite::Mode;
use run::Outcome;

/// What the command line asks for.
#[derive(Debug)]
struct Options {
    /// The modes to run, in order.
    modes: Vec<Mode>,
    /// Types to leave on serde's derive in every peer, from `--leave`.
    leave: Vec<String>,
    /// Keep README's unsupported forms on serde's derive.
    skip_known_limits: bool,
    /// Run the original's tests again even when an earlier run's log is there.
    rerun_original: bool,
    /// Only write the rewritten copies; run no tests.
    rewrite_only: bool,
    /// Time the peers' fixtures instead of running their tests.
    speed: bool,
    /// The serde_fastkit the copies depend on.
    fastkit: PathBuf,
    /// The peers named (none: all).
    names: Vec<String>,
}

/// Reads the command line.
fn options() -> Result<Options, String> {
    let mut options = Options {
        modes: vec![Mode::Buffers, Mode::Every],
        leave: Vec::new(),
        skip_known_limits: false,
        rerun_original: false,
        rewrite_only: false,
        speed: false,
        fastkit: workspace_root(),
        names: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--mode" => {
                options.modes = match args.next().as_deref() {
                    Some("buffers") => vec![Mode::Buffers],
                    Some("every") => vec![Mode::Every],
                    Some("both") => vec![Mode::Buffers, Mode::Every],
                    other => {
                        return Err(format!(
                            "--mode takes buffers, every or both, not {other:?}"
                        ))
                    }
                }
            }
            "--leave" => {
                let list = args.next().ok_or("--leave takes a list of type names")?;
                options.leave.extend(
                    list.split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned),
                );
            }
            "--fastkit" => {
                let path = PathBuf::from(args.next().ok_or("--fastkit takes a path")?);
                options.fastkit = std::fs::canonicalize(&path)
                    .map_err(|error| format!("--fastkit {}: {error}", path.display()))?;
            }
            "--skip-known-limits" => options.skip_known_limits = true,
            "--rerun-original" => options.rerun_original = true,
            "--rewrite-only" => options.rewrite_only = true,
            "--speed" => options.speed = true,
            "-h" | "--help" => {
                return Err(
                    "usage: peers [--mode buffers|every|both] [--leave Type,Type] \
                     [--fastkit PATH] [--skip-known-limits] [--rerun-original] \
                     [--rewrite-only] [--speed] [crate ...]"
                        .to_owned(),
                )
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            name => options.names.push(name.to_owned()),
        }
    }
    Ok(options)
}

/// This workspace's root (serde_fastkit itself), which the rewritten copies depend on.
fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_owned()
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let peers = match peers::select(&options.names) {
        Ok(peers) => peers,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let work = workspace_root().join("target").join("peers");
    if options.speed {
        return run_speed(&peers, &options, &work);
    }
    let path = work.join("report.md");
    let mut runs = Vec::new();
    for peer in peers {
        match run_peer(peer, &options, &work) {
            Ok(run) => runs.push(run),
            Err(message) => {
                eprintln!("[{}] {message}", peer.name);
                return ExitCode::FAILURE;
            }
        }
        // After each peer, so that a long run shows what it has so far.
        if let Err(error) = std::fs::write(&path, report::render(&runs, &options.fastkit)) {
            eprintln!("writing {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
    }
    println!("{}", report::render(&runs, &options.fastkit));
    eprintln!("report written to {}", path.display());
    ExitCode::SUCCESS
}

/// Fetches, copies, rewrites and tests one peer.
fn run_peer(peer: &'static Peer, options: &Options, work: &Path) -> Result<PeerRun, String> {
    let source = fetch::source(peer, work)?;
    eprintln!("[{}] source: {}", peer.name, source.display());
    let dir = work.join(peer.dir_name());
    let target_dir = work.join("cargo-target");
    let original = dir.join("original");
    tree::copy_crate(&source, &original, manifest::standalone)
        .map_err(tree::io("copying to", &original))?;
    lock(&original)?;
    let original_outcome = test_original(peer, options, &dir, &target_dir)?;

    let rules = rules(peer, options);

    let mut modes = Vec::new();
    for &mode in &options.modes {
        let copy = dir.join(mode.name());
        let summary = rewrite::rewrite_crate(&source, &copy, mode, &rules, &options.fastkit)
            .map_err(tree::io("rewriting into", &copy))?;
        eprintln!(
            "[{}] {}: {} types swapped ({} one half), {} left, {} fields buffered, {} files changed",
            peer.name,
            mode.name(),
            summary.swapped.len(),
            summary.halves_apart.len(),
            summary.left.len(),
            summary.buffered.len(),
            summary.changed_files
        );
        // The same dependency versions as the original: its lock file, to which cargo adds
        // serde_fastkit.
        let lock_bytes =
            std::fs::read(original.join("Cargo.lock")).map_err(tree::io("reading", &original))?;
        tree::write_if_changed(&copy.join("Cargo.lock"), &lock_bytes)
            .map_err(tree::io("writing", &copy))?;
        let outcome = if options.rewrite_only {
            None
        } else {
            let log = dir.join(format!("{}.log", mode.name()));
            eprintln!(
                "[{}] {}: cargo test (log: {})",
                peer.name,
                mode.name(),
                log.display()
            );
            tree::touch(&copy).map_err(tree::io("touching", &copy))?;
            let outcome = run::cargo_test(&copy, peer.features, &target_dir, &log)
                .map_err(tree::io("testing", &copy))?;
            eprintln!("[{}] {}: {}", peer.name, mode.name(), progress(&outcome));
            Some(outcome)
        };
        modes.push(ModeRun {
            mode,
            summary,
            outcome,
        });
    }
    Ok(PeerRun {
        peer,
        original: original_outcome,
        modes,
    })
}

/// What the rewrite of `peer` leaves on serde's derive: its table row's types and `--leave`'s.
fn rules(peer: &Peer, options: &Options) -> rewrite::Rules {
    rewrite::Rules {
        leave: peer
            .leave
            .iter()
            .map(|(name, why)| ((*name).to_owned(), (*why).to_owned()))
            .chain(
                options
                    .leave
                    .iter()
                    .map(|name| (name.clone(), "left with --leave".to_owned())),
            )
            .collect(),
        skip_known_limits: options.skip_known_limits,
        maps: rewrite::NativeMaps::default(),
    }
}

/// The speed mode: times each peer's fixtures and writes `speed.md`.
fn run_speed(peers: &[&'static Peer], options: &Options, work: &Path) -> ExitCode {
    let path = work.join("speed.md");
    let mut runs = Vec::new();
    for &peer in peers {
        let rules = rules(peer, options);
        match speed::run_peer(peer, &options.modes, &rules, &options.fastkit, work) {
            Ok(run) => runs.push(run),
            Err(message) => {
                eprintln!("[{}] {message}", peer.name);
                return ExitCode::FAILURE;
            }
        }
        if let Err(error) = std::fs::write(&path, speed::render(&runs)) {
            eprintln!("writing {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
    }
    println!("{}", speed::render(&runs));
    eprintln!("report written to {}", path.display());
    // BENCHMARKS.md states every peer's fixtures: its section is rewritten by a run of all.
    if options.names.is_empty() {
        let benchmarks = workspace_root().join("BENCHMARKS.md");
        let written = std::fs::read_to_string(&benchmarks)
            .and_then(|old| std::fs::write(&benchmarks, speed::with_section(&old, &runs)));
        if let Err(error) = written {
            eprintln!("updating {}: {error}", benchmarks.display());
            return ExitCode::FAILURE;
        }
        eprintln!(
            "section {:?} of {} rewritten",
            speed::SECTION,
            benchmarks.display()
        );
    }
    ExitCode::SUCCESS
}

/// The original's test outcome: read from the last run's log when that run had the same
/// version and features (the original never changes), else run.
fn test_original(
    peer: &Peer,
    options: &Options,
    dir: &Path,
    target_dir: &Path,
) -> Result<Option<Outcome>, String> {
    let log = dir.join("original.log");
    let stamp_path = dir.join("original.stamp");
    let stamp = format!("{} {:?}\n", peer.dir_name(), peer.features);
    let same = std::fs::read_to_string(&stamp_path).is_ok_and(|old| old == stamp);
    if same && !options.rerun_original && log.is_file() {
        eprintln!(
            "[{}] original: reading the last run's log {}",
            peer.name,
            log.display()
        );
        return run::read_log(&log)
            .map(Some)
            .map_err(|error| format!("reading {}: {error}", log.display()));
    }
    if options.rewrite_only {
        return Ok(None);
    }
    eprintln!(
        "[{}] original: cargo test (log: {})",
        peer.name,
        log.display()
    );
    tree::touch(&dir.join("original"))
        .map_err(|error| format!("touching the original: {error}"))?;
    let outcome = run::cargo_test(&dir.join("original"), peer.features, target_dir, &log)
        .map_err(|error| format!("testing the original: {error}"))?;
    eprintln!("[{}] original: {}", peer.name, progress(&outcome));
    std::fs::write(&stamp_path, stamp).map_err(tree::io("writing", &stamp_path))?;
    Ok(Some(outcome))
}

/// Makes sure the original has a lock file, for the copies to share its versions.
fn lock(original: &Path) -> Result<(), String> {
    if original.join("Cargo.lock").is_file() {
        return Ok(());
    }
    let status = cargo::command(false)
        .arg("generate-lockfile")
        .current_dir(original)
        .status()
        .map_err(|error| format!("starting cargo generate-lockfile: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "cargo generate-lockfile in {} failed: {status}",
            original.display()
        ))
    }
}

/// One line on how a run went, for the terminal.
fn progress(outcome: &Outcome) -> String {
    if !outcome.compiled {
        return format!("does not compile ({} s)", outcome.seconds);
    }
    format!(
        "{} passed, {} failed, {} ignored ({} s)",
        outcome.count(run::TestResult::Passed),
        outcome.count(run::TestResult::Failed),
        outcome.count(run::TestResult::Ignored),
        outcome.seconds
    )
}
