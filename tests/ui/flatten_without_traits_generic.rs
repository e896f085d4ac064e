use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;

// In a generic struct, a flattened field of a concrete type without the flatten traits gives
// the errors it gives in a plain struct, the first at the field's type.
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
