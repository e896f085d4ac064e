//! Making values of a family's types and comparing them: each generated type implements [`Gen`]
//! (a value drawn from an [`Rng`]) and [`Canon`] (a text that is the same for equal values of
//! the two twins, whose `Debug` may not be: a `HashMap`'s order is its own).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use fastkit_shapes::rng::SplitMix64;

/// The generator values are drawn from. Two clones draw the same values: the twins of a family
/// are made from clones, so that they hold the same data.
#[derive(Clone)]
pub struct Rng(pub SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(SplitMix64(seed))
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
}

/// A value drawn from an [`Rng`].
pub trait Gen {
    fn gen(r: &mut Rng) -> Self;
}

/// A text that equal values of the twins share.
pub trait Canon {
    fn canon(&self, out: &mut String);

    /// The text alone.
    fn canonical(&self) -> String {
        let mut out = String::new();
        self.canon(&mut out);
        out
    }
}

/// Words drawn for strings: some look like keys and tags of the families, so that a value can
/// be mistaken for one.
const WORDS: [&str; 8] = ["", "a", "x y", "V1One", "tag1", "null", "7", "é\"\\"];

/// Keys of catch-all maps: no family uses them as names.
const MAP_KEYS: [&str; 5] = ["z0", "z1", "z2", "zz", "z-3"];

impl Gen for u32 {
    fn gen(r: &mut Rng) -> Self {
        match r.below(4) {
            0 => 0,
            1 => u32::MAX,
            _ => r.0.next_u64() as u32 % 1000,
        }
    }
}

impl Gen for i64 {
    fn gen(r: &mut Rng) -> Self {
        match r.below(4) {
            0 => i64::MIN,
            1 => -1,
            _ => r.0.next_u64() as i64 % 100_000,
        }
    }
}

impl Gen for bool {
    fn gen(r: &mut Rng) -> Self {
        r.below(2) == 0
    }
}

impl Gen for String {
    fn gen(r: &mut Rng) -> Self {
        (*r.0.pick(&WORDS)).to_owned()
    }
}

impl Gen for f64 {
    fn gen(r: &mut Rng) -> Self {
        // Exact in every format's text and binary forms.
        *r.0.pick(&[0.0, 0.5, -2.25, 1e10, 3.0])
    }
}

impl<T: Gen> Gen for Option<T> {
    fn gen(r: &mut Rng) -> Self {
        (r.below(3) != 0).then(|| T::gen(r))
    }
}

impl<T: Gen> Gen for Box<T> {
    fn gen(r: &mut Rng) -> Self {
        Box::new(T::gen(r))
    }
}

impl<T: Gen> Gen for Vec<T> {
    fn gen(r: &mut Rng) -> Self {
        (0..r.below(3)).map(|_| T::gen(r)).collect()
    }
}

fn map_entries<V>(r: &mut Rng, value: impl Fn(&mut Rng) -> V) -> Vec<(String, V)> {
    (0..r.below(3))
        .map(|_| ((*r.0.pick(&MAP_KEYS)).to_owned(), value(r)))
        .collect()
}

impl<S: std::hash::BuildHasher + Default> Gen for HashMap<String, serde_json::Value, S> {
    fn gen(r: &mut Rng) -> Self {
        map_entries(r, json_scalar).into_iter().collect()
    }
}

impl Gen for BTreeMap<String, u32> {
    fn gen(r: &mut Rng) -> Self {
        map_entries(r, u32::gen).into_iter().collect()
    }
}

impl Gen for serde_json::Map<String, serde_json::Value> {
    fn gen(r: &mut Rng) -> Self {
        map_entries(r, json_scalar).into_iter().collect()
    }
}

/// A flattened `serde_json::Value` is an object.
impl Gen for serde_json::Value {
    fn gen(r: &mut Rng) -> Self {
        serde_json::Value::Object(Gen::gen(r))
    }
}

fn json_scalar(r: &mut Rng) -> serde_json::Value {
    use serde_json::Value;
    match r.below(6) {
        0 => Value::Null,
        1 => Value::Bool(true),
        2 => Value::from(u32::gen(r)),
        3 => Value::from(-3),
        4 => Value::String(String::gen(r)),
        _ => Value::Array(vec![Value::from(1), Value::Null]),
    }
}

macro_rules! canon_by_debug {
    ($($ty:ty),*) => {
        $(
            impl Canon for $ty {
                fn canon(&self, out: &mut String) {
                    let _ = write!(out, "{self:?}");
                }
            }
        )*
    };
}

canon_by_debug!(u32, i64, bool, String, f64, serde_json::Value);

impl<T: Canon> Canon for Option<T> {
    fn canon(&self, out: &mut String) {
        match self {
            Some(value) => {
                out.push_str("Some(");
                value.canon(out);
                out.push(')');
            }
            None => out.push_str("None"),
        }
    }
}

impl<T: Canon> Canon for Box<T> {
    fn canon(&self, out: &mut String) {
        (**self).canon(out);
    }
}

impl<T: Canon> Canon for Vec<T> {
    fn canon(&self, out: &mut String) {
        out.push('[');
        for item in self {
            item.canon(out);
            out.push(',');
        }
        out.push(']');
    }
}

fn canon_entries<'a, V: Canon + 'a>(
    entries: impl Iterator<Item = (&'a String, &'a V)>,
    out: &mut String,
) {
    let mut entries: Vec<_> = entries.collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    out.push('{');
    for (key, value) in entries {
        let _ = write!(out, "{key:?}:");
        value.canon(out);
        out.push(',');
    }
    out.push('}');
}

impl<V: Canon, S> Canon for HashMap<String, V, S> {
    fn canon(&self, out: &mut String) {
        canon_entries(self.iter(), out);
    }
}

impl<V: Canon> Canon for BTreeMap<String, V> {
    fn canon(&self, out: &mut String) {
        canon_entries(self.iter(), out);
    }
}

impl Canon for serde_json::Map<String, serde_json::Value> {
    fn canon(&self, out: &mut String) {
        canon_entries(self.iter(), out);
    }
}
