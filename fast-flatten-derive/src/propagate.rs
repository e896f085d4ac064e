//! How generated reads pass a callee's error up: a `match` that returns it, not `?`.
//!
//! `result?` calls `Try::branch` and `FromResidual::from_residual`, which stay calls in debug
//! builds and are copied again with every forced per-key function ([`crate::inline`]); the
//! `match` is what `?` means for a `Result` whose error type is the function's, and costs a
//! branch. The write side keeps `?`, which LLVM inlines better there. The measurements are in
//! DESIGN.md's "Inlining".

use proc_macro2::TokenStream;
use quote::quote;

/// `result?`, written as the `match` it means.
pub fn or_return(result: TokenStream) -> TokenStream {
    quote! {
        match #result {
            __fastkit::Ok(__ok) => __ok,
            __fastkit::Err(__error) => return __fastkit::Err(__error),
        }
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::{Delimiter, TokenStream, TokenTree};
    use quote::quote;

    /// Whether `tokens` hold a `?`, in groups too.
    fn has_question_mark(tokens: &TokenStream) -> bool {
        tokens.clone().into_iter().any(|token| match token {
            TokenTree::Punct(punct) => punct.as_char() == '?',
            TokenTree::Group(group) => has_question_mark(&group.stream()),
            _ => false,
        })
    }

    /// The names of the functions in `tokens` (nested ones too) whose own body holds a `?`.
    fn functions_with_question_mark(tokens: TokenStream, found: &mut Vec<String>) {
        let mut name = None;
        for token in tokens {
            match token {
                TokenTree::Ident(ident) if ident == "fn" => name = Some(None),
                TokenTree::Ident(ident) if name == Some(None) => {
                    name = Some(Some(ident.to_string()))
                }
                TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                    if let Some(Some(fn_name)) = name.take() {
                        if has_question_mark(&group.stream()) {
                            found.push(fn_name);
                        }
                    }
                    functions_with_question_mark(group.stream(), found);
                }
                TokenTree::Group(group) => functions_with_question_mark(group.stream(), found),
                _ => {}
            }
        }
    }

    /// Every shape the derive expands differently, with the attributes that add code.
    fn shapes() -> Vec<TokenStream> {
        vec![
            quote! {
                struct Page {
                    page: u32,
                    #[serde(flatten)] meta: Meta,
                    #[serde(flatten, default)] extra: Option<Extra>,
                    #[serde(skip_serializing_if = "Option::is_none")] note: Option<String>,
                    #[serde(deserialize_with = "de", serialize_with = "ser")] odd: u8,
                    #[serde(flatten, deserialize_with = "de_map")] held: Held,
                    #[serde(flatten)] rest: ::std::collections::HashMap<String, u8>,
                }
            },
            quote!(
                #[serde(default, tag = "kind")]
                struct Tagged {
                    a: u8,
                }
            ),
            quote!(
                struct AllOptions {
                    a: Option<u8>,
                    #[serde(default = "one")]
                    b: Option<u8>,
                }
            ),
            quote!(
                enum External {
                    Unit,
                    Newtype(Inner),
                    Tuple(u8, #[serde(deserialize_with = "de")] u8),
                    Struct { a: u8 },
                }
            ),
            quote!(
                #[serde(tag = "t")]
                enum Internal {
                    Unit,
                    Newtype(Inner),
                    Struct { a: u8 },
                }
            ),
            quote!(
                #[serde(tag = "t", content = "c")]
                enum Adjacent {
                    Unit,
                    Newtype(Inner),
                    Tuple(u8, u8),
                    Struct { a: u8 },
                }
            ),
            quote!(
                #[serde(untagged)]
                enum Untagged {
                    Unit,
                    Newtype(Inner),
                    Tuple(u8, u8),
                    Struct { a: u8 },
                }
            ),
            quote!(
                struct Tuple(u8, #[serde(deserialize_with = "de")] u8);
            ),
            quote!(
                struct Newtype(#[serde(deserialize_with = "de")] u8);
            ),
            quote!(
                struct Unit;
            ),
            quote!(
                #[serde(transparent)]
                struct Transparent {
                    #[serde(deserialize_with = "de")]
                    a: u8,
                }
            ),
            quote!(
                #[serde(from = "u8", into = "u8")]
                struct Converted {
                    a: u8,
                }
            ),
            quote!(
                #[serde(remote = "Other")]
                struct Remote {
                    #[serde(getter = "Other::a")]
                    a: u8,
                }
            ),
        ]
    }

    #[test]
    fn generated_reads_never_use_the_question_mark() {
        for shape in shapes() {
            let input: syn::DeriveInput = syn::parse2(shape.clone()).unwrap();
            let expansion = crate::expand(&input, crate::halves::Halves::BOTH)
                .unwrap_or_else(|error| panic!("{error}: {shape}"));
            let mut found = Vec::new();
            functions_with_question_mark(expansion, &mut found);
            // The write side keeps `?` (see the module's documentation).
            found.retain(|name| !name.starts_with("serialize") && name != "write");
            assert!(
                found.is_empty(),
                "`?` in {found:?} of the expansion of {shape}"
            );
        }
    }
}
