//! The inlining policy of the generated code, decided here and nowhere else.
//!
//! The methods a read or a write runs once per key or per field (a tree's `slot_of`, a slot's
//! read, a state's creation and `finish`, `owns`, the catch-all's claim, an enum's variant
//! dispatch, a member's write) are forced inline, in every build profile: a flattened tree is
//! then compiled into one function per format, as serde's flat derive is. Measured with the
//! guard (`python3 benches/guard.py`, instructions against the flat derive): with plain
//! `#[inline]` on these methods, LLVM leaves some of them out of line and 4 of the 51 guarded
//! ratios rise by more than 3% (a tree three levels deep on serde_cbor's packed format by 12%);
//! forcing only the entry points still leaves that one 9% above. Everything else the derive
//! writes gets plain `#[inline]` or none.
//!
//! The runtime's per-key functions follow the same rule (`#[inline(always)]`, written on each;
//! see the "Inlining" section of DESIGN.md).

use proc_macro2::TokenStream;
use quote::quote;

/// The attribute on a generated method that runs once per key or per field.
pub fn per_key() -> TokenStream {
    quote!(#[inline(always)])
}
