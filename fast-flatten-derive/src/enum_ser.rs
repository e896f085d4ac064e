//! `Serialize` for an enum: one `match` arm per variant, writing what serde's derive writes for
//! the enum's representation. Struct variants write their leaves through their by-reference
//! hidden struct (`FlattenSerialize`), tuple variants through a hidden tuple of references.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use serde_derive_internals::ast::Style;
use serde_derive_internals::attr::TagType;
use syn::spanned::Spanned;

use crate::bound::{self, Impl};
use crate::impls::{self, ImplFor};
use crate::tree::{Tree, MARKER};
use crate::user_call;
use crate::variants::{Enum, EnumVariant, SideShape};
use crate::with_wrappers::WithWrapper;

pub fn expand(e: &Enum) -> TokenStream {
    let self_ty = e.self_ty();
    let (impl_generics, _, _) = e.container.generics.split_for_impl();
    let where_clause = bound::enum_where_clause(e, Impl::Serialize);
    let helpers = e.variants.iter().map(|v| helper_types(e, v, &where_clause));
    let arms = e.variants.iter().map(|v| arm(e, v));
    let scrutinee = scrutinee(e);
    let target = ImplFor::new(impl_generics, &self_ty, &where_clause);
    let serialize = impls::serialize(
        &target,
        quote!(#[inline]),
        quote! {
            match #scrutinee {
                #(#arms)*
            }
        },
    );
    quote! {
        #(#helpers)*

        #serialize
    }
}

/// What an impl on `&self` matches: `*self` for an enum without variants, whose reference the
/// compiler does not take as uninhabited (serde's derive matches `*self` too).
pub fn scrutinee(e: &Enum) -> TokenStream {
    if e.variants.is_empty() {
        quote!(*self)
    } else {
        quote!(self)
    }
}

/// The locals a variant's fields are bound to in its arm.
fn locals(v: &EnumVariant) -> Vec<syn::Ident> {
    (0..v.fields().len())
        .map(|i| format_ident!("__field{}", i))
        .collect()
}

