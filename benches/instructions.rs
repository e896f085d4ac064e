//! The program that the instruction-count guard (`benches/guard.py`) runs under callgrind: one
//! workload's values, encoded by one format, decoded or encoded again by one implementation a
//! given number of times.
//!
//! ```text
//! instructions list                                     # the combinations the guard measures
//! instructions WORKLOAD FORMAT IMPLEMENTATION decode N  # decode the batch N times
//! instructions WORKLOAD FORMAT IMPLEMENTATION encode N  # encode the batch N times
//! ```
//!
//! The guard runs each combination twice, once and three times, and takes half the difference
//! of the two instruction counts: building and encoding the values, and the program's start,
//! cancel out. Each build holds one format's combinations, named at compile time by the
//! environment variable `FASTKIT_GUARD_FORMAT` (an id of the format table): every workload that
//! format reads back (decode) and writes (encode), by its lower bound (`flat` or `lower`) and by
//! FastFlatten (`fast_flatten`). The compiler's inlining in the code that combinations share
//! depends on every combination a program holds; one format per program makes each ratio
//! independent of which other formats are guarded, so a run over some formats (CI's) reads the
//! same counts as a run over all of them. Without the variable the program holds nothing:
//! `cargo bench` builds and runs it without arguments, and it then does nothing.

use std::hint::black_box;

use fastkit_support::common;
use fastkit_support::workloads;

use common::formats::{visit_formats, Format, FormatVisitor};
use workloads::{
    visit_workloads, Implementation, ImplementationVisitor, Role, Workload, WorkloadVisitor,
};

/// The format this program measures, by its table id (`benches/guard.py` lists the guarded
/// ones and builds one program each); none without the variable.
const GUARDED: Option<&str> = option_env!("FASTKIT_GUARD_FORMAT");

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
        [workload, format, implementation, op, times] => {
            let op = match *op {
                "decode" => Op::Decode,
                "encode" => Op::Encode,
                _ => panic!("the operation is decode or encode, not {op}"),
            };
            let times = times
                .parse()
                .unwrap_or_else(|_| panic!("N is a number, not {times}"));
            let mut run = Run {
                workload,
                format,
                implementation,
                op,
                times,
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
const fn guarded_role(role: Role) -> bool {
    matches!(role, Role::LowerBound | Role::FastFlatten)
}

/// Whether the guard measures workload `W` on format `F` at all.
///
/// The visitors below test it in a `const` block (`if const { !guarded::<W, F>() } { return; }`):
/// after monomorphization the compiler then drops the rest of the function for the other
/// combinations, so the reader holds code for the measured ones only, which keeps its optimized
/// build short (CONTRIBUTING.md, "Performance").
const fn guarded<W: Workload, F: Format>() -> bool {
    match GUARDED {
        Some(format) => same(format, F::ID) && W::NEEDS.met_by(&F::PROPERTIES),
        None => false,
    }
}

/// `a == b`, which `const fn`s cannot write for `str` yet.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// What a run measures.
#[derive(Clone, Copy, PartialEq)]
enum Op {
    Decode,
    Encode,
}

/// Prints `workload format implementation op` for every guarded combination: `decode` where
/// the implementation reads the batch back, `encode` where it writes it.
struct List;

impl WorkloadVisitor for List {
    fn visit<W: Workload>(&mut self) {
        struct Formats<W>(std::marker::PhantomData<W>);
        impl<W: Workload> FormatVisitor for Formats<W> {
            fn visit<F: Format>(&mut self) {
                if const { !guarded::<W, F>() } {
                    return;
                }
                struct Implementations<W, F>(std::marker::PhantomData<(W, F)>);
                impl<W: Workload, F: Format> ImplementationVisitor<W> for Implementations<W, F> {
                    fn visit<I: Implementation<W>>(&mut self) {
                        if const { !guarded_role(I::ROLE) } {
                            return;
                        }
                        if I::reads(&F::PROPERTIES) {
                            println!("{} {} {} decode", W::NAME, F::ID, I::NAME);
                        }
                        if I::writes(&F::PROPERTIES) {
                            println!("{} {} {} encode", W::NAME, F::ID, I::NAME);
                        }
                    }
                }
                W::visit_implementations(&mut Implementations::<W, F>(std::marker::PhantomData));
            }
        }
        visit_formats(&mut Formats::<W>(std::marker::PhantomData));
    }
}

/// Decodes or encodes the named combination `times` times.
struct Run<'a> {
    workload: &'a str,
    format: &'a str,
    implementation: &'a str,
    op: Op,
    times: usize,
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
                if const { !guarded::<W, F>() } || F::ID != self.0.format {
                    return;
                }
                let source = W::values(VALUES);
                let bytes =
                    F::encode(&source).unwrap_or_else(|e| panic!("{}: {}: {e}", W::NAME, F::ID));
                struct Implementations<'r, 'a, 'b, W: Workload, F>(
                    &'r mut Run<'a>,
                    &'b [u8],
                    &'b [W::Source],
                    std::marker::PhantomData<F>,
                );
                impl<W: Workload, F: Format> ImplementationVisitor<W> for Implementations<'_, '_, '_, W, F> {
                    fn visit<I: Implementation<W>>(&mut self) {
                        if const { !guarded_role(I::ROLE) } || I::NAME != self.0.implementation {
                            return;
                        }
                        match self.0.op {
                            Op::Decode => {
                                let input =
                                    F::input(self.1).expect("the format reads its own bytes");
                                for _ in 0..self.0.times {
                                    let read = I::decode_sink::<F>(black_box(input))
                                        .expect("the implementation decodes on this format")
                                        .unwrap_or_else(|e| panic!("{}: {}: {e}", W::NAME, F::ID));
                                    assert_eq!(black_box(read), VALUES);
                                }
                            }
                            Op::Encode => {
                                let values = I::values(self.2);
                                let mut buf = Vec::new();
                                for _ in 0..self.0.times {
                                    buf.clear();
                                    F::encode_reusing(black_box(values.as_slice()), &mut buf)
                                        .unwrap_or_else(|e| panic!("{}: {}: {e}", W::NAME, F::ID));
                                    black_box(&buf);
                                }
                            }
                        }
                        self.0.done = true;
                    }
                }
                W::visit_implementations(&mut Implementations::<W, F>(
                    self.0,
                    &bytes,
                    &source,
                    std::marker::PhantomData,
                ));
            }
        }
        visit_formats(&mut Formats::<W>(self, std::marker::PhantomData));
    }
}
