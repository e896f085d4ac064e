//! Checks of `#[derive(FastFlatten)]`, generic over the format; each format file stamps them out
//! with `flatten_tests!`.

use std::fmt::Debug;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_fastkit::MapFormatter;

use crate::alloc_counter::count_allocations;
use crate::common::probe::{self, Failure};
use crate::format::{assert_error, assert_roundtrip, Format};
use crate::shapes::{fast, twin};
use crate::workloads::{
    anchor, fast_flatten_reads, visit_workloads, Anchor, EventsCreated, EventsTagLast,
    Implementation, ImplementationVisitor, Role, Rpc, RpcNested, Status, Workload, WorkloadVisitor,
};

/// Every shape roundtrips (those using `skip_serializing_if` or `skip_serializing` only where
/// the format is self-describing, as with serde's derive), wherever a struct with flattened
/// fields reads back: not serde_cbor's packed format, whose field indices serde's derive ignores
/// in such a struct, and FastFlatten with it.
pub fn shapes_roundtrip<F: Format>() {
    if !fast_flatten_reads(&F::PROPERTIES) {
        return;
    }
    for value in anchor::values(20) {
        assert_roundtrip::<F, _>(&value);
    }
    assert_roundtrip::<F, _>(&fast::positions());
    assert_roundtrip::<F, _>(&fast::visible());
    assert_roundtrip::<F, _>(&fast::page());
    assert_roundtrip::<F, _>(&fast::nested_page());
    assert_roundtrip::<F, _>(&fast::listing());
    assert_roundtrip::<F, _>(&fast::renamed());
    assert_roundtrip::<F, _>(&fast::defaults());
    assert_roundtrip::<F, _>(&fast::withs());
    assert_roundtrip::<F, _>(&fast::bounded());
    if F::WIDE_INTS {
        assert_roundtrip::<F, _>(&fast::wide());
    }
    if F::SELF_DESCRIBING {
        assert_roundtrip::<F, _>(&fast::skips(true));
        assert_roundtrip::<F, _>(&fast::skips(false));
    }
}

/// `&str` and `#[serde(borrow)] Cow<str>` inside a flattened struct borrow from the input.
pub fn borrowed_fields_borrow<F: Format>() {
    if !fast_flatten_reads(&F::PROPERTIES) {
        return;
    }
    let value = fast::borrowed("borrowed text");
    let bytes = F::encode(&value).unwrap();
    let Some(back) = F::decode_borrowed::<fast::Borrowed<'_>>(&bytes) else {
        return; // the format reads through `io::Read` and cannot lend
    };
    let back = back.unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
    assert_eq!(back, value, "{}", F::NAME);
    let input = bytes.as_ptr_range();
    assert!(
        input.contains(&back.text.name.as_ptr()),
        "{}: `&str` not borrowed",
        F::NAME
    );
    match back.text.note {
        std::borrow::Cow::Borrowed(note) => assert!(input.contains(&note.as_ptr()), "{}", F::NAME),
        std::borrow::Cow::Owned(_) => panic!("{}: `Cow` not borrowed", F::NAME),
    }
}

/// FastFlatten writes exactly the bytes of the plain struct declaring every leaf at top level.
pub fn same_bytes_as_flat<F: Format>() {
    let values = anchor::values(20);
    let flat: Vec<anchor::flat::Flat> = values.iter().map(Into::into).collect();
    assert_eq!(
        F::encode(&values).unwrap(),
        F::encode(&flat).unwrap(),
        "{}: FastFlatten and flat encodings differ",
        F::NAME
    );
    if !fast_flatten_reads(&F::PROPERTIES) {
        return;
    }
    let back: Vec<anchor::fast::A> = F::decode(&F::encode(&flat).unwrap()).unwrap();
    assert_eq!(back, values, "{}", F::NAME);
}

/// On self-describing formats, serde's flatten and FastFlatten read each other's output.
pub fn reads_serde_flatten_output<F: Format>() {
    if !F::SELF_DESCRIBING {
        return; // serde's flatten cannot serialize there (`serialize_map(None)`)
    }
    cross_read::<F, _, _>(&fast::positions(), &twin::positions());
    cross_read::<F, _, _>(&fast::visible(), &twin::visible());
    cross_read::<F, _, _>(&fast::nested_page(), &twin::nested_page());
    cross_read::<F, _, _>(&fast::listing(), &twin::listing());
    cross_read::<F, _, _>(&fast::renamed(), &twin::renamed());
    cross_read::<F, _, _>(&fast::defaults(), &twin::defaults());
    cross_read::<F, _, _>(&fast::skips(true), &twin::skips(true));
    cross_read::<F, _, _>(&fast::skips(false), &twin::skips(false));
    cross_read::<F, _, _>(&fast::withs(), &twin::withs());
    cross_read::<F, _, _>(&fast::bounded(), &twin::bounded());
}

