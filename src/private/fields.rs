//! Building a tree's `FIELDS` list in constant evaluation.

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
    const MAX: usize = 4096;
    const UNNAMED: &[&str; MAX] = &[UNNAMED_FIELD; MAX];
    assert!(
        len <= MAX,
        "serde_fastkit: more than 4096 leaves under a generic flattened field"
    );
    UNNAMED.split_at(len).0
}

/// Fails constant evaluation when two leaves of a tree share a name, since both would be
/// written under the same key (serde's flatten writes it twice: serde issue 1190). Placeholder
/// names of generic children are not compared.
pub const fn assert_unique_fields(fields: &[&str], tree: &str) {
    let mut i = 0;
    while i < fields.len() {
        let mut j = i + 1;
        while j < fields.len() {
            if str_eq(fields[i], fields[j]) && !str_eq(fields[i], UNNAMED_FIELD) {
                duplicate_name(fields[i], tree);
            }
            j += 1;
        }
        i += 1;
    }
}

const UNNAMED_FIELD: &str = "<flattened field>";

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Panics (at compile time) with "two leaves of the flattened tree `tree` are named `name`...".
const fn duplicate_name(name: &str, tree: &str) -> ! {
    const CAPACITY: usize = 512;
    let mut message = [0u8; CAPACITY];
    let mut len = 0;
    let pieces: [&str; 5] = [
        "FastFlatten: two leaves of the flattened tree of `",
        tree,
        "` are named `",
        name,
        "`; rename one with #[serde(rename = \"...\")]",
    ];
    let mut p = 0;
    while p < pieces.len() {
        let bytes = pieces[p].as_bytes();
        let mut i = 0;
        while i < bytes.len() && len < CAPACITY {
            message[len] = bytes[i];
            len += 1;
            i += 1;
        }
        p += 1;
    }
    match core::str::from_utf8(message.split_at(len).0) {
        Ok(message) => panic!("{}", message),
        Err(_) => panic!("FastFlatten: two leaves of a flattened tree share a name"),
    }
}

/// Fails constant evaluation when more than one flattened field of a struct holds a catch-all
/// map: each unclaimed key can go to one map only.
pub const fn assert_one_catch_all(children: &[bool], tree: &str) {
    let mut count = 0;
    let mut i = 0;
    while i < children.len() {
        if children[i] {
            count += 1;
        }
        i += 1;
    }
    if count > 1 {
        let _ = tree;
        panic!("FastFlatten: more than one flattened field of this struct holds a catch-all map; keep one");
    }
}
