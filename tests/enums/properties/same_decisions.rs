//! Property 2: the JSON of a generated value, mutated, is read alike by FastFlatten and by
//! serde's twin: equal values, or errors (the same message when exactly one fault was made);
//! with at most one fault, on the other self-describing formats too (transcoded as `de!` does).
//!
//! The intended differences (pinned by the differential tests) are kept out:
//!
//! - Error *precedence* with several faults: serde buffers the whole map before it reports a
//!   structural error, FastFlatten reports the first fault in input order. Messages are compared
//!   only for single faults.
//! - `deny_unknown_fields` on an outer struct with a flattened enum (serde 1358), a flattened
//!   `Option<Enum>` (serde 2349) and unit variants under `deny_unknown_fields` (serde 2123):
//!   not generated (`model.rs`).
//! - A flattened internally tagged enum's integer tag (serde_json 1274): not generated
//!   ([`Fault::Replace`](super::mutations::Fault::Replace)).
//! - A flattened adjacently tagged enum's tag of the wrong type (a map, a sequence): both
//!   reject it, FastFlatten with the format's words, serde with its buffer's
//!   ([`buffered_tag_refused`]).
//! - An adjacently tagged struct variant's content given as a sequence, which FastFlatten reads
//!   as the fields in order and serde's derive rejects ([`struct_content_from_sequence`]).

use std::marker::PhantomData;

use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::check;
use super::model::{for_each_model, Model};
use super::mutations::{mutate, mutations, Benign, Fault, Tree};
use crate::support::{buffered_tag_refused, explored, same_everywhere, strip_position};

/// What one side read: the value written as JSON again, or the error without its position.
type Read = Result<String, String>;

/// Reads JSON text as a `T`, and gives back what it read written as JSON again, or the error
/// message without its position.
fn read<T: Serialize + DeserializeOwned>(input: &str) -> Read {
    serde_json::from_str::<T>(input)
        .map(|value| serde_json::to_string(&value).unwrap())
        .map_err(|e| strip_position(&e.to_string()))
}

/// Whether serde's error is its derive rejecting an adjacently tagged struct variant's content
/// given as a sequence: FastFlatten reads it as the fields in order, as it writes them on
/// formats that are not self-describing (intended difference, pinned by
/// `adjacent::struct_content_and_unit_variant_from_sequences`), so that it accepts the input or
/// reports an error in the elements.
fn struct_content_from_sequence(twin: &str) -> bool {
    twin.starts_with("invalid type: sequence, expected struct variant ")
}

/// Whether FastFlatten's and serde's readings agree, after `faults` faults.
fn judge(ours: &Read, twin: &Read, faults: usize) -> Result<(), &'static str> {
    match (ours, twin) {
        (_, Err(twin)) if struct_content_from_sequence(twin) => Ok(()),
        (Err(_), Err(twin)) if buffered_tag_refused(twin) => Ok(()),
        (Ok(ours), Ok(twin)) if ours != twin => Err("different values read"),
        (Ok(_), Ok(_)) => Ok(()),
        (Err(_), Err(_)) if faults == 0 => Err("both reject a valid input"),
        (Err(ours), Err(twin)) if faults == 1 && ours != twin => Err("different errors"),
        (Err(_), Err(_)) => Ok(()),
        (Ok(_), Err(_)) => Err("FastFlatten accepts, serde rejects"),
        (Err(_), Ok(_)) => Err("FastFlatten rejects, serde accepts"),
    }
}

/// Property 2 for one value of `M` (serde's twin) and its mutations.
fn reads_alike<M: Model>(
    twin: &M::Twin,
    (benign, faults): &(Vec<Benign>, Vec<Fault>),
) -> Result<(), TestCaseError> {
    // The input is serde's JSON: FastFlatten's is the same (property 3).
    let mut tree: Tree = serde_json::from_str(&serde_json::to_string(twin).unwrap()).unwrap();
    let done = mutate(&mut tree, &M::LAYOUT, benign, faults);
    let input = serde_json::to_string(&tree).unwrap();
    let (ours, twin) = (read::<M::Ours>(&input), read::<M::Twin>(&input));
    match judge(&ours, &twin, done.len()) {
        Ok(()) => {}
        Err(_) if explored(&input, &ours, &twin) => {} // ENUMS_EXPLORE: printed
        Err(problem) => {
            return Err(TestCaseError::fail(format!(
            "{problem}\nFastFlatten: {ours:?}\nserde: {twin:?}\ninput: {input}\nfaults: {done:?}"
        )))
        }
    }
    // The same input, transcoded keys in order, on every other self-describing format (YAML,
    // CBOR, MessagePack): read alike there too, by the rules of `de!`. With several faults only
    // serde_json is compared (error precedence, above); an accepted sequence content is
    // FastFlatten's intended difference on every format.
    let sequence_content = matches!(&twin, Err(twin) if struct_content_from_sequence(twin));
    if done.len() <= 1 && !sequence_content {
        let everywhere = std::panic::catch_unwind(|| {
            same_everywhere(&input, PhantomData::<M::Ours>, PhantomData::<M::Twin>);
        });
        if let Err(panic) = everywhere {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "a panic".to_owned());
            return Err(TestCaseError::fail(format!("{message}\nfaults: {done:?}")));
        }
    }
    Ok(())
}

/// Property 2 for `M`.
fn same_decisions<M: Model>() {
    check((M::values(), mutations()), |((_, twin), mutations)| {
        reads_alike::<M>(&twin, &mutations)
    });
}

macro_rules! test {
    ($test:ident: $model:ident) => {
        #[test]
        fn $test() {
            same_decisions::<super::model::$model>();
        }
    };
}

for_each_model!(test);
