//! Inputs FastFlatten cannot expand, reported as errors that point at the cause and say what to
//! do instead.

use serde_derive_internals::ast::Container;
use syn::DeriveInput;

use crate::errors::Errors;

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
pub fn supported(container: &Container) -> syn::Result<()> {
    let mut errors = Errors::default();
    let attrs = &container.attrs;
    let ident = &container.ident;
    let identifier = match attrs.identifier() {
        serde_derive_internals::attr::Identifier::No => None,
        serde_derive_internals::attr::Identifier::Field => Some("field_identifier"),
        serde_derive_internals::attr::Identifier::Variant => Some("variant_identifier"),
    };
    if let Some(word) = identifier {
        // An identifier enum has nothing to flatten, and is usually only read.
        let at = attribute_naming(&container.original.attrs, "serde", word);
        errors.push_at(
            at,
            ident,
            format!(
                "FastFlatten does not support #[serde({word})]: an identifier enum has nothing to \
                 flatten; derive serde's `Deserialize` (and `Serialize` if it is written) for \
                 `{ident}` instead"
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
