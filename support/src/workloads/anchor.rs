//! The anchor shape: `A { num1, flatten B { num2, flatten C { num3, num4 } }, flatten D { num5, num6 } }`,
//! all `u64`: three levels of nesting, two flattened fields in one struct, an own field before them.

use crate::common::formats::Needs;
use crate::workloads::{
    any_format, fast_flatten_reads, prior_reads, serde_flatten_reads, serde_flatten_writes,
};

workload! {
    /// The anchor shape: the one every configuration of the format table is measured on, and
    /// the one serde_fast_flatten can express.
    impl Workload for Anchor {
        const NAME: &'static str = "anchor";
        const VALUE: &'static str = "one `A`: six `u64` leaves over three levels of flatten";
        const NEEDS: Needs = Needs::NOTHING;
        type Source = fast::A;

        fn values(n: usize) -> Vec<fast::A> {
            values(n)
        }

        fn samples() -> Vec<fast::A> {
            values(3)
        }
    }
    reads owned;
    Flat "flat" LowerBound, reads any_format, writes any_format
        => <'a> flat::Flat = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast::A = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::A = |s| s.iter().map(Into::into).collect();
    Prior "serde_fast_flatten" Prior, reads prior_reads, writes any_format
        => <'a> prior::A = |s| s.iter().map(Into::into).collect();
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct A {
        pub num1: u64,
        #[serde(flatten)]
        pub b: B,
        #[serde(flatten)]
        pub d: D,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct B {
        pub num2: u64,
        #[serde(flatten)]
        pub c: C,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct C {
        pub num3: u64,
        pub num4: u64,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct D {
        pub num5: u64,
        pub num6: u64,
    }
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct A {
        pub num1: u64,
        #[serde(flatten)]
        pub b: B,
        #[serde(flatten)]
        pub d: D,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct B {
        pub num2: u64,
        #[serde(flatten)]
        pub c: C,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct C {
        pub num3: u64,
        pub num4: u64,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct D {
        pub num5: u64,
        pub num6: u64,
    }
}

/// The same with serde_fast_flatten 0.1.3's derives. Its derive makes any non-private struct fail
/// to compile (E0446), so the tree is private here and reached through the public newtype `A`,
/// whose `Serialize`/`Deserialize` forward to it (inlined away).
pub mod prior {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use serde_fast_flatten::{DeserializeFields, SerializeFields};

    #[derive(Clone, Debug, PartialEq)]
    pub struct A(Root);

    impl Serialize for A {
        #[inline]
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            self.0.serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for A {
        #[inline]
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            Root::deserialize(deserializer).map(A)
        }
    }

    #[derive(SerializeFields, DeserializeFields, Clone, Debug, PartialEq)]
    struct Root {
        num1: u64,
        #[serde(flatten)]
        b: B,
        #[serde(flatten)]
        d: D,
    }

    #[derive(SerializeFields, DeserializeFields, Clone, Debug, PartialEq)]
    struct B {
        num2: u64,
        #[serde(flatten)]
        c: C,
    }

    #[derive(SerializeFields, DeserializeFields, Clone, Debug, PartialEq)]
    struct C {
        num3: u64,
        num4: u64,
    }

    #[derive(SerializeFields, DeserializeFields, Clone, Debug, PartialEq)]
    struct D {
        num5: u64,
        num6: u64,
    }

    impl From<&super::fast::A> for A {
        fn from(a: &super::fast::A) -> Self {
            A(Root {
                num1: a.num1,
                b: B {
                    num2: a.b.num2,
                    c: C {
                        num3: a.b.c.num3,
                        num4: a.b.c.num4,
                    },
                },
                d: D {
                    num5: a.d.num5,
                    num6: a.d.num6,
                },
            })
        }
    }
}

/// The lower bound: the six leaves at top level, a plain derived struct reading the same bytes.
pub mod flat {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Flat {
        pub num1: u64,
        pub num2: u64,
        pub num3: u64,
        pub num4: u64,
        pub num5: u64,
        pub num6: u64,
    }
}

/// `n` deterministic values, spread over small and large integers so that varint formats see
/// several encoded lengths.
pub fn values(n: usize) -> Vec<fast::A> {
    (0..n as u64)
        .map(|i| {
            let x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            fast::A {
                num1: i,
                b: fast::B {
                    num2: x >> 60,
                    c: fast::C {
                        num3: x >> 40,
                        num4: x >> 20,
                    },
                },
                d: fast::D {
                    num5: x,
                    num6: u64::from(i % 3 == 0) * 1_000_000,
                },
            }
        })
        .collect()
}

impl From<&fast::A> for serde_flatten::A {
    fn from(a: &fast::A) -> Self {
        serde_flatten::A {
            num1: a.num1,
            b: serde_flatten::B {
                num2: a.b.num2,
                c: serde_flatten::C {
                    num3: a.b.c.num3,
                    num4: a.b.c.num4,
                },
            },
            d: serde_flatten::D {
                num5: a.d.num5,
                num6: a.d.num6,
            },
        }
    }
}

impl From<&fast::A> for flat::Flat {
    fn from(a: &fast::A) -> Self {
        flat::Flat {
            num1: a.num1,
            num2: a.b.num2,
            num3: a.b.c.num3,
            num4: a.b.c.num4,
            num5: a.d.num5,
            num6: a.d.num6,
        }
    }
}
