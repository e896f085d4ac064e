//! The grammar families are drawn from: which shapes, attributes and nestings, and how often.
//!
//! The root is usually a struct; every struct field may be a leaf (with serde's field
//! attributes), a flattened struct (plain, in an `Option` or a `Box`, with `default`, behind
//! a `#[serde(transparent)]` newtype), a flattened enum of any representation, a flattened
//! catch-all map, a flattened type of "another crate" (`buffered`), or a nested type that is
//! not flattened (an enum, a tuple, newtype (transparent or not) or unit struct). Flattening
//! nests up to [`MAX_DEPTH`] levels. Each choice's weight is written beside it. Last, some types derive one half of FastFlatten's (`FastDeserialize`
//! or `FastSerialize`) beside serde's other half, so that serde's derive reads or writes a
//! FastFlatten type it flattens, and the other way round (`finish_halves`).

use crate::model::*;
use crate::rng::SplitMix64;

/// How deep flattened types nest below the root.
pub const MAX_DEPTH: usize = 4;

/// At most this many types per family.
const MAX_TYPES: usize = 9;

/// The words after a field's number, so that names read like fields and `rename_all` has an
/// underscore to act on.
const WORDS: [&str; 8] = ["id", "name", "kind", "value", "note", "count", "tags", "at"];

const RENAME_ALL: [&str; 8] = [
    "lowercase",
    "UPPERCASE",
    "PascalCase",
    "camelCase",
    "snake_case",
    "SCREAMING_SNAKE_CASE",
    "kebab-case",
    "SCREAMING-KEBAB-CASE",
];

/// The family of number `index` drawn from `seed`.
pub fn family(index: usize, seed: u64) -> Family {
    let mut g = Grammar {
        rng: SplitMix64(seed),
        types: Vec::new(),
        names: 0,
        catch_alls: 0,
        single_catch_all: 0,
    };
    // The root takes index 0; it is filled in last, after the types it refers to.
    g.types.push(placeholder());
    let root_is_enum = g.rng.chance(12);
    let generic = !root_is_enum && g.rng.chance(10);
    // A generic root's argument: a leaf, or a struct (which the parameter's field may flatten).
    let root_arg = generic.then(|| {
        if g.rng.chance(50) {
            Ty::Leaf(Leaf::U32)
        } else {
            Ty::Named(g.struct_type(1))
        }
    });
    let root = if root_is_enum {
        let repr = g.repr();
        g.enum_kind(repr, 0, false)
    } else {
        g.struct_kind(0, root_arg.as_ref())
    };
    let attrs = g.container_attrs(&root);
    g.types[0] = TypeDef {
        name: "T0".to_owned(),
        kind: root,
        attrs,
        generic,
        default: false,
        foreign: false,
        halves: Halves::BOTH,
    };
    let mut family = Family {
        index,
        seed,
        types: g.types,
        root_arg,
    };
    finish_defaults(&mut family, &mut g.rng);
    finish_halves(&mut family, &mut g.rng);
    family
}

fn placeholder() -> TypeDef {
    TypeDef {
        name: String::new(),
        kind: Kind::Unit,
        attrs: ContainerAttrs::default(),
        generic: false,
        default: false,
        foreign: false,
        halves: Halves::BOTH,
    }
}

struct Grammar {
    rng: SplitMix64,
    types: Vec<TypeDef>,
    /// The counter behind every name, so that names are unique in the family.
    names: usize,
    /// Catch-all maps so far (at most two per family).
    catch_alls: usize,
    /// Above zero while drawing the fields of a strict struct or of an enum's variant: trees
    /// that are not read in serde's order, where FastFlatten takes one catch-all map only (a
    /// compile error otherwise, right about the user's code for a strict type).
    single_catch_all: usize,
}

impl Grammar {
    fn next_name(&mut self) -> usize {
        self.names += 1;
        self.names
    }

    fn field_name(&mut self) -> String {
        let n = self.next_name();
        let word = *self.rng.pick(&WORDS);
        format!("f{n}_{word}")
    }

