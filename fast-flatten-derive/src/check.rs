//! Inputs FastFlatten cannot expand, reported as errors that point at the cause and say what to
//! do instead.

use serde_derive_internals::attr::TagType;
use syn::{Data, DeriveInput, Fields};

use crate::errors::Errors;
use crate::tree::Tree;

/// FastFlatten works on structs with named fields; anything else is an error on the item.
pub fn shape(input: &DeriveInput) -> syn::Result<()> {
    let ident = &input.ident;
    let message = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(_) => return Ok(()),
            Fields::Unnamed(_) => format!(
                "FastFlatten supports structs with named fields; `{ident}` is a tuple struct. \
                 Name its fields, or derive serde's `Serialize, Deserialize` for it"
            ),
            Fields::Unit => format!(
                "FastFlatten supports structs with named fields; `{ident}` is a unit struct. \
                 Derive serde's `Serialize, Deserialize` for it"
            ),
        },
        Data::Enum(_) => format!(
            "FastFlatten supports structs with named fields; `{ident}` is an enum. \
             Derive serde's `Serialize, Deserialize` for it (an enum can still be a field of a \
             FastFlatten struct, flattened or not)"
        ),
        Data::Union(_) => format!(
            "FastFlatten supports structs with named fields; `{ident}` is a union, which serde \
             cannot derive for either"
        ),
    };
    Err(syn::Error::new_spanned(ident, message))
}

/// serde attributes and shapes the expansion does not handle (yet): each one an error naming it.
pub fn supported(tree: &Tree) -> syn::Result<()> {
    let mut errors = Errors::default();
    let attrs = tree.attrs();
    let ident = tree.ident;
    let unsupported = |what: &str| {
        format!(
            "FastFlatten does not support #[serde({what})] yet; derive serde's \
             `Serialize, Deserialize` for `{ident}` instead"
        )
    };

    if attrs.transparent() {
        errors.push(ident, unsupported("transparent"));
    }
    if attrs.remote().is_some() {
        errors.push(ident, unsupported("remote = \"...\""));
    }
    if attrs.type_from().is_some() || attrs.type_try_from().is_some() || attrs.type_into().is_some()
    {
        errors.push(ident, unsupported("from/try_from/into = \"...\""));
    }
    if !matches!(attrs.tag(), TagType::External) {
        errors.push(ident, unsupported("tag = \"...\""));
    }
    if attrs.expecting().is_some() {
        errors.push(ident, unsupported("expecting = \"...\""));
    }
    if attrs.is_packed() {
        errors.push(
            ident,
            "FastFlatten does not support #[repr(packed)] structs: it serializes fields by reference",
        );
    }
    for lifetime in tree.generics.lifetimes() {
        if lifetime.lifetime.ident == "de" {
            errors.push(
                &lifetime.lifetime,
                "FastFlatten reserves the lifetime name 'de for the deserializer (as serde does); rename this lifetime",
            );
        }
    }

    for member in &tree.members {
        let field = member.field.original;
        let field_attrs = member.attrs();
        if field_attrs.getter().is_some() {
            errors.push(
                field,
                "FastFlatten does not support #[serde(getter = \"...\")] yet",
            );
        }
        if field_attrs.flatten()
            && (field_attrs.serialize_with().is_some() || field_attrs.deserialize_with().is_some())
        {
            errors.push(
                field,
                "#[serde(flatten)] cannot be combined with `with`, `serialize_with` or \
                 `deserialize_with` in FastFlatten: a flattened field's leaves are written \
                 one by one into the enclosing struct",
            );
        }
        if field_attrs.flatten() && field_attrs.skip_serializing_if().is_some() {
            errors.push(
                field,
                "#[serde(flatten)] cannot be combined with `skip_serializing_if` in FastFlatten; \
                 put `skip_serializing_if` on the flattened struct's own fields",
            );
        }
    }
    errors.finish()
}
