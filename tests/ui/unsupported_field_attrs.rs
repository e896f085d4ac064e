use serde_fastkit::FastFlatten;

#[derive(FastFlatten)]
struct Outer {
    #[serde(flatten, with = "inner_with")]
    inner: Inner,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    maybe: Option<Inner>,
}

#[derive(FastFlatten)]
struct Inner {
    a: u8,
}

fn main() {}
