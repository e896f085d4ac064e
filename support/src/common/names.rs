//! The data set of the "Faster Rust Serialization" experiment, shared by `benches/formatters.rs`
//! and `examples/tour.rs`.
//!
//! `Name` prints as "first last". The data set cycles 16 first names x 16 last names (256
//! distinct full names, 13.75 bytes on average), deterministic, with a few non-ASCII names
//! (2- and 3-byte UTF-8) and one first name containing a `"` quote, which JSON and YAML must
//! escape.

use core::fmt;

/// A person's name, serialized as the single string "first last".
pub struct Name {
    /// The given name.
    pub first_name: String,
    /// The family name.
    pub last_name: String,
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.first_name, self.last_name)
    }
}

/// First names: the index cycles fastest through these.
const FIRST: [&str; 16] = [
    "Ada",
    "Alan",
    "Grace",
    "Edsger",
    "Zoë",
    "José",
    "Łukasz",
    "Søren",
    "Barbara",
    "Donald",
    "Dennis",
    "Margaret",
    "Kenneth",
    "Radia",
    "John",
    r#"Robert "Bob""#,
];

/// Last names: the index advances through these every 16 names.
const LAST: [&str; 16] = [
    "Lovelace",
    "Turing",
    "Hopper",
    "Dijkstra",
    "Gödel",
    "Erdős",
    "Nguyễn",
    "Liskov",
    "Knuth",
    "Ritchie",
    "Hamilton",
    "Thompson",
    "Perlman",
    "Backus",
    "Allen",
    "Kernighan",
];

/// The first `n` names of the data set: name `i` is `FIRST[i % 16] LAST[i / 16 % 16]`.
pub fn names(n: usize) -> Vec<Name> {
    (0..n)
        .map(|i| Name {
            first_name: FIRST[i % FIRST.len()].to_owned(),
            last_name: LAST[i / FIRST.len() % LAST.len()].to_owned(),
        })
        .collect()
}
