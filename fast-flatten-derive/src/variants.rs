//! The model every enum expansion reads: the variants in declaration order, with the indexes
//! serde gives them and, for struct variants, the trees of their hidden structs.

use proc_macro2::TokenStream;
use quote::quote;
use serde_derive_internals::ast::{Container, Data, Field, Style, Variant};
use serde_derive_internals::attr::TagType;
use syn::Ident;

use crate::attr::Options;
use crate::tree::Tree;

pub struct Enum<'a> {
    pub container: &'a Container<'a>,
    pub ident: &'a Ident,
    pub variants: Vec<EnumVariant<'a>>,
    /// `#[fast_flatten(strict)]` on the enum.
    pub strict: bool,
}

pub struct EnumVariant<'a> {
    pub variant: &'a Variant<'a>,
    /// The index serde's derive writes (`serialize_*_variant`): the position among all
    /// variants, skipped ones included.
    pub ser_index: u32,
    /// The index a tag reads back as (a `u64` identifier): the position among the variants that
    /// are not skipped when deserializing, as serde's derive counts (the two disagree after a
    /// `skip_deserializing` variant, in serde too: "index skew", `tests/enums/external.rs`).
    pub de_index: Option<usize>,
    /// The variant's shape as declared, a struct variant with the trees of its hidden structs.
    pub shape: Shape<'a>,
}

/// A variant's shape as declared. A struct variant carries the trees of its hidden structs, so
/// that every expansion of a struct variant has them by construction.
pub enum Shape<'a> {
    Unit,
    Newtype,
    Tuple,
    Struct(Box<VariantTrees<'a>>),
}

/// A struct variant's hidden structs: its fields by value (deserialized) and by reference
/// (serialized).
pub struct VariantTrees<'a> {
    pub by_value: Tree<'a>,
    pub by_ref: Tree<'a>,
}

/// A variant's shape on one side (reading or writing), a struct variant with that side's tree.
pub enum SideShape<'e, 'a> {
    Unit,
    Newtype,
    Tuple,
    Struct(&'e Tree<'a>),
}

impl<'a> Enum<'a> {
    pub fn new(container: &'a Container<'a>, options: &Options) -> syn::Result<Enum<'a>> {
        let Data::Enum(variants) = &container.data else {
            return Err(syn::Error::new_spanned(
                &container.ident,
                "FastFlatten: expected an enum",
            ));
        };
        let mut de_index = 0;
        let mut model = Vec::with_capacity(variants.len());
        for (ser_index, variant) in variants.iter().enumerate() {
            let shape = match variant.style {
                Style::Unit => Shape::Unit,
                Style::Newtype => Shape::Newtype,
                Style::Tuple => Shape::Tuple,
                Style::Struct => {
                    let by_value = Tree::of_variant(container, variant, options)?;
                    let by_ref = by_value.by_reference(&container.ident, &variant.ident);
                    Shape::Struct(Box::new(VariantTrees { by_value, by_ref }))
                }
            };
            model.push(EnumVariant {
                variant,
                ser_index: u32::try_from(ser_index).unwrap_or(u32::MAX),
                de_index: (!variant.attrs.skip_deserializing()).then(|| {
                    de_index += 1;
                    de_index - 1
                }),
                shape,
            });
        }
        Ok(Enum {
            container,
            ident: &container.ident,
            variants: model,
            strict: options.strict,
        })
    }

    pub fn tag(&self) -> &TagType {
        self.container.attrs.tag()
    }

    /// How variant `v` is written and read: the enum's representation, or untagged for a
    /// `#[serde(untagged)]` variant of a tagged enum (serde 1.0.181's partially untagged enums).
    pub fn tag_of(&self, v: &EnumVariant) -> &TagType {
        if v.variant.attrs.untagged() {
            &TagType::None
        } else {
            self.tag()
        }
    }

    /// Whether a tagged enum has `#[serde(untagged)]` variants (serde's parser has checked that
    /// they come last): it is read as serde reads it, the whole value held, the tagged
    /// variants tried first, then each untagged one in order.
    pub fn partially_untagged(&self) -> bool {
        !matches!(self.tag(), TagType::None)
            && self.variants.iter().any(|v| v.variant.attrs.untagged())
    }

    /// The variants that can be deserialized, with their index.
    pub fn de_variants(&self) -> impl Iterator<Item = (usize, &EnumVariant<'a>)> {
        self.variants
            .iter()
            .filter_map(|variant| variant.de_index.map(|index| (index, variant)))
    }

    /// The enum's Rust name, as serde's messages spell it.
    pub fn rust_name(&self) -> String {
        self.ident.to_string()
    }

    /// `Enum<T>` (the enum's type with its generic arguments).
    pub fn self_ty(&self) -> TokenStream {
        let ident = self.ident;
        let (_, ty_generics, _) = self.container.generics.split_for_impl();
        quote!(#ident #ty_generics)
    }
}

impl<'a> EnumVariant<'a> {
    pub fn ident(&self) -> &Ident {
        &self.variant.ident
    }

    pub fn fields(&self) -> &'a [Field<'a>] {
        &self.variant.fields
    }

    /// The variant's shape when deserializing: a newtype variant whose field is skipped reads
    /// as a unit variant (serde's `effective_style`).
    pub fn de_style(&self) -> Style {
        match self.variant.style {
            Style::Newtype if self.variant.fields[0].attrs.skip_deserializing() => Style::Unit,
            style => style,
        }
    }

    /// A struct variant's hidden structs.
    pub fn trees(&self) -> Option<&VariantTrees<'a>> {
        match &self.shape {
            Shape::Struct(trees) => Some(trees),
            _ => None,
        }
    }

    /// [`de_style`](Self::de_style), a struct variant with its by-value tree.
    pub fn de_shape(&self) -> SideShape<'_, 'a> {
        match &self.shape {
            Shape::Unit => SideShape::Unit,
            Shape::Newtype if self.variant.fields[0].attrs.skip_deserializing() => SideShape::Unit,
            Shape::Newtype => SideShape::Newtype,
            Shape::Tuple => SideShape::Tuple,
            Shape::Struct(trees) => SideShape::Struct(&trees.by_value),
        }
    }

    /// [`ser_style`](Self::ser_style), a struct variant with its by-reference tree.
    pub fn ser_shape(&self) -> SideShape<'_, 'a> {
        match &self.shape {
            Shape::Unit => SideShape::Unit,
            Shape::Newtype if self.variant.fields[0].attrs.skip_serializing() => SideShape::Unit,
            Shape::Newtype => SideShape::Newtype,
            Shape::Tuple => SideShape::Tuple,
            Shape::Struct(trees) => SideShape::Struct(&trees.by_ref),
        }
    }

    /// The variant's shape when serializing: a newtype variant whose field is skipped writes as
    /// a unit variant.
    pub fn ser_style(&self) -> Style {
        match self.variant.style {
            Style::Newtype if self.variant.fields[0].attrs.skip_serializing() => Style::Unit,
            style => style,
        }
    }

    /// `Enum::Variant`, for patterns and constructors.
    pub fn path(&self, enum_ident: &Ident) -> TokenStream {
        let ident = self.ident();
        quote!(#enum_ident::#ident)
    }
}
