//! What every fuzz target asserts (`fuzz/fuzz_targets/`), shared with the replay of the
//! committed corpus and of every finding (`tests/roundtrip/fuzz_corpus.rs`), so that CI checks them
//! without libFuzzer. Mounted beside `crate::common` (the format table) and `crate::workloads`.
//!
//! One input is decoded by every configuration of one format family into every workload's
//! FastFlatten type (`Vec<W::Source>`: structs, flattened trees, every enum representation,
//! catch-all maps, a buffered foreign struct). Each decode must return (a panic is the finding);
//! a value it accepts, re-encoded where the workload says the format can read it back, must
//! decode to an equal value.

#![allow(dead_code)] // the fuzz crate and the replay test use different parts

use crate::common::drop_in::{intended, non_name_keys};
use crate::common::formats::{visit_formats, Family, Format, FormatVisitor};
use crate::workloads::{
    visit_workloads, Implementation, ImplementationVisitor, Role, Workload, WorkloadVisitor,
};

/// Runs every assertion for `data` on every configuration of `family`.
pub fn check(family: Family, data: &[u8]) {
    let findings: Vec<String> = compare(family, data)
        .into_iter()
        .filter_map(|comparison| match comparison.verdict {
            Verdict::Finding(finding) => Some(format!(
                "{}: {}: {finding}",
                comparison.format, comparison.workload
            )),
            Verdict::Same | Verdict::Intended(_) => None,
        })
        .collect();
    assert!(
        findings.is_empty(),
        "FastFlatten and serde's derive decide differently:\n{}",
        findings.join("\n")
    );
}

/// How FastFlatten decided against serde's derive on one workload and format.
pub struct Comparison {
    pub format: &'static str,
    pub workload: &'static str,
    pub verdict: Verdict,
}

/// What comparing FastFlatten with serde's derive found.
pub enum Verdict {
    /// The same decision, and the same value or error (or serde's derive cannot read the
    /// workload on this format).
    Same,
    /// A difference of a kind FastFlatten intends ([`intended`]).
    Intended(&'static str),
    /// Any other difference: a finding, with both outcomes.
    Finding(String),
}

/// Runs every assertion for `data` on every configuration of `family` (panicking on a value
/// that does not roundtrip) and compares each workload's FastFlatten decision with serde's
/// derive's.
pub fn compare(family: Family, data: &[u8]) -> Vec<Comparison> {
    struct Formats<'a> {
        family: Family,
        data: &'a [u8],
        found: Vec<Comparison>,
    }

    impl FormatVisitor for Formats<'_> {
        fn visit<F: Format>(&mut self) {
            if F::FAMILY == self.family {
                visit_workloads(&mut Workloads::<F> {
                    data: self.data,
                    found: &mut self.found,
                    format: core::marker::PhantomData,
                });
            }
        }
    }

    struct Workloads<'a, F> {
        data: &'a [u8],
        found: &'a mut Vec<Comparison>,
        format: core::marker::PhantomData<F>,
    }

    impl<F: Format> WorkloadVisitor for Workloads<'_, F> {
        fn visit<W: Workload>(&mut self) {
            self.found.push(Comparison {
                format: F::NAME,
                workload: W::NAME,
                verdict: check_workload::<W, F>(self.data),
            });
        }
    }

    let mut formats = Formats {
        family,
        data,
        found: Vec::new(),
    };
    visit_formats(&mut formats);
    formats.found
}

/// Decodes `data` as values of `W`'s FastFlatten implementation on `F` (an accepted value must
/// roundtrip where FastFlatten reads `W`'s bytes on `F`) and, where serde's derive reads `W` on
/// `F`, as its twin's, and compares the two.
fn check_workload<W: Workload, F: Format>(data: &[u8]) -> Verdict {
    let mut sides = Sides::<F> {
        data,
        fast: None,
        serde: None,
        format: core::marker::PhantomData,
    };
    W::visit_implementations(&mut sides);
    let (Some(fast), Some(serde)) = (&sides.fast, &sides.serde) else {
        return Verdict::Same;
    };
    let Some(difference) = difference(fast, serde) else {
        return Verdict::Same;
    };
    match intended(F::FAMILY, fast, serde, || non_name_keys::<F>(data)) {
        Some(reason) => Verdict::Intended(reason),
        None => Verdict::Finding(format!(
            "{difference}\n  FastFlatten: {fast:?}\n  serde: {serde:?}"
        )),
    }
}

/// What one implementation made of the input: the values it read, written as JSON so that
/// implementations compare whatever their types (`None`: JSON cannot hold them, a map keyed by
/// numbers for instance), or its error message.
pub type Outcome = Result<Option<String>, String>;

/// The outcomes of FastFlatten and of serde's derive (where it reads the workload on `F`).
struct Sides<'a, F> {
    data: &'a [u8],
    fast: Option<Outcome>,
    serde: Option<Outcome>,
    format: core::marker::PhantomData<F>,
}

impl<W: Workload, F: Format> ImplementationVisitor<W> for Sides<'_, F> {
    fn visit<I: Implementation<W>>(&mut self) {
        match I::ROLE {
            Role::FastFlatten => self.fast = read_checked::<W, I, F>(self.data),
            Role::Serde if I::reads(&F::PROPERTIES) => self.serde = read::<W, I, F>(self.data),
            _ => {}
        }
    }
}

/// Decodes `data` as a sequence of `I`'s values.
fn read<W: Workload, I: Implementation<W>, F: Format>(data: &[u8]) -> Option<Outcome> {
    let values = I::decode_all_untrusted::<F>(data)?;
    Some(values.map(|values| serde_json::to_string(&values).ok()))
}

