//! The `const _: () = { ... };` block every generated item is placed in, so that helper types and
//! imports stay out of the user's namespace; and the placeholder impls emitted beside the errors
//! of a failed expansion.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::halves::Halves;

pub fn wrap(private: &TokenStream, items: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        // `private_bounds`: the items are bounded on the flattened fields' types (`bound.rs`),
        // which may be less visible than the struct; the bounds hold, and no user names these
        // items.
        #[allow(
            non_upper_case_globals,
            non_camel_case_types,
            non_snake_case,
            unused_qualifications,
            private_bounds
        )]
        const _: () = {
            // `#[serde(borrow)]` on a `Cow` field makes serde's parser name
            // `_serde::__private::de::borrow_cow_str`; this is where that path leads.
            #[allow(unused_imports)]
            use #private::serde_compat as _serde;

            #items
        };
    }
}

/// Every trait the derive implements, with bodies that are never run, for a type whose expansion
/// failed: the compile errors already stop the build, and without these, each use of the type
/// (in a struct that flattens it, in `serde_json::to_string`) would add an error of its own
/// ("the trait `Serialize` is not implemented"), burying the one that names the cause. This is
/// what thiserror does on failure.
pub fn placeholders(input: &DeriveInput, private: &TokenStream, halves: Halves) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut de_generics = input.generics.clone();
    de_generics.params.insert(0, syn::parse_quote!('de));
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    // A type that already has a lifetime `'de` (itself an error) gets no `'de` impls.
    let has_de = input.generics.lifetimes().any(|l| l.lifetime.ident == "de");
    let de_impls = (halves.de && !has_de).then(|| {
        quote! {
            impl #de_impl_generics #private::Deserialize<'de> for #ident #ty_generics #where_clause {
                fn deserialize<__D: #private::Deserializer<'de>>(
                    __deserializer: __D,
                ) -> #private::Result<Self, __D::Error> {
                    #private::unreachable!()
                }
            }

            impl #de_impl_generics #private::FlattenDeserialize<'de> for #ident #ty_generics #where_clause {
                type State = ();

                fn new_state() {}

                fn state_is_empty(_state: &()) -> bool {
                    true
                }

                fn deserialize_slot<__M: #private::MapAccess<'de>>(
                    _state: &mut (),
                    _slot: usize,
                    _map: &mut __M,
                ) -> #private::Result<(), __M::Error> {
                    #private::unreachable!()
                }

                fn finish<__E: #private::DeError>(_state: ()) -> #private::Result<Self, __E> {
                    #private::unreachable!()
                }

                fn deserialize_leaves<__A: #private::SeqAccess<'de>>(
                    _leaves: &mut #private::SeqLeaves<'_, __A>,
                ) -> #private::Result<Self, __A::Error> {
                    #private::unreachable!()
                }
            }
        }
    });
    let fields = halves.de.then(|| {
        quote! {
            impl #impl_generics #private::FlattenFields for #ident #ty_generics #where_clause {
                const LEN: usize = 0;
                const FIELDS: &'static [&'static str] = &[];

                fn slot_of(_key: &str) -> #private::Option<usize> {
                    #private::None
                }
            }
        }
    });
    let ser_impls = halves.ser.then(|| {
        quote! {
            impl #impl_generics #private::Serialize for #ident #ty_generics #where_clause {
                fn serialize<__S: #private::Serializer>(
                    &self,
                    __serializer: __S,
                ) -> #private::Result<__S::Ok, __S::Error> {
                    #private::unreachable!()
                }
            }

            impl #impl_generics #private::FlattenSerialize for #ident #ty_generics #where_clause {
                fn serialized_len(&self) -> usize {
                    #private::unreachable!()
                }

                fn serialize_leaves<__S: #private::FieldSink>(
                    &self,
                    _out: &mut __S,
                ) -> #private::Result<(), __S::Error> {
                    #private::unreachable!()
                }
            }
        }
    });
    let items = quote! {
        #fields
        #ser_impls
        #de_impls
    };
    wrap(private, items)
}
