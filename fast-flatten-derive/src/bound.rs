//! Where clauses for generic structs.
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

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_derive_internals::ast::Style;
use syn::spanned::Spanned;
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
    let container_bound = match which {
        Impl::Fields => None,
        Impl::Deserialize => tree.de_bound,
        Impl::Serialize => tree.ser_bound,
    };
    let fields: Vec<FieldUse> = tree.members.iter().map(FieldUse::of_member).collect();
    let mut clause = clause_of(&tree.generics, container_bound, &fields, which);
    // serde asks `Default` of a generic struct with a container `default`.
    if container_bound.is_none()
        && which == Impl::Deserialize
        && !tree.generics.params.is_empty()
        && matches!(tree.default, serde_derive_internals::attr::Default::Default)
    {
        let ident = &tree.ident;
        let (_, ty_generics, _) = tree.generics.split_for_impl();
        clause
            .predicates
            .push(parse_quote!(#ident #ty_generics: __fastkit::Default));
    }
    clause
}

/// The where clause of a struct whose fields are all plain (a tuple or newtype struct): its own,
/// plus serde's bounds for `which`, the container's `bound` replacing the inferred ones.
pub fn fields_where_clause<'f, 'a: 'f>(
    generics: &Generics,
    container_bound: Option<&[WherePredicate]>,
    fields: impl IntoIterator<Item = &'f serde_derive_internals::ast::Field<'a>>,
    which: Impl,
) -> WhereClause {
    let fields: Vec<FieldUse> = fields.into_iter().map(FieldUse::of_field).collect();
    clause_of(generics, container_bound, &fields, which)
}

/// `generics`' own where clause plus serde's bounds of `fields` for `which`: each field's
/// lifetimes and explicit `bound`, then the container's `bound` or the inferred bounds.
fn clause_of(
    generics: &Generics,
    container_bound: Option<&[WherePredicate]>,
    fields: &[FieldUse],
    which: Impl,
) -> WhereClause {
    let mut clause = own_clause(generics);
    let mut bounds = Bounds {
        generics,
        which,
        clause: &mut clause,
    };
    for field in fields {
        bounds.lifetimes(field);
        bounds.explicit(field.attrs);
        bounds.gate(field);
    }
    match container_bound {
        Some(bound) => bounds.clause.predicates.extend(bound.iter().cloned()),
        None => {
            for field in fields {
                bounds.inferred(field, false);
                bounds.default(field);
            }
        }
    }
    clause
}

/// The enum's own where clause plus the bounds `which` needs: those of every struct variant's
/// hidden struct, and those of every newtype or tuple field.
pub fn enum_where_clause(e: &Enum, which: Impl) -> WhereClause {
    let generics = &e.container.generics;
    let mut clause = own_clause(generics);
    let attrs = &e.container.attrs;
    let container_bound = match which {
        Impl::Fields => None,
        Impl::Deserialize => attrs.de_bound(),
        Impl::Serialize => attrs.ser_bound(),
    };
    let mut bounds = Bounds {
        generics,
        which,
        clause: &mut clause,
    };
    // Variants' and fields' own `bound`s, whatever the container says, as in serde.
    for v in &e.variants {
        bounds.explicit_variant(&v.variant.attrs);
        for field in v.fields() {
            bounds.explicit(&field.attrs);
            if !v.variant.attrs.skip_deserializing() {
                bounds.lifetimes(&FieldUse::of_field(field));
            }
        }
    }
    bounds.variant_gates(e);
    if let Some(bound) = container_bound {
        bounds.clause.predicates.extend(bound.iter().cloned());
        return clause;
    }
    for v in &e.variants {
        // serde asks `Default` of a `default` field's parameters in every variant, read or not.
        for field in v.fields() {
            bounds.default(&FieldUse::of_field(field));
        }
        let used = used_variants(e, which).any(|used| std::ptr::eq(used, v));
        let variant_bound = explicit(
            v.variant.attrs.ser_bound(),
            v.variant.attrs.de_bound(),
            which,
        );
        if !used {
            continue;
        }
        match variant_tree(v, which) {
            Some(tree) => {
                for member in &tree.members {
                    bounds.inferred(&FieldUse::of_member(member), variant_bound.is_some());
                }
            }
            None => {
                for field in v.fields() {
                    bounds.inferred(&FieldUse::of_field(field), variant_bound.is_some());
                }
            }
        }
    }
    clause
}

