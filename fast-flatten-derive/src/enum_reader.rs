//! The reading half of a flattened enum, written once for every representation: each
//! representation (`enum_flatten.rs`) says what differs in a [`Reader`], and [`Reader::expand`]
//! writes the `FlattenFields` and `FlattenDeserialize` impls around it.
//!
//! The generated methods name their parameters `__key`, `__state`, `__slot`, `__map` and
//! `__leaves`; the bodies a representation gives use those names.

use proc_macro2::TokenStream;
use quote::quote;

use crate::impls::{self, ImplFor, Method, ProvidedItems, ReaderItems, Trait};
use crate::read_shape::ReadShape;

/// What a representation's reading half is made of (see the module documentation).
pub struct Reader {
    /// `FlattenFields::READ`.
    pub read: ReadShape,
    /// `FlattenFields::LEN`.
    pub len: TokenStream,
    /// `FlattenFields::FIELDS`.
    pub fields: TokenStream,
    /// `FlattenFields::NAME_TREE`.
    pub name_tree: TokenStream,
    /// `slot_of`'s body, over `__key`.
    pub slot_of: TokenStream,
    /// `FlattenFields` items beyond these (`slot_name`).
    pub more_fields: TokenStream,
    /// `FlattenDeserialize::State`.
    pub state: TokenStream,
    /// `new_state`'s body.
    pub new_state: TokenStream,
    /// `state_is_empty`'s body, over `__state`.
    pub state_is_empty: TokenStream,
    /// `owns`'s body over `__state` and `__slot`, for an enum whose leaves are chosen while
    /// reading (`CHOOSES`: the variant, by its tag).
    pub owns: Option<TokenStream>,
    /// `deserialize_slot`'s body, over `__state`, `__slot` and `__map`.
    pub deserialize_slot: TokenStream,
    /// `finish`'s body, over `__state`.
    pub finish: TokenStream,
    /// `deserialize_leaves`'s body, over `__leaves`.
    pub deserialize_leaves: TokenStream,
    /// `deserialize_rest`'s body over `__state`, `__key` and `__map`, for an enum that takes
    /// keys no leaf claims.
    pub deserialize_rest: Option<TokenStream>,
    /// `FlattenDeserialize` items beyond these (`rest_claim`, `fill_held`).
    pub more: ProvidedItems,
}

/// What the reading half's impl headers are made of.
pub struct Headers {
    /// The enum's generics, for `FlattenFields`.
    pub impl_generics: TokenStream,
    /// The same with `'de`, for `FlattenDeserialize` (and `FlattenInternal`).
    pub de_impl_generics: TokenStream,
    /// The enum's type.
    pub self_ty: TokenStream,
    /// `FlattenFields`'s where clause.
    pub fields_clause: syn::WhereClause,
    /// `FlattenDeserialize`'s where clause.
    pub de_clause: syn::WhereClause,
}

impl Reader {
    /// The `FlattenFields` and `FlattenDeserialize` impls.
    pub fn expand(self, headers: &Headers) -> TokenStream {
        let Reader {
            read,
            len,
            fields,
            name_tree,
            slot_of,
            more_fields,
            state,
            new_state,
            state_is_empty,
            owns,
            deserialize_slot,
            finish,
            deserialize_leaves,
            deserialize_rest,
            more,
        } = self;
        let read = read.to_const();
        let fields_impl = impls::implement(
            Trait::FlattenFields,
            &ImplFor::new(
                &headers.impl_generics,
                &headers.self_ty,
                &headers.fields_clause,
            ),
            quote! {
                #read
                const LEN: usize = #len;
                const FIELDS: &'static [&'static str] = #fields;
                const NAME_TREE: &'static [__fastkit::NamePart] = #name_tree;

                #[inline]
                fn slot_of(__key: &str) -> __fastkit::Option<usize> {
                    #slot_of
                }

                #more_fields
            },
        );
        // The variant is chosen while reading: a key of another variant's leaf is unknown.
        let chooses = owns.as_ref().map(|_| quote!(true));
        let reader_impl = impls::flatten_deserialize(
            &ImplFor::new(
                &headers.de_impl_generics,
                &headers.self_ty,
                &headers.de_clause,
            ),
            ReaderItems {
                state,
                new_state: Method::inline(new_state),
                state_is_empty: Method::inline(state_is_empty),
                deserialize_slot: Method::inline(deserialize_slot),
                finish: Method::inline(finish),
                deserialize_leaves: Method::plain(deserialize_leaves),
                provided: ProvidedItems {
                    chooses,
                    owns: owns.map(Method::inline),
                    deserialize_rest: deserialize_rest.map(Method::inline),
                    ..more
                },
            },
        );
        quote!(#fields_impl #reader_impl)
    }
}
