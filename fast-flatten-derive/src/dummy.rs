//! The `const _: () = { ... };` block every generated item is placed in, so that helper types and
//! imports stay out of the user's namespace.

use proc_macro2::TokenStream;
use quote::quote;

pub fn wrap(private: &TokenStream, items: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, non_camel_case_types, non_snake_case, unused_qualifications)]
        const _: () = {
            // `#[serde(borrow)]` on a `Cow` field makes serde's parser name
            // `_serde::__private::de::borrow_cow_str`; this is where that path leads.
            #[allow(unused_imports)]
            use #private::serde_compat as _serde;

            #items
        };
    }
}
