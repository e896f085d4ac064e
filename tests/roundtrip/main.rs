//! Roundtrip and output tests, one file per format. Every file stamps out the shared checks for
//! its format adapter(s) of `benches/common/formats.rs` ([`formats::Format`]).

mod alloc_counter;
mod flatten;
mod format;
#[path = "../../benches/common/formats.rs"]
mod formats;
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
