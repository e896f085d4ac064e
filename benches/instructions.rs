//! The reader that the instruction-count guard (`benches/guard.sh`) runs under callgrind: one
//! workload's values, encoded by one format, decoded by one implementation a given number of
//! times.
//!
//! ```text
//! instructions list                                   # the combinations the guard measures
//! instructions WORKLOAD FORMAT IMPLEMENTATION DECODES # decode DECODES times
//! ```
//!
//! The guard runs each combination twice, decoding once and three times, and takes half the
//! difference of the two instruction counts: building and encoding the values, and the
//! program's start, cancel out. Every workload is measured on the formats the guard covers
//! ([`GUARDED`]) where it reads back, by its lower bound (`flat` or `lower`) and by FastFlatten
//! (`fast_flatten`). `cargo bench` runs this target too, without arguments; it then does nothing.

use std::hint::black_box;

#[path = "common/mod.rs"]
mod common;
#[path = "workloads/mod.rs"]
mod workloads;

use common::formats::{visit_formats, Format, FormatVisitor};
use workloads::{
    visit_workloads, Implementation, ImplementationVisitor, Role, Workload, WorkloadVisitor,
};

/// The formats the guard covers, by their table ids: one of each family that matters for speed,
/// self-describing and not.
const GUARDED: &[&str] = &[
    "serde_json",
    "ciborium",
    "serde_cbor_packed",
    "rmp_serde",
    "postcard",
];

/// Values per batch: enough that the batch, not the setup, dominates a decode.
const VALUES: usize = 64;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["list"] => visit_workloads(&mut List),
        [workload, format, implementation, decodes] => {
            let decodes = decodes
                .parse()
                .unwrap_or_else(|_| panic!("DECODES is a number, not {decodes}"));
            let mut run = Run {
                workload,
                format,
                implementation,
                decodes,
                done: false,
            };
            visit_workloads(&mut run);
            assert!(run.done, "no such combination: {args:?} (see `list`)");
        }
        // `cargo bench` passes `--bench`: nothing to do.
        _ => {}
    }
}

/// The roles the guard compares: the lower bound against FastFlatten.
fn guarded_role(role: Role) -> bool {
    matches!(role, Role::LowerBound | Role::FastFlatten)
}

/// Prints `workload format implementation` for every guarded combination that reads back.
struct List;

impl WorkloadVisitor for List {
    fn visit<W: Workload>(&mut self) {
        struct Formats<W>(std::marker::PhantomData<W>);
        impl<W: Workload> FormatVisitor for Formats<W> {
            fn visit<F: Format>(&mut self) {
                if !GUARDED.contains(&F::ID) || !W::NEEDS.met_by(&F::PROPERTIES) {
                    return;
                }
                struct Implementations<W, F>(std::marker::PhantomData<(W, F)>);
                impl<W: Workload, F: Format> ImplementationVisitor<W> for Implementations<W, F> {
                    fn visit<I: Implementation<W>>(&mut self) {
                        if guarded_role(I::ROLE) && I::reads(&F::PROPERTIES) {
                            println!("{} {} {}", W::NAME, F::ID, I::NAME);
                        }
                    }
                }
                W::visit_implementations(&mut Implementations::<W, F>(std::marker::PhantomData));
            }
        }
        visit_formats(&mut Formats::<W>(std::marker::PhantomData));
    }
}

/// Decodes the named combination `decodes` times.
struct Run<'a> {
    workload: &'a str,
    format: &'a str,
    implementation: &'a str,
    decodes: usize,
    done: bool,
}

impl WorkloadVisitor for Run<'_> {
    fn visit<W: Workload>(&mut self) {
        if W::NAME != self.workload {
            return;
        }
        struct Formats<'r, 'a, W>(&'r mut Run<'a>, std::marker::PhantomData<W>);
        impl<W: Workload> FormatVisitor for Formats<'_, '_, W> {
            fn visit<F: Format>(&mut self) {
                if F::ID != self.0.format || !W::NEEDS.met_by(&F::PROPERTIES) {
                    return;
                }
                let bytes = F::encode(&W::values(VALUES))
                    .unwrap_or_else(|e| panic!("{}: {}: {e}", W::NAME, F::ID));
                struct Implementations<'r, 'a, 'b, W, F>(
                    &'r mut Run<'a>,
                    &'b [u8],
                    std::marker::PhantomData<(W, F)>,
                );
                impl<W: Workload, F: Format> ImplementationVisitor<W> for Implementations<'_, '_, '_, W, F> {
                    fn visit<I: Implementation<W>>(&mut self) {
                        if I::NAME != self.0.implementation || !guarded_role(I::ROLE) {
                            return;
                        }
                        let input = F::input(self.1).expect("the format reads its own bytes");
                        for _ in 0..self.0.decodes {
                            let read = I::decode_sink::<F>(black_box(input))
                                .expect("the implementation decodes on this format")
                                .unwrap_or_else(|e| panic!("{}: {}: {e}", W::NAME, F::ID));
                            assert_eq!(black_box(read), VALUES);
                        }
                        self.0.done = true;
                    }
                }
                W::visit_implementations(&mut Implementations::<W, F>(
                    self.0,
                    &bytes,
                    std::marker::PhantomData,
                ));
            }
        }
        visit_formats(&mut Formats::<W>(self, std::marker::PhantomData));
    }
}
