use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;

#[derive(Serialize, Deserialize)]
struct Foreign {
    a: u8,
}

#[derive(FastFlatten)]
struct Outer {
    #[fast_flatten(buffered)]
    not_flattened: Foreign,
    #[serde(flatten)]
    #[fast_flatten(buffered, catch_all)]
    both: std::collections::HashMap<String, u8>,
}

fn main() {}
