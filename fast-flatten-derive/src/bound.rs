//! Where clauses for generic structs, and the diagnostic gates of debug builds.
//!
//! Plain fields are bounded as serde's derive bounds them: through the type parameters they
//! mention (`T: Deserialize<'de>` for a `Vec<T>`; [`bounded_types`]), and `'de: 'a` for each
//! lifetime a field borrows (serde's parser finds them: `&'a str`, `#[serde(borrow)]`); so
//! recursive types compile, and a type compiles exactly where serde's derive compiles it. A
//! flattened or buffered field is bounded on its whole type (`Inner<T>: FlattenDeserialize<'de>`,
//! `Inner<'a>: FlattenFields`): it is used through the flatten traits, not `Deserialize`, and
//! the whole type keeps its borrowed lifetimes right without special cases (`&'a str:
//! Deserialize<'de>` holds exactly when `'de: 'a`). serde's `bound` attributes replace the
//! inferred bounds, as in serde.
//!
//! One exception, for diagnostics: a flattened field of a concrete type is *gated* (see
//! [`gates`]), so that a type missing the flatten traits is one error at the field, not one per
//! use of it in the expansion.

use std::cell::Cell;
use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, Generics, Lifetime, Type, WhereClause, WherePredicate};

use crate::tree::{Member, Tree};
use crate::variants::{Enum, EnumVariant};

/// Whether `ty` mentions any of `generics`' type parameters or lifetimes.
pub fn mentions_generics(ty: &Type, generics: &Generics) -> bool {
    struct Finder<'a> {
        types: BTreeSet<&'a syn::Ident>,
        lifetimes: BTreeSet<&'a syn::Ident>,
        found: bool,
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_path(&mut self, path: &'ast syn::Path) {
            if path.leading_colon.is_none() {
                if let Some(first) = path.segments.first() {
                    self.found |= self.types.contains(&first.ident);
                }
            }
            visit::visit_path(self, path);
        }
        fn visit_lifetime(&mut self, lifetime: &'ast Lifetime) {
            self.found |= self.lifetimes.contains(&lifetime.ident);
        }
    }
    let mut finder = Finder {
        types: generics.type_params().map(|p| &p.ident).collect(),
        lifetimes: generics.lifetimes().map(|l| &l.lifetime.ident).collect(),
        found: false,
    };
    finder.visit_type(ty);
    finder.found
}

/// Whether `ty` mentions a type parameter (lifetimes do not count).
pub fn mentions_type_params(ty: &Type, generics: &Generics) -> bool {
    let types_only = Generics {
        params: generics
            .type_params()
            .cloned()
            .map(syn::GenericParam::Type)
            .collect(),
        ..Generics::default()
    };
    mentions_generics(ty, &types_only)
}

