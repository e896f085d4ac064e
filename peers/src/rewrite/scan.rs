//! Reading one source file: every struct and enum in it (at any depth: modules, functions,
//! tests), with what the rewriter needs to decide about it and the byte ranges it edits.
//!
//! Attributes are read as written, `cfg_attr` included: rustc expands `cfg_attr` before a
//! derive sees the item, so `#[cfg_attr(feature = "serde", derive(Serialize))]` is a derive of
//! `Serialize` under that condition, and a marker the rewriter adds next to a field's
//! `#[cfg_attr(c, serde(flatten))]` must sit under the same condition.

use std::ops::Range;

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Fields, GenericArgument, Meta, Path, PathArguments, Token, Type};

/// A `cfg_attr` predicate an attribute sits under.
#[derive(Clone, Debug)]
pub struct Cond {
    /// The predicate as written, to repeat it in an added attribute.
    pub text: String,
    /// The predicate's tokens printed, to compare two predicates whatever their spacing.
    pub key: String,
}

/// What a path in a derive list names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// serde's `Serialize` (`Serialize`, `serde::Serialize`, `serde_derive::Serialize`).
    Serialize,
    /// serde's `Deserialize`, spelled the same ways.
    Deserialize,
    /// Any other derive, kept as written.
    Other,
}

/// One path of a derive list.
#[derive(Clone, Debug)]
pub struct DeriveItem {
    /// The path as written.
    pub text: String,
    /// Which derive it is.
    pub role: Role,
}

/// One `derive(...)` list, bare or inside `cfg_attr`s.
#[derive(Clone, Debug)]
pub struct DeriveSite {
    /// The `cfg_attr` predicates around it, outermost first.
    pub conds: Vec<Cond>,
    /// The bytes between the list's parentheses, which the rewriter replaces.
    pub inner: Range<usize>,
    /// The derives in the list, in order.
    pub items: Vec<DeriveItem>,
}

/// The type of a flattened field, with `Option`, `Box`, `Rc` and `Arc` taken off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeKey {
    /// The last segment's name (`Meta` for `Option<Box<crate::Meta>>`).
    pub ident: String,
    /// The stripped type as written.
    pub text: String,
    /// Whether the path names `serde_json` (`serde_json::Value`, `serde_json::Map<..>`).
    pub via_serde_json: bool,
    /// Whether the path is the bare name (`Value`, not `toml::Value`).
    pub bare: bool,
}

/// A field marked `#[serde(flatten)]`.
#[derive(Clone, Debug)]
pub struct Flattened {
    /// The field's name (`variant.field` inside an enum).
    pub field: String,
    /// Its type.
    pub ty: TypeKey,
    /// The first byte of the attribute holding `flatten`: a marker is inserted there.
    pub attr_start: usize,
    /// The `cfg_attr` predicates around `flatten`.
    pub conds: Vec<Cond>,
    /// Whether the field already has a `#[fast_flatten(...)]` attribute.
    pub marked: bool,
}

/// The shape of a type, as far as FastFlatten's support depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `struct S { .. }`.
    Named,
    /// `struct S(..);`.
    Tuple,
    /// `struct S;`.
    Unit,
    /// `enum E { .. }`.
    Enum,
}

/// One struct or enum of the crate.
#[derive(Clone, Debug)]
pub struct TypeDef {
    /// Its name.
    pub name: String,
    /// The file it is in (an index into the files given to the rewriter).
    pub file: usize,
    /// Its first and last line (1-based), to tell which type a compiler error points into.
    pub lines: (usize, usize),
    /// Its shape.
    pub shape: Shape,
    /// Its derive lists.
    pub derives: Vec<DeriveSite>,
    /// The first word of each container-level `#[serde(...)]` option (`tag`, `untagged`,
    /// `transparent`, `remote`, ...).
    pub serde_words: Vec<String>,
    /// `#[repr(packed)]`.
    pub packed: bool,
    /// A lifetime named `'de` among its generics.
    pub de_lifetime: bool,
    /// Forms FastFlatten documents as unsupported inside the type (variants, fields), each
    /// described.
    pub unsupported_inside: Vec<String>,
    /// Its flattened fields (struct fields and struct variants' fields).
    pub flattened: Vec<Flattened>,
    /// The types wrapped by its newtype variants (enums only).
    pub newtype_variants: Vec<TypeKey>,
}

impl TypeDef {
    /// Whether a container-level `#[serde(word ...)]` is present.
    pub fn has_serde_word(&self, word: &str) -> bool {
        self.serde_words.iter().any(|w| w == word)
    }
}

