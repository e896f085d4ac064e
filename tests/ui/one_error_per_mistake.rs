use serde_fastkit::FastFlatten;

mod other {
    pub struct Remote {
        pub a: u8,
    }
}

/// One unsupported attribute: one error, and the types that use this one compile.
#[derive(FastFlatten)]
#[serde(remote = "other::Remote")]
struct Unsupported {
    a: u8,
}

#[derive(FastFlatten)]
struct Outer {
    id: u8,
    #[serde(flatten)]
    inner: Unsupported,
}

fn main() {
    let outer = Outer { id: 1, inner: Unsupported { a: 2 } };
    let _ = serde_json::to_string(&outer);
    let _ = serde_json::from_str::<Outer>("{}");
}
