//! Generators of the property tests' values: arbitrary strings, integers at their edges, floats
//! of every class, the workloads' values and two shapes.

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use serde::de::{IntoDeserializer, Visitor};
use serde::{Deserialize, Deserializer};

use crate::format::Format;
use crate::shapes;
use crate::workloads::{anchor, events, fees, paged, payload, rpc, status, wide};

/// Which floats a strategy generates.
#[derive(Clone, Copy, Debug)]
pub enum Floats {
    /// Finite values only.
    Finite,
    /// Finite values that pass the check: those a format without
    /// [`EXACT_FLOATS`](crate::format::Format::EXACT_FLOATS) reads back exactly ([`Floats::for_format`]).
    ReadBack(fn(&f64) -> bool),
    /// Finite values and both infinities.
    NoNan,
    /// Everything, NaN included (for comparing outputs, where NaN need not equal itself).
    All,
}

impl Floats {
    /// The floats `F` roundtrips: all but NaN where it reads every float back exactly, else the
    /// finite ones it does read back exactly (serde_json writes infinities as `null`, and its
    /// default float parser can be one unit in the last place off).
    pub fn for_format<F: Format>() -> Floats {
        if F::EXACT_FLOATS {
            Floats::NoNan
        } else {
            Floats::ReadBack(reads_back_exactly::<F>)
        }
    }
}

/// Whether `F` reads `x` back exactly.
fn reads_back_exactly<F: Format>(x: &f64) -> bool {
    F::encode(x).and_then(|bytes| F::decode::<f64>(&bytes)).ok() == Some(*x)
}

/// Generators of the workloads' values.
/// Strings that trip up escaping, quoting or key matching somewhere.
const TRICKY: &[&str] = &[
    "",
    " ",
    "\"",
    "\\",
    "\\\"",
    "'",
    "''",
    "\n",
    "\r\n",
    "\t",
    "\0",
    "\u{7}",
    "\u{1b}[0m",
    "\u{7f}",
    "\u{85}",
    "\u{a0}",
    "\u{2028}",
    "\u{2029}",
    "\u{feff}",
    "\u{fffd}",
    "\u{10ffff}",
    "null",
    "Null",
    "~",
    "true",
    "False",
    "yes",
    "no",
    "on",
    "y",
    "0",
    "-1",
    "007",
    "1e3",
    "1_000",
    "0x1F",
    "0o17",
    "0b1",
    "+.5",
    ".inf",
    "-.Inf",
    ".nan",
    "NaN",
    "2001-12-14",
    "12:30:45",
    "- item",
    "? key",
    ": value",
    "key: value",
    "# comment",
    "a #b",
    "&anchor",
    "*alias",
    "!tag",
    "!!str",
    "<<",
    "|",
    ">-",
    "%YAML 1.2",
    "---",
    "...",
    "[",
    "]",
    "{",
    "}",
    ",",
    "@",
    "`",
    "{\"a\":1}",
    "[1,2]",
    "\\u0000",
    "\\ud800",
    "ß",
    "日本語",
    "😀",
    "👩\u{200d}👩\u{200d}👧",
    "e\u{301}",
    "num1",
    "page",
    "items",
    "parentHash",
    "g0_f00",
];

/// An arbitrary string: any `char`s, plain words, tricky pieces and mixes of them.
pub fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => vec(any::<char>(), 0..10).prop_map(String::from_iter),
        2 => "[a-zA-Z0-9 _.-]{0,12}",
        2 => select(TRICKY).prop_map(str::to_owned),
        2 => (select(TRICKY), any::<char>(), select(TRICKY), "[a-z ]{0,3}")
            .prop_map(|(a, c, b, d)| format!("{a}{c}{b}{d}")),
    ]
}

/// A `u64` anywhere in its range, often at an edge (varint and CBOR/MessagePack width
/// boundaries, `i64::MAX` for the formats that store signed numbers).
pub fn num_u64() -> impl Strategy<Value = u64> {
    prop_oneof![
        2 => any::<u64>(),
        1 => 0..300u64,
        1 => select(vec![
            0,
            23,
            24,
            127,
            128,
            250,
            251,
            255,
            256,
            65_535,
            65_536,
            u64::from(u32::MAX),
            u64::from(u32::MAX) + 1,
            i64::MAX as u64,
            i64::MAX as u64 + 1,
            u64::MAX - 1,
            u64::MAX,
        ]),
        1 => (0..64u32).prop_map(|shift| 1u64 << shift),
    ]
}

