//! The workloads (`support/src/workloads/`) the property tests generate values of: how to generate
//! them, and what property (c)'s mutations need to know of their structs. Not generated: a
//! workload whose values borrow from their input (`paged_borrowed`: arbitrary text needs
//! escaping, which a borrowed `&str` cannot hold), and `events_created` and `events_tag_last`,
//! whose values are `events`' `Created` ones (the tag last written by the lower bound, which
//! property (c) cannot compare with serde).

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_fastkit::flatten::FlattenFields;

use crate::common::formats::Properties;
use crate::properties::mutations::Family;
use crate::properties::strategies::{self, Floats};
use crate::workloads::{
    anchor, events, fees, paged, payload, rpc, status, wide, Anchor, Events, Fees, Implementation,
    ImplementationVisitor, Paged, Payload, Role, Rpc, Status, Wide, Workload,
};

/// Calls `$callback!(module: Workload);` once per generated workload: properties (a) and (b).
macro_rules! for_each_generated_workload {
    ($callback:ident) => {
        $crate::properties::generated::for_each_mutated_workload!($callback);
        $callback!(status: Status);
        $callback!(fees: Fees);
        $callback!(rpc: Rpc);
    };
}
pub(crate) use for_each_generated_workload;

/// Calls `$callback!(module: Workload);` once per generated workload whose JSON property (c)
/// mutates: those where every object is a struct [`Family`] describes. Not `fees` and `rpc`,
/// whose variants hold nested objects of their own names. Not `status`: serde's flatten takes an
/// integer for a flattened internally tagged enum's tag (the variant's index, serde_json 1274)
/// where FastFlatten does not, an intended difference pinned in `tests/enums/`, which
/// `Fault::Replace` would hit now and then.
macro_rules! for_each_mutated_workload {
    ($callback:ident) => {
        $callback!(anchor: Anchor);
        $callback!(paged: Paged);
        $callback!(payload: Payload);
        $callback!(wide: Wide);
        $callback!(events: Events);
    };
}
pub(crate) use for_each_mutated_workload;

/// Whether `W`'s FastFlatten implementation reads `format`, by its rule: where its generated
/// values must roundtrip (with [`Workload::NEEDS`]).
pub fn fast_flatten_reads<W: Workload>(format: &Properties) -> bool {
    struct Reads<'a> {
        format: &'a Properties,
        reads: bool,
    }

    impl<W: Workload> ImplementationVisitor<W> for Reads<'_> {
        fn visit<I: Implementation<W>>(&mut self) {
            if I::ROLE == Role::FastFlatten {
                self.reads = I::reads(self.format);
            }
        }
    }

    let mut reads = Reads {
        format,
        reads: false,
    };
    W::visit_implementations(&mut reads);
    reads.reads
}

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
}

/// A generated workload whose JSON property (c) mutates.
pub trait Mutated: Generated {
    /// The names its structs know, for property (c)'s mutations.
    fn family() -> Family;
}

impl Generated for Anchor {
    fn strategy(_: Floats) -> BoxedStrategy<anchor::fast::A> {
        strategies::anchor().boxed()
    }
}

impl Mutated for Anchor {
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
}

impl Mutated for Paged {
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
}

impl Mutated for Payload {
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
}

impl Mutated for Wide {
    fn family() -> Family {
        Family {
            root: wide::fast::Record::FIELDS,
            nested: None,
            optional: |_| true,
        }
    }
}

impl Generated for Events {
    fn strategy(_: Floats) -> BoxedStrategy<events::fast::Event> {
        strategies::event().boxed()
    }
}

impl Mutated for Events {
    fn family() -> Family {
        Family {
            // Every variant's names (an inserted name of another variant is not one of these:
            // unknown keys are prefixed until they are not).
            root: &[
                "type",
                "id",
                "name",
                "owner",
                "tags",
                "created_at",
                "old_name",
                "new_name",
                "reason",
                "amount_cents",
                "currency",
                "status",
                "seq",
                "at",
            ],
            nested: None,
            optional: |name| name == "reason",
        }
    }
}

impl Generated for Status {
    fn strategy(_: Floats) -> BoxedStrategy<status::fast::PayloadStatus> {
        strategies::payload_status().boxed()
    }
}

impl Generated for Fees {
    fn strategy(_: Floats) -> BoxedStrategy<fees::fast::Transaction> {
        strategies::transaction().boxed()
    }
}

impl Generated for Rpc {
    fn strategy(_: Floats) -> BoxedStrategy<rpc::fast::Response> {
        strategies::response().boxed()
    }
}
