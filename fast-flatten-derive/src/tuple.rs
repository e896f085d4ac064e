//! Tuple and newtype structs (`struct Kind(String)`, `struct Pair(u8, u8)`): serde's own
//! `Serialize` and `Deserialize`, written as serde's derive writes them (`serialize_newtype_struct`
//! and `serialize_tuple_struct`; a visitor reading a newtype or a sequence). There is nothing to
//! flatten in them, so they implement no flatten traits: a struct flattening one marks the field
//! `#[fast_flatten(buffered)]`, as for any type with serde's impls.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_derive_internals::ast::{Container, Data, Field, Style};
use serde_derive_internals::attr::Default as SerdeDefault;

use crate::bound::{self, Impl};
use crate::halves::Halves;
use crate::impls::{self, ImplFor};
use crate::propagate::or_return;
use crate::user_call;
use crate::with_wrappers::WithWrapper;

/// The impls of a tuple or newtype struct: `ser` and `de` replace the derived ones where the
/// container converts (`into`, `from`, `try_from`).
pub fn expand(
    container: &Container,
    ser: Option<TokenStream>,
    de: Option<TokenStream>,
    halves: Halves,
) -> TokenStream {
    let Data::Struct(style, fields) = &container.data else {
        return TokenStream::new();
    };
    let newtype = matches!(style, Style::Newtype);
    let tuple = Tuple {
        container,
        fields,
        newtype,
    };
    halves.pick(
        || de.unwrap_or_else(|| tuple.deserialize()),
        || ser.unwrap_or_else(|| tuple.serialize()),
    )
}

struct Tuple<'a> {
    container: &'a Container<'a>,
    fields: &'a [Field<'a>],
    /// One field, read and written as a newtype struct (serde's `Style::Newtype`).
    newtype: bool,
}

