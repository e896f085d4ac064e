use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;

// One mistake (a flattened type without the flatten traits, in a struct variant of an
// internally tagged enum): the errors it gives, pinned; the first is at the field's type.
#[derive(FastFlatten)]
#[serde(tag = "type")]
enum Event {
    Created {
        id: u32,
        #[serde(flatten)]
        inner: Inner,
    },
    Deleted(u32),
}

#[derive(Serialize, Deserialize)]
struct Inner {
    name: String,
}

fn main() {}