#[track_caller]
fn cross_read<F: Format, A, B>(fast_value: &A, twin_value: &B)
where
    A: Serialize + DeserializeOwned + PartialEq + Debug,
    B: Serialize + DeserializeOwned + PartialEq + Debug,
{
    if F::KEYS_ARE_NAMES {
        let from_fast: B = F::decode(&F::encode(fast_value).unwrap()).unwrap_or_else(|e| {
            panic!(
                "{}: serde's flatten reading FastFlatten output: {e}",
                F::NAME
            )
        });
        assert_eq!(&from_fast, twin_value, "{}", F::NAME);
    }
    let from_twin: A = F::decode(&F::encode(twin_value).unwrap()).unwrap_or_else(|e| {
        panic!(
            "{}: FastFlatten reading serde's flatten output: {e}",
            F::NAME
        )
    });
    assert_eq!(&from_twin, fast_value, "{}", F::NAME);
}

/// The anchor shape's leaves, as `(name, value)` pairs in declaration order.
fn anchor_pairs() -> Vec<(&'static str, u64)> {
    vec![
        ("num1", 1),
        ("num2", 2),
        ("num3", 3),
        ("num4", 4),
        ("num5", 5),
        ("num6", 6),
    ]
}

/// On map-based formats, each leaf of the tree missing is serde's "missing field", each leaf
/// repeated is serde's "duplicate field", and unknown keys are skipped.
pub fn missing_duplicate_and_unknown_keys<F: Format>() {
    if !F::SELF_DESCRIBING {
        return;
    }
    let pairs = anchor_pairs();
    for (i, (name, _)) in pairs.iter().enumerate() {
        let mut missing = pairs.clone();
        missing.remove(i);
        let bytes = F::encode(&MapFormatter(missing.iter().copied())).unwrap();
        assert_error::<F, _>(
            F::decode::<anchor::fast::A>(&bytes),
            &format!("missing field `{name}`"),
        );

        let mut duplicated = pairs.clone();
        duplicated.insert(i + 1, pairs[i]);
        let bytes = F::encode(&MapFormatter(duplicated.iter().copied())).unwrap();
        assert_error::<F, _>(
            F::decode::<anchor::fast::A>(&bytes),
            &format!("duplicate field `{name}`"),
        );
    }

    let mut shuffled_with_unknown: Vec<(&str, u64)> = pairs.iter().rev().copied().collect();
    shuffled_with_unknown.insert(2, ("unknown", 99));
    shuffled_with_unknown.push(("num7", 7));
    let bytes = F::encode(&MapFormatter(shuffled_with_unknown.iter().copied())).unwrap();
    let value: anchor::fast::A = F::decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
    let expected = anchor::fast::A {
        num1: 1,
        b: anchor::fast::B {
            num2: 2,
            c: anchor::fast::C { num3: 3, num4: 4 },
        },
        d: anchor::fast::D { num5: 5, num6: 6 },
    };
    assert_eq!(value, expected, "{}", F::NAME);
}

/// A leaf given a value of another type (an integer where a float leaf is) decides as the flat
/// struct does: ciborium refuses it (it gives a float field only a float), the other formats
/// convert it. serde's flatten, whose buffer holds the integer and converts it on replay,
/// accepts it on every format: a difference the fuzz check names ("an integer for a float
/// field", `tests/shared/fuzz_check.rs`).
pub fn leaf_of_another_type_read_as_flat<F: Format>() {
    #[derive(serde_fastkit::FastFlatten, Debug)]
    struct Outer {
        id: u64,
        #[serde(flatten)]
        inner: Inner,
    }
    #[derive(serde_fastkit::FastFlatten, Debug)]
    struct Inner {
        ratio: f64,
    }
    #[derive(serde::Deserialize, Debug)]
    struct Flat {
        id: u64,
        ratio: f64,
    }
    #[derive(serde::Deserialize, Debug)]
    struct SerdeOuter {
        id: u64,
        #[serde(flatten)]
        inner: SerdeInner,
    }
    #[derive(serde::Deserialize, Debug)]
    struct SerdeInner {
        ratio: f64,
    }

    if !F::SELF_DESCRIBING {
        return;
    }
    let bytes = F::encode(&MapFormatter([("id", 1u64), ("ratio", 7)].into_iter())).unwrap();
    let fast = F::decode::<Outer>(&bytes).map(|o| (o.id, o.inner.ratio));
    let flat = F::decode::<Flat>(&bytes).map(|f| (f.id, f.ratio));
    assert_eq!(fast, flat, "{}", F::NAME);
    let serde = F::decode::<SerdeOuter>(&bytes).map(|o| (o.id, o.inner.ratio));
    assert_eq!(serde, Ok((1, 7.0)), "{}: serde's flatten", F::NAME);
}

