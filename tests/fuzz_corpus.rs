//! Replays the fuzz corpus (`fuzz/corpus/<target>/`, committed: the seeds and every input the
//! fuzzer kept or found) through the fuzz targets' assertions (`tests/shared/fuzz_check.rs`),
//! without libFuzzer, so that CI checks every finding forever without fuzzing time.
//!
//! `cargo test --test fuzz_corpus -- --ignored write_seed_corpus` writes the seed files
//! (every workload's samples in every configuration of each target's family).

#[path = "../benches/common/mod.rs"]
mod common;
#[path = "shared/fuzz_check.rs"]
mod fuzz_check;
#[path = "../benches/workloads/mod.rs"]
mod workloads;

use std::path::{Path, PathBuf};

use fuzz_check::{check, family_of_target, seeds};

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