    fn room(&self) -> bool {
        self.types.len() < MAX_TYPES
    }

    /// Adds a type, returning its index.
    fn push(&mut self, kind: Kind, attrs: ContainerAttrs, foreign: bool) -> usize {
        let index = self.types.len();
        self.types.push(TypeDef {
            name: format!("T{index}"),
            kind,
            attrs,
            generic: false,
            default: false,
            foreign,
            halves: Halves::BOTH,
        });
        index
    }

    /// How many parts of `kind`'s flattened tree take every unclaimed key (catch-all maps,
    /// untagged enums), as FastFlatten counts them for a strict type (`check_names`): an
    /// internally tagged enum counts its most of any variant; buffered fields do not count.
    fn catch_all_likes(&self, kind: &Kind) -> usize {
        let fields = |fields: &[Field]| -> usize {
            fields
                .iter()
                .filter(|f| f.attrs.flatten && !f.attrs.buffered)
                .map(|f| self.flattened_likes(&f.ty))
                .sum()
        };
        match kind {
            Kind::Struct(list) => fields(list),
            Kind::Newtype(ty) => self.flattened_likes(ty),
            Kind::Enum(Repr::Untagged, _) => 1,
            Kind::Enum(Repr::Internal { .. }, variants) if variants.iter().all(|v| !v.untagged) => {
                variants
                    .iter()
                    .map(|v| match &v.shape {
                        VariantShape::Struct(list) => fields(list),
                        VariantShape::Newtype(ty) => self.flattened_likes(ty),
                        _ => 0,
                    })
                    .max()
                    .unwrap_or(0)
            }
            _ => 0,
        }
    }

    /// [`catch_all_likes`](Self::catch_all_likes) of a flattened field's type.
    fn flattened_likes(&self, ty: &Ty) -> usize {
        match ty {
            Ty::Map(_) => 1,
            Ty::Named(i) | Ty::OptionOf(i) | Ty::BoxOf(i) => {
                self.catch_all_likes(&self.types[*i].kind)
            }
            Ty::Leaf(_) | Ty::Param => 0,
        }
    }

    fn repr(&mut self) -> Repr {
        match self.rng.below(4) {
            0 => Repr::External,
            1 => Repr::Internal {
                tag: format!("tag{}", self.next_name()),
            },
            2 => Repr::Adjacent {
                tag: format!("tag{}", self.next_name()),
                content: format!("c{}", self.next_name()),
            },
            _ => Repr::Untagged,
        }
    }

    fn container_attrs(&mut self, kind: &Kind) -> ContainerAttrs {
        let named = matches!(kind, Kind::Struct(_) | Kind::Enum(..));
        ContainerAttrs {
            rename_all: (named && self.rng.chance(15)).then(|| *self.rng.pick(&RENAME_ALL)),
            deny_unknown_fields: named && self.rng.chance(10),
            rename_all_fields: (matches!(kind, Kind::Enum(..)) && self.rng.chance(15))
                .then(|| *self.rng.pick(&RENAME_ALL)),
            // Decided once the field types are known (`finish_defaults`).
            default: false,
            // Decided before a struct's fields are drawn (`struct_type`).
            strict: false,
            // Drawn by the callers that make newtype structs (`transparent`).
            transparent: false,
        }
    }

    /// A struct with named fields, at flattening depth `depth`, as a new type.
    fn struct_type(&mut self, depth: usize) -> usize {
        let strict = self.rng.chance(3);
        self.single_catch_all += usize::from(strict);
        let kind = self.struct_kind(depth, None);
        self.single_catch_all -= usize::from(strict);
        let mut attrs = self.container_attrs(&kind);
        // A flattened untagged enum takes every unclaimed key too: beside a catch-all map, the
        // struct cannot be strict (a compile error, right about the user's code).
        attrs.strict = strict && self.catch_all_likes(&kind) <= 1;
        self.push(kind, attrs, false)
    }

