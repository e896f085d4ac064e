//! Collecting every error of an expansion, with its span, to report them all at once.

/// Errors collected so far; `finish` reports them together.
#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    /// Records `message` at the span of `tokens`.
    pub fn push(&mut self, tokens: impl quote::ToTokens, message: impl std::fmt::Display) {
        self.push_error(syn::Error::new_spanned(tokens, message));
    }

    pub fn push_error(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    pub fn finish(self) -> syn::Result<()> {
        self.0.map_or(Ok(()), Err)
    }
}
