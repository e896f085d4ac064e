//! Roundtrip and output tests, one file per format. Every file stamps out the shared checks for
//! its format adapter(s) of `benches/common/formats.rs` ([`common::formats::Format`]).

#[path = "../../benches/common/alloc_counter.rs"]
mod alloc_counter;
#[path = "../../benches/common/mod.rs"]
mod common;
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
