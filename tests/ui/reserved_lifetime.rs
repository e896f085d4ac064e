#[derive(serde_fastkit::FastFlatten)]
struct Borrowing<'de> {
    name: &'de str,
}

fn main() {}