    /// A struct's fields; with `param`, the root's type argument, one of them is of the type
    /// parameter (flattened, sometimes, when the argument is a struct).
    fn struct_kind(&mut self, depth: usize, param: Option<&Ty>) -> Kind {
        let count = 1 + self.rng.below(4);
        let mut fields: Vec<Field> = (0..count).map(|_| self.field(depth)).collect();
        if let Some(arg) = param {
            let position = self.rng.below(fields.len() + 1);
            let flatten = matches!(arg, Ty::Named(_)) && self.rng.chance(60);
            let name = self.field_name();
            fields.insert(
                position,
                Field {
                    name,
                    ty: Ty::Param,
                    attrs: FieldAttrs {
                        flatten,
                        ..FieldAttrs::default()
                    },
                },
            );
        }
        Kind::Struct(fields)
    }

    /// One field of a struct or struct variant at flattening depth `depth`.
    fn field(&mut self, depth: usize) -> Field {
        let name = self.field_name();
        let nest = depth < MAX_DEPTH && self.room();
        let roll = self.rng.below(100);
        let (ty, attrs) = match roll {
            0..=54 => self.leaf_field(),
            55..=69 if nest => {
                let mut child = self.struct_type(depth + 1);
                // Sometimes behind a `#[serde(transparent)]` newtype, which flattens as the
                // struct it holds.
                if self.room() && self.rng.chance(10) {
                    child = self.transparent(Ty::Named(child));
                }
                let ty = match self.rng.below(10) {
                    0 => Ty::OptionOf(child),
                    1 => Ty::BoxOf(child),
                    _ => Ty::Named(child),
                };
                let attrs = FieldAttrs {
                    flatten: true,
                    // Kept only where the type implements `Default` (`finish_defaults`).
                    default: if self.rng.chance(15) {
                        FieldDefault::Std
                    } else {
                        FieldDefault::None
                    },
                    skip_serializing_if: matches!(ty, Ty::OptionOf(_)) && self.rng.chance(50),
                    ..FieldAttrs::default()
                };
                (ty, attrs)
            }
            70..=78 if nest => {
                let repr = self.repr();
                let kind = self.enum_kind(repr, depth + 1, true);
                let attrs = self.container_attrs(&kind);
                let child = self.push(kind, attrs, false);
                let ty = if self.rng.chance(10) {
                    Ty::OptionOf(child)
                } else {
                    Ty::Named(child)
                };
                let attrs = FieldAttrs {
                    flatten: true,
                    skip_serializing_if: matches!(ty, Ty::OptionOf(_)) && self.rng.chance(50),
                    ..FieldAttrs::default()
                };
                (ty, attrs)
            }
            79..=85 if self.catch_alls < if self.single_catch_all > 0 { 1 } else { 2 } => {
                self.catch_alls += 1;
                let map = *self.rng.pick(&MapKind::ALL);
                let attrs = FieldAttrs {
                    flatten: true,
                    ..FieldAttrs::default()
                };
                (Ty::Map(map), attrs)
            }
            86..=88 if self.room() => {
                let foreign = self.foreign_type();
                let attrs = FieldAttrs {
                    flatten: true,
                    buffered: true,
                    ..FieldAttrs::default()
                };
                (Ty::Named(foreign), attrs)
            }
            89..=99 if self.room() => (Ty::Named(self.nested_type(depth)), self.named_attrs()),
            _ => self.leaf_field(),
        };
        Field { name, ty, attrs }
    }

    /// A leaf with serde's field attributes.
    fn leaf_field(&mut self) -> (Ty, FieldAttrs) {
        let leaf = *self.rng.pick(&Leaf::ALL);
        let mut attrs = self.named_attrs();
        let r = &mut self.rng;
        attrs.default = match (leaf.is_option(), r.below(100)) {
            (true, 0..=39) | (false, 0..=7) => FieldDefault::Std,
            (_, 40..=49) | (false, 8..=11) => FieldDefault::Path,
            _ => FieldDefault::None,
        };
        attrs.skip_serializing_if = match leaf {
            _ if leaf.is_option() => r.chance(45),
            Leaf::U32 | Leaf::Str | Leaf::Bool | Leaf::VecU32 => r.chance(8),
            _ => false,
        };
        attrs.skip = match r.below(100) {
            0..=1 => Skip::Both,
            2..=3 => Skip::Serializing,
            4..=5 => Skip::Deserializing,
            _ => Skip::None,
        };
        attrs.with = leaf == Leaf::U32 && r.chance(8);
        (Ty::Leaf(leaf), attrs)
    }

