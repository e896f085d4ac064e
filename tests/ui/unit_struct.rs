#[derive(serde_fastkit::FastFlatten)]
struct Marker;

fn main() {}