impl<'a> Tuple<'a> {
    fn serialize(&self) -> TokenStream {
        let ident = &self.container.ident;
        let (impl_generics, ty_generics, _) = self.container.generics.split_for_impl();
        let where_clause = bound::fields_where_clause(
            self.container.generics,
            self.container.attrs.ser_bound(),
            self.fields,
            Impl::Serialize,
        );
        let name = self.container.attrs.name().serialize_name();
        let wrappers = self.fields.iter().enumerate().filter_map(|(index, field)| {
            let path = field.attrs.serialize_with()?;
            Some(
                self.with_wrapper("Serialize", index)
                    .serializing([field.ty], path, &where_clause),
            )
        });
        let body = if self.newtype {
            let value = self.serialized_value(0, &self.fields[0]);
            quote!(__fastkit::Serializer::serialize_newtype_struct(__serializer, #name, #value))
        } else {
            let written: Vec<_> = self
                .fields
                .iter()
                .enumerate()
                .filter(|(_, field)| !field.attrs.skip_serializing())
                .collect();
            let counts = written.iter().map(|(index, field)| {
                let member = syn::Index::from(*index);
                match field.attrs.skip_serializing_if() {
                    Some(path) => {
                        let skip = user_call::call(path, quote!(&self.#member));
                        quote!(if #skip { 0 } else { 1 })
                    }
                    None => quote!(1),
                }
            });
            let writes = written.iter().map(|(index, field)| {
                let member = syn::Index::from(*index);
                let value = self.serialized_value(*index, field);
                let write = quote! {
                    __fastkit::SerializeTupleStruct::serialize_field(&mut __state, #value)?;
                };
                match field.attrs.skip_serializing_if() {
                    Some(path) => {
                        let skip = user_call::call(path, quote!(&self.#member));
                        quote!(if !#skip { #write })
                    }
                    None => write,
                }
            });
            let let_mut = if written.is_empty() {
                quote!()
            } else {
                quote!(mut)
            };
            quote! {
                let #let_mut __state = __fastkit::Serializer::serialize_tuple_struct(
                    __serializer,
                    #name,
                    0 #(+ #counts)*,
                )?;
                #(#writes)*
                __fastkit::SerializeTupleStruct::end(__state)
            }
        };
        let target = ImplFor::new(&impl_generics, quote!(#ident #ty_generics), &where_clause);
        let serialize = impls::serialize(&target, quote!(), body);
        quote! {
            #(#wrappers)*

            #serialize
        }
    }

    /// A reference to what is written for field `index`: the field, or its `serialize_with`
    /// wrapper.
    fn serialized_value(&self, index: usize, field: &Field) -> TokenStream {
        let member = syn::Index::from(index);
        match field.attrs.serialize_with() {
            Some(_) => self
                .with_wrapper("Serialize", index)
                .serialized([quote!(&self.#member)]),
            None => quote!(&self.#member),
        }
    }

    /// The wrapper of field `index`'s `serialize_with` or `deserialize_with` function.
    fn with_wrapper(&self, direction: &str, index: usize) -> WithWrapper<'a> {
        let ident = &self.container.ident;
        let (_, ty_generics, _) = self.container.generics.split_for_impl();
        WithWrapper::new(
            format_ident!("__{}With{}{}", direction, ident, index),
            self.container.generics,
            quote!(#ident #ty_generics),
        )
    }

    fn deserialize(&self) -> TokenStream {
        let ident = &self.container.ident;
        let de_generics = bound::with_de_lifetime(self.container.generics);
        let (impl_generics, de_ty_generics, _) = de_generics.split_for_impl();
        let (_, ty_generics, _) = self.container.generics.split_for_impl();
        let mut where_clause = bound::fields_where_clause(
            self.container.generics,
            self.container.attrs.de_bound(),
            self.fields,
            Impl::Deserialize,
        );
        if self.container.attrs.de_bound().is_none()
            && !self.container.generics.params.is_empty()
            && matches!(self.container.attrs.default(), SerdeDefault::Default)
        {
            where_clause
                .predicates
                .push(syn::parse_quote!(#ident #ty_generics: __fastkit::Default));
        }
        let name = self.container.attrs.name().deserialize_name();
        let visitor = format_ident!("__FastFlattenVisitor{}", ident);
        let read_count = self
            .fields
            .iter()
            .filter(|f| !f.attrs.skip_deserializing())
            .count();
        let text = format!("tuple struct {ident}");
        let (expecting, too_short) = match self.container.attrs.expecting() {
            Some(custom) => (custom.to_owned(), custom.to_owned()),
            None if read_count == 1 => (text.clone(), format!("{text} with 1 element")),
            None => (text.clone(), format!("{text} with {read_count} elements")),
        };
        let wrappers = self.fields.iter().enumerate().filter_map(|(index, field)| {
            let path = field.attrs.deserialize_with()?;
            let ty = field.ty;
            Some(self.with_wrapper("Deserialize", index).deserializing(
                &quote!(#ty),
                path,
                &where_clause,
            ))
        });
        let container_default = match self.container.attrs.default() {
            SerdeDefault::None => None,
            SerdeDefault::Default => Some(quote!(__fastkit::Default::default())),
            SerdeDefault::Path(path) => Some(user_call::call(path, quote!())),
        };
        let uses_default = container_default.is_some()
            && self
                .fields
                .iter()
                .any(|field| matches!(field.attrs.default(), SerdeDefault::None));
        let let_default = container_default
            .filter(|_| uses_default)
            .map(|default| quote!(let __default: #ident #ty_generics = #default;));
        let mut read = 0usize;
        let lets: Vec<_> = self
            .fields
            .iter()
            .enumerate()
            .map(|(index, field)| {
                let local = format_ident!("__field{}", index);
                if field.attrs.skip_deserializing() {
                    let default = self.default_of(index, field, uses_default);
                    return quote!(let #local = #default;);
                }
                let position = read;
                read += 1;
                let missing = match field.attrs.default() {
                    SerdeDefault::None if !uses_default => quote! {
                        return __fastkit::Err(<__A::Error as __fastkit::DeError>::invalid_length(#position, &#too_short))
                    },
                    _ => self.default_of(index, field, uses_default),
                };
                let next = match field.attrs.deserialize_with() {
                    Some(_) => {
                        let wrapper = self.with_wrapper("Deserialize", index).read_type();
                        let next = or_return(
                            quote!(__fastkit::SeqAccess::next_element::<#wrapper>(&mut __seq)),
                        );
                        quote!(__fastkit::Option::map(#next, |__wrapped| __wrapped.value))
                    }
                    None => {
                        let ty = field.ty;
                        or_return(quote!(__fastkit::SeqAccess::next_element::<#ty>(&mut __seq)))
                    }
                };
                quote! {
                    let #local = match #next {
                        __fastkit::Some(__value) => __value,
                        __fastkit::None => #missing,
                    };
                }
            })
            .collect();
        let locals: Vec<_> = (0..self.fields.len())
            .map(|index| format_ident!("__field{}", index))
            .collect();
        let visit_newtype = self.newtype.then(|| {
            let field = &self.fields[0];
            let value = match field.attrs.deserialize_with() {
                Some(path) => user_call::call(path, quote!(__deserializer)),
                None => {
                    let ty = field.ty;
                    quote!(<#ty as __fastkit::Deserialize<'de>>::deserialize(__deserializer))
                }
            };
            let read = or_return(value);
            quote! {
                #[inline]
                fn visit_newtype_struct<__E: __fastkit::Deserializer<'de>>(
                    self,
                    __deserializer: __E,
                ) -> __fastkit::Result<Self::Value, __E::Error> {
                    let __field0 = #read;
                    __fastkit::Ok(#ident(__field0))
                }
            }
        });
        let entry = if self.newtype {
            quote!(__fastkit::Deserializer::deserialize_newtype_struct(
                __deserializer,
                #name,
                #visitor { __marker: __fastkit::PhantomData },
            ))
        } else {
            quote!(__fastkit::Deserializer::deserialize_tuple_struct(
                __deserializer,
                #name,
                #read_count,
                #visitor { __marker: __fastkit::PhantomData },
            ))
        };
        let target = ImplFor::new(&impl_generics, quote!(#ident #ty_generics), &where_clause);
        let deserialize = impls::deserialize(&target, quote!(), entry);
        quote! {
            #(#wrappers)*

            #[doc(hidden)]
            struct #visitor #impl_generics #where_clause {
                __marker: __fastkit::PhantomData<(fn() -> #ident #ty_generics, &'de ())>,
            }

            #[automatically_derived]
            impl #impl_generics __fastkit::Visitor<'de> for #visitor #de_ty_generics #where_clause {
                type Value = #ident #ty_generics;

                fn expecting(&self, __f: &mut __fastkit::Formatter<'_>) -> __fastkit::FmtResult {
                    __f.write_str(#expecting)
                }

                #visit_newtype

                #[inline]
                fn visit_seq<__A: __fastkit::SeqAccess<'de>>(
                    self,
                    mut __seq: __A,
                ) -> __fastkit::Result<Self::Value, __A::Error> {
                    #let_default
                    #(#lets)*
                    __fastkit::Ok(#ident(#(#locals),*))
                }
            }

            #deserialize
        }
    }

    /// A field's value when it is skipped or missing: its own default, the container's (as
    /// `__default`), or `Default::default()`.
    fn default_of(&self, index: usize, field: &Field, uses_default: bool) -> TokenStream {
        match field.attrs.default() {
            SerdeDefault::Default => quote!(__fastkit::Default::default()),
            SerdeDefault::Path(path) => user_call::call(path, quote!()),
            SerdeDefault::None if uses_default => {
                let member = syn::Index::from(index);
                quote!(__default.#member)
            }
            SerdeDefault::None => quote!(__fastkit::Default::default()),
        }
    }
}
