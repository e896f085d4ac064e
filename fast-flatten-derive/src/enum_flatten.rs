//! The flatten traits for an enum, so that it can be flattened into a FastFlatten struct
//! (`#[serde(flatten)] kind: Kind`): its keys join the tree's one lookup.
//!
//! | representation | slots | state |
//! |---|---|---|
//! | externally tagged | one per variant name | `Option<Enum>` |
//! | internally tagged | the tag, then each variant's leaves | the runtime's `InternalState`: the values held before the tag, or the chosen variant's state |
//! | adjacently tagged | the tag and the content | the runtime's `AdjacentState` |
//! | untagged | none: it holds the keys no other leaf claims | the held entries |
//!
//! A newtype variant of an internally tagged enum joins the tree with its type's leaves, so the
//! type must be a FastFlatten tree. Its bounds are written `for<'__gate> Type: Trait`, which keeps
//! the enum's own `Serialize`/`Deserialize` compiling when the type is not one: the flatten
//! impls then only exist for no one, and flattening the enum is the error.

use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::attr::TagType;
use syn::Type;

use crate::bound;
use crate::enum_reader::{Headers, Reader};
use crate::enum_ser::{self, pattern, Content};
use crate::fields::leaf_name_part;
use crate::halves::Halves;
use crate::impls::{self, ImplFor, Method, ProvidedItems, Trait};
use crate::propagate::or_return;
use crate::read_shape::{Base, ReadShape};
use crate::variants::{Enum, EnumVariant, SideShape};

pub fn expand(e: &Enum, halves: Halves) -> TokenStream {
    match e.tag() {
        TagType::External => external(e, halves),
        TagType::Internal { tag } => internal(e, halves, tag),
        TagType::Adjacent { tag, content } => adjacent(e, halves, tag, content),
        TagType::None => untagged(e, halves),
    }
}

/// What a variant joins the tree with: its hidden struct, or the type its newtype wraps.
struct Child {
    ty: Type,
    /// The enum's variant built from the child's value, `__value`.
    into: TokenStream,
}

