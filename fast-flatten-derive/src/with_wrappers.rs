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
use quote::{format_ident, quote};
use syn::{ExprPath, Generics, Ident, Type, WhereClause};

use crate::bound::{self, Impl};
use crate::impls::{self, ImplFor};
use crate::tree::{Member, Tree};
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

    /// The wrapper of a struct leaf's `serialize_with` (`which` is [`Impl::Serialize`]) or
    /// `deserialize_with` function.
    pub fn of_leaf(tree: &'a Tree, member: &Member, which: Impl) -> Self {
        let ident = &tree.ident;
        let (_, ty_generics, _) = tree.generics.split_for_impl();
        let direction = if which == Impl::Serialize {
            "Serialize"
        } else {
            "Deserialize"
        };
        WithWrapper::new(
            format_ident!("__{}With{}{}", direction, tree.ident, member.index),
            &tree.generics,
            quote!(#ident #ty_generics),
        )
    }

    /// The writing wrapper: references to values of `tys`, written by `path(values.., s)`.
    pub fn serializing<'t>(
        &self,
        tys: impl IntoIterator<Item = &'t Type>,
        path: &ExprPath,
        where_clause: &WhereClause,
    ) -> TokenStream {
        let tys: Vec<&Type> = tys.into_iter().collect();
        let values = (0..tys.len()).map(syn::Index::from);
        let call = user_call::call(path, quote!(#(self.values.#values,)* __serializer));
        self.declare(
            &bound::with_ref_lifetime(self.generics),
            quote!('__w),
            where_clause,
            quote!(values: (#(&'__w #tys,)*)),
            // Inlined like serde's own derive, so the format's loop sees the whole value.
            |target| impls::serialize(target, quote!(#[inline]), call),
        )
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
        let ident = &self.ident;
        let call = user_call::call(path, quote!(__deserializer));
        // Typed here so that a function of the wrong type is an error at its name.
        let body = quote! {
            let __value: __fastkit::Result<#value_ty, __D::Error> = #call;
            __fastkit::Result::map(__value, |__read| #ident {
                value: __read,
                __marker: __fastkit::PhantomData,
            })
        };
        self.declare(
            &bound::with_de_lifetime(self.generics),
            quote!('de),
            where_clause,
            quote!(value: #value_ty),
            |target| impls::deserialize(target, quote!(), body),
        )
    }

    /// The wrapper struct, declared with `generics` (the container's and `lifetime`) and
    /// holding `fields`, and its impl, which `implement` writes for the `ImplFor` given.
    fn declare(
        &self,
        generics: &Generics,
        lifetime: TokenStream,
        where_clause: &WhereClause,
        fields: TokenStream,
        implement: impl FnOnce(&ImplFor) -> TokenStream,
    ) -> TokenStream {
        let WithWrapper {
            ident, container, ..
        } = self;
        let (impl_generics, ty_generics, _) = generics.split_for_impl();
        let target = ImplFor::new(&impl_generics, quote!(#ident #ty_generics), where_clause);
        let implementation = implement(&target);
        quote! {
            #[doc(hidden)]
            struct #ident #impl_generics #where_clause {
                #fields,
                __marker: __fastkit::PhantomData<(fn() -> #container, &#lifetime ())>,
            }

            #implementation
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
