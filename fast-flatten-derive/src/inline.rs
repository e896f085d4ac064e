//! The inlining policy of the generated code, decided here and nowhere else.
//!
//! The methods a read runs once per key (a tree's `slot_of`, a slot's read `deserialize_slot`, a
//! state's creation and `finish`, a type's `deserialize`, an enum's variant dispatch) are forced
//! inline, in every build profile: a flattened tree's lookup and reads are then compiled into one
//! function per format, as serde's flat derive is. Measured with the guard
//! (`python3 benches/guard.py`, instructions against the flat derive): with plain `#[inline]` on
//! these methods, LLVM leaves some of them out of line and a tree three levels deep on
//! serde_cbor's packed format takes 12% more instructions per decode; forcing only the entry
//! points still leaves it 9% above.
//!
//! Everything else the derive writes gets plain `#[inline]` or none: the write side
//! (`serialized_len`, `serialize_leaves`), the read of a sequence of leaves, `state_is_empty`,
//! `owns` and the claims of keys no leaf knows. Forcing those too cost debug builds of derived
//! code 2.6% of their CPU time (`benches/compile_time.sh`'s crate, 9 alternating rounds) and
//! bought nothing in release: left to LLVM, no guarded ratio rises by more than 0.5%, and
//! encodes on rmp-serde take 15% to 23% fewer instructions (`paged`, `wide`,
//! `events_created`), LLVM inlining better than the forced chain let it.
//!
//! The runtime follows the same rule (stated at the top of its `lib.rs`; see the "Inlining"
//! section of DESIGN.md): its per-key functions whose body is a tree's own are forced, written
//! on each; what every tree shares (a leaf's read, the seen-leaf set) is left to LLVM, since
//! forced it would be copied into every leaf of every tree in debug builds too.
//!
//! LLVM's always-inliner runs in debug builds as well: a forced body is copied into each caller,
//! and copied again at each forced level above. So the generated code keeps forced bodies small
//! at -O0 too: reads pass errors up with a `match`, not `?` ([`crate::propagate`]).

use proc_macro2::TokenStream;
use quote::quote;

/// The attribute on a generated method a read runs once per key.
pub fn per_key() -> TokenStream {
    quote!(#[inline(always)])
}
