//! The model every expansion reads: a struct's members in declaration order, each an own leaf or
//! a flattened child, with the slot offsets they occupy in the whole tree.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use serde_derive_internals::ast::{Container, Data, Field};
use serde_derive_internals::attr;
use serde_derive_internals::name::Name;
use syn::{Generics, Ident, Type, Visibility};

use crate::attr::{FieldOptions, Options};
use crate::errors::Errors;

pub struct Tree<'a> {
    pub container: &'a Container<'a>,
    pub ident: &'a Ident,
    pub vis: &'a Visibility,
    pub generics: &'a Generics,
    /// `path::to::serde_fastkit::__private`: everything the expansion calls.
    pub private: TokenStream,
    /// The hidden type holding the leaves read so far (`FlattenDeserialize::State`).
    pub state: Ident,
    pub members: Vec<Member<'a>>,
}

pub struct Member<'a> {
    pub field: &'a Field<'a>,
    /// Position among the struct's fields; names the state field and local variables.
    pub index: usize,
    /// The first slot this member occupies, as a constant expression (deserialized members only).
    pub offset: TokenStream,
    pub options: FieldOptions,
}

impl<'a> Tree<'a> {
    pub fn new(container: &'a Container<'a>, options: Options) -> syn::Result<Tree<'a>> {
        let fields = match &container.data {
            Data::Struct(_, fields) => fields,
            Data::Enum(_) => unreachable_enum(container)?,
        };
        let krate = options.krate;
        let private = quote!(#krate::__private);

        let mut offset = quote!(0);
        let mut members = Vec::with_capacity(fields.len());
        let mut errors = Errors::default();
        for (index, field) in fields.iter().enumerate() {
            let options = match FieldOptions::from_field(field.original) {
                Ok(options) => options,
                Err(error) => {
                    errors.push_error(error);
                    FieldOptions::default()
                }
            };
            if options.catch_all && !field.attrs.flatten() {
                errors.push(
                    field.original,
                    "#[fast_flatten(catch_all)] marks a flattened map: add #[serde(flatten)]",
                );
            }
            let member = Member {
                field,
                index,
                offset: offset.clone(),
                options,
            };
            if let Some(len) = member.slot_count(&private) {
                offset = quote!(#offset + #len);
            }
            members.push(member);
        }
        errors.finish()?;

        Ok(Tree {
            container,
            ident: &container.ident,
            vis: &container.original.vis,
            generics: container.generics,
            state: format_ident!(
                "__FastFlattenState{}",
                container.ident,
                span = Span::call_site()
            ),
            private,
            members,
        })
    }

    pub fn attrs(&self) -> &attr::Container {
        &self.container.attrs
    }

    /// The name passed to `serialize_struct` / `deserialize_struct`.
    pub fn ser_name(&self) -> &Name {
        self.attrs().name().serialize_name()
    }

    pub fn de_name(&self) -> &Name {
        self.attrs().name().deserialize_name()
    }

    /// Members that take part in deserialization (own leaves and flattened children).
    pub fn de_members(&self) -> impl Iterator<Item = &Member<'a>> {
        self.members
            .iter()
            .filter(|m| !m.field.attrs.skip_deserializing())
    }

    /// Members written when serializing.
    pub fn ser_members(&self) -> impl Iterator<Item = &Member<'a>> {
        self.members
            .iter()
            .filter(|m| !m.field.attrs.skip_serializing())
    }

    /// `LEN` of the whole struct: the sum of its members' slot counts.
    pub fn len_expr(&self) -> TokenStream {
        let counts = self
            .members
            .iter()
            .filter_map(|m| m.slot_count(&self.private));
        quote!(0 #(+ #counts)*)
    }
}

impl Member<'_> {
    pub fn ty(&self) -> &Type {
        self.field.ty
    }

    /// A flattened struct (or anything implementing the flatten traits), not a marked catch-all.
    pub fn is_flatten(&self) -> bool {
        self.field.attrs.flatten() && !self.options.catch_all
    }

    /// An own field of the struct: one leaf.
    pub fn is_leaf(&self) -> bool {
        !self.field.attrs.flatten()
    }

    /// A flattened map marked `#[fast_flatten(catch_all)]`.
    pub fn is_catch_all(&self) -> bool {
        self.options.catch_all
    }

    pub fn attrs(&self) -> &attr::Field {
        &self.field.attrs
    }

    /// The field as written in the struct: `name` or `r#type`.
    pub fn member(&self) -> &syn::Member {
        &self.field.member
    }

    /// The field of the state struct holding this member's progress.
    pub fn state_field(&self) -> Ident {
        format_ident!("__field{}", self.index)
    }

    /// The local variable holding this member's finished value.
    pub fn local(&self) -> Ident {
        format_ident!("__value{}", self.index)
    }

    pub fn ser_name(&self) -> &Name {
        self.attrs().name().serialize_name()
    }

    pub fn de_name(&self) -> &Name {
        self.attrs().name().deserialize_name()
    }

    /// How many slots this member occupies: 1 for an own leaf, the child's `LEN` when flattened,
    /// none when skipped by deserialization.
    pub fn slot_count(&self, private: &TokenStream) -> Option<TokenStream> {
        if self.attrs().skip_deserializing() || self.is_catch_all() {
            None
        } else if self.is_flatten() {
            let ty = self.ty();
            Some(quote!(<#ty as #private::FlattenFields>::LEN))
        } else {
            Some(quote!(1))
        }
    }
}

fn unreachable_enum<T>(container: &Container) -> syn::Result<T> {
    // `check::shape` rejects enums before parsing; this keeps the macro panic-free regardless.
    Err(syn::Error::new_spanned(
        &container.ident,
        "FastFlatten supports structs with named fields only",
    ))
}
