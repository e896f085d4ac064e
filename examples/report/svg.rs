//! The report's chart: FastFlatten / flat and serde flatten / flat as bars, per workload and
//! format.

use std::fmt::Write as _;

use crate::header::Header;
use crate::markdown::capitalize;
use crate::measure::Op;
use crate::results::{Measured, Report, Row};

/// The colour of FastFlatten's bars.
pub const FAST_COLOUR: &str = "#1f6feb";

/// The colour of serde flatten's bars.
pub const SERDE_COLOUR: &str = "#e8710a";

/// The colour of the 1.0 line and of "fails".
pub const RED: &str = "#b71c1c";

/// Attributes that keep a label readable over lines and bars: a white outline under the glyphs.
pub const HALO: &str =
    r#"stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke""#;

/// The chart's geometry.
pub mod geometry {
    /// The image's width.
    pub const WIDTH: f64 = 1120.0;
    /// The left margin.
    pub const LEFT: f64 = 20.0;
    /// The width of the format names.
    pub const LABELS: f64 = 110.0;
    /// Between the two panels.
    pub const GAP: f64 = 40.0;
    /// Past the plot, for the values of the longest bars.
    pub const VALUE_ROOM: f64 = 70.0;
    /// Where the rows start.
    pub const TOP: f64 = 118.0;
    /// One format's row.
    pub const ROW: f64 = 26.0;
    /// A workload's heading.
    pub const GROUP: f64 = 24.0;
    /// One panel, plot and value room.
    pub const PANEL: f64 = (WIDTH - LEFT - LABELS - GAP - 20.0) / 2.0;
    /// Where panel `p` (0: deserialize, 1: serialize) starts.
    pub fn panel_x(p: usize) -> f64 {
        LEFT + LABELS + p as f64 * (PANEL + GAP)
    }
}

/// The chart: one row per workload and format (n/a ones left out), a panel per operation, two
/// bars per row (FastFlatten / flat, serde flatten / flat), the 1.0 line marked.
pub fn svg(report: &Report) -> String {
    use geometry::*;
    // Each row's top, with the workloads' headings in between.
    let mut rows: Vec<(f64, &Row, &Row)> = Vec::new();
    let mut headings: Vec<(f64, &str)> = Vec::new();
    let mut y = TOP;
    for (de, ser) in report.deserialize.iter().zip(&report.serialize) {
        if de.result.is_err() {
            continue;
        }
        if headings.last().is_none_or(|(_, w)| *w != de.workload) {
            headings.push((y, de.workload));
            y += GROUP;
        }
        rows.push((y, de, ser));
        y += ROW;
    }
    let bottom = y;
    let height = bottom + 70.0;
    let max = rows
        .iter()
        .flat_map(|(_, de, ser)| [de, ser])
        .filter_map(|row| row.result.as_ref().ok())
        .flat_map(|m| [Some(m.fast_vs_flat), m.serde_vs_flat])
        .flatten()
        .map(|s| s.median)
        .fold(1.0, f64::max);
    let scale = Scale {
        max: ((max * 2.0).ceil() / 2.0).clamp(1.5, 3.0),
        plot: PANEL - VALUE_ROOM,
    };

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    titles(&mut s, &report.header);
    for (i, (y, _, _)) in rows.iter().enumerate() {
        if i % 2 == 0 {
            let _ = writeln!(
                s,
                r##"<rect x="{LEFT}" y="{y}" width="{}" height="{ROW}" fill="#f3f5f8"/>"##,
                WIDTH - 2.0 * LEFT
            );
        }
    }
    for (p, op) in [Op::Deserialize, Op::Serialize].into_iter().enumerate() {
        let bold = r#"font-size="14" font-weight="bold""#;
        text(
            &mut s,
            panel_x(p),
            TOP - 8.0,
            "start",
            bold,
            &capitalize(op.label()),
        );
        axis(&mut s, panel_x(p), scale, TOP, bottom);
    }
    for (y, workload) in headings {
        text(
            &mut s,
            LEFT,
            y + 16.0,
            "start",
            r#"font-weight="bold""#,
            workload,
        );
    }
    for (y, de, ser) in rows {
        text(&mut s, LEFT + LABELS - 8.0, y + 17.0, "end", "", de.format);
        for (p, row) in [de, ser].into_iter().enumerate() {
            if let Ok(m) = &row.result {
                bars(&mut s, panel_x(p), y, m, scale);
            }
        }
    }
    let left_out: Vec<String> = report
        .deserialize
        .iter()
        .filter(|row| row.result.is_err())
        .map(|row| format!("{} on {}", row.workload, row.format))
        .collect();
    let mut footnote = format!("Bars past {:.1} are cut, their value printed.", scale.max);
    if !left_out.is_empty() {
        footnote.insert_str(
            0,
            &format!(
                "Not shown: {} (skip_serializing_if needs a self-describing format). ",
                left_out.join(", ")
            ),
        );
    }
    let grey = r##"font-size="11" fill="#555""##;
    text(&mut s, LEFT, bottom + 52.0, "start", grey, &footnote);
    let _ = writeln!(s, "</svg>");
    s
}