/// Reads every struct and enum of one file; `Err` is syn's parse error.
pub fn scan_file(source: &str, file: usize) -> Result<Vec<TypeDef>, String> {
    let base = code_start(source);
    let code = &source[base..];
    let parsed: syn::File = syn::parse_str(code).map_err(|error| {
        let at = error.span().start();
        format!("{}:{}: {error}", at.line, at.column + 1)
    })?;
    let mut scanner = Scanner {
        code,
        base,
        file,
        defs: Vec::new(),
    };
    scanner.visit_file(&parsed);
    Ok(scanner.defs)
}

/// Where the Rust code starts: after a byte order mark and a shebang line, which syn's
/// `parse_file` also skips (done here so that byte offsets stay those of the whole file).
pub fn code_start(source: &str) -> usize {
    let mut start = 0;
    if source.starts_with('\u{feff}') {
        start = '\u{feff}'.len_utf8();
    }
    let rest = &source[start..];
    if let Some(after) = rest.strip_prefix("#!") {
        // `#![attr]` is an inner attribute, not a shebang.
        if !after.trim_start().starts_with('[') {
            start += rest.find('\n').unwrap_or(rest.len());
        }
    }
    start
}

/// The visitor collecting [`TypeDef`]s.
struct Scanner<'a> {
    /// The parsed text (the file after [`code_start`]).
    code: &'a str,
    /// Where `code` starts in the file.
    base: usize,
    /// The file's index.
    file: usize,
    /// What was found so far.
    defs: Vec<TypeDef>,
}

impl Scanner<'_> {
    /// The span's bytes, as offsets into the whole file.
    fn range(&self, span: Span) -> Range<usize> {
        let range = span.byte_range();
        range.start + self.base..range.end + self.base
    }

    /// The text a span covers.
    fn text(&self, span: Span) -> String {
        let range = span.byte_range();
        self.code[range].to_owned()
    }

    /// A new definition with what every item has: name, place, attributes.
    fn def(&self, name: String, span: Span, attrs: &[syn::Attribute], shape: Shape) -> TypeDef {
        let mut def = TypeDef {
            name,
            file: self.file,
            lines: (span.start().line, span.end().line),
            shape,
            derives: Vec::new(),
            serde_words: Vec::new(),
            packed: false,
            de_lifetime: false,
            unsupported_inside: Vec::new(),
            flattened: Vec::new(),
            newtype_variants: Vec::new(),
        };
        for attr in attrs {
            let mut found = Found::default();
            self.walk_meta(&attr.meta, &mut Vec::new(), &mut found);
            def.derives.extend(found.derives);
            def.serde_words
                .extend(found.serde.into_iter().map(|(word, _)| word));
            def.packed |= found.repr.iter().any(|word| word == "packed");
        }
        def
    }

    /// Reads one field's attributes into `def`: its flatten, and unsupported options.
    fn field(&self, def: &mut TypeDef, name: String, field: &syn::Field, in_tuple_variant: bool) {
        let mut flatten = None;
        let mut marked = false;
        for attr in &field.attrs {
            let mut found = Found::default();
            self.walk_meta(&attr.meta, &mut Vec::new(), &mut found);
            marked |= found.fast_flatten;
            for (word, conds) in found.serde {
                match word.as_str() {
                    "flatten" => {
                        flatten = Some((self.range(attr.pound_token.span).start, conds));
                    }
                    "getter" => def
                        .unsupported_inside
                        .push("a field with #[serde(getter)]".to_owned()),
                    "with" | "serialize_with" | "deserialize_with" if in_tuple_variant => def
                        .unsupported_inside
                        .push(format!("a tuple variant's field with #[serde({word})]")),
                    _ => {}
                }
            }
        }
        if let Some((attr_start, conds)) = flatten {
            def.flattened.push(Flattened {
                field: name,
                ty: self.type_key(&field.ty),
                attr_start,
                conds,
                marked,
            });
        }
    }

    /// The flattened type's key: `Option`, `Box`, `Rc`, `Arc` taken off, then its name.
    fn type_key(&self, ty: &Type) -> TypeKey {
        let ty = strip_wrappers(ty);
        let text = self.text(ty.span());
        match ty {
            Type::Path(path) if path.qself.is_none() => {
                let segments = &path.path.segments;
                TypeKey {
                    ident: segments
                        .last()
                        .map(|segment| segment.ident.to_string())
                        .unwrap_or_default(),
                    text,
                    via_serde_json: segments.iter().any(|segment| segment.ident == "serde_json"),
                    bare: segments.len() == 1 && path.path.leading_colon.is_none(),
                }
            }
            _ => TypeKey {
                ident: text.clone(),
                text,
                via_serde_json: false,
                bare: false,
            },
        }
    }

    /// Walks one attribute's meta under the `cfg_attr` predicates `conds`, collecting into
    /// `found`. Malformed attributes are skipped: rustc reports them in every copy alike.
    fn walk_meta(&self, meta: &Meta, conds: &mut Vec<Cond>, found: &mut Found) {
        let Meta::List(list) = meta else { return };
        let Some(name) = list.path.get_ident().map(ToString::to_string) else {
            return;
        };
        match name.as_str() {
            "derive" => {
                let Ok(paths) =
                    list.parse_args_with(Punctuated::<Path, Token![,]>::parse_terminated)
                else {
                    return;
                };
                let syn::MacroDelimiter::Paren(paren) = &list.delimiter else {
                    return;
                };
                let inner = self.range(paren.span.open()).end..self.range(paren.span.close()).start;
                let items = paths
                    .iter()
                    .map(|path| DeriveItem {
                        text: self.text(path.span()),
                        role: role(path),
                    })
                    .collect();
                found.derives.push(DeriveSite {
                    conds: conds.clone(),
                    inner,
                    items,
                });
            }
            "cfg_attr" => {
                let parsed = list.parse_args_with(|input: syn::parse::ParseStream<'_>| {
                    let predicate: Meta = input.parse()?;
                    input.parse::<Token![,]>()?;
                    let attrs = Punctuated::<Meta, Token![,]>::parse_terminated(input)?;
                    Ok((predicate, attrs))
                });
                let Ok((predicate, attrs)) = parsed else {
                    return;
                };
                conds.push(Cond {
                    text: self.text(predicate.span()),
                    key: quote::ToTokens::to_token_stream(&predicate).to_string(),
                });
                for attr in &attrs {
                    self.walk_meta(attr, conds, found);
                }
                conds.pop();
            }
            "serde" => {
                for word in first_words(list.tokens.clone()) {
                    found.serde.push((word, conds.clone()));
                }
            }
            "fast_flatten" => found.fast_flatten = true,
            "repr" => found.repr.extend(first_words(list.tokens.clone())),
            _ => {}
        }
    }
}

