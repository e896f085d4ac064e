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
    let name_tree = name_tree(tree, false);
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
            const NAME_TREE: &'static [#private::NamePart] = #name_tree;
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

/// Constants that fail to evaluate when two leaves of the tree answer to the same name (read or
/// written) or more than one flattened field holds a catch-all map. Written here, at the derive,
/// for trees whose type has no type parameter (lifetimes are erased to `'static`); a generic
/// tree is checked where it is instantiated, by [`generic_names_check`].
fn tree_checks(tree: &Tree) -> Option<TokenStream> {
    if is_generic(tree) {
        return None;
    }
    let private = &tree.private;
    let ident = tree.ident;
    let args: Vec<_> = tree.generics.lifetimes().map(|_| quote!('static)).collect();
    let ty = if args.is_empty() {
        quote!(#ident)
    } else {
        quote!(#ident<#(#args),*>)
    };
    let name = ident.to_string();
    Some(quote! {
        const _: () = #private::check_names(<#ty as #private::FlattenFields>::NAME_TREE, #name);
        const _: () = #private::check_names(<#ty as #private::FlattenSerialize>::NAME_TREE, #name);
    })
}

/// Whether the struct has type or const parameters (lifetimes do not count).
fn is_generic(tree: &Tree) -> bool {
    tree.generics.type_params().next().is_some() || tree.generics.const_params().next().is_some()
}

/// For a generic tree, the same check as [`tree_checks`] as an inline constant in `serialize` or
/// `deserialize`, evaluated for each instantiation. `which` is the trait whose `NAME_TREE` is
/// checked.
pub fn generic_names_check(tree: &Tree, which: TokenStream) -> Option<TokenStream> {
    if !is_generic(tree) {
        return None;
    }
    let private = &tree.private;
    let name = tree.ident.to_string();
    Some(quote! {
        const { #private::check_names(<Self as #private::#which>::NAME_TREE, #name) };
    })
}

/// `NAME_TREE` of `FlattenFields` (every name a leaf is read under) or of `FlattenSerialize`
/// (the name it is written under).
pub fn name_tree(tree: &Tree, serialize: bool) -> TokenStream {
    let private = &tree.private;
    let members: Vec<_> = if serialize {
        tree.ser_members().collect()
    } else {
        tree.de_members().collect()
    };
    let parts = members.into_iter().map(|member| {
        let ty = member.ty();
        if member.is_catch_all() {
            quote!(#private::NamePart::CatchAll)
        } else if member.is_flatten() {
            let which = if serialize {
                quote!(FlattenSerialize)
            } else {
                quote!(FlattenFields)
            };
            quote!(#private::NamePart::Tree(<#ty as #private::#which>::NAME_TREE))
        } else if serialize {
            let name = member.ser_name();
            quote!(#private::NamePart::Leaf(#name))
        } else {
            let names = member.attrs().aliases();
            quote!(#(#private::NamePart::Leaf(#names)),*)
        }
    });
    quote!(&[#(#parts),*])
}
