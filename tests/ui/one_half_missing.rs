use serde_fastkit::{FastDeserialize, FastSerialize};

// Written by FastSerialize, but its flattened field's type derives the reading half only.
#[derive(FastSerialize)]
struct Request {
    method: String,
    #[serde(flatten)]
    params: Params,
}

#[derive(FastDeserialize)]
struct Params {
    limit: u32,
}

fn main() {}
