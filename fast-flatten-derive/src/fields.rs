//! `FlattenFields`: the tree's slot count, names, key lookup, and the state struct that holds
//! the leaves read so far.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use crate::bound::{self, erase_lifetimes, mentions_type_params, Impl};
use crate::impls::{self, ImplFor, Trait};
use crate::inline;
use crate::read_shape::{Base, ReadShape};
use crate::tree::{Member, Slots, Tree};

/// `writes`: the same derive writes the tree, so its checks ask both halves of each flattened
/// field's type at once ([`Side::Both`]).
pub fn expand(tree: &Tree, writes: bool) -> TokenStream {
    let per_key = inline::per_key();
    let ident = &tree.ident;
    let where_clause = bound::where_clause(tree, Impl::Fields);

    let len = tree.len_expr();
    let side = if writes { Side::Both } else { Side::Read };
    let fields = fields_const(tree, side);
    let name_tree = name_tree(tree);
    // `<Child as FlattenFields>::READ.name` for each flattened member: what a tree's shape has
    // when any of its flattened fields has it.
    let of_children = |name: &str| -> Vec<TokenStream> {
        let name = format_ident!("{name}");
        tree.de_members()
            .filter(|m| m.is_flatten())
            .map(|member| {
                let ty = &member.flat_ty;
                quote!(<#ty as __fastkit::FlattenFields>::READ.#name)
            })
            .collect()
    };
    let child_deny = of_children("deny_unknown_fields_flattened");
    // A catch-all map takes unclaimed keys, and so may a field written by `serialize_with`
    // (any entries: the tree is a map); a flattened field's type says whether it does.
    let flattened = || tree.members.iter().filter(|m| !m.is_leaf());
    let takes_rest = |m: &&Member| m.is_catch_all() || m.is_ser_buffered();
    let child_catch_all = flattened()
        .filter(|m| !takes_rest(m))
        .map(|member| {
            let ty = &member.flat_ty;
            quote!(<#ty as __fastkit::FlattenFields>::READ.catch_all)
        })
        .collect();
    let read = ReadShape::new(Base::Leaves)
        // serde honours `deny_unknown_fields` on the outermost type only; a flattened type's
        // counts when it is strict.
        .any(
            "deny_unknown_fields",
            tree.deny_unknown_fields,
            child_deny.clone(),
        )
        .any(
            "deny_unknown_fields_flattened",
            tree.strict && tree.deny_unknown_fields,
            child_deny,
        )
        .any("strict", tree.strict, Vec::new())
        // serde's derive reads a struct with any flattened field as a map, its keys as names
        // only (no field indices) ...
        .any(
            "has_flattened",
            tree.de_members().any(|m| !m.is_leaf()),
            Vec::new(),
        )
        .any(
            "notices_non_name_keys",
            false,
            of_children("notices_non_name_keys"),
        )
        .any(
            "catch_all",
            flattened().any(|m| takes_rest(&m)),
            child_catch_all,
        )
        .any("aliases_by_text", false, of_children("aliases_by_text"))
        // ... and views its keys.
        .any("serde_viewer", flattened().next().is_some(), Vec::new())
        .expr("serde_order", serde_order(tree, false))
        .to_const();
    let offsets = offsets(tree);
    let own_slot_of = own_slot_of(tree, &offsets);

    // Own leaves first, in one `match` (compiled like serde's field-identifier match), then each
    // flattened child's lookup shifted by the child's offset.
    let own_arms: Vec<_> = tree
        .de_members()
        .filter(|m| m.is_leaf())
        .map(|member| {
            let names = member.attrs().aliases();
            let offset = &offsets[member.index];
            quote!(#(#names)|* => return __fastkit::Some(#offset),)
        })
        .collect();
    let tag_arm = tree
        .tag
        .map(|tag| quote!(#tag => return __fastkit::Some(0),));
    let own_lookup = (!own_arms.is_empty() || tag_arm.is_some()).then(|| {
        quote! {
            match __key {
                #tag_arm
                #(#own_arms)*
                _ => {}
            }
        }
    });
    let child_lookups = tree.de_members().filter(|m| m.is_flatten()).map(|member| {
        let ty = &member.flat_ty;
        let offset = &offsets[member.index];
        quote! {
            if let __fastkit::Some(__slot) = <#ty as __fastkit::FlattenFields>::slot_of(__key) {
                return __fastkit::Some(#offset + __slot);
            }
        }
    });

    let tree_checks = tree_checks(tree, side);
    let slot_name = slot_name(tree, &offsets);

    let target = ImplFor::item(ident, &tree.generics, where_clause);
    let fields_impl = impls::implement(
        Trait::FlattenFields,
        &target,
        quote! {
            const LEN: usize = #len;
            const FIELDS: &'static [&'static str] = #fields;
            const NAME_TREE: &'static [__fastkit::NamePart] = #name_tree;
            #read

            #per_key
            fn slot_of(__key: &str) -> __fastkit::Option<usize> {
                #own_lookup
                #(#child_lookups)*
                __fastkit::None
            }

            #slot_name
            #own_slot_of
        },
    );

    quote! {
        #tree_checks

        #fields_impl
    }
}

/// `READ.serde_order`: whether a key of the tree can go to more than one place as serde's
/// flatten hands keys out (see the runtime's `held_map.rs`), over the flattened members in
/// declaration order: a member read in serde's order itself; two members taking unclaimed keys (catch-all
/// maps, buffered fields); one taking them before a member with leaves or a buffered type that
/// takes the keys it names (serde issue 2764); one viewing its keys (a struct with flattened
/// fields, an internally tagged or untagged enum) and reading some (by its leaves, or a buffered
/// field of it by name) before one taking unclaimed keys.
///
/// `runtime`: the same over a value's state (`FlattenDeserialize::reads_in_serde_order`), where
/// a buffered field knows whether its type takes every key or only those it names.
///
/// `None` where no key can reach two members (the answer is `false`).
pub fn serde_order(tree: &Tree, runtime: bool) -> Option<TokenStream> {
    shared_keys(tree, if runtime { Shared::Read } else { Shared::Shape })
}

/// What [`shared_keys`] asks of a tree.
#[derive(Clone, Copy, PartialEq)]
pub enum Shared {
    /// Whether the shape lets a key go to two places when read (`READ.serde_order`).
    Shape,
    /// The same for a value being read, its buffered fields knowing what they take.
    Read,
    /// Whether two catch-all maps (not buffered fields) may hold one key when written
    /// (`SHARES_WRITTEN_KEYS`): such a tree writes each key once. A key a buffered field and a
    /// leaf both hold is written twice, as serde's derive writes it.
    Written,
}

/// `WRITE.shares_written_keys` of the tree's `FlattenSerialize`.
pub fn shares_written_keys(tree: &Tree) -> TokenStream {
    shared_keys(tree, Shared::Written).unwrap_or_else(|| quote!(false))
}

/// The `Shared` question over the flattened members, in declaration order; `None` for `false`.
fn shared_keys(tree: &Tree, question: Shared) -> Option<TokenStream> {
    let runtime = question == Shared::Read;
    if !tree.may_read_in_serde_order() {
        return None;
    }
    if question == Shared::Written {
        return combine(written_parts(tree));
    }
    let parts: Vec<Part> = tree
        .de_members()
        .filter(|m| m.is_flatten() || m.is_catch_all())
        .map(|member| {
            if member.is_catch_all() {
                return Part::catch_all();
            }
            // The state's type, at run time; in the constant (no `'de` there), the member's
            // type, whose `FlattenFields` are the same.
            let ty = if runtime {
                crate::child::child_ty(tree, member)
            } else {
                member.flat_ty.to_token_stream()
            };
            let fields = quote!(<#ty as __fastkit::FlattenFields>);
            let (catch_all, takes_names, order) = match question {
                Shared::Read => {
                    let ask = |question: &str| {
                        tree.with_state(member, crate::child::Access::Mut, |state| {
                            crate::child::child_call(tree, member, question, None, state)
                        })
                    };
                    let takes_all = ask("rest_takes_all");
                    (
                        takes_all.clone(),
                        quote!((const { #fields::READ.catch_all } && !#takes_all)),
                        ask("reads_in_serde_order"),
                    )
                }
                // Taking names is a kind of `catch_all` the shape cannot tell: two count.
                Shared::Shape => (
                    quote!(#fields::READ.catch_all),
                    quote!(false),
                    quote!(#fields::READ.serde_order),
                ),
                Shared::Written => unreachable!("written_parts answers it"),
            };
            // At run time a constant block, whose value the compiler knows before it collects
            // what to compile (see the runtime's `read_shape.rs`).
            let viewer = quote!(#fields::READ.serde_viewer);
            Part {
                catch_all,
                has_leaves: quote!((#fields::LEN > 0)),
                takes_names,
                viewer: if runtime {
                    quote!(const { #viewer })
                } else {
                    viewer
                },
                order,
            }
        })
        .collect();
    combine(parts)
}

/// A flattened member (or catch-all), as [`shared_keys`] weighs it.
struct Part {
    catch_all: TokenStream,
    has_leaves: TokenStream,
    /// Whether it takes keys no leaf claims by name (a buffered struct or enum): a catch-all
    /// before it views them first, as serde's flatten hands them out.
    takes_names: TokenStream,
    viewer: TokenStream,
    order: TokenStream,
}

impl Part {
    /// A part that holds no key: a buffered field, as the write side sees it.
    fn inert() -> Part {
        Part {
            catch_all: quote!(false),
            has_leaves: quote!(false),
            takes_names: quote!(false),
            viewer: quote!(false),
            order: quote!(false),
        }
    }

    /// A catch-all map: it views every key.
    fn catch_all() -> Part {
        Part {
            catch_all: quote!(true),
            viewer: quote!(true),
            ..Part::inert()
        }
    }
}

/// The parts of `SHARES_WRITTEN_KEYS` ([`Shared::Written`]), from the members written and their
/// `FlattenSerialize::WRITE`.
fn written_parts(tree: &Tree) -> Vec<Part> {
    tree.ser_members()
        .filter(|m| m.is_flatten() || m.is_catch_all())
        .map(|member| {
            if member.is_catch_all() {
                return Part::catch_all();
            }
            if member.is_de_buffered() || member.is_ser_buffered() {
                return Part::inert();
            }
            let ty = member.ty();
            let write = quote!(<#ty as __fastkit::FlattenSerialize>::WRITE);
            Part {
                catch_all: quote!(#write.map_catch_all),
                has_leaves: quote!(#write.has_leaves),
                takes_names: quote!(false),
                viewer: quote!(#write.serde_viewer),
                order: quote!(#write.shares_written_keys),
            }
        })
        .collect()
}

/// Whether some key can reach two parts, over the parts in declaration order; `None` for
/// `false`.
fn combine(parts: Vec<Part>) -> Option<TokenStream> {
    if parts.is_empty() {
        return None;
    }
    let orders = parts.iter().map(|p| &p.order);
    let counts = parts.iter().map(|p| {
        let catch_all = &p.catch_all;
        quote!((#catch_all as usize))
    });
    let mut pairs = Vec::new();
    for (i, first) in parts.iter().enumerate() {
        for later in &parts[i + 1..] {
            let (catch_all, viewer, leaves) = (&first.catch_all, &first.viewer, &first.has_leaves);
            let names = &first.takes_names;
            let (later_catch_all, later_leaves) = (&later.catch_all, &later.has_leaves);
            let later_names = &later.takes_names;
            pairs.push(quote!(((#later_leaves || #later_names) && #catch_all)));
            // A viewer reading keys (by its leaves, or a buffered field of it by name) before a
            // catch-all: serde's flatten lends it the keys, so the catch-all receives them too.
            pairs.push(quote!((#viewer && (#leaves || #names) && #later_catch_all)));
        }
    }
    Some(quote!(false #(|| #orders)* || (0 #(+ #counts)*) >= 2 #(|| #pairs)*))
}

/// `own_slot_of`: the own leaves' lookup, for a tree that may be read in serde's order.
fn own_slot_of(tree: &Tree, offsets: &[TokenStream]) -> Option<TokenStream> {
    if !tree.may_read_in_serde_order() || !tree.de_members().any(|m| !m.is_leaf()) {
        return None;
    }
    let arms = tree.de_members().filter(|m| m.is_leaf()).map(|member| {
        let names = member.attrs().aliases();
        let offset = &offsets[member.index];
        quote!(#(#names)|* => __fastkit::Some(#offset),)
    });
    let tag_arm = tree.tag.map(|tag| quote!(#tag => __fastkit::Some(0),));
    Some(quote! {
        fn own_slot_of(__key: &str) -> __fastkit::Option<usize> {
            match __key {
                #tag_arm
                #(#arms)*
                _ => __fastkit::None,
            }
        }
    })
}

/// `slot_name` of a tree with flattened children, whose `FIELDS` may hold placeholders (a
/// flattened type parameter, an enum whose variants' names cannot be concatenated): own leaves
/// by their slot, each child's range from the child.
fn slot_name(tree: &Tree, offsets: &[TokenStream]) -> Option<TokenStream> {
    if !tree.de_members().any(|m| m.is_flatten()) {
        return None;
    }
    let tag = tree
        .tag
        .map(|tag| quote!(if __slot == 0 { return __fastkit::Some(#tag); }));
    let steps = tree
        .de_members()
        .filter(|m| !m.is_catch_all())
        .map(|member| {
            let offset = &offsets[member.index];
            if member.is_flatten() {
                let ty = &member.flat_ty;
                quote! {
                    let __own = __slot.wrapping_sub(#offset);
                    if __own < <#ty as __fastkit::FlattenFields>::LEN {
                        return <#ty as __fastkit::FlattenFields>::slot_name(__own);
                    }
                }
            } else {
                let name = member.de_name();
                quote!(if __slot == #offset { return __fastkit::Some(#name); })
            }
        });
    Some(quote! {
        fn slot_name(__slot: usize) -> __fastkit::Option<&'static str> {
            #tag
            #(#steps)*
            __fastkit::None
        }
    })
}

/// The names of all slots in order. Concatenated in a constant when every flattened child's type
/// is known without the struct's type parameters; placeholders of the right count otherwise.
///
/// The length is a constant argument, which the impl's bounds do not reach: a child's `LEN` is
/// read there through the trait `side`'s check asks (spanned as the check is), so that a type
/// without it is the check's error.
fn fields_const(tree: &Tree, side: Side) -> TokenStream {
    let generic_child = tree
        .de_members()
        .any(|m| m.is_flatten() && mentions_type_params(m.ty(), &tree.generics));
    if generic_child {
        return quote!(__fastkit::unnamed_fields(
            <Self as __fastkit::FlattenFields>::LEN
        ));
    }
    // Without a flattened child every name is known here: a plain array, which the compiler
    // does not have to evaluate.
    if !tree
        .de_members()
        .any(|m| m.is_flatten() || m.is_catch_all())
    {
        let names = tree.de_members().map(Member::de_name);
        let tag = tree.tag.into_iter();
        return quote!(&[#(#tag,)* #(#names),*]);
    }
    let mut count = quote!(0);
    let tag = tree.tag.map(|tag| {
        count = quote!(1);
        quote!(&[#tag])
    });
    let parts = tree
        .de_members()
        // A buffered field has no slots: its keys are not the tree's to name.
        .filter(|m| !m.is_catch_all() && !m.is_de_buffered())
        .map(|member| {
            if member.is_flatten() {
                let ty = erase_lifetimes(member.ty());
                let len = child_names_item(member, side, "LEN");
                count = quote!(#count + #len);
                quote!(<#ty as __fastkit::FlattenFields>::FIELDS)
            } else {
                let name = member.de_name();
                count = quote!(#count + 1);
                quote!(&[#name])
            }
        });
    let parts: Vec<_> = tag.into_iter().chain(parts).collect();
    quote!(&__fastkit::concat_fields::<{ #count }>(&[#(#parts),*]))
}

/// Constants that fail to evaluate when two leaves of the tree answer to the same name (read or
/// written) or more than one flattened field holds a catch-all map. Written here, at the derive,
/// for trees whose type has no type parameter (lifetimes are erased to `'static`); a generic
/// tree is checked where it is instantiated, by [`generic_names_check`].
///
/// The check spells the name tree out rather than reading `NAME_TREE` of the struct, so that it
/// is also where a flattened field's traits are asked unbounded (the impls are bounded on them:
/// `Bounds::gate` in [`crate::bound`]): a field type without them is one error here, at the
/// field's type, for every trait `side` asks. A generic tree gets the same use of each of its
/// children on its own ([`trait_uses`]).
pub fn tree_checks(tree: &Tree, side: Side) -> TokenStream {
    if is_generic(tree) {
        return trait_uses(tree, side);
    }
    if names_known_unique(tree) {
        return TokenStream::new();
    }
    let name = tree.ident.to_string();
    let name_tree = name_tree_with(tree, |member| {
        if checked(member, side) {
            child_name_tree(member, side)
        } else {
            quote!(&[__fastkit::NamePart::Buffered])
        }
    });
    let one_catch_all = !tree.may_read_in_serde_order();
    quote! {
        const _: () = __fastkit::check_names(#name_tree, #name, #one_catch_all);
    }
}

/// One use of each flattened field's trait for `side` (its name tree), for the fields whose
/// type has no parameter: an error at the field's type for a type without the trait. The
/// writing impls, and the reading impls for `FlattenFields`, are bounded on it (`Bounds::gate`
/// in [`crate::bound`]), so that this is that trait's one error; `FlattenDeserialize`'s is the
/// reading state's (`crate::child`). A generic tree's [`tree_checks`] are these
/// uses.
fn trait_uses(tree: &Tree, side: Side) -> TokenStream {
    let uses = tree
        .members
        .iter()
        .filter(|m| m.is_flatten() && checked(m, side))
        .filter(|m| !bound::mentions_generics(m.ty(), &tree.generics))
        .map(|member| {
            let name_tree = child_name_tree(member, side);
            quote!(const _: &[__fastkit::NamePart] = #name_tree;)
        });
    quote!(#(#uses)*)
}

/// Whether `side`'s name check reads the member's name tree (rather than taking it as
/// buffered).
fn checked(member: &Member, side: Side) -> bool {
    match side {
        Side::Read | Side::Both => !member.is_de_buffered(),
        Side::Write => {
            !(member.is_de_buffered()
                || member.is_ser_buffered()
                || member.attrs().skip_serializing())
        }
    }
}

/// Whether the check of [`tree_checks`] would pass for certain: the tree flattens nothing, so
/// every name is known here, and no two leaves share one. The constant is then left out: the
/// compiler evaluates it in its interpreter, which took a tenth of the build of a crate of 40
/// enums (each struct variant is a tree). A tree with a repeated name keeps the constant, which
/// fails with the check's message.
fn names_known_unique(tree: &Tree) -> bool {
    if tree
        .members
        .iter()
        .any(|m| m.is_flatten() || m.is_catch_all() || m.is_de_buffered())
    {
        return false;
    }
    let mut read = std::collections::BTreeSet::new();
    let mut written = std::collections::BTreeSet::new();
    if let Some(tag) = tree.tag {
        read.insert(tag);
        written.insert(tag);
    }
    tree.members.iter().all(|member| {
        let attrs = member.attrs();
        let read_unique = attrs.skip_deserializing()
            || attrs
                .aliases()
                .iter()
                .all(|alias| read.insert(alias.value.as_str()));
        let written_unique =
            attrs.skip_serializing() || written.insert(member.ser_name().value.as_str());
        read_unique && written_unique
    })
}

/// `<Child as FlattenFields>::NAME_TREE` for a flattened member, lifetimes erased, spanned at the
/// field's type: where the error for a type without the flatten traits points. Asked of both
/// halves, a member written too is asked through `FlattenBoth`, so that a type with neither
/// half's traits is one error here (and one at the reading state), not one per trait.
fn child_name_tree(member: &Member, side: Side) -> TokenStream {
    if side == Side::Write {
        let ty = erase_lifetimes(member.ty());
        return quote_spanned!(member.ty().span()=> <#ty as __fastkit::FlattenSerialize>::WRITE.name_tree);
    }
    if side == Side::Both && checked(member, Side::Write) {
        return child_names_item(member, side, "NAME_TREE");
    }
    let ty = erase_lifetimes(&member.flat_ty);
    quote_spanned!(member.ty().span()=> <#ty as __fastkit::FlattenFields>::NAME_TREE)
}

/// `<Child as FlattenBoth>::item` where `side` asks both halves of a member written too,
/// `<Child as FlattenFields>::item` otherwise (`FlattenBoth` has `FlattenFields`' `LEN` and
/// `NAME_TREE`), spanned as [`child_name_tree`] is.
fn child_names_item(member: &Member, side: Side, item: &str) -> TokenStream {
    let ty = erase_lifetimes(member.ty());
    let trait_ = if side == Side::Both && checked(member, Side::Write) {
        quote!(FlattenBoth)
    } else {
        quote!(FlattenFields)
    };
    let item = format_ident!("{}", item);
    quote_spanned!(member.ty().span()=> <#ty as __fastkit::#trait_>::#item)
}

/// Which trait's name trees a check reads: the reading side's (`FlattenFields::NAME_TREE`),
/// the writing side's (`FlattenSerialize::WRITE`), for a derive of writing only, or both
/// (`FlattenBoth::NAMES`, the reading side's names), for a derive of both halves.
#[derive(Clone, Copy, PartialEq)]
pub enum Side {
    Read,
    Both,
    Write,
}

/// Whether the struct has type or const parameters (lifetimes do not count).
fn is_generic(tree: &Tree) -> bool {
    tree.generics.type_params().next().is_some() || tree.generics.const_params().next().is_some()
}

/// For a generic tree, the same check as [`tree_checks`] as an inline constant in `serialize` and
/// `deserialize`, evaluated for each instantiation.
///
/// `names` is the tree's name tree as the impl that checks it knows it:
/// `<Self as FlattenFields>::NAME_TREE` when reading, `<Self as FlattenSerialize>::WRITE.name_tree`
/// when writing.
pub fn generic_names_check(tree: &Tree, names: TokenStream) -> Option<TokenStream> {
    if !is_generic(tree) {
        return None;
    }
    let name = tree.ident.to_string();
    let one_catch_all = !tree.may_read_in_serde_order();
    Some(quote! {
        const { __fastkit::check_names(#names, #name, #one_catch_all) };
    })
}

/// `NAME_TREE`: every member's names, read (with aliases) and written, nested as the tree is.
pub fn name_tree(tree: &Tree) -> TokenStream {
    name_tree_with(tree, |member| {
        let ty = &member.flat_ty;
        quote!(<#ty as __fastkit::FlattenFields>::NAME_TREE)
    })
}

/// `WRITE.name_tree` of the tree's `FlattenSerialize`: the same names, a flattened member's
/// from its `FlattenSerialize` (a buffered one's entries are any; a member not written writes
/// none).
pub fn write_name_tree(tree: &Tree) -> TokenStream {
    name_tree_with(tree, |member| {
        let ty = member.ty();
        if member.attrs().skip_serializing() {
            quote!(&[])
        } else if member.is_de_buffered() || member.is_ser_buffered() {
            quote!(&[__fastkit::NamePart::Buffered])
        } else {
            quote!(<#ty as __fastkit::FlattenSerialize>::WRITE.name_tree)
        }
    })
}

/// The name tree, with `child` giving a flattened member's own name tree.
fn name_tree_with(tree: &Tree, child: impl Fn(&Member) -> TokenStream) -> TokenStream {
    let tag = tree
        .tag
        .map(|tag| quote!(__fastkit::NamePart::leaf(&[#tag])));
    let parts = tree.members.iter().map(|member| {
        let attrs = member.attrs();
        if member.is_catch_all() {
            quote!(__fastkit::NamePart::CatchAll)
        } else if member.is_flatten() {
            let child = child(member);
            quote!(__fastkit::NamePart::Tree(#child))
        } else {
            let read = (!attrs.skip_deserializing()).then(|| attrs.aliases());
            let written = (!attrs.skip_serializing()).then(|| member.ser_name());
            leaf_name_part(read.into_iter().flatten(), written)
        }
    });
    let parts = tag.into_iter().chain(parts);
    quote!(&[#(#parts),*])
}

/// A leaf's part of a name tree (a field's, or an externally tagged variant's): the names it
/// reads (none where it is skipped when reading) and the one it writes (none where skipped).
pub fn leaf_name_part<N: ToTokens>(
    read: impl IntoIterator<Item = N>,
    written: Option<impl ToTokens>,
) -> TokenStream {
    let read = read.into_iter();
    let written = match written {
        Some(name) => quote!(__fastkit::Some(#name)),
        None => quote!(__fastkit::None),
    };
    quote!(__fastkit::NamePart::Leaf { read: &[#(#read),*], written: #written })
}

/// Each member's first slot among the tree's, by position: `0` (`1` after a tag) plus the slots
/// of the members before it, as constant expressions. Built once per generated item that needs
/// them, each from the one before.
pub fn offsets(tree: &Tree) -> Vec<TokenStream> {
    let mut offset = if tree.tag.is_some() {
        quote!(1)
    } else {
        quote!(0)
    };
    let mut offsets = Vec::with_capacity(tree.members.len());
    for member in &tree.members {
        offsets.push(offset.clone());
        if let Some(slots) = member.slots() {
            offset = quote!(#offset + #slots);
        }
    }
    offsets
}

/// A member's slot count: `1`, or its type's `<T as FlattenFields>::LEN`.
impl ToTokens for Slots {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(match self {
            Slots::One => quote!(1),
            Slots::Len(ty) => quote!(<#ty as __fastkit::FlattenFields>::LEN),
        });
    }
}
