//! The derive macro behind [`serde_fastkit::FastFlatten`](https://docs.rs/serde_fastkit). Use it
//! through `serde_fastkit`, which re-exports it and holds the runtime it expands to.
//!
//! The expansion runs in phases, found by file name:
//!
//! | phase | file | job |
//! |---|---|---|
//! | attributes | `attr.rs` | `#[fast_flatten(...)]`; `#[serde(...)]` is read by `serde_derive_internals`, serde's own parser |
//! | checks | `check.rs` | shapes and attributes FastFlatten cannot (yet) expand, as spanned errors |
//! | errors | `errors.rs` | the one collector every phase reports into |
//! | model | `tree.rs`, `variants.rs` | plain data: a struct's members in declaration order (each a `MemberKind`, with its types and first slot); an enum's variants and their trees |
//! | bounds | `bound.rs` | where clauses for generic structs and enums, by serde's rules |
//! | impl headers | `impls.rs` | every `impl Trait for Type` the expansions write, serde's signatures and `FlattenDeserialize`'s |
//! | struct expansion | `fields.rs`, `de.rs`, `ser.rs` | one file per generated trait family |
//! | flattened children | `child.rs` | a reading body's uses of a child (its type, state and calls), spanned at the field's type |
//! | read shapes | `read_shape.rs` | `FlattenFields::READ`, with only the answers that may be `true` |
//! | enum expansion | `enum_de.rs`, `enum_ser.rs`, `enum_flatten.rs`, `enum_reader.rs`, `variant_structs.rs` | reading and writing each representation, the flatten traits of an enum (the reading impls written once), the hidden structs of struct variants |
//! | user functions | `user_call.rs`, `with_wrappers.rs` | calls of `default`, `with`, `skip_serializing_if` paths, spanned at the attribute; the hidden types `serialize_with` and `deserialize_with` are called through |
//! | inlining | `inline.rs` | the attribute on per-key methods, the one policy |
//! | conversions | `convert.rs` | `transparent`, `from`, `try_from`, `into`: serde's impls through the other type |
//! | unit structs | `unit.rs` | serde's unit impls, no leaves when flattened |
//! | tuple structs | `tuple.rs` | serde's tuple and newtype struct impls |
//! | remote definitions, identifier enums | `serde_copy.rs` | serde's own derive, on a hidden copy |
//! | wrapping | `dummy.rs` | the `const _: () = { ... };` every impl is placed in |
//!
//! Errors are collected with their spans and reported together; the macro never panics.
//! Generated per-key methods are `inline(always)` in every build profile, decided in `inline.rs`
//! (why: DESIGN.md's "Inlining").

#![forbid(unsafe_code)]

mod attr;
mod bound;
mod check;
mod child;
mod convert;
mod de;
mod dummy;
mod enum_de;
mod enum_flatten;
mod enum_reader;
mod enum_ser;
mod errors;
mod fields;
mod halves;
mod impls;
mod inline;
mod propagate;
mod read_shape;
mod ser;
mod serde_copy;
mod tree;
mod tuple;
mod unit;
mod user_call;
mod variant_structs;
mod variants;
mod with_wrappers;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `Serialize`, `Deserialize` and `serde_fastkit`'s flatten traits, reading
/// `#[serde(...)]` attributes with serde's meaning. Use it through `serde_fastkit`: its
/// [`FastFlatten`](https://docs.rs/serde_fastkit/latest/serde_fastkit/derive.FastFlatten.html)
/// re-export documents every option with examples, and its
/// [guide](https://docs.rs/serde_fastkit/latest/serde_fastkit/guide/) every attribute.
#[proc_macro_derive(FastFlatten, attributes(serde, fast_flatten))]
pub fn derive_fast_flatten(input: TokenStream) -> TokenStream {
    derive(input, halves::Halves::BOTH)
}

/// Derives `Deserialize` and the flatten traits of reading only (`FastFlatten`'s reading half),
/// for a type whose `Serialize` is serde's derive's, hand-written, or absent. See
/// `serde_fastkit`'s
/// [`FastDeserialize`](https://docs.rs/serde_fastkit/latest/serde_fastkit/derive.FastDeserialize.html).
#[proc_macro_derive(FastDeserialize, attributes(serde, fast_flatten))]
pub fn derive_fast_deserialize(input: TokenStream) -> TokenStream {
    derive(input, halves::Halves::DESERIALIZE)
}

/// Derives `Serialize` and the flatten trait of writing only (`FastFlatten`'s writing half),
/// for a type whose `Deserialize` is serde's derive's, hand-written, or absent. See
/// `serde_fastkit`'s
/// [`FastSerialize`](https://docs.rs/serde_fastkit/latest/serde_fastkit/derive.FastSerialize.html).
#[proc_macro_derive(FastSerialize, attributes(serde, fast_flatten))]
pub fn derive_fast_serialize(input: TokenStream) -> TokenStream {
    derive(input, halves::Halves::SERIALIZE)
}

fn derive(input: TokenStream, halves: halves::Halves) -> TokenStream {
    let mut input = parse_macro_input!(input as DeriveInput);
    // `Self` in a field's type names the container, as in serde's derive: the expansion copies
    // field types into helper types, where `Self` would name the helper.
    serde_derive_internals::replace_receiver(&mut input);
    match expand(&input, halves) {
        Ok(tokens) => tokens.into(),
        Err(error) => {
            // The errors, and placeholder impls so that no error follows from them elsewhere.
            let krate = attr::Options::from_input(&input)
                .map(|options| options.krate)
                .unwrap_or_else(|_| syn::parse_quote!(::serde_fastkit));
            let mut tokens = error.to_compile_error();
            tokens.extend(dummy::placeholders(&input, &krate, halves));
            tokens.into()
        }
    }
}

