use serde_fastkit::FastFlatten;

#[derive(FastFlatten)]
struct Outer {
    id: u32,
    #[serde(flatten)]
    inner: Inner,
}

#[derive(FastFlatten)]
#[serde(rename_all = "camelCase")]
struct Inner {
    // Renamed to `id` by `rename`: collides with `Outer::id`.
    #[serde(rename = "id")]
    inner_id: u32,
}

fn main() {}
