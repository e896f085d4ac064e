//! The checker: a family's values written by both derives, and serde's output edited into many
//! inputs, read by both derives on every self-describing format the generator targets; values
//! roundtripped by FastFlatten on the formats that write structs as sequences. Every difference
//! is an intended one ([`crate::common::drop_in`]) or a finding.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};

use fastkit_shapes::rng::{mix, SplitMix64};
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::mutate::{mutate, mutate_bytes};
use super::{Canon, Gen, Rng, ShapeFamily};
use crate::common::doc::Doc;
use crate::common::drop_in::{
    input_facts, intended, intended_by_shape, non_name_keys, InputQuestions,
};
use crate::common::formats::{
    Bincode2, Bitcode, Ciborium, Family as FormatFamily, Format, Json, MsgPackArray, MsgPackMap,
    Postcard, SerdeYaml,
};

/// Values drawn per family; the inputs are made from them in turn.
const VALUES: usize = 4;

/// What the checker saw, over every family it checked.
#[derive(Debug, Default)]
pub struct Tally {
    pub families: usize,
    /// Inputs made (each read on every format that can write it).
    pub inputs: usize,
    /// Reads compared (one input on one format, by both derives).
    pub reads: usize,
    /// Reads where the derives differed as an intended rule allows, by rule.
    pub rules: BTreeMap<&'static str, usize>,
    /// Values written by both derives and compared.
    pub writes: usize,
    /// Values roundtripped on formats that write structs as sequences.
    pub roundtrips: usize,
    /// Differences no rule allows, each with the family and the input.
    pub findings: Vec<String>,
}

impl Tally {
    /// The counts, one line each.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "{} families, {} inputs, {} reads compared, {} writes compared, {} roundtrips; \
             {} findings\n",
            self.families,
            self.inputs,
            self.reads,
            self.writes,
            self.roundtrips,
            self.findings.len()
        );
        for (rule, count) in &self.rules {
            out.push_str(&format!("  {count:>7}  {rule}\n"));
        }
        out
    }
}

/// A read's outcome: the value's canonical text, or the error.
type Outcome = Result<String, String>;

/// Checks family `F` with `inputs` inputs, adding to `tally`.
pub fn check<F: ShapeFamily>(inputs: usize, tally: &mut Tally) {
    tally.families += 1;
    let mut findings = Vec::new();
    let mut docs = Vec::new();
    for k in 0..VALUES {
        let mut r = Rng::new(mix(F::SEED ^ (k as u64 + 1)));
        let fast = F::Fast::gen(&mut r.clone());
        let twin = F::Twin::gen(&mut r);
        let (fast_text, twin_text) = (fast.canonical(), twin.canonical());
        if fast_text != twin_text {
            findings.push(format!(
                "the twins drew different values:\n  {fast_text}\n  {twin_text}"
            ));
            continue;
        }
        tally.writes += 1;
        findings.extend(compare_writes(&fast, &twin, tally));
        if F::SEQUENCES {
            tally.roundtrips += 1;
            findings.extend(roundtrips(&fast));
        }
        let json = serde_json::to_vec(&twin).or_else(|_| serde_json::to_vec(&fast));
        if let Ok(doc) = json.map(|json| serde_json::from_slice::<Doc>(&json)) {
            docs.push(doc.expect("JSON reads as a Doc"));
        }
    }
    if docs.is_empty() {
        docs.push(Doc::Map(Vec::new()));
    }
    let mut r = SplitMix64(mix(F::SEED));
    for i in 0..inputs {
        tally.inputs += 1;
        let base = &docs[i % docs.len()];
        // The first inputs are serde's output itself.
        let doc = if i < docs.len() {
            base.clone()
        } else {
            mutate(base, &mut r, F::NAMES, true)
        };
        let flip = i >= docs.len() && r.chance(20);
        let mut reads = Reads::<F> {
            doc: &doc,
            flip: flip.then(|| r.next_u64()),
            tally,
            findings: &mut findings,
            family: std::marker::PhantomData,
        };
        reads.on::<Json>();
        reads.on::<SerdeYaml>();
        reads.on::<Ciborium>();
        reads.on::<MsgPackMap>();
        if findings.len() > 3 {
            break;
        }
    }
    for finding in findings.into_iter().take(3) {
        tally.findings.push(format!(
            "family {} (seed {:#x}): {finding}\n--- its types (FastFlatten's declaration) ---\n{}",
            F::INDEX,
            F::SEED,
            F::SOURCE
        ));
    }
}

