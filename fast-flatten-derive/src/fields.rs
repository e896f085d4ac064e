//! `FlattenFields`: the tree's slot count, names, key lookup, and the state struct that holds
//! the leaves read so far.

use proc_macro2::TokenStream;
use quote::quote;

use crate::bound::{self, erase_lifetimes, mentions_type_params, Impl};
use crate::tree::Tree;

pub fn expand(tree: &Tree) -> TokenStream {
    let private = &tree.private;
    let ident = tree.ident;
    let state = &tree.state;
    let vis = tree.vis;
    let generics = tree.generics;
    let (impl_generics, ty_generics, _) = generics.split_for_impl();
    let where_clause = bound::where_clause(tree, Impl::Fields);
    let phantom = bound::phantom(tree);

    let state_fields = tree.de_members().map(|member| {
        let name = member.state_field();
        let ty = member.ty();
        if member.is_catch_all() {
            quote!(#name: #ty)
        } else if member.is_flatten() {
            quote!(#name: <#ty as #private::FlattenFields>::State)
        } else {
            quote!(#name: #private::Option<#ty>)
        }
    });
    let initial_state = tree.de_members().map(|member| {
        let name = member.state_field();
        let ty = member.ty();
        if member.is_catch_all() {
            quote!(#name: #private::Default::default())
        } else if member.is_flatten() {
            quote!(#name: <#ty as #private::FlattenFields>::new_state())
        } else {
            quote!(#name: #private::None)
        }
    });

    let len = tree.len_expr();
    let fields = fields_const(tree);
    let own_deny = tree.attrs().deny_unknown_fields();
    let child_deny = tree.de_members().filter(|m| m.is_flatten()).map(|member| {
        let ty = member.ty();
        quote!(<#ty as #private::FlattenFields>::DENY_UNKNOWN_FIELDS)
    });
    let child_catch_all: Vec<_> = tree
        .de_members()
        .filter(|m| !m.is_leaf())
        .map(|member| {
            let ty = member.ty();
            if member.is_catch_all() {
                quote!(true)
            } else {
                quote!(<#ty as #private::FlattenFields>::CATCH_ALL)
            }
        })
        .collect();
    let empty_checks: Vec<_> = tree
        .de_members()
        .map(|member| {
            let name = member.state_field();
            let ty = member.ty();
            if member.is_catch_all() {
                quote!(#private::catch_all_is_empty(&state.#name))
            } else if member.is_flatten() {
                quote!(<#ty as #private::FlattenFields>::state_is_empty(&state.#name))
            } else {
                quote!(state.#name.is_none())
            }
        })
        .collect();
    let state_is_empty = if empty_checks.is_empty() {
        quote!(let _ = state; true)
    } else {
        quote!(#(#empty_checks)&&*)
    };

    // Own leaves first, in one `match` (compiled like serde's field-identifier match), then each
    // flattened child's lookup shifted by the child's offset.
    let own_arms: Vec<_> = tree
        .de_members()
        .filter(|m| m.is_leaf())
        .map(|member| {
            let names = member.attrs().aliases();
            let offset = &member.offset;
            quote!(#(#names)|* => return #private::Some(#offset),)
        })
        .collect();
    let own_lookup = (!own_arms.is_empty()).then(|| {
        quote! {
            match key {
                #(#own_arms)*
                _ => {}
            }
        }
    });
    let child_lookups = tree.de_members().filter(|m| m.is_flatten()).map(|member| {
        let ty = member.ty();
        let offset = &member.offset;
        quote! {
            if let #private::Some(slot) = <#ty as #private::FlattenFields>::slot_of(key) {
                return #private::Some(#offset + slot);
            }
        }
    });

    let tree_checks = tree_checks(tree);

    quote! {
        #tree_checks

        #[doc(hidden)]
        #vis struct #state #generics #where_clause {
            #(#state_fields,)*
            __marker: #phantom,
        }

        #[automatically_derived]
        impl #impl_generics #private::FlattenFields for #ident #ty_generics #where_clause {
            const LEN: usize = #len;
            const FIELDS: &'static [&'static str] = #fields;
            const DENY_UNKNOWN_FIELDS: bool = #own_deny #(|| #child_deny)*;
            const CATCH_ALL: bool = false #(|| #child_catch_all)*;
            type State = #state #ty_generics;

            #[inline(always)]
            fn new_state() -> Self::State {
                #state {
                    #(#initial_state,)*
                    __marker: #private::PhantomData,
                }
            }

            #[inline(always)]
            fn state_is_empty(state: &Self::State) -> bool {
                #state_is_empty
            }

            #[inline(always)]
            fn slot_of(key: &str) -> #private::Option<usize> {
                #own_lookup
                #(#child_lookups)*
                #private::None
            }
        }
    }
}

/// The names of all slots in order. Concatenated in a constant when every flattened child's type
/// is known without the struct's type parameters; placeholders of the right count otherwise.
fn fields_const(tree: &Tree) -> TokenStream {
    let private = &tree.private;
    let generic_child = tree
        .de_members()
        .any(|m| m.is_flatten() && mentions_type_params(m.ty(), tree.generics));
    if generic_child {
        return quote!(#private::unnamed_fields(<Self as #private::FlattenFields>::LEN));
    }
    let mut count = quote!(0);
    let parts = tree
        .de_members()
        .filter(|m| !m.is_catch_all())
        .map(|member| {
            if member.is_flatten() {
                let ty = erase_lifetimes(member.ty());
                count = quote!(#count + <#ty as #private::FlattenFields>::LEN);
                quote!(<#ty as #private::FlattenFields>::FIELDS)
            } else {
                let name = member.de_name();
                count = quote!(#count + 1);
                quote!(&[#name])
            }
        });
    let parts: Vec<_> = parts.collect();
    quote!(&#private::concat_fields::<{ #count }>(&[#(#parts),*]))
}

/// Constants that fail to evaluate when two leaves of the tree share a name, or when more than
/// one flattened field holds a catch-all map. Written for trees whose type has no type parameter
/// (lifetimes are erased to `'static`); generic trees are not checked.
fn tree_checks(tree: &Tree) -> Option<TokenStream> {
    if tree.generics.type_params().next().is_some() || tree.generics.const_params().next().is_some()
    {
        return None;
    }
    let private = &tree.private;
    let ident = tree.ident;
    let args = tree.generics.lifetimes().map(|_| quote!('static));
    let name = ident.to_string();
    let catch_all = tree.de_members().filter(|m| !m.is_leaf()).map(|member| {
        if member.is_catch_all() {
            return quote!(true);
        }
        let ty = erase_lifetimes(member.ty());
        quote!(<#ty as #private::FlattenFields>::CATCH_ALL)
    });
    Some(quote! {
        const _: () = #private::assert_unique_fields(
            <#ident<#(#args),*> as #private::FlattenFields>::FIELDS,
            #name,
        );
        const _: () = #private::assert_one_catch_all(&[#(#catch_all),*], #name);
    })
}