/// Deserializing the anchor shape allocates exactly what the flat struct allocates for the same
/// bytes (the `Vec` of values and whatever the format itself allocates), so nothing per value.
/// serde's flatten is measured beside it where it works.
pub fn allocates_like_flat<F: Format>() {
    allocates_like_lower_bound::<Anchor, F>();
}

/// An internally tagged enum with the tag first (`events_created`), a struct flattening one
/// (`status`), and a struct flattening an untagged enum of struct variants (`rpc`) or holding
/// one as a field (`rpc_nested`), allocate exactly what the plain struct of the variant
/// allocates (the flat struct for `status` and the `rpc`s): no buffering, a map read ahead given to its type entry by entry, and no copy of a
/// key the format lends only for the call. serde's derive, which buffers, is counted beside
/// them.
pub fn enums_allocate_like_the_variant<F: Format>() {
    allocates_like_lower_bound::<EventsCreated, F>();
    allocates_like_lower_bound::<Status, F>();
    allocates_like_lower_bound::<Rpc, F>();
    allocates_like_lower_bound::<RpcNested, F>();
}

/// With the tag last (`events_tag_last`), FastFlatten holds the entries before the tag and serde's
/// derive buffers the whole object: FastFlatten allocates no more than serde's derive (its held
/// entries are reserved once, as serde reserves its buffer, not grown entry by entry).
pub fn tag_last_allocates_no_more_than_serde<F: Format>() {
    let Some([_, fast, serde]) = allocation_counts::<EventsTagLast, F>() else {
        return;
    };
    if let (Ok(fast), Ok(serde)) = (fast, serde) {
        assert!(
            fast <= serde,
            "{}: FastFlatten allocated {fast}, serde's derive {serde}",
            F::NAME
        );
    }
}

/// With the tag last, the only allocation FastFlatten adds to the tag-first read of an internally
/// tagged enum's struct variant is the held entries' `Vec`, allocated once: the held keys cost
/// none, also on the formats that hand keys over transiently (ciborium, serde_cbor), where they
/// are held as the variant's own `&'static str` names (`InternallyTagged::static_key`); the held
/// integers none either; and where the format does not announce the map's length (serde_json),
/// the `Vec` has room for the longest variant's seven fields from the start
/// (`InternallyTagged::LONGEST_VARIANT`) rather than growing past 4.
pub fn held_keys_allocate_nothing<F: Format>() {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Debug, PartialEq)]
    #[serde(tag = "type")]
    enum Reading {
        Point {
            a: u64,
            b: u64,
            c: u64,
            d: u64,
            e: u64,
            f: u64,
        },
        /// Names every key of `Point`: before the tag, no key is one variant's alone, so each
        /// is held (a key one variant alone names is read into it ahead of the tag instead).
        Other {
            a: u64,
            b: u64,
            c: u64,
            d: u64,
            e: u64,
            f: u64,
            z: u64,
        },
    }

    /// A value of the map written by [`point`].
    #[derive(Serialize, Clone, Copy)]
    #[serde(untagged)]
    enum Value {
        Number(u64),
        Text(&'static str),
    }

    /// `Point` written with the tag first, or (`last`) with it last.
    fn point<F: Format>(last: bool) -> Vec<u8> {
        let fields = ["a", "b", "c", "d", "e", "f"]
            .into_iter()
            .zip(1..)
            .map(|(key, n)| (key, Value::Number(n)));
        let tag = [("type", Value::Text("Point"))];
        let entries: Vec<_> = if last {
            fields.chain(tag).collect()
        } else {
            tag.into_iter().chain(fields).collect()
        };
        F::encode(&MapFormatter(entries)).unwrap()
    }

    const READS: u64 = 50;
    if !F::SELF_DESCRIBING || !F::KEYS_ARE_NAMES {
        return; // the tag is a position there, not a key
    }
    let allocations = |bytes: Vec<u8>| {
        let input = F::input(&bytes).unwrap();
        let (reads, count) = count_allocations(|| {
            (0..READS)
                .map(|_| F::decode_input::<Reading>(input))
                .collect::<Result<Vec<_>, _>>()
        });
        let reads = reads.unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
        let point = Reading::Point {
            a: 1,
            b: 2,
            c: 3,
            d: 4,
            e: 5,
            f: 6,
        };
        assert!(reads.iter().all(|r| *r == point), "{}", F::NAME);
        count
    };
    let (first, last) = (
        allocations(point::<F>(false)),
        allocations(point::<F>(true)),
    );
    assert_eq!(
        last,
        first + READS,
        "{}: {READS} reads allocated {first} with the tag first, {last} with it last",
        F::NAME
    );
}

