//! The report as Markdown: the header, one table per operation, the summary against the targets.

use std::fmt::Write as _;

use crate::common::formats::{Ciborium, Format, Json, MsgPackMap};
use crate::common::timer::{format_nanos, Spread};
use crate::measure::{formats_legend, workloads_legend, Op};
use crate::results::{Measured, Report, Row};
use crate::{MAX_BATCH_BYTES, REPS, TARGET_BATCH};

/// The targets: FastFlatten / the lower bound at most `limit` for `op` on `format` (every format
/// if `None`), every workload.
pub const TARGETS: [(Op, Option<&str>, f64); 3] = [
    (Op::Deserialize, Some(Json::LABEL), 1.10),
    (Op::Deserialize, Some(Ciborium::LABEL), 1.15),
    (Op::Serialize, None, 1.03),
];

/// The whole report as Markdown.
pub fn markdown(report: &Report) -> String {
    let h = &report.header;
    let mut out = String::new();
    let _ = writeln!(out, "# FastFlatten benchmark report\n");
    let _ = writeln!(out, "- Date: {}", h.date);
    let _ = writeln!(
        out,
        "- Machine: {} CPUs ({}), {}; load average at start {}",
        h.cpus, h.cpu, h.os, h.load
    );
    let _ = writeln!(
        out,
        "- Compiler: {}, release profile, codegen-units {}",
        h.rustc, h.codegen_units
    );
    let _ = writeln!(
        out,
        "- Rounds: {} interleaved (each round times the lower bound, FastFlatten and serde's \
         derive back to back, best of {REPS} runs each, on a timed unit of about {} ms: a batch of at most {} \
         KiB encoded, handled as many times in a row); medians of the per-round values, \
         [min-max] of the per-round ratios",
        h.rounds,
        TARGET_BATCH.as_millis(),
        MAX_BATCH_BYTES >> 10
    );
    let _ = writeln!(
        out,
        "- Command: `{}` ({:.0} s)\n",
        h.command,
        h.runtime.as_secs_f64()
    );
    let _ = writeln!(
        out,
        "Every implementation reads the same bytes, written once by FastFlatten; the lower bound \
         (serde's plain derive of `flat`, every leaf at top level, or for the enum workloads of \
         `lower`, the variant's plain struct with the tag as a field) writes the same bytes. \
         `serde` is serde's derive of the same shape: `#[serde(flatten)]`, or the enum itself \
         (`events*`). `events_tag_last`'s bytes are the lower bound's, the tag last: the enums \
         only read them. `events`' lower bound, every variant's fields in one struct, reads the \
         events but writes others. Times are per value; MB/s counts encoded bytes.\n"
    );
    for (name, value) in workloads_legend() {
        let _ = writeln!(out, "- `{name}`: {value}");
    }
    for (name, calls) in formats_legend() {
        let _ = writeln!(out, "- {name}: {calls}");
    }
    let _ = writeln!(
        out,
        "\n![FastFlatten and serde's derive against the lower bound](flatten.svg)\n"
    );
    for op in [Op::Deserialize, Op::Serialize] {
        table(&mut out, op, report.rows(op));
    }
    summary(&mut out, report);
    enums(&mut out, report);
    crate::peers::section(&mut out, report);
    out
}