/// What one attribute holds.
#[derive(Default)]
struct Found {
    /// Its derive lists.
    derives: Vec<DeriveSite>,
    /// The first word of each `serde(...)` option, with the predicates around it.
    serde: Vec<(String, Vec<Cond>)>,
    /// Whether it is (or holds) `fast_flatten(...)`.
    fast_flatten: bool,
    /// The words of `repr(...)`.
    repr: Vec<String>,
}

impl<'ast> Visit<'ast> for Scanner<'_> {
    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        let shape = match &item.fields {
            Fields::Named(_) => Shape::Named,
            Fields::Unnamed(_) => Shape::Tuple,
            Fields::Unit => Shape::Unit,
        };
        let mut def = self.def(item.ident.to_string(), item.span(), &item.attrs, shape);
        def.de_lifetime = has_de_lifetime(&item.generics);
        for (index, field) in item.fields.iter().enumerate() {
            let name = field_name(field, index);
            self.field(&mut def, name, field, false);
        }
        self.defs.push(def);
        syn::visit::visit_item_struct(self, item);
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        let mut def = self.def(
            item.ident.to_string(),
            item.span(),
            &item.attrs,
            Shape::Enum,
        );
        def.de_lifetime = has_de_lifetime(&item.generics);
        for variant in &item.variants {
            let mut found = Found::default();
            for attr in &variant.attrs {
                self.walk_meta(&attr.meta, &mut Vec::new(), &mut found);
            }
            if found.serde.iter().any(|(word, _)| word == "untagged") {
                def.unsupported_inside
                    .push("a variant with #[serde(untagged)]".to_owned());
            }
            let tuple = matches!(variant.fields, Fields::Unnamed(_));
            for (index, field) in variant.fields.iter().enumerate() {
                let name = format!("{}.{}", variant.ident, field_name(field, index));
                self.field(&mut def, name, field, tuple);
            }
            if let Fields::Unnamed(fields) = &variant.fields {
                if fields.unnamed.len() == 1 {
                    def.newtype_variants
                        .push(self.type_key(&fields.unnamed[0].ty));
                }
            }
        }
        self.defs.push(def);
        syn::visit::visit_item_enum(self, item);
    }
}

/// A field's name, or its position in a tuple.
fn field_name(field: &syn::Field, index: usize) -> String {
    field
        .ident
        .as_ref()
        .map_or_else(|| index.to_string(), ToString::to_string)
}