    /// `rename` and `alias`, for any field that is not flattened.
    fn named_attrs(&mut self) -> FieldAttrs {
        let rename = self
            .rng
            .chance(10)
            .then(|| format!("r{}", self.next_name()));
        let aliases = match self.rng.below(100) {
            0..=6 => vec![format!("a{}", self.next_name())],
            7..=8 => vec![
                format!("a{}", self.next_name()),
                format!("a{}", self.next_name()),
            ],
            _ => Vec::new(),
        };
        FieldAttrs {
            rename,
            aliases,
            ..FieldAttrs::default()
        }
    }

    /// A type held by a field without flattening: an enum, a tuple, newtype or unit struct, or a
    /// struct.
    fn nested_type(&mut self, depth: usize) -> usize {
        match self.rng.below(6) {
            0 | 1 => {
                let repr = self.repr();
                let kind = self.enum_kind(repr, depth + 1, false);
                let attrs = self.container_attrs(&kind);
                self.push(kind, attrs, false)
            }
            2 => {
                let count = 2 + self.rng.below(2);
                let items = (0..count).map(|_| Ty::Leaf(self.simple_leaf())).collect();
                self.push(Kind::Tuple(items), ContainerAttrs::default(), false)
            }
            3 if self.rng.chance(30) => {
                let leaf = self.simple_leaf();
                self.transparent(Ty::Leaf(leaf))
            }
            3 => {
                let leaf = self.simple_leaf();
                self.push(
                    Kind::Newtype(Ty::Leaf(leaf)),
                    ContainerAttrs::default(),
                    false,
                )
            }
            4 => self.push(Kind::Unit, ContainerAttrs::default(), false),
            _ => self.struct_type((depth + 1).min(MAX_DEPTH)),
        }
    }

    /// A `#[serde(transparent)]` newtype struct holding `ty`, as a new type.
    fn transparent(&mut self, ty: Ty) -> usize {
        let attrs = ContainerAttrs {
            transparent: true,
            ..ContainerAttrs::default()
        };
        self.push(Kind::Newtype(ty), attrs, false)
    }

    fn simple_leaf(&mut self) -> Leaf {
        *self
            .rng
            .pick(&[Leaf::U32, Leaf::I64, Leaf::Bool, Leaf::Str, Leaf::OptU32])
    }

    /// A struct derived by serde's derive in both modules: a type of another crate.
    fn foreign_type(&mut self) -> usize {
        let count = 1 + self.rng.below(3);
        let fields = (0..count)
            .map(|_| {
                let name = self.field_name();
                let (ty, mut attrs) = self.leaf_field();
                // Kept simple: a foreign type's own attributes are serde's business.
                attrs.skip = Skip::None;
                attrs.with = false;
                Field { name, ty, attrs }
            })
            .collect();
        self.push(Kind::Struct(fields), ContainerAttrs::default(), true)
    }

    /// An enum of representation `repr` whose variants' trees start at depth `depth`;
    /// `flattened` when a struct flattens it (its variants then hold maps: struct variants,
    /// newtypes of structs, units).
    fn enum_kind(&mut self, repr: Repr, depth: usize, flattened: bool) -> Kind {
        let count = 1 + self.rng.below(4);
        let mut variants: Vec<Variant> = (0..count)
            .map(|_| self.variant(&repr, depth, flattened))
            .collect();
        // A tagged enum may end with untagged variants (serde 1.0.181).
        if repr != Repr::Untagged && variants.len() > 1 && self.rng.chance(10) {
            variants.last_mut().expect("variants").untagged = true;
        }
        // `#[serde(other)]`: the last variant of an internally or adjacently tagged enum, a
        // unit variant.
        if matches!(repr, Repr::Internal { .. } | Repr::Adjacent { .. }) && self.rng.chance(8) {
            if let Some(v) = variants.last_mut() {
                if matches!(v.shape, VariantShape::Unit) && !v.untagged {
                    v.other = true;
                    v.aliases.clear();
                }
            }
        }
        Kind::Enum(repr, variants)
    }