/// A `u32` anywhere in its range, often at an edge.
pub fn num_u32() -> impl Strategy<Value = u32> {
    prop_oneof![
        2 => any::<u32>(),
        1 => 0..300u32,
        1 => select(&[0, 23, 24, 127, 128, 255, 256, 65_535, 65_536, u32::MAX - 1, u32::MAX][..]),
    ]
}

/// An `f64` from `floats`: edges, arbitrary bit patterns of every class, round values.
pub fn float(floats: Floats) -> BoxedStrategy<f64> {
    use proptest::num::f64 as class;
    let finite = prop_oneof![
        3 => class::POSITIVE | class::NEGATIVE | class::NORMAL | class::SUBNORMAL | class::ZERO,
        1 => select(&[
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            0.5,
            1.0 / 3.0,
            1e15 + 0.3,
            9_007_199_254_740_993.0,
            1e21,
            1e-7,
            f64::EPSILON,
            f64::MIN_POSITIVE,
            5e-324,
            -5e-324,
            f64::MAX,
            f64::MIN,
            65_504.0,
            1.0e300,
        ][..]),
        1 => (-1_000_000i64..1_000_000).prop_map(|n| n as f64 / 64.0),
    ];
    match floats {
        Floats::Finite => finite.boxed(),
        Floats::ReadBack(reads_back) => finite
            .prop_filter("the format does not read it back exactly", move |x| {
                reads_back(x)
            })
            .boxed(),
        Floats::NoNan => prop_oneof![
            8 => finite,
            1 => select(&[f64::INFINITY, f64::NEG_INFINITY][..]),
        ]
        .boxed(),
        Floats::All => prop_oneof![
            8 => finite,
            1 => select(&[f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN][..]),
        ]
        .boxed(),
    }
}

pub fn anchor() -> impl Strategy<Value = anchor::fast::A> {
    (
        num_u64(),
        num_u64(),
        num_u64(),
        num_u64(),
        num_u64(),
        num_u64(),
    )
        .prop_map(|(num1, num2, num3, num4, num5, num6)| anchor::fast::A {
            num1,
            b: anchor::fast::B {
                num2,
                c: anchor::fast::C { num3, num4 },
            },
            d: anchor::fast::D { num5, num6 },
        })
}

fn item() -> impl Strategy<Value = paged::fast::Item> {
    (
        num_u64(),
        text(),
        text(),
        text(),
        vec(text(), 0..4),
        (text(), text(), text(), text()),
    )
        .prop_map(
            |(id, name, email, description, tags, (cb, ca, ub, ua))| paged::fast::Item {
                id,
                name,
                email,
                description,
                tags,
                audit: paged::fast::Audit {
                    created_by: cb,
                    created_at: ca,
                    updated_by: ub,
                    updated_at: ua,
                },
            },
        )
}

pub fn paged() -> impl Strategy<Value = paged::fast::Page<paged::fast::Item>> {
    (
        num_u32(),
        num_u32(),
        num_u64(),
        option::of(text()),
        vec(item(), 0..4),
    )
        .prop_map(
            |(page, per_page, total, next_cursor, items)| paged::fast::Page {
                meta: paged::fast::PageMeta {
                    page,
                    per_page,
                    total,
                    next_cursor,
                },
                items,
            },
        )
}

fn withdrawal() -> impl Strategy<Value = payload::Withdrawal> {
    (num_u64(), num_u64(), text(), num_u64()).prop_map(
        |(index, validator_index, address, amount)| payload::Withdrawal {
            index,
            validator_index,
            address,
            amount,
        },
    )
}

