//! `#[fast_flatten(...)]`: the options serde's attributes have no word for.

use syn::{DeriveInput, LitStr};

use crate::errors::Errors;

/// Options read from `#[fast_flatten(...)]` on the container.
pub struct Options {
    /// The path to the runtime crate: `#[fast_flatten(crate = "path")]` for a crate that depends
    /// on `serde_fastkit` under another name. Default: `::serde_fastkit`.
    pub krate: syn::Path,
    /// `#[fast_flatten(strict)]`: FastFlatten's own rules where serde's flatten is lenient
    /// (its `deny_unknown_fields` holds wherever it is flattened, a flattened `Option` of it
    /// reports its error, keys beside its unit variants are unknown under
    /// `deny_unknown_fields`, a catch-all map receives only the keys nothing else claims).
    /// Without it, the type reads every input serde's derive reads, as serde reads it.
    pub strict: bool,
}

impl Options {
    pub fn from_input(input: &DeriveInput) -> syn::Result<Options> {
        let mut krate: Option<syn::Path> = None;
        let mut strict = false;
        let mut errors = Errors::default();
        for attr in input
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("fast_flatten"))
        {
            let parsed = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("crate") {
                    let path: LitStr = meta.value()?.parse()?;
                    if krate.is_some() {
                        return Err(meta.error("duplicate `crate` in #[fast_flatten]"));
                    }
                    krate = Some(path.parse()?);
                    Ok(())
                } else if meta.path.is_ident("strict") {
                    if strict {
                        return Err(meta.error("duplicate `strict` in #[fast_flatten]"));
                    }
                    strict = true;
                    Ok(())
                } else {
                    Err(meta.error(
                        "unknown #[fast_flatten] option; the options are `crate = \"path\"` and `strict`",
                    ))
                }
            });
            if let Err(error) = parsed {
                errors.push_error(error);
            }
        }
        errors.finish()?;
        Ok(Options {
            krate: krate.unwrap_or_else(|| syn::parse_quote!(::serde_fastkit)),
            strict,
        })
    }
}

/// Options read from `#[fast_flatten(...)]` on a field.
#[derive(Default, Clone, Copy)]
pub struct FieldOptions {
    /// `#[fast_flatten(catch_all)]`: this flattened field is a map of a type the runtime has no
    /// impls for (`serde_json::Map`, `IndexMap`, ...) that receives every unclaimed key.
    /// `HashMap` and `BTreeMap` need no marker.
    pub catch_all: bool,
    /// `#[fast_flatten(buffered)]`: this flattened field's type does not implement the flatten
    /// traits (another crate's type, a hand-written `Deserialize`); it is read as serde reads
    /// it, from the unclaimed keys it takes, held until the map ends.
    pub buffered: bool,
}

impl FieldOptions {
    pub fn from_field(field: &syn::Field) -> syn::Result<FieldOptions> {
        let mut options = FieldOptions::default();
        let mut errors = Errors::default();
        for attr in field
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("fast_flatten"))
        {
            let parsed = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("catch_all") {
                    options.catch_all = true;
                    Ok(())
                } else if meta.path.is_ident("buffered") {
                    options.buffered = true;
                    Ok(())
                } else {
                    Err(meta.error(
                        "unknown #[fast_flatten] field option; the options are `catch_all` and `buffered`",
                    ))
                }
            });
            if let Err(error) = parsed {
                errors.push_error(error);
            }
        }
        errors.finish()?;
        Ok(options)
    }
}
