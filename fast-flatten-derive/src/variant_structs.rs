//! The hidden structs of an enum's struct variants, expanded with the struct expansions: by
//! value (`FlattenFields`, `FlattenDeserialize`, `Deserialize`: a variant is read as a tree,
//! then moved into the enum) and by reference (`FlattenFields`, `FlattenSerialize`: a variant
//! is written from the enum's fields in place).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::bound::{self, Impl};
use crate::inline;
use crate::tree::{Tree, MARKER};
use crate::variants::{Enum, VariantTrees};
use crate::{de, fields, ser};

pub fn expand(e: &Enum) -> TokenStream {
    let mut out = TokenStream::new();
    for v in &e.variants {
        let Some(VariantTrees { by_value, by_ref }) = v.trees() else {
            continue;
        };
        // A variant read or written through a user function (`deserialize_with`,
        // `serialize_with`) has no tree on that side: its fields may not implement the traits.
        let attrs = &v.variant.attrs;
        let read = v.de_index.is_some() && attrs.deserialize_with().is_none();
        let written = !attrs.skip_serializing() && attrs.serialize_with().is_none();
        if read || written {
            // The by-value struct's `FlattenFields` (the names, and their checks) serves both.
            out.extend(declaration(by_value, false));
            out.extend(fields::expand(by_value));
        }
        if read {
            out.extend(de::expand(by_value));
        }
        if written {
            out.extend(declaration(by_ref, true));
            out.extend(delegated_fields(by_ref, by_value));
            out.extend(ser::flatten_serialize(by_ref));
        }
    }
    out
}

/// The by-reference struct's `FlattenFields`: the by-value struct's.
fn delegated_fields(by_ref: &Tree, by_value: &Tree) -> TokenStream {
    let per_key = inline::per_key();
    let private = &by_ref.private;
    let ident = &by_ref.ident;
    let (impl_generics, ty_generics, _) = by_ref.generics.split_for_impl();
    let where_clause = bound::where_clause(by_ref, Impl::Fields);
    let value_ident = &by_value.ident;
    let (_, value_generics, _) = by_value.generics.split_for_impl();
    let value = quote!(<#value_ident #value_generics as #private::FlattenFields>);
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::FlattenFields for #ident #ty_generics #where_clause {
            const LEN: usize = #value::LEN;
            const FIELDS: &'static [&'static str] = #value::FIELDS;
            const NAME_TREE: &'static [#private::NamePart] = #value::NAME_TREE;
            const DENY_UNKNOWN_FIELDS: bool = #value::DENY_UNKNOWN_FIELDS;
            const DENY_UNKNOWN_FIELDS_FLATTENED: bool = #value::DENY_UNKNOWN_FIELDS_FLATTENED;
            const CATCH_ALL: bool = #value::CATCH_ALL;

            #per_key
            fn slot_of(key: &str) -> #private::Option<usize> {
                #value::slot_of(key)
            }

            fn slot_name(slot: usize) -> #private::Option<&'static str> {
                #value::slot_name(slot)
            }
        }
    }
}

/// `struct Hidden<G> { a: A, .., marker }`, or with `&'__a A` fields.
fn declaration(tree: &Tree, by_ref: bool) -> TokenStream {
    let ident = &tree.ident;
    let vis = tree.vis;
    let generics = &tree.generics;
    let where_clause = &generics.where_clause;
    let marker = format_ident!("{}", MARKER);
    let marker_ty = tree.marker_ty();
    let fields = tree.members.iter().map(|member| {
        let name = member.member();
        let ty = member.ty();
        if by_ref {
            quote!(#name: &'__a #ty)
        } else {
            quote!(#name: #ty)
        }
    });
    quote! {
        #[doc(hidden)]
        #[allow(dead_code)]
        #vis struct #ident #generics #where_clause {
            #(#fields,)*
            #marker: #marker_ty,
        }
    }
}
