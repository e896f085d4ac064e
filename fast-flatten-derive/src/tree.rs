//! The model every struct expansion reads: a list of fields in declaration order, each an own
//! leaf, a flattened child or a catch-all, with the slots it occupies in the whole tree.
//!
//! A tree is a struct, or the fields of one struct variant of an enum. A struct variant is
//! expanded as a hidden struct holding its fields by value (what is deserialized, then moved
//! into the variant) and a hidden struct holding them by reference (what is serialized).

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use serde_derive_internals::ast::{Container, Data, Field, Style, Variant};
use serde_derive_internals::attr;
use serde_derive_internals::name::Name;
use syn::{Generics, Ident, Type, Visibility, WherePredicate};

use crate::attr::{FieldOptions, Options};

pub struct Tree<'a> {
    /// The type the traits are implemented for: the struct, or a hidden struct of a variant.
    pub ident: Ident,
    pub vis: &'a Visibility,
    /// The type's generics: the struct's, or the enum's (plus `'__a` for a by-reference
    /// variant struct).
    pub generics: Generics,
    /// The hidden type holding the leaves read so far (`FlattenDeserialize::State`).
    pub state: Ident,
    pub members: Vec<Member<'a>>,
    /// Whether the fields are held by reference (a variant's by-reference struct): a field
    /// expression is then already a reference.
    pub by_ref: bool,
    /// The name given to `serialize_struct` / `deserialize_struct`.
    pub ser_name: &'a Name,
    pub de_name: &'a Name,
    /// What the visitor expects.
    pub expecting: Expecting<'a>,
    pub deny_unknown_fields: bool,
    /// `#[fast_flatten(strict)]` on the container (the enum, for a variant's hidden struct).
    pub strict: bool,
    /// The container's `#[serde(default)]` (none for a variant: serde has no such attribute
    /// on enums).
    pub default: &'a attr::Default,
    /// `#[serde(bound(serialize = ..., deserialize = ...))]` on the container.
    pub ser_bound: Option<&'a [WherePredicate]>,
    pub de_bound: Option<&'a [WherePredicate]>,
    /// For a variant's hidden struct, the enum's type: the struct's marker field uses every
    /// generic parameter of the enum (its fields may not), and `'__a` for the by-reference one.
    pub marker: Option<Type>,
    /// `#[serde(tag = "...")]` on a struct: the tag key, written first with the struct's name
    /// as its value (slot 0), and accepted (its value ignored) when reading, as serde does.
    pub tag: Option<&'a str>,
}

#[derive(Clone)]
pub struct Member<'a> {
    pub field: &'a Field<'a>,
    /// Position among the struct's fields; names the state field and local variables.
    pub index: usize,
    pub kind: MemberKind,
    /// The type the flatten traits are asked of for a flattened member: the field's type, or
    /// `Buffered<type>` when it is read as serde reads it (`Option<Buffered<T>>` for an
    /// `Option<T>` outside strict structs).
    pub flat_ty: Type,
    /// Whether `flat_ty` is `Option<Buffered<T>>`.
    pub buffered_option: bool,
    /// The spans of the field type's first and last tokens: a path from one to the other
    /// covers the type as the compiler spans it (a `Span` cannot be joined outside a nightly
    /// compiler), where the expansion reports what the type lacks.
    pub ty_ends: (Span, Span),
}

/// What a member of a tree is, decided once from its attributes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum MemberKind {
    /// An own field of the struct: one leaf.
    Leaf,
    /// A flattened field: read and written through its type's flatten traits, or as serde
    /// flattens it (through the type's own `Deserialize` / `Serialize`) for the halves marked
    /// buffered: both with `#[fast_flatten(buffered)]`, one with `deserialize_with` or
    /// `serialize_with`.
    Flattened {
        de_buffered: bool,
        ser_buffered: bool,
    },
    /// A flattened map marked `#[fast_flatten(catch_all)]`.
    CatchAll,
}

/// The slots a member occupies.
#[derive(Clone)]
pub enum Slots {
    /// An own leaf's one.
    One,
    /// A flattened type's `FlattenFields::LEN`.
    Len(Box<Type>),
}

/// What the visitor expects, in serde's words: the container's `#[serde(expecting = "...")]`,
/// or serde's text ("struct X", "struct variant E::V").
#[derive(Clone)]
pub enum Expecting<'a> {
    Custom(&'a str),
    Text(String),
}

/// The name of the marker field of a variant's hidden structs.
pub const MARKER: &str = "__fast_flatten_marker";

