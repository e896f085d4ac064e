//! The hidden types through which the expansion calls a `serialize_with` or `deserialize_with`
//! function, as serde's derive does: the function is generic over the format, so it needs a type
//! whose `Serialize` or `Deserialize` calls it. One shape for every expander (struct leaves,
//! tuple struct fields, enum variants and their fields):
//!
//! - writing: `struct W<'__w, G..> { values: (&'__w A, ..), __marker }`, whose `serialize`
//!   calls the function with each value and the serializer;
//! - reading: `struct W<'de, G..> { value: T, __marker }`, whose `deserialize` calls the
//!   function, typed so that a function of the wrong type is an error at its name. Read it, then
//!   take `.value`.
//!
//! `G..` are the container's generics, used by the marker (`fn() -> Container`), so that the
//! wrapper needs no bounds of its own beyond the container's where clause.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{ExprPath, Generics, Ident, Type, WhereClause};

use crate::bound;
use crate::impls::{self, ImplFor};
use crate::user_call;

/// A wrapper type: its name, and the container whose generics it takes.
pub struct WithWrapper<'a> {
    ident: Ident,
    generics: &'a Generics,
    container: TokenStream,
}

impl<'a> WithWrapper<'a> {
    /// The wrapper `ident`, declared with `generics`, the generics of `container` (the
    /// container's type, `Name<T, ..>`).
    pub fn new(ident: Ident, generics: &'a Generics, container: TokenStream) -> Self {
        WithWrapper {
            ident,
            generics,
            container,
        }
    }

    /// The writing wrapper: references to values of `tys`, written by `path(values.., s)`.
    pub fn serializing<'t>(
        &self,
        tys: impl IntoIterator<Item = &'t Type>,
        path: &ExprPath,
        where_clause: &WhereClause,
    ) -> TokenStream {
        let WithWrapper {
            ident, container, ..
        } = self;
        let tys: Vec<&Type> = tys.into_iter().collect();
        let generics = bound::with_ref_lifetime(self.generics);
        let (impl_generics, ty_generics, _) = generics.split_for_impl();
        let values = (0..tys.len()).map(syn::Index::from);
        let call = user_call::call(path, quote!(#(self.values.#values,)* __serializer));
        let target = ImplFor::new(&impl_generics, quote!(#ident #ty_generics), where_clause);
        // Inlined like serde's own derive, so the format's loop sees the whole value.
        let serialize = impls::serialize(&target, quote!(#[inline]), call);
        quote! {
            #[doc(hidden)]
            struct #ident #impl_generics #where_clause {
                values: (#(&'__w #tys,)*),
                __marker: __fastkit::PhantomData<(fn() -> #container, &'__w ())>,
            }

            #serialize
        }
    }

    /// A reference to the writing wrapper around `values` (references), where a
    /// `&impl Serialize` goes.
    pub fn serialized(&self, values: impl IntoIterator<Item = TokenStream>) -> TokenStream {
        let ident = &self.ident;
        // The generic arguments are spelled out: the wrapper's type parameters appear only in
        // its marker, so they cannot be inferred.
        let args = bound::generic_args(self.generics);
        let values = values.into_iter();
        quote!(&#ident::<'_, #(#args),*> { values: (#(#values,)*), __marker: __fastkit::PhantomData })
    }

    /// The reading wrapper: a `value_ty`, read by `path(d)`.
    pub fn deserializing(
        &self,
        value_ty: &TokenStream,
        path: &ExprPath,
        where_clause: &WhereClause,
    ) -> TokenStream {
        let WithWrapper {
            ident, container, ..
        } = self;
        let generics = bound::with_de_lifetime(self.generics);
        let (impl_generics, ty_generics, _) = generics.split_for_impl();
        let call = user_call::call(path, quote!(__deserializer));
        let target = ImplFor::new(&impl_generics, quote!(#ident #ty_generics), where_clause);
        let deserialize = impls::deserialize(
            &target,
            quote!(),
            // Typed here so that a function of the wrong type is an error at its name.
            quote! {
                let __value: __fastkit::Result<#value_ty, __D::Error> = #call;
                __fastkit::Result::map(__value, |value| #ident {
                    value,
                    __marker: __fastkit::PhantomData,
                })
            },
        );
        quote! {
            #[doc(hidden)]
            struct #ident #impl_generics #where_clause {
                value: #value_ty,
                __marker: __fastkit::PhantomData<(fn() -> #container, &'de ())>,
            }

            #deserialize
        }
    }

    /// The reading wrapper's type, `W<'de, G..>`, to read it by.
    pub fn read_type(&self) -> TokenStream {
        let ident = &self.ident;
        let generics = bound::with_de_lifetime(self.generics);
        let (_, ty_generics, _) = generics.split_for_impl();
        quote!(#ident #ty_generics)
    }
}
