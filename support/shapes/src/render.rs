//! Writing families out as Rust source: per family a module holding the types twice (`fast`,
//! derived by FastFlatten; `twin`, derived by serde's derive), the serde-derived types of
//! "another crate" once (`foreign`), how to make values of them and how to compare them, and
//! the family's description for the checker (`fastkit_support::shapes::ShapeFamily`).

use std::fmt::Write as _;

use crate::model::*;

/// The source of a module per family, `FAMILIES` (how many) and `visit_family` (one of them
/// by number, to a `fastkit_support::shapes::FamilyVisitor`).
pub fn families(families: &[Family]) -> String {
    let mut out = String::new();
    for family in families {
        out.push_str(&family_module(family));
    }
    let _ = writeln!(
        out,
        "/// How many families there are.\npub const FAMILIES: usize = {};",
        families.len()
    );
    out.push_str(
        "/// Calls `visitor.visit::<F>()` for family `index` (`< FAMILIES`).\n\
         pub fn visit_family(index: usize, visitor: &mut impl fastkit_support::shapes::FamilyVisitor) {\n\
         \x20   match index {\n",
    );
    for (i, family) in families.iter().enumerate() {
        let _ = writeln!(
            out,
            "        {i} => visitor.visit::<f{}::Family>(),",
            family.index
        );
    }
    out.push_str("        _ => {}\n    }\n}\n");
    out
}

/// Which derive a module declares its types with.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    Fast,
    Twin,
    Foreign,
}

