//! Property (b): a FastFlatten value and its twin derived by serde with `#[serde(flatten)]` write
//! the same bytes on every format where they must.

use std::fmt::Debug;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::Serialize;

use crate::config;
use crate::format::differences_from_serde_flatten;
use crate::shapes;
use crate::strategies::{self, Floats};
use crate::workloads::{anchor, paged, payload, wide};

/// Property (b): `fast` and its serde twin write the same bytes on every format where they must
/// ([`differences_from_serde_flatten`]).
fn same_output<A: Serialize + Debug, B: Serialize>(
    fast: &A,
    twin: &B,
) -> Result<(), TestCaseError> {
    let differences = differences_from_serde_flatten(fast, twin);
    prop_assert!(differences.is_empty(), "{}", differences.join("\n"));
    Ok(())
}

/// `Positions` with serde's derive (`shapes.rs` has no conversions).
fn positions_twin(value: &shapes::fast::Positions) -> shapes::twin::Positions {
    use shapes::twin::{Level1, Level2, Level3, Level4, Pair, Positions};
    let level3 = &value.right.next.next;
    Positions {
        first: value.first.clone(),
        left: Pair {
            x: value.left.x,
            y: value.left.y,
        },
        middle: value.middle,
        right: Level1 {
            d1: value.right.d1,
            next: Level2 {
                d2: value.right.next.d2.clone(),
                next: Level3 {
                    d3: level3.d3.clone(),
                    next: Level4 {
                        d4: level3.next.d4,
                        d4b: level3.next.d4b,
                    },
                },
            },
        },
        last: value.last,
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn anchor(value in strategies::anchor()) {
        same_output(&value, &anchor::serde_flatten::A::from(&value))?;
    }

    #[test]
    fn paged(value in strategies::paged()) {
        let twin: paged::serde_flatten::Page<paged::serde_flatten::Item> = (&value).into();
        same_output(&value, &twin)?;
    }

    #[test]
    fn payload(value in strategies::payload()) {
        same_output(&value, &payload::serde_flatten::V3::from(&value))?;
    }

    #[test]
    fn wide(value in strategies::wide(Floats::All)) {
        same_output(&value, &wide::serde_flatten::Record::from(&value))?;
    }

    #[test]
    fn positions(value in strategies::positions(Floats::All)) {
        same_output(&value, &positions_twin(&value))?;
    }
}
