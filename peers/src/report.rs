//! The Markdown report: one table row per peer and mode, then what went wrong (tests failing
//! only with FastFlatten, compiler errors with the types they point into) and the details.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::peers::Peer;
use crate::rewrite::{Mode, Summary};
use crate::run::{Outcome, TestResult, ERROR_LINES};

/// How many names a table cell lists before it only counts.
const NAMES_IN_A_CELL: usize = 12;

/// One peer's runs.
#[derive(Debug)]
pub struct PeerRun {
    /// The peer.
    pub peer: &'static Peer,
    /// Its tests on the original source, unless only the rewrite was asked for.
    pub original: Option<Outcome>,
    /// Its tests in each rewritten copy.
    pub modes: Vec<ModeRun>,
}

/// One rewritten copy of a peer and its tests.
#[derive(Debug)]
pub struct ModeRun {
    /// The mode.
    pub mode: Mode,
    /// What the rewrite did.
    pub summary: Summary,
    /// Its tests, unless only the rewrite was asked for.
    pub outcome: Option<Outcome>,
}

impl ModeRun {
    /// Tests that pass on the original and fail (or did not run) with FastFlatten.
    pub fn newly_failing<'a>(
        &'a self,
        original: Option<&'a Outcome>,
    ) -> Vec<(&'a str, &'static str)> {
        let (Some(original), Some(outcome)) = (
            original,
            self.outcome.as_ref().filter(|outcome| outcome.compiled),
        ) else {
            return Vec::new();
        };
        original
            .with(TestResult::Passed)
            .filter_map(|name| match outcome.tests.get(name) {
                Some(TestResult::Passed) | Some(TestResult::Ignored) => None,
                Some(TestResult::Failed) => Some((name, "failed")),
                None => Some((name, "did not run")),
            })
            .collect()
    }
}

/// The whole report.
pub fn render(runs: &[PeerRun], fastkit: &Path) -> String {
    let mut out = String::new();
    out.push_str("# Peers: their own tests with serde's derive and with FastFlatten\n\n");
    let _ = writeln!(out, "serde_fastkit: `{}`\n", fastkit.display());
    out.push_str(
        "| crate | mode | types swapped | left on serde's derive (why) | tests, serde's derive | with FastFlatten |\n\
         |---|---|---|---|---|---|\n",
    );
    for run in runs {
        for mode in &run.modes {
            let _ = writeln!(
                out,
                "| {} {} ({}) | {} | {} | {} | {} | {} |",
                run.peer.name,
                run.peer.version,
                run.peer.features.describe(),
                mode.mode.name(),
                swapped_cell(mode),
                left_cell(&mode.summary),
                tests_cell(run.original.as_ref(), None),
                tests_cell(
                    mode.outcome.as_ref(),
                    Some(mode.newly_failing(run.original.as_ref()).len())
                ),
            );
        }
    }
    for run in runs {
        if !run.peer.note.is_empty() {
            let _ = writeln!(out, "\n{}: {}", run.peer.name, run.peer.note);
        }
    }

    out.push_str("\n## Tests failing with FastFlatten that pass with serde's derive\n\n");
    let mut any = false;
    for run in runs {
        for mode in &run.modes {
            for (name, how) in mode.newly_failing(run.original.as_ref()) {
                any = true;
                let _ = writeln!(
                    out,
                    "- {} ({}): `{name}` {how}",
                    run.peer.name,
                    mode.mode.name()
                );
                let lines = mode.outcome.as_ref().and_then(|o| o.failures.get(name));
                if let Some(lines) = lines.filter(|lines| !lines.is_empty()) {
                    let _ = writeln!(out, "\n  ```text\n  {}\n  ```\n", lines.join("\n  "));
                }
            }
        }
    }
    if !any {
        out.push_str("None.\n");
    }

    out.push_str("\n## Compile errors\n\n");
    let mut any = false;
    for run in runs {
        let copies = std::iter::once(("original", None, run.original.as_ref())).chain(
            run.modes
                .iter()
                .map(|m| (m.mode.name(), Some(&m.summary), m.outcome.as_ref())),
        );
        for (name, summary, outcome) in copies {
            let Some(outcome) = outcome.filter(|outcome| !outcome.compiled) else {
                continue;
            };
            any = true;
            let _ = writeln!(out, "### {} ({name})\n", run.peer.name);
            let _ = writeln!(out, "{} errors:\n", outcome.error_heads.len());
            for (head, at) in &outcome.error_heads {
                let place = at.as_ref().map(|(path, line)| {
                    let in_type = summary
                        .and_then(|summary| summary.type_at(path, *line))
                        .map(|name| format!(", in `{name}`"))
                        .unwrap_or_default();
                    format!(" ({}:{line}{in_type})", path.display())
                });
                let _ = writeln!(out, "- `` {head} ``{}", place.unwrap_or_default());
            }
            let _ = writeln!(out, "\nThe first {ERROR_LINES} lines:\n");
            let _ = writeln!(
                out,
                "```text\n{}\n```\n",
                outcome.errors.join("\n").trim_end()
            );
            let _ = writeln!(out, "Full log: `{}`\n", outcome.log.display());
        }
    }
    if !any {
        out.push_str("None.\n");
    }

    out.push_str("\n## Details\n");
    for run in runs {
        for mode in &run.modes {
            details(&mut out, run, mode);
        }
    }
    out
}