impl<'a> Tree<'a> {
    /// The tree of a struct.
    pub fn of_struct(container: &'a Container<'a>, options: &Options) -> syn::Result<Tree<'a>> {
        let fields = match &container.data {
            Data::Struct(_, fields) => fields,
            Data::Enum(_) => unreachable_enum(container)?,
        };
        let attrs = &container.attrs;
        let expecting = Expecting::of(attrs, format!("struct {}", container.ident));
        let tag = match attrs.tag() {
            serde_derive_internals::attr::TagType::Internal { tag } => Some(tag.as_str()),
            _ => None,
        };
        Ok(Tree {
            ident: container.ident.clone(),
            vis: &container.original.vis,
            generics: container.generics.clone(),
            state: format_ident!(
                "__FastFlattenState{}",
                container.ident,
                span = Span::call_site()
            ),
            members: members(fields, options.strict)?,
            by_ref: false,
            ser_name: attrs.name().serialize_name(),
            de_name: attrs.name().deserialize_name(),
            expecting,
            deny_unknown_fields: attrs.deny_unknown_fields(),
            strict: options.strict,
            default: attrs.default(),
            ser_bound: attrs.ser_bound(),
            de_bound: attrs.de_bound(),
            marker: None,
            tag,
        })
    }

    /// The hidden struct holding a struct variant's fields by value.
    pub fn of_variant(
        container: &'a Container<'a>,
        variant: &'a Variant<'a>,
        options: &Options,
    ) -> syn::Result<Tree<'a>> {
        debug_assert!(matches!(variant.style, Style::Struct));
        let attrs = &container.attrs;
        let ident = variant_struct_ident(&container.ident, &variant.ident, "");
        let expecting = Expecting::of(
            attrs,
            format!("struct variant {}::{}", container.ident, variant.ident),
        );
        let enum_ident = &container.ident;
        let (_, ty_generics, _) = container.generics.split_for_impl();
        Ok(Tree {
            state: format_ident!("__FastFlattenState{}", ident, span = Span::call_site()),
            ident,
            vis: &container.original.vis,
            generics: container.generics.clone(),
            members: members(&variant.fields, options.strict)?,
            marker: Some(syn::parse_quote!(#enum_ident #ty_generics)),
            by_ref: false,
            ser_name: variant.attrs.name().serialize_name(),
            de_name: variant.attrs.name().deserialize_name(),
            expecting,
            deny_unknown_fields: attrs.deny_unknown_fields(),
            strict: options.strict,
            default: &attr::Default::None,
            ser_bound: attrs.ser_bound(),
            de_bound: attrs.de_bound(),
            tag: None,
        })
    }

    /// The hidden struct holding a struct variant's fields by reference, from the by-value
    /// tree of the same variant.
    pub fn by_reference(&self, enum_ident: &Ident, variant: &Ident) -> Tree<'a> {
        let mut generics = self.generics.clone();
        generics.params.insert(0, syn::parse_quote!('__a));
        Tree {
            ident: variant_struct_ident(enum_ident, variant, "Ref"),
            vis: self.vis,
            generics,
            state: self.state.clone(),
            members: self.members.clone(),
            by_ref: true,
            ser_name: self.ser_name,
            de_name: self.de_name,
            expecting: self.expecting.clone(),
            deny_unknown_fields: self.deny_unknown_fields,
            strict: self.strict,
            default: self.default,
            ser_bound: self.ser_bound,
            de_bound: self.de_bound,
            marker: self.marker.clone(),
            tag: self.tag,
        }
    }

    /// Whether the tree may be read in serde's order, where a key can go to more than one
    /// place (`held_map.rs` in the runtime): not when strict.
    pub fn may_read_in_serde_order(&self) -> bool {
        !self.strict
    }

    /// Members that take part in deserialization (own leaves and flattened children).
    pub fn de_members(&self) -> impl Iterator<Item = &Member<'a>> {
        self.members
            .iter()
            .filter(|m| !m.field.attrs.skip_deserializing())
    }

    /// Members written when serializing.
    pub fn ser_members(&self) -> impl Iterator<Item = &Member<'a>> {
        self.members
            .iter()
            .filter(|m| !m.field.attrs.skip_serializing())
    }

    /// `LEN` of the whole struct: the sum of its members' slot counts (and the tag's).
    pub fn len_expr(&self) -> TokenStream {
        let counts = self.members.iter().filter_map(|m| m.slots());
        let tag = usize::from(self.tag.is_some());
        quote!(#tag #(+ #counts)*)
    }

    /// An expression for a reference to `member` of `self`.
    pub fn field_ref(&self, member: &Member) -> TokenStream {
        let name = member.member();
        if self.by_ref {
            quote!(self.#name)
        } else {
            quote!(&self.#name)
        }
    }

    /// The type of the marker field, if the tree has one.
    pub fn marker_ty(&self) -> Option<TokenStream> {
        let enum_ty = self.marker.as_ref()?;
        Some(if self.by_ref {
            quote!(__fastkit::PhantomData<(fn() -> #enum_ty, &'__a ())>)
        } else {
            quote!(__fastkit::PhantomData<fn() -> #enum_ty>)
        })
    }

    /// The marker field's initializer in a struct literal, if the tree has one.
    pub fn marker_init(&self) -> Option<TokenStream> {
        let marker = Ident::new(MARKER, Span::call_site());
        self.marker
            .as_ref()
            .map(|_| quote!(#marker: __fastkit::PhantomData,))
    }
}

impl<'a> Expecting<'a> {
    /// The container's `#[serde(expecting = "...")]`, or serde's `text`.
    pub fn of(attrs: &'a attr::Container, text: String) -> Expecting<'a> {
        match attrs.expecting() {
            Some(custom) => Expecting::Custom(custom),
            None => Expecting::Text(text),
        }
    }
}

/// The members of a field list, in declaration order.
fn members<'a>(fields: &'a [Field<'a>], strict: bool) -> syn::Result<Vec<Member<'a>>> {
    let mut members = Vec::with_capacity(fields.len());
    for (index, field) in fields.iter().enumerate() {
        // `check::field_options` reported any error in these, before the expansion.
        let options = FieldOptions::from_field(field.original).unwrap_or_default();
        let kind = MemberKind::of(field, options);
        let ty = field.ty;
        // A buffered `Option<T>` is `Option<Buffered<T>>`, so that it is read as the runtime
        // reads a flattened `Option` (`None` when `T` does not read, as serde reads it); in a
        // strict struct, `Buffered<Option<T>>`: `None` only when none of `T`'s keys appears.
        let de_buffered = matches!(
            kind,
            MemberKind::Flattened {
                de_buffered: true,
                ..
            }
        );
        let (flat_ty, buffered_option) = match option_argument(ty) {
            _ if !de_buffered => (ty.clone(), false),
            Some(inner) if field.attrs.deserialize_with().is_none() && !strict => (
                syn::parse_quote!(__fastkit::Option<__fastkit::Buffered<#inner>>),
                true,
            ),
            _ => (syn::parse_quote!(__fastkit::Buffered<#ty>), false),
        };
        members.push(Member {
            field,
            index,
            kind,
            flat_ty,
            buffered_option,
            ty_ends: type_ends(ty),
        });
    }
    Ok(members)
}

impl MemberKind {
    fn of(field: &Field, options: FieldOptions) -> MemberKind {
        if options.catch_all {
            MemberKind::CatchAll
        } else if field.attrs.flatten() {
            MemberKind::Flattened {
                de_buffered: options.buffered || field.attrs.deserialize_with().is_some(),
                ser_buffered: options.buffered || field.attrs.serialize_with().is_some(),
            }
        } else {
            MemberKind::Leaf
        }
    }
}

/// See [`Member::ty_ends`].
fn type_ends(ty: &syn::Type) -> (Span, Span) {
    let mut tokens = quote::ToTokens::to_token_stream(ty).into_iter();
    let first = tokens
        .next()
        .map_or_else(Span::call_site, |token| token.span());
    let last = tokens.last().map_or(first, |token| token.span());
    (first, last)
}

/// `__FastFlattenVariant{Enum}{Variant}{suffix}`: a hidden struct of one variant.
fn variant_struct_ident(enum_ident: &Ident, variant: &Ident, suffix: &str) -> Ident {
    format_ident!(
        "__FastFlattenVariant{}{}{}",
        enum_ident,
        variant,
        suffix,
        span = Span::call_site()
    )
}

impl Member<'_> {
    pub fn ty(&self) -> &Type {
        self.field.ty
    }

    /// A flattened struct (or anything implementing the flatten traits, or a buffered field),
    /// not a marked catch-all.
    pub fn is_flatten(&self) -> bool {
        matches!(self.kind, MemberKind::Flattened { .. })
    }

    /// A flattened field read as serde reads it: marked `#[fast_flatten(buffered)]`, or read by
    /// its `deserialize_with` function (which is handed the held entries).
    pub fn is_de_buffered(&self) -> bool {
        matches!(
            self.kind,
            MemberKind::Flattened {
                de_buffered: true,
                ..
            }
        )
    }

    /// A flattened field written as serde writes it (any `Serialize`, its fields or entries
    /// becoming the struct's): marked `#[fast_flatten(buffered)]`, or written by its
    /// `serialize_with` function.
    pub fn is_ser_buffered(&self) -> bool {
        matches!(
            self.kind,
            MemberKind::Flattened {
                ser_buffered: true,
                ..
            }
        )
    }

    /// An own field of the struct: one leaf.
    pub fn is_leaf(&self) -> bool {
        self.kind == MemberKind::Leaf
    }

    /// Whether the field's type is written `Option<..>`, `std::option::Option<..>` or
    /// `core::option::Option<..>`, which the expansion takes for `core::option::Option` (as
    /// serde_derive takes `Option<..>` when borrowing): an absent leaf of this type is `None` by
    /// serde's missing-field rule. A type of one's own named `Option` in scope would make the
    /// expansion fail to compile (a mismatched type at the derive), never read differently.
    pub fn is_option(&self) -> bool {
        option_argument(self.ty()).is_some()
    }

    /// A flattened field read as serde reads it whose type is an `Option` ([`is_option`]): it
    /// is read as `Option<Buffered<T>>`.
    ///
    /// [`is_option`]: Member::is_option
    pub fn is_buffered_option(&self) -> bool {
        self.buffered_option
    }

    /// A flattened map marked `#[fast_flatten(catch_all)]`.
    pub fn is_catch_all(&self) -> bool {
        self.kind == MemberKind::CatchAll
    }

    pub fn attrs(&self) -> &attr::Field {
        &self.field.attrs
    }

    /// The field as written in the struct: `name` or `r#type`.
    pub fn member(&self) -> &syn::Member {
        &self.field.member
    }

    /// The field of the state struct holding this member's progress.
    pub fn state_field(&self) -> Ident {
        format_ident!("__field{}", self.index)
    }

    /// The local holding this member's progress once `finish` has moved it out of the state
    /// (`__takenN`). A flattened child's spans the member's type, as the other bindings of a
    /// child's state do ([`Tree::with_state`]): it resolves where the type's tokens come from,
    /// and the compiler reports a type that cannot be flattened there, once.
    ///
    /// [`Tree::with_state`]: crate::tree::Tree::with_state
    pub fn taken_state(&self) -> Ident {
        let name = format!("__taken{}", self.index);
        if self.is_flatten() {
            Ident::new(&name, self.ty_ends.1)
        } else {
            format_ident!("{name}")
        }
    }

    /// The local variable holding this member's finished value.
    pub fn local(&self) -> Ident {
        format_ident!("__value{}", self.index)
    }

    pub fn ser_name(&self) -> &Name {
        self.attrs().name().serialize_name()
    }

    pub fn de_name(&self) -> &Name {
        self.attrs().name().deserialize_name()
    }

    /// The slots this member occupies: one for an own leaf, the child's `LEN` when flattened,
    /// none when skipped by deserialization.
    pub fn slots(&self) -> Option<Slots> {
        if !self.has_slots() {
            None
        } else if self.is_flatten() {
            Some(Slots::Len(Box::new(self.flat_ty.clone())))
        } else {
            Some(Slots::One)
        }
    }

    /// Whether the member occupies slots: it is read, and not a catch-all.
    pub fn has_slots(&self) -> bool {
        !(self.attrs().skip_deserializing() || self.is_catch_all())
    }
}

/// `T` of a type written `Option<T>`, `std::option::Option<T>` or `core::option::Option<T>`
/// (see [`Member::is_option`]).
fn option_argument(mut ty: &Type) -> Option<&Type> {
    while let Type::Group(syn::TypeGroup { elem, .. }) | Type::Paren(syn::TypeParen { elem, .. }) =
        ty
    {
        ty = elem;
    }
    let Type::Path(syn::TypePath {
        qself: None, path, ..
    }) = ty
    else {
        return None;
    };
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let known = match names
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["Option"] => path.leading_colon.is_none(),
        ["std" | "core", "option", "Option"] => true,
        _ => false,
    };
    let outer_plain = path
        .segments
        .iter()
        .rev()
        .skip(1)
        .all(|s| s.arguments.is_none());
    if !(known && outer_plain) {
        return None;
    }
    match &path.segments.last()?.arguments {
        syn::PathArguments::AngleBracketed(arguments) if arguments.args.len() == 1 => {
            match &arguments.args[0] {
                syn::GenericArgument::Type(inner) => Some(inner),
                _ => None,
            }
        }
        _ => None,
    }
}

fn unreachable_enum<T>(container: &Container) -> syn::Result<T> {
    // The caller expands enums elsewhere; this keeps the macro panic-free regardless.
    Err(syn::Error::new_spanned(
        &container.ident,
        "FastFlatten: expected a struct",
    ))
}

/// Every field of the container, of every variant of an enum.
pub fn all_fields<'a>(container: &'a Container<'a>) -> Vec<&'a Field<'a>> {
    match &container.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(variants) => variants.iter().flat_map(|v| &v.fields).collect(),
    }
}

#[cfg(test)]
mod tests {
    use quote::{quote, ToTokens};
    use serde_derive_internals::{ast::Container, Ctxt, Derive};

    use super::{MemberKind, Slots, Tree};
    use crate::attr::Options;

    /// The tree of `input`, given to `check` (the model borrows the parsed input).
    fn with_tree(input: syn::DeriveInput, check: impl FnOnce(&Tree)) {
        let ctxt = Ctxt::new();
        let private = proc_macro2::Ident::new("__private", proc_macro2::Span::call_site());
        let container = Container::from_ast(&ctxt, &input, Derive::Deserialize, &private)
            .expect("serde's parser reads the input");
        ctxt.check().expect("serde's checks pass");
        let options = Options::from_input(&input).expect("the options parse");
        check(&Tree::of_struct(&container, &options).expect("a struct's tree"));
    }

    #[test]
    fn each_member_has_one_kind() {
        with_tree(
            syn::parse_quote! {
                struct Outer {
                    id: u32,
                    #[serde(flatten)]
                    meta: Meta,
                    #[serde(flatten)]
                    #[fast_flatten(buffered)]
                    foreign: Foreign,
                    #[serde(flatten, deserialize_with = "read")]
                    read_by_hand: Other,
                    #[serde(flatten)]
                    #[fast_flatten(catch_all)]
                    rest: Map,
                }
            },
            |tree| {
                let kinds: Vec<MemberKind> = tree.members.iter().map(|m| m.kind).collect();
                let flattened = |de_buffered, ser_buffered| MemberKind::Flattened {
                    de_buffered,
                    ser_buffered,
                };
                assert!(
                    kinds
                        == [
                            MemberKind::Leaf,
                            flattened(false, false),
                            flattened(true, true),
                            flattened(true, false),
                            MemberKind::CatchAll,
                        ]
                );
            },
        );
    }

    #[test]
    fn offsets_count_the_slots_before_each_member() {
        with_tree(
            syn::parse_quote! {
                #[serde(tag = "type")]
                struct Tagged {
                    a: u32,
                    #[serde(flatten)]
                    meta: Meta,
                    #[serde(skip_deserializing)]
                    skipped: u32,
                    b: u32,
                }
            },
            |tree| {
                let offsets: Vec<String> = crate::fields::offsets(tree)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let meta_len = quote!(<Meta as __fastkit::FlattenFields>::LEN).to_string();
                assert_eq!(
                    offsets,
                    [
                        "1".to_owned(),
                        "1 + 1".to_owned(),
                        format!("1 + 1 + {meta_len}"),
                        format!("1 + 1 + {meta_len}"),
                    ]
                );
                assert!(matches!(tree.members[1].slots(), Some(Slots::Len(_))));
                assert!(tree.members[2].slots().is_none());
            },
        );
    }

    #[test]
    fn a_buffered_option_is_read_as_an_option_of_buffered() {
        with_tree(
            syn::parse_quote! {
                struct Outer {
                    #[serde(flatten)]
                    #[fast_flatten(buffered)]
                    maybe: Option<Foreign>,
                    #[serde(flatten)]
                    #[fast_flatten(buffered)]
                    always: Foreign,
                }
            },
            |tree| {
                // Compared without spaces: a type prints `> >` where `quote!` holds `>>`.
                let text = |tokens: proc_macro2::TokenStream| tokens.to_string().replace(' ', "");
                let flat = |i: usize| text(tree.members[i].flat_ty.to_token_stream());
                let option = quote!(__fastkit::Option<__fastkit::Buffered<Foreign>>);
                assert_eq!(flat(0), text(option));
                assert!(tree.members[0].is_buffered_option());
                assert_eq!(flat(1), text(quote!(__fastkit::Buffered<Foreign>)));
            },
        );
    }
}
