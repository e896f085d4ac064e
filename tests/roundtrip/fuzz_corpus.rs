//! Replays the fuzz corpus (`fuzz/corpus/<target>/`, committed: the seeds and every input the
//! fuzzer kept or found) through the fuzz targets' assertions (`tests/shared/fuzz_check.rs`),
//! without libFuzzer, so that CI checks every finding forever without fuzzing time.
//!
//! `cargo test --test roundtrip -- --ignored write_seed_corpus` writes the seed files
//! (every workload's samples in every configuration of each target's family).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::fuzz_check::{check, compare, family_of_target, seeds, Verdict};

const TARGETS: [&str; 7] = [
    "json", "yaml", "cbor", "bincode", "bitcode", "postcard", "msgpack",
];

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target)
}

#[test]
fn corpus_replays_clean() {
    let mut replayed = 0;
    for target in TARGETS {
        let family = family_of_target(target).unwrap();
        let Ok(entries) = std::fs::read_dir(corpus_dir(target)) else {
            panic!("no corpus for the fuzz target {target}");
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| check(family, &data));
            assert!(outcome.is_ok(), "{target}: {} fails", path.display());
            replayed += 1;
        }
    }
    assert!(replayed >= TARGETS.len(), "only {replayed} corpus files");
}

#[test]
fn structured_corpus_replays_clean() {
    let entries = std::fs::read_dir(corpus_dir("structured")).expect("a structured corpus");
    let mut replayed = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| crate::fuzz_structured::check_structured(&data));
        assert!(outcome.is_ok(), "structured: {} fails", path.display());
        replayed += 1;
    }
    assert!(replayed > 0, "an empty structured corpus");
}

#[test]
#[ignore = "writes files: run to regenerate the seed corpus"]
fn write_seed_corpus() {
    for target in TARGETS {
        let dir = corpus_dir(target);
        std::fs::create_dir_all(&dir).unwrap();
        for (i, seed) in seeds(family_of_target(target).unwrap()).iter().enumerate() {
            std::fs::write(dir.join(format!("seed-{i:03}")), seed).unwrap();
        }
    }
}

/// Every difference between FastFlatten and serde's derive on the inputs of a grown corpus
/// (`FUZZ_CORPORA=<dir>`, one subdirectory per target): how many of each intended kind
/// (`fuzz_check::intended`), and every finding with its input. How the rules were found.
#[test]
#[ignore = "reads a corpus outside the repository: FUZZ_CORPORA=<dir>"]
fn differences_in_grown_corpora() {
    let root = PathBuf::from(std::env::var("FUZZ_CORPORA").expect("FUZZ_CORPORA=<dir>"));
    let mut intended: BTreeMap<&str, (usize, PathBuf)> = BTreeMap::new();
    let mut findings = Vec::new();
    let mut inputs = 0;
    for target in TARGETS {
        let family = family_of_target(target).unwrap();
        let Ok(entries) = std::fs::read_dir(root.join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            inputs += 1;
            for comparison in compare(family, &data) {
                match comparison.verdict {
                    Verdict::Same => {}
                    Verdict::Intended(reason) => {
                        intended.entry(reason).or_insert((0, path.clone())).0 += 1;
                    }
                    Verdict::Finding(finding) => findings.push(format!(
                        "{}: {}: {finding}\n  input: {:?}",
                        comparison.format,
                        comparison.workload,
                        String::from_utf8_lossy(&data)
                    )),
                }
            }
        }
    }
    println!("{inputs} inputs; intended differences (workload x format pairs):");
    for (reason, (count, example)) in &intended {
        println!("{count:>8}  {reason} (first: {})", example.display());
    }
    assert!(findings.is_empty(), "{}", findings.join("\n\n"));
}
