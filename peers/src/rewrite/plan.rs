//! Deciding, for the whole crate at once, which types move to FastFlatten, which stay on
//! serde's derive (and why), and which flattened fields need `#[fast_flatten(buffered)]`.

use std::collections::{BTreeMap, BTreeSet};

use super::scan::{Cond, DeriveSite, Role, Shape, TypeDef, TypeKey};

/// Which types a rewritten copy moves to FastFlatten.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    /// Only where serde buffers: structs with a flattened field, the types flattened, tagged
    /// and untagged enums, and what those need.
    Buffers,
    /// Every type that derives `Serialize` or `Deserialize`.
    Every,
}

impl Mode {
    /// The mode's name on the command line and in the report.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Buffers => "buffers",
            Mode::Every => "every",
        }
    }
}

/// The other crates' maps FastFlatten's runtime takes as a catch-all without a marker, given
/// the features the rewritten copy enables.
#[derive(Clone, Copy, Debug, Default)]
pub struct NativeMaps {
    /// serde_fastkit's `indexmap` or `indexmap1` feature is on.
    pub indexmap: bool,
}

/// What keeps types on serde's derive besides the mode, and what the copy's features allow.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    /// Types kept on serde's derive whatever the mode, by name, with the reason.
    pub leave: Vec<(String, String)>,
    /// Keep the forms README.md lists as unsupported on serde's derive (with that reason)
    /// instead of swapping them and letting the compiler say whether they still fail.
    pub skip_known_limits: bool,
    /// The catch-all maps FastFlatten takes natively in the copy.
    pub maps: NativeMaps,
}

/// A type kept on serde's derive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Left {
    /// Its name.
    pub name: String,
    /// Why.
    pub why: String,
}

/// A flattened field of a swapped type, and how FastFlatten takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldNote {
    /// `Type.field`.
    pub field: String,
    /// The field's type (wrappers taken off).
    pub ty: String,
}

/// Which of serde's traits a type derives, and so which halves a swap moves to FastFlatten.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Halves {
    /// `Serialize`.
    pub ser: bool,
    /// `Deserialize`.
    pub de: bool,
}

impl Halves {
    /// The halves `def`'s derive lists name.
    pub fn of(def: &TypeDef) -> Halves {
        let derives = |role: Role| {
            def.derives
                .iter()
                .any(|site| site.items.iter().any(|item| item.role == role))
        };
        Halves {
            ser: derives(Role::Serialize),
            de: derives(Role::Deserialize),
        }
    }

    /// Whether every half of `self` is in `other`.
    fn within(self, other: Halves) -> bool {
        (!self.ser || other.ser) && (!self.de || other.de)
    }
}

/// What to do with the crate.
#[derive(Debug, Default)]
pub struct Plan {
    /// Indices (into the definitions) of the types moved to FastFlatten (both halves, or the one
    /// half they derive: [`Halves::of`]).
    pub swapped: Vec<usize>,
    /// Types kept on serde's derive that the mode would have moved, with the reason.
    pub left: Vec<Left>,
    /// Flattened fields that get `#[fast_flatten(buffered)]`: (definition, flattened index).
    pub buffered: Vec<(usize, usize)>,
    /// Flattened fields read as a catch-all map natively (no marker).
    pub native_maps: Vec<FieldNote>,
}

/// Decides what to rewrite in a crate whose types are `defs`.
pub fn plan(defs: &[TypeDef], mode: Mode, rules: &Rules) -> Plan {
    let mut plan = Plan::default();
    let flattened_names: BTreeSet<&str> = defs
        .iter()
        .flat_map(|def| &def.flattened)
        .map(|flat| flat.ty.ident.as_str())
        .collect();

    // The names whose types are moved, grown until nothing more is needed: an internally
    // tagged enum that is flattened must have FastFlatten types in its newtype variants, and
    // so must one such variant's enum in turn (`Element::Vertex(Vertex)`, `Vertex::MetaData(..)`).
    let mut wanted: BTreeSet<String> = flattened_names.iter().map(|s| s.to_string()).collect();
    let mut decisions: Vec<Decision>;
    loop {
        decisions = defs
            .iter()
            .map(|def| decide(def, mode, &wanted, rules))
            .collect();
        let mut grew = false;
        for (def, decision) in defs.iter().zip(&decisions) {
            let internally_tagged = def.has_serde_word("tag") && !def.has_serde_word("content");
            if matches!(decision, Decision::Swap)
                && def.shape == Shape::Enum
                && internally_tagged
                && wanted.contains(&def.name)
            {
                for key in &def.newtype_variants {
                    grew |= wanted.insert(key.ident.clone());
                }
            }
        }
        if !grew {
            break;
        }
    }

    // A half of a name counts as swapped only if every type of that name has it swapped: the
    // field's type is not resolved, and `buffered` is right for a FastFlatten type too, never the
    // other way round.
    let mut by_name: BTreeMap<&str, Halves> = BTreeMap::new();
    for (def, decision) in defs.iter().zip(&decisions) {
        let swapped = match decision {
            Decision::Swap => Halves::of(def),
            _ => Halves::default(),
        };
        by_name
            .entry(def.name.as_str())
            .and_modify(|all| {
                all.ser &= swapped.ser;
                all.de &= swapped.de;
            })
            .or_insert(swapped);
    }
    let defined = |name: &str| by_name.contains_key(name);

    for (index, (def, decision)) in defs.iter().zip(decisions).enumerate() {
        match decision {
            Decision::Swap => {
                plan.swapped.push(index);
                for (flat_index, flat) in def.flattened.iter().enumerate() {
                    if flat.marked {
                        continue;
                    }
                    let note = FieldNote {
                        field: format!("{}.{}", def.name, flat.field),
                        ty: flat.ty.text.clone(),
                    };
                    // The child must have, swapped, every half the parent derives.
                    let child = by_name
                        .get(flat.ty.ident.as_str())
                        .copied()
                        .unwrap_or_default();
                    if is_native_map(&flat.ty, rules.maps, &defined) {
                        plan.native_maps.push(note);
                    } else if !Halves::of(def).within(child) {
                        plan.buffered.push((index, flat_index));
                    }
                }
            }
            Decision::Leave(why) => plan.left.push(Left {
                name: def.name.clone(),
                why,
            }),
            Decision::Ignore => {}
        }
    }
    plan
}

