//! Building a tree's `FIELDS` list in constant evaluation.

use super::errors::UNNAMED_FIELD;

/// Concatenates the name lists of a tree's parts (own fields and flattened children) into one
/// array of `N` names. `N` must be the total; a wrong `N` fails constant evaluation.
pub const fn concat_fields<const N: usize>(parts: &[&[&'static str]]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut filled = 0;
    let mut part = 0;
    while part < parts.len() {
        let names = parts[part];
        let mut i = 0;
        while i < names.len() {
            out[filled] = names[i];
            filled += 1;
            i += 1;
        }
        part += 1;
    }
    assert!(
        filled == N,
        "serde_fastkit: FIELDS length does not match LEN"
    );
    out
}

/// A placeholder list of `len` names, for a type whose flattened field is a type parameter (its
/// names cannot be concatenated in a constant on stable Rust). Formats only use its length.
pub const fn unnamed_fields(len: usize) -> &'static [&'static str] {
    assert!(
        len <= MAX_UNNAMED,
        "serde_fastkit: more than 4096 leaves under a generic flattened field"
    );
    UNNAMED.split_at(len).0
}

/// The placeholder list of an internally tagged enum with a newtype variant, `len` names (at
/// most 4096): its length is counted where the enum is read, not in a constant
/// (`src/enums/newtype_len.rs`). A longer variant fails to read on formats that count (bincode,
/// postcard), as a message of the wrong length, rather than panicking.
#[inline]
pub fn newtype_fields(len: usize) -> &'static [&'static str] {
    UNNAMED.split_at(len.min(MAX_UNNAMED)).0
}

/// The most names [`unnamed_fields`] and [`newtype_fields`] hand out.
const MAX_UNNAMED: usize = 4096;
const UNNAMED: &[&str; MAX_UNNAMED] = &[UNNAMED_FIELD; MAX_UNNAMED];

/// The largest of `lens` (0 for none), in constant evaluation.
pub const fn max_len(lens: &[usize]) -> usize {
    let mut max = 0;
    let mut i = 0;
    while i < lens.len() {
        if lens[i] > max {
            max = lens[i];
        }
        i += 1;
    }
    max
}
