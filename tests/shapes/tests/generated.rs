//! Every generated family read as serde's derive reads it: serde's output of its values, edited
//! into `FASTKIT_SHAPE_INPUTS` inputs (200 by default), read by both derives on serde_json,
//! serde_yaml, ciborium and rmp-serde; its values written alike; and roundtripped by FastFlatten
//! on bincode 2, bitcode, postcard and rmp-serde's arrays where they can be. The counts print
//! with `--nocapture`; any difference no rule of `fastkit_support::common::drop_in` allows fails,
//! with the family's types and the input (`FASTKIT_SHAPES_REPORT=<file>` writes the counts and
//! every finding: `.ci/run` prints it).

use fastkit_shape_tests::{visit_family, FAMILIES};
use fastkit_support::shapes::{check, FamilyVisitor, ShapeFamily, Tally};

struct Checker {
    inputs: usize,
    tally: Tally,
}

impl FamilyVisitor for Checker {
    fn visit<F: ShapeFamily>(&mut self) {
        check::<F>(self.inputs, &mut self.tally);
    }
}

#[test]
fn families_read_as_serde_reads_them() {
    let inputs = std::env::var("FASTKIT_SHAPE_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let mut checker = Checker {
        inputs,
        tally: Tally::default(),
    };
    for index in 0..FAMILIES {
        visit_family(index, &mut checker);
    }
    let tally = checker.tally;
    println!("{}", tally.summary());
    if let Some(path) = std::env::var_os("FASTKIT_SHAPES_REPORT") {
        let report = format!("{}\n\n{}", tally.summary(), tally.findings.join("\n\n"));
        std::fs::write(path, report).expect("write the counts and findings");
    }
    assert!(
        tally.findings.is_empty(),
        "{} findings; the first:\n{}",
        tally.findings.len(),
        tally
            .findings
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
