//! Serializing `Display` values and iterators without building strings or vectors first.
//!
//! ```text
//! cargo run --example formatters
//! ```

use std::net::IpAddr;

use serde::Serialize;
use serde_fastkit::{Concat, DisplayFormatter, DisplaySeq, MapFormatter, SeqFormatter};

#[derive(Serialize)]
struct Report<'a> {
    /// A `Display` value as a string, no `to_string()`.
    host: DisplayFormatter<&'a IpAddr>,
    /// Each address through its `Display`, no `Vec<String>`.
    peers: DisplaySeq<&'a [IpAddr]>,
    /// Only the open ports, counted from a clone of the iterator: the length is exact even
    /// after `filter`, so formats that write it first (bincode, postcard) work.
    open: SeqFormatter<OpenPorts<'a>>,
    /// Pairs as a map, no `HashMap`.
    labels: MapFormatter<std::iter::Copied<std::slice::Iter<'a, (&'a str, &'a str)>>>,
    /// Pieces glued together without `core::fmt`.
    id: Concat<(&'a str, &'a str)>,
}

/// The ports kept by [`is_open`], as a nameable iterator type.
type OpenPorts<'a> =
    std::iter::Filter<std::slice::Iter<'a, (u16, bool)>, fn(&&(u16, bool)) -> bool>;

fn is_open(port: &&(u16, bool)) -> bool {
    port.1
}

fn main() {
    let host: IpAddr = "10.0.0.1".parse().expect("an address");
    let peers: Vec<IpAddr> = vec!["10.0.0.2".parse().expect("an address")];
    let ports = [(22, true), (80, false), (443, true)];
    let labels = [("zone", "a"), ("tier", "web")];
    let report = Report {
        host: DisplayFormatter(&host),
        peers: DisplaySeq(&peers),
        open: SeqFormatter(ports.iter().filter(is_open as fn(&&(u16, bool)) -> bool)),
        labels: MapFormatter(labels.iter().copied()),
        id: Concat(("node-", "7")),
    };
    let json = serde_json::to_string(&report).expect("written");
    println!("{json}");
    let bytes = postcard::to_allocvec(&report).expect("written on postcard");
    println!("{} bytes on postcard", bytes.len());
}