/// [`read`], and a value FastFlatten accepts, re-encoded where it reads `W` on `F`, must decode
/// to an equal value.
fn read_checked<W: Workload, I: Implementation<W>, F: Format>(data: &[u8]) -> Option<Outcome> {
    let values = match I::decode_all_untrusted::<F>(data)? {
        Ok(values) => values,
        Err(e) => return Some(Err(e)),
    };
    let rendered = serde_json::to_string(&values).ok();
    if W::NEEDS.met_by(&F::PROPERTIES) && I::reads(&F::PROPERTIES) {
        roundtrip::<W, I, F>(&values);
    }
    Some(Ok(rendered))
}

/// `values`, encoded, decode to equal values.
fn roundtrip<W: Workload, I: Implementation<W>, F: Format>(values: &[I::Value<'_>]) {
    // A value a format cannot write (bitcode's serializer panics on shapes it cannot hold) is
    // the format's limit, met by serde's derive alike: not a finding.
    let Ok(bytes) = crate::common::probe::catch(|| F::encode(values)) else {
        return;
    };
    let Some(back) = I::decode_all_untrusted::<F>(&bytes) else {
        return;
    };
    let back = back.unwrap_or_else(|e| {
        panic!(
            "{}: {}: a value read from the input does not read back: {e}\n{values:?}",
            F::NAME,
            W::NAME
        )
    });
    // `Debug` text, not `==`: a float NaN read from the input is not equal to itself.
    let (back, values) = (format!("{back:?}"), format!("{values:?}"));
    assert!(
        back == values || (!F::PROPERTIES.exact_floats && equal_but_floats(&back, &values)),
        "{}: {}: a value read from the input reads back different\n{back}\n{values}",
        F::NAME,
        W::NAME
    );
}

/// Whether two `Debug` texts differ only in floats that are within a rounding of each other:
/// serde_json reads some decimal texts one unit in the last place off (without its
/// `float_roundtrip` feature), so a float read from the input may not survive a roundtrip
/// there, with any derive (the format table's `EXACT_FLOATS`).
fn equal_but_floats(a: &str, b: &str) -> bool {
    fn is_number(c: u8) -> bool {
        c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'-' | b'+')
    }
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            i += 1;
            j += 1;
            continue;
        }
        // They differ here: compare the whole numbers around this point.
        let start_a = (0..i)
            .rev()
            .take_while(|&k| is_number(a[k]))
            .last()
            .unwrap_or(i);
        let start_b = (0..j)
            .rev()
            .take_while(|&k| is_number(b[k]))
            .last()
            .unwrap_or(j);
        let end_a = (i..a.len()).find(|&k| !is_number(a[k])).unwrap_or(a.len());
        let end_b = (j..b.len()).find(|&k| !is_number(b[k])).unwrap_or(b.len());
        let parse = |text: &[u8]| std::str::from_utf8(text).ok()?.parse::<f64>().ok();
        match (parse(&a[start_a..end_a]), parse(&b[start_b..end_b])) {
            (Some(x), Some(y)) if x == y || (x - y).abs() <= x.abs().max(y.abs()) * 1e-15 => {}
            _ => return false,
        }
        i = end_a;
        j = end_b;
    }
    i == a.len() && j == b.len()
}

/// How FastFlatten's outcome differs from serde's, where the difference is not one of the
/// intended ones; `None` when they agree.
pub fn difference(fast: &Outcome, serde: &Outcome) -> Option<&'static str> {
    match (fast, serde) {
        (Ok(Some(fast)), Ok(Some(serde))) if fast != serde => Some("different values"),
        (Ok(_), Ok(_)) => None,
        (Err(fast), Err(serde)) if fast != serde => Some("different errors"),
        (Err(_), Err(_)) => None,
        (Ok(_), Err(_)) => Some("FastFlatten accepts what serde rejects"),
        (Err(_), Ok(_)) => Some("FastFlatten rejects what serde accepts"),
    }
}

/// The format family a fuzz target (and its corpus directory) is named after.
pub fn family_of_target(target: &str) -> Option<Family> {
    Some(match target {
        "json" => Family::Json,
        "yaml" => Family::Yaml,
        "cbor" => Family::Cbor,
        "bincode" => Family::Bincode,
        "bitcode" => Family::Bitcode,
        "postcard" => Family::Postcard,
        "msgpack" => Family::MessagePack,
        _ => return None,
    })
}

/// The seed corpus of a target: every workload's samples encoded by each configuration of its
/// family (one value per file, and the whole sample list).
pub fn seeds(family: Family) -> Vec<Vec<u8>> {
    struct Seeds {
        family: Family,
        out: Vec<Vec<u8>>,
    }

    impl FormatVisitor for Seeds {
        fn visit<F: Format>(&mut self) {
            if F::FAMILY != self.family {
                return;
            }
            struct PerWorkload<'a, F> {
                out: &'a mut Vec<Vec<u8>>,
                format: core::marker::PhantomData<F>,
            }
            impl<F: Format> WorkloadVisitor for PerWorkload<'_, F> {
                fn visit<W: Workload>(&mut self) {
                    let samples = W::samples();
                    let encoded =
                        crate::common::probe::catch(|| F::encode(&samples[..samples.len().min(2)]));
                    self.out.extend(encoded.ok());
                }
            }
            visit_workloads(&mut PerWorkload::<F> {
                out: &mut self.out,
                format: core::marker::PhantomData,
            });
        }
    }

    let mut seeds = Seeds {
        family,
        out: Vec::new(),
    };
    visit_formats(&mut seeds);
    seeds.out
}
