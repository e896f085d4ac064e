#[derive(serde_fastkit::FastFlatten)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
