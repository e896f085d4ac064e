//! The report as Markdown: the header, one table per operation, the summary against the targets.

use std::fmt::Write as _;

use crate::common::formats::{Ciborium, Format, Json};
use crate::common::timer::{format_nanos, Spread};
use crate::measure::{formats_legend, workloads_legend, Op};
use crate::results::{Measured, Report, Row};
use crate::{MAX_BATCH_BYTES, REPS, TARGET_BATCH};

/// The targets: FastFlatten / flat at most `limit` for `op` on `format` (every format if `None`).
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
        "- Rounds: {} interleaved (each round times flat, FastFlatten and serde flatten back to \
         back, best of {REPS} runs each, on a timed unit of about {} ms: a batch of at most {} \
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
        "Every implementation reads the same bytes, written once by FastFlatten; flat (every leaf \
         at top level, serde's plain derive) writes the same bytes: it is the lower bound. Times \
         are per value; MB/s counts encoded bytes.\n"
    );
    for (name, value) in workloads_legend() {
        let _ = writeln!(out, "- `{name}`: {value}");
    }
    for (name, calls) in formats_legend() {
        let _ = writeln!(out, "- {name}: {calls}");
    }
    let _ = writeln!(
        out,
        "\n![FastFlatten and serde flatten against flat](flatten.svg)\n"
    );
    for op in [Op::Deserialize, Op::Serialize] {
        table(&mut out, op, report.rows(op));
    }
    summary(&mut out, report);
    out
}

/// One operation's table.
pub fn table(out: &mut String, op: Op, rows: &[Row]) {
    let _ = writeln!(out, "## {}\n", capitalize(op.label()));
    let _ = writeln!(
        out,
        "| workload | format | flat | FastFlatten | serde flatten | **FastFlatten / flat** [min-max] \
         | serde flatten / flat | speedup (serde flatten / FastFlatten) | FastFlatten MB/s |"
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
        let serde_time = match &m.serde {
            Ok(s) => format_nanos(s.ns_per_value),
            Err(e) => format!("fails: {}", e.replace('|', "\\|")),
        };
        let ratio = |s: Option<Spread>| s.map_or("fails".into(), |s| format!("{:.2}", s.median));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | **{:.2}** [{:.2}-{:.2}] | {} | {} | {} |",
            row.workload,
            row.format,
            format_nanos(m.flat.ns_per_value),
            format_nanos(m.fast.ns_per_value),
            serde_time,
            m.fast_vs_flat.median,
            m.fast_vs_flat.min,
            m.fast_vs_flat.max,
            ratio(m.serde_vs_flat),
            m.speedup
                .map_or("fails".into(), |s| format!("{:.2}x", s.median)),
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

/// The targets, where they hold and by how much they miss, and where serde's flatten fails.
pub fn summary(out: &mut String, report: &Report) {
    let _ = writeln!(out, "## Summary\n");
    for (op, format, limit) in TARGETS {
        let measured: Vec<(&Row, &Measured)> = report
            .rows(op)
            .iter()
            .filter(|row| format.is_none_or(|f| f == row.format))
            .filter_map(|row| Some((row, row.result.as_ref().ok()?)))
            .collect();
        let misses: Vec<String> = measured
            .iter()
            .filter(|(_, m)| m.fast_vs_flat.median > limit)
            .map(|(row, m)| {
                let s = m.fast_vs_flat;
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
            .collect();
        let _ = writeln!(
            out,
            "- {}, {}, FastFlatten / flat <= {limit:.2}: holds on {} of {}{}",
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
        report
            .rows(op)
            .iter()
            .filter_map(|row| Some((row, row.result.as_ref().ok()?)))
            .max_by(|a, b| a.1.fast_vs_flat.median.total_cmp(&b.1.fast_vs_flat.median))
            .map_or(String::new(), |(row, m)| {
                format!(
                    "{} {:.2} ({} on {})",
                    op.label(),
                    m.fast_vs_flat.median,
                    row.workload,
                    row.format
                )
            })
    });
    let _ = writeln!(out, "- Highest FastFlatten / flat: {}.", worst.join(", "));
    for op in [Op::Deserialize, Op::Serialize] {
        let rows = report
            .rows(op)
            .iter()
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
            "- {}, serde flatten fails: {}.",
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
                "- {}, largest speedup over serde flatten: {:.2}x ({} on {}).",
                capitalize(op.label()),
                s.median,
                row.workload,
                row.format
            );
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
