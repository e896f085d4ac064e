//! The inlining policy of the generated code, decided here and nowhere else in the derive; why,
//! with the measurements, is DESIGN.md's "Inlining" (the runtime's twin is the note at the top of
//! `serde_fastkit`'s `lib.rs`).
//!
//! The methods a read runs once per key (a tree's `slot_of`, a slot's read `deserialize_slot`, a
//! state's creation and `finish`, a type's `deserialize`, an enum's variant dispatch) are forced
//! inline, in every build profile. Everything else the derive writes gets plain `#[inline]` or
//! none: the write side, the read of a sequence of leaves, `state_is_empty`, `owns` and the
//! claims of keys no leaf knows.

use proc_macro2::TokenStream;
use quote::quote;

/// The attribute on a generated method a read runs once per key.
pub fn per_key() -> TokenStream {
    quote!(#[inline(always)])
}
