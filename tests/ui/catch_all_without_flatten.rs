#[derive(serde_fastkit::FastFlatten)]
struct Marked {
    id: u32,
    #[fast_flatten(catch_all)]
    extra: std::collections::BTreeMap<String, u8>,
}

fn main() {}
