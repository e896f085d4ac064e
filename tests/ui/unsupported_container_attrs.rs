use serde_fastkit::FastFlatten;

#[derive(FastFlatten)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Name,
    Other(String),
}

fn main() {}
