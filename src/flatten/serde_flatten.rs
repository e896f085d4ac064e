//! Recognising serde's own flatten deserializer, to ask it what serde's derive asks.
//!
//! A type that keeps serde's `Deserialize` (a parent deriving `FastSerialize` alone, a type of
//! another crate) reads a flattened FastFlatten field by calling the field's `Deserialize` with
//! serde's `FlatMapDeserializer`, which answers by how it is asked: `deserialize_struct` gives
//! only the entries whose keys are in its field list and takes them from the flattened fields
//! after it; `deserialize_map` and `deserialize_any` give every entry and leave it for them. The
//! method therefore decides what the child and its later siblings read, and a FastFlatten type
//! asks that deserializer what serde's derive of it asks: a map for a struct with flattened
//! fields, any value for an internally tagged enum, a struct with every name and alias for a
//! plain struct. Everywhere else FastFlatten asks for a struct, which formats that write structs
//! as sequences (bincode, postcard) need.
//!
//! The deserializer is private to serde, and no question tells it apart: it says it is
//! human-readable, as serde's buffers do and as a text format does (and serde_test's
//! deserializer panics when asked). So it is recognised by its type's name, a constant that the
//! optimizer compares while compiling: no instruction is left where the name does not match.
//! This is a name compared, not serde's private API used: under a serde release that names
//! the type otherwise, nothing matches and FastFlatten asks for a struct, as it does for every
//! other deserializer; `tests/derive/under_serde_flatten.rs` reads through it, so such a
//! release fails this repository's tests first.

/// Whether `D` is serde's `FlatMapDeserializer` (see the module documentation), or the probe
/// that learns what a buffered field's type asks of it ([`super::buffered`]), which must be
/// asked the same: a `#[serde(transparent)]` or `from` type flattened as serde flattens it
/// reads through its inner type's `Deserialize`, and a FastFlatten struct there would
/// otherwise list its names without their aliases (losing the keys of its aliases) or, with
/// flattened fields, its names rather than asking for every key.
#[inline(always)]
pub(crate) fn is_serde_flatten<D>() -> bool {
    let name = core::any::type_name::<D>().as_bytes();
    // The module is `private` in current serde releases and was `__private` in earlier ones.
    name.starts_with(b"serde::private::de::FlatMapDeserializer<")
        || name.starts_with(b"serde::__private::de::FlatMapDeserializer<")
        || is_probe::<D>()
}

#[inline(always)]
fn is_probe<D>() -> bool {
    #[cfg(feature = "alloc")]
    let probe = core::any::type_name::<super::buffered::Probe>();
    // Without a heap nothing is buffered: there is no probe.
    #[cfg(not(feature = "alloc"))]
    let probe = "";
    core::any::type_name::<D>() == probe
}