/// Values read by the allocation tests.
const ALLOCATION_VALUES: usize = 200;

/// Reading [`ALLOCATION_VALUES`] values of workload `W` from its reference bytes on `F`, FastFlatten
/// allocates exactly what the lower bound allocates, wherever both read them (by their rules).
/// serde's derive is counted beside them, and must allocate more where it reads.
fn allocates_like_lower_bound<W: Workload, F: Format>() {
    let Some([lower, fast, serde]) = allocation_counts::<W, F>() else {
        return;
    };
    if let (Ok(lower), Ok(fast)) = (&lower, &fast) {
        assert_eq!(
            fast,
            lower,
            "{}: {}: FastFlatten allocated {fast}, the lower bound {lower}",
            F::NAME,
            W::NAME
        );
    }
    if let (Ok(fast), Ok(serde)) = (&fast, &serde) {
        assert!(
            serde > fast,
            "{}: {}: serde's derive allocated {serde}, FastFlatten {fast}",
            F::NAME,
            W::NAME
        );
    }
}

/// Allocations reading [`ALLOCATION_VALUES`] values of workload `W` from its reference bytes on
/// `F`, by the lower bound, FastFlatten and serde's derive (each an error where it does not read
/// them), printed; `None` where the workload does not run on the format.
fn allocation_counts<W: Workload, F: Format>() -> Option<[Result<u64, String>; 3]> {
    /// Allocations of each reading implementation, by role.
    struct Count<'a, F: Format> {
        input: &'a F::Input,
        counts: Vec<(Role, Result<u64, String>)>,
    }

    impl<W: Workload, F: Format> ImplementationVisitor<W> for Count<'_, F> {
        fn visit<I: Implementation<W>>(&mut self) {
            let count = if I::reads(&F::PROPERTIES) {
                let (read, count) = count_allocations(|| I::decode_all::<F>(self.input));
                match read {
                    Some(Ok(_)) => Ok(count),
                    Some(Err(e)) => panic!("{}: {}: {}: {e}", F::NAME, W::NAME, I::NAME),
                    None => Err("cannot lend".to_owned()),
                }
            } else {
                Err("does not read these bytes".to_owned())
            };
            self.counts.push((I::ROLE, count));
        }
    }

    if !W::NEEDS.met_by(&F::PROPERTIES) {
        return None;
    }
    let bytes = F::encode(&W::values(ALLOCATION_VALUES)).unwrap();
    let input = F::input(&bytes).unwrap();
    let mut count = Count::<F> {
        input,
        counts: Vec::new(),
    };
    W::visit_implementations(&mut count);
    let of = |role: Role| {
        count
            .counts
            .iter()
            .find(|(r, _)| *r == role)
            .map_or(Err("no implementation".to_owned()), |(_, count)| {
                count.clone()
            })
    };
    let (lower, fast, serde) = (of(Role::LowerBound), of(Role::FastFlatten), of(Role::Serde));
    let shown = |count: &Result<u64, String>| match count {
        Ok(count) => count.to_string(),
        Err(e) => format!("n/a ({e})"),
    };
    eprintln!(
        "{}: {}: allocations reading {ALLOCATION_VALUES} values: lower bound {}, FastFlatten {}, \
         serde's derive {}",
        F::NAME,
        W::NAME,
        shown(&lower),
        shown(&fast),
        shown(&serde)
    );
    Some([lower, fast, serde])
}

/// The benchmark workloads (`support/src/workloads/`) are what they claim: for a few values of each,
/// every implementation writes exactly the reference bytes, the source values' (FastFlatten's,
/// but in `events_tag_last`; serde's flatten, where it writes a map of unknown length
/// differently, bytes that read back as the same source value), and, where the format can read
/// the workload back, reads the reference bytes as its own value. Where each implementation and
/// each workload works is read from the workloads (`Implementation::reads`,
/// `Implementation::writes`, `Workload::NEEDS`).
pub fn workloads_roundtrip<F: Format>() {
    struct Check<F>(PhantomData<F>);

    impl<F: Format> WorkloadVisitor for Check<F> {
        fn visit<W: Workload>(&mut self) {
            let source = W::values(WORKLOAD_VALUES);
            let reference: Result<Vec<Vec<u8>>, Failure> = source
                .iter()
                .map(|value| probe::catch(|| F::encode(value)))
                .collect();
            let reference = match reference {
                Ok(reference) => reference,
                // Where the format cannot read the workload back, it may not write it either
                // (bitcode cannot skip the fields `wide` leaves out, and panics "type changed"
                // on `rpc`'s tree, written as a map of values of several types).
                Err(_) if !W::NEEDS.met_by(&F::PROPERTIES) => return,
                Err(e) => panic!("{}: {}: {e}", F::NAME, W::NAME),
            };
            W::visit_implementations(&mut CheckImplementation::<F, W> {
                source: &source,
                reference: &reference,
                format: PhantomData,
            });
        }
    }

    visit_workloads(&mut Check::<F>(PhantomData));
}

