//! Defaults as serde calls them, on every format of the table: a container's `#[serde(default)]`
//! once per value, a field's `default = "path"` exactly once per absent field, a skipped field's
//! own default once per value; values read as serde reads them (an absent leaf takes the
//! container default's value, a present one replaces it). FastFlatten builds a struct with a
//! container default in place: its state starts as the default and each leaf read is written
//! into its field (`finish_in_place` in the derive); these tests pin that this changed nothing
//! serde users can see. Each count is compared with serde's derive of the same shape
//! (`#[serde(flatten)]`) where serde reads the bytes, and with the expected numbers everywhere.

use std::cell::Cell;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::common::formats::{visit_formats, FormatVisitor};
use crate::format::Format;

/// How often each default ran on this thread (each test runs on its own thread).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Calls {
    /// `Outer::default()` (the container default).
    outer: usize,
    /// `Inner::default()` (the flattened struct's container default).
    inner: usize,
    /// `label()`, the `default` of `b` and `y`.
    label: usize,
    /// `seven()`, the `default` of the skipped field `skipped_own`.
    seven: usize,
}

thread_local! {
    static CALLS: Cell<Calls> = Cell::new(Calls::default());
}

fn count(bump: impl FnOnce(&mut Calls)) {
    CALLS.with(|calls| {
        let mut now = calls.get();
        bump(&mut now);
        calls.set(now);
    });
}

/// The calls made by `f`.
fn calls_of<R>(f: impl FnOnce() -> R) -> (R, Calls) {
    CALLS.with(|calls| calls.set(Calls::default()));
    let result = f();
    (result, CALLS.with(Cell::get))
}

/// The default of `b` and `y`, counted.
fn label() -> String {
    count(|c| c.label += 1);
    "label".to_owned()
}

/// Whether `b` or `y` holds its default (then it is not written).
fn is_label(text: &String) -> bool {
    text == "label"
}

/// The default of the skipped `skipped_own`, counted.
fn seven() -> u32 {
    count(|c| c.seven += 1);
    7
}

/// The shape, with the derives given: FastFlatten, or serde's with `#[serde(flatten)]`.
macro_rules! shape {
    ($($derive:path),+) => {
        use super::{count, is_label, label, seven};

        /// A container default that differs from every type's own default, so that a value
        /// taken from it shows.
        #[derive($($derive),+, Clone, Debug, PartialEq)]
        #[serde(default)]
        pub struct Outer {
            #[serde(skip_serializing_if = "Option::is_none")]
            pub a: Option<String>,
            #[serde(default = "label", skip_serializing_if = "is_label")]
            pub b: String,
            #[serde(skip_serializing_if = "is_zero")]
            pub n: u32,
            #[serde(flatten)]
            pub inner: Inner,
            #[serde(skip)]
            pub skipped: u32,
            #[serde(skip, default = "seven")]
            pub skipped_own: u32,
        }

        impl Default for Outer {
            fn default() -> Self {
                count(|c| c.outer += 1);
                Outer {
                    a: Some("from Outer::default".into()),
                    b: "from Outer::default".into(),
                    n: 5,
                    inner: Inner {
                        x: Some(55),
                        y: "from Outer::default".into(),
                    },
                    skipped: 11,
                    skipped_own: 12,
                }
            }
        }

        #[derive($($derive),+, Clone, Debug, PartialEq)]
        #[serde(default)]
        pub struct Inner {
            #[serde(skip_serializing_if = "Option::is_none")]
            pub x: Option<u64>,
            #[serde(default = "label", skip_serializing_if = "is_label")]
            pub y: String,
        }

        impl Default for Inner {
            fn default() -> Self {
                count(|c| c.inner += 1);
                Inner {
                    x: Some(99),
                    y: "from Inner::default".into(),
                }
            }
        }

        fn is_zero(n: &u32) -> bool {
            *n == 0
        }

    };
}

mod fast {
    shape!(serde_fastkit::FastFlatten);

    /// Values that leave out every field they can (`sparse`), or none (`full`).
    pub fn values(sparse: bool) -> Vec<Outer> {
        (0..4u32)
            .map(|i| Outer {
                a: (!sparse || i % 2 == 0).then(|| format!("a{i}")),
                b: if sparse && i % 3 == 0 {
                    "label".into()
                } else {
                    format!("b{i}")
                },
                n: if sparse && i % 2 == 1 { 0 } else { i + 1 },
                inner: Inner {
                    x: (!sparse || i != 1).then_some(u64::from(i) * 10),
                    y: if sparse && i < 2 {
                        "label".into()
                    } else {
                        format!("y{i}")
                    },
                },
                skipped: 0,
                skipped_own: 0,
            })
            .collect()
    }
}

mod twin {
    shape!(serde::Serialize, serde::Deserialize);
}

