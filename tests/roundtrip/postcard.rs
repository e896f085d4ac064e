//! postcard: varint-encoded, length-prefixed, not self-describing.

crate::common::formats::for_each_format!(Postcard: format_tests);

/// What a microcontroller without an allocator needs: a flattened struct (an `Option` of one
/// among its fields, `Some`) and an internally tagged enum with the tag first, read from postcard
/// bytes with no allocation at all, each value equal to what was written.
mod without_allocating {
    use serde_fastkit::FastFlatten;

    use crate::alloc_counter::count_allocations;

    #[derive(FastFlatten, Debug, PartialEq)]
    struct Reading<'a> {
        id: u32,
        #[serde(flatten)]
        place: Place,
        #[serde(flatten)]
        extra: Option<Extra>,
        #[serde(flatten)]
        event: Event,
        unit: &'a str,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    struct Place {
        room: u16,
        #[serde(default)]
        floor: i8,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    struct Extra {
        battery: u8,
    }

    #[derive(FastFlatten, Debug, PartialEq)]
    #[serde(tag = "kind")]
    enum Event {
        Idle,
        Sample { value: i32, ok: bool },
    }

    #[test]
    fn flattened_struct_and_tag_first_enum() {
        let readings = [
            Reading {
                id: 7,
                place: Place {
                    room: 12,
                    floor: -1,
                },
                extra: Some(Extra { battery: 90 }),
                event: Event::Sample {
                    value: -40,
                    ok: true,
                },
                unit: "degC",
            },
            Reading {
                id: 8,
                place: Place { room: 3, floor: 0 },
                // `Some`: a `None` writes no leaves, which a sequence cannot tell (guide::limits).
                extra: Some(Extra { battery: 0 }),
                event: Event::Idle,
                unit: "",
            },
        ];
        for reading in &readings {
            let mut buf = [0u8; 64];
            let bytes = postcard::to_slice(reading, &mut buf).expect("written");
            let (read, allocations) = count_allocations(|| postcard::from_bytes::<Reading>(bytes));
            assert_eq!(read.expect("read back"), *reading);
            assert_eq!(allocations, 0, "reading {reading:?} allocated");
            let mut buf = [0u8; 16];
            let bytes = postcard::to_slice(&reading.event, &mut buf).expect("written");
            let (read, allocations) = count_allocations(|| postcard::from_bytes::<Event>(bytes));
            assert_eq!(read.expect("read back"), reading.event);
            assert_eq!(allocations, 0, "reading {:?} allocated", reading.event);
        }
    }

    /// Bad bytes on the same path are errors, never panics: every truncation, and a tag index
    /// that names no variant.
    #[test]
    fn bad_bytes_are_errors() {
        let reading = Reading {
            id: 300,
            place: Place {
                room: 12,
                floor: -1,
            },
            extra: Some(Extra { battery: 90 }),
            event: Event::Sample {
                value: -40,
                ok: true,
            },
            unit: "degC",
        };
        let mut buf = [0u8; 64];
        let bytes = postcard::to_slice(&reading, &mut buf).expect("written");
        for len in 0..bytes.len() {
            assert!(
                postcard::from_bytes::<Reading>(&bytes[..len]).is_err(),
                "{len} of {} bytes read",
                bytes.len()
            );
        }
        // The tag is the variant's name (guide::formats): one naming no variant is serde's
        // "unknown variant" error, which postcard keeps without its text.
        let error = postcard::from_bytes::<Event>(&[4, b'N', b'o', b'p', b'e']).unwrap_err();
        assert!(matches!(error, postcard::Error::SerdeDeCustom), "{error:?}");
        assert!(postcard::from_bytes::<Event>(&[]).is_err());
    }
}
