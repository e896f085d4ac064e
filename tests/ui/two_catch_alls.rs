use std::collections::{BTreeMap, HashMap};

use serde_fastkit::FastFlatten;

// Strict, a key goes to one place only: two catch-alls cannot both receive it. (Without
// `strict`, both receive every unclaimed key, as serde's flatten hands them out.)
#[derive(FastFlatten)]
#[fast_flatten(strict)]
struct TwoMaps {
    id: u32,
    #[serde(flatten)]
    first: HashMap<String, u8>,
    #[serde(flatten)]
    second: BTreeMap<String, u8>,
}

fn main() {}
