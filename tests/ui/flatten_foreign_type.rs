use serde_fastkit::FastFlatten;

// A type of another crate flattened (serde_json's `Number` implements serde's traits, not the
// flatten traits): the notes name `#[fast_flatten(buffered)]` for it.
#[derive(FastFlatten)]
struct Reading {
    id: u32,
    #[serde(flatten)]
    value: serde_json::Number,
}

fn main() {}