/// The pattern of a variant, binding every field to a reference.
pub fn pattern(e: &Enum, v: &EnumVariant) -> TokenStream {
    let path = v.path(e.ident);
    let locals = locals(v);
    match v.variant.style {
        Style::Unit => path,
        Style::Newtype | Style::Tuple => quote!(#path(#(#locals),*)),
        Style::Struct => {
            let members = v.fields().iter().map(|f| &f.member);
            quote!(#path { #(#members: #locals),* })
        }
    }
}

/// serde's error for writing a variant marked `#[serde(skip_serializing)]`, in a `serialize`
/// generic over `__S`.
pub fn skipped_variant_error(e: &Enum, v: &EnumVariant) -> TokenStream {
    let message = format!(
        "the enum variant {}::{} cannot be serialized",
        e.ident,
        v.ident()
    );
    quote!(__fastkit::Err(<__S::Error as __fastkit::SerError>::custom(#message)))
}

fn arm(e: &Enum, v: &EnumVariant) -> TokenStream {
    let pattern = pattern(e, v);
    if v.variant.attrs.skip_serializing() {
        let error = skipped_variant_error(e, v);
        let path = v.path(e.ident);
        let rest = match v.variant.style {
            Style::Unit => quote!(),
            Style::Newtype | Style::Tuple => quote!((..)),
            Style::Struct => quote!({ .. }),
        };
        return quote!(#path #rest => #error,);
    }
    let body = body(e, v);
    quote!(#pattern => #body,)
}

/// What a variant holds, as expressions over its fields bound to `__field0`, `__field1`, ...
pub enum Content {
    /// Nothing: a unit variant (or a newtype variant whose field is skipped).
    Unit,
    /// One `Serialize` value: a newtype variant's field (or its `serialize_with` wrapper), or
    /// what a variant-level `serialize_with` writes.
    Value(TokenStream),
    /// A tuple variant's fields by reference, a `TupleFields`.
    Tuple(TokenStream),
    /// A struct variant's fields by reference, a `FlattenSerialize` tree.
    Struct(TokenStream),
}

/// What variant `v` holds.
pub fn content(e: &Enum, v: &EnumVariant) -> Content {
    if v.variant.attrs.serialize_with().is_some() {
        return Content::Value(with_value(e, v));
    }
    match v.ser_shape() {
        SideShape::Unit => Content::Unit,
        SideShape::Newtype => Content::Value(newtype_value(e, v)),
        SideShape::Tuple => Content::Tuple(tuple_refs(e, v)),
        SideShape::Struct(tree) => Content::Struct(struct_refs(e, v, tree)),
    }
}

/// Writes one variant, its fields bound to `__field0`, `__field1`, ...
fn body(e: &Enum, v: &EnumVariant) -> TokenStream {
    let attrs = &e.container.attrs;
    let name = attrs.name().serialize_name();
    let index = v.ser_index;
    let variant = v.variant.attrs.name().serialize_name();
    let rust_name = e.rust_name();
    let rust_variant = v.ident().to_string();
    let span = v
        .fields()
        .first()
        .map_or_else(proc_macro2::Span::call_site, |f| f.original.span());

    match (e.tag_of(v), content(e, v)) {
        (TagType::External, Content::Unit) => quote! {
            __fastkit::Serializer::serialize_unit_variant(__serializer, #name, #index, #variant)
        },
        (TagType::External, Content::Value(value)) => {
            let func = quote_spanned!(span=> __fastkit::Serializer::serialize_newtype_variant);
            quote!(#func(__serializer, #name, #index, #variant, #value))
        }
        (TagType::External, Content::Tuple(refs)) => quote! {
            __fastkit::serialize_tuple_variant(__serializer, #name, #index, #variant, #refs)
        },
        (TagType::External, Content::Struct(refs)) => quote! {
            __fastkit::serialize_struct_variant(__serializer, #name, #index, #variant, #refs)
        },
        (TagType::Internal { tag }, Content::Unit) => quote! {
            __fastkit::serialize_tagged::<__S, str, ()>(__serializer, #name, #tag, #variant, __fastkit::None)
        },
        (TagType::Internal { tag }, Content::Value(value)) => {
            let func = quote_spanned!(span=> __fastkit::serialize_tagged_newtype);
            quote!(#func(__serializer, #rust_name, #rust_variant, #tag, #variant, #value))
        }
        (TagType::Internal { tag }, Content::Struct(refs)) => quote! {
            __fastkit::serialize_tagged_struct(__serializer, #name, #tag, #variant, #refs)
        },
        // serde's parser rejects tuple variants in internally tagged enums.
        (TagType::Internal { .. }, Content::Tuple(_)) => {
            quote!(__fastkit::Err(__fastkit::variant_not_serializable()))
        }
        (
            TagType::Adjacent {
                tag,
                content: content_key,
            },
            content,
        ) => {
            let tag_value =
                quote!(&__fastkit::AdjacentTag { name: #name, index: #index, variant: #variant });
            let content = match content {
                Content::Unit => None,
                Content::Value(value) => Some(value),
                Content::Tuple(refs) => Some(quote!(&__fastkit::TupleValue(#refs))),
                Content::Struct(refs) => {
                    Some(quote!(&__fastkit::TreeValue { tree: #refs, name: #variant }))
                }
            };
            match content {
                None => quote! {
                    __fastkit::serialize_tagged::<__S, _, ()>(__serializer, #name, #tag, #tag_value, __fastkit::None)
                },
                Some(content) => quote! {
                    __fastkit::serialize_tagged(__serializer, #name, #tag, #tag_value, __fastkit::Some((#content_key, #content)))
                },
            }
        }
        (TagType::None, Content::Unit) => {
            quote!(__fastkit::Serializer::serialize_unit(__serializer))
        }
        (TagType::None, Content::Value(value)) => {
            quote!(__fastkit::Serialize::serialize(#value, __serializer))
        }
        (TagType::None, Content::Tuple(refs)) => {
            quote!(__fastkit::Serialize::serialize(&__fastkit::TupleValue(#refs), __serializer))
        }
        (TagType::None, Content::Struct(refs)) => quote! {
            __fastkit::serialize_struct(#refs, __serializer, #name)
        },
    }
}

/// A newtype variant's value: the field, or its `serialize_with` wrapper.
fn newtype_value(e: &Enum, v: &EnumVariant) -> TokenStream {
    let field = &v.fields()[0];
    match field.attrs.serialize_with() {
        None => quote!(__field0),
        Some(_) => with_wrapper(e, v).serialized([quote!(__field0)]),
    }
}

/// A variant-level `serialize_with`: a value whose `Serialize` calls it with every field.
fn with_value(e: &Enum, v: &EnumVariant) -> TokenStream {
    with_wrapper(e, v).serialized(locals(v).into_iter().map(|local| quote!(#local)))
}

/// `&Ref::<'_, G> { a: __field0, .. }`: a struct variant's fields by reference. The generic
/// arguments are spelled out: the enum's parameters its fields do not use appear only in the
/// marker, so they cannot be inferred.
pub fn struct_refs(e: &Enum, v: &EnumVariant, tree: &Tree) -> TokenStream {
    let ident = &tree.ident;
    let args = bound::generic_args(e.container.generics);
    let members = v.fields().iter().map(|f| &f.member);
    let locals = locals(v);
    let marker = format_ident!("{}", MARKER);
    quote!(&#ident::<'_, #(#args),*> { #(#members: #locals,)* #marker: __fastkit::PhantomData })
}

/// `&Refs::<'_, G>(__field0, .., PhantomData)`: a tuple variant's fields by reference.
fn tuple_refs(e: &Enum, v: &EnumVariant) -> TokenStream {
    let ident = tuple_ident(e, v);
    let args = bound::generic_args(e.container.generics);
    let locals = locals(v);
    quote!(&#ident::<'_, #(#args),*>(#(#locals,)* __fastkit::PhantomData))
}

fn tuple_ident(e: &Enum, v: &EnumVariant) -> syn::Ident {
    format_ident!("__FastFlattenTupleRef{}{}", e.ident, v.ident())
}

/// The wrapper of a tuple variant's field's `serialize_with`.
fn field_with_wrapper<'e>(e: &'e Enum, v: &EnumVariant, index: usize) -> WithWrapper<'e> {
    WithWrapper::new(
        format_ident!(
            "__FastFlattenSerializeWith{}{}{}",
            e.ident,
            v.ident(),
            index
        ),
        e.container.generics,
        e.self_ty(),
    )
}

/// The wrapper of a variant's `serialize_with` (or its newtype field's).
fn with_wrapper<'e>(e: &'e Enum, v: &EnumVariant) -> WithWrapper<'e> {
    WithWrapper::new(
        format_ident!("__FastFlattenSerializeWith{}{}", e.ident, v.ident()),
        e.container.generics,
        e.self_ty(),
    )
}

/// The hidden types a variant is written through: a tuple of references (tuple variants), a
/// `serialize_with` wrapper.
fn helper_types(e: &Enum, v: &EnumVariant, where_clause: &syn::WhereClause) -> TokenStream {
    if v.variant.attrs.skip_serializing() {
        return TokenStream::new();
    }
    let self_ty = e.self_ty();
    let ref_generics = bound::with_ref_lifetime(e.container.generics);
    let (impl_generics, ty_generics, _) = ref_generics.split_for_impl();
    let with = v.variant.attrs.serialize_with().map(|path| {
        let tys = v.fields().iter().map(|f| f.ty);
        with_wrapper(e, v).serializing(tys, path, where_clause)
    });
    let field_with = match (v.ser_style(), v.variant.attrs.serialize_with()) {
        (Style::Newtype, None) => v.fields()[0]
            .attrs
            .serialize_with()
            .map(|path| with_wrapper(e, v).serializing([v.fields()[0].ty], path, where_clause)),
        _ => None,
    };
    let tuple = (matches!(v.ser_style(), Style::Tuple) && v.variant.attrs.serialize_with().is_none())
        .then(|| {
            let ident = tuple_ident(e, v);
            let tys = v.fields().iter().map(|f| f.ty);
            let fields: Vec<_> = v.fields().iter().enumerate().filter(|(_, f)| !f.attrs.skip_serializing()).collect();
            let counts = fields.iter().map(|(i, f)| {
                let index = syn::Index::from(*i);
                match f.attrs.skip_serializing_if() {
                    Some(skip) => {
                        let skip = user_call::call(skip, quote!(self.#index));
                        quote!(if #skip { 0 } else { 1 })
                    }
                    None => quote!(1),
                }
            });
            let writes = fields.iter().map(|(i, f)| {
                let index = syn::Index::from(*i);
                let value = match f.attrs.serialize_with() {
                    Some(_) => field_with_wrapper(e, v, *i).serialized([quote!(self.#index)]),
                    None => quote!(self.#index),
                };
                let write = quote!(__fastkit::TupleSink::element(__out, #value)?;);
                match f.attrs.skip_serializing_if() {
                    Some(skip) => {
                        let skip = user_call::call(skip, quote!(self.#index));
                        quote!(if !#skip { #write })
                    }
                    None => write,
                }
            });
            let field_wrappers = fields.iter().filter_map(|(i, f)| {
                let path = f.attrs.serialize_with()?;
                Some(field_with_wrapper(e, v, *i).serializing([f.ty], path, where_clause))
            });
            quote! {
                #(#field_wrappers)*

                #[doc(hidden)]
                struct #ident #impl_generics (#(&'__w #tys,)* __fastkit::PhantomData<(fn() -> #self_ty, &'__w ())>) #where_clause;

                #[automatically_derived]
                impl #impl_generics __fastkit::TupleFields for #ident #ty_generics #where_clause {
                    #[inline]
                    fn written_len(&self) -> usize {
                        0 #(+ #counts)*
                    }

                    #[inline]
                    fn write<__S: __fastkit::TupleSink>(&self, __out: &mut __S) -> __fastkit::Result<(), __S::Error> {
                        #(#writes)*
                        __fastkit::Ok(())
                    }
                }
            }
        });
    quote!(#with #field_with #tuple)
}
