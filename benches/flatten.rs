//! Placeholder: this benchmark lands in a later commit.
fn main() {}
