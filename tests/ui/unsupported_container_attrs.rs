use serde_fastkit::FastFlatten;

mod other {
    pub struct Remote {
        pub a: u8,
    }
}

#[derive(FastFlatten)]
#[serde(remote = "other::Remote")]
struct RemoteDef {
    a: u8,
}

#[derive(FastFlatten)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Name,
    Other(String),
}

fn main() {}