/// The details of one rewritten copy: every list the table cells shorten.
fn details(out: &mut String, run: &PeerRun, mode: &ModeRun) {
    let summary = &mode.summary;
    let _ = writeln!(out, "\n### {} ({})\n", run.peer.name, mode.mode.name());
    let _ = writeln!(out, "- files changed: {}", summary.changed_files);
    let list = |names: &[String]| {
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(", ")
        }
    };
    let _ = writeln!(
        out,
        "- swapped ({}): {}",
        summary.swapped.len(),
        list(&summary.swapped)
    );
    let _ = writeln!(
        out,
        "- of those, a derive per half (`FastDeserialize`, `FastSerialize`) ({}): {}",
        summary.halves_apart.len(),
        list(&summary.halves_apart)
    );
    let _ = writeln!(
        out,
        "- flattened fields marked `#[fast_flatten(buffered)]`: {}",
        list(&summary.buffered)
    );
    let _ = writeln!(
        out,
        "- flattened catch-all maps read natively: {}",
        list(&summary.native_maps)
    );
    for (why, names) in left_by_reason(summary) {
        let _ = writeln!(out, "- left ({why}): {}", names.join(", "));
    }
    if !summary.unparsed.is_empty() {
        let _ = writeln!(
            out,
            "- files syn could not parse (left unchanged): {}",
            summary.unparsed.join("; ")
        );
    }
    let copies = [
        ("serde's derive", run.original.as_ref()),
        ("FastFlatten", mode.outcome.as_ref()),
    ];
    for (label, outcome) in copies {
        if let Some(outcome) = outcome {
            let failed: Vec<&str> = outcome.with(TestResult::Failed).collect();
            let _ = writeln!(
                out,
                "- failing with {label} ({}): {}",
                failed.len(),
                if failed.is_empty() {
                    "none".to_owned()
                } else {
                    failed.join(", ")
                }
            );
            let _ = writeln!(
                out,
                "- log ({label}): `{}` ({} s)",
                outcome.log.display(),
                outcome.seconds
            );
        }
    }
}

/// The "types swapped" cell: the count (and how many of them one half at a time), and the names
/// while they are few.
fn swapped_cell(mode: &ModeRun) -> String {
    let names = &mode.summary.swapped;
    let apart = mode.summary.halves_apart.len();
    let count = if apart == 0 {
        names.len().to_string()
    } else {
        format!("{} ({apart} one half)", names.len())
    };
    if names.len() <= NAMES_IN_A_CELL {
        format!("{count}: {}", names.join(", "))
    } else {
        count
    }
}

/// The "left on serde's derive" cell: per reason, the count and the first names.
fn left_cell(summary: &Summary) -> String {
    let groups = left_by_reason(summary);
    if groups.is_empty() {
        return "none".to_owned();
    }
    groups
        .iter()
        .map(|(why, names)| {
            let shown: Vec<&str> = names
                .iter()
                .take(NAMES_IN_A_CELL)
                .map(String::as_str)
                .collect();
            let more = if names.len() > shown.len() {
                ", …"
            } else {
                ""
            };
            format!("{} {why} ({}{more})", names.len(), shown.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The types left on serde's derive, grouped by reason, each list sorted without repeats.
fn left_by_reason(summary: &Summary) -> BTreeMap<&str, Vec<String>> {
    let mut groups: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for left in &summary.left {
        groups
            .entry(left.why.as_str())
            .or_default()
            .push(left.name.clone());
    }
    for names in groups.values_mut() {
        names.sort();
        names.dedup();
    }
    groups
}

/// A tests cell: the counts, or that the copy did not compile (or was not tested).
fn tests_cell(outcome: Option<&Outcome>, newly_failing: Option<usize>) -> String {
    let Some(outcome) = outcome else {
        return "not run".to_owned();
    };
    if !outcome.compiled {
        return "**does not compile**".to_owned();
    }
    let mut cell = format!(
        "{} passed, {} failed, {} ignored",
        outcome.count(TestResult::Passed),
        outcome.count(TestResult::Failed),
        outcome.count(TestResult::Ignored)
    );
    if let Some(new) = newly_failing {
        let _ = write!(cell, "; **{new} newly failing**");
    }
    cell
}
