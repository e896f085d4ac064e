//! Property 3: every generated value writes the same JSON and YAML as its serde twin (and,
//! standalone, makes the same `Serializer` calls).

use proptest::prelude::*;
use serde::Serialize;

use super::check;
use super::model::{for_each_model, Model};
use crate::support::Recorder;

/// What `value` writes, as text (or the error), on every output the twins must agree on.
fn texts<V: Serialize>(value: &V, calls: bool) -> Vec<(&'static str, Result<String, String>)> {
    fn text<E: ToString>(result: Result<String, E>) -> Result<String, String> {
        result.map_err(|e| e.to_string())
    }
    let mut texts = vec![
        ("serde_json", text(serde_json::to_string(value))),
        (
            "serde_json (pretty)",
            text(serde_json::to_string_pretty(value)),
        ),
        ("serde_yaml", text(serde_yaml::to_string(value))),
        ("serde_norway", text(serde_norway::to_string(value))),
        ("serde_yaml_ng", text(serde_yaml_ng::to_string(value))),
    ];
    if calls {
        // serde writes a struct flattening an enum as a map of unknown length, FastFlatten as
        // a struct: the calls differ by design (`flattened::flattened_struct_calls`).
        let calls = Recorder::record(value).map(|calls| calls.join("\n"));
        texts.push(("calls", calls));
    }
    texts
}

/// Property 3 for `M`.
fn same_output<M: Model>() {
    check(M::values(), |(ours, twin)| {
        let (ours, twin) = (texts(&ours, !M::FLATTENED), texts(&twin, !M::FLATTENED));
        prop_assert_eq!(
            ours,
            twin,
            "FastFlatten (left) and serde (right) write differently"
        );
        Ok(())
    });
}

macro_rules! test {
    ($test:ident: $model:ident) => {
        #[test]
        fn $test() {
            same_output::<super::model::$model>();
        }
    };
}

for_each_model!(test);
