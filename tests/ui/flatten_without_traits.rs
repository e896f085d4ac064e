use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;

#[derive(FastFlatten)]
struct Outer {
    id: u32,
    #[serde(flatten)]
    inner: Inner,
}

// Derived with serde, not FastFlatten: it cannot be flattened by FastFlatten.
#[derive(Serialize, Deserialize)]
struct Inner {
    name: String,
}

fn main() {}
