//! Container conversions: `#[serde(transparent)]`, `from`, `try_from` and `into`. A type with one
//! is (de)serialized through another value, exactly as serde's derive does it, so FastFlatten has
//! nothing to speed up in that direction: it writes serde's impl. The other direction of a struct
//! converted one way is serde's derive's too (`serde_copy::half`), so that the type flattens as
//! serde flattens it, through its own impls ([`flatten_through_conversion`]), with or without a
//! marker; an enum's other direction stays the enum's own.

use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::ast::{Container, Data, Field};
use serde_derive_internals::attr::Default as SerdeDefault;
use syn::{parse_quote, Type};

use crate::bound::{self, Impl};
use crate::halves::Halves;
use crate::impls::{self, ImplFor, Method, ProvidedItems, ReaderItems, Trait};
use crate::propagate::or_return;
use crate::read_shape::{Base, ReadShape};
use crate::user_call;

/// The conversions of a container, as `Serialize` and `Deserialize` impls.
pub struct Conversions {
    /// `Serialize` through `into` or the transparent field.
    pub ser: Option<TokenStream>,
    /// `Deserialize` through `from`, `try_from` or the transparent field.
    pub de: Option<TokenStream>,
}

impl Conversions {
    /// Whether the container converts in either direction.
    pub fn any(container: &Container) -> bool {
        let attrs = &container.attrs;
        attrs.transparent()
            || attrs.type_from().is_some()
            || attrs.type_try_from().is_some()
            || attrs.type_into().is_some()
    }

    /// Whether the container converts in both directions (then it needs no fields of its own:
    /// tuple and unit structs are fine).
    pub fn both(container: &Container) -> bool {
        let attrs = &container.attrs;
        attrs.transparent()
            || ((attrs.type_from().is_some() || attrs.type_try_from().is_some())
                && attrs.type_into().is_some())
    }

    pub fn of(container: &Container) -> Conversions {
        let attrs = &container.attrs;
        let transparent = transparent_field(container);
        let ser = match (attrs.type_into(), transparent) {
            (Some(into), _) => Some(serialize_into(container, into)),
            (None, Some(field)) => Some(serialize_transparent(container, field)),
            (None, None) => None,
        };
        let de = match (attrs.type_from(), attrs.type_try_from(), transparent) {
            (Some(from), _, _) => Some(deserialize_from(container, from, false)),
            (None, Some(from), _) => Some(deserialize_from(container, from, true)),
            (None, None, Some(field)) => Some(deserialize_transparent(container, field)),
            (None, None, None) => None,
        };
        Conversions { ser, de }
    }
}

/// The one field of a `transparent` struct that is (de)serialized (serde's parser marks it and
/// has checked that there is exactly one).
fn transparent_field<'a>(container: &'a Container<'a>) -> Option<&'a Field<'a>> {
    if !container.attrs.transparent() {
        return None;
    }
    match &container.data {
        Data::Struct(_, fields) => fields.iter().find(|f| f.attrs.transparent()),
        Data::Enum(_) => None,
    }
}

/// serde's `Serialize` (`which` is [`Impl::Serialize`]) or `Deserialize` of the container,
/// with `body` as its function's.
fn serde_impl(
    container: &Container,
    which: Impl,
    where_clause: &syn::WhereClause,
    body: TokenStream,
) -> TokenStream {
    let (ident, generics) = (&container.ident, container.generics);
    match which {
        Impl::Serialize => impls::serialize(
            &ImplFor::item(ident, generics, where_clause),
            quote!(),
            body,
        ),
        _ => impls::deserialize(
            &ImplFor::item_de(ident, generics, where_clause),
            quote!(),
            body,
        ),
    }
}

