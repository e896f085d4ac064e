use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;

// In a generic struct, a flattened field of a concrete type without the flatten traits is one
// error too, at the field's type.
#[derive(FastFlatten)]
struct Page<T> {
    items: Vec<T>,
    #[serde(flatten)]
    meta: Meta,
}

#[derive(Serialize, Deserialize)]
struct Meta {
    total: u64,
}

fn main() {}
