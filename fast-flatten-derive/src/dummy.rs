//! The `const _: () = { ... };` block every generated item is placed in, so that helper types and
//! imports stay out of the user's namespace; and the placeholder impls emitted beside the errors
//! of a failed expansion.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::halves::Halves;
use crate::impls::{self, ImplFor, Trait};

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
    let generics = &input.generics;
    let where_clause = generics.where_clause.as_ref();
    let unreachable = quote!(#private::unreachable!());
    // A type that already has a lifetime `'de` (itself an error) gets no `'de` impls.
    let has_de = generics.lifetimes().any(|l| l.lifetime.ident == "de");
    let de_impls = (halves.de && !has_de).then(|| {
        let reading = ImplFor::item_de(ident, generics, where_clause);
        let deserialize = impls::deserialize(private, &reading, quote!(), unreachable.clone());
        let reader = impls::implement(
            private,
            Trait::FlattenDeserialize,
            &reading,
            quote! {
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
                    #unreachable
                }

                fn finish<__E: #private::DeError>(_state: ()) -> #private::Result<Self, __E> {
                    #unreachable
                }

                fn deserialize_leaves<__A: #private::SeqAccess<'de>>(
                    _leaves: &mut #private::SeqLeaves<'_, __A>,
                ) -> #private::Result<Self, __A::Error> {
                    #unreachable
                }
            },
        );
        quote!(#deserialize #reader)
    });
    let target = ImplFor::item(ident, generics, where_clause);
    let fields = halves.de.then(|| {
        impls::implement(
            private,
            Trait::FlattenFields,
            &target,
            quote! {
                const LEN: usize = 0;
                const FIELDS: &'static [&'static str] = &[];

                fn slot_of(_key: &str) -> #private::Option<usize> {
                    #private::None
                }
            },
        )
    });
    let ser_impls = halves.ser.then(|| {
        let serialize = impls::serialize(private, &target, quote!(), unreachable.clone());
        let writer = impls::implement(
            private,
            Trait::FlattenSerialize,
            &target,
            quote! {
                fn serialized_len(&self) -> usize {
                    #unreachable
                }

                fn serialize_leaves<__S: #private::FieldSink>(
                    &self,
                    _out: &mut __S,
                ) -> #private::Result<(), __S::Error> {
                    #unreachable
                }
            },
        );
        quote!(#serialize #writer)
    });
    let items = quote! {
        #fields
        #ser_impls
        #de_impls
    };
    wrap(private, items)
}
