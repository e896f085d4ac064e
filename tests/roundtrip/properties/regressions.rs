//! Findings pinned by a test of their own.

/// serde_cbor's packed format keys struct fields by index. serde's derive reads the keys of a
/// struct with flattened fields as names only (an integer key is an unknown key there), and so
/// does FastFlatten: such a struct written in the packed format does not read back, by either
/// derive (serde's writes it as a map keyed by names, which both read). Pinned so that a change
/// to the rule is seen here: the guide's `formats` chapter says so.
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
    fn does_not_read_back() {
        let value = R {
            id: 1,
            a: None,
            b: B { y: 5 },
        };
        let mut bytes = Vec::new();
        let writer = serde_cbor::ser::IoWrite::new(&mut bytes);
        let mut serializer = serde_cbor::Serializer::new(writer).packed_format();
        serde::Serialize::serialize(&value, &mut serializer).unwrap();
        // `{0: 1, 1: 5}`: both keys unknown, so `id` is missing.
        let read = serde_cbor::from_slice::<R>(&bytes).unwrap_err();
        assert_eq!(
            read.to_string(),
            "missing field `id`",
            "written as {bytes:02x?}"
        );
    }
}