/// One operation's table.
pub fn table(out: &mut String, op: Op, rows: &[Row]) {
    let _ = writeln!(out, "## {}\n", capitalize(op.label()));
    let _ = writeln!(
        out,
        "| workload | format | lower bound | FastFlatten | serde | **FastFlatten / lower** \
         [min-max] | serde / lower | speedup (serde / FastFlatten) | FastFlatten MB/s |"
    );
    let _ = writeln!(out, "|---|---|--:|--:|--:|--:|--:|--:|--:|");
    for row in rows {
        let m = match &row.result {
            Ok(m) => m,
            Err(why) => {
                let _ = writeln!(
                    out,
                    "| {} | {} | {why} | n/a | n/a | n/a | n/a | n/a | n/a |",
                    row.workload, row.format
                );
                continue;
            }
        };
        let flat_time = match &m.flat {
            Ok(s) => format_nanos(s.ns_per_value),
            Err(e) => format!("n/a: {}", e.replace('|', "\\|")),
        };
        let serde_time = match &m.serde {
            Ok(s) => format_nanos(s.ns_per_value),
            Err(e) => format!("fails: {}", e.replace('|', "\\|")),
        };
        let ratio = |s: Option<Spread>| s.map_or("n/a".into(), |s| format!("{:.2}", s.median));
        let fast_vs_flat = m.fast_vs_flat.map_or("n/a".into(), |s| {
            format!("**{:.2}** [{:.2}-{:.2}]", s.median, s.min, s.max)
        });
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            row.workload,
            row.format,
            flat_time,
            format_nanos(m.fast.ns_per_value),
            serde_time,
            fast_vs_flat,
            ratio(m.serde_vs_flat),
            m.speedup
                .map_or("n/a".into(), |s| format!("{:.2}x", s.median)),
            format_mb(m.fast.mb_per_s),
        );
    }
    let _ = writeln!(out, "\nValues per batch x passes per timed unit:");
    for group in rows.chunk_by(|a, b| a.workload == b.workload) {
        let sizes: Vec<String> = group
            .iter()
            .filter_map(|row| {
                let size = row.result.as_ref().ok()?.size;
                Some(format!("{} {}x{}", row.format, size.values, size.passes))
            })
            .collect();
        let _ = writeln!(out, "{}: {}.", group[0].workload, sizes.join(", "));
    }
    let notes: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            let note = row.result.as_ref().ok()?.note.as_ref()?;
            Some(format!("- {} on {}: {note}.", row.workload, row.format))
        })
        .collect();
    if !notes.is_empty() {
        let _ = writeln!(out, "\n{}", notes.join("\n"));
    }
    let _ = writeln!(out);
}

/// The struct workloads against the targets, where they hold and by how much they miss, and
/// where serde's derive fails.
pub fn summary(out: &mut String, report: &Report) {
    let _ = writeln!(out, "## Summary\n");
    let _ = writeln!(
        out,
        "The workloads of structs flattening structs; the enum workloads follow, apart.\n"
    );
    for (op, format, limit) in TARGETS {
        let measured = against_lower_bound(report.rows(op), |row| {
            !is_enum(row) && format.is_none_or(|f| f == row.format)
        });
        let misses = misses(&measured, limit);
        let _ = writeln!(
            out,
            "- {}, {}, FastFlatten / lower bound <= {limit:.2}: holds on {} of {}{}",
            capitalize(op.label()),
            format.unwrap_or("every format"),
            measured.len() - misses.len(),
            measured.len(),
            if misses.is_empty() { "." } else { "; misses:" }
        );
        for miss in misses {
            let _ = writeln!(out, "{miss}");
        }
    }
    let worst = [Op::Deserialize, Op::Serialize].map(|op| {
        against_lower_bound(report.rows(op), |row| !is_enum(row))
            .into_iter()
            .max_by(|a, b| a.2.median.total_cmp(&b.2.median))
            .map_or(String::new(), |(row, _, s)| {
                format!(
                    "{} {:.2} ({} on {})",
                    op.label(),
                    s.median,
                    row.workload,
                    row.format
                )
            })
    });
    let _ = writeln!(
        out,
        "- Highest FastFlatten / lower bound: {}.",
        worst.join(", ")
    );
    for op in [Op::Deserialize, Op::Serialize] {
        let rows = report
            .rows(op)
            .iter()
            .filter(|row| !is_enum(row))
            .filter_map(|row| Some((row, row.result.as_ref().ok()?)));
        let fails: Vec<String> = rows
            .clone()
            .filter_map(|(row, m)| {
                let e = m.serde.as_ref().err()?;
                Some(format!("{} on {} ({e})", row.workload, row.format))
            })
            .collect();
        let best = rows
            .filter_map(|(row, m)| Some((row, m.speedup?)))
            .max_by(|a, b| a.1.median.total_cmp(&b.1.median));
        let _ = writeln!(
            out,
            "- {}, serde's derive fails: {}.",
            capitalize(op.label()),
            if fails.is_empty() {
                "nowhere".to_owned()
            } else {
                fails.join("; ").replace('|', "\\|")
            }
        );
        if let Some((row, s)) = best {
            let _ = writeln!(
                out,
                "- {}, largest speedup over serde's derive: {:.2}x ({} on {}).",
                capitalize(op.label()),
                s.median,
                row.workload,
                row.format
            );
        }
    }
}

/// The measured rows of `rows` that `keep` keeps and that have a lower bound, with FastFlatten /
/// the lower bound.
fn against_lower_bound(
    rows: &[Row],
    keep: impl Fn(&Row) -> bool,
) -> Vec<(&Row, &Measured, Spread)> {
    rows.iter()
        .filter(|row| keep(row))
        .filter_map(|row| {
            let m = row.result.as_ref().ok()?;
            Some((row, m, m.fast_vs_flat?))
        })
        .collect()
}