    fn variant(&mut self, repr: &Repr, depth: usize, flattened: bool) -> Variant {
        self.single_catch_all += 1;
        let variant = self.variant_shape(repr, depth, flattened);
        self.single_catch_all -= 1;
        variant
    }

    fn variant_shape(&mut self, repr: &Repr, depth: usize, flattened: bool) -> Variant {
        let n = self.next_name();
        let word = self.rng.pick(&["One", "Two", "Three", "Four"]);
        let name = format!("V{n}{word}");
        let internal = matches!(repr, Repr::Internal { .. });
        let shape = match self.rng.below(10) {
            0..=1 => VariantShape::Unit,
            2..=3 if (internal || flattened) && self.room() => {
                VariantShape::Newtype(Ty::Named(self.struct_type(depth.min(MAX_DEPTH))))
            }
            // An internally tagged newtype variant of a leaf never reads nor writes with
            // serde's derive; flattened, FastFlatten's error says so at compile time.
            2..=3 if internal || flattened => VariantShape::Unit,
            2..=3 => VariantShape::Newtype(Ty::Leaf(self.simple_leaf())),
            4 if !internal && !flattened => VariantShape::Tuple(vec![
                Ty::Leaf(self.simple_leaf()),
                Ty::Leaf(self.simple_leaf()),
            ]),
            _ => {
                let count = 1 + self.rng.below(3);
                let fields = (0..count)
                    .map(|_| {
                        if depth < MAX_DEPTH {
                            self.field(depth)
                        } else {
                            let name = self.field_name();
                            let (ty, attrs) = self.leaf_field();
                            Field { name, ty, attrs }
                        }
                    })
                    .collect();
                VariantShape::Struct(fields)
            }
        };
        let rename = self
            .rng
            .chance(10)
            .then(|| format!("r{}", self.next_name()));
        let aliases = if self.rng.chance(8) {
            vec![format!("a{}", self.next_name())]
        } else {
            Vec::new()
        };
        let rename_all = (matches!(shape, VariantShape::Struct(_)) && self.rng.chance(12))
            .then(|| *self.rng.pick(&RENAME_ALL));
        Variant {
            name,
            shape,
            rename,
            aliases,
            rename_all,
            untagged: false,
            other: false,
        }
    }
}

