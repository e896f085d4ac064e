//! Placeholder: the formatter benchmark lands in the next commit.
fn main() {}
