//! Turning a [`Plan`] into text edits and applying them: only derive lists and the spots before
//! flattened fields' attributes change, so comments, layout and line numbers elsewhere stay.

use std::collections::BTreeMap;
use std::ops::Range;

use super::plan::{derive_sites, marker, Plan};
use super::scan::{Role, TypeDef};

/// The derive every swapped type gets, by a path that works wherever the crate is.
pub const FAST_FLATTEN: &str = "::serde_fastkit::FastFlatten";

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
        let Some((ser, de)) = derive_sites(def) else {
            continue;
        };
        let file = by_file.entry(def.file).or_default();
        for (site_index, site) in def.derives.iter().enumerate() {
            if site_index != ser && site_index != de {
                continue;
            }
            let mut replaced = false;
            let items: Vec<&str> = site
                .items
                .iter()
                .filter_map(|item| match item.role {
                    Role::Serialize if site_index == ser && !replaced => {
                        replaced = true;
                        Some(FAST_FLATTEN)
                    }
                    Role::Serialize if site_index == ser => None,
                    Role::Deserialize if site_index == de => None,
                    _ => Some(item.text.as_str()),
                })
                .collect();
            file.push(Edit {
                range: site.inner.clone(),
                text: items.join(", "),
            });
        }
    }
    for &(index, flat_index) in &plan.buffered {
        let def = &defs[index];
        let flat = &def.flattened[flat_index];
        let derive_conds =
            derive_sites(def).map_or(&[][..], |(ser, _)| &def.derives[ser].conds[..]);
        let conds: Vec<_> = derive_conds.iter().chain(&flat.conds).collect();
        by_file.entry(def.file).or_default().push(Edit {
            range: flat.attr_start..flat.attr_start,
            text: marker(&conds),
        });
    }
    by_file
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
