//! The comparison with peers: serialization libraries with their own derive and binary format
//! (LBS 0.4.3 beside the `wide` record, `Workload::visit_peers`), timed in the same interleaved
//! rounds as the lower bound, FastFlatten and serde's flatten on the serde formats closest to
//! the peer's (`Peer::COMPARED_ON`). Each reads or writes the same values; the peer its own
//! bytes. Its table and chart, and the targets of the wide record.

use std::fmt::Write as _;
use std::hint::black_box;
use std::marker::PhantomData;

use crate::common::formats::{visit_formats, Format, FormatVisitor};
use crate::common::timer::{format_nanos, Run, Spread};
use crate::markdown::capitalize;
use crate::measure::{deserialize, selected, serialize, Op, FORMATS_VAR, WORKLOADS_VAR};
use crate::results::{Measured, PeerMeasured, PeerRow, Report, Speed};
use crate::svg::{bar, panel_title, text, Scale, FAST_COLOUR, HALO, RED, SERDE_COLOUR};
use crate::workloads::{visit_workloads, Peer, PeerVisitor, Workload, WorkloadVisitor};

/// Measures every workload beside each of its peers, on each format the peer is compared with
/// (in the format table's order), and adds the rows to `report.peers`.
pub fn run_peers(rounds: usize, report: &mut Report) {
    struct Workloads<'a> {
        rounds: usize,
        report: &'a mut Report,
    }

    impl WorkloadVisitor for Workloads<'_> {
        fn visit<W: Workload>(&mut self) {
            if !selected(WORKLOADS_VAR, W::NAME) {
                return;
            }
            W::visit_peers(&mut Peers::<W> {
                rounds: self.rounds,
                report: self.report,
                workload: PhantomData,
            });
        }
    }

    struct Peers<'a, W> {
        rounds: usize,
        report: &'a mut Report,
        workload: PhantomData<W>,
    }

    impl<W: Workload> PeerVisitor<W> for Peers<'_, W> {
        fn visit<P: Peer<W>>(&mut self) {
            visit_formats(&mut Formats::<W, P> {
                rounds: self.rounds,
                report: self.report,
                peer: PhantomData,
            });
        }
    }

    struct Formats<'a, W, P> {
        rounds: usize,
        report: &'a mut Report,
        peer: PhantomData<(W, P)>,
    }

    impl<W: Workload, P: Peer<W>> FormatVisitor for Formats<'_, W, P> {
        fn visit<F: Format>(&mut self) {
            if P::COMPARED_ON.contains(&F::ID) && selected(FORMATS_VAR, F::LABEL) {
                let row = run::<W, P, F>(self.rounds);
                self.report.peers.push(row);
            }
        }
    }

    visit_workloads(&mut Workloads { rounds, report });
}

/// Workload `W` on format `F` beside peer `P`, both operations.
fn run<W: Workload, P: Peer<W>, F: Format>(rounds: usize) -> PeerRow {
    eprint!(
        "{:<15} {:<13} beside {} deserialize",
        W::NAME,
        F::LABEL,
        P::NAME
    );
    let deserialize = deserialize::<W, F>(rounds, Some(&reader::<W, P>));
    eprint!(", serialize");
    let serialize = serialize::<W, F>(rounds, Some(&writer::<W, P>));
    eprintln!();
    PeerRow {
        workload: W::NAME,
        peer: P::NAME,
        format: F::LABEL,
        deserialize,
        serialize,
    }
}

/// `P` reading its own bytes of the batch's values `passes` times, each value dropped as it is
/// read; checked first to read back the values.
fn reader<'a, W: Workload, P: Peer<W>>(source: &'a [W::Source], passes: usize) -> (Run<'a>, usize) {
    let values = P::values(source);
    let bytes = encoded::<W, P>(&values);
    let read = P::decode_all(&bytes).unwrap_or_else(|e| panic!("{}: cannot read: {e}", P::NAME));
    assert!(read == values, "{}: reads other values", P::NAME);
    assert_eq!(P::decode_sink(&bytes), Ok(values.len()), "{}", P::NAME);
    let len = bytes.len();
    let run: Run<'a> = Box::new(move || {
        for _ in 0..passes {
            black_box(P::decode_sink(black_box(&bytes)).expect("checked before timing"));
        }
    });
    (run, len)
}

/// `P` writing the batch's values `passes` times into a buffer reused from pass to pass.
fn writer<'a, W: Workload, P: Peer<W>>(source: &'a [W::Source], passes: usize) -> (Run<'a>, usize) {
    let values = P::values(source);
    let len = encoded::<W, P>(&values).len();
    let mut buf = Vec::with_capacity(2 * len);
    let run: Run<'a> = Box::new(move || {
        for _ in 0..passes {
            buf.clear();
            P::encode_reusing(black_box(values.as_slice()), &mut buf)
                .expect("checked before timing");
            black_box(&buf);
        }
    });
    (run, len)
}

/// `values` in `P`'s bytes.
fn encoded<W: Workload, P: Peer<W>>(values: &[P::Value]) -> Vec<u8> {
    let mut bytes = Vec::new();
    P::encode_reusing(values, &mut bytes).unwrap_or_else(|e| panic!("{}: {e}", P::NAME));
    bytes
}