/// Which derive a path names. A bare `Serialize` is taken for serde's (the import is not
/// resolved); a qualified one only under `serde` or `serde_derive` (not `rkyv::Serialize`).
fn role(path: &Path) -> Role {
    let segments = &path.segments;
    let Some(last) = segments.last() else {
        return Role::Other;
    };
    let serde_path = segments.len() == 1
        || (segments.len() == 2
            && (segments[0].ident == "serde" || segments[0].ident == "serde_derive"));
    match last.ident.to_string().as_str() {
        "Serialize" if serde_path => Role::Serialize,
        "Deserialize" if serde_path => Role::Deserialize,
        _ => Role::Other,
    }
}

/// `Option<T>`, `Box<T>`, `Rc<T>`, `Arc<T>` (any path to them), parentheses: `T`.
fn strip_wrappers(mut ty: &Type) -> &Type {
    loop {
        match ty {
            Type::Paren(inner) => ty = &inner.elem,
            Type::Group(inner) => ty = &inner.elem,
            Type::Path(path) if path.qself.is_none() => {
                let Some(last) = path.path.segments.last() else {
                    return ty;
                };
                let wrapper = ["Option", "Box", "Rc", "Arc"]
                    .iter()
                    .any(|name| last.ident == name);
                let PathArguments::AngleBracketed(args) = &last.arguments else {
                    return ty;
                };
                match (wrapper, args.args.first(), args.args.len()) {
                    (true, Some(GenericArgument::Type(inner)), 1) => ty = inner,
                    _ => return ty,
                }
            }
            _ => return ty,
        }
    }
}

/// Whether the generics declare a lifetime `'de`, which FastFlatten reserves.
fn has_de_lifetime(generics: &syn::Generics) -> bool {
    generics
        .lifetimes()
        .any(|param| param.lifetime.ident == "de")
}

/// The first identifier of each top-level comma-separated entry (`tag` in `tag = "t"`,
/// `bound` in `bound(serialize = "..")`).
fn first_words(tokens: TokenStream) -> Vec<String> {
    let mut words = Vec::new();
    let mut at_entry_start = true;
    for token in tokens {
        match token {
            TokenTree::Punct(punct) if punct.as_char() == ',' => at_entry_start = true,
            TokenTree::Ident(ident) if at_entry_start => {
                words.push(ident.to_string());
                at_entry_start = false;
            }
            _ => at_entry_start = false,
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(source: &str) -> Vec<TypeDef> {
        scan_file(source, 0).expect("parses")
    }

    #[test]
    fn derive_sites_with_conditions_and_spelling() {
        let source = r#"
            #[derive(Debug, serde::Serialize)]
            #[cfg_attr(feature = "serde", derive(serde_derive::Deserialize))]
            struct A { x: u8 }
        "#;
        let defs = scan(source);
        assert_eq!(defs.len(), 1);
        let sites = &defs[0].derives;
        assert_eq!(sites.len(), 2);
        assert!(sites[0].conds.is_empty());
        assert_eq!(&source[sites[0].inner.clone()], "Debug, serde::Serialize");
        assert_eq!(sites[0].items[1].role, Role::Serialize);
        assert_eq!(sites[1].conds[0].text, r#"feature = "serde""#);
        assert_eq!(sites[1].items[0].role, Role::Deserialize);
    }

    #[test]
    fn flattened_fields_of_structs_and_variants() {
        let source = r#"
            mod inner {
                fn f() {
                    #[derive(Serialize, Deserialize)]
                    #[serde(tag = "t")]
                    enum E { V { #[serde(default, flatten)] m: Option<Box<crate::Meta>> } }
                }
            }
        "#;
        let defs = scan(source);
        assert_eq!(defs[0].name, "E");
        assert_eq!(defs[0].serde_words, ["tag"]);
        let flat = &defs[0].flattened[0];
        assert_eq!(flat.field, "V.m");
        assert_eq!(flat.ty.ident, "Meta");
        assert_eq!(flat.ty.text, "crate::Meta");
        assert!(source[flat.attr_start..].starts_with("#[serde(default, flatten)]"));
    }

    #[test]
    fn qualified_rkyv_derives_are_not_serde() {
        let defs = scan("#[derive(rkyv::Serialize, Serialize)] struct A;");
        let roles: Vec<Role> = defs[0].derives[0].items.iter().map(|i| i.role).collect();
        assert_eq!(roles, [Role::Other, Role::Serialize]);
    }

    #[test]
    fn offsets_count_a_byte_order_mark() {
        let source = "\u{feff}#[derive(Serialize)] struct A;";
        let defs = scan(source);
        assert_eq!(&source[defs[0].derives[0].inner.clone()], "Serialize");
    }
}
