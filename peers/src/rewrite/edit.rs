//! Turning a [`Plan`] into text edits and applying them: only derive lists and the spots before
//! flattened fields' attributes change, so comments, layout and line numbers elsewhere stay.

use std::collections::BTreeMap;
use std::ops::Range;

use super::plan::{derive_sites, marker, Plan};
use super::scan::{Cond, Role, TypeDef};

/// The derive a swapped type deriving both halves in one place gets, by a path that works
/// wherever the crate is.
pub const FAST_FLATTEN: &str = "::serde_fastkit::FastFlatten";
/// The derive that replaces `Serialize` alone (a type deriving one half, or its halves under
/// different conditions).
pub const FAST_SERIALIZE: &str = "::serde_fastkit::FastSerialize";
/// The derive that replaces `Deserialize` alone.
pub const FAST_DESERIALIZE: &str = "::serde_fastkit::FastDeserialize";

/// Replace `range` of a file with `text` (an insertion when the range is empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The bytes replaced.
    pub range: Range<usize>,
    /// What goes there.
    pub text: String,
}

/// The edits the plan makes, per file index.
pub fn edits(defs: &[TypeDef], plan: &Plan) -> BTreeMap<usize, Vec<Edit>> {
    let mut by_file: BTreeMap<usize, Vec<Edit>> = BTreeMap::new();
    for &index in &plan.swapped {
        let def = &defs[index];
        let file = by_file.entry(def.file).or_default();
        // Both halves under the same conditions: one `FastFlatten` where `Serialize` was.
        // Otherwise each half is replaced by its own derive.
        let together = derive_sites(def);
        for (site_index, site) in def.derives.iter().enumerate() {
            let mut replaced = false;
            let mut changed = false;
            let items: Vec<&str> = site
                .items
                .iter()
                .filter_map(|item| {
                    let swapped = match (item.role, together) {
                        (Role::Other, _) => return Some(item.text.as_str()),
                        (Role::Serialize, Some((ser, _))) if site_index == ser => {
                            (!replaced).then_some(FAST_FLATTEN)
                        }
                        (Role::Deserialize, Some((_, de))) if site_index == de => None,
                        (Role::Serialize, None) => Some(FAST_SERIALIZE),
                        (Role::Deserialize, None) => Some(FAST_DESERIALIZE),
                        _ => return Some(item.text.as_str()),
                    };
                    changed = true;
                    replaced |= swapped.is_some();
                    swapped
                })
                .collect();
            if changed {
                file.push(Edit {
                    range: site.inner.clone(),
                    text: items.join(", "),
                });
            }
        }
    }
    for &(index, flat_index) in &plan.buffered {
        let def = &defs[index];
        let flat = &def.flattened[flat_index];
        let derive_conds = derive_conditions(def);
        let conds: Vec<_> = derive_conds.iter().chain(&flat.conds).collect();
        by_file.entry(def.file).or_default().push(Edit {
            range: flat.attr_start..flat.attr_start,
            text: marker(&conds),
        });
    }
    by_file
}

/// The conditions under which one of `def`'s swapped derives runs, so that a helper attribute
/// added to it is known: the conditions of its serde derive lists when they agree, else
/// `any(all(..), ..)` of them.
fn derive_conditions(def: &TypeDef) -> Vec<Cond> {
    let sites: Vec<&[Cond]> = def
        .derives
        .iter()
        .filter(|site| site.items.iter().any(|item| item.role != Role::Other))
        .map(|site| &site.conds[..])
        .collect();
    let key = |conds: &[Cond]| conds.iter().map(|c| c.key.clone()).collect::<Vec<_>>();
    match sites.split_first() {
        None => Vec::new(),
        Some((first, rest)) if rest.iter().all(|conds| key(conds) == key(first)) => first.to_vec(),
        Some(_) => {
            let all = |conds: &[Cond], part: fn(&Cond) -> &str| {
                let parts: Vec<&str> = conds.iter().map(part).collect();
                format!("all({})", parts.join(", "))
            };
            let any = |part: fn(&Cond) -> &str| {
                let alternatives: Vec<String> = sites.iter().map(|c| all(c, part)).collect();
                format!("any({})", alternatives.join(", "))
            };
            vec![Cond {
                text: any(|c| c.text.as_str()),
                key: any(|c| c.key.as_str()),
            }]
        }
    }
}

/// Applies edits that do not overlap to `source`.
pub fn apply(source: &str, mut edits: Vec<Edit>) -> String {
    // From the end, so that earlier offsets stay valid.
    edits.sort_by_key(|edit| std::cmp::Reverse((edit.range.start, edit.range.end)));
    let mut text = source.to_owned();
    let mut limit = usize::MAX;
    for edit in edits {
        assert!(
            edit.range.end <= limit,
            "overlapping edits at {:?}",
            edit.range
        );
        text.replace_range(edit.range.clone(), &edit.text);
        limit = edit.range.start;
    }
    text
}