pub fn payload() -> impl Strategy<Value = payload::fast::V3> {
    let hashes = (
        text(),
        text(),
        text(),
        text(),
        text(),
        text(),
        text(),
        text(),
    );
    let numbers = (num_u64(), num_u64(), num_u64(), num_u64(), num_u64());
    (
        hashes,
        numbers,
        vec(text(), 0..4),
        vec(withdrawal(), 0..3),
        num_u64(),
        num_u64(),
    )
        .prop_map(
            |(
                (parent, fee, state, receipts, bloom, randao, extra, block),
                (number, gas_limit, gas_used, timestamp, base_fee),
                transactions,
                withdrawals,
                blob_gas_used,
                excess_blob_gas,
            )| payload::fast::V3 {
                v2: payload::fast::V2 {
                    v1: payload::fast::V1 {
                        parent_hash: parent,
                        fee_recipient: fee,
                        state_root: state,
                        receipts_root: receipts,
                        logs_bloom: bloom,
                        prev_randao: randao,
                        block_number: number,
                        gas_limit,
                        gas_used,
                        timestamp,
                        extra_data: extra,
                        base_fee_per_gas: base_fee,
                        block_hash: block,
                        transactions,
                    },
                    withdrawals,
                },
                blob_gas_used,
                excess_blob_gas,
            },
        )
}

/// A `wide` record with 0 to 30 of its 160 leaves set, any of them.
pub fn wide(floats: Floats) -> impl Strategy<Value = wide::fast::Record> {
    let leaf = (
        text(),
        num_u32(),
        num_u64(),
        any::<i64>(),
        any::<bool>(),
        float(floats),
    );
    proptest::collection::btree_map(0..wide::LEAVES, leaf, 0..30).prop_map(|leaves| {
        let leaves = leaves
            .into_iter()
            .map(|(i, (text, small, big, signed, flag, float))| {
                let leaf = match wide::LEAF_TYPES[i] {
                    "String" => Leaf::Str(text),
                    "u32" => Leaf::U32(small),
                    "u64" => Leaf::U64(big),
                    "i64" => Leaf::I64(signed),
                    "bool" => Leaf::Bool(flag),
                    "f64" => Leaf::F64(float),
                    other => unreachable!("no strategy for a `wide` leaf of type {other}"),
                };
                (format!("g{}_f{:02}", i / 20, i % 20), leaf)
            })
            .collect();
        build_wide(leaves)
    })
}

/// An event of any of the five variants.
pub fn event() -> impl Strategy<Value = events::fast::Event> {
    use events::fast::{Event, Heartbeat, Payment};
    prop_oneof![
        (num_u64(), text(), text(), vec(text(), 0..4), num_u64()).prop_map(
            |(id, name, owner, tags, created_at)| Event::Created {
                id,
                name,
                owner,
                tags,
                created_at,
            }
        ),
        (num_u64(), text(), text()).prop_map(|(id, old_name, new_name)| Event::Renamed {
            id,
            old_name,
            new_name,
        }),
        (num_u64(), option::of(text())).prop_map(|(id, reason)| Event::Deleted { id, reason }),
        (num_u64(), any::<i64>(), text(), text()).prop_map(
            |(id, amount_cents, currency, status)| Event::Payment(Payment {
                id,
                amount_cents,
                currency,
                status,
            })
        ),
        (num_u64(), num_u64()).prop_map(|(seq, at)| Event::Heartbeat(Heartbeat { seq, at })),
    ]
}

/// A payload status of any of the four variants.
pub fn payload_status() -> impl Strategy<Value = status::fast::PayloadStatus> {
    use status::fast::{PayloadStatus, Status};
    let status = prop_oneof![
        Just(Status::Valid),
        text().prop_map(|validation_error| Status::Invalid { validation_error }),
        Just(Status::Syncing),
        Just(Status::Accepted),
    ];
    (status, option::of(text())).prop_map(|(status, latest_valid_hash)| PayloadStatus {
        status,
        latest_valid_hash,
    })
}

/// A transaction with either fee.
pub fn transaction() -> impl Strategy<Value = fees::fast::Transaction> {
    use fees::fast::{Fee, Transaction};
    let fee = prop_oneof![
        num_u64().prop_map(|gas_price| Fee::Legacy { gas_price }),
        (num_u64(), num_u64()).prop_map(|(max_fee, priority_fee)| Fee::Dynamic {
            max_fee,
            priority_fee,
        }),
    ];
    (text(), num_u64(), option::of(text()), num_u64(), fee).prop_map(
        |(hash, nonce, to, value, fee)| Transaction {
            hash,
            nonce,
            to,
            value,
            fee,
        },
    )
}