/// Reading one input on each format, by both derives.
struct Reads<'a, F> {
    doc: &'a Doc,
    /// A seed to edit the encoded bytes with, for a byte-level input.
    flip: Option<u64>,
    tally: &'a mut Tally,
    findings: &'a mut Vec<String>,
    family: std::marker::PhantomData<F>,
}

impl<F: ShapeFamily> Reads<'_, F> {
    fn on<X: Format>(&mut self) {
        let text = matches!(X::FAMILY, FormatFamily::Json | FormatFamily::Yaml);
        if (X::FAMILY == FormatFamily::Json && !self.doc.keys_are_strings())
            || (text && self.doc.has_bytes())
        {
            return;
        }
        let Ok(mut bytes) = X::encode(self.doc) else {
            return;
        };
        if let Some(seed) = self.flip {
            bytes = mutate_bytes(&bytes, &mut SplitMix64(seed));
        }
        self.tally.reads += 1;
        match compare_read::<F, X>(&bytes) {
            Verdict::Same => {}
            Verdict::Intended(rule) => *self.tally.rules.entry(rule).or_default() += 1,
            Verdict::Finding(finding) => self.findings.push(format!(
                "{finding}\n  input: {}",
                if self.flip.is_some() {
                    format!("{bytes:02x?} (edited bytes of {:?})", self.doc)
                } else {
                    format!("{:?}", self.doc)
                },
            )),
        }
    }
}

