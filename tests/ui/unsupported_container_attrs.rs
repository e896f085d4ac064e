use serde_fastkit::FastFlatten;

#[derive(FastFlatten)]
#[serde(transparent)]
struct Transparent {
    a: u8,
}

#[derive(FastFlatten, Clone)]
#[serde(from = "u8", into = "u8")]
struct Converted {
    a: u8,
}

fn main() {}
