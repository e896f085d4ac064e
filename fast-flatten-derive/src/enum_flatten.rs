//! The flatten traits for an enum, so that it can be flattened into a FastFlatten struct
//! (`#[serde(flatten)] kind: Kind`): its keys join the tree's one lookup.
//!
//! | representation | slots | state |
//! |---|---|---|
//! | externally tagged | one per variant name | `Option<Enum>` |
//! | internally tagged | the tag, then each variant's leaves | a generated enum: the values held before the tag, or the chosen variant's state |
//! | adjacently tagged | the tag and the content | the runtime's `AdjacentState` |
//! | untagged | none: it holds the keys no other leaf claims | the held entries |
//!
//! A newtype variant of an internally tagged enum joins the tree with its type's leaves, so the
//! type must be a FastFlatten tree. Its bounds are written `for<'__x> Type: Trait`, which keeps
//! the enum's own `Serialize`/`Deserialize` compiling when the type is not one: the flatten
//! impls then only exist for no one, and flattening the enum is the error.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_derive_internals::ast::Style;
use serde_derive_internals::attr::TagType;
use syn::{Type, WherePredicate};

use crate::bound::{self, Impl};
use crate::enum_ser::{self, pattern, Content};
use crate::variants::{Enum, EnumVariant};

pub fn expand(e: &Enum) -> TokenStream {
    match e.tag() {
        TagType::External => external(e),
        TagType::Internal { tag } => internal(e, tag),
        TagType::Adjacent { tag, content } => adjacent(e, tag, content),
        TagType::None => untagged(e),
    }
}

/// What a variant joins the tree with: its hidden struct, or the type its newtype wraps.
struct Child {
    ty: TokenStream,
    /// The enum's variant built from the child's value.
    into: TokenStream,
}