/// The types a plain field's `Serialize` / `Deserialize` bound is written on, as serde's derive
/// bounds them: each type parameter the field mentions (`T` for a `Vec<T>`), an associated type
/// whole (`T::Item`, `<T as Trait>::Item`), nothing inside `PhantomData`, and nothing for
/// lifetimes (a borrowed field adds `'de: 'a` of its own).
///
/// Not the whole field type: on a recursive type that bound is a cycle. `Vec<Tree<T>>:
/// Serialize` needs `Tree<T>: Serialize`, whose impl needs the bound again, directly or through
/// another type (`A<'a>` holding `B<'a>` holding `A<'a>`), and every use of the type failed to
/// compile ("overflow evaluating the requirement") where serde's derive compiles.
pub fn bounded_types(ty: &Type, generics: &Generics) -> Vec<Type> {
    struct Finder<'a> {
        params: Vec<&'a syn::Ident>,
        subjects: Vec<Type>,
    }
    impl Finder<'_> {
        fn subject(&mut self, ty: Type) {
            // syn's types compare by their tokens (`PartialEq` needs syn's "extra-traits").
            let text = quote!(#ty).to_string();
            if !self
                .subjects
                .iter()
                .any(|seen| quote!(#seen).to_string() == text)
            {
                self.subjects.push(ty);
            }
        }
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_type_path(&mut self, path: &'ast syn::TypePath) {
            let whole = Type::Path(path.clone());
            let segments = &path.path.segments;
            if let Some(qself) = &path.qself {
                // `<T as Trait>::Item`: bounded whole when it mentions a parameter.
                let mut inner = Finder {
                    params: self.params.clone(),
                    subjects: Vec::new(),
                };
                inner.visit_type(&qself.ty);
                if !inner.subjects.is_empty() {
                    self.subject(whole);
                }
                return;
            }
            if let Some(first) = segments.first() {
                if path.path.leading_colon.is_none()
                    && self.params.iter().any(|p| **p == first.ident)
                {
                    // `T`, or `T::Item` bounded whole.
                    self.subject(whole);
                    return;
                }
            }
            if segments
                .last()
                .is_some_and(|last| last.ident == "PhantomData")
            {
                // `PhantomData<T>` is `Serialize` and `Deserialize` whatever `T` is.
                return;
            }
            visit::visit_type_path(self, path);
        }
    }
    let mut finder = Finder {
        params: generics.type_params().map(|p| &p.ident).collect(),
        subjects: Vec::new(),
    };
    finder.visit_type(ty);
    finder.subjects
}

/// `ty` with every lifetime replaced by `'static`, for use in constant expressions (array
/// lengths), where generic lifetimes may not appear. Slot counts never depend on lifetimes.
pub fn erase_lifetimes(ty: &Type) -> Type {
    struct Eraser;
    impl VisitMut for Eraser {
        fn visit_lifetime_mut(&mut self, lifetime: &mut Lifetime) {
            *lifetime = parse_quote!('static);
        }
        fn visit_type_reference_mut(&mut self, reference: &mut syn::TypeReference) {
            reference.lifetime = Some(parse_quote!('static));
            visit_mut::visit_type_reference_mut(self, reference);
        }
    }
    let mut ty = ty.clone();
    Eraser.visit_type_mut(&mut ty);
    ty
}

/// Which impl a where clause is for.
#[derive(Clone, Copy, PartialEq)]
pub enum Impl {
    /// `FlattenFields` and the state struct.
    Fields,
    /// `FlattenDeserialize<'de>` and `Deserialize<'de>`.
    Deserialize,
    /// `FlattenSerialize` and `Serialize`.
    Serialize,
}

/// The struct's own where clause plus the bounds `which` needs.
pub fn where_clause(tree: &Tree, which: Impl) -> WhereClause {
    let mut clause = tree
        .generics
        .where_clause
        .clone()
        .unwrap_or_else(|| parse_quote!(where));
    let container_bound = match which {
        Impl::Fields => None,
        Impl::Deserialize => tree.de_bound,
        Impl::Serialize => tree.ser_bound,
    };
    clause.predicates.extend(gates(tree, which));
    // A field's own `bound` is added whatever the container says, as in serde.
    for member in &tree.members {
        let attrs = member.attrs();
        let own = explicit(attrs.ser_bound(), attrs.de_bound(), which);
        clause.predicates.extend(own.into_iter().flatten().cloned());
    }
    match container_bound {
        Some(bound) => clause.predicates.extend(bound.iter().cloned()),
        None => {
            for member in &tree.members {
                clause.predicates.extend(member_bounds(tree, member, which));
            }
            let container_default = tree.default;
            if which == Impl::Deserialize
                && !tree.generics.params.is_empty()
                && matches!(
                    container_default,
                    serde_derive_internals::attr::Default::Default
                )
            {
                let private = &tree.private;
                let ident = &tree.ident;
                let (_, ty_generics, _) = tree.generics.split_for_impl();
                clause
                    .predicates
                    .push(parse_quote!(#ident #ty_generics: #private::Default));
            }
        }
    }
    clause
}

/// Bounds that hold for every correct struct and make a wrong one one error.
///
/// A flattened field's type `Inner` is used through `FlattenFields`, `FlattenDeserialize` and
/// `FlattenSerialize` in every impl and item of the expansion; if `Inner` lacks the traits, each
/// use is an error (five for one missing derive on a plain struct, some at the derive). Bounding
/// each item on the traits it uses (`for<'__gate> Inner: FlattenFields`) moves the obligation to
/// whoever uses the item, so the items themselves compile; the one place that uses the traits of
/// `Inner` without a gate is the tree's name check (`fields::tree_checks`), spanned at the
/// field's type: the one error. The unused `for<'__gate>` keeps a bound without generic
/// parameters from being checked where it is written (stable Rust rejects a false "trivial
/// bound" at each item), also for the supertraits the compiler derives from it
/// (`Inner: FlattenDeserialize<'de>` alone implies the trivial `Inner: FlattenFields`). For
/// correct types the gates hold, and nothing changes.
///
/// Only in builds with debug assertions (`cargo check`, `cargo build`, `cargo test`): bounded
/// on its children's traits, an impl no longer has the children's methods resolved before
/// monomorphization, and optimized builds lose moves the compiler would elide (callgrind, 2000
/// wide records on serde_cbor packed: 865 more instructions per record, all `memcpy`; 6-8% more
/// time in `examples/wide_in_place.rs`). The derive expands such a type twice, with gates under
/// `cfg(debug_assertions)` and without them otherwise ([`with_gates`]); an optimized build of a
/// wrong type reports one error per use.
fn gates(tree: &Tree, which: Impl) -> Vec<WherePredicate> {
    if !GATED.with(Cell::get) {
        return Vec::new();
    }
    let private = &tree.private;
    let gated = tree.members.iter().filter(|member| {
        member.is_flatten()
            && !mentions_generics(member.ty(), &tree.generics)
            && match which {
                // A buffered child's tree is `Buffered<T>`, whatever `T` is.
                Impl::Fields => {
                    let skipped =
                        member.attrs().skip_deserializing() && member.attrs().skip_serializing();
                    !(member.is_de_buffered() || skipped)
                }
                Impl::Deserialize => {
                    !member.is_de_buffered() && !member.attrs().skip_deserializing()
                }
                Impl::Serialize => !member.is_ser_buffered() && !member.attrs().skip_serializing(),
            }
    });
    let gates: Vec<WherePredicate> = gated
        .map(|member| {
            let ty = member.ty();
            match which {
                Impl::Fields => parse_quote!(for<'__gate> #ty: #private::FlattenFields),
                Impl::Deserialize => {
                    parse_quote!(for<'__gate> #ty: #private::FlattenDeserialize<'de>)
                }
                Impl::Serialize => parse_quote!(for<'__gate> #ty: #private::FlattenSerialize),
            }
        })
        .collect();
    HAS_GATES.with(|has| has.set(has.get() || !gates.is_empty()));
    gates
}

thread_local! {
    /// Whether [`gates`] are written in the expansion running on this thread.
    static GATED: Cell<bool> = const { Cell::new(false) };
    /// Whether the expansion running on this thread wrote any gate.
    static HAS_GATES: Cell<bool> = const { Cell::new(false) };
}

/// Runs one expansion with [`gates`] written or not; also says whether it wrote any.
pub fn with_gates<T>(
    gated: bool,
    expand: impl FnOnce() -> syn::Result<T>,
) -> syn::Result<(T, bool)> {
    GATED.with(|g| g.set(gated));
    HAS_GATES.with(|has| has.set(false));
    let result = expand();
    GATED.with(|g| g.set(false));
    Ok((result?, HAS_GATES.with(Cell::get)))
}

/// A field's or variant's own `bound` for `which` (given as its serialize and deserialize
/// halves): added to the where clause whatever else is, as serde's derive adds them.
/// `Some` also when empty: `bound = ""` replaces the inferred bounds with none.
fn explicit<'b>(
    ser: Option<&'b [WherePredicate]>,
    de: Option<&'b [WherePredicate]>,
    which: Impl,
) -> Option<&'b [WherePredicate]> {
    match which {
        Impl::Fields => None,
        Impl::Deserialize => de,
        Impl::Serialize => ser,
    }
}

/// The bounds inferred for `member` (none when it has a `bound` of its own: [`explicit`]).
fn member_bounds(tree: &Tree, member: &Member, which: Impl) -> Vec<WherePredicate> {
    let attrs = member.attrs();
    let private = &tree.private;
    if explicit(attrs.ser_bound(), attrs.de_bound(), which).is_some() {
        return Vec::new();
    }
    let ty = member.ty();
    let mut bounds = Vec::new();
    let generic = mentions_generics(ty, &tree.generics);
    match which {
        Impl::Fields => {
            // Type parameters only: a bound like `Inner<'a>: FlattenFields` would make the
            // compiler prove `Inner<'static>: FlattenFields` (used in `FIELDS`) through it.
            if mentions_type_params(ty, &tree.generics)
                && member.is_flatten()
                && !member.is_de_buffered()
                && !(attrs.skip_deserializing() && attrs.skip_serializing())
            {
                bounds.push(parse_quote!(#ty: #private::FlattenFields));
            }
        }
        Impl::Deserialize => {
            for lifetime in attrs.borrowed_lifetimes() {
                bounds.push(parse_quote!('de: #lifetime));
            }
            if !generic || member.is_catch_all() {
            } else if attrs.skip_deserializing() {
                // serde's parser gives a skipped field `default` unless the container has one.
                if let serde_derive_internals::attr::Default::Default = attrs.default() {
                    bounds.push(parse_quote!(#ty: #private::Default));
                }
            } else if member.is_de_buffered() {
                if attrs.deserialize_with().is_none() {
                    bounds.push(parse_quote!(#ty: #private::Deserialize<'de>));
                }
            } else if member.is_flatten() {
                bounds.push(parse_quote!(#ty: #private::FlattenDeserialize<'de>));
            } else if attrs.deserialize_with().is_none() {
                for ty in bounded_types(ty, &tree.generics) {
                    bounds.push(parse_quote!(#ty: #private::Deserialize<'de>));
                }
            }
            // A missing field with `#[serde(default)]` takes `Default::default()`, as serde's
            // derive bounds it.
            if generic
                && !attrs.skip_deserializing()
                && matches!(
                    attrs.default(),
                    serde_derive_internals::attr::Default::Default
                )
            {
                bounds.push(parse_quote!(#ty: #private::Default));
            }
        }
        Impl::Serialize => {
            if !generic || attrs.skip_serializing() || member.is_catch_all() {
            } else if member.is_ser_buffered() {
                if attrs.serialize_with().is_none() {
                    bounds.push(parse_quote!(#ty: #private::Serialize));
                }
            } else if member.is_flatten() {
                bounds.push(parse_quote!(#ty: #private::FlattenSerialize));
            } else if attrs.serialize_with().is_none() {
                for ty in bounded_types(ty, &tree.generics) {
                    bounds.push(parse_quote!(#ty: #private::Serialize));
                }
            }
        }
    }
    bounds
}

/// The enum's own where clause plus the bounds `which` needs: those of every struct variant's
/// hidden struct, and one per newtype or tuple field whose type mentions a generic parameter.
pub fn enum_where_clause(e: &Enum, which: Impl) -> WhereClause {
    let generics = &e.container.generics;
    let mut clause = generics
        .where_clause
        .clone()
        .unwrap_or_else(|| parse_quote!(where));
    let attrs = &e.container.attrs;
    let container_bound = match which {
        Impl::Fields => None,
        Impl::Deserialize => attrs.de_bound(),
        Impl::Serialize => attrs.ser_bound(),
    };
    // The struct variants' gates, whatever the bounds: see `gates`.
    clause.predicates.extend(enum_gates(e, which));
    // Variants' and fields' own `bound`s, whatever the container says, as in serde.
    for v in &e.variants {
        let attrs = &v.variant.attrs;
        clause.predicates.extend(
            explicit(attrs.ser_bound(), attrs.de_bound(), which)
                .into_iter()
                .flatten()
                .cloned(),
        );
        for field in v.fields() {
            let attrs = &field.attrs;
            clause.predicates.extend(
                explicit(attrs.ser_bound(), attrs.de_bound(), which)
                    .into_iter()
                    .flatten()
                    .cloned(),
            );
        }
    }
    if let Some(bound) = container_bound {
        clause.predicates.extend(bound.iter().cloned());
        return clause;
    }
    let private = &e.private;
    for v in used_variants(e, which) {
        let attrs = &v.variant.attrs;
        if explicit(attrs.ser_bound(), attrs.de_bound(), which).is_some() {
            // The variant's own bound replaces those inferred for its fields.
            continue;
        }
        if let Some(tree) = variant_tree(v, which) {
            for member in &tree.members {
                clause.predicates.extend(member_bounds(tree, member, which));
            }
            continue;
        }
        for field in v.fields() {
            let ty = field.ty;
            let own = explicit(field.attrs.ser_bound(), field.attrs.de_bound(), which);
            if !mentions_generics(ty, generics) || own.is_some() {
                continue;
            }
            match which {
                Impl::Deserialize => {
                    for lifetime in field.attrs.borrowed_lifetimes() {
                        clause.predicates.push(parse_quote!('de: #lifetime));
                    }
                    if field.attrs.skip_deserializing() {
                        if let serde_derive_internals::attr::Default::Default =
                            field.attrs.default()
                        {
                            clause.predicates.push(parse_quote!(#ty: #private::Default));
                        }
                    } else {
                        if field.attrs.deserialize_with().is_none() {
                            for ty in bounded_types(ty, generics) {
                                clause
                                    .predicates
                                    .push(parse_quote!(#ty: #private::Deserialize<'de>));
                            }
                        }
                        if let serde_derive_internals::attr::Default::Default =
                            field.attrs.default()
                        {
                            clause.predicates.push(parse_quote!(#ty: #private::Default));
                        }
                    }
                }
                Impl::Serialize => {
                    if !field.attrs.skip_serializing() && field.attrs.serialize_with().is_none() {
                        for ty in bounded_types(ty, generics) {
                            clause
                                .predicates
                                .push(parse_quote!(#ty: #private::Serialize));
                        }
                    }
                }
                Impl::Fields => {}
            }
        }
    }
    clause
}

/// The gates (see [`gates`]) of the struct variants `which` uses.
pub fn enum_gates(e: &Enum, which: Impl) -> Vec<WherePredicate> {
    used_variants(e, which)
        .filter_map(|v| variant_tree(v, which))
        .flat_map(|tree| gates(tree, which))
        .collect()
}

/// The variants `which` reads or writes (not skipped, not through a user function).
fn used_variants<'e, 'a>(
    e: &'e Enum<'a>,
    which: Impl,
) -> impl Iterator<Item = &'e EnumVariant<'a>> {
    e.variants.iter().filter(move |v| {
        let skipped = match which {
            Impl::Deserialize => v.variant.attrs.skip_deserializing(),
            Impl::Serialize => v.variant.attrs.skip_serializing(),
            Impl::Fields => false,
        };
        let with = match which {
            Impl::Deserialize => v.variant.attrs.deserialize_with().is_some(),
            Impl::Serialize => v.variant.attrs.serialize_with().is_some(),
            Impl::Fields => false,
        };
        !skipped && !with
    })
}

/// A struct variant's hidden struct for `which`: by reference when serializing.
fn variant_tree<'e, 'a>(v: &'e EnumVariant<'a>, which: Impl) -> Option<&'e Tree<'a>> {
    match which {
        Impl::Serialize => v.by_ref.as_ref(),
        _ => v.by_value.as_ref(),
    }
}

/// The struct's generics with a leading `'de` lifetime, for impls over a deserializer lifetime.
/// `'de` outlives every lifetime of the struct that a field borrows (bounded per field above).
pub fn with_de_lifetime(generics: &Generics) -> Generics {
    let mut generics = generics.clone();
    generics.params.insert(0, parse_quote!('de));
    generics
}

/// The struct's generics with a leading `'__w` lifetime, for wrappers holding a reference.
pub fn with_ref_lifetime(generics: &Generics) -> Generics {
    let mut generics = generics.clone();
    generics.params.insert(0, parse_quote!('__w));
    generics
}

/// `PhantomData` of the struct itself: uses every generic parameter of a helper type declared
/// with the struct's generics.
pub fn phantom(tree: &Tree) -> TokenStream {
    let private = &tree.private;
    let ident = &tree.ident;
    let (_, ty_generics, _) = tree.generics.split_for_impl();
    quote!(#private::PhantomData<fn() -> #ident #ty_generics>)
}

/// The struct's generic parameters as arguments (`'a, T, N`), to name a helper type declared with
/// them.
pub fn generic_args(generics: &Generics) -> Vec<TokenStream> {
    generics
        .params
        .iter()
        .map(|param| match param {
            syn::GenericParam::Lifetime(l) => {
                let lifetime = &l.lifetime;
                quote!(#lifetime)
            }
            syn::GenericParam::Type(t) => {
                let ident = &t.ident;
                quote!(#ident)
            }
            syn::GenericParam::Const(c) => {
                let ident = &c.ident;
                quote!(#ident)
            }
        })
        .collect()
}
