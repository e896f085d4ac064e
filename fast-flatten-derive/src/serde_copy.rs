//! Remote definitions (`#[serde(remote = "Other")] struct OtherDef`), which FastFlatten hands to
//! serde's own derive: they have nothing to flatten (they are read and written through the
//! `with` of other fields), and serde's derive is their reference. The item is copied under a
//! hidden name with serde's derives and its `#[serde]` and `#[repr]` attributes, and the
//! item's `serialize` and `deserialize` functions, which other fields name in `with`, call the
//! copy's.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Data, DeriveInput, Fields, Ident};

use crate::bound::{self, Impl};
use crate::halves::Halves;
use crate::impls::{self, ImplFor};
use crate::propagate::or_return;

/// How the item is copied.
struct Copy<'a> {
    /// The copy's name.
    ident: &'a Ident,
    /// The serde derives it gets (`Serialize`, `Deserialize`).
    derives: TokenStream,
    /// Whether `remote` and `getter` are kept: a copy read as a plain struct leaves them out
    /// (a remote definition with getters is read into the definition, then converted).
    remote: bool,
    /// The names serde gives the item, serializing and deserializing.
    names: (String, String),
}

/// The copy of `input`, deriving serde's traits through the runtime's re-export of serde, with
/// the `#[serde]` and `#[repr]` attributes and none of the others (`#[fast_flatten]`,
/// documentation).
/// `remote = "Self"` names the original type in the copy.
fn copy(input: &DeriveInput, how: &Copy) -> TokenStream {
    // The runtime's re-export of serde, through the name `dummy::wrap` binds.
    let krate = syn::LitStr::new("__fastkit::serde", Span::call_site());
    let original = &input.ident;
    let attrs = input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("serde") || attr.path().is_ident("repr"))
        .filter_map(|attr| {
            let attr = without(attr, &["rename"])?;
            if how.remote {
                Some(remote_self_to(&attr, original))
            } else {
                without(&attr, &["remote"])
            }
        });
    // The copy's name is not the item's: the names serde gives (the item's, or its `rename`).
    let (ser_name, de_name) = (&how.names.0, &how.names.1);
    let strip = |fields: &Fields| -> Fields {
        let mut fields = fields.clone();
        for field in fields.iter_mut() {
            field.attrs = field
                .attrs
                .iter()
                .filter(|attr| attr.path().is_ident("serde"))
                .filter_map(|attr| {
                    if how.remote {
                        Some(attr.clone())
                    } else {
                        without(attr, &["getter"])
                    }
                })
                .collect();
        }
        fields
    };
    let ident = how.ident;
    let derives = &how.derives;
    let generics = &input.generics;
    let where_clause = &generics.where_clause;
    let body = match &input.data {
        Data::Struct(data) => {
            let fields = strip(&data.fields);
            match fields {
                Fields::Named(_) => quote!(struct #ident #generics #where_clause #fields),
                Fields::Unnamed(_) => quote!(struct #ident #generics #fields #where_clause;),
                Fields::Unit => quote!(struct #ident #generics #where_clause;),
            }
        }
        Data::Enum(data) => {
            let variants = data.variants.iter().map(|variant| {
                let name = &variant.ident;
                let attrs = variant.attrs.iter().filter(|a| a.path().is_ident("serde"));
                let fields = strip(&variant.fields);
                quote!(#(#attrs)* #name #fields)
            });
            quote!(enum #ident #generics #where_clause { #(#variants,)* })
        }
        Data::Union(_) => TokenStream::new(),
    };
    quote! {
        #[derive(#derives)]
        #[serde(crate = #krate, rename(serialize = #ser_name, deserialize = #de_name))]
        #(#attrs)*
        #body
    }
}

/// `attr` (a `#[serde(..)]` list) without the entries named in `names`; `None` if none is left.
fn without(attr: &syn::Attribute, names: &[&str]) -> Option<syn::Attribute> {
    let syn::Meta::List(list) = &attr.meta else {
        return Some(attr.clone());
    };
    let Ok(entries) = list.parse_args_with(
        syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
    ) else {
        return Some(attr.clone());
    };
    let kept: Vec<&syn::Meta> = entries
        .iter()
        .filter(|meta| !names.iter().any(|name| meta.path().is_ident(name)))
        .collect();
    if kept.is_empty() {
        return None;
    }
    let path = list.path.clone();
    Some(syn::parse_quote!(#[#path(#(#kept),*)]))
}

/// The expansion of a remote definition: the copy, and the item's `serialize` and `deserialize`
/// functions (of the item's visibility, as serde writes them) calling the copy's; for a derive of
/// one half, that half's function alone, as serde's derive of that trait writes it.
pub fn remote(
    input: &DeriveInput,
    container: &serde_derive_internals::ast::Container,
    halves: Halves,
) -> TokenStream {
    let ident = &input.ident;
    let copy_ident = format_ident!("__FastFlattenSerde{}", ident);
    let getters = match &container.data {
        serde_derive_internals::ast::Data::Struct(_, fields) => {
            fields.iter().any(|f| f.attrs.getter().is_some())
        }
        serde_derive_internals::ast::Data::Enum(_) => false,
    };
    // With getters, serde reads the definition itself and converts it (`From<Def> for Remote`,
    // which the user writes); the remote copy would convert a copy. It is then read as a copy
    // without `remote`, moved into the definition, and converted.
    let de_ident = format_ident!("__FastFlattenSerdeDe{}", ident);
    let name = container.attrs.name();
    let names = (
        name.serialize_name().value.clone(),
        name.deserialize_name().value.clone(),
    );
    let serde = quote!(__fastkit::serde);
    let copies = if getters {
        let ser = halves.ser.then(|| {
            copy(
                input,
                &Copy {
                    ident: &copy_ident,
                    derives: quote!(#serde::Serialize),
                    remote: true,
                    names: names.clone(),
                },
            )
        });
        let de = halves.de.then(|| {
            copy(
                input,
                &Copy {
                    ident: &de_ident,
                    derives: quote!(#serde::Deserialize),
                    remote: false,
                    names: names.clone(),
                },
            )
        });
        quote!(#ser #de)
    } else {
        let derives = match (halves.ser, halves.de) {
            (true, true) => quote!(#serde::Serialize, #serde::Deserialize),
            (true, false) => quote!(#serde::Serialize),
            _ => quote!(#serde::Deserialize),
        };
        copy(
            input,
            &Copy {
                ident: &copy_ident,
                derives,
                remote: true,
                names: names.clone(),
            },
        )
    };
    let vis = &input.vis;
    let (impl_generics, ty_generics, _) = input.generics.split_for_impl();
    let de_generics = bound::with_de_lifetime(&input.generics);
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    let remote = container.attrs.remote().map(|path| {
        if path.is_ident("Self") {
            quote!(#ident)
        } else {
            quote!(#path)
        }
    });
    let copy_args = bound::generic_args(&input.generics);
    let copy_ty = quote!(#copy_ident::<#(#copy_args),*>);
    // The copy's functions are in impls bounded as serde bounds them; these are too.
    let fields = crate::tree::all_fields(container);
    let attrs = &container.attrs;
    let ser_clause = bound::fields_where_clause(
        &input.generics,
        attrs.ser_bound(),
        fields.iter().copied(),
        Impl::Serialize,
    );
    let de_clause = bound::fields_where_clause(
        &input.generics,
        attrs.de_bound(),
        fields.iter().copied(),
        Impl::Deserialize,
    );
    let read = if getters {
        let members = fields.iter().map(|f| &f.member);
        let de_ty = quote!(#de_ident::<#(#copy_args),*>);
        let copy =
            or_return(quote!(<#de_ty as __fastkit::Deserialize<'de>>::deserialize(__deserializer)));
        quote! {
            let __copy = #copy;
            __fastkit::Ok(__fastkit::Into::<#remote #ty_generics>::into(#ident { #(#members: __copy.#members),* }))
        }
    } else {
        quote!(#copy_ty::deserialize(__deserializer))
    };
    let ser = quote! {
        #[automatically_derived]
        impl #impl_generics #ident #ty_generics #ser_clause {
            #vis fn serialize<__S: __fastkit::Serializer>(
                __self: &#remote #ty_generics,
                __serializer: __S,
            ) -> __fastkit::Result<__S::Ok, __S::Error> {
                #copy_ty::serialize(__self, __serializer)
            }
        }
    };
    let de = quote! {
        #[automatically_derived]
        impl #de_impl_generics #ident #ty_generics #de_clause {
            #vis fn deserialize<__D: __fastkit::Deserializer<'de>>(
                __deserializer: __D,
            ) -> __fastkit::Result<#remote #ty_generics, __D::Error> {
                #read
            }
        }
    };
    let ser = halves.ser.then_some(ser);
    let de = halves.de.then_some(de);
    quote! {
        #copies
        #ser
        #de
    }
}

/// `attr` with `remote = "Self"` made `remote = "<original>"`: in the copy, `Self` would name
/// the copy.
fn remote_self_to(attr: &syn::Attribute, original: &Ident) -> syn::Attribute {
    let mut attr = attr.clone();
    if let syn::Meta::List(list) = &mut attr.meta {
        let mut after_remote = false;
        list.tokens = list
            .tokens
            .clone()
            .into_iter()
            .map(|token| {
                let replace = after_remote
                    && matches!(&token, proc_macro2::TokenTree::Literal(lit) if lit.to_string() == "\"Self\"");
                after_remote = match &token {
                    proc_macro2::TokenTree::Ident(ident) => ident == "remote",
                    proc_macro2::TokenTree::Punct(punct) => after_remote && punct.as_char() == '=',
                    _ => false,
                };
                if replace {
                    let name = syn::LitStr::new(&original.to_string(), Span::call_site());
                    proc_macro2::TokenTree::Literal(name.token())
                } else {
                    token
                }
            })
            .collect();
    }
    attr
}

/// Which half of serde's traits a copy implements for the item.
#[derive(Clone, Copy, PartialEq)]
pub enum Half {
    Serialize,
    Deserialize,
}

/// The half of a struct converted one way only (`try_from` alone, or `into` alone) that is not
/// converted, by serde's derive on a copy (`remote` of the item): such a struct is flattened as
/// serde flattens it, through its own impls (`convert::flatten_through_conversion`), so its own
/// impls cannot be written from its flatten traits. Its reading or writing is serde's own.
pub fn half(
    input: &DeriveInput,
    container: &serde_derive_internals::ast::Container,
    half: Half,
) -> TokenStream {
    let ident = &input.ident;
    let copy_ident = format_ident!("__FastFlattenSerde{}", ident);
    let name = container.attrs.name();
    let names = (
        name.serialize_name().value.clone(),
        name.deserialize_name().value.clone(),
    );
    let serde = quote!(__fastkit::serde);
    // The copy is a remote definition of the item, without its conversions.
    let mut plain = input.clone();
    plain.attrs = input
        .attrs
        .iter()
        .filter_map(|attr| {
            if attr.path().is_ident("serde") {
                without(attr, &["from", "try_from", "into"])
            } else {
                Some(attr.clone())
            }
        })
        .collect();
    let remote_name = syn::LitStr::new(&ident.to_string(), Span::call_site());
    plain
        .attrs
        .push(syn::parse_quote!(#[serde(remote = #remote_name)]));
    let derives = match half {
        Half::Serialize => quote!(#serde::Serialize),
        Half::Deserialize => quote!(#serde::Deserialize),
    };
    let copy = copy(
        &plain,
        &Copy {
            ident: &copy_ident,
            derives,
            remote: true,
            names,
        },
    );
    let copy_args = bound::generic_args(&input.generics);
    let copy_ty = quote!(#copy_ident::<#(#copy_args),*>);
    let fields = crate::tree::all_fields(container);
    let attrs = &container.attrs;
    let imp = match half {
        Half::Serialize => {
            let clause = bound::fields_where_clause(
                &input.generics,
                attrs.ser_bound(),
                fields.iter().copied(),
                Impl::Serialize,
            );
            let target = ImplFor::item(ident, &input.generics, clause);
            impls::serialize(
                &target,
                quote!(),
                quote!(#copy_ty::serialize(self, __serializer)),
            )
        }
        Half::Deserialize => {
            let clause = bound::fields_where_clause(
                &input.generics,
                attrs.de_bound(),
                fields.iter().copied(),
                Impl::Deserialize,
            );
            let target = ImplFor::item_de(ident, &input.generics, clause);
            impls::deserialize(
                &target,
                quote!(),
                quote!(#copy_ty::deserialize(__deserializer)),
            )
        }
    };
    quote! {
        #copy
        #imp
    }
}
