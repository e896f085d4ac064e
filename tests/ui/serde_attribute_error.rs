// serde's own attribute errors come through unchanged (read by serde's parser).
#[derive(serde_fastkit::FastFlatten)]
struct Misspelled {
    #[serde(renamed = "b")]
    a: u8,
}

fn main() {}
