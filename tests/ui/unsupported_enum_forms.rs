// The enum form serde's derive accepts and FastFlatten does not yet: one error, at the field,
// saying what it is.
use serde_fastkit::FastFlatten;

fn double<S: serde::Serializer>(value: &u8, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u8(value.wrapping_mul(2))
}

#[derive(FastFlatten)]
enum WithOnTupleField {
    Pair(#[serde(serialize_with = "double")] u8, u8),
}

fn main() {}
