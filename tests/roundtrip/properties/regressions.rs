//! Findings pinned by a test of their own.

/// Finding (serde_fastkit bug, not a format limit): on serde_cbor's packed format, where struct
/// fields are keyed by their index, a flattened `Option<T>` that is `None` writes no leaves and
/// does not advance the index (no `SerializeStruct::skip_field` per leaf, which
/// `skip_serializing_if` leaves do get), so every later leaf is written under the index of an
/// earlier one and reads back into the wrong field: here `y: 5` comes back as `x: 5`, silently,
/// and `y` takes its default. serde's flatten writes a map keyed by names in packed mode, and
/// FastFlatten itself roundtrips the same value on serde_cbor's plain format.
mod packed_cbor_flattened_none {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Debug, PartialEq)]
    struct R {
        id: u32,
        #[serde(flatten)]
        a: Option<A>,
        #[serde(flatten)]
        b: B,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    struct A {
        x: u32,
    }

    #[derive(FastFlatten, Debug, PartialEq, Default)]
    #[serde(default)]
    struct B {
        y: u32,
    }

    #[test]
    fn roundtrips() {
        let value = R {
            id: 1,
            a: None,
            b: B { y: 5 },
        };
        let mut bytes = Vec::new();
        let writer = serde_cbor::ser::IoWrite::new(&mut bytes);
        let mut serializer = serde_cbor::Serializer::new(writer).packed_format();
        serde::Serialize::serialize(&value, &mut serializer).unwrap();
        // Written today as `{0: 1, 1: 5}`: `y` under index 1, which is `x`'s slot.
        let back: R = serde_cbor::from_slice(&bytes).unwrap();
        assert_eq!(back, value, "written as {bytes:02x?}");
    }
}