/// Values of each workload checked on each format (`wide` sets different leaves in each).
const WORKLOAD_VALUES: usize = 20;

/// [`workloads_roundtrip`] for one implementation of workload `W` on `F`.
struct CheckImplementation<'a, F, W: Workload> {
    source: &'a [W::Source],
    /// The source values written by `F`, one by one.
    reference: &'a [Vec<u8>],
    format: PhantomData<F>,
}

impl<F: Format, W: Workload> ImplementationVisitor<W> for CheckImplementation<'_, F, W> {
    fn visit<I: Implementation<W>>(&mut self) {
        let format = F::PROPERTIES;
        let context = |i: usize| format!("{}: {}[{i}]: {}", F::NAME, W::NAME, I::NAME);
        let values = I::values(self.source);
        for (i, (value, reference)) in values.iter().zip(self.reference).enumerate() {
            if I::writes(&format) {
                let bytes = F::encode(value).unwrap_or_else(|e| panic!("{}: {e}", context(i)));
                // serde's flatten writes a map of unknown length, which CBOR writes otherwise.
                let may_differ = I::ROLE == Role::Serde && !format.same_bytes_as_serde_flatten();
                if bytes == *reference {
                    // the same bytes
                } else if !may_differ {
                    panic!("{}: not the reference bytes", context(i));
                } else if format.self_describing {
                    let read: W::Source = F::decode(&bytes)
                        .unwrap_or_else(|e| panic!("{}: does not read back: {e}", context(i)));
                    assert_eq!(
                        read,
                        self.source[i],
                        "{}: read back as the source value",
                        context(i)
                    );
                }
            }
            if W::NEEDS.met_by(&format) && I::reads(&format) {
                let input = F::input(reference).unwrap_or_else(|e| panic!("{}: {e}", context(i)));
                let Some(read) = I::decode::<F>(input) else {
                    continue; // the format reads through `io::Read` and cannot lend
                };
                let read = read.unwrap_or_else(|e| {
                    panic!("{}: cannot read the reference bytes: {e}", context(i))
                });
                assert_eq!(&read, value, "{}: reads the reference bytes", context(i));
            }
        }
    }
}

/// Stamps out the flatten checks as `#[test]`s for one format.
macro_rules! flatten_tests {
    ($module:ident, $format:ty) => {
        mod $module {
            use super::*;
            use crate::flatten;

            #[test]
            fn shapes_roundtrip() {
                flatten::shapes_roundtrip::<$format>();
            }

            #[test]
            fn borrowed_fields_borrow() {
                flatten::borrowed_fields_borrow::<$format>();
            }

            #[test]
            fn same_bytes_as_flat() {
                flatten::same_bytes_as_flat::<$format>();
            }

            #[test]
            fn reads_serde_flatten_output() {
                flatten::reads_serde_flatten_output::<$format>();
            }

            #[test]
            fn missing_duplicate_and_unknown_keys() {
                flatten::missing_duplicate_and_unknown_keys::<$format>();
            }

            #[test]
            fn leaf_of_another_type_read_as_flat() {
                flatten::leaf_of_another_type_read_as_flat::<$format>();
            }

            #[test]
            fn allocates_like_flat() {
                flatten::allocates_like_flat::<$format>();
            }

            #[test]
            fn enums_allocate_like_the_variant() {
                flatten::enums_allocate_like_the_variant::<$format>();
            }

            #[test]
            fn tag_last_allocates_no_more_than_serde() {
                flatten::tag_last_allocates_no_more_than_serde::<$format>();
            }

            #[test]
            fn held_keys_allocate_nothing() {
                flatten::held_keys_allocate_nothing::<$format>();
            }

            #[test]
            fn workloads_roundtrip() {
                flatten::workloads_roundtrip::<$format>();
            }
        }
    };
}
pub(crate) use flatten_tests;
