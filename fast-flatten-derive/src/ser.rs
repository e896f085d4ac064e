//! `FlattenSerialize` and `Serialize`.

use proc_macro2::TokenStream;
use quote::quote;

use crate::bound::{self, Impl};
use crate::impls::{self, ImplFor, Trait};
use crate::tree::{Member, Tree};
use crate::user_call;
use crate::with_wrappers::WithWrapper;

/// `standalone`: the derive writes no `FlattenFields` (`FastSerialize`), whose expansion holds
/// the tree's compile-time name checks: they are written here, over the written names.
/// Otherwise those checks ask the flattened fields' `FlattenSerialize` too
/// ([`crate::fields::Side::Both`]).
pub fn expand(tree: &Tree, standalone: bool) -> TokenStream {
    let flatten_serialize = flatten_serialize(tree);
    let checks = if standalone {
        crate::fields::tree_checks(tree, crate::fields::Side::Write)
    } else {
        TokenStream::new()
    };
    let where_clause = bound::where_clause(tree, Impl::Serialize);
    let name = tree.ser_name;
    let names_check = crate::fields::generic_names_check(
        tree,
        quote!(<Self as __fastkit::FlattenSerialize>::WRITE.name_tree),
    );
    // Inlined like serde's own derive, so the format's loop sees the whole tree.
    let serialize = impls::serialize(
        &ImplFor::item(&tree.ident, &tree.generics, where_clause),
        quote!(#[inline]),
        quote! {
            #names_check
            __fastkit::serialize_struct(self, __serializer, #name)
        },
    );
    quote! {
        #checks
        #flatten_serialize

        #serialize
    }
}

/// `FlattenSerialize` (and the `serialize_with` wrappers it uses): every leaf of the tree
/// written into a `FieldSink`.
pub fn flatten_serialize(tree: &Tree) -> TokenStream {
    let where_clause = bound::where_clause(tree, Impl::Serialize);

    let wrappers = tree
        .ser_members()
        .filter(|m| !m.is_catch_all())
        .filter_map(|member| {
            let path = member.attrs().serialize_with()?;
            Some(
                WithWrapper::of_leaf(tree, member, Impl::Serialize).serializing(
                    [member.ty()],
                    path,
                    &where_clause,
                ),
            )
        });
    let tag = usize::from(tree.tag.is_some());
    let counts = tree.ser_members().map(|member| count(tree, member));
    // A tagged struct writes its tag first, its name as the value, as serde does.
    let write_tag = tree.tag.map(|tag| {
        let name = tree.ser_name;
        quote!(__fastkit::FieldSink::field(__out, #tag, #name)?;)
    });
    let writes = tree.ser_members().map(|member| write(tree, member));
    let write_shape = write_shape(tree);

    let target = ImplFor::item(&tree.ident, &tree.generics, &where_clause);
    let writer = impls::implement(
        Trait::FlattenSerialize,
        &target,
        quote! {
            const WRITE: __fastkit::WriteShape = #write_shape;

            #[inline]
            fn serialized_len(&self) -> usize {
                #tag #(+ #counts)*
            }

            #[inline]
            fn serialize_leaves<__S: __fastkit::FieldSink>(
                &self,
                __out: &mut __S,
            ) -> __fastkit::Result<(), __S::Error> {
                #write_tag
                #(#writes)*
                __fastkit::Ok(())
            }
        },
    );

    quote! {
        #(#wrappers)*

        #writer
    }
}

/// The tree's `WriteShape`, from its own members and its flattened children's.
pub fn write_shape(tree: &Tree) -> TokenStream {
    let name_tree = crate::fields::write_name_tree(tree);
    let flattened: Vec<_> = tree
        .ser_members()
        .filter(|m| m.is_flatten() || m.is_catch_all())
        .collect();
    // A catch-all or buffered member writes entries of its own: the tree is a map.
    let writes_map = flattened.iter().map(|member| {
        let ty = member.ty();
        if member.is_catch_all() || member.is_de_buffered() || member.is_ser_buffered() {
            quote!(true)
        } else {
            quote!(<#ty as __fastkit::FlattenSerialize>::WRITE.writes_map)
        }
    });
    let map_catch_all = flattened.iter().map(|member| {
        let ty = member.ty();
        if member.is_catch_all() {
            quote!(true)
        } else if member.is_de_buffered() || member.is_ser_buffered() {
            quote!(false)
        } else {
            quote!(<#ty as __fastkit::FlattenSerialize>::WRITE.map_catch_all)
        }
    });
    let own_leaves = tree.tag.is_some() || tree.ser_members().any(|m| m.is_leaf());
    let child_leaves = flattened
        .iter()
        .filter(|m| !(m.is_catch_all() || m.is_de_buffered() || m.is_ser_buffered()))
        .map(|member| {
            let ty = member.ty();
            quote!(<#ty as __fastkit::FlattenSerialize>::WRITE.has_leaves)
        });
    // serde's derive reads a struct with any flattened field as a map: it views its keys.
    let serde_viewer = tree.members.iter().any(|m| !m.is_leaf());
    let shares_written_keys = crate::fields::shares_written_keys(tree);
    quote! {
        __fastkit::WriteShape {
            name_tree: #name_tree,
            writes_map: false #(|| #writes_map)*,
            map_catch_all: false #(|| #map_catch_all)*,
            shares_written_keys: #shares_written_keys,
            has_leaves: #own_leaves #(|| #child_leaves)*,
            serde_viewer: #serde_viewer,
        }
    }
}

/// How many fields a member writes: 1, 0 or 1 under `skip_serializing_if`, or a flattened
/// child's count.
fn count(tree: &Tree, member: &Member) -> TokenStream {
    let field = tree.field_ref(member);
    if member.is_catch_all() {
        quote!(__fastkit::catch_all_len(#field))
    } else if member.is_flatten() {
        let count = if member.is_ser_buffered() {
            let value = serialized_value(tree, member);
            quote!(__fastkit::flat_len(#value))
        } else {
            let ty = member.ty();
            quote!(<#ty as __fastkit::FlattenSerialize>::serialized_len(#field))
        };
        match member.attrs().skip_serializing_if() {
            Some(skip_if) => {
                let skip = user_call::call(skip_if, field.clone());
                quote!(if #skip { 0 } else { #count })
            }
            None => count,
        }
    } else if let Some(skip_if) = member.attrs().skip_serializing_if() {
        let skip = user_call::call(skip_if, field);
        quote!(if #skip { 0 } else { 1 })
    } else {
        quote!(1)
    }
}

/// A reference to what is written for `member`: the field, or the `serialize_with` wrapper
/// around it.
fn serialized_value(tree: &Tree, member: &Member) -> TokenStream {
    let field = tree.field_ref(member);
    match member.attrs().serialize_with() {
        Some(_) => WithWrapper::of_leaf(tree, member, Impl::Serialize).serialized([field]),
        None => field,
    }
}

/// Writes a member: a field of the struct (or `skip_field` when `skip_serializing_if` says so),
/// or a flattened child's leaves.
fn write(tree: &Tree, member: &Member) -> TokenStream {
    let field = tree.field_ref(member);
    if member.is_catch_all() {
        return quote!(__fastkit::serialize_catch_all(#field, __out)?;);
    }
    if member.is_flatten() {
        let write = if member.is_ser_buffered() {
            let value = serialized_value(tree, member);
            quote!(__fastkit::serialize_flat(#value, __out)?;)
        } else {
            let ty = member.ty();
            quote!(<#ty as __fastkit::FlattenSerialize>::serialize_leaves(#field, __out)?;)
        };
        // Skipped, its leaves keep their numbers for formats that number fields.
        return match member.attrs().skip_serializing_if() {
            Some(skip_if) => {
                let names = if member.is_de_buffered() || member.is_ser_buffered() {
                    quote!(&[__fastkit::NamePart::Buffered])
                } else {
                    let ty = member.ty();
                    quote!(<#ty as __fastkit::FlattenSerialize>::WRITE.name_tree)
                };
                let skip = user_call::call(skip_if, field);
                quote! {
                    if #skip {
                        __fastkit::skip_written_leaves(#names, __out)?;
                    } else {
                        #write
                    }
                }
            }
            None => write,
        };
    }
    let name = member.ser_name();
    let value = serialized_value(tree, member);
    let write = quote!(__fastkit::FieldSink::field(__out, #name, #value)?;);
    match member.attrs().skip_serializing_if() {
        Some(skip_if) => {
            let skip = user_call::call(skip_if, field);
            quote! {
                if #skip {
                    __fastkit::FieldSink::skip_field(__out, #name)?;
                } else {
                    #write
                }
            }
        }
        None => write,
    }
}
