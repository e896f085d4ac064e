//! Unit structs: serde's own `Serialize` and `Deserialize` (a unit, `null` in JSON), and no
//! leaves when flattened (as serde's flatten writes nothing for them and reads them from any
//! object).

use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::ast::Container;
use syn::{Generics, Ident};

use crate::halves::Halves;
use crate::impls::{self, ImplFor, Method, ProvidedItems, ReaderItems, Trait};
use crate::inline;
use crate::propagate::or_return;
use crate::tree::Expecting;

pub fn expand(container: &Container, halves: Halves) -> TokenStream {
    let ident = &container.ident;
    let ser_name = container.attrs.name().serialize_name();
    let de_name = container.attrs.name().deserialize_name();
    let expecting = Expecting::of(&container.attrs, format!("unit struct {ident}"));
    let read =
        or_return(quote!(__fastkit::deserialize_unit_struct(__deserializer, #de_name, #expecting)));
    leafless(
        ident,
        container.generics,
        halves,
        &Bodies {
            deserialize: quote! {
                #read;
                __fastkit::Ok(#ident)
            },
            value: quote!(__fastkit::Ok(#ident)),
            serialize: quote!(__serializer.serialize_unit_struct(#ser_name)),
        },
    )
}

/// What differs between the leafless impls of a unit struct and of a placeholder
/// (`dummy::placeholders`, whose bodies are `unreachable!()`).
pub struct Bodies {
    /// `Deserialize::deserialize`'s body.
    pub deserialize: TokenStream,
    /// The value read from no leaves (`finish`, `deserialize_leaves`).
    pub value: TokenStream,
    /// `Serialize::serialize`'s body.
    pub serialize: TokenStream,
}

/// serde's traits and the flatten traits of a type with no leaves, for `halves`.
pub fn leafless(
    ident: &Ident,
    generics: &Generics,
    halves: Halves,
    bodies: &Bodies,
) -> TokenStream {
    let per_key = inline::per_key();
    let where_clause = generics.where_clause.as_ref();
    let Bodies {
        deserialize,
        value,
        serialize,
    } = bodies;
    let de = || {
        let reading = ImplFor::item_de(ident, generics, where_clause);
        let deserialize = impls::deserialize(&reading, quote!(), deserialize.clone());
        let fields = impls::implement(
            Trait::FlattenFields,
            &ImplFor::item(ident, generics, where_clause),
            quote! {
                const LEN: usize = 0;
                const FIELDS: &'static [&'static str] = &[];

                #per_key
                fn slot_of(_key: &str) -> __fastkit::Option<usize> {
                    __fastkit::None
                }
            },
        );
        let reader = impls::flatten_deserialize(
            &reading,
            ReaderItems {
                state: quote!(()),
                new_state: Method::new(per_key.clone(), TokenStream::new()),
                state_is_empty: Method::inline(quote! {
                    let _ = __state;
                    true
                }),
                deserialize_slot: Method::plain(quote! {
                    let _ = (__state, __slot, __map);
                    __fastkit::Err(__fastkit::slot_out_of_range())
                }),
                finish: Method::new(
                    per_key.clone(),
                    quote! {
                        let _ = __state;
                        #value
                    },
                ),
                deserialize_leaves: Method::inline(quote! {
                    let _ = __leaves;
                    #value
                }),
                provided: ProvidedItems::default(),
            },
        );
        quote!(#deserialize #fields #reader)
    };
    let ser = || {
        let writing = ImplFor::item(ident, generics, where_clause);
        let serialize = impls::serialize(&writing, quote!(), serialize.clone());
        let writer = impls::implement(
            Trait::FlattenSerialize,
            &writing,
            quote! {
                const WRITE: __fastkit::WriteShape = __fastkit::WriteShape::EMPTY;

                #[inline]
                fn serialized_len(&self) -> usize {
                    0
                }

                #[inline]
                fn serialize_leaves<__S: __fastkit::FieldSink>(
                    &self,
                    _out: &mut __S,
                ) -> __fastkit::Result<(), __S::Error> {
                    __fastkit::Ok(())
                }
            },
        );
        quote!(#serialize #writer)
    };
    halves.pick(de, ser)
}
