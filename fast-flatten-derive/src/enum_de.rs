//! `Deserialize` for an enum: its names (`Variants`), how each variant reads its content
//! (`DeserializeVariant`), and the entry point of its representation. The visitors themselves
//! are generic code of the runtime (`serde_fastkit::__private`, `src/enums/`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use serde_derive_internals::ast::Style;
use serde_derive_internals::attr::{Default as SerdeDefault, TagType};
use syn::spanned::Spanned;

use crate::bound::{self, Impl};
use crate::impls::{self, ImplFor};
use crate::inline;
use crate::propagate::or_return;
use crate::tree::Tree;
use crate::user_call;
use crate::variants::{Enum, EnumVariant, SideShape};
use crate::with_wrappers::WithWrapper;

pub fn expand(e: &Enum) -> TokenStream {
    let per_key = inline::per_key();
    let self_ty = e.self_ty();
    let generics = &e.container.generics;
    let de_generics = bound::with_de_lifetime(generics);
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    let where_clause = bound::enum_where_clause(e, Impl::Deserialize);

    let names = variants_impl(e);
    let tuple_visitors = e
        .de_variants()
        .filter(|(_, v)| v.variant.attrs.deserialize_with().is_none())
        .filter(|(_, v)| matches!(v.de_style(), Style::Tuple))
        .map(|(_, v)| tuple_visitor(e, v, &where_clause));
    let with_wrappers = e
        .de_variants()
        .filter_map(|(_, v)| with_wrapper_type(e, v, &where_clause));

    let content_arms = e.de_variants().map(|(index, v)| {
        let read = variant_from_content(e, v);
        quote!(#index => #read,)
    });
    let access = matches!(e.tag(), TagType::External).then(|| {
        let arms = e.de_variants().map(|(index, v)| {
            let read = variant_from_access(e, v);
            quote!(#index => #read,)
        });
        quote! {
            #per_key
            fn deserialize_variant_access<__A: __fastkit::VariantAccess<'de>>(
                __index: usize,
                __access: __A,
            ) -> __fastkit::Result<Self, __A::Error> {
                match __index {
                    #(#arms)*
                    _ => __fastkit::Err(__fastkit::variant_out_of_range()),
                }
            }
        }
    });
    let without_content = without_content(e);
    let tagged = tagged_variants(e);
    let internal_tag = match e.tag() {
        TagType::Internal { tag } => {
            let from_trees = struct_variant_trees(e);
            let speculation = speculation(e);
            Some(quote! {
                #[automatically_derived]
                impl #de_impl_generics __fastkit::InternallyTagged<'de> for #self_ty #where_clause {
                    const TAG: &'static str = #tag;
                    #from_trees
                    #speculation
                }
            })
        }
        _ => None,
    };
    let entry = entry_point(e);
    let target = ImplFor::new(&de_impl_generics, &self_ty, &where_clause);
    let deserialize = impls::deserialize(&target, per_key, entry);

    quote! {
        #names
        #(#tuple_visitors)*
        #(#with_wrappers)*

        #[automatically_derived]
        impl #de_impl_generics __fastkit::DeserializeVariant<'de> for #self_ty #where_clause {
            #[inline]
            fn deserialize_variant<__D: __fastkit::Deserializer<'de>>(
                __index: usize,
                __deserializer: __D,
            ) -> __fastkit::Result<Self, __D::Error> {
                match __index {
                    #(#content_arms)*
                    _ => __fastkit::Err(__fastkit::variant_out_of_range()),
                }
            }

            #access
            #tagged
            #without_content
        }

        #internal_tag

        #deserialize
    }
}