/// What the two derives made of one input.
#[derive(Debug)]
pub enum Verdict {
    /// The same value, or both an error.
    Same,
    /// A difference an intended rule allows ([`crate::common::drop_in`]).
    Intended(&'static str),
    /// Any other difference, described.
    Finding(String),
}

/// Reads `bytes` on format `X` with both derives of family `F` and compares.
pub fn compare_read<F: ShapeFamily, X: Format>(bytes: &[u8]) -> Verdict {
    let fast = read::<X, F::Fast>(bytes);
    let twin = read::<X, F::Twin>(bytes);
    if agree(&fast, &twin) {
        return Verdict::Same;
    }
    if let Some(rule) = intended(X::FAMILY, &fast, &twin, || non_name_keys::<X>(bytes)) {
        return Verdict::Intended(rule);
    }
    let input = InputQuestions {
        facts: || input_facts::<X>(bytes),
        partial_read: || X::reads_part::<F::Fast>(bytes),
    };
    if let Some(rule) = intended_by_shape(X::FAMILY, F::FEATURES, &fast, &twin, input) {
        return Verdict::Intended(rule);
    }
    Verdict::Finding(format!(
        "{} reads differently\n  FastFlatten: {fast:?}\n  serde: {twin:?}",
        X::NAME
    ))
}

/// [`compare_read`] for raw input (the fuzz crate's `shapes` target): the first byte picks the
/// format (serde_json, serde_yaml, ciborium, rmp-serde), the rest is the input.
pub fn compare_input<F: ShapeFamily>(data: &[u8]) -> Verdict {
    let Some((&format, bytes)) = data.split_first() else {
        return Verdict::Same;
    };
    match format % 4 {
        0 => compare_read::<F, Json>(bytes),
        1 => compare_read::<F, SerdeYaml>(bytes),
        2 => compare_read::<F, Ciborium>(bytes),
        _ => compare_read::<F, MsgPackMap>(bytes),
    }
}

/// Whether two outcomes agree: the same value, or both an error.
fn agree(fast: &Outcome, twin: &Outcome) -> bool {
    match (fast, twin) {
        (Ok(a), Ok(b)) => a == b,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

/// `T` read from `bytes` on `X` (a panic is an error saying so).
fn read<X: Format, T: DeserializeOwned + Canon>(bytes: &[u8]) -> Outcome {
    match catch_unwind(AssertUnwindSafe(|| X::decode::<T>(bytes))) {
        Ok(result) => result.map(|value| value.canonical()),
        Err(_) => Err("PANICKED".to_owned()),
    }
}

/// Both derives write `value` alike: the same bytes on JSON and YAML; the same document on
/// CBOR and MessagePack (serde's flatten writes maps of unknown length, which CBOR marks). A
/// key two catch-all maps hold is written once by FastFlatten, twice by serde's derive.
fn compare_writes<O: Serialize, T: Serialize + Debug>(
    ours: &O,
    twin: &T,
    tally: &mut Tally,
) -> Vec<String> {
    fn on<X: Format, O: Serialize, T: Serialize>(
        ours: &O,
        twin: &T,
        value: &dyn Fn() -> String,
        tally: &mut Tally,
        findings: &mut Vec<String>,
    ) {
        let (ours, twin) = (X::encode(ours), X::encode(twin));
        let doc = |bytes: &Result<Vec<u8>, String>| {
            bytes
                .as_ref()
                .ok()
                .and_then(|bytes| X::decode::<Doc>(bytes).ok())
        };
        let same = match (&ours, &twin) {
            // The same bytes, or the same document where only the map headers may differ.
            (Ok(a), Ok(b)) => a == b || (!X::FAMILY.is_text() && doc(&ours) == doc(&twin)),
            // serde's derive cannot write some shapes FastFlatten writes.
            (Ok(_), Err(_)) => true,
            (Err(a), Err(b)) => a == b,
            (Err(_), Ok(_)) => false,
        };
        if same {
            return;
        }
        if let (Some(a), Some(b)) = (doc(&ours), doc(&twin)) {
            if a == without_repeated_keys(b) {
                *tally
                    .rules
                    .entry("a key held twice is written once")
                    .or_default() += 1;
                return;
            }
        }
        findings.push(format!(
            "{} writes differently\n  value: {}\n  FastFlatten: {}\n  serde: {}",
            X::NAME,
            value(),
            shown(&ours),
            shown(&twin),
        ));
    }
    let value = || format!("{twin:?}");
    let mut findings = Vec::new();
    on::<Json, _, _>(ours, twin, &value, tally, &mut findings);
    on::<SerdeYaml, _, _>(ours, twin, &value, tally, &mut findings);
    on::<Ciborium, _, _>(ours, twin, &value, tally, &mut findings);
    on::<MsgPackMap, _, _>(ours, twin, &value, tally, &mut findings);
    findings
}

/// `doc` with each map's repeated keys left out after their first entry.
fn without_repeated_keys(doc: Doc) -> Doc {
    match doc {
        Doc::Map(entries) => {
            let mut kept: Vec<(Doc, Doc)> = Vec::new();
            for (key, value) in entries {
                if !kept.iter().any(|(k, _)| *k == key) {
                    kept.push((key, without_repeated_keys(value)));
                }
            }
            Doc::Map(kept)
        }
        Doc::Seq(items) => Doc::Seq(items.into_iter().map(without_repeated_keys).collect()),
        other => other,
    }
}

fn shown(bytes: &Result<Vec<u8>, String>) -> String {
    match bytes {
        Ok(bytes) => String::from_utf8(bytes.clone()).unwrap_or_else(|_| format!("{bytes:02x?}")),
        Err(e) => format!("error: {e}"),
    }
}

/// FastFlatten's `value` roundtrips on the formats that write structs as sequences.
fn roundtrips<T: Serialize + DeserializeOwned + Canon>(value: &T) -> Vec<String> {
    fn on<X: Format, T: Serialize + DeserializeOwned + Canon>(
        value: &T,
        findings: &mut Vec<String>,
    ) {
        let back = match catch_unwind(AssertUnwindSafe(|| X::encode(value))) {
            Ok(bytes) => bytes.and_then(|bytes| read::<X, T>(&bytes)),
            Err(_) => Err("PANICKED writing".to_owned()),
        };
        let expected = value.canonical();
        if back.as_ref() != Ok(&expected) {
            findings.push(format!(
                "does not roundtrip on {}\n  value: {expected}\n  read back: {back:?}",
                X::NAME
            ));
        }
    }
    let mut findings = Vec::new();
    on::<Bincode2, _>(value, &mut findings);
    on::<Bitcode, _>(value, &mut findings);
    on::<Postcard, _>(value, &mut findings);
    on::<MsgPackArray, _>(value, &mut findings);
    findings
}