fn expand(input: &DeriveInput, halves: halves::Halves) -> syn::Result<proc_macro2::TokenStream> {
    if let syn::Data::Union(_) = input.data {
        // Before serde's parser, whose message does not say what to do instead.
        check::shape(input)?;
    }

    // Every attribute check in one pass, into one collector: ours, serde's parser's, and the
    // shapes and attributes FastFlatten does not expand.
    let mut errors = errors::Errors::default();
    let options = errors.take(attr::Options::from_input(input));
    let ctxt = serde_derive_internals::Ctxt::new();
    let container = serde_derive_internals::ast::Container::from_ast(
        &ctxt,
        input,
        // Reading has serde's stricter checks; a derive of writing only gets serde's checks
        // for writing.
        if halves.de {
            serde_derive_internals::Derive::Deserialize
        } else {
            serde_derive_internals::Derive::Serialize
        },
        // `#[serde(borrow)]` on a `Cow` makes serde's parser name `_serde::__private::de::...`;
        // `dummy.rs` points `_serde` at the runtime's stand-in for that module.
        &proc_macro2::Ident::new("__private", proc_macro2::Span::call_site()),
    );
    let parsed = errors.take(ctxt.check()).is_some();
    if let Some(container) = &container {
        errors.take(check::shape(input));
        errors.take(check::supported(container, halves));
        errors.take(check::field_options(container));
        if parsed {
            errors.take(check::known_attributes(input));
        }
    }
    errors.finish()?;
    let (Some(options), Some(container)) = (options, container) else {
        return Err(syn::Error::new_spanned(
            input,
            "FastFlatten: cannot parse this item",
        ));
    };

    if !matches!(
        container.attrs.identifier(),
        serde_derive_internals::attr::Identifier::No
    ) {
        // An identifier enum (`field_identifier`, `variant_identifier`) has nothing to flatten
        // and nothing to speed up: its reading half is serde's own derive, on a hidden copy
        // (`check::supported` refuses the writing half, as serde's derive does).
        return Ok(dummy::wrap(
            &options.krate,
            serde_copy::half(input, &container, serde_copy::Half::Deserialize),
        ));
    }
    if container.attrs.remote().is_some() {
        return Ok(dummy::wrap(
            &options.krate,
            serde_copy::remote(input, &container, halves),
        ));
    }
    Ok(dummy::wrap(
        &options.krate,
        items(&container, &options, halves)?,
    ))
}

/// Every item of the expansion of `container`.
fn items(
    container: &serde_derive_internals::ast::Container,
    options: &attr::Options,
    halves: halves::Halves,
) -> syn::Result<proc_macro2::TokenStream> {
    let conversions = convert::Conversions::of(container);
    let converted = convert::Conversions::any(container);
    Ok(match &container.data {
        serde_derive_internals::ast::Data::Struct(serde_derive_internals::ast::Style::Unit, _)
            if !converted =>
        {
            unit::expand(container, halves)
        }
        serde_derive_internals::ast::Data::Struct(
            serde_derive_internals::ast::Style::Tuple | serde_derive_internals::ast::Style::Newtype,
            _,
        ) if !convert::Conversions::both(container) => {
            tuple::expand(container, conversions.ser, conversions.de, halves)
        }
        serde_derive_internals::ast::Data::Struct(..) if converted => {
            // Flattened as serde flattens it, through its own impls; a half it does not
            // convert is serde's derive's (`serde_copy::half`).
            let (ser, de) = (conversions.ser, conversions.de);
            [
                halves.pick(
                    || {
                        de.unwrap_or_else(|| {
                            serde_copy::half(
                                container.original,
                                container,
                                serde_copy::Half::Deserialize,
                            )
                        })
                    },
                    || {
                        ser.unwrap_or_else(|| {
                            serde_copy::half(
                                container.original,
                                container,
                                serde_copy::Half::Serialize,
                            )
                        })
                    },
                ),
                convert::flatten_through_conversion(container, halves),
            ]
            .into_iter()
            .collect()
        }
        serde_derive_internals::ast::Data::Struct(..) => {
            let tree = tree::Tree::of_struct(container, options)?;
            halves.pick(
                || {
                    [fields::expand(&tree, halves.ser), de::expand(&tree)]
                        .into_iter()
                        .collect()
                },
                || ser::expand(&tree, !halves.de),
            )
        }
        serde_derive_internals::ast::Data::Enum(..) => {
            let e = variants::Enum::new(container, options)?;
            [
                variant_structs::expand(&e, halves),
                halves.pick(
                    || conversions.de.unwrap_or_else(|| enum_de::expand(&e)),
                    || conversions.ser.unwrap_or_else(|| enum_ser::expand(&e)),
                ),
                // An enum converted (either way) or partially untagged is flattened as serde
                // flattens it, through its own impls.
                if converted || e.partially_untagged() {
                    convert::flatten_through_conversion(container, halves)
                } else {
                    enum_flatten::expand(&e, halves)
                },
            ]
            .into_iter()
            .collect()
        }
    })
}
