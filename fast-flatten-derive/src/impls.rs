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
    /// A flattened untagged enum's struct variants, read side by side (`FlattenUntagged<'de>`).
    FlattenUntagged,
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
            Trait::FlattenUntagged => quote!(__fastkit::FlattenUntagged<'de>),
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

/// A generated method's body and the attributes before it (its inlining, see
/// [`crate::inline`]); its signature is written here.
pub struct Method {
    attrs: TokenStream,
    body: TokenStream,
}

impl Method {
    /// `body` under `attrs`.
    pub fn new(attrs: TokenStream, body: TokenStream) -> Method {
        Method { attrs, body }
    }

    /// `body` under `#[inline]`.
    pub fn inline(body: TokenStream) -> Method {
        Method::new(quote!(#[inline]), body)
    }

    /// `body` with no attribute: the compiler decides.
    pub fn plain(body: TokenStream) -> Method {
        Method::new(TokenStream::new(), body)
    }
}

/// The items of a `FlattenDeserialize<'de>` impl: the associated type and each method's body.
/// The bodies name the parameters as the signatures written here do: `__state`, `__slot`,
/// `__map`, `__key`, `__leaves`, `__held` and `__mode`.
pub struct ReaderItems {
    /// `State`.
    pub state: TokenStream,
    /// `new_state`.
    pub new_state: Method,
    /// `state_is_empty`, over `__state`.
    pub state_is_empty: Method,
    /// `deserialize_slot`, over `__state`, `__slot` and `__map` (`__M`).
    pub deserialize_slot: Method,
    /// `finish`, over `__state` (`__E`).
    pub finish: Method,
    /// `deserialize_leaves`, over `__leaves` (`__A`).
    pub deserialize_leaves: Method,
    /// The items with a default in the trait that this impl overrides.
    pub provided: ProvidedItems,
}

/// The items of `FlattenDeserialize` with a default, overridden where `Some`.
#[derive(Default)]
pub struct ProvidedItems {
    /// `CHOOSES`.
    pub chooses: Option<TokenStream>,
    /// `owns`, over `__state` and `__slot`.
    pub owns: Option<Method>,
    /// `non_name_key`, over `__state`.
    pub non_name_key: Option<Method>,
    /// `rest_claim`, over `__state` and `__key`.
    pub rest_claim: Option<Method>,
    /// `rest_name`, over `__key`.
    pub rest_name: Option<Method>,
    /// `rest_takes_all`, over `__state`.
    pub rest_takes_all: Option<Method>,
    /// `reads_in_serde_order`, over `__state`.
    pub reads_in_serde_order: Option<Method>,
    /// `fill_held`, over `__state`, `__held` and `__mode` (`__E`).
    pub fill_held: Option<Method>,
    /// `fill_members`, over `__state` and `__held` (`__E`).
    pub fill_members: Option<Method>,
    /// `deserialize_rest`, over `__state`, `__key` and `__map` (`__M`).
    pub deserialize_rest: Option<Method>,
}

/// `impl FlattenDeserialize<'de>`: every signature of the trait's methods is written here.
pub fn flatten_deserialize(target: &ImplFor, items: ReaderItems) -> TokenStream {
    let ReaderItems {
        state,
        new_state,
        state_is_empty,
        deserialize_slot,
        finish,
        deserialize_leaves,
        provided,
    } = items;
    let ProvidedItems {
        chooses,
        owns,
        non_name_key,
        rest_claim,
        rest_name,
        rest_takes_all,
        reads_in_serde_order,
        fill_held,
        fill_members,
        deserialize_rest,
    } = provided;
    let state_ty = quote!(Self::State);
    let method = |method: Option<Method>, signature: TokenStream| {
        method.map(|Method { attrs, body }| quote!(#attrs #signature { #body }))
    };
    let required = |m: Method, signature: TokenStream| method(Some(m), signature);
    let chooses = chooses.map(|value| quote!(const CHOOSES: bool = #value;));
    let items = [
        required(new_state, quote!(fn new_state() -> #state_ty)),
        required(
            state_is_empty,
            quote!(fn state_is_empty(__state: &#state_ty) -> bool),
        ),
        chooses,
        method(
            owns,
            quote!(fn owns(__state: &#state_ty, __slot: usize) -> bool),
        ),
        method(
            non_name_key,
            quote!(fn non_name_key(__state: &mut #state_ty)),
        ),
        required(
            deserialize_slot,
            quote! {
                fn deserialize_slot<__M: __fastkit::MapAccess<'de>>(
                    __state: &mut #state_ty,
                    __slot: usize,
                    __map: &mut __M,
                ) -> __fastkit::Result<(), __M::Error>
            },
        ),
        required(
            finish,
            quote!(fn finish<__E: __fastkit::DeError>(__state: #state_ty) -> __fastkit::Result<Self, __E>),
        ),
        required(
            deserialize_leaves,
            quote! {
                fn deserialize_leaves<__A: __fastkit::SeqAccess<'de>>(
                    __leaves: &mut __fastkit::SeqLeaves<'_, __A>,
                ) -> __fastkit::Result<Self, __A::Error>
            },
        ),
        method(
            rest_claim,
            quote! {
                fn rest_claim(
                    __state: &mut #state_ty,
                    __key: &__fastkit::RestKey<'de>,
                ) -> __fastkit::RestClaim
            },
        ),
        method(
            rest_name,
            quote!(fn rest_name(__key: &str) -> __fastkit::Option<&'static str>),
        ),
        method(
            rest_takes_all,
            quote!(fn rest_takes_all(__state: &mut #state_ty) -> bool),
        ),
        method(
            reads_in_serde_order,
            quote!(fn reads_in_serde_order(__state: &mut #state_ty) -> bool),
        ),
        method(
            fill_held,
            quote! {
                fn fill_held<__E: __fastkit::DeError>(
                    __state: &mut #state_ty,
                    __held: &mut __fastkit::HeldMap<'de>,
                    __mode: __fastkit::HeldMode,
                ) -> __fastkit::Result<(), __E>
            },
        ),
        method(
            fill_members,
            quote! {
                fn fill_members<__E: __fastkit::DeError>(
                    __state: &mut #state_ty,
                    __held: &mut __fastkit::HeldMap<'de>,
                ) -> __fastkit::Result<(), __E>
            },
        ),
        method(
            deserialize_rest,
            quote! {
                fn deserialize_rest<__M: __fastkit::MapAccess<'de>>(
                    __state: &mut #state_ty,
                    __key: __fastkit::RestKey<'de>,
                    __map: &mut __M,
                ) -> __fastkit::Result<bool, __M::Error>
            },
        ),
    ];
    let items = items.into_iter().flatten();
    implement(
        Trait::FlattenDeserialize,
        target,
        quote! {
            type State = #state;
            #(#items)*
        },
    )
}