/// The title, the subtitle (what 1.0 means, the machine) and the legend.
pub fn titles(s: &mut String, h: &Header) {
    use geometry::LEFT;
    let title = format!(
        "FastFlatten vs #[serde(flatten)]: time relative to the flat struct, {}",
        h.day()
    );
    text(
        s,
        LEFT,
        28.0,
        "start",
        r#"font-size="18" font-weight="bold""#,
        &title,
    );
    let what = format!(
        "1.0 = the same leaves declared in one plain struct (the lower bound); shorter is faster. \
         Median of {} interleaved per-round ratios.",
        h.rounds
    );
    text(s, LEFT, 48.0, "start", r##"fill="#555""##, &what);
    let machine = format!(
        "{} CPUs, {}; {}; {}, codegen-units {}",
        h.cpus, h.cpu, h.os, h.rustc, h.codegen_units
    );
    text(s, LEFT, 66.0, "start", r##"fill="#555""##, &machine);

    let y = 84.0;
    let mut x = LEFT;
    for (colour, label) in [
        (FAST_COLOUR, "FastFlatten / flat"),
        (SERDE_COLOUR, "#[serde(flatten)] / flat"),
    ] {
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{}" width="14" height="10" fill="{colour}"/>"#,
            y - 9.0
        );
        text(s, x + 20.0, y, "start", "", label);
        x += 200.0;
    }
    let _ = writeln!(
        s,
        r#"<line x1="{x}" y1="{}" x2="{}" y2="{}" stroke="{RED}" stroke-width="1.5" stroke-dasharray="5,3"/>"#,
        y - 4.0,
        x + 14.0,
        y - 4.0
    );
    text(s, x + 20.0, y, "start", "", "1.0 = flat (no flatten cost)");
    let fails = format!(r#"fill="{RED}" font-style="italic""#);
    text(
        s,
        x + 220.0,
        y,
        "start",
        &fails,
        "fails: serde flatten cannot run",
    );
}

/// One panel's grid, tick labels, axis title and 1.0 line.
pub fn axis(s: &mut String, x0: f64, scale: Scale, top: f64, bottom: f64) {
    let step = if scale.max <= 2.0 { 0.25 } else { 0.5 };
    let ticks = (scale.max / step).round() as usize;
    for k in 0..=ticks {
        let value = k as f64 * step;
        let x = x0 + scale.width(value);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{top}" x2="{x:.1}" y2="{bottom}" stroke="#d0d7de" stroke-width="1"/>"##
        );
        text(
            s,
            x,
            bottom + 16.0,
            "middle",
            r#"font-size="11""#,
            &format!("{value}"),
        );
    }
    let x = x0 + scale.width(1.0);
    let _ = writeln!(
        s,
        r#"<line x1="{x:.1}" y1="{top}" x2="{x:.1}" y2="{bottom}" stroke="{RED}" stroke-width="1.5" stroke-dasharray="5,3"/>"#
    );
    let title = r##"font-size="11" fill="#333""##;
    let middle = x0 + scale.plot / 2.0;
    text(
        s,
        middle,
        bottom + 34.0,
        "middle",
        title,
        "time / flat's time (lower is better)",
    );
}

/// One row's two bars in one panel: FastFlatten / flat, then serde flatten / flat or why it
/// fails.
pub fn bars(s: &mut String, x0: f64, y: f64, m: &Measured, scale: Scale) {
    bar(s, x0, y + 4.0, m.fast_vs_flat.median, scale, FAST_COLOUR);
    match (&m.serde_vs_flat, &m.serde) {
        (Some(r), _) => bar(s, x0, y + 14.0, r.median, scale, SERDE_COLOUR),
        (None, Err(e)) => {
            let attrs = format!(r#"font-size="10" fill="{RED}" font-style="italic" {HALO}"#);
            let why = format!("serde flatten fails: {}", truncate(e, 48));
            text(s, x0 + 3.0, y + 22.0, "start", &attrs, &why);
        }
        (None, Ok(_)) => {}
    }
}

/// A horizontal bar of length `ratio` with its value at its end (marked when the bar is cut).
pub fn bar(s: &mut String, x0: f64, y: f64, ratio: f64, scale: Scale, colour: &str) {
    let w = scale.width(ratio);
    let _ = writeln!(
        s,
        r#"<rect x="{x0:.1}" y="{y:.1}" width="{w:.1}" height="8" fill="{colour}"/>"#
    );
    let label = if ratio > scale.max {
        format!("{ratio:.2} (cut)")
    } else {
        format!("{ratio:.2}")
    };
    let attrs = format!(r#"font-size="10" {HALO}"#);
    text(s, x0 + w + 4.0, y + 8.0, "start", &attrs, &label);
}

/// Ratios to pixels: `0..=max` onto `0..=plot`.
#[derive(Clone, Copy)]
pub struct Scale {
    max: f64,
    plot: f64,
}

impl Scale {
    fn width(self, ratio: f64) -> f64 {
        ratio.clamp(0.0, self.max) / self.max * self.plot
    }
}

/// A `<text>` element; `attrs` are extra attributes, `content` is escaped.
pub fn text(s: &mut String, x: f64, y: f64, anchor: &str, attrs: &str, content: &str) {
    let _ = writeln!(
        s,
        r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" {attrs}>{}</text>"#,
        escape(content)
    );
}

/// At most `n` characters of `text`.
pub fn truncate(text: &str, n: usize) -> String {
    match text.char_indices().nth(n) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// `text` with XML's special characters escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