fn family_module(family: &Family) -> String {
    let fast = types_source(family, Side::Fast);
    let twin = types_source(family, Side::Twin);
    let foreign = types_source(family, Side::Foreign);
    let impls = impls_source(family, false);
    let foreign_impls = impls_source(family, true);
    // The root's argument, named from the family's module: `fast::T3` and `twin::T3` are the
    // two declarations of a type of the family.
    let arg = |side: &str| match &family.root_arg {
        Some(Ty::Named(i)) if !family.ty(*i).foreign => format!("<{side}::{}>", family.ty(*i).name),
        Some(arg) => format!("<{}>", ty_source(family, arg)),
        None => String::new(),
    };
    let (fast_arg, twin_arg) = (arg("fast"), arg("twin"));
    let names = names(family)
        .iter()
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let source = format!("{foreign}{fast}");
    format!(
        r#"
/// Family {index} (seed {seed:#x}).
pub mod f{index} {{
    #![allow(dead_code, unused_imports, unused_variables, clippy::all)]
    use fastkit_support::shapes::prelude::*;

    macro_rules! impls {{
        () => {{
{impls}
        }};
    }}

    pub mod foreign {{
        use super::*;
{foreign}{foreign_impls}
    }}

    pub mod fast {{
        use super::*;
        use serde_fastkit::FastFlatten;
{fast}        impls!();
    }}

    pub mod twin {{
        use super::*;
{twin}        impls!();
    }}

    pub struct Family;

    impl ShapeFamily for Family {{
        type Fast = fast::T0{fast_arg};
        type Twin = twin::T0{twin_arg};
        const INDEX: usize = {index};
        const SEED: u64 = {seed:#x};
        const SOURCE: &'static str = {source:?};
        const NAMES: &'static [&'static str] = &[{names}];
        const SEQUENCES: bool = {sequences};
        const FEATURES: ShapeFeatures = ShapeFeatures {{
            deny_unknown_fields: {deny},
            flatten_default: {flatten_default},
            strict: {strict},
            untagged: {untagged},
            other_variants: &[{other_variants}],
            map_only_structs: {map_only_structs},
            adjacent_unit_variants: {adjacent_unit_variants},
            tuples: {tuples},
            unit_structs: {unit_structs},
        }};
    }}
}}
"#,
        index = family.index,
        seed = family.seed,
        sequences = family.roundtrips_as_sequences(),
        strict = family.strict(),
        deny = family.denies_unknown_fields(),
        flatten_default = family.flatten_default(),
        untagged = family.untagged(),
        map_only_structs = family.map_only_structs(),
        adjacent_unit_variants = family.adjacent_unit_variants(),
        tuples = family.tuples(),
        unit_structs = family.unit_structs(),
        other_variants = family
            .other_variants()
            .map(|name| format!("{name:?}"))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// The declarations of the family's types for `side` (the foreign ones for `Foreign`, the
/// others otherwise).
fn types_source(family: &Family, side: Side) -> String {
    let mut out = String::new();
    for t in &family.types {
        if t.foreign != (side == Side::Foreign) {
            continue;
        }
        let mut derives = vec![match side {
            Side::Fast => t.halves.derives(),
            _ => "serde::Serialize, serde::Deserialize",
        }];
        derives.push("Debug, PartialEq");
        if t.default {
            derives.push("Default");
        }
        let _ = writeln!(out, "        #[derive({})]", derives.join(", "));
        let mut serde = Vec::new();
        if let Kind::Enum(repr, _) = &t.kind {
            match repr {
                Repr::External => {}
                Repr::Internal { tag } => serde.push(format!("tag = {tag:?}")),
                Repr::Adjacent { tag, content } => {
                    serde.push(format!("tag = {tag:?}, content = {content:?}"))
                }
                Repr::Untagged => serde.push("untagged".to_owned()),
            }
        }
        if let Some(rule) = t.attrs.rename_all {
            serde.push(format!("rename_all = {rule:?}"));
        }
        if let Some(rule) = t.attrs.rename_all_fields {
            serde.push(format!("rename_all_fields = {rule:?}"));
        }
        if t.attrs.deny_unknown_fields {
            serde.push("deny_unknown_fields".to_owned());
        }
        if t.attrs.default {
            serde.push("default".to_owned());
        }
        if t.attrs.transparent {
            serde.push("transparent".to_owned());
        }
        attribute(&mut out, "        ", "serde", &serde);
        if t.attrs.strict && side == Side::Fast {
            out.push_str("        #[fast_flatten(strict)]\n");
        }
        let generics = if t.generic { "<P>" } else { "" };
        match &t.kind {
            Kind::Struct(fields) => {
                let _ = writeln!(out, "        pub struct {}{generics} {{", t.name);
                fields_source(&mut out, family, fields, side, "            ", true);
                out.push_str("        }\n");
            }
            Kind::Tuple(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(|ty| format!("pub {}", ty_source(family, ty)))
                    .collect();
                let _ = writeln!(out, "        pub struct {}({});", t.name, items.join(", "));
            }
            Kind::Newtype(ty) => {
                let _ = writeln!(
                    out,
                    "        pub struct {}(pub {});",
                    t.name,
                    ty_source(family, ty)
                );
            }
            Kind::Unit => {
                let _ = writeln!(out, "        pub struct {};", t.name);
            }
            Kind::Enum(_, variants) => {
                let _ = writeln!(out, "        pub enum {} {{", t.name);
                let default_variant = t.default.then(|| {
                    variants
                        .iter()
                        .position(|v| {
                            matches!(v.shape, VariantShape::Unit) && !v.untagged && !v.other
                        })
                        .expect("a default enum has a unit variant")
                });
                for (i, v) in variants.iter().enumerate() {
                    let mut attrs = Vec::new();
                    if let Some(rename) = &v.rename {
                        attrs.push(format!("rename = {rename:?}"));
                    }
                    for alias in &v.aliases {
                        attrs.push(format!("alias = {alias:?}"));
                    }
                    if let Some(rule) = v.rename_all {
                        attrs.push(format!("rename_all = {rule:?}"));
                    }
                    if v.untagged {
                        attrs.push("untagged".to_owned());
                    }
                    if v.other {
                        attrs.push("other".to_owned());
                    }
                    attribute(&mut out, "            ", "serde", &attrs);
                    if default_variant == Some(i) {
                        out.push_str("            #[default]\n");
                    }
                    match &v.shape {
                        VariantShape::Unit => {
                            let _ = writeln!(out, "            {},", v.name);
                        }
                        VariantShape::Newtype(ty) => {
                            let _ =
                                writeln!(out, "            {}({}),", v.name, ty_source(family, ty));
                        }
                        VariantShape::Tuple(items) => {
                            let items: Vec<String> =
                                items.iter().map(|ty| ty_source(family, ty)).collect();
                            let _ = writeln!(out, "            {}({}),", v.name, items.join(", "));
                        }
                        VariantShape::Struct(fields) => {
                            let _ = writeln!(out, "            {} {{", v.name);
                            fields_source(
                                &mut out,
                                family,
                                fields,
                                side,
                                "                ",
                                false,
                            );
                            out.push_str("            },\n");
                        }
                    }
                }
                out.push_str("        }\n");
            }
        }
    }
    out
}

/// `#[name(a, b)]` on its own line, or nothing without items.
fn attribute(out: &mut String, indent: &str, name: &str, items: &[String]) {
    if !items.is_empty() {
        let _ = writeln!(out, "{indent}#[{name}({})]", items.join(", "));
    }
}

fn fields_source(
    out: &mut String,
    family: &Family,
    fields: &[Field],
    side: Side,
    indent: &str,
    public: bool,
) {
    for f in fields {
        let a = &f.attrs;
        let mut serde = Vec::new();
        if a.flatten {
            serde.push("flatten".to_owned());
        }
        if let Some(rename) = &a.rename {
            serde.push(format!("rename = {rename:?}"));
        }
        for alias in &a.aliases {
            serde.push(format!("alias = {alias:?}"));
        }
        match (&a.default, &f.ty) {
            (FieldDefault::None, _) => {}
            (FieldDefault::Path, Ty::Leaf(leaf)) => serde.push(format!(
                "default = \"fastkit_support::shapes::defaults::{}\"",
                leaf_fn(*leaf)
            )),
            _ => serde.push("default".to_owned()),
        }
        if a.skip_serializing_if {
            serde.push(format!("skip_serializing_if = {:?}", skip_if(&f.ty)));
        }
        match a.skip {
            Skip::None => {}
            Skip::Serializing => serde.push("skip_serializing".to_owned()),
            Skip::Deserializing => serde.push("skip_deserializing".to_owned()),
            Skip::Both => serde.push("skip".to_owned()),
        }
        if a.with {
            serde.push("with = \"fastkit_support::shapes::u32_as_text\"".to_owned());
        }
        attribute(out, indent, "serde", &serde);
        if a.buffered && side == Side::Fast {
            let _ = writeln!(out, "{indent}#[fast_flatten(buffered)]");
        }
        let vis = if public { "pub " } else { "" };
        let _ = writeln!(
            out,
            "{indent}{vis}{}: {},",
            f.name,
            ty_source(family, &f.ty)
        );
    }
}

/// The function name of a leaf type in `fastkit_support::shapes::defaults` and `skip_if`.
fn leaf_fn(leaf: Leaf) -> &'static str {
    match leaf {
        Leaf::U32 => "u32",
        Leaf::I64 => "i64",
        Leaf::Bool => "bool",
        Leaf::Str => "string",
        Leaf::F64 => "f64",
        Leaf::OptU32 => "option_u32",
        Leaf::OptStr => "option_string",
        Leaf::VecU32 => "vec_u32",
    }
}

/// The `skip_serializing_if` predicate for a field of type `ty`.
fn skip_if(ty: &Ty) -> String {
    match ty {
        Ty::Leaf(leaf) if leaf.is_option() => "Option::is_none".to_owned(),
        Ty::OptionOf(_) => "Option::is_none".to_owned(),
        Ty::Leaf(leaf) => format!("fastkit_support::shapes::skip_if::{}", leaf_fn(*leaf)),
        _ => unreachable!("skip_serializing_if on {ty:?}"),
    }
}

fn ty_source(family: &Family, ty: &Ty) -> String {
    let named = |i: usize| {
        let t = family.ty(i);
        if t.foreign {
            format!("foreign::{}", t.name)
        } else {
            t.name.clone()
        }
    };
    match ty {
        Ty::Leaf(leaf) => leaf.rust().to_owned(),
        Ty::Named(i) => named(*i),
        Ty::OptionOf(i) => format!("Option<{}>", named(*i)),
        Ty::BoxOf(i) => format!("Box<{}>", named(*i)),
        Ty::Map(map) => map.rust().to_owned(),
        Ty::Param => "P".to_owned(),
    }
}

/// `Gen` and `Canon` for the family's types that are foreign (`foreign: true`: written out in
/// the `foreign` module) or not (the `impls!` macro of the family, expanded in both modules).
fn impls_source(family: &Family, foreign: bool) -> String {
    family
        .types
        .iter()
        .filter(|t| t.foreign == foreign)
        .map(impls_of)
        .collect()
}

fn impls_of(t: &TypeDef) -> String {
    let (generics, gen_bound, canon_bound) = if t.generic {
        ("<P>", "<P: Gen>", "<P: Canon>")
    } else {
        ("", "", "")
    };
    let name = &t.name;
    let (gen, canon) = match &t.kind {
        Kind::Struct(fields) => (
            format!("{name} {{ {} }}", gen_fields(fields)),
            format!(
                "out.push_str(\"{name}{{\"); {} out.push('}}');",
                canon_fields(fields, "self.")
            ),
        ),
        Kind::Tuple(items) => (
            format!("{name}({})", vec!["Gen::gen(r)"; items.len()].join(", ")),
            format!(
                "out.push_str(\"{name}(\"); {} out.push(')');",
                (0..items.len())
                    .map(|i| format!("Canon::canon(&self.{i}, out); out.push(',');"))
                    .collect::<String>()
            ),
        ),
        Kind::Newtype(_) => (
            format!("{name}(Gen::gen(r))"),
            format!("out.push_str(\"{name}(\"); Canon::canon(&self.0, out); out.push(')');"),
        ),
        Kind::Unit => (name.clone(), format!("out.push_str(\"{name}\");")),
        Kind::Enum(_, variants) => {
            let arms: Vec<String> = variants
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let value = match &v.shape {
                        VariantShape::Unit => format!("{name}::{}", v.name),
                        VariantShape::Newtype(_) => format!("{name}::{}(Gen::gen(r))", v.name),
                        VariantShape::Tuple(items) => format!(
                            "{name}::{}({})",
                            v.name,
                            vec!["Gen::gen(r)"; items.len()].join(", ")
                        ),
                        VariantShape::Struct(fields) => {
                            format!("{name}::{} {{ {} }}", v.name, gen_fields(fields))
                        }
                    };
                    format!("{i} => {value},")
                })
                .collect();
            let gen = format!(
                "match r.below({}) {{ {} _ => unreachable!() }}",
                variants.len(),
                arms.join(" ")
            );
            let canon_arms: Vec<String> = variants
                .iter()
                .map(|v| {
                    let label = format!("out.push_str(\"{}\");", v.name);
                    match &v.shape {
                        VariantShape::Unit => format!("{name}::{} => {{ {label} }}", v.name),
                        VariantShape::Newtype(_) => format!(
                            "{name}::{}(x) => {{ {label} out.push('('); Canon::canon(x, out); out.push(')'); }}",
                            v.name
                        ),
                        VariantShape::Tuple(items) => {
                            let binds: Vec<String> =
                                (0..items.len()).map(|i| format!("x{i}")).collect();
                            let parts: String = binds
                                .iter()
                                .map(|b| format!("Canon::canon({b}, out); out.push(',');"))
                                .collect();
                            format!(
                                "{name}::{}({}) => {{ {label} out.push('('); {parts} out.push(')'); }}",
                                v.name,
                                binds.join(", ")
                            )
                        }
                        VariantShape::Struct(fields) => {
                            let binds: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
                            format!(
                                "{name}::{} {{ {} }} => {{ {label} out.push('{{'); {} out.push('}}'); }}",
                                v.name,
                                binds.join(", "),
                                canon_fields(fields, "")
                            )
                        }
                    }
                })
                .collect();
            (gen, format!("match self {{ {} }}", canon_arms.join(" ")))
        }
    };
    format!(
        "            impl{gen_bound} Gen for {name}{generics} {{ fn gen(r: &mut Rng) -> Self {{ {gen} }} }}\n\
         \x20           impl{canon_bound} Canon for {name}{generics} {{ fn canon(&self, out: &mut String) {{ {canon} }} }}\n"
    )
}