/// Decides which types implement `Default` (a struct whose fields all do, an enum with a unit
/// variant, tuple, newtype and unit structs of leaves), then drops the `default` attributes
/// (container `default`, field `default`, `skip`) that would need it where it is missing.
fn finish_defaults(family: &mut Family, rng: &mut SplitMix64) {
    // A type is pushed after the types its fields name, but the root comes first and a
    // transparent wrapper after the type it wraps: decide until nothing changes (a type only
    // ever becomes `Default`).
    loop {
        let mut changed = false;
        for i in 0..family.types.len() {
            let t = &family.types[i];
            let default = match &t.kind {
                Kind::Struct(fields) => {
                    !t.generic && fields.iter().all(|f| ty_default(family, &f.ty))
                }
                Kind::Enum(_, variants) => variants
                    .iter()
                    .any(|v| matches!(v.shape, VariantShape::Unit) && !v.untagged && !v.other),
                Kind::Newtype(ty) => ty_default(family, ty),
                Kind::Tuple(_) | Kind::Unit => true,
            };
            changed |= default != t.default;
            family.types[i].default = default;
        }
        if !changed {
            break;
        }
    }
    let defaults: Vec<bool> = family.types.iter().map(|t| t.default).collect();
    let ty_default = |ty: &Ty| match ty {
        Ty::Leaf(_) | Ty::OptionOf(_) | Ty::Map(_) => true,
        Ty::Named(i) | Ty::BoxOf(i) => defaults[*i],
        Ty::Param => false,
    };
    let fix = |fields: &mut Vec<Field>| {
        for f in fields {
            if !ty_default(&f.ty) {
                f.attrs.default = FieldDefault::None;
                f.attrs.skip = Skip::None;
            }
            // `default = "path"` names a function per leaf type.
            if f.attrs.default == FieldDefault::Path && !matches!(f.ty, Ty::Leaf(_)) {
                f.attrs.default = FieldDefault::Std;
            }
        }
    };
    for t in &mut family.types {
        let default = t.default;
        match &mut t.kind {
            Kind::Struct(fields) => {
                fix(fields);
                // A container `default`, sometimes, where the struct implements `Default`.
                t.attrs.default = default && !t.foreign && !t.generic && rng.chance(12);
            }
            Kind::Enum(_, variants) => {
                for v in variants {
                    if let VariantShape::Struct(fields) = &mut v.shape {
                        fix(fields);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Decides which halves each type derives with FastFlatten's derives (`FastFlatten` for most,
/// `FastDeserialize` or `FastSerialize` beside serde's other half for some), then gives every
/// flattened type the halves of each type that flattens it: a parent's FastFlatten half reads
/// or writes its flattened children through that half's flatten traits (a compile error
/// otherwise, right about the user's code).
fn finish_halves(family: &mut Family, rng: &mut SplitMix64) {
    for t in &mut family.types {
        t.halves = match rng.below(8) {
            0 => Halves {
                de: true,
                ser: false,
            },
            1 => Halves {
                de: false,
                ser: true,
            },
            _ => Halves::BOTH,
        };
    }
    // Flattened types come before or after their parents, so propagate until nothing changes.
    loop {
        let mut changed = false;
        for i in 0..family.types.len() {
            let parent = family.types[i].halves;
            for j in flattened_children(family, i) {
                let child = &mut family.types[j];
                let halves = child.halves.union(parent);
                changed |= halves != child.halves;
                child.halves = halves;
            }
        }
        if !changed {
            break;
        }
    }
}

/// The types type `i` reads and writes through their flatten traits: its flattened fields'
/// types (a generic root's argument for a flattened parameter), and the types of an internally
/// tagged or untagged enum's newtype variants, whose maps the enum reads in place.
fn flattened_children(family: &Family, i: usize) -> Vec<usize> {
    let mut children = Vec::new();
    let flattened = |children: &mut Vec<usize>, fields: &[Field]| {
        for f in fields.iter().filter(|f| f.attrs.flatten) {
            match (&f.ty, &family.root_arg) {
                (Ty::Named(j) | Ty::OptionOf(j) | Ty::BoxOf(j), _) => children.push(*j),
                (Ty::Param, Some(Ty::Named(j))) => children.push(*j),
                _ => {}
            }
        }
    };
    match &family.types[i].kind {
        Kind::Struct(fields) => flattened(&mut children, fields),
        // A transparent newtype reads and writes through the impls of the type it holds: the
        // same halves, so that both are one derive's.
        Kind::Newtype(Ty::Named(j)) if family.types[i].attrs.transparent => children.push(*j),
        Kind::Enum(repr, variants) => {
            for v in variants {
                match &v.shape {
                    VariantShape::Struct(fields) => flattened(&mut children, fields),
                    VariantShape::Newtype(Ty::Named(j) | Ty::BoxOf(j))
                        if v.untagged || matches!(repr, Repr::Internal { .. } | Repr::Untagged) =>
                    {
                        children.push(*j)
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    children
}

fn ty_default(family: &Family, ty: &Ty) -> bool {
    match ty {
        Ty::Leaf(_) | Ty::OptionOf(_) | Ty::Map(_) => true,
        Ty::Named(i) | Ty::BoxOf(i) => family.types[*i].default,
        Ty::Param => false,
    }
}
