//! Property 1: every generated value reads back as itself on every format where it must; where
//! serde's twin roundtrips too, both wrote the same bytes.

use proptest::test_runner::TestCaseError;

use super::check;
use super::model::{for_each_model, Model};
use crate::common::formats::{visit_formats, Format, FormatVisitor};
use crate::support::roundtrip_on;

/// Property 1 for one value of `M`: the failures, one line per format.
struct Roundtrip<'a, M: Model> {
    ours: &'a M::Ours,
    twin: &'a M::Twin,
    failures: Vec<String>,
}

impl<M: Model> FormatVisitor for Roundtrip<'_, M> {
    fn visit<F: Format>(&mut self) {
        if !M::FORMATS.include(&F::PROPERTIES) {
            return;
        }
        let (ours, twin) = (
            roundtrip_on::<F, _>(self.ours),
            roundtrip_on::<F, _>(self.twin),
        );
        match (ours, twin) {
            (Ok(ours), Ok(twin)) => {
                // serde writes a struct flattening an enum as a map of unknown length: the
                // same bytes only where the table says such a map is written as a sized one.
                let same_bytes = !M::FLATTENED || F::PROPERTIES.same_bytes_as_serde_flatten();
                if same_bytes && ours != twin {
                    self.failures.push(format!(
                        "{}: FastFlatten wrote {ours:?}, serde {twin:?}",
                        F::NAME
                    ));
                }
            }
            (Ok(_), Err(_)) => {}
            // A limit of a self-describing format, met by serde's derive alike (ciborium reads
            // the `null` of a flattened unit variant as an `Option`, not as a unit). Elsewhere
            // serde's derive mostly cannot read tagged enums at all, and FastFlatten must.
            (Err(ours), Err(twin)) if F::SELF_DESCRIBING && ours == twin => {}
            (Err(e), _) => self.failures.push(format!("{}: {e}", F::NAME)),
        }
    }
}

/// Property 1 for `M`.
fn roundtrips<M: Model>() {
    check(M::values(), |(ours, twin)| {
        let mut visitor = Roundtrip::<M> {
            ours: &ours,
            twin: &twin,
            failures: Vec::new(),
        };
        visit_formats(&mut visitor);
        if visitor.failures.is_empty() {
            Ok(())
        } else {
            Err(TestCaseError::fail(visitor.failures.join("\n")))
        }
    });
}

macro_rules! test {
    ($test:ident: $model:ident) => {
        #[test]
        fn $test() {
            roundtrips::<super::model::$model>();
        }
    };
}

for_each_model!(test);