fn child(e: &Enum, v: &EnumVariant) -> Option<Child> {
    if v.variant.attrs.deserialize_with().is_some() {
        // Read by the user's function, which the tree cannot call: see `through_function`.
        return None;
    }
    let path = v.path(e.ident);
    match v.de_shape() {
        SideShape::Struct(tree) => {
            let ident = &tree.ident;
            let (_, ty_generics, _) = tree.generics.split_for_impl();
            let members = v.fields().iter().map(|f| &f.member);
            let members2 = members.clone();
            Some(Child {
                ty: syn::parse_quote!(#ident #ty_generics),
                into: quote!(#path { #(#members: __value.#members2),* }),
            })
        }
        SideShape::Newtype => Some(Child {
            ty: v.fields()[0].ty.clone(),
            into: quote!(#path(__value)),
        }),
        _ => None,
    }
}

/// The list of the variants' trees, `VariantTree<First, VariantTree<Second, .. NoVariant>>`,
/// a variant without a child (a unit variant) as `()`.
fn tree_list<'c>(children: impl DoubleEndedIterator<Item = Option<&'c Child>>) -> TokenStream {
    children
        .rev()
        .fold(quote!(__fastkit::NoVariant), |rest, child| match child {
            Some(child) => {
                let ty = &child.ty;
                quote!(__fastkit::VariantTree<#ty, #rest>)
            }
            None => quote!(__fastkit::VariantTree<(), #rest>),
        })
}

/// The list's value for the variant at `position`: `Chosen::Later` once per variant before.
fn chosen(position: usize, inner: TokenStream) -> TokenStream {
    (0..position).fold(
        quote!(__fastkit::Chosen::This(#inner)),
        |value, _| quote!(__fastkit::Chosen::Later(#value)),
    )
}

/// The pattern past a list of `len` variants, `__end`: the list's end, which cannot exist.
fn list_end(len: usize) -> TokenStream {
    (0..len).fold(
        quote!(__end),
        |value, _| quote!(__fastkit::Chosen::Later(#value)),
    )
}

/// An impl of a reading trait (`FlattenInternal`, `FlattenUntagged`) under the reading half's
/// headers.
fn implement_de(trait_: Trait, headers: &Headers, body: TokenStream) -> TokenStream {
    impls::implement(
        trait_,
        &ImplFor::new(
            &headers.de_impl_generics,
            &headers.self_ty,
            &headers.de_clause,
        ),
        body,
    )
}

/// The where clauses of the three impls: the enum's, with its children's flatten traits
/// where they join the tree ([`bound::FlattenedEnumClauses`]).
fn clauses(e: &Enum, children_join: bool) -> bound::FlattenedEnumClauses {
    bound::flattened_enum_clauses(e, children_join, |v| child(e, v).map(|child| child.ty))
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

/// The reading half's impl headers, over `clauses`.
fn headers(e: &Enum, clauses: &bound::FlattenedEnumClauses) -> Headers {
    let (impl_generics, de_impl_generics, self_ty) = impl_generics(e);
    Headers {
        impl_generics,
        de_impl_generics,
        self_ty,
        fields_clause: clauses.fields.clone(),
        de_clause: clauses.de.clone(),
    }
}

/// `FlattenSerialize`: `len` and `write` per variant, over the fields bound by its pattern.
fn serialize_impl(
    e: &Enum,
    clause: &syn::WhereClause,
    write: WriteShape,
    arm: impl Fn(&EnumVariant) -> (TokenStream, TokenStream),
) -> TokenStream {
    let (impl_generics, _, self_ty) = impl_generics(e);
    let scrutinee = crate::enum_ser::scrutinee(e);
    let write_shape = write.to_tokens();
    let mut lens = Vec::new();
    let mut writes = Vec::new();
    for v in &e.variants {
        let pattern = pattern(e, v);
        if v.variant.attrs.skip_serializing() {
            let error = enum_ser::skipped_variant_error(e, v);
            lens.push(quote!(#pattern => 0,));
            writes.push(quote!(#pattern => #error,));
            continue;
        }
        let (len, write) = arm(v);
        lens.push(quote!(#[allow(unused_variables)] #pattern => #len,));
        writes.push(quote!(#pattern => { #write }));
    }
    let target = ImplFor::new(&impl_generics, &self_ty, clause);
    let items = quote! {
        const WRITE: __fastkit::WriteShape = #write_shape;

        #[inline]
        fn serialized_len(&self) -> usize {
            match #scrutinee {
                #(#lens)*
            }
        }

        #[inline]
        fn serialize_leaves<__S: __fastkit::FieldSink>(
            &self,
            __out: &mut __S,
        ) -> __fastkit::Result<(), __S::Error> {
            match #scrutinee {
                #(#writes)*
            }
        }
    };
    impls::implement(Trait::FlattenSerialize, &target, items)
}

/// A flattened enum's [`WriteShape`](serde_fastkit::flatten::WriteShape), as written into its
/// `FlattenSerialize` impl: the names it writes, and whether it writes a map.
struct WriteShape {
    name_tree: TokenStream,
    writes_map: TokenStream,
    has_leaves: bool,
    serde_viewer: bool,
}

impl WriteShape {
    fn to_tokens(&self) -> TokenStream {
        let WriteShape {
            name_tree,
            writes_map,
            has_leaves,
            serde_viewer,
        } = self;
        quote! {
            __fastkit::WriteShape {
                name_tree: #name_tree,
                writes_map: #writes_map,
                map_catch_all: false,
                shares_written_keys: false,
                has_leaves: #has_leaves,
                serde_viewer: #serde_viewer,
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
    match enum_ser::content(e, v) {
        Content::Unit => None,
        Content::Value(value) => Some(value),
        Content::Tuple(refs) if tuple_as_seq => Some(quote!(&__fastkit::SeqValue(#refs))),
        Content::Tuple(refs) => Some(quote!(&__fastkit::TupleValue(#refs))),
        Content::Struct(refs) => {
            Some(quote!(&__fastkit::TreeValue { tree: #refs, name: #struct_name }))
        }
    }
}

fn external(e: &Enum, halves: Halves) -> TokenStream {
    let clauses = clauses(e, false);
    let headers = headers(e, &clauses);
    let count = e.de_variants().count();
    let names = e
        .de_variants()
        .map(|(_, v)| v.variant.attrs.name().deserialize_name());
    let name_tree = e.variants.iter().map(|v| {
        let attrs = &v.variant.attrs;
        let read = (!attrs.skip_deserializing()).then(|| attrs.aliases());
        let written = (!attrs.skip_serializing()).then(|| attrs.name().serialize_name());
        leaf_name_part(read.into_iter().flatten(), written)
    });
    let name_tree: Vec<_> = name_tree.collect();
    let write = WriteShape {
        name_tree: quote!(&[#(#name_tree),*]),
        writes_map: quote!(false),
        has_leaves: count > 0,
        serde_viewer: false,
    };
    let serialize = serialize_impl(e, &clauses.ser, write, |v| {
        let name = v.variant.attrs.name().serialize_name();
        let value = content_value(e, v, true, &quote!(#name)).unwrap_or_else(|| quote!(&()));
        (
            quote!(1),
            quote!(__fastkit::FieldSink::field(__out, #name, #value)),
        )
    });
    let no_seq = format!(
        "the flattened externally tagged enum {} cannot be read from a sequence: formats that \
         write structs as sequences drop the key that names its variant",
        e.ident
    );
    let de_items = || {
        Reader {
            read: ReadShape::new(Base::Leaves).any("strict", e.strict, Vec::new()),
            len: quote!(#count),
            fields: quote!(&[#(#names),*]),
            name_tree: quote!(&[#(#name_tree),*]),
            slot_of: quote!(<Self as __fastkit::Variants>::variant_of(__key)),
            more_fields: TokenStream::new(),
            state: quote!(__fastkit::Option<Self>),
            new_state: quote!(__fastkit::None),
            state_is_empty: quote!(__state.is_none()),
            // The first variant key read chooses the variant: a second one is unknown.
            owns: Some(quote!(__state.is_none())),
            deserialize_slot: quote!(__fastkit::external_variant_slot(__state, __slot, __map)),
            finish: quote! {
                match __state {
                    __fastkit::Some(__value) => __fastkit::Ok(__value),
                    __fastkit::None => __fastkit::Err(__fastkit::no_variant_found::<Self, __E>()),
                }
            },
            deserialize_leaves: quote! {
                __fastkit::Err(<__A::Error as __fastkit::DeError>::custom(#no_seq))
            },
            deserialize_rest: None,
            more: ProvidedItems::default(),
        }
        .expand(&headers)
    };
    halves.pick(de_items, || serialize)
}

fn adjacent(e: &Enum, halves: Halves, tag: &str, content_key: &str) -> TokenStream {
    let clauses = clauses(e, false);
    let headers = headers(e, &clauses);
    let name = e.container.attrs.name().serialize_name();
    let write = WriteShape {
        name_tree: quote!(&[
            __fastkit::NamePart::leaf(&[#tag]),
            __fastkit::NamePart::leaf(&[#content_key]),
        ]),
        writes_map: quote!(false),
        has_leaves: true,
        serde_viewer: false,
    };
    let serialize = serialize_impl(e, &clauses.ser, write, |v| {
        let index = v.ser_index;
        let variant = v.variant.attrs.name().serialize_name();
        let tag_value =
            quote!(&__fastkit::AdjacentTag { name: #name, index: #index, variant: #variant });
        let write_tag = quote!(__fastkit::FieldSink::field(__out, #tag, #tag_value)?;);
        match content_value(e, v, false, &quote!(#variant)) {
            None => (quote!(1), quote!(#write_tag __fastkit::Ok(()))),
            Some(value) => (
                quote!(2),
                quote!(#write_tag __fastkit::FieldSink::field(__out, #content_key, #value)),
            ),
        }
    });
    // serde's derive reads the tag at the head of a sequence as a field identifier.
    let tag_seed = quote!(__fastkit::VariantSeed::<Self, _>::tag_in_sequence());
    let variant_index = or_return(quote!(__leaves.next_leaf_seed(#tag_seed)));
    let variant_content = or_return(quote!(
        __leaves.next_leaf_seed(__fastkit::VariantContentSeed::<Self>::new(__index))
    ));
    let de_items = || {
        Reader {
            read: ReadShape::new(Base::Leaves).any("strict", e.strict, Vec::new()),
            len: quote!(2),
            fields: quote!(&[#tag, #content_key]),
            name_tree: quote!(&[
                __fastkit::NamePart::leaf(&[#tag]),
                __fastkit::NamePart::leaf(&[#content_key]),
            ]),
            slot_of: quote! {
                match __key {
                    #tag => __fastkit::Some(0),
                    #content_key => __fastkit::Some(1),
                    _ => __fastkit::None,
                }
            },
            more_fields: TokenStream::new(),
            state: quote!(__fastkit::AdjacentState<'de, Self>),
            new_state: quote!(__fastkit::AdjacentState::Empty),
            state_is_empty: quote! {
                match __state { __fastkit::AdjacentState::Empty => true, _ => false }
            },
            owns: None,
            deserialize_slot: quote!(__state.read(__slot == 1, &[#tag, #content_key], __map)),
            finish: quote!(__state.finish(&[#tag, #content_key])),
            deserialize_leaves: quote! {
                let __fastkit::Some(__index) = (#variant_index) else {
                    return __fastkit::Err(__leaves.invalid_length());
                };
                if <Self as __fastkit::DeserializeVariant<'de>>::is_unit(__index) {
                    return <Self as __fastkit::DeserializeVariant<'de>>::variant_without_content(__index, #content_key);
                }
                match #variant_content {
                    __fastkit::Some(__value) => __fastkit::Ok(__value),
                    __fastkit::None => __fastkit::Err(__leaves.invalid_length()),
                }
            },
            deserialize_rest: None,
            more: ProvidedItems::default(),
        }
        .expand(&headers)
    };
    halves.pick(de_items, || serialize)
}

fn untagged(e: &Enum, halves: Halves) -> TokenStream {
    let clauses = clauses(e, false);
    // A newtype variant's value is any `Serialize`: its fields or entries are written as the
    // struct's, as serde's flatten writes them.
    let write = WriteShape {
        name_tree: quote!(&[__fastkit::NamePart::CatchAll]),
        writes_map: quote!(true),
        has_leaves: false,
        serde_viewer: true,
    };
    let serialize = serialize_impl(e, &clauses.ser, write, |v| match enum_ser::content(e, v) {
        Content::Unit => (quote!(0), quote!(__fastkit::Ok(()))),
        Content::Value(value) => (
            quote!(__fastkit::flat_len(#value)),
            quote!(__fastkit::serialize_flat(#value, __out)),
        ),
        Content::Struct(refs) => (
            quote!(__fastkit::FlattenSerialize::serialized_len(#refs)),
            quote!(__fastkit::FlattenSerialize::serialize_leaves(#refs, __out)),
        ),
        Content::Tuple(_) => {
            let message = "can only flatten structs and maps (got a tuple)";
            (
                quote!(0),
                quote!(__fastkit::Err(<__S::Error as __fastkit::SerError>::custom(#message))),
            )
        }
    });
    let no_seq = format!(
        "the flattened untagged enum {} needs a self-describing format",
        e.ident
    );
    let de_items = || {
        let reader = |headers: &Headers, state: UntaggedReader| {
            Reader {
                // serde reads an untagged enum with `deserialize_any`, which views every entry.
                read: ReadShape::new(Base::CatchAll).any("strict", e.strict, Vec::new()),
                len: quote!(0),
                fields: quote!(&[]),
                name_tree: quote!(&[__fastkit::NamePart::CatchAll]),
                slot_of: quote!(__fastkit::None),
                more_fields: TokenStream::new(),
                state: state.state,
                new_state: state.new_state,
                state_is_empty: quote!(__state.is_empty()),
                owns: None,
                deserialize_slot: quote!(__fastkit::Err(__fastkit::slot_out_of_range())),
                finish: state.finish,
                deserialize_leaves: quote! {
                    __fastkit::Err(<__A::Error as __fastkit::DeError>::custom(#no_seq))
                },
                deserialize_rest: Some(state.deserialize_rest),
                more: ProvidedItems {
                    rest_name: state.rest_name,
                    ..ProvidedItems::default()
                },
            }
            .expand(headers)
        };
        match struct_variants(e) {
            // Read side by side (`flattened_untagged.rs`): each variant's keys into its tree.
            Some(variants) => {
                let clauses = self::clauses(e, true);
                let headers = headers(e, &clauses);
                let trees = tree_list(variants.iter().map(Some));
                let arms = variants.iter().enumerate().map(|(position, child)| {
                    let pattern = chosen(position, quote!(__value));
                    let into = &child.into;
                    quote!(#pattern => #into,)
                });
                let end = list_end(variants.len());
                let reader = reader(
                    &headers,
                    UntaggedReader {
                        state: quote!(__fastkit::UntaggedState<'de, Self>),
                        new_state: quote!(__fastkit::UntaggedState::new()),
                        finish: quote!(__state.finish()),
                        deserialize_rest: quote!(__state.deserialize_rest(__key, __map)),
                        rest_name: Some(Method::inline(quote! {
                            __fastkit::UntaggedState::<'de, Self>::rest_name(__key)
                        })),
                    },
                );
                let untagged = implement_de(
                    Trait::FlattenUntagged,
                    &headers,
                    quote! {
                        type Trees = #trees;

                        #[inline]
                        fn from_tree(
                            __tree: <Self::Trees as __fastkit::UntaggedTrees<'de>>::Value,
                        ) -> Self {
                            match __tree {
                                #(#arms)*
                                #end => match __end {},
                            }
                        }
                    },
                );
                quote!(#reader #untagged)
            }
            // Every key held, each variant tried on them (`flattened.rs`).
            None => reader(
                &headers(e, &clauses),
                UntaggedReader {
                    state: quote! {
                        __fastkit::Vec<(__fastkit::Content<'de>, __fastkit::Content<'de>)>
                    },
                    new_state: quote!(__fastkit::Vec::new()),
                    finish: quote!(__fastkit::untagged_from_entries(__state)),
                    deserialize_rest: quote!(__fastkit::hold_entry(__state, __key, __map)),
                    rest_name: None,
                },
            ),
        }
    };
    halves.pick(de_items, || serialize)
}

/// How a flattened untagged enum holds what it reads: the parts of its reader that differ
/// between [`struct_variants`] read side by side and every key held.
struct UntaggedReader {
    state: TokenStream,
    new_state: TokenStream,
    finish: TokenStream,
    deserialize_rest: TokenStream,
    /// `rest_name`: the variants' names, when they are read side by side.
    rest_name: Option<Method>,
}

/// An untagged enum's variants' trees, when every variant that can be read is a
/// struct variant read by its tree (not through `deserialize_with`): they can then be read
/// side by side. `None` otherwise, and for an enum with no variant to read.
fn struct_variants(e: &Enum) -> Option<Vec<Child>> {
    let variants: Vec<_> = e
        .de_variants()
        .map(|(_, v)| match v.de_shape() {
            SideShape::Struct(_) => child(e, v),
            _ => None,
        })
        .collect::<Option<_>>()?;
    (!variants.is_empty()).then_some(variants)
}

/// The error of a flattened internally tagged enum for a variant its tree cannot read or
/// write: one with a variant-level `deserialize_with` / `serialize_with` (the function reads or
/// writes the variant whole; flattened, its fields are the tree's leaves). The enum itself
/// calls the function; flattened with `#[fast_flatten(buffered)]` it does too.
fn through_function(e: &Enum, v: &EnumVariant, error: TokenStream, attribute: &str) -> TokenStream {
    let message = format!(
        "FastFlatten cannot read or write the variant {}::{} in place, since it goes through \
         `{attribute}`; mark the flattened field #[fast_flatten(buffered)]",
        e.ident,
        v.ident()
    );
    quote!(__fastkit::Err(<#error>::custom(#message)))
}

/// An internally tagged enum's flatten support: the list of its variants' trees
/// (`VariantTree<First, VariantTree<Second, NoVariant>>`, a unit variant's tree `()`), the
/// `match` from the list's value to the enum, and impls whose every method is one call into the
/// runtime (`flattened_internal.rs`), which walks the list.
fn internal(e: &Enum, halves: Halves, tag: &str) -> TokenStream {
    let clauses = clauses(e, true);
    let headers = headers(e, &clauses);
    let generics = e.container.generics;

    let variants: Vec<(&EnumVariant, Option<Child>)> =
        e.de_variants().map(|(_, v)| (v, child(e, v))).collect();
    let trees = tree_list(variants.iter().map(|(_, child)| child.as_ref()));
    let from_tree_arms = variants.iter().enumerate().map(|(position, (v, child))| {
        let value = match child {
            Some(child) => {
                let into = &child.into;
                quote!(__fastkit::Ok(#into))
            }
            None if v.variant.attrs.deserialize_with().is_some() => {
                through_function(e, v, quote!(__E as __fastkit::DeError), "deserialize_with")
            }
            None => {
                let value = crate::enum_de::unit_value(e, v);
                quote!(__fastkit::Ok(#value))
            }
        };
        let pattern = chosen(position, quote!(__value));
        quote!(#[allow(unused_variables)] #pattern => #value,)
    });
    let end = list_end(variants.len());

    let child_tys: Vec<_> = variants
        .iter()
        .filter_map(|(_, child)| child.as_ref().map(|c| c.ty.clone()))
        .collect();
    let alternatives = variants.iter().map(|(_, child)| match child {
        Some(child) => {
            let ty = &child.ty;
            quote!(<#ty as __fastkit::FlattenFields>::NAME_TREE)
        }
        None => quote!(&[]),
    });
    // A newtype variant's type may be no tree (the flatten impls then exist for no one), and an
    // array length is evaluated whatever the where clauses say: names are concatenated only
    // when every child is a variant struct of an enum without type parameters.
    let generic =
        generics.type_params().next().is_some() || generics.const_params().next().is_some();
    let newtype = variants
        .iter()
        .any(|(v, child)| child.is_some() && v.trees().is_none());
    let fields = if generic || newtype {
        quote!(__fastkit::unnamed_fields(
            <Self as __fastkit::FlattenFields>::LEN
        ))
    } else {
        let erased = child_tys.iter().map(bound::erase_lifetimes);
        let erased2 = erased.clone();
        quote!(&__fastkit::concat_fields::<{ 1 #(+ <#erased as __fastkit::FlattenFields>::LEN)* }>(
            &[&[#tag] #(, <#erased2 as __fastkit::FlattenFields>::FIELDS)*]
        ))
    };
    let own_deny = e.container.attrs.deny_unknown_fields();
    let own_deny_flattened = e.strict && own_deny;

    // Each written variant's shape: a struct variant's tree, a newtype variant's value.
    let variant_writes: Vec<_> = e
        .variants
        .iter()
        .filter(|v| {
            !v.variant.attrs.skip_serializing() && v.variant.attrs.serialize_with().is_none()
        })
        .filter_map(|v| match v.ser_shape() {
            SideShape::Struct(tree) => Some(crate::ser::write_shape(tree)),
            SideShape::Newtype => {
                let ty = v.fields()[0].ty;
                Some(quote!(<#ty as __fastkit::FlattenSerialize>::WRITE))
            }
            _ => None,
        })
        .collect();
    let written_alternatives = variant_writes.iter().map(|w| quote!((#w).name_tree));
    let writes_map = variant_writes.iter().map(|w| quote!((#w).writes_map));
    let write = WriteShape {
        name_tree: quote!(&[
            __fastkit::NamePart::leaf(&[#tag]),
            __fastkit::NamePart::OneOf(&[#(#written_alternatives),*]),
        ]),
        writes_map: quote!(false #(|| #writes_map)*),
        has_leaves: true,
        serde_viewer: true,
    };
    let serialize = serialize_impl(e, &clauses.ser, write, |v| {
        let variant = v.variant.attrs.name().serialize_name();
        let write_tag = quote!(__fastkit::FieldSink::field(__out, #tag, #variant)?;);
        if v.variant.attrs.serialize_with().is_some() {
            let error = through_function(
                e,
                v,
                quote!(__S::Error as __fastkit::SerError),
                "serialize_with",
            );
            return (quote!(0), error);
        }
        match v.ser_shape() {
            SideShape::Unit => (quote!(1), quote!(#write_tag __fastkit::Ok(()))),
            SideShape::Newtype => (
                quote!(1 + __fastkit::FlattenSerialize::serialized_len(__field0)),
                quote!(#write_tag __fastkit::FlattenSerialize::serialize_leaves(__field0, __out)),
            ),
            SideShape::Struct(tree) => {
                let refs = enum_ser::struct_refs(e, v, tree);
                (
                    quote!(1 + __fastkit::FlattenSerialize::serialized_len(#refs)),
                    quote!(#write_tag __fastkit::FlattenSerialize::serialize_leaves(#refs, __out)),
                )
            }
            // serde's parser rejects tuple variants in internally tagged enums.
            SideShape::Tuple => (
                quote!(0),
                quote!(__fastkit::Err(__fastkit::variant_not_serializable())),
            ),
        }
    });

    let de_items = || {
        let reader = Reader {
            read: {
                let of_trees = |name: &str| {
                    let name = syn::Ident::new(name, proc_macro2::Span::call_site());
                    vec![quote!(<#trees as __fastkit::VariantFields>::#name)]
                };
                let deny = of_trees("DENY_UNKNOWN_FIELDS_FLATTENED");
                ReadShape::new(Base::Leaves)
                    .any("deny_unknown_fields", own_deny, deny.clone())
                    .any("deny_unknown_fields_flattened", own_deny_flattened, deny)
                    .any("strict", e.strict, Vec::new())
                    .any("catch_all", false, of_trees("CATCH_ALL"))
                    .any("aliases_by_text", false, of_trees("ALIASED"))
                    // serde reads an internally tagged enum with `deserialize_any`, which views
                    // every entry: a catch-all after it receives its keys too.
                    .any("serde_viewer", true, Vec::new())
                    .any("serde_order", false, of_trees("SERDE_ORDER"))
            },
            len: quote!(1 + <#trees as __fastkit::VariantFields>::LEN),
            fields,
            name_tree: quote!(&[
                __fastkit::NamePart::leaf(&[#tag]),
                __fastkit::NamePart::OneOf(&[#(#alternatives),*]),
            ]),
            slot_of: quote!(__fastkit::internal_slot_of::<#trees>(#tag, __key)),
            more_fields: quote! {
                #[inline]
                fn slot_name(__slot: usize) -> __fastkit::Option<&'static str> {
                    __fastkit::internal_slot_name::<#trees>(#tag, __slot)
                }
            },
            state: quote!(__fastkit::InternalState<'de, Self>),
            new_state: quote!(__fastkit::InternalState::new()),
            state_is_empty: quote!(__state.is_empty()),
            // The tag chooses the variant: a key of another variant's leaf is unknown.
            owns: Some(quote!(__state.owns(__slot))),
            deserialize_slot: quote!(__state.deserialize_slot(__slot, __map)),
            finish: quote!(__state.finish()),
            deserialize_leaves: quote!(__fastkit::internal_leaves(__leaves)),
            deserialize_rest: Some(quote!(__state.deserialize_rest(__key, __map))),
            more: ProvidedItems {
                rest_claim: Some(Method::inline(quote!(__state.rest_claim(__key)))),
                fill_held: Some(Method::plain(quote! {
                    __fastkit::internal_fill_held(__state, __held, __mode)
                })),
                ..ProvidedItems::default()
            },
        }
        .expand(&headers);
        let internal = implement_de(
            Trait::FlattenInternal,
            &headers,
            quote! {
            type Trees = #trees;

            #[inline]
            fn from_tree<__E: __fastkit::DeError>(
                __tree: <Self::Trees as __fastkit::VariantTrees<'de>>::Value,
            ) -> __fastkit::Result<Self, __E> {
                match __tree {
                    #(#from_tree_arms)*
                    #end => match __end {},
                }
            }
                },
        );
        quote!(#reader #internal)
    };
    halves.pick(de_items, || serialize)
}