/// `Variants`: the enum's names, and the lookup of a variant by name.
fn variants_impl(e: &Enum) -> TokenStream {
    let self_ty = e.self_ty();
    let (impl_generics, _, where_clause) = e.container.generics.split_for_impl();
    let attrs = &e.container.attrs;
    let rust_name = e.rust_name();
    let de_name = attrs.name().deserialize_name();
    // An untagged variant of a tagged enum has no name to be read by.
    let names: Vec<_> = e
        .de_variants()
        .filter(|(_, v)| !v.variant.attrs.untagged())
        .flat_map(|(_, v)| v.variant.attrs.aliases())
        .collect();
    // A tag given as an index counts only the variants read by tag, as serde's derive reads a
    // partially untagged enum's tag with an identifier of the tagged variants alone.
    let count = match e.tag() {
        TagType::None => e.de_variants().count(),
        _ => e
            .de_variants()
            .filter(|(_, v)| !v.variant.attrs.untagged())
            .count(),
    };
    let other = match e.de_variants().find(|(_, v)| v.variant.attrs.other()) {
        Some((index, _)) => quote!(__fastkit::Some(#index)),
        None => quote!(__fastkit::None),
    };
    let expecting = match (attrs.expecting(), e.tag()) {
        (Some(custom), _) => custom.to_owned(),
        (None, TagType::External) => format!("enum {rust_name}"),
        (None, TagType::Internal { .. }) => format!("internally tagged enum {rust_name}"),
        (None, TagType::Adjacent { .. }) => format!("adjacently tagged enum {rust_name}"),
        (None, TagType::None) => {
            format!("data did not match any variant of untagged enum {rust_name}")
        }
    };
    let arms = e
        .de_variants()
        .filter(|(_, v)| !v.variant.attrs.untagged())
        .map(|(index, v)| {
            let aliases = v.variant.attrs.aliases();
            quote!(#(#aliases)|* => __fastkit::Some(#index),)
        });
    quote! {
        #[automatically_derived]
        impl #impl_generics __fastkit::Variants for #self_ty #where_clause {
            const RUST_NAME: &'static str = #rust_name;
            const NAME: &'static str = #de_name;
            const VARIANTS: &'static [&'static str] = &[#(#names),*];
            const COUNT: usize = #count;
            const OTHER: __fastkit::Option<usize> = #other;
            const EXPECTING: &'static str = #expecting;

            #[inline]
            fn variant_of(__name: &str) -> __fastkit::Option<usize> {
                match __name {
                    #(#arms)*
                    _ => __fastkit::None,
                }
            }
        }
    }
}

/// The entry point of the enum's representation; for a partially untagged enum, serde's way:
/// the whole value held, the tagged variants tried on it, then each untagged one in order.
fn entry_point(e: &Enum) -> TokenStream {
    if !e.partially_untagged() {
        return tagged_entry_point(e, quote!(__D));
    }
    let tagged = tagged_entry_point(e, quote!(_));
    let untagged = e
        .de_variants()
        .filter(|(_, v)| v.variant.attrs.untagged())
        .map(|(index, _)| index);
    let message = match e.container.attrs.expecting() {
        Some(custom) => custom.to_owned(),
        None => format!(
            "data did not match any variant of untagged enum {}",
            e.rust_name()
        ),
    };
    let content = or_return(quote!(
        <__fastkit::Content<'de> as __fastkit::Deserialize<'de>>::deserialize(__deserializer)
    ));
    // serde's derive reads an internally tagged enum by copying the entries but the tag into a
    // buffer of its own, which the variant then takes (a unit struct there reads from an empty
    // map); the other representations read the held value in place.
    let held = match e.tag() {
        TagType::Internal { .. } => quote!(moved(__fastkit::Clone::clone(&__content))),
        _ => quote!(lent(&__content)),
    };
    quote! {
        let __content = #content;
        let __tagged: __fastkit::Result<Self, __D::Error> = {
            let __deserializer = __fastkit::ContentDeserializer::<_, __D::Error>::#held;
            #tagged
        };
        if let __fastkit::Ok(__value) = __tagged {
            return __fastkit::Ok(__value);
        }
        #(
            if let __fastkit::Ok(__value) = <Self as __fastkit::DeserializeVariant<'de>>::deserialize_variant(
                #untagged,
                __fastkit::ContentDeserializer::<_, __D::Error>::lent(&__content),
            ) {
                return __fastkit::Ok(__value);
            }
        )*
        __fastkit::Err(<__D::Error as __fastkit::DeError>::custom(#message))
    }
}

/// The entry point of the enum's tagged representation, over the deserializer type `de`.
fn tagged_entry_point(e: &Enum, de: TokenStream) -> TokenStream {
    match e.tag() {
        TagType::External => quote!(__fastkit::deserialize_external::<Self, #de>(__deserializer)),
        TagType::Internal { tag } => {
            let fields = internal_fields(e, tag);
            quote!(__fastkit::deserialize_internal::<Self, #de>(__deserializer, #fields))
        }
        TagType::Adjacent { tag, content } => {
            let deny = e.container.attrs.deny_unknown_fields();
            quote!(__fastkit::deserialize_adjacent::<Self, #de>(
                __deserializer,
                &[#tag, #content],
                #deny,
            ))
        }
        // Given a map, an enum whose variants are all structs reads each variant's keys into
        // its tree (`untagged_structs.rs`); which way it reads is the runtime's answer.
        TagType::None => quote!(__fastkit::deserialize_untagged::<Self, #de>(__deserializer, {
            #[allow(unused_imports)]
            use __fastkit::{ReadsHeld as _, ReadsSideBySide as _};
            (&&__fastkit::UntaggedReader::<'de, Self>::new()).side_by_side()
        })),
    }
}

/// The names an internally tagged enum passes to `deserialize_struct`: the tag and every struct
/// variant's leaves, so that serde's flatten, which hands a struct only the entries its names
/// list, hands the enum its entries when a struct of serde's derive flattens it. Formats that
/// write structs as sequences use the count (at least the tag and the longest variant's
/// leaves). Where the names cannot be listed in a constant (a newtype variant, whose type is
/// not known to be a tree; a generic enum), a placeholder list of [`internal_len`] names.
fn internal_fields(e: &Enum, tag: &str) -> TokenStream {
    let generics = e.container.generics;
    let generic =
        generics.type_params().next().is_some() || generics.const_params().next().is_some();
    let mut trees = Vec::new();
    for (_, v) in e.de_variants().filter(|(_, v)| !v.variant.attrs.untagged()) {
        match (v.de_style(), tagged_tree(v)) {
            (Style::Struct, Some(tree)) if !generic => {
                let ident = &tree.ident;
                let (_, ty_generics, _) = tree.generics.split_for_impl();
                let ty: syn::Type = syn::parse_quote!(#ident #ty_generics);
                trees.push(bound::erase_lifetimes(&ty));
            }
            (Style::Unit, _) if !generic => {}
            _ => {
                let len = internal_len(e);
                return quote!(__fastkit::newtype_fields(#len));
            }
        }
    }
    quote!(const {
        &__fastkit::concat_fields::<{ 1 #(+ <#trees as __fastkit::FlattenFields>::LEN)* }>(
            &[&[#tag] #(, <#trees as __fastkit::FlattenFields>::FIELDS)*]
        )
    })
}

/// How many elements a format that writes structs as sequences may hold for an internally
/// tagged enum: the tag and the longest variant's. A newtype variant's type counts its leaves
/// when it derives FastFlatten, and is bounded generously otherwise (`src/enums/newtype_len.rs`;
/// decided by method resolution, so the count is not a constant here).
fn internal_len(e: &Enum) -> TokenStream {
    let mut lens = Vec::new();
    for (_, v) in e.de_variants() {
        // A variant read by its `deserialize_with` has no tree: its count is not known either.
        let read_by_with = v.variant.attrs.deserialize_with().is_some();
        match (v.de_style(), tagged_tree(v)) {
            (Style::Struct, Some(tree)) => {
                let ident = &tree.ident;
                let (_, ty_generics, _) = tree.generics.split_for_impl();
                lens.push(quote!(<#ident #ty_generics as __fastkit::FlattenFields>::LEN));
            }
            (Style::Unit, _) => {}
            (Style::Newtype, _)
                if !read_by_with && v.fields()[0].attrs.deserialize_with().is_none() =>
            {
                let ty = v.fields()[0].ty;
                lens.push(quote!((&&__fastkit::ElementsOf::<#ty>::new()).elements()));
            }
            _ => lens.push(quote!(__fastkit::UNKNOWN_ELEMENTS)),
        }
    }
    quote!({
        use __fastkit::{KnownElements as _, UnknownElements as _};
        1 + __fastkit::max_len(&[0 #(, #lens)*])
    })
}

/// What `InternallyTagged` learns from the struct variants' trees (a newtype variant's type is
/// not known to be a tree): `LONGEST_VARIANT`, and `static_key`, the trees tried in turn.
fn struct_variant_trees(e: &Enum) -> TokenStream {
    let trees: Vec<_> = e
        .de_variants()
        .filter_map(|(_, v)| match (v.de_style(), tagged_tree(v)) {
            (Style::Struct, Some(tree)) => {
                let ident = &tree.ident;
                let (_, ty_generics, _) = tree.generics.split_for_impl();
                Some(quote!(#ident #ty_generics))
            }
            _ => None,
        })
        .collect();
    if trees.is_empty() {
        return TokenStream::new();
    }
    quote! {
        const LONGEST_VARIANT: usize =
            __fastkit::max_len(&[#(<#trees as __fastkit::FlattenFields>::LEN),*]);

        #[inline]
        fn static_key(__key: &str) -> __fastkit::Option<&'static str> {
            #(if let __fastkit::Some(__name) = __fastkit::tree_key::<#trees>(__key) {
                return __fastkit::Some(__name);
            })*
            __fastkit::None
        }
    }
}

/// What lets an internally tagged enum read a key one struct variant alone names before the
/// tag (`serde_fastkit`'s `src/enums/speculation.rs`): every variant is a unit variant or a
/// struct variant read as a tree (a newtype variant's type could take any key), each tree
/// skipping keys it does not name (a constant of the trees), and a lookup of the variant that
/// alone names a key. Nothing for other enums: their keys before the tag are held.
fn speculation(e: &Enum) -> TokenStream {
    let mut trees = Vec::new();
    let mut newtypes = Vec::new();
    // The keys the trees without flattened members name, known here: one `match` finds the
    // variant that alone names a key. Trees with flattened members are asked at run time.
    let mut own_names: Vec<(String, Vec<(usize, TokenStream)>)> = Vec::new();
    let mut dynamic = Vec::new();
    for (index, v) in e.de_variants() {
        if v.variant.attrs.untagged() || v.variant.attrs.deserialize_with().is_some() {
            return TokenStream::new();
        }
        match (v.de_style(), tagged_tree(v)) {
            (Style::Unit, _) => {}
            (Style::Struct, Some(tree)) => {
                let ident = &tree.ident;
                let (_, ty_generics, _) = tree.generics.split_for_impl();
                let into = struct_into_variant(e, v);
                let ty = quote!(#ident #ty_generics);
                if tree.de_members().all(|m| m.is_leaf()) {
                    let offsets = crate::fields::offsets(tree);
                    for member in tree.de_members() {
                        for name in member.attrs().aliases() {
                            let name = name.to_string();
                            let claim = (index, offsets[member.index].clone());
                            match own_names.iter_mut().find(|(known, _)| *known == name) {
                                Some((_, claims)) => claims.push(claim),
                                None => own_names.push((name, vec![claim])),
                            }
                        }
                    }
                } else {
                    dynamic.push((index, ty.clone()));
                }
                trees.push((index, ty, into));
            }
            (Style::Newtype, _) if v.fields()[0].attrs.deserialize_with().is_none() => {
                let ty = v.fields()[0].ty;
                newtypes.push(quote!((&&__fastkit::KeysOf::<'de, #ty>::new())));
            }
            _ => return TokenStream::new(),
        }
    }
    if trees.is_empty() {
        return TokenStream::new();
    }
    let tys = trees.iter().map(|(_, ty, _)| ty);
    let newtypes_ignore = newtypes.iter();
    let newtypes_name = newtypes.iter();
    let own_arms = own_names
        .iter()
        .map(|(name, claims)| match claims.as_slice() {
            [(index, slot)] => quote! {
                #name => __fastkit::Some(__fastkit::SoleClaimant { index: #index, slot: #slot }),
            },
            _ => quote!(#name => return __fastkit::None,),
        });
    let lookups = dynamic.iter().map(|(index, ty)| {
        quote! {
            if let __fastkit::Some(__slot) = <#ty as __fastkit::FlattenFields>::slot_of(__key) {
                if __claimant.is_some() {
                    return __fastkit::None;
                }
                __claimant = __fastkit::Some(__fastkit::SoleClaimant { index: #index, slot: __slot });
            }
        }
    });
    let arms = trees.iter().map(|(index, ty, into)| {
        quote!(#index => __fastkit::read_speculating::<Self, #ty, __M>(
            #index, __claimant.slot, __map, __held, #into,
        ),)
    });
    quote! {
        #[inline]
        fn speculates() -> bool {
            use __fastkit::{KnownKeys as _, UnknownKeys as _};
            true #(&& __fastkit::ignores_unnamed_keys::<'de, #tys>())*
                #(&& #newtypes_ignore.ignores_unnamed_keys())*
        }

        #[inline]
        fn sole_claimant(__key: &str) -> __fastkit::Option<__fastkit::SoleClaimant> {
            use __fastkit::{KnownKeys as _, UnknownKeys as _};
            #[allow(unused_mut)]
            let mut __claimant = match __key {
                #(#own_arms)*
                _ => __fastkit::None,
            };
            #(#lookups)*
            if __claimant.is_some() && (false #(|| #newtypes_name.names(__key))*) {
                return __fastkit::None;
            }
            __claimant
        }

        #[inline(never)]
        fn speculate<__M: __fastkit::MapAccess<'de>>(
            __claimant: __fastkit::SoleClaimant,
            __map: __M,
            __held: __fastkit::HeldAhead<'de>,
        ) -> __fastkit::Result<Self, __M::Error> {
            match __claimant.index {
                #(#arms)*
                _ => __fastkit::Err(__fastkit::variant_out_of_range()),
            }
        }
    }
}

/// Reads a variant from a deserializer of its content (internally tagged: the rest of the map;
/// adjacently tagged: the content; untagged: the whole value; externally tagged: through
/// `deserialize_variant_access`).
fn variant_from_content(e: &Enum, v: &EnumVariant) -> TokenStream {
    if matches!(e.tag_of(v), TagType::External) {
        let name = v.variant.attrs.name().serialize_name();
        return quote!(<Self as __fastkit::DeserializeVariant<'de>>::deserialize_variant_access(
            __index,
            __fastkit::VariantValue { deserializer: __deserializer, name: #name },
        ));
    }
    let path = v.path(e.ident);
    if let Some(with) = v.variant.attrs.deserialize_with() {
        let unwrap = unwrap_fields(e, v, quote!(__value));
        return quote!(__fastkit::Result::map(#with(__deserializer), |__value| #unwrap));
    }
    let rust_name = e.rust_name();
    let variant_name = v.ident().to_string();
    match v.de_shape() {
        SideShape::Unit => {
            let check = if matches!(e.tag_of(v), TagType::Internal { .. }) {
                // serde ignores entries beside a unit variant's tag, `deny_unknown_fields` or
                // not (serde issues 2123, 2294); a strict enum refuses them.
                let deny = e.strict && e.container.attrs.deny_unknown_fields();
                quote!(__fastkit::tagged_unit_variant(__deserializer, #rust_name, #variant_name, #deny))
            } else {
                quote!(__fastkit::untagged_unit_variant(__deserializer, #rust_name, #variant_name))
            };
            let value = unit_value(e, v);
            let check = or_return(check);
            quote!({ #check; __fastkit::Ok(#value) })
        }
        SideShape::Newtype => {
            let field = &v.fields()[0];
            let ty = field.ty;
            match field.attrs.deserialize_with() {
                Some(with) => {
                    let call = user_call::call(with, quote!(__deserializer));
                    quote!(__fastkit::Result::map(#call, #path))
                }
                None => {
                    let span = field.original.span();
                    let func = quote_spanned!(span=> <#ty as __fastkit::Deserialize>::deserialize);
                    quote!(__fastkit::Result::map(#func(__deserializer), #path))
                }
            }
        }
        SideShape::Tuple => {
            let visitor = tuple_visitor_value(e, v);
            let len = read_len(v);
            quote!(__fastkit::Deserializer::deserialize_tuple(__deserializer, #len, #visitor))
        }
        SideShape::Struct(tree) => {
            let ident = &tree.ident;
            let (_, ty_generics, _) = tree.generics.split_for_impl();
            let expecting = &tree.expecting;
            let into = struct_into_variant(e, v);
            let read = if matches!(e.tag_of(v), TagType::None) {
                quote!(__fastkit::deserialize_map_only::<#ident #ty_generics, __D>(__deserializer, #expecting))
            } else {
                let name = tree.de_name;
                quote!(__fastkit::deserialize_tree::<#ident #ty_generics, __D>(
                    __deserializer,
                    #name,
                    <#ident #ty_generics as __fastkit::FlattenFields>::FIELDS,
                    #expecting,
                ))
            };
            quote!(__fastkit::Result::map(#read, #into))
        }
    }
}

/// How many fields of a tuple variant are read: the length asked of the format.
fn read_len(v: &EnumVariant) -> usize {
    v.fields()
        .iter()
        .filter(|f| !f.attrs.skip_deserializing())
        .count()
}

/// Reads a variant of an externally tagged enum through the format's `VariantAccess`.
fn variant_from_access(e: &Enum, v: &EnumVariant) -> TokenStream {
    let path = v.path(e.ident);
    if v.variant.attrs.deserialize_with().is_some() {
        let wrapper = with_wrapper(e, v).read_type();
        let unwrap = unwrap_fields(e, v, quote!(__wrapper.value));
        return quote!(__fastkit::Result::map(
            __fastkit::VariantAccess::newtype_variant::<#wrapper>(__access),
            |__wrapper| #unwrap,
        ));
    }
    match v.de_shape() {
        SideShape::Unit => {
            let value = unit_value(e, v);
            let read = or_return(quote!(__fastkit::VariantAccess::unit_variant(__access)));
            quote!({ #read; __fastkit::Ok(#value) })
        }
        SideShape::Newtype => {
            let field = &v.fields()[0];
            let ty = field.ty;
            match field.attrs.deserialize_with() {
                Some(_) => {
                    let wrapper = with_wrapper(e, v).read_type();
                    quote!(__fastkit::Result::map(
                        __fastkit::VariantAccess::newtype_variant::<#wrapper>(__access),
                        |__wrapper| #path(__wrapper.value),
                    ))
                }
                None => {
                    let span = field.original.span();
                    let func =
                        quote_spanned!(span=> __fastkit::VariantAccess::newtype_variant::<#ty>);
                    quote!(__fastkit::Result::map(#func(__access), #path))
                }
            }
        }
        SideShape::Tuple => {
            let visitor = tuple_visitor_value(e, v);
            let len = read_len(v);
            quote!(__fastkit::VariantAccess::tuple_variant(__access, #len, #visitor))
        }
        SideShape::Struct(tree) => {
            let ident = &tree.ident;
            let (_, ty_generics, _) = tree.generics.split_for_impl();
            let expecting = &tree.expecting;
            let into = struct_into_variant(e, v);
            quote!(__fastkit::Result::map(
                __fastkit::deserialize_struct_variant::<#ident #ty_generics, __A>(__access, #expecting),
                #into,
            ))
        }
    }
}

/// `deserialize_tagged_variant` of an internally tagged enum: a struct variant reads its tree
/// straight from the rest of the map; other variants read it as a deserializer. Every arm is
/// spelled out here rather than falling back to `deserialize_variant`, whose struct arms would
/// then be compiled once more for the rest-of-map deserializer, never to run.
fn tagged_variants(e: &Enum) -> Option<TokenStream> {
    let per_key = inline::per_key();
    let TagType::Internal { .. } = e.tag() else {
        return None;
    };
    if !e.de_variants().any(|(_, v)| tagged_tree(v).is_some()) {
        return None;
    }
    let arms = e.de_variants().map(|(index, v)| match tagged_tree(v) {
        Some(tree) => {
            let ident = &tree.ident;
            let (_, ty_generics, _) = tree.generics.split_for_impl();
            let into = struct_into_variant(e, v);
            quote!(#index => __rest.tree::<#ident #ty_generics, _>(#into),)
        }
        None => {
            let read = variant_from_content(e, v);
            quote!(#index => {
                let __deserializer = __rest.deserializer();
                #read
            })
        }
    });
    Some(quote! {
        #per_key
        fn deserialize_tagged_variant<__M: __fastkit::MapAccess<'de>>(
            __index: usize,
            __rest: __fastkit::RestOfMap<'de, __M>,
        ) -> __fastkit::Result<Self, __M::Error> {
            match __index {
                #(#arms)*
                _ => __fastkit::Err(__fastkit::variant_out_of_range()),
            }
        }
    })
}

/// The tree an internally tagged variant reads from the rest of the map: a struct variant's,
/// unless the variant is read by its own `deserialize_with`.
fn tagged_tree<'e, 'a>(v: &'e EnumVariant<'a>) -> Option<&'e Tree<'a>> {
    v.trees()
        .map(|trees| &trees.by_value)
        .filter(|_| v.variant.attrs.deserialize_with().is_none())
}

/// `variant_without_content` of an adjacently tagged enum: unit variants need none, a newtype
/// variant reads a missing value as serde's derive does (`None` for an `Option`).
fn without_content(e: &Enum) -> Option<TokenStream> {
    let TagType::Adjacent { .. } = e.tag() else {
        return None;
    };
    let arms = e.de_variants().filter_map(|(index, v)| {
        let path = v.path(e.ident);
        // serde decides on the declared shape, not the effective one.
        match v.variant.style {
            Style::Unit => Some(quote!(#index => __fastkit::Ok(#path),)),
            Style::Newtype if v.variant.attrs.deserialize_with().is_none() => {
                let ty = v.fields()[0].ty;
                let span = v.variant.original.span();
                let func = quote_spanned!(span=> __fastkit::missing_field::<#ty, __E>);
                Some(quote!(#index => __fastkit::Result::map(#func(__content), #path),))
            }
            _ => None,
        }
    });
    let units: Vec<_> = e
        .de_variants()
        .filter(|(_, v)| matches!(v.variant.style, Style::Unit))
        .map(|(index, _)| index)
        .collect();
    let is_unit = if units.is_empty() {
        quote!(let _ = __index; false)
    } else {
        quote!(match __index { #(#units)|* => true, _ => false })
    };
    Some(quote! {
        #[inline]
        fn is_unit(__index: usize) -> bool {
            #is_unit
        }

        fn variant_without_content<__E: __fastkit::DeError>(
            __index: usize,
            __content: &'static str,
        ) -> __fastkit::Result<Self, __E> {
            match __index {
                #(#arms)*
                _ => __fastkit::Err(<__E as __fastkit::DeError>::missing_field(__content)),
            }
        }
    })
}

/// The value of a unit variant, or of a newtype variant whose field is skipped (its default).
pub fn unit_value(e: &Enum, v: &EnumVariant) -> TokenStream {
    let path = v.path(e.ident);
    match v.variant.style {
        Style::Newtype => {
            let default = field_default(&v.fields()[0]);
            quote!(#path(#default))
        }
        _ => path,
    }
}

/// The default of a field that is skipped or missing.
fn field_default(field: &serde_derive_internals::ast::Field) -> TokenStream {
    match field.attrs.default() {
        SerdeDefault::Path(path) => user_call::call(path, quote!()),
        SerdeDefault::Default | SerdeDefault::None => quote!(__fastkit::Default::default()),
    }
}

/// `|__value: Hidden| Enum::Variant { a: __value.a, .. }`.
fn struct_into_variant(e: &Enum, v: &EnumVariant) -> TokenStream {
    let path = v.path(e.ident);
    let members = v.fields().iter().map(|f| &f.member);
    let members2 = members.clone();
    quote!(|__value| #path { #(#members: __value.#members2),* })
}

/// The variant built from what a variant-level `deserialize_with` returns: `()` for a unit
/// variant, the value for one field, a tuple of the fields otherwise (serde's convention).
fn unwrap_fields(e: &Enum, v: &EnumVariant, value: TokenStream) -> TokenStream {
    let path = v.path(e.ident);
    let fields = v.fields();
    let index = (0..fields.len()).map(syn::Index::from);
    match v.variant.style {
        Style::Unit => quote!({ let () = #value; #path }),
        Style::Newtype => quote!(#path(#value)),
        Style::Struct if fields.len() == 1 => {
            let member = &fields[0].member;
            quote!(#path { #member: #value })
        }
        Style::Struct => {
            let members = fields.iter().map(|f| &f.member);
            quote!({ let __fields = #value; #path { #(#members: __fields.#index),* } })
        }
        Style::Tuple => quote!({ let __fields = #value; #path(#(__fields.#index),*) }),
    }
}

/// The wrapper of a variant's `deserialize_with` (or its newtype field's).
fn with_wrapper<'e>(e: &'e Enum, v: &EnumVariant) -> WithWrapper<'e> {
    WithWrapper::new(
        format_ident!("__FastFlattenDeserializeWith{}{}", e.ident, v.ident()),
        e.container.generics,
        e.self_ty(),
    )
}

/// A type whose `Deserialize` calls a variant's `deserialize_with` (or its newtype field's), for
/// `VariantAccess::newtype_variant`, which needs a type.
fn with_wrapper_type(
    e: &Enum,
    v: &EnumVariant,
    where_clause: &syn::WhereClause,
) -> Option<TokenStream> {
    if !matches!(e.tag(), TagType::External) {
        return None;
    }
    let (path, value_ty) = match v.variant.attrs.deserialize_with() {
        Some(path) => {
            let tys = v.fields().iter().map(|f| f.ty);
            (path, quote!((#(#tys),*)))
        }
        None if matches!(v.de_style(), Style::Newtype) => {
            let field = &v.fields()[0];
            let ty = field.ty;
            (field.attrs.deserialize_with()?, quote!(#ty))
        }
        None => return None,
    };
    Some(with_wrapper(e, v).deserializing(&value_ty, path, where_clause))
}

/// The wrapper of a tuple variant's field's `deserialize_with`.
fn field_with_wrapper<'e>(e: &'e Enum, v: &EnumVariant, index: usize) -> WithWrapper<'e> {
    WithWrapper::new(
        format_ident!(
            "__FastFlattenDeserializeWith{}{}{}",
            e.ident,
            v.ident(),
            index
        ),
        e.container.generics,
        e.self_ty(),
    )
}

/// Types whose `Deserialize` calls the `deserialize_with` of a tuple variant's field, for
/// `SeqAccess::next_element`, which needs a type.
fn field_with_wrappers(e: &Enum, v: &EnumVariant, where_clause: &syn::WhereClause) -> TokenStream {
    let wrappers = v.fields().iter().enumerate().filter_map(|(index, field)| {
        let path = field.attrs.deserialize_with()?;
        let ty = field.ty;
        Some(field_with_wrapper(e, v, index).deserializing(&quote!(#ty), path, where_clause))
    });
    quote!(#(#wrappers)*)
}

fn tuple_visitor_ident(e: &Enum, v: &EnumVariant) -> syn::Ident {
    format_ident!("__FastFlattenTuple{}{}", e.ident, v.ident())
}

/// A value of a tuple variant's visitor.
fn tuple_visitor_value(e: &Enum, v: &EnumVariant) -> TokenStream {
    let ident = tuple_visitor_ident(e, v);
    quote!(#ident { __marker: __fastkit::PhantomData })
}

/// The visitor of a tuple variant: its fields in order from a sequence, serde's "invalid
/// length" error when one is missing and has no default.
fn tuple_visitor(e: &Enum, v: &EnumVariant, where_clause: &syn::WhereClause) -> TokenStream {
    let ident = tuple_visitor_ident(e, v);
    let self_ty = e.self_ty();
    let de_generics = bound::with_de_lifetime(e.container.generics);
    let (impl_generics, ty_generics, _) = de_generics.split_for_impl();
    let path = v.path(e.ident);
    let attrs = &e.container.attrs;
    let expecting = format!("tuple variant {}::{}", e.ident, v.ident());
    let count = read_len(v);
    let (expecting, too_short) = match attrs.expecting() {
        Some(custom) => (custom.to_owned(), custom.to_owned()),
        None if count == 1 => (expecting.clone(), format!("{expecting} with 1 element")),
        None => (
            expecting.clone(),
            format!("{expecting} with {count} elements"),
        ),
    };
    let mut read = 0usize;
    let lets = v.fields().iter().enumerate().map(|(i, field)| {
        let local = format_ident!("__field{}", i);
        if field.attrs.skip_deserializing() {
            let default = field_default(field);
            return quote!(let #local = #default;);
        }
        let ty = field.ty;
        let index = read;
        read += 1;
        let missing = match field.attrs.default() {
            SerdeDefault::None => quote! {
                return __fastkit::Err(<__A::Error as __fastkit::DeError>::invalid_length(#index, &#too_short))
            },
            _ => field_default(field),
        };
        let next = match field.attrs.deserialize_with() {
            Some(_) => {
                let wrapper = field_with_wrapper(e, v, i).read_type();
                let next = or_return(
                    quote!(__fastkit::SeqAccess::next_element::<#wrapper>(&mut __seq)),
                );
                quote!(__fastkit::Option::map(#next, |__wrapped| __wrapped.value))
            }
            None => or_return(quote!(__fastkit::SeqAccess::next_element::<#ty>(&mut __seq))),
        };
        quote! {
            let #local = match #next {
                __fastkit::Some(__value) => __value,
                __fastkit::None => #missing,
            };
        }
    });
    let locals = (0..v.fields().len()).map(|i| format_ident!("__field{}", i));
    let wrappers = field_with_wrappers(e, v, where_clause);
    quote! {
        #wrappers

        #[doc(hidden)]
        struct #ident #impl_generics #where_clause {
            __marker: __fastkit::PhantomData<(fn() -> #self_ty, &'de ())>,
        }

        #[automatically_derived]
        impl #impl_generics __fastkit::Visitor<'de> for #ident #ty_generics #where_clause {
            type Value = #self_ty;

            fn expecting(&self, __f: &mut __fastkit::Formatter<'_>) -> __fastkit::FmtResult {
                __f.write_str(#expecting)
            }

            #[inline]
            fn visit_seq<__A: __fastkit::SeqAccess<'de>>(
                self,
                mut __seq: __A,
            ) -> __fastkit::Result<Self::Value, __A::Error> {
                #(#lets)*
                __fastkit::Ok(#path(#(#locals),*))
            }
        }
    }
}
