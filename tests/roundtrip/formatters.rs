//! Checks of the formatter half, generic over the format; each format file stamps them out with
//! `formatter_tests!`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_fastkit::{Concat, DisplayFormatter, DisplaySeq, MapFormatter, OnceSeq, SeqFormatter};

use crate::alloc_counter::count_allocations;
use crate::common::names::Name;
use crate::format::{assert_error, assert_roundtrip, assert_same_bytes, Format};

/// Names (`support/src/common/names.rs`'s `Name`, displayed as "first last") cycling through a few
/// first and last names of their own, some non-ASCII, one with a quote, one in CJK.
pub fn names(n: usize) -> Vec<Name> {
    const FIRST: [&str; 6] = [
        "Ada",
        "Alan",
        "Grace",
        "Zoë",
        "Søren",
        "Dwayne \"The Rock\"",
    ];
    const LAST: [&str; 5] = ["Lovelace", "Turing", "Hopper", "Kierkegaard", "日本語"];
    (0..n)
        .map(|i| Name {
            first_name: FIRST[i % FIRST.len()].to_owned(),
            last_name: LAST[i % LAST.len()].to_owned(),
        })
        .collect()
}

/// Strings whose length crosses the 128-byte stack buffer, with multi-byte characters placed so
/// that one straddles the boundary at every possible offset.
pub fn long_strings() -> Vec<String> {
    let mut out = Vec::new();
    for filler in 120..=131 {
        for wide in ["é", "日", "🦀"] {
            out.push(format!(
                "{}{}{}",
                "x".repeat(filler),
                wide.repeat(3),
                "tail"
            ));
        }
    }
    out.push("🦀".repeat(100));
    out
}

/// A `Display` that writes `len` bytes and then fails.
pub struct Failing {
    pub len: usize,
}

impl fmt::Display for Failing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&"y".repeat(self.len))?;
        Err(fmt::Error)
    }
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct WithDisplay {
    #[serde(with = "serde_fastkit::display")]
    addr: std::net::IpAddr,
    #[serde(with = "serde_fastkit::display")]
    count: u32,
}

#[derive(Serialize)]
struct WithStrings {
    addr: String,
    count: String,
}

pub fn same_output_as_naive<F: Format>() {
    let names = names(40);
    let naive: Vec<String> = names.iter().map(ToString::to_string).collect();
    for (name, text) in names.iter().zip(&naive) {
        assert_same_bytes::<F, _, _>(&DisplayFormatter(name), text);
        assert_same_bytes::<F, _, _>(&Concat((&name.first_name, " ", &name.last_name)), text);
    }
    assert_same_bytes::<F, _, _>(&DisplaySeq(&names), &naive);
    assert_same_bytes::<F, _, _>(&SeqFormatter(names.iter().map(DisplayFormatter)), &naive);
    assert_same_bytes::<F, _, _>(&OnceSeq::new(names.iter().map(DisplayFormatter)), &naive);

    // An inexact `size_hint` is counted from a clone, so length-prefixed formats work.
    let even = || {
        names
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, n)| n)
    };
    let even_naive: Vec<String> = even().map(ToString::to_string).collect();
    assert_same_bytes::<F, _, _>(&DisplaySeq(even()), &even_naive);
    assert_same_bytes::<F, _, _>(&SeqFormatter(even().map(DisplayFormatter)), &even_naive);

    let sorted: BTreeMap<String, usize> = naive
        .iter()
        .cloned()
        .zip(0..)
        .filter(|(_, i)| i % 3 != 0)
        .collect();
    let pairs = MapFormatter(
        sorted
            .iter()
            .filter(|_| true)
            .map(|(k, v)| (DisplayFormatter(k), v)),
    );
    assert_same_bytes::<F, _, _>(&pairs, &sorted);

    let value = WithDisplay {
        addr: "2001:db8::1".parse().unwrap(),
        count: 42,
    };
    let strings = WithStrings {
        addr: value.addr.to_string(),
        count: value.count.to_string(),
    };
    assert_same_bytes::<F, _, _>(&value, &strings);
    assert_roundtrip::<F, _>(&value);
}

pub fn long_output_matches_naive<F: Format>() {
    let long = long_strings();
    for text in &long {
        assert_same_bytes::<F, _, _>(&DisplayFormatter(text), text);
        assert_same_bytes::<F, _, _>(&DisplayFormatter(format_args!("{text}")), text);
        let (head, tail) = text.split_at(text.len() / 2 - text.len() / 2 % 4);
        if text.is_char_boundary(head.len()) {
            assert_same_bytes::<F, _, _>(&Concat((head, tail)), text);
        }
    }
    assert_same_bytes::<F, _, _>(&DisplaySeq(&long), &long);
}

