use serde_fastkit::FastFlatten;

// A type of the standard library flattened: it has no flatten traits, and no derive can be
// added to it. The notes name `#[fast_flatten(buffered)]` for a type of another crate or the
// standard library.
#[derive(FastFlatten)]
struct Job {
    id: u32,
    #[serde(flatten)]
    timeout: std::time::Duration,
}

fn main() {}
