//! Property (c): the JSON of a generated value, mutated, is accepted or rejected by FastFlatten
//! exactly as by serde's twin, naming the same field.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_fastkit::flatten::FlattenFields;

use crate::common::formats::JsonStr;
use crate::properties::check;
use crate::properties::generated::{
    against_twin, for_each_mutated_workload, AgainstTwin, Generated, Mutated,
};
use crate::properties::mutations::{
    mutate, mutations, named_field, Benign, Effect, Family, Fault, Tree,
};
use crate::properties::strategies::{self, Floats};
use crate::shapes;
use crate::workloads::{Implementation, Workload};

/// One side of property (c): reads JSON text as its type and gives back what it read, written
/// as JSON again (so that both sides compare whatever their types), or the error message.
type Read<'a> = &'a dyn Fn(&str) -> Result<String, String>;

/// Reads JSON text as a `T`.
fn read_as<T: Serialize + DeserializeOwned>(input: &str) -> Result<String, String> {
    serde_json::from_str::<T>(input)
        .map(|value| serde_json::to_string(&value).unwrap())
        .map_err(|e| e.to_string())
}

/// Property (c): the JSON of `value`, mutated, is read alike by FastFlatten (`fast`) and by
/// serde's flatten (`twin`).
fn same_decisions(
    value: &impl Serialize,
    family: &Family,
    (benign, faults): &(Vec<Benign>, Vec<Fault>),
    fast: Read<'_>,
    twin: Read<'_>,
) -> Result<(), TestCaseError> {
    let mut tree: Tree = serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap();
    let effects = mutate(&mut tree, family, benign, faults);
    let input = serde_json::to_string(&tree).unwrap();
    match (fast(&input), twin(&input)) {
        (Ok(fast), Ok(twin)) => {
            prop_assert_eq!(fast, twin, "different values read from {}", input);
        }
        (Err(fast), Err(twin)) => {
            prop_assert!(
                !effects.iter().all(|e| matches!(e, Effect::Harmless(_))),
                "both fail on a valid input: FastFlatten {fast}, serde {twin}\ninput: {input}"
            );
            if let [Effect::Missing(_) | Effect::Duplicate(_)] = effects[..] {
                if let Some(expected) = named_field(&twin) {
                    prop_assert_eq!(
                        named_field(&fast),
                        Some(expected),
                        "FastFlatten: {}\nserde: {}\ninput: {}",
                        fast,
                        twin,
                        input
                    );
                }
            }
        }
        (Ok(_), Err(twin)) => {
            return Err(TestCaseError::fail(format!(
                "FastFlatten accepts, serde's flatten rejects ({twin}) after {effects:?}\ninput: {input}"
            )));
        }
        (Err(fast), Ok(_)) => {
            return Err(TestCaseError::fail(format!(
                "FastFlatten rejects ({fast}), serde's flatten accepts after {effects:?}\ninput: {input}"
            )));
        }
    }
    if let [Effect::Missing(_) | Effect::Duplicate(_)] = effects[..] {
        // A single missing required key or repeated known key must be an error on both sides.
        prop_assert!(
            fast(&input).is_err(),
            "FastFlatten accepts {effects:?}\ninput: {input}"
        );
    }
    Ok(())
}

/// Property (c) for a value of workload `W`, read by FastFlatten as the workload's source type
/// and by the twin.
struct SameDecisions<'a, W: Workload> {
    value: &'a W::Source,
    mutations: &'a (Vec<Benign>, Vec<Fault>),
    family: Family,
}

impl<W: Workload> AgainstTwin<W> for SameDecisions<'_, W> {
    fn run<I: Implementation<W>>(&self) -> Result<(), TestCaseError> {
        let twin = |input: &str| match I::decode::<JsonStr>(input) {
            Some(read) => read.map(|value| serde_json::to_string(&value).unwrap()),
            None => unreachable!("serde_json lends"),
        };
        same_decisions(
            self.value,
            &self.family,
            self.mutations,
            &read_as::<W::Source>,
            &twin,
        )
    }
}

/// One test of property (c) per workload (with no NaN or infinity: JSON cannot carry them).
macro_rules! workload_test {
    ($module:ident: $workload:ident) => {
        #[test]
        fn $module() {
            type W = crate::workloads::$workload;
            let inputs = (<W as Generated>::strategy(Floats::NoNan), mutations());
            check(inputs, |(value, mutations)| {
                against_twin::<W>(&SameDecisions {
                    value: &value,
                    mutations: &mutations,
                    family: <W as Mutated>::family(),
                })
            });
        }
    };
}

for_each_mutated_workload!(workload_test);

#[test]
fn positions() {
    let family = Family {
        root: shapes::fast::Positions::FIELDS,
        nested: None,
        optional: |name| name == "last",
    };
    let inputs = (strategies::positions(Floats::Finite), mutations());
    check(inputs, |(value, mutations)| {
        same_decisions(
            &value,
            &family,
            &mutations,
            &read_as::<shapes::fast::Positions>,
            &read_as::<shapes::twin::Positions>,
        )
    });
}
