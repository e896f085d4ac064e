//! Property (b): a FastFlatten value and its twin derived by serde with `#[serde(flatten)]` write
//! the same bytes on every format where they must.

use std::fmt::Debug;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::Serialize;

use crate::format::differences_from_serde_flatten;
use crate::properties::check;
use crate::properties::generated::{
    against_twin, for_each_generated_workload, AgainstTwin, Generated,
};
use crate::properties::strategies::{self, Floats};
use crate::shapes;
use crate::workloads::{Implementation, Workload};

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

/// Property (b) for a value of workload `W` and its twin.
struct SameOutput<'a, W: Workload>(&'a W::Source);

impl<W: Workload> AgainstTwin<W> for SameOutput<'_, W> {
    fn run<I: Implementation<W>>(&self) -> Result<(), TestCaseError> {
        let twins = I::values(std::slice::from_ref(self.0));
        same_output(self.0, &twins[0])
    }
}

/// One test of property (b) per workload, with every float, NaN included (outputs are compared,
/// not values).
macro_rules! workload_test {
    ($module:ident: $workload:ident) => {
        #[test]
        fn $module() {
            type W = crate::workloads::$workload;
            check(<W as Generated>::strategy(Floats::All), |value| {
                against_twin::<W>(&SameOutput(&value))
            });
        }
    };
}

for_each_generated_workload!(workload_test);

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

#[test]
fn positions() {
    check(strategies::positions(Floats::All), |value| {
        same_output(&value, &positions_twin(&value))
    });
}
