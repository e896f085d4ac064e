use serde_fastkit::FastFlatten;

/// A map type of "another crate": no flatten traits, no feature for it.
#[derive(Default, serde::Serialize, serde::Deserialize)]
struct OtherMap(std::collections::BTreeMap<String, u8>);

#[derive(FastFlatten)]
struct Outer {
    id: u32,
    #[serde(flatten)]
    extra: OtherMap,
}

fn main() {}
