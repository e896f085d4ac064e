#[derive(serde_fastkit::FastFlatten)]
struct Pair(u8, u8);

fn main() {}
