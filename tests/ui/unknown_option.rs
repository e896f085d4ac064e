#[derive(serde_fastkit::FastFlatten)]
#[fast_flatten(krate = "serde_fastkit")]
struct Options {
    a: u8,
}

fn main() {}