/// `ty` bound on `which`'s flatten trait under an unused binder (`for<'__gate> Meta:
/// FlattenSerialize`): a bound the compiler takes as one that may not hold, where it refuses
/// one on a type without parameters that does not. The reading trait is asked for the impl's
/// `'de`; its supertrait `FlattenFields` comes under the binder with it.
pub fn flatten_bound(ty: &Type, which: Impl) -> WherePredicate {
    let predicate = match which {
        Impl::Fields => quote_spanned!(ty.span()=> for<'__gate> #ty: __fastkit::FlattenFields),
        Impl::Deserialize => {
            quote_spanned!(ty.span()=> for<'__gate> #ty: __fastkit::FlattenDeserialize<'de>)
        }
        Impl::Serialize => {
            quote_spanned!(ty.span()=> for<'__gate> #ty: __fastkit::FlattenSerialize)
        }
    };
    parse_quote!(#predicate)
}

/// A field as its bounds see it: its type, its serde attributes, and how it is flattened.
struct FieldUse<'f> {
    ty: &'f Type,
    attrs: &'f serde_derive_internals::attr::Field,
    /// Read and written through the flatten traits (a flattened field, not a catch-all map).
    flatten: bool,
    /// Read (written) through the type's own `Deserialize` (`Serialize`) as serde flattens it.
    de_buffered: bool,
    ser_buffered: bool,
    /// A marked catch-all map: its own impls in the runtime need no bound.
    catch_all: bool,
}

impl<'f> FieldUse<'f> {
    fn of_member(member: &'f Member) -> FieldUse<'f> {
        FieldUse {
            ty: member.ty(),
            attrs: member.attrs(),
            flatten: member.is_flatten(),
            de_buffered: member.is_de_buffered(),
            ser_buffered: member.is_ser_buffered(),
            catch_all: member.is_catch_all(),
        }
    }

    /// Whether the field counts in the tree's `FlattenFields` (its names, whether it catches
    /// all), which every impl of the tree needs of its type: flattened, not buffered, not
    /// skipped both ways.
    fn in_fields(&self) -> bool {
        self.flatten
            && !self.de_buffered
            && !(self.attrs.skip_deserializing() && self.attrs.skip_serializing())
    }

    /// A plain field (of a tuple struct, a newtype or tuple variant): read and written by its
    /// own impls.
    fn of_field(field: &'f serde_derive_internals::ast::Field) -> FieldUse<'f> {
        FieldUse {
            ty: field.ty,
            attrs: &field.attrs,
            flatten: false,
            de_buffered: false,
            ser_buffered: false,
            catch_all: false,
        }
    }
}

/// serde's bound rules, in one place, writing into one where clause.
struct Bounds<'c> {
    generics: &'c Generics,
    which: Impl,
    clause: &'c mut WhereClause,
}

impl Bounds<'_> {
    fn push(&mut self, predicate: WherePredicate) {
        self.clause.predicates.push(predicate);
    }

    /// `'de: 'a` for each lifetime a read field borrows, whatever the bounds say (serde's
    /// deserializer lifetime outlives them in every impl).
    fn lifetimes(&mut self, field: &FieldUse) {
        if self.which == Impl::Deserialize && !field.attrs.skip_deserializing() {
            for lifetime in field.attrs.borrowed_lifetimes() {
                self.push(parse_quote!('de: #lifetime));
            }
        }
    }

    /// A field's own `bound`, added whatever the container says, as in serde.
    fn explicit(&mut self, attrs: &serde_derive_internals::attr::Field) {
        let own = explicit(attrs.ser_bound(), attrs.de_bound(), self.which);
        self.clause
            .predicates
            .extend(own.into_iter().flatten().cloned());
    }

    /// A variant's own `bound`, added whatever the container says, as in serde.
    fn explicit_variant(&mut self, attrs: &serde_derive_internals::attr::Variant) {
        let own = explicit(attrs.ser_bound(), attrs.de_bound(), self.which);
        self.clause
            .predicates
            .extend(own.into_iter().flatten().cloned());
    }

    /// `T: Default` for each type parameter in the type of a field with `#[serde(default)]`
    /// (its absent value is `Default::default()`), as serde's derive bounds it: on the
    /// parameters, not the whole type (`Config<P>: Default` would not give the `P: Default` a
    /// field of type `Config<P>` may need to be read), whatever the field's or variant's own
    /// `bound` says.
    fn default(&mut self, field: &FieldUse) {
        if self.which == Impl::Deserialize
            && matches!(
                field.attrs.default(),
                serde_derive_internals::attr::Default::Default
            )
        {
            for ty in bounded_types(field.ty, self.generics) {
                self.push(parse_quote!(#ty: __fastkit::Default));
            }
        }
    }

    /// The bounds inferred for reading or writing `field` (none when it or its variant has a
    /// `bound` of its own, as in serde).
    fn inferred(&mut self, field: &FieldUse, variant_bound: bool) {
        let attrs = field.attrs;
        let ty = field.ty;
        if variant_bound || explicit(attrs.ser_bound(), attrs.de_bound(), self.which).is_some() {
            return;
        }
        let generic = mentions_generics(ty, self.generics);
        // Type parameters only: a bound like `Inner<'a>: FlattenFields` would make the compiler
        // prove `Inner<'static>: FlattenFields` (used in `FIELDS`) through it. A field skipped
        // one way still counts in the tree's `FlattenFields` (its names, whether it catches
        // all), which both other impls need of the type.
        let fields_bound = mentions_type_params(ty, self.generics) && field.in_fields();
        match self.which {
            Impl::Fields => {
                if fields_bound {
                    self.push(parse_quote!(#ty: __fastkit::FlattenFields));
                }
            }
            Impl::Deserialize => {
                if !generic || field.catch_all {
                } else if attrs.skip_deserializing() {
                    if fields_bound {
                        self.push(parse_quote!(#ty: __fastkit::FlattenFields));
                    }
                } else if field.de_buffered {
                    if attrs.deserialize_with().is_none() {
                        self.push(parse_quote!(#ty: __fastkit::Deserialize<'de>));
                    }
                } else if field.flatten {
                    self.push(parse_quote!(#ty: __fastkit::FlattenDeserialize<'de>));
                } else if attrs.deserialize_with().is_none() {
                    for ty in bounded_types(ty, self.generics) {
                        self.push(parse_quote!(#ty: __fastkit::Deserialize<'de>));
                    }
                }
            }
            Impl::Serialize => {
                if !generic || field.catch_all || attrs.skip_serializing() {
                } else if field.ser_buffered {
                    if attrs.serialize_with().is_none() {
                        self.push(parse_quote!(#ty: __fastkit::Serialize));
                    }
                } else if field.flatten {
                    self.push(parse_quote!(#ty: __fastkit::FlattenSerialize));
                } else if attrs.serialize_with().is_none() {
                    for ty in bounded_types(ty, self.generics) {
                        self.push(parse_quote!(#ty: __fastkit::Serialize));
                    }
                }
            }
        }
    }

    /// The gates of the flattened fields of every struct variant `which` uses.
    fn variant_gates(&mut self, e: &Enum) {
        for v in used_variants(e, self.which) {
            for member in variant_tree(v, self.which)
                .into_iter()
                .flat_map(|t| &t.members)
            {
                self.gate(&FieldUse::of_member(member));
            }
        }
    }

    /// A flattened field's trait without a lifetime, for a field whose type has no parameter,
    /// as a bound ([`flatten_bound`]): `FlattenSerialize` of the writing impls, `FlattenFields`
    /// of the reading ones and of `FlattenFields`. If the type lacks it, the impls do not
    /// apply, rather than every use of the trait in their bodies being an error. The one error
    /// of that mistake is the name check at the field's type ([`crate::fields::tree_checks`]).
    /// Such a type is not recursive through the flatten traits (their constants would be a
    /// cycle), so the bound is no cycle either. A bound without a parameter leaves the
    /// compiler resolving the trait's calls to the impl (it prefers an impl to a bound that
    /// names no parameter).
    ///
    /// `FlattenDeserialize<'de>` is no bound of the reading impls: a bound naming their `'de`,
    /// even one that holds, is what the compiler then resolves the trait's calls in their
    /// bodies through, and it does not inline them before code generation (measured:
    /// DESIGN.md, "The derive"). Its one error is the reading state's, at the field
    /// (`crate::child`).
    fn gate(&mut self, field: &FieldUse) {
        let attrs = field.attrs;
        let ty = field.ty;
        if !field.flatten || field.catch_all || mentions_generics(ty, self.generics) {
            return;
        }
        let gated = match self.which {
            Impl::Serialize => !field.ser_buffered && !attrs.skip_serializing(),
            Impl::Deserialize => !field.de_buffered && !attrs.skip_deserializing(),
            Impl::Fields => field.in_fields(),
        };
        if gated {
            // The reading impls on `FlattenFields` only (see above).
            let which = match self.which {
                Impl::Serialize => Impl::Serialize,
                Impl::Deserialize | Impl::Fields => Impl::Fields,
            };
            self.push(flatten_bound(ty, which));
        }
    }
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
        Impl::Serialize => v.trees().map(|trees| &trees.by_ref),
        _ => v.trees().map(|trees| &trees.by_value),
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

/// `generics`' own where clause, or an empty one to push onto.
pub fn own_clause(generics: &Generics) -> WhereClause {
    generics
        .where_clause
        .clone()
        .unwrap_or_else(|| parse_quote!(where))
}

/// The where clause of a container converted through another type `ty` (`from`, `into`,
/// `transparent`): its own, plus its `bound` for the direction if given, else `inferred` when
/// `ty` mentions a generic parameter.
pub fn conversion_clause(
    container: &serde_derive_internals::ast::Container,
    explicit: Option<&[WherePredicate]>,
    ty: &Type,
    inferred: WherePredicate,
) -> WhereClause {
    let mut clause = own_clause(container.generics);
    match explicit {
        Some(bound) => clause.predicates.extend(bound.iter().cloned()),
        None if mentions_generics(ty, container.generics) => clause.predicates.push(inferred),
        None => {}
    }
    clause
}

/// The where clause of a flatten trait implemented through the type's own `Deserialize`
/// (`which` is [`Impl::Deserialize`]) or `Serialize`: its own, plus that impl.
pub fn through_own_impl(ident: &syn::Ident, generics: &Generics, which: Impl) -> WhereClause {
    let (_, ty_generics, _) = generics.split_for_impl();
    let mut clause = own_clause(generics);
    clause.predicates.push(match which {
        Impl::Serialize => parse_quote!(#ident #ty_generics: __fastkit::Serialize),
        _ => parse_quote!(#ident #ty_generics: __fastkit::Deserialize<'de>),
    });
    clause
}

/// The where clauses of a flattened enum's three impls.
pub struct FlattenedEnumClauses {
    pub fields: WhereClause,
    pub de: WhereClause,
    pub ser: WhereClause,
}

/// A flattened enum's where clauses: its own and its variants' ([`enum_where_clause`]), and,
/// where the variants join the tree (`children_join`), `for<'__gate> Child: Trait` for every
/// child ([`flatten_bound`]), `child` giving a variant's type in the tree: bounds that hold or
/// make the impl unusable, never an error where the enum is declared.
pub fn flattened_enum_clauses(
    e: &Enum,
    children_join: bool,
    child: impl Fn(&EnumVariant) -> Option<Type>,
) -> FlattenedEnumClauses {
    let mut fields = own_clause(e.container.generics);
    // The variant structs' `FlattenFields` are bounded on their fields' (see `Bounds::gate`).
    Bounds {
        generics: e.container.generics,
        which: Impl::Fields,
        clause: &mut fields,
    }
    .variant_gates(e);
    let mut de = enum_where_clause(e, Impl::Deserialize);
    let mut ser = enum_where_clause(e, Impl::Serialize);
    if children_join {
        let generics = e.container.generics;
        let type_params =
            generics.type_params().next().is_some() || generics.const_params().next().is_some();
        for (_, v) in e.de_variants() {
            // A variant struct is always a tree; it needs a bound only when its impls do (the
            // enum's type parameters). A bound on it otherwise would make the compiler prove
            // `Struct<'static>: FlattenFields` (in `FIELDS`) through it, for `'a = 'static`.
            if v.trees().is_some() && !type_params {
                continue;
            }
            if let Some(ty) = child(v) {
                fields.predicates.push(flatten_bound(&ty, Impl::Fields));
                de.predicates.push(flatten_bound(&ty, Impl::Deserialize));
            }
        }
        // The enum's state holds its struct variants' states, whose types the compiler checks
        // in the signatures of the enum's `FlattenDeserialize`, at the derive: a flattened field
        // of a variant whose type lacks the trait would be an error there too, beside the one at
        // the field. The enum's bodies call the variants only through the runtime, so this
        // bound does not stand between a call and its impl (see `Bounds::gate`).
        for (_, v) in e.de_variants() {
            for member in v.trees().into_iter().flat_map(|t| &t.by_value.members) {
                let field = FieldUse::of_member(member);
                if field.flatten
                    && !field.catch_all
                    && !field.de_buffered
                    && !field.attrs.skip_deserializing()
                    && !mentions_generics(field.ty, e.container.generics)
                {
                    de.predicates
                        .push(flatten_bound(field.ty, Impl::Deserialize));
                }
            }
        }
        // The struct variants' trees are written through their fields' `FlattenSerialize`
        // (bound by `enum_where_clause`); a newtype variant's value is a tree of its own.
        ser.predicates.extend(
            e.variants
                .iter()
                .filter(|v| matches!(v.ser_style(), Style::Newtype))
                .filter(|v| !v.variant.attrs.skip_serializing())
                .map(|v| flatten_bound(v.fields()[0].ty, Impl::Serialize)),
        );
    }
    FlattenedEnumClauses { fields, de, ser }
}
