// The two enum forms serde's derive accepts and FastFlatten does not yet: one error each, at
// the variant or field, saying what to do instead (serde's own tests of them:
// `test_enum_internally_tagged.rs::untagged_variant`, `test_enum_adjacently_tagged.rs::
// partially_untagged`).
use serde_fastkit::FastFlatten;

fn double<S: serde::Serializer>(value: &u8, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u8(value.wrapping_mul(2))
}

#[derive(FastFlatten)]
#[serde(tag = "type")]
enum PartlyUntagged {
    Tagged { a: u8 },
    #[serde(untagged)]
    Fallback(String),
}

#[derive(FastFlatten)]
enum WithOnTupleField {
    Pair(#[serde(serialize_with = "double")] u8, u8),
}

fn main() {}
