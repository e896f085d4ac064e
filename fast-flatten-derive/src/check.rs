//! Inputs FastFlatten cannot expand, reported as errors that point at the cause and say what to
//! do instead.

use serde_derive_internals::ast::Container;
use syn::DeriveInput;

use crate::attr::FieldOptions;
use crate::errors::Errors;
use crate::halves::Halves;

/// FastFlatten works on structs of every shape and enums; a union is an error on the item.
pub fn shape(input: &DeriveInput) -> syn::Result<()> {
    let ident = &input.ident;
    let message = match &input.data {
        syn::Data::Struct(_) => return Ok(()),
        syn::Data::Enum(_) => return Ok(()),
        syn::Data::Union(_) => format!(
            "FastFlatten supports structs and enums; `{ident}` is a union, which serde \
             cannot derive for either"
        ),
    };
    Err(syn::Error::new_spanned(ident, message))
}

/// serde attributes and shapes the expansion does not handle (yet): each one an error naming it.
pub fn supported(container: &Container, halves: Halves) -> syn::Result<()> {
    let mut errors = Errors::default();
    let attrs = &container.attrs;
    let ident = &container.ident;
    let identifier = match attrs.identifier() {
        serde_derive_internals::attr::Identifier::No => None,
        serde_derive_internals::attr::Identifier::Field => Some(("field_identifier", "field")),
        serde_derive_internals::attr::Identifier::Variant => {
            Some(("variant_identifier", "variant"))
        }
    };
    // An identifier enum is only read (serde's derive refuses to write one); its reading half
    // is serde's derive's (`serde_copy::half`).
    if let (Some((word, kind)), true) = (identifier, halves.ser) {
        let at = attribute_naming(&container.original.attrs, "serde", word);
        errors.push_at(
            at,
            ident,
            format!(
                "{kind} identifiers cannot be serialized (as with serde's derive): derive \
                 `FastDeserialize` for `{ident}`, the reading half alone"
            ),
        );
    }
    // A remote definition is serde's own derive (`serde_copy.rs`), which reads packed fields.
    if attrs.is_packed() && attrs.remote().is_none() {
        let at = attribute_naming(&container.original.attrs, "repr", "packed");
        errors.push_at(
            at,
            ident,
            "FastFlatten does not support #[repr(packed)] structs: it serializes fields by reference",
        );
    }
    for lifetime in container.generics.lifetimes() {
        if lifetime.lifetime.ident == "de" {
            errors.push(
                &lifetime.lifetime,
                "FastFlatten reserves the lifetime name 'de for the deserializer (as serde does); rename this lifetime",
            );
        }
    }

    errors.finish()
}

/// Each field's `#[fast_flatten(...)]` options: parsed, and each where it means something.
pub fn field_options(container: &Container) -> syn::Result<()> {
    let mut errors = Errors::default();
    for field in crate::tree::all_fields(container) {
        let Some(options) = errors.take(FieldOptions::from_field(field.original)) else {
            continue;
        };
        let flattened = field.attrs.flatten();
        if options.catch_all && !flattened {
            errors.push(
                field.original,
                "#[fast_flatten(catch_all)] marks a flattened map: add #[serde(flatten)]",
            );
        }
        if options.buffered && !flattened {
            errors.push(
                field.original,
                "#[fast_flatten(buffered)] marks a flattened field read as serde reads it: \
                 add #[serde(flatten)]",
            );
        }
        if options.buffered && options.catch_all {
            errors.push(
                field.original,
                "#[fast_flatten(catch_all)] and #[fast_flatten(buffered)] exclude each other: \
                 a catch-all map is read in place, keep `catch_all`",
            );
        }
    }
    errors.finish()
}

/// The attribute `#[outer(... word ...)]` among `attrs`, to point an error at.
fn attribute_naming<'a>(
    attrs: &'a [syn::Attribute],
    outer: &str,
    word: &str,
) -> Option<&'a syn::Attribute> {
    attrs.iter().find(|attr| {
        attr.path().is_ident(outer)
            && matches!(&attr.meta, syn::Meta::List(list) if list.tokens.clone().into_iter().any(
                |token| matches!(token, proc_macro2::TokenTree::Ident(ident) if ident == word)
            ))
    })
}