/// What reading `written` back calls, per value: each container default once, `label` once per
/// absent `b` or `y`, `seven` once.
fn expected_calls(written: &[fast::Outer]) -> Calls {
    let absent_labels: usize = written
        .iter()
        .map(|v| usize::from(v.b == "label") + usize::from(v.inner.y == "label"))
        .sum();
    Calls {
        outer: written.len(),
        inner: written.len(),
        label: absent_labels,
        seven: written.len(),
    }
}

/// What serde reads back from `written`: the absent leaves from the defaults.
fn expected_values(written: &[fast::Outer]) -> Vec<fast::Outer> {
    written
        .iter()
        .cloned()
        .map(|mut v| {
            v.a = v.a.or_else(|| Some("from Outer::default".into()));
            v.n = if v.n == 0 { 5 } else { v.n };
            v.inner.x = v.inner.x.or(Some(99));
            (v.skipped, v.skipped_own) = (11, 7);
            v
        })
        .collect()
}

/// Writes `values` with FastFlatten on every format `usable` admits, reads them back with
/// FastFlatten and (where serde's flatten reads the bytes) with serde's derive, and checks the
/// values and the calls.
fn check(values: Vec<fast::Outer>, usable: fn(&crate::common::formats::Properties) -> bool) {
    struct Check {
        values: Vec<fast::Outer>,
        usable: fn(&crate::common::formats::Properties) -> bool,
        checked: usize,
    }

    impl FormatVisitor for Check {
        fn visit<F: Format>(&mut self) {
            if !(self.usable)(&F::PROPERTIES) {
                return;
            }
            self.checked += 1;
            let bytes = F::encode(&self.values).unwrap_or_else(|e| panic!("{}: {e}", F::NAME));
            let (read, calls) = calls_of(|| decode::<F, fast::Outer>(&bytes));
            assert_eq!(read, expected_values(&self.values), "{}", F::NAME);
            assert_eq!(
                calls,
                expected_calls(&self.values),
                "{}: default calls",
                F::NAME
            );
            if F::PROPERTIES.self_describing && F::PROPERTIES.keys_are_names {
                let (twin, twin_calls) = calls_of(|| decode::<F, twin::Outer>(&bytes));
                assert_eq!(format!("{twin:?}"), format!("{read:?}"), "{}", F::NAME);
                assert_eq!(
                    twin_calls,
                    calls,
                    "{}: serde calls the defaults so",
                    F::NAME
                );
            }
        }
    }

    let mut check = Check {
        values,
        usable,
        checked: 0,
    };
    visit_formats(&mut check);
    assert!(check.checked > 0, "no format checked");
}

fn decode<F: Format, T: DeserializeOwned + Serialize + Debug>(bytes: &[u8]) -> Vec<T> {
    F::decode(bytes).unwrap_or_else(|e| panic!("{}: {e}", F::NAME))
}

#[test]
fn absent_fields_take_the_defaults_serde_gives_them() {
    check(fast::values(true), |format| {
        format.self_describing && crate::workloads::fast_flatten_reads(format)
    });
}

#[test]
fn present_fields_call_no_field_default_on_any_format() {
    let values = fast::values(false);
    assert_eq!(expected_calls(&values).label, 0);
    check(values, crate::workloads::fast_flatten_reads);
}

#[test]
fn a_duplicate_key_is_serdes_error_with_a_container_default() {
    let json = r#"{"a":"one","x":1,"a":"two"}"#;
    let fast = serde_json::from_str::<fast::Outer>(json).unwrap_err();
    let twin = serde_json::from_str::<twin::Outer>(json).unwrap_err();
    assert!(
        fast.to_string().starts_with("duplicate field `a`"),
        "{fast}"
    );
    assert!(
        twin.to_string().starts_with("duplicate field `a`"),
        "{twin}"
    );
    let json = r#"{"x":1,"y":"one","x":2}"#;
    let fast = serde_json::from_str::<fast::Outer>(json).unwrap_err();
    assert!(
        fast.to_string().starts_with("duplicate field `x`"),
        "{fast}"
    );
}

#[test]
fn an_empty_object_is_the_container_default_with_field_defaults() {
    let (read, calls) = calls_of(|| serde_json::from_str::<fast::Outer>("{}").unwrap());
    let (twin, twin_calls) = calls_of(|| serde_json::from_str::<twin::Outer>("{}").unwrap());
    assert_eq!(format!("{read:?}"), format!("{twin:?}"));
    assert_eq!(calls, twin_calls);
    assert_eq!(
        calls,
        Calls {
            outer: 1,
            inner: 1,
            label: 2,
            seven: 1
        }
    );
    assert_eq!((read.b.as_str(), read.inner.y.as_str()), ("label", "label"));
}
