//! The report's chart: FastFlatten / the lower bound and serde's derive / the lower bound as
//! bars, per workload and format.

use std::fmt::Write as _;

use crate::header::Header;
use crate::markdown::capitalize;
use crate::measure::Op;
use crate::results::{Measured, Report, Row};

/// The colour of FastFlatten's bars.
pub const FAST_COLOUR: &str = "#1f6feb";

/// The colour of serde's derive's bars.
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
    let left_out = left_out(report);
    let height = bottom + 70.0 + 14.0 * left_out.len() as f64;
    let max = rows
        .iter()
        .flat_map(|(_, de, ser)| [de, ser])
        .filter_map(|row| row.result.as_ref().ok())
        .flat_map(|m| [m.fast_vs_flat, m.serde_vs_flat])
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
        panel_title(&mut s, panel_x(p), TOP, op);
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
    let grey = r##"font-size="11" fill="#555""##;
    let footnote = format!(
        "Bars past {:.1} are cut, their value printed. Not shown:",
        scale.max
    );
    text(&mut s, LEFT, bottom + 52.0, "start", grey, &footnote);
    for (i, line) in left_out.iter().enumerate() {
        let y = bottom + 66.0 + 14.0 * i as f64;
        text(&mut s, LEFT + 10.0, y, "start", grey, line);
    }
    let _ = writeln!(s, "</svg>");
    s
}

/// The combinations left out of the chart, one line per workload and reason: "wide, both
/// operations: bincode 2, postcard (not self-describing)".
pub fn left_out(report: &Report) -> Vec<String> {
    let mut lines: Vec<(&str, &str, String, Vec<&str>)> = Vec::new();
    for (de, ser) in report.deserialize.iter().zip(&report.serialize) {
        let (what, why) = match (&de.result, &ser.result) {
            (Err(why), _) => ("both operations", why),
            (Ok(_), Err(why)) => ("serializing", why),
            (Ok(_), Ok(_)) => continue,
        };
        let why = why.trim_start_matches("n/a: ").to_owned();
        match lines
            .iter_mut()
            .find(|(w, o, y, _)| *w == de.workload && *o == what && *y == why)
        {
            Some(line) => line.3.push(de.format),
            None => lines.push((de.workload, what, why, vec![de.format])),
        }
    }
    lines
        .into_iter()
        .map(|(workload, what, why, formats)| {
            format!("{workload}, {what}: {} ({why})", formats.join(", "))
        })
        .collect()
}

/// The title, the subtitle (what 1.0 means, the machine) and the legend.
pub fn titles(s: &mut String, h: &Header) {
    use geometry::LEFT;
    let title = format!(
        "FastFlatten vs serde's derive: time relative to the lower bound, {}",
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
        "1.0 = the same bytes read or written by one plain struct (the lower bound); shorter is \
         faster. Median of {} interleaved per-round ratios.",
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
        (FAST_COLOUR, "FastFlatten / lower bound"),
        (SERDE_COLOUR, "serde's derive / lower bound"),
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
    text(s, x + 20.0, y, "start", "", "1.0 = the lower bound");
    let fails = format!(r#"fill="{RED}" font-style="italic""#);
    text(
        s,
        x + 160.0,
        y,
        "start",
        &fails,
        "fails: serde's derive cannot run",
    );
}

/// A panel's title (its operation) above `top`.
pub fn panel_title(s: &mut String, x: f64, top: f64, op: Op) {
    let bold = r#"font-size="14" font-weight="bold""#;
    text(s, x, top - 8.0, "start", bold, &capitalize(op.label()));
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
        "time / the lower bound's time (lower is better)",
    );
}

/// One row's two bars in one panel: FastFlatten / the lower bound, then serde's derive / the
/// lower bound or why it fails. Without a lower bound, serde's derive / FastFlatten as text.
pub fn bars(s: &mut String, x0: f64, y: f64, m: &Measured, scale: Scale) {
    let Some(fast) = m.fast_vs_flat else {
        let attrs = format!(r##"font-size="10" fill="#555" font-style="italic" {HALO}"##);
        let serde = match (&m.speedup, &m.serde) {
            (Some(s), _) => format!("serde's derive / FastFlatten {:.2}", s.median),
            (None, Err(e)) => format!("serde's derive fails: {}", truncate(e, 36)),
            (None, Ok(_)) => String::new(),
        };
        let why = format!("no lower bound; {serde}");
        text(s, x0 + 3.0, y + 17.0, "start", &attrs, &why);
        return;
    };
    bar(s, x0, y + 4.0, fast.median, scale, FAST_COLOUR);
    match (&m.serde_vs_flat, &m.serde) {
        (Some(r), _) => bar(s, x0, y + 14.0, r.median, scale, SERDE_COLOUR),
        (None, Err(e)) => {
            let attrs = format!(r#"font-size="10" fill="{RED}" font-style="italic" {HALO}"#);
            let why = format!("serde's derive fails: {}", truncate(e, 48));
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
    /// `0..=max` onto `0..=plot` pixels.
    pub fn new(max: f64, plot: f64) -> Scale {
        Scale { max, plot }
    }

    /// The width of a bar of length `ratio`.
    pub fn width(self, ratio: f64) -> f64 {
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
