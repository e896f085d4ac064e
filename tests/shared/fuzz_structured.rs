//! The structure-aware fuzz target (`fuzz/fuzz_targets/structured.rs`), shared with the corpus
//! replay (`tests/roundtrip/fuzz_corpus.rs`): the fuzzer's bytes are not the input but the choices
//! (through `arbitrary`) that make one. A workload's sample values, as a JSON tree that keeps
//! key order and duplicates, are edited the way real inputs go wrong (keys shuffled, dropped,
//! repeated, misspelled, unknown; values replaced by others of any type), encoded by one format
//! of the table (as the tree itself, or, for formats that need the types, as the workload's
//! values read back from the edited tree), the bytes are then mutated a little (flipped,
//! truncated, cut), and the result goes through every assertion of `fuzz_check`.
//!
//! Byte-level fuzzing rarely gets past a format's framing into the states of the derive (an
//! unknown key before the tag, a repeated key inside a flattened group); these edits start
//! there.

use arbitrary::{Result, Unstructured};

use crate::common::formats::{visit_formats, Format, FormatVisitor};
use crate::fuzz_check::check;
use crate::workloads::{visit_workloads, Workload, WorkloadVisitor};

use crate::json_tree::{object_at, object_paths, Tree};

/// Makes one input from the choices in `data` and checks it. Runs out of choices quietly.
pub fn check_structured(data: &[u8]) {
    let _ = make_and_check(&mut Unstructured::new(data));
}

/// The number of workloads and formats, to choose among.
fn count_workloads_and_formats() -> (usize, usize) {
    struct Count(usize);
    impl WorkloadVisitor for Count {
        fn visit<W: Workload>(&mut self) {
            self.0 += 1;
        }
    }
    impl FormatVisitor for Count {
        fn visit<F: Format>(&mut self) {
            self.0 += 1;
        }
    }
    let (mut workloads, mut formats) = (Count(0), Count(0));
    visit_workloads(&mut workloads);
    visit_formats(&mut formats);
    (workloads.0, formats.0)
}

fn make_and_check(u: &mut Unstructured<'_>) -> Result<()> {
    let (workloads, formats) = count_workloads_and_formats();
    let workload = u.choose_index(workloads)?;
    let format = u.choose_index(formats)?;

    struct PickWorkload<'a, 'b> {
        u: &'a mut Unstructured<'b>,
        workload: usize,
        format: usize,
        result: Result<()>,
    }
    impl WorkloadVisitor for PickWorkload<'_, '_> {
        fn visit<W: Workload>(&mut self) {
            if self.workload == 0 {
                self.result = with_workload::<W>(self.u, self.format);
            }
            self.workload = self.workload.wrapping_sub(1);
        }
    }
    let mut pick = PickWorkload {
        u,
        workload,
        format,
        result: Ok(()),
    };
    visit_workloads(&mut pick);
    pick.result
}

/// Edits `W`'s samples and encodes them with the `format`-th format of the table.
fn with_workload<W: Workload>(u: &mut Unstructured<'_>, format: usize) -> Result<()> {
    let samples = W::samples();
    let count = 1 + u.choose_index(samples.len())?;
    let json = serde_json::to_string(&samples[..count]).expect("samples write as JSON");
    let mut tree: Tree = serde_json::from_str(&json).expect("JSON reads as a tree");
    for _ in 0..u.int_in_range(0..=4)? {
        edit(u, &mut tree)?;
    }
    // The tree itself (maps keyed by name, any shape), or the workload's values read back from
    // it (what formats that need the types can hold; the edits then are value changes only).
    let typed = u.arbitrary::<bool>()?;

    struct PickFormat<'a, 'b, W: Workload> {
        u: &'a mut Unstructured<'b>,
        format: usize,
        tree: &'a Tree,
        typed: bool,
        result: Result<()>,
        workload: core::marker::PhantomData<W>,
    }
    impl<W: Workload> FormatVisitor for PickFormat<'_, '_, W> {
        fn visit<F: Format>(&mut self) {
            if self.format == 0 {
                self.result = encode_and_check::<W, F>(self.u, self.tree, self.typed);
            }
            self.format = self.format.wrapping_sub(1);
        }
    }
    let mut pick = PickFormat::<W> {
        u,
        format,
        tree: &tree,
        typed,
        result: Ok(()),
        workload: core::marker::PhantomData,
    };
    visit_formats(&mut pick);
    pick.result
}