fn gen_fields(fields: &[Field]) -> String {
    fields
        .iter()
        .map(|f| format!("{}: Gen::gen(r),", f.name))
        .collect::<Vec<_>>()
        .join(" ")
}

fn canon_fields(fields: &[Field], prefix: &str) -> String {
    fields
        .iter()
        .map(|f| {
            let place = if prefix.is_empty() {
                f.name.clone()
            } else {
                format!("&{prefix}{}", f.name)
            };
            format!(
                "out.push_str(\"{}:\"); Canon::canon({place}, out); out.push(',');",
                f.name
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every key the family's types may read, for the checker's mutations: field names (after
/// `rename_all`), renames, aliases, tags and variant names.
pub fn names(family: &Family) -> Vec<String> {
    let mut names = Vec::new();
    for t in &family.types {
        let rule = t.attrs.rename_all;
        let fields = |fields: &[Field], rule: Option<&str>, names: &mut Vec<String>| {
            for f in fields {
                if f.attrs.flatten {
                    continue;
                }
                names.push(match &f.attrs.rename {
                    Some(rename) => rename.clone(),
                    None => rename_field(&f.name, rule),
                });
                names.extend(f.attrs.aliases.iter().cloned());
            }
        };
        match &t.kind {
            Kind::Struct(f) => fields(f, rule, &mut names),
            Kind::Enum(repr, variants) => {
                match repr {
                    Repr::Internal { tag } => names.push(tag.clone()),
                    Repr::Adjacent { tag, content } => {
                        names.push(tag.clone());
                        names.push(content.clone());
                    }
                    _ => {}
                }
                for v in variants {
                    names.push(match &v.rename {
                        Some(rename) => rename.clone(),
                        None => rename_variant(&v.name, rule),
                    });
                    names.extend(v.aliases.iter().cloned());
                    // An enum's `rename_all` renames its variants; a struct variant's fields
                    // follow the variant's `rename_all`, else the enum's `rename_all_fields`.
                    if let VariantShape::Struct(f) = &v.shape {
                        fields(f, v.rename_all.or(t.attrs.rename_all_fields), &mut names);
                    }
                }
            }
            _ => {}
        }
    }
    names.sort();
    names.dedup();
    names
}

/// A snake_case field name under serde's `rename_all` rule.
fn rename_field(name: &str, rule: Option<&str>) -> String {
    let pascal = || {
        name.split('_')
            .map(|w| {
                let mut c = w.chars();
                match c.next() {
                    Some(first) => first.to_ascii_uppercase().to_string() + c.as_str(),
                    None => String::new(),
                }
            })
            .collect::<String>()
    };
    match rule {
        None | Some("lowercase") | Some("snake_case") => name.to_owned(),
        Some("UPPERCASE") | Some("SCREAMING_SNAKE_CASE") => name.to_ascii_uppercase(),
        Some("PascalCase") => pascal(),
        Some("camelCase") => {
            let p = pascal();
            let mut c = p.chars();
            match c.next() {
                Some(first) => first.to_ascii_lowercase().to_string() + c.as_str(),
                None => String::new(),
            }
        }
        Some("kebab-case") => name.replace('_', "-"),
        Some("SCREAMING-KEBAB-CASE") => name.replace('_', "-").to_ascii_uppercase(),
        Some(_) => name.to_owned(),
    }
}

/// A PascalCase variant name under serde's `rename_all` rule.
fn rename_variant(name: &str, rule: Option<&str>) -> String {
    let snake = || {
        let mut out = String::new();
        for (i, c) in name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    };
    match rule {
        None | Some("PascalCase") => name.to_owned(),
        Some("lowercase") => name.to_ascii_lowercase(),
        Some("UPPERCASE") => name.to_ascii_uppercase(),
        Some("camelCase") => {
            let mut c = name.chars();
            match c.next() {
                Some(first) => first.to_ascii_lowercase().to_string() + c.as_str(),
                None => String::new(),
            }
        }
        Some("snake_case") => snake(),
        Some("SCREAMING_SNAKE_CASE") => snake().to_ascii_uppercase(),
        Some("kebab-case") => snake().replace('_', "-"),
        Some("SCREAMING-KEBAB-CASE") => snake().replace('_', "-").to_ascii_uppercase(),
        Some(_) => name.to_owned(),
    }
}
