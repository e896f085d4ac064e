//! The workloads (`benches/workloads/`) the property tests generate values of: how to generate
//! them, and what property (c)'s mutations need to know of their structs. A workload whose
//! values borrow from their input (`paged_borrowed`) is not generated: arbitrary text needs
//! escaping, which a borrowed `&str` cannot hold.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_fastkit::flatten::FlattenFields;

use crate::mutations::Family;
use crate::strategies::{self, Floats};
use crate::workloads::{
    anchor, paged, payload, wide, Anchor, Implementation, ImplementationVisitor, Paged, Payload,
    Role, Wide, Workload,
};

/// Calls `$callback!(module: Workload);` once per generated workload.
macro_rules! for_each_generated_workload {
    ($callback:ident) => {
        $callback!(anchor: Anchor);
        $callback!(paged: Paged);
        $callback!(payload: Payload);
        $callback!(wide: Wide);
    };
}
pub(crate) use for_each_generated_workload;

/// A property that compares a FastFlatten value with its twin: the workload's implementation by
/// serde's derive ([`Role::Serde`]).
pub trait AgainstTwin<W: Workload> {
    /// Runs the property, `I` being the twin's implementation.
    fn run<I: Implementation<W>>(&self) -> Result<(), TestCaseError>;
}

/// Runs `property` against `W`'s twin.
pub fn against_twin<W: Workload>(property: &impl AgainstTwin<W>) -> Result<(), TestCaseError> {
    struct FindTwin<'a, P> {
        property: &'a P,
        result: Option<Result<(), TestCaseError>>,
    }

    impl<W: Workload, P: AgainstTwin<W>> ImplementationVisitor<W> for FindTwin<'_, P> {
        fn visit<I: Implementation<W>>(&mut self) {
            if I::ROLE == Role::Serde {
                self.result = Some(self.property.run::<I>());
            }
        }
    }

    let mut find = FindTwin {
        property,
        result: None,
    };
    W::visit_implementations(&mut find);
    find.result
        .unwrap_or_else(|| panic!("{} has no implementation by serde's derive", W::NAME))
}

/// A workload the property tests generate values of.
pub trait Generated: Workload {
    /// Arbitrary values, with `floats` where they hold floats.
    fn strategy(floats: Floats) -> BoxedStrategy<Self::Source>;

    /// The names its structs know, for property (c)'s mutations.
    fn family() -> Family;
}

impl Generated for Anchor {
    fn strategy(_: Floats) -> BoxedStrategy<anchor::fast::A> {
        strategies::anchor().boxed()
    }

    fn family() -> Family {
        Family {
            root: anchor::fast::A::FIELDS,
            nested: None,
            optional: |_| false,
        }
    }
}

impl Generated for Paged {
    fn strategy(_: Floats) -> BoxedStrategy<paged::fast::Page<paged::fast::Item>> {
        strategies::paged().boxed()
    }

    fn family() -> Family {
        Family {
            root: <paged::fast::Page<paged::fast::Item>>::FIELDS,
            nested: Some(("items", paged::fast::Item::FIELDS)),
            optional: |name| name == "next_cursor",
        }
    }
}

impl Generated for Payload {
    fn strategy(_: Floats) -> BoxedStrategy<payload::fast::V3> {
        strategies::payload().boxed()
    }

    fn family() -> Family {
        Family {
            root: payload::fast::V3::FIELDS,
            nested: Some((
                "withdrawals",
                &["index", "validatorIndex", "address", "amount"],
            )),
            optional: |_| false,
        }
    }
}

impl Generated for Wide {
    fn strategy(floats: Floats) -> BoxedStrategy<wide::fast::Record> {
        strategies::wide(floats).boxed()
    }

    fn family() -> Family {
        Family {
            root: wide::fast::Record::FIELDS,
            nested: None,
            optional: |_| true,
        }
    }
}