/// The `#[serde(...)]` attributes FastFlatten knows, where each may stand (serde 1.0.228's):
/// an attribute a newer serde parser learns is an error until the derive supports it, rather
/// than silently ignored.
const CONTAINER_ATTRIBUTES: &[&str] = &[
    "rename",
    "rename_all",
    "rename_all_fields",
    "deny_unknown_fields",
    "tag",
    "content",
    "untagged",
    "bound",
    "default",
    "remote",
    "transparent",
    "from",
    "try_from",
    "into",
    "crate",
    "expecting",
    "variant_identifier",
    "field_identifier",
];
const VARIANT_ATTRIBUTES: &[&str] = &[
    "rename",
    "alias",
    "rename_all",
    "skip",
    "skip_serializing",
    "skip_deserializing",
    "serialize_with",
    "deserialize_with",
    "with",
    "bound",
    "borrow",
    "other",
    "untagged",
];
const FIELD_ATTRIBUTES: &[&str] = &[
    "rename",
    "alias",
    "default",
    "flatten",
    "skip",
    "skip_serializing",
    "skip_deserializing",
    "skip_serializing_if",
    "serialize_with",
    "deserialize_with",
    "with",
    "borrow",
    "bound",
    "getter",
];

/// Every `#[serde(...)]` entry of the item against the attributes FastFlatten knows (run once
/// serde's parser has accepted the item, so that a misspelling is one error, serde's).
pub fn known_attributes(input: &DeriveInput) -> syn::Result<()> {
    let mut errors = Errors::default();
    errors.take(known_in(&input.attrs, CONTAINER_ATTRIBUTES, "a container"));
    let fields = |fields: &syn::Fields, errors: &mut Errors| {
        for field in fields {
            errors.take(known_in(&field.attrs, FIELD_ATTRIBUTES, "a field"));
        }
    };
    match &input.data {
        syn::Data::Struct(data) => fields(&data.fields, &mut errors),
        syn::Data::Enum(data) => {
            for variant in &data.variants {
                errors.take(known_in(&variant.attrs, VARIANT_ATTRIBUTES, "a variant"));
                fields(&variant.fields, &mut errors);
            }
        }
        syn::Data::Union(_) => {}
    }
    errors.finish()
}

/// The entries of the `#[serde(...)]` attributes among `attrs`, each one of `known`.
fn known_in(attrs: &[syn::Attribute], known: &[&str], place: &str) -> syn::Result<()> {
    let mut errors = Errors::default();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("serde")) {
        let parsed = attr.parse_nested_meta(|meta| {
            let name = meta
                .path
                .get_ident()
                .map(ToString::to_string)
                .unwrap_or_default();
            if !known.contains(&name.as_str()) {
                errors.push(
                    &meta.path,
                    format!(
                        "FastFlatten does not know #[serde({name})] on {place}; it supports \
                         serde's attributes as of serde 1.0.228"
                    ),
                );
            }
            // Skip the entry's value: `= "..."` or `(...)`.
            if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<syn::Expr>()?;
            } else if meta.input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in meta.input);
                content.parse::<proc_macro2::TokenStream>()?;
            }
            Ok(())
        });
        // serde's parser has read these already; what it accepted parses here too.
        let _ = parsed;
    }
    errors.finish()
}

#[cfg(test)]
mod tests {
    use super::{CONTAINER_ATTRIBUTES, FIELD_ATTRIBUTES, VARIANT_ATTRIBUTES};

    /// The attributes the guide's table (`src/guide/attributes.md`) lists for `place`.
    fn listed_in_the_guide(place: &str) -> Vec<String> {
        let guide = include_str!("../../src/guide/attributes.md");
        let mut listed: Vec<String> = guide
            .lines()
            .filter_map(|line| line.strip_prefix(&format!("| {place} | ")))
            .filter_map(|rest| rest.split(" | ").next())
            // Every code span of the cell (`tag` + `content` names two).
            .flat_map(|cell| cell.split('`').skip(1).step_by(2))
            // `default = "path"` is `default`.
            .map(|entry| entry.split(' ').next().unwrap_or(entry).to_owned())
            .collect();
        listed.sort_unstable();
        listed.dedup();
        listed
    }

    fn sorted(known: &[&str]) -> Vec<String> {
        let mut known: Vec<String> = known.iter().map(|name| (*name).to_owned()).collect();
        known.sort_unstable();
        known
    }

    #[test]
    fn the_guide_lists_the_attributes_the_derive_knows() {
        for (place, known) in [
            ("container", CONTAINER_ATTRIBUTES),
            ("variant", VARIANT_ATTRIBUTES),
            ("field", FIELD_ATTRIBUTES),
        ] {
            assert_eq!(
                listed_in_the_guide(place),
                sorted(known),
                "the guide's {place} attributes (left) and check.rs's (right)"
            );
        }
    }
}
