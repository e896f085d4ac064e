//! Collecting every error of an expansion, with its span, to report them all at once.

/// Errors collected so far; `finish` reports them together.
#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    /// Records `message` at the span of `tokens`.
    pub fn push(&mut self, tokens: impl quote::ToTokens, message: impl std::fmt::Display) {
        self.push_error(syn::Error::new_spanned(tokens, message));
    }

    /// Records `message` at `at` if it was found, else at `fallback`.
    pub fn push_at(
        &mut self,
        at: Option<&syn::Attribute>,
        fallback: impl quote::ToTokens,
        message: impl std::fmt::Display,
    ) {
        match at {
            Some(attr) => self.push(attr, message),
            None => self.push(fallback, message),
        }
    }

    pub fn push_error(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    /// The value of `result`, or `None` with its error recorded.
    pub fn take<T>(&mut self, result: syn::Result<T>) -> Option<T> {
        result.map_err(|error| self.push_error(error)).ok()
    }

    pub fn finish(self) -> syn::Result<()> {
        self.0.map_or(Ok(()), Err)
    }
}