pub fn display_error_is_a_serde_error<F: Format>() {
    for len in [0, 10, 127, 128, 129, 500] {
        let failing = Failing { len };
        let message = "Display implementation returned an error";
        assert_error::<F, _>(F::encode(&DisplayFormatter(&failing)), message);
        assert_error::<F, _>(F::encode(&DisplaySeq([&failing])), message);
        assert_error::<F, _>(
            F::encode(&SeqFormatter([DisplayFormatter(&failing)])),
            message,
        );
    }
}

pub fn parse_error_is_a_serde_error<F: Format>() {
    let bad_addr = WithStrings {
        addr: "10.0.0.256".to_owned(),
        count: "7".to_owned(),
    };
    let bytes = F::encode(&bad_addr).unwrap();
    assert_error::<F, _>(
        F::decode::<WithDisplay>(&bytes),
        "invalid IP address syntax",
    );

    let bad_count = WithStrings {
        addr: "10.0.0.1".to_owned(),
        count: "-7".to_owned(),
    };
    let bytes = F::encode(&bad_count).unwrap();
    assert_error::<F, _>(
        F::decode::<WithDisplay>(&bytes),
        "invalid digit found in string",
    );
}

pub fn one_shot_twice_is_an_error<F: Format>() {
    let seq = OnceSeq::new(vec![1, 2, 3]);
    F::encode(&seq).expect(F::NAME);
    assert_error::<F, _>(F::encode(&seq), "serialized twice");
}

/// Allocations made building a value with `make` and writing it into a buffer that is already
/// large enough. Measured on the second run: the first use on a thread allocates the
/// formatters' reusable scratch buffer (once per thread, not per value).
fn allocations<F: Format, T: Serialize>(make: impl Fn() -> T) -> u64 {
    let mut out = Vec::with_capacity(1 << 20);
    F::encode_into(&make(), &mut out).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
    out.clear();
    let (result, count) = count_allocations(|| F::encode_into(&make(), &mut out));
    result.unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
    count
}

/// Every formatter allocates exactly what serializing the pre-built strings allocates (the
/// format's own per-document buffers), so nothing per element; the naive path allocates at
/// least once per element.
pub fn no_allocation_per_element<F: Format>() {
    const N: usize = 256;
    let names = names(N);
    let prebuilt: Vec<String> = names.iter().map(ToString::to_string).collect();
    let floor = allocations::<F, _>(|| &prebuilt);

    let naive = allocations::<F, _>(|| names.iter().map(ToString::to_string).collect::<Vec<_>>());
    assert!(
        naive >= floor + N as u64,
        "{}: naive {naive}, floor {floor}",
        F::NAME
    );

    let cases: [(&str, u64); 4] = [
        ("DisplaySeq", allocations::<F, _>(|| DisplaySeq(&names))),
        (
            "SeqFormatter",
            allocations::<F, _>(|| SeqFormatter(names.iter().map(DisplayFormatter))),
        ),
        (
            "SeqFormatter of Concat",
            allocations::<F, _>(|| {
                SeqFormatter(
                    names
                        .iter()
                        .map(|n| Concat((&n.first_name, " ", &n.last_name))),
                )
            }),
        ),
        (
            "filtered DisplaySeq",
            allocations::<F, _>(|| DisplaySeq(names.iter().filter(|n| !n.first_name.is_empty()))),
        ),
    ];
    for (what, count) in cases {
        assert_eq!(
            count,
            floor,
            "{}: {what} allocated {count}, pre-built strings {floor}",
            F::NAME
        );
    }

    let ip = std::net::IpAddr::from([10, 0, 0, 1]);
    let with_display: Vec<WithDisplay> = (0..N as u32)
        .map(|count| WithDisplay { addr: ip, count })
        .collect();
    let with_strings: Vec<WithStrings> = with_display
        .iter()
        .map(|v| WithStrings {
            addr: v.addr.to_string(),
            count: v.count.to_string(),
        })
        .collect();
    let (display, strings) = (
        allocations::<F, _>(|| &with_display),
        allocations::<F, _>(|| &with_strings),
    );
    assert_eq!(
        display,
        strings,
        "{}: display module allocated {display}, String fields {strings}",
        F::NAME
    );
}

/// Stamps out the formatter checks as `#[test]`s for one format.
macro_rules! formatter_tests {
    ($module:ident, $format:ty) => {
        mod $module {
            use super::*;
            use crate::formatters;

            #[test]
            fn same_output_as_naive() {
                formatters::same_output_as_naive::<$format>();
            }

            #[test]
            fn long_output_matches_naive() {
                formatters::long_output_matches_naive::<$format>();
            }

            #[test]
            fn display_error_is_a_serde_error() {
                formatters::display_error_is_a_serde_error::<$format>();
            }

            #[test]
            fn parse_error_is_a_serde_error() {
                formatters::parse_error_is_a_serde_error::<$format>();
            }

            #[test]
            fn one_shot_twice_is_an_error() {
                formatters::one_shot_twice_is_an_error::<$format>();
            }

            #[test]
            fn no_allocation_per_element() {
                formatters::no_allocation_per_element::<$format>();
            }
        }
    };
}
pub(crate) use formatter_tests;
