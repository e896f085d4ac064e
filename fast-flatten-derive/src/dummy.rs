//! The `const _: () = { ... };` block every generated item is placed in, so that helper types and
//! imports stay out of the user's namespace; and the placeholder impls emitted beside the errors
//! of a failed expansion.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::halves::Halves;
use crate::unit;

/// The block around `items`, which binds the runtime's `__private` module to the one name every
/// generated path starts with, `__fastkit` (as serde_derive binds `_serde`): `krate` is
/// `::serde_fastkit`, or the path of `#[fast_flatten(crate = "...")]`.
pub fn wrap(krate: &syn::Path, items: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        // `private_bounds`: the items are bounded on the flattened fields' types (`bound.rs`),
        // which may be less visible than the struct; the bounds hold, and no user names these
        // items.
        #[allow(
            non_upper_case_globals,
            non_camel_case_types,
            non_snake_case,
            unused_qualifications,
            private_bounds
        )]
        const _: () = {
            // `#[serde(borrow)]` on a `Cow` field makes serde's parser name
            // `_serde::__private::de::borrow_cow_str`; this is where that path leads.
            #[allow(unused_imports)]
            use #krate::__private as __fastkit;
            #[allow(unused_imports)]
            use #krate::__private::serde_compat as _serde;

            #items
        };
    }
}

/// Every trait the derive implements, with bodies that are never run, for a type whose expansion
/// failed: the compile errors already stop the build, and without these, each use of the type
/// (in a struct that flattens it, in `serde_json::to_string`) would add an error of its own
/// ("the trait `Serialize` is not implemented"), burying the one that names the cause. This is
/// what thiserror does on failure.
pub fn placeholders(input: &DeriveInput, krate: &syn::Path, halves: Halves) -> TokenStream {
    let unreachable = quote!(__fastkit::unreachable!());
    // A type that already has a lifetime `'de` (itself an error) gets no reading impls.
    let has_de = input.generics.lifetimes().any(|l| l.lifetime.ident == "de");
    let halves = Halves {
        de: halves.de && !has_de,
        ser: halves.ser,
    };
    let items = unit::leafless(
        &input.ident,
        &input.generics,
        halves,
        &unit::Bodies {
            deserialize: unreachable.clone(),
            value: unreachable.clone(),
            serialize: unreachable,
        },
    );
    wrap(krate, items)
}