/// `into = "T"`: the value cloned, converted and serialized.
fn serialize_into(container: &Container, into: &Type) -> TokenStream {
    let where_clause = bound::conversion_clause(
        container,
        container.attrs.ser_bound(),
        into,
        parse_quote!(#into: __fastkit::Serialize),
    );
    let body = quote! {
        let __value: #into = __fastkit::Into::into(__fastkit::Clone::clone(self));
        __fastkit::Serialize::serialize(&__value, __serializer)
    };
    serde_impl(container, Impl::Serialize, &where_clause, body)
}

/// `from = "T"` / `try_from = "T"`: a `T` deserialized, then converted (a failed `try_from` is
/// the format's custom error, with the conversion error's `Display`).
fn deserialize_from(container: &Container, from: &Type, fallible: bool) -> TokenStream {
    let where_clause = bound::conversion_clause(
        container,
        container.attrs.de_bound(),
        from,
        parse_quote!(#from: __fastkit::Deserialize<'de>),
    );
    let convert = if fallible {
        quote! {
            __fastkit::Result::map_err(
                <Self as __fastkit::TryFrom<#from>>::try_from(__value),
                <__D::Error as __fastkit::DeError>::custom,
            )
        }
    } else {
        quote!(__fastkit::Ok(<Self as __fastkit::From<#from>>::from(__value)))
    };
    let value =
        or_return(quote!(<#from as __fastkit::Deserialize<'de>>::deserialize(__deserializer)));
    let body = quote! {
        let __value = #value;
        #convert
    };
    serde_impl(container, Impl::Deserialize, &where_clause, body)
}

/// `transparent`: the one field serialized as the value itself (by its `serialize_with`, if any).
fn serialize_transparent(container: &Container, field: &Field) -> TokenStream {
    let ty = field.ty;
    let member = &field.member;
    let where_clause = bound::conversion_clause(
        container,
        container.attrs.ser_bound(),
        ty,
        parse_quote!(#ty: __fastkit::Serialize),
    );
    let body = match field.attrs.serialize_with() {
        Some(path) => user_call::call(path, quote!(&self.#member, __serializer)),
        None => quote!(__fastkit::Serialize::serialize(&self.#member, __serializer)),
    };
    serde_impl(container, Impl::Serialize, &where_clause, body)
}

/// `transparent`: the one field deserialized from the value itself; every other field (serde
/// requires them skipped) takes its default.
fn deserialize_transparent(container: &Container, field: &Field) -> TokenStream {
    let ty = field.ty;
    let where_clause = bound::conversion_clause(
        container,
        container.attrs.de_bound(),
        ty,
        parse_quote!(#ty: __fastkit::Deserialize<'de>),
    );
    let read = match field.attrs.deserialize_with() {
        Some(path) => or_return(user_call::call(path, quote!(__deserializer))),
        None => {
            or_return(quote!(<#ty as __fastkit::Deserialize<'de>>::deserialize(__deserializer)))
        }
    };
    let Data::Struct(_, fields) = &container.data else {
        return TokenStream::new();
    };
    let inits = fields.iter().map(|other| {
        let member = &other.member;
        if other.attrs.transparent() {
            return quote!(#member: __value);
        }
        let value = match other.attrs.default() {
            SerdeDefault::Path(path) => user_call::call(path, quote!()),
            _ => quote!(__fastkit::Default::default()),
        };
        quote!(#member: #value)
    });
    let body = quote! {
        let __value = #read;
        __fastkit::Ok(Self { #(#inits,)* })
    };
    serde_impl(container, Impl::Deserialize, &where_clause, body)
}

/// The flatten traits of a type converted both ways, read and written as serde flattens it
/// (`#[fast_flatten(buffered)]` on every field that flattens it, without the marker): its
/// keys are those its `Deserialize` asks for (the other type's fields), held and replayed
/// through it; its `Serialize` writes its fields or entries into the enclosing struct.
pub fn flatten_through_conversion(container: &Container, halves: Halves) -> TokenStream {
    let ident = &container.ident;
    let where_clause = container.generics.where_clause.as_ref();
    let de_clause = bound::through_own_impl(ident, container.generics, Impl::Deserialize);
    let ser_clause = bound::through_own_impl(ident, container.generics, Impl::Serialize);
    let buffered = quote!(<__fastkit::Buffered<Self> as __fastkit::FlattenDeserialize<'de>>);
    // Read as serde reads it, held whole: it takes the keys no leaf claims.
    let read = ReadShape::new(Base::Leaves)
        .any("catch_all", true, Vec::new())
        .to_const();
    let fields = quote! {
            const LEN: usize = 0;
            const FIELDS: &'static [&'static str] = &[];
            const NAME_TREE: &'static [__fastkit::NamePart] = &[__fastkit::NamePart::Buffered];
            #read

            #[inline]
            fn slot_of(_key: &str) -> __fastkit::Option<usize> {
                __fastkit::None
            }
    };
    let reader = || ReaderItems {
        state: quote!(#buffered::State),
        new_state: Method::inline(quote!(#buffered::new_state())),
        state_is_empty: Method::inline(quote!(#buffered::state_is_empty(__state))),
        deserialize_slot: Method::plain(
            quote!(#buffered::deserialize_slot(__state, __slot, __map)),
        ),
        finish: Method::plain(quote! {
            __fastkit::Result::map(#buffered::finish(__state), |__value| __value.0)
        }),
        deserialize_leaves: Method::plain(quote! {
            __fastkit::Result::map(#buffered::deserialize_leaves(__leaves), |__value| __value.0)
        }),
        provided: ProvidedItems {
            rest_claim: Some(Method::inline(
                quote!(#buffered::rest_claim(__state, __key)),
            )),
            rest_takes_all: Some(Method::inline(quote!(#buffered::rest_takes_all(__state)))),
            fill_held: Some(Method::plain(quote! {
                #buffered::fill_held(__state, __held, __mode)
            })),
            deserialize_rest: Some(Method::plain(quote! {
                #buffered::deserialize_rest(__state, __key, __map)
            })),
            ..ProvidedItems::default()
        },
    };
    let writer = quote! {
            const WRITE: __fastkit::WriteShape = __fastkit::WriteShape::BUFFERED;

            fn serialized_len(&self) -> usize {
                __fastkit::flat_len(self)
            }

            fn serialize_leaves<__S: __fastkit::FieldSink>(
                &self,
                __out: &mut __S,
            ) -> __fastkit::Result<(), __S::Error> {
                __fastkit::serialize_flat(self, __out)
            }
    };
    let generics = container.generics;
    let de = || {
        let fields = impls::implement(
            Trait::FlattenFields,
            &ImplFor::item(ident, generics, where_clause),
            fields,
        );
        let reader =
            impls::flatten_deserialize(&ImplFor::item_de(ident, generics, &de_clause), reader());
        quote!(#fields #reader)
    };
    let ser = || {
        let target = ImplFor::item(ident, generics, &ser_clause);
        impls::implement(Trait::FlattenSerialize, &target, writer)
    };
    halves.pick(de, ser)
}
