//! Unit structs: serde's own `Serialize` and `Deserialize` (a unit, `null` in JSON), and no
//! leaves when flattened (as serde's flatten writes nothing for them and reads them from any
//! object).

use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::ast::Container;

use crate::halves::Halves;
use crate::impls::{self, ImplFor, Trait};
use crate::inline;
use crate::propagate::or_return;
use crate::tree::expecting;

pub fn expand(container: &Container, private: &TokenStream, halves: Halves) -> TokenStream {
    let per_key = inline::per_key();
    let ident = &container.ident;
    let generics = container.generics;
    let where_clause = generics.where_clause.as_ref();
    let ser_name = container.attrs.name().serialize_name();
    let de_name = container.attrs.name().deserialize_name();
    let expecting = expecting(private, &container.attrs, &format!("unit struct {ident}"));
    let read = or_return(
        private,
        quote!(#private::deserialize_unit_struct(__deserializer, #de_name, #expecting)),
    );
    let de = || {
        let reading = ImplFor::item_de(ident, generics, where_clause);
        let deserialize = impls::deserialize(
            private,
            &reading,
            quote!(),
            quote! {
                #read;
                #private::Ok(#ident)
            },
        );
        let fields = impls::implement(
            private,
            Trait::FlattenFields,
            &ImplFor::item(ident, generics, where_clause),
            quote! {
                const LEN: usize = 0;
                const FIELDS: &'static [&'static str] = &[];

                #per_key
                fn slot_of(_key: &str) -> #private::Option<usize> {
                    #private::None
                }
            },
        );
        let reader = impls::implement(
            private,
            Trait::FlattenDeserialize,
            &reading,
            quote! {
                type State = ();

                #per_key
                fn new_state() {}

                #[inline]
                fn state_is_empty(_state: &()) -> bool {
                    true
                }

                fn deserialize_slot<__M: #private::MapAccess<'de>>(
                    _state: &mut (),
                    _slot: usize,
                    _map: &mut __M,
                ) -> #private::Result<(), __M::Error> {
                    #private::Err(#private::slot_out_of_range())
                }

                #per_key
                fn finish<__E: #private::DeError>(_state: ()) -> #private::Result<Self, __E> {
                    #private::Ok(#ident)
                }

                #[inline]
                fn deserialize_leaves<__A: #private::SeqAccess<'de>>(
                    _leaves: &mut #private::SeqLeaves<'_, __A>,
                ) -> #private::Result<Self, __A::Error> {
                    #private::Ok(#ident)
                }
            },
        );
        quote!(#deserialize #fields #reader)
    };
    let ser = || {
        let writing = ImplFor::item(ident, generics, where_clause);
        let serialize = impls::serialize(
            private,
            &writing,
            quote!(),
            quote!(__serializer.serialize_unit_struct(#ser_name)),
        );
        let writer = impls::implement(
            private,
            Trait::FlattenSerialize,
            &writing,
            quote! {
                const WRITE: #private::WriteShape = #private::WriteShape::EMPTY;

                #[inline]
                fn serialized_len(&self) -> usize {
                    0
                }

                #[inline]
                fn serialize_leaves<__S: #private::FieldSink>(
                    &self,
                    _out: &mut __S,
                ) -> #private::Result<(), __S::Error> {
                    #private::Ok(())
                }
            },
        );
        quote!(#serialize #writer)
    };
    halves.pick(de, ser)
}