/// A JSON-RPC response with a result or an error.
pub fn response() -> impl Strategy<Value = rpc::fast::Response> {
    use rpc::fast::{Outcome, Response, RpcError};
    let outcome = prop_oneof![
        vec(text(), 0..4).prop_map(|result| Outcome::Success { result }),
        (any::<i64>(), text()).prop_map(|(code, message)| Outcome::Failure {
            error: RpcError { code, message },
        }),
    ];
    (text(), num_u64(), outcome).prop_map(|(jsonrpc, id, outcome)| Response {
        jsonrpc,
        id,
        outcome,
    })
}

/// The `Positions` shape (own fields around two flattened ones, four levels deep; a `char`,
/// an `f64`, an `Option<u32>`).
pub fn positions(floats: Floats) -> impl Strategy<Value = shapes::fast::Positions> {
    use shapes::fast::{Level1, Level2, Level3, Level4, Pair, Positions};
    (
        text(),
        any::<i32>(),
        any::<i32>(),
        any::<bool>(),
        any::<u8>(),
        text(),
        vec(any::<u16>(), 0..5),
        any::<char>(),
        float(floats),
        option::of(num_u32()),
    )
        .prop_map(
            |(first, x, y, middle, d1, d2, d3, d4, d4b, last)| Positions {
                first,
                left: Pair { x, y },
                middle,
                right: Level1 {
                    d1,
                    next: Level2 {
                        d2,
                        next: Level3 {
                            d3,
                            next: Level4 { d4, d4b },
                        },
                    },
                },
                last,
            },
        )
}

/// The `Wide` shape: `u128` and `i128` in a flattened struct.
pub fn wide_ints() -> impl Strategy<Value = shapes::fast::Wide> {
    let big = prop_oneof![
        any::<u128>(),
        num_u64().prop_map(u128::from),
        select(vec![0, u128::from(u64::MAX) + 1, u128::MAX]),
    ];
    let neg = prop_oneof![
        any::<i128>(),
        any::<i64>().prop_map(i128::from),
        select(vec![i128::MIN, i128::from(i64::MIN) - 1, -1, i128::MAX]),
    ];
    (any::<u8>(), big, neg).prop_map(|(tag, big, neg)| shapes::fast::Wide {
        tag,
        inner: shapes::fast::WideInner { big, neg },
    })
}

/// One leaf of a `wide` record, as a deserializer: the generated records are built by
/// deserializing a map of their set leaves (160 named fields cannot be set by index otherwise).
#[derive(Clone, Debug)]
pub enum Leaf {
    Str(String),
    U32(u32),
    U64(u64),
    I64(i64),
    Bool(bool),
    F64(f64),
}

impl<'de> Deserializer<'de> for Leaf {
    type Error = serde::de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self {
            Leaf::Str(text) => visitor.visit_string(text),
            Leaf::U32(n) => visitor.visit_u32(n),
            Leaf::U64(n) => visitor.visit_u64(n),
            Leaf::I64(n) => visitor.visit_i64(n),
            Leaf::Bool(b) => visitor.visit_bool(b),
            Leaf::F64(x) => visitor.visit_f64(x),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_some(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}

impl IntoDeserializer<'_, serde::de::value::Error> for Leaf {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// The `wide` record with exactly `leaves` set. Built through FastFlatten's own `Deserialize`
/// (from serde's `MapDeserializer`), then checked against the plain derived `flat::Record` built
/// from the same map, so that a FastFlatten bug cannot hide in the generated values.
fn build_wide(leaves: Vec<(String, Leaf)>) -> wide::fast::Record {
    let map = || serde::de::value::MapDeserializer::new(leaves.clone().into_iter());
    let record = wide::fast::Record::deserialize(map()).expect("FastFlatten reads a leaf map");
    let flat = wide::flat::Record::deserialize(map()).expect("serde reads a leaf map");
    assert_eq!(
        format!("{:?}", wide::flat::Record::from(&record)),
        format!("{flat:?}"),
        "FastFlatten built a different record from {leaves:?}"
    );
    record
}
