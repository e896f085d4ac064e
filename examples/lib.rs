//! The package holding the examples a user would copy (`cargo run --example flatten`); its
//! library is empty.