/// The rows of `measured` over `limit`, one line each.
fn misses(measured: &[(&Row, &Measured, Spread)], limit: f64) -> Vec<String> {
    measured
        .iter()
        .filter(|(_, _, s)| s.median > limit)
        .map(|(row, _, s)| {
            format!(
                "  - {} on {}: {:.3}, {:.1}% over (range {:.2}-{:.2})",
                row.workload,
                row.format,
                s.median,
                (s.median / limit - 1.0) * 100.0,
                s.min,
                s.max
            )
        })
        .collect()
}

/// The enum workloads, summarized apart ([`enums`]): their lower bounds are the plain struct of
/// a variant, their targets their own.
pub const ENUM_WORKLOADS: [&str; 6] = [
    "events",
    "events_created",
    "events_tag_last",
    "status",
    "fees",
    "rpc",
];

/// Whether `row` is of an enum workload.
fn is_enum(row: &Row) -> bool {
    ENUM_WORKLOADS.contains(&row.workload)
}

/// The enum workloads' targets: FastFlatten / the lower bound at most `limit`, both operations,
/// on the formats named (every format if `None`).
pub const ENUM_TARGETS: [(&str, Option<&[&str]>, f64); 3] = [
    (
        "events_created",
        Some(&[Json::LABEL, Ciborium::LABEL, MsgPackMap::LABEL]),
        1.05,
    ),
    ("status", None, 1.10),
    ("fees", None, 1.05),
];

/// The enum workloads: per operation, FastFlatten / the lower bound and serde's derive /
/// FastFlatten on every format; then the targets.
pub fn enums(out: &mut String, report: &Report) {
    let _ = writeln!(out, "\n## Enums\n");
    let _ = writeln!(
        out,
        "Per workload and operation: FastFlatten / lower bound where the lower bound handles the \
         same bytes, and serde's derive / FastFlatten (how many times faster FastFlatten is).\n"
    );
    for workload in ENUM_WORKLOADS {
        for op in [Op::Deserialize, Op::Serialize] {
            let rows: Vec<&Row> = report
                .rows(op)
                .iter()
                .filter(|row| row.workload == workload)
                .collect();
            let measured: Vec<(&Row, &Measured)> = rows
                .iter()
                .filter_map(|row| Some((*row, row.result.as_ref().ok()?)))
                .collect();
            if measured.is_empty() {
                let why = rows.first().and_then(|row| row.result.as_ref().err());
                let _ = writeln!(
                    out,
                    "- `{workload}`, {}: {}.",
                    op.label(),
                    why.map_or("not run", |why| why.as_str())
                );
                continue;
            }
            let lower: Vec<String> = measured
                .iter()
                .filter_map(|(row, m)| {
                    Some(format!("{} {:.2}", row.format, m.fast_vs_flat?.median))
                })
                .collect();
            let speedups: Vec<String> = measured
                .iter()
                .map(|(row, m)| match (&m.speedup, &m.serde) {
                    (Some(s), _) => format!("{} {:.2}x", row.format, s.median),
                    (None, _) => format!("{} (serde fails)", row.format),
                })
                .collect();
            let _ = writeln!(
                out,
                "- `{workload}`, {}: FastFlatten / lower bound {}; serde / FastFlatten {}.",
                op.label(),
                if lower.is_empty() {
                    "n/a".to_owned()
                } else {
                    lower.join(", ")
                },
                speedups.join(", ")
            );
        }
    }
    let _ = writeln!(out, "\nTargets:\n");
    for (workload, formats, limit) in ENUM_TARGETS {
        for op in [Op::Deserialize, Op::Serialize] {
            let measured = against_lower_bound(report.rows(op), |row| {
                row.workload == workload && formats.is_none_or(|f| f.contains(&row.format))
            });
            let misses = misses(&measured, limit);
            let _ = writeln!(
                out,
                "- `{workload}`, {}, {}, FastFlatten / lower bound <= {limit:.2}: holds on {} \
                 of {}{}",
                op.label(),
                formats.map_or("every format".to_owned(), |f| f.join(", ")),
                measured.len() - misses.len(),
                measured.len(),
                if misses.is_empty() { "." } else { "; misses:" }
            );
            for miss in misses {
                let _ = writeln!(out, "{miss}");
            }
        }
    }
}

/// `word` with its first letter in upper case.
pub fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// Megabytes per second, three significant digits at least.
pub fn format_mb(mb: f64) -> String {
    if mb < 100.0 {
        format!("{mb:.1}")
    } else {
        format!("{mb:.0}")
    }
}