/// The targets of the wide record beside LBS (issue "faster than the flat struct"): deserialize
/// FastFlatten / the lower bound at most 0.85 on these formats (not serde_cbor's packed one,
/// where a struct with flattened fields does not read back: the guide's `limits`)...
const DESERIALIZE_VS_FLAT: (f64, [&str; 3]) = (0.85, ["rmp-serde", "serde_json", "ciborium"]);

/// ...and FastFlatten / the peer at most 1.30 on this one, the most compact of them.
const DESERIALIZE_VS_PEER: (f64, &str) = (1.30, "rmp-serde");

/// ...and serialize FastFlatten no slower than serde's flatten on this one (the same bytes).
const SERIALIZE_VS_SERDE: &str = "serde_json";

/// The peers' section of the report: one table per operation, the targets, the chart.
pub fn section(out: &mut String, report: &Report) {
    if report.peers.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Beside other formats\n");
    let _ = writeln!(
        out,
        "The same values read and written by a library with its own derive and binary format \
         (the peer), in the same interleaved rounds as the serde implementations on the serde \
         formats closest to it; the peer handles its own bytes. Ratios are per-round medians \
         [min-max].\n"
    );
    let _ = writeln!(
        out,
        "![Time relative to the peer](benches/report/peers.svg)\n"
    );
    for op in [Op::Deserialize, Op::Serialize] {
        let _ = writeln!(out, "### {}\n", capitalize(op.label()));
        let _ = writeln!(
            out,
            "| workload | format | peer | peer | lower bound | FastFlatten | serde | \
             **FastFlatten / lower** | **FastFlatten / peer** | lower / peer | serde / peer | \
             bytes per value (format / peer) |"
        );
        let _ = writeln!(out, "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
        for row in &report.peers {
            let (m, peer) = match row.result(op) {
                Ok(m) => (m, m.peer.as_ref().expect("a peer row has a peer")),
                Err(why) => {
                    let _ = writeln!(
                        out,
                        "| {} | {} | {} | {why} |",
                        row.workload, row.format, row.peer
                    );
                    continue;
                }
            };
            let time = |r: &Result<Speed, String>| match r {
                Ok(s) => format_nanos(s.ns_per_value),
                Err(e) => format!("fails: {e}"),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                row.workload,
                row.format,
                row.peer,
                format_nanos(peer.speed.ns_per_value),
                time(&m.flat),
                format_nanos(m.fast.ns_per_value),
                time(&m.serde),
                spread(m.fast_vs_flat, true),
                spread(Some(peer.fast_vs_peer), true),
                spread(peer.flat_vs_peer, false),
                spread(peer.serde_vs_peer, false),
                bytes_per_value(m, peer),
            );
        }
        let _ = writeln!(out);
    }
    targets(out, report);
}

/// `**median** [min-max]`, or the median alone.
fn spread(s: Option<Spread>, full: bool) -> String {
    match s {
        Some(s) if full => format!("**{:.2}** [{:.2}-{:.2}]", s.median, s.min, s.max),
        Some(s) => format!("{:.2}", s.median),
        None => "n/a".into(),
    }
}

/// Bytes per value: the serde format's (FastFlatten's) and the peer's.
fn bytes_per_value(m: &Measured, peer: &PeerMeasured) -> String {
    // MB/s x ns per value = bytes per value x 1000.
    let per_value = |s: &Speed| (s.mb_per_s * s.ns_per_value / 1e3).round();
    format!("{} / {}", per_value(&m.fast), per_value(&peer.speed))
}

/// The wide record's targets, each held or missed by how much.
fn targets(out: &mut String, report: &Report) {
    let _ = writeln!(out, "Targets:\n");
    let (limit, formats) = DESERIALIZE_VS_FLAT;
    let (peer_limit, peer_format) = DESERIALIZE_VS_PEER;
    for row in &report.peers {
        let Ok(de) = &row.deserialize else { continue };
        let peer = de.peer.as_ref().expect("a peer row has a peer");
        if formats.contains(&row.format) {
            if let Some(r) = de.fast_vs_flat {
                let _ = writeln!(
                    out,
                    "- {} deserialize on {}: FastFlatten / lower bound {:.2} (target <= {limit}): {}",
                    row.workload,
                    row.format,
                    r.median,
                    verdict(r.median, limit)
                );
            }
        }
        if row.format == peer_format {
            let _ = writeln!(
                out,
                "- {} deserialize on {}: FastFlatten / {} {:.2} (target <= {peer_limit}): {}",
                row.workload,
                row.format,
                row.peer,
                peer.fast_vs_peer.median,
                verdict(peer.fast_vs_peer.median, peer_limit)
            );
        }
        if let Ok(ser) = &row.serialize {
            if let Some(r) = ser.fast_vs_flat {
                let _ = writeln!(
                    out,
                    "- {} serialize on {}: FastFlatten / lower bound {:.2} (target <= 1): {}",
                    row.workload,
                    row.format,
                    r.median,
                    verdict(r.median, 1.0)
                );
            }
            let same_bytes = ser.note.is_none();
            if let Some(r) = ser
                .speedup
                .filter(|_| row.format == SERIALIZE_VS_SERDE && same_bytes)
            {
                let _ = writeln!(
                    out,
                    "- {} serialize on {}: serde's flatten / FastFlatten {:.2} (target >= 1): {}",
                    row.workload,
                    row.format,
                    r.median,
                    verdict(1.0 / r.median, 1.0)
                );
            }
        }
    }
    let _ = writeln!(out);
}

/// "holds", or "missed by N%".
fn verdict(ratio: f64, limit: f64) -> String {
    if ratio <= limit {
        "holds".into()
    } else {
        format!("**missed** by {:.0}%", (ratio / limit - 1.0) * 100.0)
    }
}

/// The peers' chart files: `peers.svg`, one row per format, a panel per operation, three bars
/// per row (the lower bound, FastFlatten, serde's flatten, each / the peer); none without peers.
pub fn charts(report: &Report) -> Vec<(String, String)> {
    if report.peers.is_empty() {
        return Vec::new();
    }
    const WIDTH: f64 = 1120.0;
    const LEFT: f64 = 20.0;
    const LABELS: f64 = 200.0;
    const GAP: f64 = 40.0;
    const TOP: f64 = 96.0;
    const ROW: f64 = 40.0;
    const PANEL: f64 = (WIDTH - LEFT - LABELS - GAP - 20.0) / 2.0;
    const FLAT_COLOUR: &str = "#8c959f";
    let panel_x = |p: usize| LEFT + LABELS + p as f64 * (PANEL + GAP);
    let bottom = TOP + ROW * report.peers.len() as f64;
    let height = bottom + 50.0;
    let max = report
        .peers
        .iter()
        .flat_map(|row| [&row.deserialize, &row.serialize])
        .filter_map(|r| r.as_ref().ok()?.peer.as_ref())
        .flat_map(|p| [Some(p.fast_vs_peer), p.flat_vs_peer, p.serde_vs_peer])
        .flatten()
        .map(|s| s.median)
        .fold(1.0, f64::max);
    let scale = Scale::new((max * 2.0).ceil() / 2.0, PANEL - 70.0);

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let peer = &report.peers[0].peer;
    let title = format!(
        "The wide record beside {peer}: time relative to {peer} on its own bytes, {}",
        report.header.day()
    );
    text(
        &mut s,
        LEFT,
        28.0,
        "start",
        r#"font-size="18" font-weight="bold""#,
        &title,
    );
    let mut x = LEFT;
    for (colour, label) in [
        (FLAT_COLOUR, "lower bound (flat serde derive)"),
        (FAST_COLOUR, "FastFlatten"),
        (SERDE_COLOUR, "serde's flatten"),
    ] {
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="45" width="14" height="10" fill="{colour}"/>"#
        );
        text(&mut s, x + 20.0, 54.0, "start", "", label);
        x += 240.0;
    }
    text(
        &mut s,
        x,
        54.0,
        "start",
        r##"fill="#555""##,
        &format!("1.0 = {peer}; shorter is faster"),
    );
    for (p, op) in [Op::Deserialize, Op::Serialize].into_iter().enumerate() {
        panel_title(&mut s, panel_x(p), TOP, op);
        let x = panel_x(p) + scale.width(1.0);
        let _ = writeln!(
            s,
            r#"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{bottom}" stroke="{RED}" stroke-width="1.5" stroke-dasharray="5,3"/>"#
        );
    }
    for (i, row) in report.peers.iter().enumerate() {
        let y = TOP + ROW * i as f64;
        if i % 2 == 0 {
            let _ = writeln!(
                s,
                r##"<rect x="{LEFT}" y="{y}" width="{}" height="{ROW}" fill="#f3f5f8"/>"##,
                WIDTH - 2.0 * LEFT
            );
        }
        let label = format!("{} on {}", row.workload, row.format);
        text(&mut s, LEFT + LABELS - 8.0, y + 24.0, "end", "", &label);
        for (p, op) in [Op::Deserialize, Op::Serialize].into_iter().enumerate() {
            let Some(peer) = row.result(op).as_ref().ok().and_then(|m| m.peer.as_ref()) else {
                let attrs = format!(r##"font-size="10" fill="#555" font-style="italic" {HALO}"##);
                text(&mut s, panel_x(p) + 3.0, y + 24.0, "start", &attrs, "n/a");
                continue;
            };
            let bars = [
                (peer.flat_vs_peer, FLAT_COLOUR),
                (Some(peer.fast_vs_peer), FAST_COLOUR),
                (peer.serde_vs_peer, SERDE_COLOUR),
            ];
            for (k, (ratio, colour)) in bars.into_iter().enumerate() {
                if let Some(r) = ratio {
                    bar(
                        &mut s,
                        panel_x(p),
                        y + 6.0 + 10.0 * k as f64,
                        r.median,
                        scale,
                        colour,
                    );
                }
            }
        }
    }
    let _ = writeln!(s, "</svg>");
    vec![("peers.svg".to_owned(), s)]
}
