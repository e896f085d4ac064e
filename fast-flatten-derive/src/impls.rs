//! Every impl of a trait the derive implements is written here: serde's `Serialize` and
//! `Deserialize`, and the runtime's flatten traits. The expanders decide what goes inside (the
//! items, or a function's body) and for which type, generics and bounds; the header, the
//! `#[automatically_derived]` marker and serde's function signatures are written once.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Generics, Ident};

use crate::bound::with_de_lifetime;

/// A trait the derive implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trait {
    /// serde's `Serialize`.
    Serialize,
    /// serde's `Deserialize<'de>`: the impl's generics declare `'de`.
    Deserialize,
    /// The reading side's names and shape.
    FlattenFields,
    /// The reading side's in-place reader (`FlattenDeserialize<'de>`).
    FlattenDeserialize,
    /// A flattened internally tagged enum's variants, read as trees (`FlattenInternal<'de>`).
    FlattenInternal,
    /// The writing side.
    FlattenSerialize,
    /// How many elements a tree is read from on formats that read structs as sequences.
    TreeElements,
}

impl Trait {
    /// The trait's path, through the runtime's `__private`.
    fn path(self) -> TokenStream {
        match self {
            Trait::Serialize => quote!(__fastkit::Serialize),
            Trait::Deserialize => quote!(__fastkit::Deserialize<'de>),
            Trait::FlattenFields => quote!(__fastkit::FlattenFields),
            Trait::FlattenDeserialize => quote!(__fastkit::FlattenDeserialize<'de>),
            Trait::FlattenInternal => quote!(__fastkit::FlattenInternal<'de>),
            Trait::FlattenSerialize => quote!(__fastkit::FlattenSerialize),
            Trait::TreeElements => quote!(__fastkit::TreeElements),
        }
    }
}

/// What an impl is for: `impl #generics Trait for #self_ty #where_clause`.
pub struct ImplFor {
    /// The impl's generics (with `'de` for the reading traits).
    pub generics: TokenStream,
    /// The type implementing the trait.
    pub self_ty: TokenStream,
    /// The where clause, possibly empty.
    pub where_clause: TokenStream,
}

impl ImplFor {
    /// An impl for `self_ty` with these generics and bounds.
    pub fn new(
        generics: impl ToTokens,
        self_ty: impl ToTokens,
        where_clause: impl ToTokens,
    ) -> ImplFor {
        ImplFor {
            generics: generics.into_token_stream(),
            self_ty: self_ty.into_token_stream(),
            where_clause: where_clause.into_token_stream(),
        }
    }

    /// An impl of a writing trait (or `FlattenFields`) for the item `ident` with its own
    /// `generics`, bounded by `where_clause`.
    pub fn item(ident: &Ident, generics: &Generics, where_clause: impl ToTokens) -> ImplFor {
        let (impl_generics, ty_generics, _) = generics.split_for_impl();
        ImplFor::new(impl_generics, quote!(#ident #ty_generics), where_clause)
    }

    /// An impl of a reading trait (`Deserialize<'de>`, `FlattenDeserialize<'de>`) for the item:
    /// its generics with `'de` first.
    pub fn item_de(ident: &Ident, generics: &Generics, where_clause: impl ToTokens) -> ImplFor {
        let de_generics = with_de_lifetime(generics);
        let (impl_generics, _, _) = de_generics.split_for_impl();
        let (_, ty_generics, _) = generics.split_for_impl();
        ImplFor::new(impl_generics, quote!(#ident #ty_generics), where_clause)
    }
}

/// `impl Trait for Type { items }`.
pub fn implement(trait_: Trait, target: &ImplFor, items: TokenStream) -> TokenStream {
    let path = trait_.path();
    let ImplFor {
        generics,
        self_ty,
        where_clause,
    } = target;
    quote! {
        #[automatically_derived]
        impl #generics #path for #self_ty #where_clause {
            #items
        }
    }
}

/// `impl Serialize`, whose `serialize` has the attributes `fn_attrs` and the body `body`
/// (`self` and `__serializer` in scope).
pub fn serialize(target: &ImplFor, fn_attrs: TokenStream, body: TokenStream) -> TokenStream {
    let items = quote! {
        #fn_attrs
        fn serialize<__S: __fastkit::Serializer>(
            &self,
            __serializer: __S,
        ) -> __fastkit::Result<__S::Ok, __S::Error> {
            #body
        }
    };
    implement(Trait::Serialize, target, items)
}

/// `impl Deserialize<'de>`, whose `deserialize` has the attributes `fn_attrs` and the body
/// `body` (`__deserializer` in scope).
pub fn deserialize(target: &ImplFor, fn_attrs: TokenStream, body: TokenStream) -> TokenStream {
    let items = quote! {
        #fn_attrs
        fn deserialize<__D: __fastkit::Deserializer<'de>>(
            __deserializer: __D,
        ) -> __fastkit::Result<Self, __D::Error> {
            #body
        }
    };
    implement(Trait::Deserialize, target, items)
}
