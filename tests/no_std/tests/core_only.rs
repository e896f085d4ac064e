//! The library on `core` alone (this crate's default: `serde_fastkit` without `alloc`), on the
//! host: every shape reads back what it wrote through postcard without allocating, and bad
//! input (truncated bytes, flipped bits, a tag naming no variant, a tag after other keys,
//! content before an adjacent tag) is an error, never a panic.
//! `cargo test --manifest-path tests/no_std/Cargo.toml`.

#![cfg(not(feature = "alloc"))]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use no_std_check::{decode, encode, Adjacent, Audit, Event, External, Kind, Meta, Newtype, Page};

/// Counts the allocations of the current thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f`, failing the test if it allocated.
fn without_allocating<R>(f: impl FnOnce() -> R) -> R {
    let before = ALLOCATIONS.with(Cell::get);
    let result = f();
    assert_eq!(ALLOCATIONS.with(Cell::get), before, "allocated");
    result
}

/// Writes `value` to postcard and reads it back, allocating nothing either way; then every
/// truncation of the bytes is an error.
fn round_trip<T>(value: &T)
where
    T: serde::Serialize + for<'de> serde::Deserialize<'de> + PartialEq + std::fmt::Debug,
{
    let mut buf = [0u8; 256];
    let len = without_allocating(|| encode(value, &mut buf).expect("encodes").len());
    let bytes = &buf[..len];
    let back: T = without_allocating(|| decode(bytes)).expect("decodes");
    assert_eq!(&back, value);
    for cut in 0..len {
        assert!(
            decode::<T>(&bytes[..cut]).is_err(),
            "{cut} of {len} bytes read"
        );
    }
    // Every single-bit flip reads a value or is an error; a panic fails the test.
    let mut flipped = [0u8; 256];
    for bit in 0..len * 8 {
        flipped[..len].copy_from_slice(bytes);
        flipped[bit / 8] ^= 1 << (bit % 8);
        let _ = decode::<T>(&flipped[..len]);
    }
}

fn meta() -> Meta {
    Meta {
        page_number: 3,
        total: Some(90),
    }
}

#[test]
fn flattened_structs_options_and_defaults() {
    round_trip(&Page {
        id: 7,
        meta: meta(),
        audit: Some(Audit { by: 4, at: 1_700 }),
        flags: 2,
    });
}

#[test]
fn internally_tagged_enum_flattened_and_alone() {
    for kind in [
        Kind::Started,
        Kind::Moved { x: -1, y: 2 },
        Kind::Named(meta()),
    ] {
        round_trip(&kind);
        round_trip(&Event { seq: 9, kind });
    }
}

#[test]
fn externally_and_adjacently_tagged_enums_and_a_newtype() {
    for value in [
        External::Unit,
        External::Newtype(1),
        External::Tuple(2, 3),
        External::Struct { a: 4 },
    ] {
        round_trip(&value);
    }
    round_trip(&Adjacent::A(5));
    round_trip(&Adjacent::B { b: true });
    round_trip(&Newtype(6));
}

#[test]
fn a_tag_naming_no_variant_is_an_error() {
    let mut buf = [0u8; 64];
    // An internally tagged enum on postcard is its tag, then the variant's fields.
    let bytes = encode(&("Flying", 1i32, 2i32), &mut buf).unwrap();
    assert!(decode::<Kind>(bytes).is_err());
    let mut buf = [0u8; 64];
    let bytes = encode(&(9u64, "Flying", 1i32, 2i32), &mut buf).unwrap();
    assert!(decode::<Event>(bytes).is_err());
}

/// JSON through serde-json-core (no heap): the same values as the tag-first input where the
/// tag comes first, and an error (not a panic, not a wrong value) where something would have
/// to be held.
#[test]
fn a_value_that_would_be_held_is_an_error() {
    let json = |text: &str| serde_json_core::from_str::<Event>(text).map(|(value, _)| value);
    let moved = Event {
        seq: 1,
        kind: Kind::Moved { x: 1, y: 2 },
    };
    assert_eq!(
        json(r#"{"seq":1,"type":"Moved","x":1,"y":2}"#).unwrap(),
        moved
    );
    assert_eq!(
        json(r#"{"type":"Moved","seq":1,"x":1,"y":2}"#).unwrap(),
        moved
    );
    // A variant's field before the tag of a flattened internally tagged enum.
    assert!(json(r#"{"seq":1,"x":1,"type":"Moved","y":2}"#).is_err());

    let kind = |text: &str| serde_json_core::from_str::<Kind>(text).map(|(value, _)| value);
    assert_eq!(
        kind(r#"{"type":"Moved","x":1,"y":2}"#).unwrap(),
        Kind::Moved { x: 1, y: 2 }
    );
    assert!(kind(r#"{"x":1,"type":"Moved","y":2}"#).is_err());
    assert!(kind(r#"{"x":1}"#).is_err());

    let adjacent = |text: &str| serde_json_core::from_str::<Adjacent>(text).map(|(value, _)| value);
    assert_eq!(adjacent(r#"{"t":"A","c":5}"#).unwrap(), Adjacent::A(5));
    assert!(adjacent(r#"{"c":5,"t":"A"}"#).is_err());
}
