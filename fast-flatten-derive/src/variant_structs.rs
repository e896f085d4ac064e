//! The hidden structs of an enum's struct variants, expanded with the struct expansions: by
//! value (`FlattenFields`, `FlattenDeserialize`, `Deserialize`: a variant is read as a tree,
//! then moved into the enum) and by reference (`FlattenFields`, `FlattenSerialize`: a variant
//! is written from the enum's fields in place).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::tree::{Tree, MARKER};
use crate::variants::Enum;
use crate::{de, fields, ser};

pub fn expand(e: &Enum) -> TokenStream {
    let mut out = TokenStream::new();
    for v in &e.variants {
        if let Some(tree) = v.by_value.as_ref().filter(|_| v.de_index.is_some()) {
            out.extend(declaration(tree, false));
            out.extend(fields::expand(tree));
            out.extend(de::expand(tree));
        }
        if let Some(tree) = v
            .by_ref
            .as_ref()
            .filter(|_| !v.variant.attrs.skip_serializing())
        {
            out.extend(declaration(tree, true));
            out.extend(fields::expand(tree));
            out.extend(ser::flatten_serialize(tree));
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
    let marker_ty = &tree.marker;
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
