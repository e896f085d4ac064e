use serde::{Deserialize, Serialize};
use serde_fastkit::{FastDeserialize, FastFlatten};

// Three types each flattening a type that derives serde's traits (a forgotten derive): two
// errors each, both at the field's type (the reading state's `FlattenDeserialize`, and the
// names with the writing traits, `FlattenBoth`, or for a reading half alone `FlattenFields`).
#[derive(FastFlatten)]
struct Both {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
}

#[derive(FastDeserialize)]
struct ReadOnly {
    id: u32,
    #[serde(flatten)]
    meta: Option<Meta>,
}

#[derive(FastFlatten)]
#[serde(tag = "kind", content = "body")]
enum Change {
    Removed,
    Renamed {
        #[serde(flatten)]
        meta: Box<Meta>,
        from: String,
    },
}

#[derive(Serialize, Deserialize)]
struct Meta {
    name: String,
}

fn main() {}