/// What happens to one type.
enum Decision {
    /// Moved to FastFlatten.
    Swap,
    /// Kept on serde's derive although the mode would move it.
    Leave(String),
    /// Not a type the mode looks at.
    Ignore,
}

/// Decides about one type.
fn decide(def: &TypeDef, mode: Mode, wanted: &BTreeSet<String>, rules: &Rules) -> Decision {
    let halves = Halves::of(def);
    if !halves.ser && !halves.de {
        return Decision::Ignore;
    }
    let in_scope = match mode {
        Mode::Every => true,
        Mode::Buffers => {
            !def.flattened.is_empty()
                || (def.shape == Shape::Enum
                    && (def.has_serde_word("tag") || def.has_serde_word("untagged")))
                || wanted.contains(&def.name)
        }
    };
    if !in_scope {
        return Decision::Ignore;
    }
    if let Some((_, why)) = rules.leave.iter().find(|(name, _)| *name == def.name) {
        return Decision::Leave(why.clone());
    }
    match unsupported(def).filter(|_| rules.skip_known_limits) {
        Some(why) => Decision::Leave(format!("FastFlatten limit (README): {why}")),
        None => Decision::Swap,
    }
}

/// The derive lists holding `Serialize` and `Deserialize` (the same list, or two under the
/// same conditions), which become one `FastFlatten`; `None` when the type derives one half, or
/// the two under different conditions: then each half gets its own derive.
pub fn derive_sites(def: &TypeDef) -> Option<(usize, usize)> {
    let find = |role: Role| {
        def.derives
            .iter()
            .position(|site| site.items.iter().any(|item| item.role == role))
    };
    let (ser, de) = (find(Role::Serialize)?, find(Role::Deserialize)?);
    let key = |site: &DeriveSite| site.conds.iter().map(|c| c.key.clone()).collect::<Vec<_>>();
    (key(&def.derives[ser]) == key(&def.derives[de])).then_some((ser, de))
}

/// The forms README.md lists as unsupported ("Supported attributes", the shapes after it),
/// which are compile errors by design: kept on serde's derive with the reason.
fn unsupported(def: &TypeDef) -> Option<String> {
    let converted_both_ways = def.has_serde_word("transparent")
        || ((def.has_serde_word("from") || def.has_serde_word("try_from"))
            && def.has_serde_word("into"));
    if def.shape == Shape::Tuple && !converted_both_ways {
        return Some(
            "tuple struct (derived only when `transparent` or converted both ways)".to_owned(),
        );
    }
    if def.packed {
        return Some("#[repr(packed)]".to_owned());
    }
    if def.de_lifetime {
        return Some("a lifetime named 'de".to_owned());
    }
    def.unsupported_inside.first().cloned()
}

/// Whether FastFlatten's runtime takes a flattened field of this type as a catch-all map
/// without a marker, with the features the rewritten copy has.
fn is_native_map(ty: &TypeKey, maps: NativeMaps, defined: &dyn Fn(&str) -> bool) -> bool {
    match ty.ident.as_str() {
        "HashMap" | "BTreeMap" => true,
        // `Map` and `Value` alone may be another crate's: taken as serde_json's only when the
        // path says so, or the bare name is not a type of the crate.
        "Map" | "Value" => ty.via_serde_json || (ty.bare && !defined(&ty.ident)),
        "IndexMap" => maps.indexmap,
        _ => false,
    }
}

/// The text of a `#[fast_flatten(buffered)]` marker under the conditions `conds` (the derive's
/// and the `flatten` attribute's: the helper attribute exists only where the derive runs).
pub fn marker(conds: &[&Cond]) -> String {
    let mut keys = BTreeSet::new();
    let texts: Vec<&str> = conds
        .iter()
        .filter(|cond| keys.insert(cond.key.as_str()))
        .map(|cond| cond.text.as_str())
        .collect();
    match texts.as_slice() {
        [] => "#[fast_flatten(buffered)] ".to_owned(),
        [one] => format!("#[cfg_attr({one}, fast_flatten(buffered))] "),
        many => format!(
            "#[cfg_attr(all({}), fast_flatten(buffered))] ",
            many.join(", ")
        ),
    }
}
