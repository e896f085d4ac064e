//! Reading one input with twin types, one derived by `FastFlatten`, one by serde's derive, on
//! every self-describing format of the table that can write the input: what the drop-in rule
//! is checked with.
//!
//! Twins print alike with `Debug` when they read the same value (the same type and field names,
//! in twin modules), so a value read is compared as its `Debug` text.

use std::fmt::Debug;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;

use super::doc::Doc;
use super::formats::{visit_formats, Family, Format, FormatVisitor};

/// What reading an input gave: the value's `Debug` text, or the error's message.
pub type Outcome = Result<String, String>;

/// Each format's name with what the two twins read from the input there.
#[derive(Debug)]
pub struct Readings {
    /// `(format, FastFlatten's outcome, serde's outcome)`, in the table's order.
    pub formats: Vec<(&'static str, Outcome, Outcome)>,
}

impl Readings {
    /// The formats on which the twins disagree: one accepts what the other refuses, or both
    /// accept different values.
    pub fn disagreements(&self) -> Vec<String> {
        self.formats
            .iter()
            .filter(|(_, ours, twin)| !agree(ours, twin))
            .map(|(format, ours, twin)| format!("{format}: FastFlatten {ours:?}, serde {twin:?}"))
            .collect()
    }

    /// Panics with every disagreement, naming `what` was read.
    #[track_caller]
    pub fn assert_agree(&self, what: &str) {
        let differences = self.disagreements();
        assert!(
            differences.is_empty(),
            "{what}: the twins read differently\n{}",
            differences.join("\n")
        );
        assert!(!self.formats.is_empty(), "{what}: no format could write it");
    }
}

/// Whether two outcomes agree: the same value, or both an error.
pub fn agree(ours: &Outcome, twin: &Outcome) -> bool {
    match (ours, twin) {
        (Ok(ours), Ok(twin)) => ours == twin,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

/// Reads `doc`, written by each self-describing format of the table that keys fields by name
/// and can write it (JSON only string keys, JSON and YAML no byte strings), with FastFlatten's
/// `O` and serde's `T`.
pub fn read_twins<O, T>(doc: &Doc) -> Readings
where
    O: DeserializeOwned + Debug,
    T: DeserializeOwned + Debug,
{
    struct Reader<'a, O, T> {
        doc: &'a Doc,
        readings: Readings,
        twins: PhantomData<(O, T)>,
    }

    impl<O, T> FormatVisitor for Reader<'_, O, T>
    where
        O: DeserializeOwned + Debug,
        T: DeserializeOwned + Debug,
    {
        fn visit<F: Format>(&mut self) {
            if !F::SELF_DESCRIBING || !F::KEYS_ARE_NAMES {
                return;
            }
            let text = matches!(F::FAMILY, Family::Json | Family::Yaml);
            if (F::FAMILY == Family::Json && !self.doc.keys_are_strings())
                || (text && self.doc.has_bytes())
            {
                return;
            }
            let Ok(bytes) = F::encode(self.doc) else {
                return;
            };
            let ours = F::decode::<O>(&bytes).map(|v| format!("{v:?}"));
            let twin = F::decode::<T>(&bytes).map(|v| format!("{v:?}"));
            self.readings.formats.push((F::NAME, ours, twin));
        }
    }

    let mut reader = Reader::<O, T> {
        doc,
        readings: Readings {
            formats: Vec::new(),
        },
        twins: PhantomData,
    };
    visit_formats(&mut reader);
    reader.readings
}