/// Encodes the tree with `F` (typed or not), mutates the bytes, and checks them.
fn encode_and_check<W: Workload, F: Format>(
    u: &mut Unstructured<'_>,
    tree: &Tree,
    typed: bool,
) -> Result<()> {
    let encoded = if typed || !F::PROPERTIES.self_describing {
        let json = serde_json::to_string(tree).expect("a tree writes as JSON");
        match serde_json::from_str::<Vec<W::Source>>(&json) {
            Ok(values) => crate::common::probe::catch(|| F::encode(&values)),
            Err(_) => return Ok(()),
        }
    } else {
        crate::common::probe::catch(|| F::encode(tree))
    };
    let Ok(mut bytes) = encoded else {
        return Ok(());
    };
    for _ in 0..u.int_in_range(0..=3)? {
        mutate_bytes(u, &mut bytes)?;
    }
    check(F::FAMILY, &bytes);
    Ok(())
}

/// One edit of the tree, at one of its objects.
fn edit(u: &mut Unstructured<'_>, tree: &mut Tree) -> Result<()> {
    let mut paths = Vec::new();
    object_paths(tree, &mut Vec::new(), &mut paths);
    if paths.is_empty() {
        *tree = any_tree(u, 2)?;
        return Ok(());
    }
    let path = u.choose(&paths)?.clone();
    let Some(entries) = object_at(tree, &path) else {
        return Ok(());
    };
    match u.int_in_range(0..=5)? {
        // Shuffle: keys in another order (the tag last, a group's keys apart).
        0 => {
            for i in (1..entries.len()).rev() {
                let j = u.int_in_range(0..=i)?;
                entries.swap(i, j);
            }
        }
        // Drop a key.
        1 if !entries.is_empty() => {
            let i = u.choose_index(entries.len())?;
            entries.remove(i);
        }
        // Repeat a key, with its value or another.
        2 if !entries.is_empty() => {
            let (key, value) = u.choose(entries)?.clone();
            let value = if u.arbitrary()? {
                value
            } else {
                any_tree(u, 2)?
            };
            let at = u.int_in_range(0..=entries.len())?;
            entries.insert(at, (key, value));
        }
        // Replace a value by one of any type.
        3 if !entries.is_empty() => {
            let i = u.choose_index(entries.len())?;
            entries[i].1 = any_tree(u, 2)?;
        }
        // A near miss of a known key: one character changed.
        4 if !entries.is_empty() => {
            let i = u.choose_index(entries.len())?;
            let mut key: Vec<char> = entries[i].0.chars().collect();
            if !key.is_empty() {
                let at = u.choose_index(key.len())?;
                key[at] = u.arbitrary()?;
            }
            let value = any_tree(u, 1)?;
            entries.push((key.into_iter().collect(), value));
        }
        // An unknown key anywhere.
        _ => {
            let key: String = u.arbitrary()?;
            let value = any_tree(u, 2)?;
            let at = u.int_in_range(0..=entries.len())?;
            entries.insert(at, (key, value));
        }
    }
    Ok(())
}

/// Any JSON value, nested at most `depth` deep.
fn any_tree(u: &mut Unstructured<'_>, depth: usize) -> Result<Tree> {
    let kinds = if depth == 0 { 5 } else { 7 };
    Ok(match u.choose_index(kinds)? {
        0 => Tree::Null,
        1 => Tree::Bool(u.arbitrary()?),
        2 => Tree::Num(u.arbitrary::<i64>()?.into()),
        3 => serde_json::Number::from_f64(u.arbitrary()?).map_or(Tree::Null, Tree::Num),
        4 => Tree::Str(u.arbitrary()?),
        5 => Tree::Arr(
            (0..u.int_in_range(0..=3)?)
                .map(|_| any_tree(u, depth - 1))
                .collect::<Result<_>>()?,
        ),
        _ => Tree::Obj(
            (0..u.int_in_range(0..=3)?)
                .map(|_| Ok((u.arbitrary()?, any_tree(u, depth - 1)?)))
                .collect::<Result<_>>()?,
        ),
    })
}

/// One byte-level mutation: a byte changed, inserted or removed, or the input truncated.
fn mutate_bytes(u: &mut Unstructured<'_>, bytes: &mut Vec<u8>) -> Result<()> {
    if bytes.is_empty() {
        return Ok(());
    }
    let at = u.choose_index(bytes.len())?;
    match u.int_in_range(0..=3)? {
        0 => bytes[at] = u.arbitrary()?,
        1 => bytes.insert(at, u.arbitrary()?),
        2 => {
            bytes.remove(at);
        }
        _ => bytes.truncate(at),
    }
    Ok(())
}
