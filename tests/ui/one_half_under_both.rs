use serde_fastkit::{FastDeserialize, FastFlatten, FastSerialize};

// Read and written by FastFlatten, over types that derive one half each: the half each lacks is
// one error at the field (a type with the writing half alone lacks the reading state and the
// names, asked with the writing traits: two).
#[derive(FastFlatten)]
struct Request {
    method: String,
    #[serde(flatten)]
    params: Params,
}

#[derive(FastDeserialize)]
struct Params {
    limit: u32,
}

#[derive(FastFlatten)]
struct Response {
    id: u32,
    #[serde(flatten)]
    page: Page,
}

#[derive(FastSerialize)]
struct Page {
    next: u32,
}

fn main() {}
