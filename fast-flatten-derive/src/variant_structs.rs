//! The hidden structs of an enum's struct variants, expanded with the struct expansions: by
//! value (`FlattenFields`, `FlattenDeserialize`, `Deserialize`: a variant is read as a tree,
//! then moved into the enum) and by reference (`FlattenSerialize`: a variant is written from the
//! enum's fields in place).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::halves::Halves;
use crate::tree::{Tree, MARKER};
use crate::variants::{Enum, VariantTrees};
use crate::{de, fields, ser};

pub fn expand(e: &Enum, halves: Halves) -> TokenStream {
    let mut out = TokenStream::new();
    for v in &e.variants {
        let Some(VariantTrees { by_value, by_ref }) = v.trees() else {
            continue;
        };
        // A variant read or written through a user function (`deserialize_with`,
        // `serialize_with`) has no tree on that side: its fields may not implement the traits.
        let attrs = &v.variant.attrs;
        let read = halves.de && v.de_index.is_some() && attrs.deserialize_with().is_none();
        let written = halves.ser && !attrs.skip_serializing() && attrs.serialize_with().is_none();
        if read || (written && halves.de) {
            // The by-value struct's `FlattenFields` holds the names' compile-time checks.
            out.extend(declaration(by_value, false));
            out.extend(fields::expand(by_value, written));
        }
        if read {
            out.extend(de::expand(by_value));
        }
        if written {
            out.extend(declaration(by_ref, true));
            // With the reading half, the by-value struct's checks ask both halves.
            if !halves.de {
                out.extend(fields::tree_checks(by_ref, fields::Side::Write));
            }
            out.extend(ser::flatten_serialize(by_ref));
        }
    }
    out
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
