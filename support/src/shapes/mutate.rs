//! The inputs the checker reads besides serde's own output: that output edited the way inputs
//! go wrong in practice and in attacks, as a [`Doc`] (so that one edit reaches every
//! self-describing format) or as bytes.

use fastkit_shapes::rng::SplitMix64;

use crate::common::doc::Doc;

/// `doc` with one to three edits, each at a map or sequence anywhere in it: entries shuffled,
/// dropped, repeated, added under unknown or known names, renamed; values replaced by values
/// of other kinds or by names the family knows; keys that are not strings (integers, booleans,
/// nil, floats, sequences, maps) where `non_string_keys`.
pub fn mutate(doc: &Doc, r: &mut SplitMix64, names: &[&str], non_string_keys: bool) -> Doc {
    let mut doc = doc.clone();
    for _ in 0..1 + r.below(3) {
        let mut containers = Vec::new();
        collect_containers(&doc, &mut Vec::new(), &mut containers);
        if containers.is_empty() {
            return random_value(r, names, 2);
        }
        let path = r.pick(&containers).clone();
        edit(at(&mut doc, &path), r, names, non_string_keys);
    }
    doc
}

/// `bytes` truncated, or with a few bytes flipped, replaced or inserted.
pub fn mutate_bytes(bytes: &[u8], r: &mut SplitMix64) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    if bytes.is_empty() {
        return bytes;
    }
    match r.below(4) {
        0 => bytes.truncate(r.below(bytes.len())),
        1 => {
            let i = r.below(bytes.len());
            bytes[i] ^= 1 << r.below(8);
        }
        2 => {
            let i = r.below(bytes.len());
            bytes[i] = r.next_u64() as u8;
        }
        _ => {
            let i = r.below(bytes.len() + 1);
            bytes.insert(i, r.next_u64() as u8);
        }
    }
    bytes
}

/// The paths (child positions) of every map and sequence of `doc`.
fn collect_containers(doc: &Doc, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    match doc {
        Doc::Map(entries) => {
            out.push(path.clone());
            for (i, (_, value)) in entries.iter().enumerate() {
                path.push(i);
                collect_containers(value, path, out);
                path.pop();
            }
        }
        Doc::Seq(items) => {
            out.push(path.clone());
            for (i, item) in items.iter().enumerate() {
                path.push(i);
                collect_containers(item, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(doc: &'a mut Doc, path: &[usize]) -> &'a mut Doc {
    match path.split_first() {
        None => doc,
        Some((&i, rest)) => match doc {
            Doc::Map(entries) => at(&mut entries[i].1, rest),
            Doc::Seq(items) => at(&mut items[i], rest),
            _ => unreachable!("a container's path"),
        },
    }
}

fn edit(container: &mut Doc, r: &mut SplitMix64, names: &[&str], non_string_keys: bool) {
    match container {
        Doc::Map(entries) => {
            let len = entries.len();
            match r.below(10) {
                0 if len > 1 => {
                    for i in (1..len).rev() {
                        entries.swap(i, r.below(i + 1));
                    }
                }
                1 if len > 0 => {
                    entries.remove(r.below(len));
                }
                2 if len > 0 => {
                    let entry = entries[r.below(len)].clone();
                    entries.insert(r.below(len + 1), entry);
                }
                3 if len > 0 => {
                    let key = entries[r.below(len)].0.clone();
                    entries.insert(r.below(len + 1), (key, random_value(r, names, 1)));
                }
                4 | 5 => {
                    let key = if r.chance(50) && !names.is_empty() {
                        Doc::str(pick(r, names))
                    } else {
                        Doc::str(pick(r, &["unknown", "zz", "z0", "", "Type"]))
                    };
                    entries.insert(r.below(len + 1), (key, random_value(r, names, 1)));
                }
                6 if len > 0 => {
                    let i = r.below(len);
                    entries[i].1 = random_value(r, names, 1);
                }
                7 if len > 0 && !names.is_empty() => {
                    let i = r.below(len);
                    entries[i].0 = Doc::str(pick(r, names));
                }
                8 if non_string_keys => {
                    let key = match r.below(6) {
                        0 => Doc::U64(r.below(4) as u64),
                        1 => Doc::Bool(r.chance(50)),
                        2 => Doc::Null,
                        3 => Doc::F64(1.5),
                        4 => Doc::Seq(vec![Doc::U64(1)]),
                        _ => Doc::Map(Vec::new()),
                    };
                    entries.insert(r.below(len + 1), (key, random_value(r, names, 1)));
                }
                _ if len > 0 => {
                    // A value replaced by a name the family knows (a tag, a variant).
                    let i = r.below(len);
                    if !names.is_empty() {
                        entries[i].1 = Doc::str(pick(r, names));
                    }
                }
                _ => {}
            }
        }
        Doc::Seq(items) => {
            let len = items.len();
            match r.below(3) {
                0 if len > 0 => {
                    items.remove(r.below(len));
                }
                1 if len > 0 => {
                    let i = r.below(len);
                    items[i] = random_value(r, names, 1);
                }
                _ => items.insert(r.below(len + 1), random_value(r, names, 1)),
            }
        }
        _ => {}
    }
}

/// A value of any kind, nested up to `depth`.
fn random_value(r: &mut SplitMix64, names: &[&str], depth: usize) -> Doc {
    match r.below(if depth == 0 { 7 } else { 9 }) {
        0 => Doc::Null,
        1 => Doc::Bool(r.chance(50)),
        2 => Doc::U64(*r.pick(&[0, 1, 7, u64::from(u32::MAX) + 1])),
        3 => Doc::I64(*r.pick(&[-1, i64::MIN])),
        4 => Doc::F64(*r.pick(&[0.5, -2.0])),
        5 if !names.is_empty() => Doc::str(pick(r, names)),
        5 | 6 => Doc::str(pick(r, &["", "x", "7", "true"])),
        7 => Doc::Seq(
            (0..r.below(3))
                .map(|_| random_value(r, names, depth - 1))
                .collect(),
        ),
        _ => Doc::Map(
            (0..r.below(3))
                .map(|_| {
                    let key = if names.is_empty() {
                        Doc::str("k")
                    } else {
                        Doc::str(pick(r, names))
                    };
                    (key, random_value(r, names, depth - 1))
                })
                .collect(),
        ),
    }
}

/// One of `names` (not empty).
fn pick<'a>(r: &mut SplitMix64, names: &[&'a str]) -> &'a str {
    names[r.below(names.len())]
}