fn child(e: &Enum, v: &EnumVariant) -> Option<Child> {
    if v.variant.attrs.deserialize_with().is_some() {
        // Read by the user's function, which the tree cannot call: see `through_function`.
        return None;
    }
    let path = v.path(e.ident);
    match (v.de_style(), &v.by_value) {
        (Style::Struct, Some(tree)) => {
            let ident = &tree.ident;
            let (_, ty_generics, _) = tree.generics.split_for_impl();
            let members = v.fields().iter().map(|f| &f.member);
            let members2 = members.clone();
            Some(Child {
                ty: quote!(#ident #ty_generics),
                into: quote!(|__value| #path { #(#members: __value.#members2),* }),
            })
        }
        (Style::Newtype, _) => {
            let ty = v.fields()[0].ty;
            Some(Child {
                ty: quote!(#ty),
                into: path,
            })
        }
        _ => None,
    }
}

/// `for<'__x> Child: Trait` for every child: bounds that hold or make the impl unusable,
/// never an error where the enum is declared.
fn child_bounds(e: &Enum, traits: &[TokenStream]) -> Vec<WherePredicate> {
    let generics = e.container.generics;
    let type_params =
        generics.type_params().next().is_some() || generics.const_params().next().is_some();
    let mut bounds = Vec::new();
    for (_, v) in e.de_variants() {
        // A variant struct is always a tree; it needs a bound only when its impls do (the
        // enum's type parameters). A bound on it otherwise would make the compiler prove
        // `Struct<'static>: FlattenFields` (in `FIELDS`) through it, for `'a = 'static`.
        if v.by_value.is_some() && !type_params {
            continue;
        }
        if let Some(child) = child(e, v) {
            let ty = &child.ty;
            for t in traits {
                bounds.push(syn::parse_quote!(for<'__x> #ty: #t));
            }
        }
    }
    bounds
}

/// The where clauses of the three impls.
struct Clauses {
    fields: syn::WhereClause,
    de: syn::WhereClause,
    ser: syn::WhereClause,
}

fn clauses(e: &Enum, children_join: bool) -> Clauses {
    let private = &e.private;
    let own = e
        .container
        .generics
        .where_clause
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(where));
    let mut fields = own;
    fields.predicates.extend(bound::enum_gates(e, Impl::Fields));
    let mut de = bound::enum_where_clause(e, Impl::Deserialize);
    let mut ser = bound::enum_where_clause(e, Impl::Serialize);
    if children_join {
        let field_bounds = child_bounds(e, &[quote!(#private::FlattenFields)]);
        fields.predicates.extend(field_bounds.iter().cloned());
        de.predicates.extend(child_bounds(
            e,
            &[quote!(#private::FlattenDeserialize<'de>)],
        ));
        ser.predicates.extend(field_bounds);
        ser.predicates.extend(
            e.variants
                .iter()
                .filter(|v| matches!(v.ser_style(), Style::Newtype))
                .filter(|v| !v.variant.attrs.skip_serializing())
                .map(|v| -> WherePredicate {
                    let ty = v.fields()[0].ty;
                    syn::parse_quote!(for<'__x> #ty: #private::FlattenSerialize)
                }),
        );
    }
    Clauses { fields, de, ser }
}

/// The impl headers' generics.
fn impl_generics(e: &Enum) -> (TokenStream, TokenStream, TokenStream) {
    let generics = e.container.generics;
    let (impl_generics, _, _) = generics.split_for_impl();
    let de_generics = bound::with_de_lifetime(generics);
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    (
        quote!(#impl_generics),
        quote!(#de_impl_generics),
        e.self_ty(),
    )
}

/// `FlattenSerialize`: `len` and `write` per variant, over the fields bound by its pattern.
fn serialize_impl(
    e: &Enum,
    clause: &syn::WhereClause,
    arm: impl Fn(&EnumVariant) -> (TokenStream, TokenStream),
) -> TokenStream {
    let private = &e.private;
    let (impl_generics, _, self_ty) = impl_generics(e);
    let scrutinee = crate::enum_ser::scrutinee(e);
    let mut lens = Vec::new();
    let mut writes = Vec::new();
    for v in &e.variants {
        let pattern = pattern(e, v);
        if v.variant.attrs.skip_serializing() {
            let message = format!(
                "the enum variant {}::{} cannot be serialized",
                e.ident,
                v.ident()
            );
            lens.push(quote!(#pattern => 0,));
            writes.push(quote! {
                #pattern => #private::Err(<__S::Error as #private::SerError>::custom(#message)),
            });
            continue;
        }
        let (len, write) = arm(v);
        lens.push(quote!(#[allow(unused_variables)] #pattern => #len,));
        writes.push(quote!(#pattern => { #write }));
    }
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::FlattenSerialize for #self_ty #clause {
            #[inline]
            fn serialized_len(&self) -> usize {
                match #scrutinee {
                    #(#lens)*
                }
            }

            #[inline]
            fn serialize_leaves<__S: #private::FieldSink>(
                &self,
                __out: &mut __S,
            ) -> #private::Result<(), __S::Error> {
                match #scrutinee {
                    #(#writes)*
                }
            }
        }
    }
}

/// A variant's content as one `Serialize` value for a `FieldSink` (`None` for a unit):
/// tuple variants as a sequence (`tuple_as_seq`, how serde's flatten writes them) or a tuple,
/// struct variants as a struct named `struct_name`.
fn content_value(
    e: &Enum,
    v: &EnumVariant,
    tuple_as_seq: bool,
    struct_name: &TokenStream,
) -> Option<TokenStream> {
    let private = &e.private;
    match enum_ser::content(e, v) {
        Content::Unit => None,
        Content::Value(value) => Some(value),
        Content::Tuple(refs) if tuple_as_seq => Some(quote!(&#private::SeqValue(#refs))),
        Content::Tuple(refs) => Some(quote!(&#private::TupleValue(#refs))),
        Content::Struct(refs) => {
            Some(quote!(&#private::TreeValue { tree: #refs, name: #struct_name }))
        }
    }
}

fn external(e: &Enum) -> TokenStream {
    let private = &e.private;
    let (impl_generics, de_impl_generics, self_ty) = impl_generics(e);
    let clauses = clauses(e, false);
    let (fields_clause, de_clause) = (&clauses.fields, &clauses.de);
    let count = e.de_variants().count();
    let names = e
        .de_variants()
        .map(|(_, v)| v.variant.attrs.name().deserialize_name());
    let name_tree = e.variants.iter().map(|v| {
        let attrs = &v.variant.attrs;
        let read: Vec<_> = if attrs.skip_deserializing() {
            Vec::new()
        } else {
            attrs.aliases().iter().collect()
        };
        let written = if attrs.skip_serializing() {
            quote!(#private::None)
        } else {
            let name = attrs.name().serialize_name();
            quote!(#private::Some(#name))
        };
        quote!(#private::NamePart::Leaf { read: &[#(#read),*], written: #written })
    });
    let serialize = serialize_impl(e, &clauses.ser, |v| {
        let name = v.variant.attrs.name().serialize_name();
        let value = content_value(e, v, true, &quote!(#name)).unwrap_or_else(|| quote!(&()));
        (
            quote!(1),
            quote!(#private::FieldSink::field(__out, #name, #value)),
        )
    });
    let no_seq = format!(
        "the flattened externally tagged enum {} cannot be read from a sequence: formats that \
         write structs as sequences drop the key that names its variant",
        e.ident
    );
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::FlattenFields for #self_ty #fields_clause {
            const LEN: usize = #count;
            const FIELDS: &'static [&'static str] = &[#(#names),*];
            const NAME_TREE: &'static [#private::NamePart] = &[#(#name_tree),*];

            #[inline]
            fn slot_of(key: &str) -> #private::Option<usize> {
                <Self as #private::Variants>::variant_of(key)
            }
        }

        #[automatically_derived]
        impl #de_impl_generics #private::FlattenDeserialize<'de> for #self_ty #de_clause {
            type State = #private::Option<Self>;

            #[inline]
            fn new_state() -> Self::State {
                #private::None
            }

            #[inline]
            fn state_is_empty(__state: &Self::State) -> bool {
                __state.is_none()
            }

            // The first variant key read chooses the variant: a second one is unknown.
            const CHOOSES: bool = true;

            #[inline]
            fn owns(__state: &Self::State, _slot: usize) -> bool {
                __state.is_none()
            }

            #[inline]
            fn deserialize_slot<__M: #private::MapAccess<'de>>(
                __state: &mut Self::State,
                slot: usize,
                map: &mut __M,
            ) -> #private::Result<(), __M::Error> {
                #private::external_variant_slot(__state, slot, map)
            }

            #[inline]
            fn finish<__E: #private::DeError>(__state: Self::State) -> #private::Result<Self, __E> {
                match __state {
                    #private::Some(value) => #private::Ok(value),
                    #private::None => #private::Err(#private::no_variant_found::<Self, __E>()),
                }
            }

            fn deserialize_leaves<__A: #private::SeqAccess<'de>>(
                _leaves: &mut #private::SeqLeaves<'_, __A>,
            ) -> #private::Result<Self, __A::Error> {
                #private::Err(<__A::Error as #private::DeError>::custom(#no_seq))
            }
        }

        #serialize
    }
}

fn adjacent(e: &Enum, tag: &str, content_key: &str) -> TokenStream {
    let private = &e.private;
    let (impl_generics, de_impl_generics, self_ty) = impl_generics(e);
    let clauses = clauses(e, false);
    let (fields_clause, de_clause) = (&clauses.fields, &clauses.de);
    let name = e.container.attrs.name().serialize_name();
    let serialize = serialize_impl(e, &clauses.ser, |v| {
        let index = v.ser_index;
        let variant = v.variant.attrs.name().serialize_name();
        let tag_value =
            quote!(&#private::AdjacentTag { name: #name, index: #index, variant: #variant });
        let write_tag = quote!(#private::FieldSink::field(__out, #tag, #tag_value)?;);
        match content_value(e, v, false, &quote!(#variant)) {
            None => (quote!(1), quote!(#write_tag #private::Ok(()))),
            Some(value) => (
                quote!(2),
                quote!(#write_tag #private::FieldSink::field(__out, #content_key, #value)),
            ),
        }
    });
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::FlattenFields for #self_ty #fields_clause {
            const LEN: usize = 2;
            const FIELDS: &'static [&'static str] = &[#tag, #content_key];
            const NAME_TREE: &'static [#private::NamePart] = &[
                #private::NamePart::leaf(&[#tag]),
                #private::NamePart::leaf(&[#content_key]),
            ];

            #[inline]
            fn slot_of(key: &str) -> #private::Option<usize> {
                match key {
                    #tag => #private::Some(0),
                    #content_key => #private::Some(1),
                    _ => #private::None,
                }
            }
        }

        #[automatically_derived]
        impl #de_impl_generics #private::FlattenDeserialize<'de> for #self_ty #de_clause {
            type State = #private::AdjacentState<'de, Self>;

            #[inline]
            fn new_state() -> Self::State {
                #private::AdjacentState::Empty
            }

            #[inline]
            fn state_is_empty(__state: &Self::State) -> bool {
                match __state { #private::AdjacentState::Empty => true, _ => false }
            }

            #[inline]
            fn deserialize_slot<__M: #private::MapAccess<'de>>(
                __state: &mut Self::State,
                slot: usize,
                map: &mut __M,
            ) -> #private::Result<(), __M::Error> {
                __state.read(slot == 1, &[#tag, #content_key], map)
            }

            #[inline]
            fn finish<__E: #private::DeError>(__state: Self::State) -> #private::Result<Self, __E> {
                __state.finish(&[#tag, #content_key])
            }

            fn deserialize_leaves<__A: #private::SeqAccess<'de>>(
                __leaves: &mut #private::SeqLeaves<'_, __A>,
            ) -> #private::Result<Self, __A::Error> {
                let #private::Some(index) = __leaves.next_leaf_seed(#private::VariantSeed::<Self, _>::unit_variant())? else {
                    return #private::Err(__leaves.invalid_length());
                };
                if <Self as #private::DeserializeVariant<'de>>::is_unit(index) {
                    return <Self as #private::DeserializeVariant<'de>>::variant_without_content(index, #content_key);
                }
                match __leaves.next_leaf_seed(#private::VariantContentSeed::<Self>::new(index))? {
                    #private::Some(value) => #private::Ok(value),
                    #private::None => #private::Err(__leaves.invalid_length()),
                }
            }
        }

        #serialize
    }
}

fn untagged(e: &Enum) -> TokenStream {
    let private = &e.private;
    let (impl_generics, de_impl_generics, self_ty) = impl_generics(e);
    let clauses = clauses(e, false);
    let (fields_clause, de_clause) = (&clauses.fields, &clauses.de);
    // A newtype variant's value is any `Serialize`: its fields or entries are written as the
    // struct's, as serde's flatten writes them.
    let serialize = serialize_impl(e, &clauses.ser, |v| match enum_ser::content(e, v) {
        Content::Unit => (quote!(0), quote!(#private::Ok(()))),
        Content::Value(value) => (
            quote!(#private::flat_len(#value)),
            quote!(#private::serialize_flat(#value, __out)),
        ),
        Content::Struct(refs) => (
            quote!(#private::FlattenSerialize::serialized_len(#refs)),
            quote!(#private::FlattenSerialize::serialize_leaves(#refs, __out)),
        ),
        Content::Tuple(_) => {
            let message = "can only flatten structs and maps (got a tuple)";
            (
                quote!(0),
                quote!(#private::Err(<__S::Error as #private::SerError>::custom(#message))),
            )
        }
    });
    let no_seq = format!(
        "the flattened untagged enum {} needs a self-describing format",
        e.ident
    );
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::FlattenFields for #self_ty #fields_clause {
            const LEN: usize = 0;
            const FIELDS: &'static [&'static str] = &[];
            const NAME_TREE: &'static [#private::NamePart] = &[#private::NamePart::CatchAll];
            const CATCH_ALL: bool = true;

            #[inline]
            fn slot_of(_key: &str) -> #private::Option<usize> {
                #private::None
            }
        }

        #[automatically_derived]
        impl #de_impl_generics #private::FlattenDeserialize<'de> for #self_ty #de_clause {
            type State = #private::Vec<(#private::Content<'de>, #private::Content<'de>)>;

            #[inline]
            fn new_state() -> Self::State {
                #private::Vec::new()
            }

            #[inline]
            fn state_is_empty(__state: &Self::State) -> bool {
                __state.is_empty()
            }

            fn deserialize_slot<__M: #private::MapAccess<'de>>(
                _state: &mut Self::State,
                _slot: usize,
                _map: &mut __M,
            ) -> #private::Result<(), __M::Error> {
                #private::Err(#private::slot_out_of_range())
            }

            #[inline]
            fn finish<__E: #private::DeError>(__state: Self::State) -> #private::Result<Self, __E> {
                #private::untagged_from_entries(__state)
            }

            fn deserialize_leaves<__A: #private::SeqAccess<'de>>(
                _leaves: &mut #private::SeqLeaves<'_, __A>,
            ) -> #private::Result<Self, __A::Error> {
                #private::Err(<__A::Error as #private::DeError>::custom(#no_seq))
            }

            #[inline]
            fn deserialize_rest<__M: #private::MapAccess<'de>>(
                __state: &mut Self::State,
                key: #private::RestKey<'de>,
                map: &mut __M,
            ) -> #private::Result<bool, __M::Error> {
                #private::hold_entry(__state, key, map)
            }
        }

        #serialize
    }
}

/// A variant's slot range in an internally tagged enum: `(child, offset, len)` expressions.
/// The error of a flattened internally tagged enum for a variant its tree cannot read or
/// write: one with a variant-level `deserialize_with` / `serialize_with` (the function reads or
/// writes the variant whole; flattened, its fields are the tree's leaves). The enum itself
/// calls the function; flattened with `#[fast_flatten(buffered)]` it does too.
fn through_function(e: &Enum, v: &EnumVariant, error: TokenStream, attribute: &str) -> TokenStream {
    let private = &e.private;
    let message = format!(
        "FastFlatten cannot read or write the variant {}::{} in place, since it goes through \
         `{attribute}`; mark the flattened field #[fast_flatten(buffered)]",
        e.ident,
        v.ident()
    );
    quote!(#private::Err(<#error>::custom(#message)))
}

struct Range {
    child: Child,
    offset: TokenStream,
    len: TokenStream,
}

fn internal(e: &Enum, tag: &str) -> TokenStream {
    let private = &e.private;
    let (impl_generics, de_impl_generics, self_ty) = impl_generics(e);
    let clauses = clauses(e, true);
    let (fields_clause, de_clause) = (&clauses.fields, &clauses.de);
    let generics = e.container.generics;
    let de_generics = bound::with_de_lifetime(generics);
    let (_, de_ty_generics, _) = de_generics.split_for_impl();
    let vis = &e.container.original.vis;
    let state = format_ident!("__FastFlattenFlatState{}", e.ident);

    // Slot 0 is the tag; each variant's leaves follow in declaration order.
    let mut offset = quote!(1);
    let mut ranges: Vec<(usize, &EnumVariant, Option<Range>)> = Vec::new();
    for (index, v) in e.de_variants() {
        let range = child(e, v).map(|child| {
            let ty = &child.ty;
            let len = quote!(<#ty as #private::FlattenFields>::LEN);
            let range = Range {
                child,
                offset: offset.clone(),
                len: len.clone(),
            };
            offset = quote!(#offset + #len);
            range
        });
        ranges.push((index, v, range));
    }
    let len = offset;

    let state_variant = |index: usize| format_ident!("V{}", index);
    let state_variants = ranges.iter().map(|(index, _, range)| {
        let name = state_variant(*index);
        match range {
            Some(range) => {
                let ty = &range.child.ty;
                quote!(#name(<#ty as #private::FlattenDeserialize<'de>>::State))
            }
            None => quote!(#name),
        }
    });
    let new_states = ranges.iter().map(|(index, _, range)| {
        let name = state_variant(*index);
        match range {
            Some(range) => {
                let ty = &range.child.ty;
                quote!(#index => #state::#name(<#ty as #private::FlattenDeserialize<'de>>::new_state()),)
            }
            None => quote!(#index => #state::#name,),
        }
    });
    let deliver_arms = ranges.iter().map(|(index, _, range)| {
        let name = state_variant(*index);
        match range {
            Some(Range { child, offset, .. }) => {
                let ty = &child.ty;
                quote! {
                    #state::#name(__state) => #private::deliver_to_variant::<#self_ty, #ty, __M>(
                        __state, slot, #offset, map,
                    ),
                }
            }
            None => quote! {
                #state::#name => #private::skip_other_variant_key(
                    <#self_ty as #private::FlattenFields>::DENY_UNKNOWN_FIELDS,
                    <#self_ty as #private::FlattenFields>::slot_name(slot).unwrap_or(""),
                    &[],
                    map,
                ),
            },
        }
    });
    let finish_arms = ranges.iter().map(|(index, v, range)| {
        let name = state_variant(*index);
        match range {
            Some(Range { child, .. }) => {
                let ty = &child.ty;
                let into = &child.into;
                quote!(#state::#name(__state) => #private::Result::map(<#ty as #private::FlattenDeserialize<'de>>::finish(__state), #into),)
            }
            None if v.variant.attrs.deserialize_with().is_some() => {
                let error = through_function(e, v, quote!(__E as #private::DeError), "deserialize_with");
                quote!(#state::#name => #error,)
            }
            None => {
                let value = crate::enum_de::unit_value(e, v);
                quote!(#state::#name => #private::Ok(#value),)
            }
        }
    });
    let leaves_arms = ranges.iter().map(|(index, v, range)| match range {
        Some(Range { child, .. }) => {
            let ty = &child.ty;
            let into = &child.into;
            quote!(#index => #private::Result::map(<#ty as #private::FlattenDeserialize<'de>>::deserialize_leaves(__leaves), #into),)
        }
        None if v.variant.attrs.deserialize_with().is_some() => {
            let error = through_function(e, v, quote!(__A::Error as #private::DeError), "deserialize_with");
            quote!(#index => #error,)
        }
        None => {
            let value = crate::enum_de::unit_value(e, v);
            quote!(#index => #private::Ok(#value),)
        }
    });
    let owns_arms = ranges.iter().map(|(index, _, range)| {
        let name = state_variant(*index);
        match range {
            Some(Range { child, offset, .. }) => {
                let ty = &child.ty;
                quote! {
                    #state::#name(__state) => #private::variant_owns::<#self_ty, #ty>(
                        __state, slot, #offset,
                    ),
                }
            }
            None => quote!(#state::#name => false,),
        }
    });
    let rest_arms = ranges.iter().filter_map(|(index, _, range)| {
        let name = state_variant(*index);
        let ty = &range.as_ref()?.child.ty;
        Some(quote!(#state::#name(__state) => <#ty as #private::FlattenDeserialize<'de>>::deserialize_rest(__state, key, map),))
    });
    let slot_names = ranges.iter().filter_map(|(_, _, range)| {
        let Range { child, offset, len } = range.as_ref()?;
        let ty = &child.ty;
        Some(quote! {
            let own = slot.wrapping_sub(#offset);
            if own < #len {
                return <#ty as #private::FlattenFields>::slot_name(own);
            }
        })
    });
    let lookups = ranges.iter().filter_map(|(_, _, range)| {
        let Range { child, offset, .. } = range.as_ref()?;
        let ty = &child.ty;
        Some(quote! {
            if let #private::Some(slot) = <#ty as #private::FlattenFields>::slot_of(key) {
                return #private::Some(#offset + slot);
            }
        })
    });
    let child_tys: Vec<_> = ranges
        .iter()
        .filter_map(|(_, _, range)| range.as_ref().map(|r| r.child.ty.clone()))
        .collect();
    let alternatives = ranges.iter().map(|(_, _, range)| match range {
        Some(Range { child, .. }) => {
            let ty = &child.ty;
            quote!(<#ty as #private::FlattenFields>::NAME_TREE)
        }
        None => quote!(&[]),
    });
    // A newtype variant's type may be no tree (the flatten impls then exist for no one), and an
    // array length is evaluated whatever the where clauses say: names are concatenated only
    // when every child is a variant struct of an enum without type parameters.
    let generic =
        generics.type_params().next().is_some() || generics.const_params().next().is_some();
    let newtype = ranges
        .iter()
        .any(|(_, v, range)| range.is_some() && v.by_value.is_none());
    let fields = if generic || newtype {
        quote!(#private::unnamed_fields(<Self as #private::FlattenFields>::LEN))
    } else {
        let erased = child_tys.iter().map(|ty| {
            let ty: Type = syn::parse2(ty.clone()).expect("a type");
            bound::erase_lifetimes(&ty)
        });
        let erased2 = erased.clone();
        quote!(&#private::concat_fields::<{ 1 #(+ <#erased as #private::FlattenFields>::LEN)* }>(
            &[&[#tag] #(, <#erased2 as #private::FlattenFields>::FIELDS)*]
        ))
    };
    let own_deny = e.container.attrs.deny_unknown_fields();

    let serialize = serialize_impl(e, &clauses.ser, |v| {
        let variant = v.variant.attrs.name().serialize_name();
        let write_tag = quote!(#private::FieldSink::field(__out, #tag, #variant)?;);
        if v.variant.attrs.serialize_with().is_some() {
            let error = through_function(
                e,
                v,
                quote!(__S::Error as #private::SerError),
                "serialize_with",
            );
            return (quote!(0), error);
        }
        match v.ser_style() {
            Style::Unit => (quote!(1), quote!(#write_tag #private::Ok(()))),
            Style::Newtype => (
                quote!(1 + #private::FlattenSerialize::serialized_len(__field0)),
                quote!(#write_tag #private::FlattenSerialize::serialize_leaves(__field0, __out)),
            ),
            Style::Struct => {
                let refs = enum_ser::struct_refs(e, v);
                (
                    quote!(1 + #private::FlattenSerialize::serialized_len(#refs)),
                    quote!(#write_tag #private::FlattenSerialize::serialize_leaves(#refs, __out)),
                )
            }
            // serde's parser rejects tuple variants in internally tagged enums.
            Style::Tuple => (
                quote!(0),
                quote!(#private::Err(#private::variant_not_serializable())),
            ),
        }
    });

    quote! {
        #[doc(hidden)]
        #vis enum #state #de_generics #de_clause {
            Pending(#private::Vec<#private::HeldLeaf<'de>>, #private::PhantomData<fn() -> #self_ty>),
            #(#state_variants,)*
        }

        impl #de_impl_generics #state #de_ty_generics #de_clause {
            /// Gives the map's next value to the chosen variant's leaf at `slot`.
            #[inline]
            fn deliver<__M: #private::MapAccess<'de>>(
                &mut self,
                slot: usize,
                map: &mut __M,
            ) -> #private::Result<(), __M::Error> {
                match self {
                    #state::Pending(held, _) => #private::hold_leaf(held, slot, map),
                    #(#deliver_arms)*
                }
            }
        }

        #[automatically_derived]
        impl #impl_generics #private::FlattenFields for #self_ty #fields_clause {
            const LEN: usize = #len;
            const FIELDS: &'static [&'static str] = #fields;
            const NAME_TREE: &'static [#private::NamePart] = &[
                #private::NamePart::leaf(&[#tag]),
                #private::NamePart::OneOf(&[#(#alternatives),*]),
            ];
            const DENY_UNKNOWN_FIELDS: bool = #own_deny #(|| <#child_tys as #private::FlattenFields>::DENY_UNKNOWN_FIELDS)*;
            const CATCH_ALL: bool = false #(|| <#child_tys as #private::FlattenFields>::CATCH_ALL)*;

            #[inline]
            fn slot_of(key: &str) -> #private::Option<usize> {
                if key == #tag {
                    return #private::Some(0);
                }
                #(#lookups)*
                #private::None
            }

            fn slot_name(slot: usize) -> #private::Option<&'static str> {
                if slot == 0 {
                    return #private::Some(#tag);
                }
                #(#slot_names)*
                #private::None
            }
        }

        #[automatically_derived]
        impl #de_impl_generics #private::FlattenDeserialize<'de> for #self_ty #de_clause {
            type State = #state #de_ty_generics;

            #[inline]
            fn new_state() -> Self::State {
                #state::Pending(#private::Vec::new(), #private::PhantomData)
            }

            #[inline]
            fn state_is_empty(__state: &Self::State) -> bool {
                match __state { #state::Pending(held, _) => held.is_empty(), _ => false }
            }

            // The tag chooses the variant: a key of another variant's leaf is unknown.
            const CHOOSES: bool = true;

            #[inline]
            fn owns(__state: &Self::State, slot: usize) -> bool {
                if slot == 0 {
                    return true;
                }
                match __state {
                    #state::Pending(..) => true,
                    #(#owns_arms)*
                }
            }

            #[inline]
            fn deserialize_slot<__M: #private::MapAccess<'de>>(
                __state: &mut Self::State,
                slot: usize,
                map: &mut __M,
            ) -> #private::Result<(), __M::Error> {
                if slot != 0 {
                    return __state.deliver(slot, map);
                }
                let pending = match __state { #state::Pending(..) => true, _ => false };
                let index = #private::read_tag::<Self, __M>(!pending, #tag, map)?;
                let chosen = match index {
                    #(#new_states)*
                    _ => return #private::Err(#private::variant_out_of_range()),
                };
                if let #state::Pending(held, _) = #private::replace(__state, chosen) {
                    for (slot, value) in held {
                        __state.deliver(slot, &mut #private::HeldValue::<__M::Error>::new(value))?;
                    }
                }
                #private::Ok(())
            }

            #[inline]
            fn finish<__E: #private::DeError>(__state: Self::State) -> #private::Result<Self, __E> {
                match __state {
                    #state::Pending(..) => #private::Err(<__E as #private::DeError>::missing_field(#tag)),
                    #(#finish_arms)*
                }
            }

            fn deserialize_leaves<__A: #private::SeqAccess<'de>>(
                __leaves: &mut #private::SeqLeaves<'_, __A>,
            ) -> #private::Result<Self, __A::Error> {
                let #private::Some(index) = __leaves.next_leaf_seed(#private::VariantSeed::<Self, _>::str())? else {
                    return #private::Err(__leaves.invalid_length());
                };
                match index {
                    #(#leaves_arms)*
                    _ => #private::Err(#private::variant_out_of_range()),
                }
            }

            #[inline]
            fn deserialize_rest<__M: #private::MapAccess<'de>>(
                __state: &mut Self::State,
                key: #private::RestKey<'de>,
                map: &mut __M,
            ) -> #private::Result<bool, __M::Error> {
                // A key no leaf claims, before the tag: not held (the tag may choose a variant
                // without a catch-all); the tree skips it or reports it.
                #[allow(unreachable_patterns)]
                match __state {
                    #(#rest_arms)*
                    _ => {
                        let _ = (key, map);
                        #private::Ok(false)
                    }
                }
            }
        }

        #serialize
    }
}
