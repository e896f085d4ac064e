//! `FlattenDeserialize<'de>` and `Deserialize<'de>`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use serde_derive_internals::attr::Default as SerdeDefault;

use crate::bound::{self, Impl};
use crate::child::{child_call, child_reader, child_state_use, child_ty, Access};
use crate::impls::{self, ImplFor, Method, ProvidedItems, ReaderItems, Trait};
use crate::inline;
use crate::propagate::or_return;
use crate::tree::{Expecting, Member, Tree};
use crate::user_call;
use crate::with_wrappers::WithWrapper;

pub fn expand(tree: &Tree) -> TokenStream {
    let per_key = inline::per_key();
    let de_generics = bound::with_de_lifetime(&tree.generics);
    let where_clause = bound::where_clause(tree, Impl::Deserialize);
    let name = tree.de_name;
    let expecting = &tree.expecting;
    let serde_fields = serde_fields(tree);

    let wrappers = tree
        .de_members()
        .filter(|m| !m.is_catch_all())
        .filter_map(|member| {
            let path = member.attrs().deserialize_with()?;
            let ty = member.ty();
            Some(
                WithWrapper::of_leaf(tree, member, Impl::Deserialize).deserializing(
                    &quote!(#ty),
                    path,
                    &where_clause,
                ),
            )
        });
    // Each member's first slot, written once for the items that need it.
    let offsets = crate::fields::offsets(tree);
    let slot_dispatch = slot_dispatch(tree, &offsets);
    let finish = finish(tree);
    let leaves = deserialize_leaves(tree);
    let names_check = crate::fields::generic_names_check(
        tree,
        quote!(<Self as __fastkit::FlattenFields>::NAME_TREE),
    );
    let state = &tree.state;
    let (_, de_ty_generics, _) = de_generics.split_for_impl();
    let turbofish = de_ty_generics.as_turbofish();
    let state_struct = state_struct(tree, &de_generics, &where_clause);
    let (initial_state, state_is_empty) = state_init_and_empty(tree);
    let tree_elements = tree_elements(tree);

    let target = ImplFor::item_de(&tree.ident, &tree.generics, &where_clause);
    let mut provided = children_items(tree, &offsets);
    if let Some((rest_claim, rest_name, deserialize_rest)) = deserialize_rest(tree) {
        provided.rest_claim = Some(rest_claim);
        provided.rest_name = Some(rest_name);
        provided.deserialize_rest = Some(deserialize_rest);
    }
    if let Some((rest_takes_all, reads_in_serde_order, fill)) = fill_members(tree) {
        provided.rest_takes_all = Some(rest_takes_all);
        provided.reads_in_serde_order = Some(reads_in_serde_order);
        provided.fill_members = Some(fill);
    }
    let reader = impls::flatten_deserialize(
        &target,
        ReaderItems {
            state: quote!(#state #de_ty_generics),
            new_state: Method::new(
                per_key.clone(),
                // `'de` named, so that the literal asks a child's state for it, as the struct does.
                quote! {
                    #state #turbofish {
                        #(#initial_state,)*
                        __marker: __fastkit::PhantomData,
                    }
                },
            ),
            state_is_empty: Method::inline(state_is_empty),
            deserialize_slot: Method::new(per_key.clone(), slot_dispatch),
            finish: Method::new(per_key.clone(), finish),
            deserialize_leaves: Method::inline(leaves),
            provided,
        },
    );
    // Inlined so that the format's struct reader sees the field count as a constant.
    let deserialize = impls::deserialize(
        &target,
        per_key,
        quote! {
            #names_check
            __fastkit::deserialize_tree(__deserializer, #name, #serde_fields, #expecting)
        },
    );

    quote! {
        #(#wrappers)*

        #state_struct

        #reader

        #deserialize

        #tree_elements
    }
}

/// `TreeElements`: how many elements of a sequence the tree's `Deserialize` reads, for an
/// internally tagged enum with a newtype variant holding it (`src/enums/newtype_len.rs`).
fn tree_elements(tree: &Tree) -> TokenStream {
    let where_clause = bound::where_clause(tree, Impl::Fields);
    let target = ImplFor::item(&tree.ident, &tree.generics, where_clause);
    // A tree with a catch-all map is read as a map, whatever the format.
    let elements = quote! {
        const ELEMENTS: usize = if <Self as __fastkit::FlattenFields>::READ.catch_all {
            __fastkit::UNKNOWN_ELEMENTS
        } else {
            <Self as __fastkit::FlattenFields>::LEN
        };
    };
    impls::implement(Trait::TreeElements, &target, elements)
}

/// The hidden struct holding the leaves read so far (`FlattenDeserialize::State`): an `Option`
/// per own leaf (or, for a struct built in place, the value itself and a bit per own leaf), the
/// child's state per flattened field, the map itself for a marked catch-all.
fn state_struct(
    tree: &Tree,
    de_generics: &syn::Generics,
    where_clause: &syn::WhereClause,
) -> TokenStream {
    let state = &tree.state;
    let vis = tree.vis;
    let ident = &tree.ident;
    let (_, ty_generics, _) = tree.generics.split_for_impl();
    let in_place = in_place_start(tree).map(|_| {
        let words = own_leaves(tree).count().div_ceil(64);
        quote! {
            __value: #ident #ty_generics,
            __seen: __fastkit::SeenLeaves<#words>,
        }
    });
    let members = tree
        .de_members()
        .filter(|member| in_place.is_none() || !member.is_leaf());
    let fields = members.map(|member| {
        let name = member.state_field();
        let ty = member.ty();
        if member.is_catch_all() {
            quote!(#name: #ty)
        } else if member.is_flatten() {
            let state = child_reader(tree, member, "State");
            quote!(#name: #state)
        } else {
            quote!(#name: __fastkit::Option<#ty>)
        }
    });
    quote! {
        #[doc(hidden)]
        #vis struct #state #de_generics #where_clause {
            #in_place
            #(#fields,)*
            __marker: __fastkit::PhantomData<(fn() -> #ident #ty_generics, &'de ())>,
        }
    }
}

/// `CHOOSES` and `owns` of a tree with flattened children (structs own all their own leaves):
/// a child's slots are asked of the child; and `non_name_key`, told to every child.
fn children_items(tree: &Tree, offsets: &[TokenStream]) -> ProvidedItems {
    let children: Vec<_> = tree.de_members().filter(|m| m.is_flatten()).collect();
    if children.is_empty() {
        return ProvidedItems::default();
    }
    let chooses = children
        .iter()
        .map(|member| child_reader(tree, member, "CHOOSES"));
    let asks = children.iter().map(|member| {
        let ty = child_ty(tree, member);
        let owns = tree.with_state(member, Access::Ref, |state| {
            child_call(tree, member, "owns", None, quote!(#state, __own))
        });
        let offset = &offsets[member.index];
        quote! {
            let __own = __slot.wrapping_sub(#offset);
            if __own < <#ty as __fastkit::FlattenFields>::LEN {
                return #owns;
            }
        }
    });
    let tell = children.iter().map(|member| {
        let tell = tree.with_state(member, Access::Mut, |state| {
            child_call(tree, member, "non_name_key", None, state)
        });
        quote!(#tell;)
    });
    ProvidedItems {
        chooses: Some(quote!(false #(|| #chooses)*)),
        owns: Some(Method::inline(quote! {
            #(#asks)*
            true
        })),
        non_name_key: Some(Method::plain(quote!(#(#tell)*))),
        ..ProvidedItems::default()
    }
}

/// `new_state`'s field initializers, and `state_is_empty`'s body.
fn state_init_and_empty(tree: &Tree) -> (Vec<TokenStream>, TokenStream) {
    let in_place = in_place_start(tree);
    let has_leaf_fields = in_place.is_none();
    let members = || {
        tree.de_members()
            .filter(move |member| has_leaf_fields || !member.is_leaf())
    };
    let value = in_place
        .as_ref()
        .map(|default| quote!(__value: #default, __seen: __fastkit::SeenLeaves::new()));
    let initial = value
        .into_iter()
        .chain(members().map(|member| {
            let name = member.state_field();
            if member.is_catch_all() {
                quote!(#name: __fastkit::Default::default())
            } else if member.is_flatten() {
                // Field, path and lifetime as in the state struct, at the field's type: the
                // literal's check of the child's state is the error reported there.
                let call = child_call(tree, member, "new_state", None, quote!());
                let (first, _) = member.ty_ends;
                let name = syn::Ident::new(&name.to_string(), first);
                quote_spanned!(first=> #name: #call)
            } else {
                quote!(#name: __fastkit::None)
            }
        }))
        .collect();
    let seen = in_place.map(|_| quote!(__state.__seen.is_empty()));
    let empty_checks: Vec<_> = seen
        .into_iter()
        .chain(members().map(|member| {
            tree.with_state(member, Access::Ref, |state| {
                if member.is_catch_all() {
                    quote!(__fastkit::catch_all_is_empty(#state))
                } else if member.is_flatten() {
                    child_call(tree, member, "state_is_empty", None, state)
                } else {
                    quote!((#state).is_none())
                }
            })
        }))
        .collect();
    let empty = if empty_checks.is_empty() {
        quote!(let _ = __state; true)
    } else {
        quote!(#(#empty_checks)&&*)
    };
    (initial, empty)
}

/// `deserialize_slot`: own leaves by their slot, flattened children by their range of slots.
fn slot_dispatch(tree: &Tree, offsets: &[TokenStream]) -> TokenStream {
    let in_place = in_place_start(tree).is_some();
    let bits = own_leaf_bits(tree);
    let steps = tree.de_members().filter(|m| !m.is_catch_all()).map(|member| {
        let field = member.state_field();
        let offset = &offsets[member.index];
        if member.is_flatten() {
            let ty = child_ty(tree, member);
            let read = tree.with_state(member, Access::Mut, |state| {
                let args = quote!(#state, __slot - (#offset), __map);
                child_call(tree, member, "deserialize_slot", None, args)
            });
            quote! {
                if __slot < #offset + <#ty as __fastkit::FlattenFields>::LEN {
                    return #read;
                }
            }
        } else if in_place {
            let name = member.de_name();
            let place = member.member();
            let bit = bits[&member.index];
            let read = match wrapper_type(tree, member) {
                Some(wrapper) => {
                    let wrapped = or_return(quote!(__fastkit::MapAccess::next_value::<#wrapper>(__map)));
                    quote! {
                        if !__state.__seen.insert(#bit) {
                            return __fastkit::Err(<__M::Error as __fastkit::DeError>::duplicate_field(#name));
                        }
                        __state.__value.#place = (#wrapped).value;
                        return __fastkit::Ok(());
                    }
                }
                None => quote! {
                    return __fastkit::deserialize_leaf_in_place(
                        &mut __state.__value.#place,
                        &mut __state.__seen,
                        #bit,
                        #name,
                        __map,
                    );
                },
            };
            quote! {
                if __slot == #offset {
                    #read
                }
            }
        } else {
            let name = member.de_name();
            let read = match wrapper_type(tree, member) {
                Some(wrapper) => {
                    let wrapped = or_return(quote!(__fastkit::MapAccess::next_value::<#wrapper>(__map)));
                    quote! {
                        if __state.#field.is_some() {
                            return __fastkit::Err(<__M::Error as __fastkit::DeError>::duplicate_field(#name));
                        }
                        __state.#field = __fastkit::Some((#wrapped).value);
                        return __fastkit::Ok(());
                    }
                }
                None => quote!(return __fastkit::deserialize_leaf(&mut __state.#field, #name, __map);),
            };
            quote! {
                if __slot == #offset {
                    #read
                }
            }
        }
    });
    // The tag of a tagged struct is accepted and its value ignored, as serde does.
    let tag = tree.tag.map(|_| {
        quote! {
            if __slot == 0 {
                return __fastkit::Result::map(__fastkit::MapAccess::next_value::<__fastkit::IgnoredAny>(__map), |_| ());
            }
        }
    });
    quote! {
        #tag
        #(#steps)*
        __fastkit::Err(__fastkit::slot_out_of_range())
    }
}

/// `finish`: every member's value from the state. Own leaves first, then flattened children, so
/// that the first "missing field" reported is the one serde's derive reports.
fn finish(tree: &Tree) -> TokenStream {
    if in_place_start(tree).is_some() {
        return finish_in_place(tree);
    }
    let takes = take_members(tree);
    let own = tree.de_members().filter(|m| m.is_leaf()).map(|member| {
        let local = member.local();
        let taken = member.taken_state();
        let missing = missing_in_map(tree, member);
        quote! {
            let #local = match #taken {
                __fastkit::Some(__value) => __value,
                __fastkit::None => #missing,
            };
        }
    });
    let children = tree.de_members().filter(|m| m.is_flatten()).map(|member| {
        let local = member.local();
        let value = child_value(tree, member);
        quote!(let #local = #value;)
    });
    let catch_alls = tree
        .de_members()
        .filter(|m| m.is_catch_all())
        .map(|member| {
            let local = member.local();
            let taken = member.taken_state();
            quote!(let #local = #taken;)
        });
    let construct = construct(tree);
    quote! {
        #takes
        #(#own)*
        #(#children)*
        #(#catch_alls)*
        __fastkit::Ok(#construct)
    }
}

/// `finish`'s first statements: each member's progress moved out of `__state` into a local of
/// its own ([`Member::taken_state`]; own leaves only where the struct is not built in place),
/// before anything that can fail. A failure then drops these locals and nothing of the state,
/// which the compiler can then read field by field where the caller moved it in. Otherwise a
/// failure path drops the rest of the state, passing its address to an out-of-line drop (a
/// catch-all map's, a nested struct's), and the caller keeps a whole copy of the state for each
/// value read (296 bytes per message of the `catch_all` workload).
fn take_members(tree: &Tree) -> TokenStream {
    let in_place = in_place_start(tree).is_some();
    let takes = tree
        .de_members()
        .filter(|m| !(in_place && m.is_leaf()))
        .map(|member| {
            let taken = member.taken_state();
            let field = member.state_field();
            if member.is_flatten() {
                tree.take_child_state(member, &taken)
            } else {
                quote!(let #taken = __state.#field;)
            }
        });
    quote!(#(#takes)*)
}

/// A flattened child's value from its state, in `finish`: its own `finish`, or with
/// `#[serde(flatten, default)]`, when none of the child's keys appeared, the value it reads from
/// no keys (as serde's derive, which ignores the attribute, reads it) or, where it cannot, the
/// default.
fn child_value(tree: &Tree, member: &Member) -> TokenStream {
    let taken = member.taken_state();
    let finish = child_call(
        tree,
        member,
        "finish",
        None,
        child_state_use(member, &taken, false),
    );
    let finish = unwrap_child(member, or_return(finish));
    let default = match member.attrs().default() {
        SerdeDefault::None => return finish,
        SerdeDefault::Default => quote!(__fastkit::Default::default()),
        SerdeDefault::Path(path) => user_call::call(path, quote!()),
    };
    let read = unwrap_child(member, quote!(__read));
    let is_empty = child_call(
        tree,
        member,
        "state_is_empty",
        None,
        child_state_use(member, &taken, true),
    );
    let finish_empty = child_call(
        tree,
        member,
        "finish",
        Some(quote!(__E)),
        child_state_use(member, &taken, false),
    );
    quote! {
        if #is_empty {
            match #finish_empty {
                __fastkit::Ok(__read) => #read,
                __fastkit::Err(_) => #default,
            }
        } else {
            #finish
        }
    }
}

/// `finish` of a struct built in place (see [`in_place_start`]): the value is already in the
/// state, each leaf read written into it and each absent one holding its starting value (the
/// container's default, or `None`), except leaves with a `default` of their own, which take it
/// now. Flattened children and
/// catch-alls are assigned into it, in the order of [`finish`]. Rather than an `Option` per leaf
/// and a select between the state and the default for each (serde's derive's way, measured at
/// about twice the instructions per leaf on the wide record), an absent leaf costs nothing here.
fn finish_in_place(tree: &Tree) -> TokenStream {
    let bits = own_leaf_bits(tree);
    // Without a container default the value starts with every leaf `None`, which is already
    // what an `Option` leaf's `#[serde(default)]` gives: nothing to do for it when absent.
    let starts_as_default = |member: &Member| {
        container_default_expr(tree).is_none()
            && member.is_option()
            && matches!(member.attrs().default(), SerdeDefault::Default)
    };
    let own = tree
        .de_members()
        .filter(|m| m.is_leaf() && !m.attrs().default().is_none() && !starts_as_default(m))
        .map(|member| {
            let name = member.member();
            let bit = bits[&member.index];
            let missing = missing_in_map(tree, member);
            quote! {
                if !__state.__seen.contains(#bit) {
                    __value.#name = #missing;
                }
            }
        });
    let children = tree.de_members().filter(|m| m.is_flatten()).map(|member| {
        let name = member.member();
        let value = child_value(tree, member);
        quote!(__value.#name = #value;)
    });
    let catch_alls = tree
        .de_members()
        .filter(|m| m.is_catch_all())
        .map(|member| {
            let name = member.member();
            let taken = member.taken_state();
            quote!(__value.#name = #taken;)
        });
    // Skipped fields with a default of their own take it; the others keep the container's.
    let skipped = tree
        .members
        .iter()
        .filter(|m| m.attrs().skip_deserializing() && !m.attrs().default().is_none())
        .map(|member| {
            let name = member.member();
            let value = default_value(tree, member);
            quote!(__value.#name = #value;)
        });
    let takes = take_members(tree);
    quote! {
        #[allow(unused_mut)]
        let mut __value = __state.__value;
        #takes
        #(#own)*
        #(#children)*
        #(#catch_alls)*
        #(#skipped)*
        __fastkit::Ok(__value)
    }
}

/// The own leaves read from a map, each with its bit in a struct built in place, by member index.
fn own_leaf_bits(tree: &Tree) -> std::collections::HashMap<usize, usize> {
    own_leaves(tree)
        .enumerate()
        .map(|(bit, member)| (member.index, bit))
        .collect()
}

/// The members read from a map that are leaves of this struct (not flattened).
fn own_leaves<'t>(tree: &'t Tree) -> impl Iterator<Item = &'t Member<'t>> {
    tree.de_members().filter(|m| m.is_leaf())
}

/// The value a struct built in place starts from, if it is built so: its state is then that
/// value and a bit per own leaf, each leaf read written straight into its field. Two kinds of
/// struct are:
/// - with `#[serde(default)]` that an own leaf takes its value from: the container's default
///   (called once per value, at the start, as serde's derive calls it);
/// - without it, whose every field is an own leaf of type `Option<..>` read by its own
///   `Deserialize` (no `deserialize_with`, nothing skipped, nothing flattened): every field
///   `None`, which is serde's value for an absent `Option` (leaves with a `default` of their own
///   take it at the end, when absent).
fn in_place_start(tree: &Tree) -> Option<TokenStream> {
    if let Some(default) = container_default_expr(tree) {
        return Some(default);
    }
    let all_options = tree.members.iter().all(|member| {
        member.is_leaf()
            && !member.attrs().skip_deserializing()
            && member.attrs().deserialize_with().is_none()
            && member.is_option()
    });
    if tree.members.is_empty() || !all_options {
        return None;
    }
    let fields = tree.members.iter().map(|member| member.member());
    let marker = tree.marker_init();
    Some(quote!(Self { #(#fields: __fastkit::None,)* #marker }))
}

/// The container's default, as an expression, when it has `#[serde(default)]` and an own leaf
/// takes its value from it.
fn container_default_expr(tree: &Tree) -> Option<TokenStream> {
    let used = tree
        .members
        .iter()
        .any(|m| m.is_leaf() && m.attrs().default().is_none());
    if !used {
        return None;
    }
    match tree.default {
        SerdeDefault::None => None,
        SerdeDefault::Default => Some(quote!(__fastkit::Default::default())),
        SerdeDefault::Path(path) => Some(user_call::call(path, quote!())),
    }
}

/// `deserialize_leaves`: every member in declaration order from a sequence.
fn deserialize_leaves(tree: &Tree) -> TokenStream {
    if tree.de_members().any(|m| m.is_catch_all()) {
        return quote! {
            let _ = __leaves;
            __fastkit::Err(__fastkit::catch_all_in_sequence())
        };
    }
    let default = container_default(tree);
    let reads = tree.de_members().map(|member| {
        let local = member.local();
        let ty = member.ty();
        if member.is_flatten() {
            let read = child_call(tree, member, "deserialize_leaves", None, quote!(__leaves));
            let read = unwrap_child(member, or_return(read));
            return quote!(let #local = #read;);
        }
        let next = match wrapper_type(tree, member) {
            Some(wrapper) => {
                let next = or_return(quote!(__leaves.next_leaf::<#wrapper>()));
                quote!((#next).map(|__wrapped| __wrapped.value))
            }
            None => or_return(quote!(__leaves.next_leaf::<#ty>())),
        };
        let missing = missing_in_seq(tree, member);
        quote! {
            let #local = match #next {
                __fastkit::Some(__value) => __value,
                __fastkit::None => #missing,
            };
        }
    });
    // A tagged struct writes its tag first; it is read as a string and ignored.
    let tag = tree.tag.map(|_| {
        let read = or_return(quote!(__leaves.next_leaf_seed(__fastkit::IgnoredStr)));
        quote!(let _ = #read;)
    });
    let construct = construct(tree);
    quote! {
        #default
        #tag
        #(#reads)*
        __fastkit::Ok(#construct)
    }
}

/// The struct built from the locals; skipped fields take their default.
fn construct(tree: &Tree) -> TokenStream {
    let fields = tree.members.iter().map(|member| {
        let name = member.member();
        let value = if member.attrs().skip_deserializing() {
            default_value(tree, member).unwrap_or_else(|| quote!(__fastkit::Default::default()))
        } else {
            let local = member.local();
            quote!(#local)
        };
        quote!(#name: #value)
    });
    let marker = tree.marker_init();
    quote!(Self { #(#fields,)* #marker })
}

/// `let __default = ...;` when the container has `#[serde(default)]` and a member takes its
/// value from it.
fn container_default(tree: &Tree) -> Option<TokenStream> {
    let default = container_default_expr(tree)?;
    Some(quote!(let __default: Self = #default;))
}

/// A member's default: its own `default`, else the container's, else none.
fn default_value(tree: &Tree, member: &Member) -> Option<TokenStream> {
    match member.attrs().default() {
        SerdeDefault::Default => return Some(quote!(__fastkit::Default::default())),
        SerdeDefault::Path(path) => return Some(user_call::call(path, quote!())),
        SerdeDefault::None => {}
    }
    if tree.default.is_none() {
        None
    } else {
        let name = member.member();
        Some(quote!(__default.#name))
    }
}

/// The value of an own leaf absent from a map: its default, else serde's missing-field rule
/// (`None` for an `Option`, an error otherwise; always an error with `deserialize_with`).
fn missing_in_map(tree: &Tree, member: &Member) -> TokenStream {
    let name = member.de_name();
    if let Some(default) = default_value(tree, member) {
        default
    } else if member.attrs().deserialize_with().is_some() {
        quote!(return __fastkit::Err(<__E as __fastkit::DeError>::missing_field(#name)))
    } else {
        or_return(quote!(__fastkit::missing_field(#name)))
    }
}

/// The value of an own leaf past the end of a sequence: its default, else serde's
/// "invalid length" error.
fn missing_in_seq(tree: &Tree, member: &Member) -> TokenStream {
    default_value(tree, member)
        .unwrap_or_else(|| quote!(return __fastkit::Err(__leaves.invalid_length())))
}

/// The field's value from what `child_ty` reads: unwrapped from `Buffered` and from the
/// `deserialize_with` wrapper.
fn unwrap_child(member: &Member, read: TokenStream) -> TokenStream {
    if !member.is_de_buffered() {
        return read;
    }
    if member.is_buffered_option() {
        return quote!((#read).map(|__buffered| __buffered.0));
    }
    let inner = quote!((#read).0);
    if member.attrs().deserialize_with().is_some() {
        quote!(#inner.value)
    } else {
        inner
    }
}

/// The wrapper type of a `deserialize_with` leaf, with its generic arguments.
fn wrapper_type(tree: &Tree, member: &Member) -> Option<TokenStream> {
    member.attrs().deserialize_with()?;
    Some(WithWrapper::of_leaf(tree, member, Impl::Deserialize).read_type())
}

/// `rest_claim`, `rest_name` and `deserialize_rest`: a key no leaf claims goes to the child
/// that takes it by name (a buffered struct's field), else to the first that takes every such
/// key (a catch-all map); `rest_name` asks the flattened children in turn. Structs without
/// flattened fields keep the traits' defaults.
fn deserialize_rest(tree: &Tree) -> Option<(Method, Method, Method)> {
    let takers: Vec<&Member> = tree
        .de_members()
        .filter(|m| m.is_flatten() || m.is_catch_all())
        .collect();
    if takers.is_empty() {
        return None;
    }
    // A marked catch-all map takes every key; a child is asked (only if it can take any: it
    // holds a catch-all, or reads some aliases by their text).
    let claim_of = |member: &Member, key: TokenStream| {
        let ty = child_ty(tree, member);
        if member.is_catch_all() {
            quote!(__fastkit::RestClaim::All)
        } else {
            let claim = tree.with_state(member, Access::Mut, |state| {
                child_call(tree, member, "rest_claim", None, quote!(#state, #key))
            });
            quote! {
                if const {
                    <#ty as __fastkit::FlattenFields>::READ.catch_all
                        || <#ty as __fastkit::FlattenFields>::READ.aliases_by_text
                } {
                    #claim
                } else {
                    __fastkit::RestClaim::No
                }
            }
        }
    };
    let give_to = |member: &Member| {
        tree.with_state(member, Access::Mut, |state| {
            if member.is_catch_all() {
                quote!(__fastkit::catch_all_insert(#state, __key, __map))
            } else {
                child_call(
                    tree,
                    member,
                    "deserialize_rest",
                    None,
                    quote!(#state, __key, __map),
                )
            }
        })
    };
    let claims = takers.iter().map(|member| {
        let claim = claim_of(member, quote!(__key));
        quote! {
            match #claim {
                __fastkit::RestClaim::Named => return __fastkit::RestClaim::Named,
                __fastkit::RestClaim::All => __claim = __fastkit::RestClaim::All,
                __fastkit::RestClaim::No => {}
            }
        }
    });
    let named = takers.iter().filter(|m| !m.is_catch_all()).map(|member| {
        let claim = claim_of(member, quote!(&__key));
        let give = give_to(member);
        quote! {
            if #claim == __fastkit::RestClaim::Named {
                return #give;
            }
        }
    });
    let all = takers.iter().map(|member| {
        let claim = claim_of(member, quote!(&__key));
        let give = give_to(member);
        quote! {
            if #claim == __fastkit::RestClaim::All {
                return #give;
            }
        }
    });
    let names = takers
        .iter()
        .filter(|m| !m.is_catch_all())
        .map(|member| child_call(tree, member, "rest_name", None, quote!(__key)));
    let rest_name = Method::inline(quote! {
        #(if let __fastkit::Some(__name) = #names {
            return __fastkit::Some(__name);
        })*
        let _ = __key;
        __fastkit::None
    });
    let rest_claim = Method::inline(quote! {
        let mut __claim = __fastkit::RestClaim::No;
        #(#claims)*
        __claim
    });
    let deserialize_rest = Method::inline(quote! {
        #(#named)*
        #(#all)*
        let _ = (__state, __key, __map);
        __fastkit::Ok(false)
    });
    Some((rest_claim, rest_name, deserialize_rest))
}

/// `fill_members`, for a tree that may be read in serde's order: each flattened member, in
/// declaration order, from the held entries, taking or viewing them as serde's flatten hands
/// them to a field of its type.
fn fill_members(tree: &Tree) -> Option<(Method, Method, Method)> {
    if !tree.may_read_in_serde_order() {
        return None;
    }
    let fills: Vec<_> = tree
        .de_members()
        .filter(|m| m.is_flatten() || m.is_catch_all())
        .map(|member| {
            let fill = tree.with_state(member, Access::Mut, |state| {
                if member.is_catch_all() {
                    quote!(__fastkit::fill_catch_all_held::<_, _, _, __E>(#state, __held))
                } else {
                    let ty = child_ty(tree, member);
                    let args = quote!(#state, __held, __fastkit::held_mode::<#ty>());
                    child_call(tree, member, "fill_held", Some(quote!(__E)), args)
                }
            });
            let fill = or_return(fill);
            quote!(#fill;)
        })
        .collect();
    if fills.is_empty() {
        return None;
    }
    let takes_all = tree
        .de_members()
        .filter(|m| m.is_flatten() || m.is_catch_all())
        .map(|member| {
            if member.is_catch_all() {
                return quote!(true);
            }
            tree.with_state(member, Access::Mut, |state| {
                child_call(tree, member, "rest_takes_all", None, state)
            })
        });
    let serde_order = crate::fields::serde_order(tree, true).unwrap_or_else(|| quote!(false));
    let rest_takes_all = Method::inline(quote!(false #(|| #takes_all)*));
    let reads_in_serde_order = Method::inline(quote! {
        (const { <Self as __fastkit::FlattenFields>::READ.serde_order }) && (#serde_order)
    });
    let fill_members = Method::plain(quote! {
        #(#fills)*
        __fastkit::Ok(())
    });
    Some((rest_takes_all, reads_in_serde_order, fill_members))
}

/// The runtime's `Expecting` of what the visitor expects.
impl ToTokens for Expecting<'_> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(match self {
            Expecting::Custom(custom) => quote!(__fastkit::Expecting::Custom(#custom)),
            Expecting::Text(text) => quote!(__fastkit::Expecting::Text(#text)),
        });
    }
}

/// What serde's derive gives `deserialize_struct` for a struct without flattened fields: every
/// name and alias of its leaves (and its tag). serde's flatten deserializer gives such a struct
/// only those keys (`src/flatten/serde_flatten.rs`); a struct with flattened fields is asked
/// for a map there, and lists its `FIELDS`, unused.
fn serde_fields(tree: &Tree) -> TokenStream {
    if tree.de_members().any(|m| !m.is_leaf()) {
        return quote!(<Self as __fastkit::FlattenFields>::FIELDS);
    }
    let names = tree.de_members().flat_map(|m| m.attrs().aliases());
    let tag = tree.tag.into_iter();
    quote!(&[#(#tag,)* #(#names),*])
}
