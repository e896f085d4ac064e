use serde_fastkit::FastFlatten;

fn zero() -> u32 {
    0
}

fn is_empty(value: &u32) -> bool {
    *value == 0
}

fn write_text<S: serde::Serializer>(value: &String, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(value)
}

fn read_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    <String as serde::Deserialize>::deserialize(deserializer)
}

#[derive(FastFlatten)]
struct Wrong {
    #[serde(default = "zero")]
    defaulted: String,
    #[serde(skip_serializing_if = "is_empty")]
    skipped: String,
    #[serde(serialize_with = "write_text")]
    written: u64,
    #[serde(deserialize_with = "read_text")]
    read: u64,
}

fn main() {}
