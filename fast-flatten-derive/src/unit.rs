//! Unit structs: serde's own `Serialize` and `Deserialize` (a unit, `null` in JSON), and no
//! leaves when flattened (as serde's flatten writes nothing for them and reads them from any
//! object).

use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::ast::Container;

use crate::halves::Halves;
use crate::inline;
use crate::propagate::or_return;
use crate::tree::expecting;

pub fn expand(container: &Container, private: &TokenStream, halves: Halves) -> TokenStream {
    let per_key = inline::per_key();
    let ident = &container.ident;
    let (impl_generics, ty_generics, where_clause) = container.generics.split_for_impl();
    let ser_name = container.attrs.name().serialize_name();
    let de_name = container.attrs.name().deserialize_name();
    let expecting = expecting(private, &container.attrs, &format!("unit struct {ident}"));
    let mut de_generics = container.generics.clone();
    de_generics.params.insert(0, syn::parse_quote!('de));
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    let read = or_return(
        private,
        quote!(#private::deserialize_unit_struct(__deserializer, #de_name, #expecting)),
    );
    let de = quote! {
        #[automatically_derived]
        impl #de_impl_generics #private::Deserialize<'de> for #ident #ty_generics #where_clause {
            fn deserialize<__D: #private::Deserializer<'de>>(
                __deserializer: __D,
            ) -> #private::Result<Self, __D::Error> {
                #read;
                #private::Ok(#ident)
            }
        }

        #[automatically_derived]
        impl #impl_generics #private::FlattenFields for #ident #ty_generics #where_clause {
            const LEN: usize = 0;
            const FIELDS: &'static [&'static str] = &[];

            #per_key
            fn slot_of(_key: &str) -> #private::Option<usize> {
                #private::None
            }
        }

        #[automatically_derived]
        impl #de_impl_generics #private::FlattenDeserialize<'de> for #ident #ty_generics #where_clause {
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
        }

    };
    let ser = quote! {
        #[automatically_derived]
        impl #impl_generics #private::Serialize for #ident #ty_generics #where_clause {
            fn serialize<__S: #private::Serializer>(
                &self,
                __serializer: __S,
            ) -> #private::Result<__S::Ok, __S::Error> {
                __serializer.serialize_unit_struct(#ser_name)
            }
        }

        #[automatically_derived]
        impl #impl_generics #private::FlattenSerialize for #ident #ty_generics #where_clause {
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
        }
    };
    halves.pick(|| de, || ser)
}
