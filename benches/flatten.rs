//! Placeholder: the flatten benchmark lands in a later commit.
fn main() {}
