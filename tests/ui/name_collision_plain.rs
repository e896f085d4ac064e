use serde_fastkit::FastFlatten;

// No flattened field: every name is known to the derive, which keeps the check only because
// two fields answer to `id`.
#[derive(FastFlatten)]
struct Plain {
    id: u32,
    #[serde(rename = "id")]
    other_id: u32,
}

fn main() {}
