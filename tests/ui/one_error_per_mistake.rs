use serde_fastkit::FastFlatten;

/// One unsupported attribute: one error, and the types that use this one compile.
#[derive(FastFlatten)]
#[serde(variant_identifier)]
enum Unsupported {
    A,
    B,
}

#[derive(FastFlatten)]
struct Outer {
    id: u8,
    #[serde(flatten)]
    inner: Unsupported,
}

fn main() {
    let outer = Outer { id: 1, inner: Unsupported::A };
    let _ = serde_json::to_string(&outer);
    let _ = serde_json::from_str::<Outer>("{}");
}
