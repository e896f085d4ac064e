//! Calls of the functions a user names in attributes (`default = "path"`, `with`,
//! `serialize_with`, `deserialize_with`, `skip_serializing_if`), spanned at the attribute's
//! string, as serde's derive does: a type error in the call then points at the string the user
//! wrote, not at `#[derive(FastFlatten)]`.
//!
//! Only the path and the call's parentheses take the attribute's span. The arguments keep
//! theirs: an attribute written by a `macro_rules!` macro carries that macro's hygiene, under
//! which `self` and the expansion's locals would not resolve. (Nor is the function coerced to a
//! fn pointer of the expected type to check it at the path: a call also accepts a function
//! taking `&str` for a `String` field, by deref coercion, as serde's derive does.)

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;

/// `path(args)`, the path and the parentheses spanned at the attribute's string (serde's parser
/// gives the path that span).
pub fn call(path: &syn::ExprPath, args: TokenStream) -> TokenStream {
    let mut parens = Group::new(Delimiter::Parenthesis, args);
    parens.set_span(path.span());
    let mut tokens = path.to_token_stream();
    tokens.extend([TokenTree::Group(parens)]);
    tokens
}
