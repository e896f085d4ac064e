//! Property (c): the JSON of a generated value, mutated, is accepted or rejected by FastFlatten
//! exactly as by serde's twin, naming the same field.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_fastkit::flatten::FlattenFields;

use crate::config;
use crate::mutations::{mutate, mutations, named_field, Benign, Effect, Family, Fault, Tree};
use crate::shapes;
use crate::strategies::{self, Floats};
use crate::workloads::{anchor, paged, payload, wide};

/// Property (c): the mutated JSON of `value` is read alike by FastFlatten (`A`) and serde's
/// flatten (`B`).
fn same_decisions<A, B>(
    value: &A,
    family: &Family,
    (benign, faults): &(Vec<Benign>, Vec<Fault>),
) -> Result<(), TestCaseError>
where
    A: Serialize + DeserializeOwned,
    B: Serialize + DeserializeOwned,
{
    let mut tree: Tree = serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap();
    let effects = mutate(&mut tree, family, benign, faults);
    let input = serde_json::to_string(&tree).unwrap();
    let fast = serde_json::from_str::<A>(&input);
    let twin = serde_json::from_str::<B>(&input);
    match (fast, twin) {
        (Ok(fast), Ok(twin)) => {
            prop_assert_eq!(
                serde_json::to_string(&fast).unwrap(),
                serde_json::to_string(&twin).unwrap(),
                "different values read from {}",
                input
            );
        }
        (Err(fast), Err(twin)) => {
            prop_assert!(
                !effects.iter().all(|e| matches!(e, Effect::Harmless(_))),
                "both fail on a valid input: FastFlatten {fast}, serde {twin}\ninput: {input}"
            );
            if let [Effect::Missing(_) | Effect::Duplicate(_)] = effects[..] {
                let (fast, twin) = (fast.to_string(), twin.to_string());
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
            serde_json::from_str::<A>(&input).is_err(),
            "FastFlatten accepts {effects:?}\ninput: {input}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn anchor(value in strategies::anchor(), mutations in mutations()) {
        let family = Family {
            root: anchor::fast::A::FIELDS,
            nested: None,
            optional: |_| false,
        };
        same_decisions::<_, anchor::serde_flatten::A>(&value, &family, &mutations)?;
    }

    #[test]
    fn paged(value in strategies::paged(), mutations in mutations()) {
        let family = Family {
            root: <paged::fast::Page<paged::fast::Item>>::FIELDS,
            nested: Some(("items", paged::fast::Item::FIELDS)),
            optional: |name| name == "next_cursor",
        };
        same_decisions::<_, paged::serde_flatten::Page<paged::serde_flatten::Item>>(
            &value, &family, &mutations,
        )?;
    }

    #[test]
    fn payload(value in strategies::payload(), mutations in mutations()) {
        let family = Family {
            root: payload::fast::V3::FIELDS,
            nested: Some(("withdrawals", &["index", "validatorIndex", "address", "amount"])),
            optional: |_| false,
        };
        same_decisions::<_, payload::serde_flatten::V3>(&value, &family, &mutations)?;
    }

    #[test]
    fn wide(value in strategies::wide(Floats::NoNan), mutations in mutations()) {
        let family = Family {
            root: wide::fast::Record::FIELDS,
            nested: None,
            optional: |_| true,
        };
        same_decisions::<_, wide::serde_flatten::Record>(&value, &family, &mutations)?;
    }

    #[test]
    fn positions(value in strategies::positions(Floats::Finite), mutations in mutations()) {
        let family = Family {
            root: shapes::fast::Positions::FIELDS,
            nested: None,
            optional: |name| name == "last",
        };
        same_decisions::<_, shapes::twin::Positions>(&value, &family, &mutations)?;
    }
}
