use std::collections::{BTreeMap, HashMap};

use serde_fastkit::FastFlatten;

#[derive(FastFlatten)]
struct TwoMaps {
    id: u32,
    #[serde(flatten)]
    first: HashMap<String, u8>,
    #[serde(flatten)]
    second: BTreeMap<String, u8>,
}

fn main() {}
