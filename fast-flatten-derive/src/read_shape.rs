//! `FlattenFields::READ`: what reading a tree needs to know of its shape (the runtime's
//! `ReadShape`), written with only the questions whose answer may be `true`. The others come
//! from the base (`ReadShape::LEAVES` or `ReadShape::CATCH_ALL`), and a shape that is the
//! trait's default (`LEAVES`) is not written at all.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The `ReadShape` a tree's answers start from.
#[derive(Clone, Copy, PartialEq)]
pub enum Base {
    /// `ReadShape::LEAVES`: every answer `false` (the trait's default).
    Leaves,
    /// `ReadShape::CATCH_ALL`: a tree that takes every key no leaf claims, viewing them.
    CatchAll,
}

/// The answers of a tree's `ReadShape` that may be `true`, by field name.
pub struct ReadShape {
    base: Base,
    answers: Vec<(&'static str, TokenStream)>,
}

impl ReadShape {
    pub fn new(base: Base) -> Self {
        ReadShape {
            base,
            answers: Vec::new(),
        }
    }

    /// The field `name` is `true` when `own` is, else when any of `children` (constant
    /// expressions) is; left to the base when neither can be.
    pub fn any(mut self, name: &'static str, own: bool, children: Vec<TokenStream>) -> Self {
        if own {
            self.answers.push((name, quote!(true)));
        } else if !children.is_empty() {
            self.answers.push((name, quote!(#(#children)||*)));
        }
        self
    }

    /// The field `name` is the constant expression `value`, or left to the base (`false`)
    /// when there is none.
    pub fn expr(mut self, name: &'static str, value: Option<TokenStream>) -> Self {
        if let Some(value) = value {
            self.answers.push((name, value));
        }
        self
    }

    /// The `const READ` item, or nothing where the shape is the trait's default.
    pub fn to_const(&self) -> TokenStream {
        let base = match self.base {
            Base::Leaves if self.answers.is_empty() => return TokenStream::new(),
            Base::Leaves => quote!(__fastkit::ReadShape::LEAVES),
            Base::CatchAll => quote!(__fastkit::ReadShape::CATCH_ALL),
        };
        if self.answers.is_empty() {
            return quote!(const READ: __fastkit::ReadShape = #base;);
        }
        let answers = self.answers.iter().map(|(name, value)| {
            let name = format_ident!("{name}");
            quote!(#name: #value,)
        });
        quote! {
            const READ: __fastkit::ReadShape = __fastkit::ReadShape { #(#answers)* ..#base };
        }
    }
}
