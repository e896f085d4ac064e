//! Roundtrip and output tests, one file per format. Every file implements [`format::Format`]
//! for its format crate(s) and stamps out the shared checks.

mod alloc_counter;
mod flatten;
mod format;
mod formatters;
mod shapes;
#[path = "../../benches/workloads/mod.rs"]
mod workloads;

mod bincode;
mod bitcode;
mod cbor;
mod json;
mod msgpack;
mod postcard;
mod yaml;
