//! What every fuzz target asserts (`fuzz/fuzz_targets/`), shared with the replay of the
//! committed corpus and of every finding (`tests/fuzz_corpus.rs`), so that CI checks them
//! without libFuzzer. Mounted beside `crate::common` (the format table) and `crate::workloads`.
//!
//! One input is decoded by every configuration of one format family into every workload's
//! FastFlatten type (`Vec<W::Source>`: structs, flattened trees, every enum representation,
//! catch-all maps, a buffered foreign struct). Each decode must return (a panic is the finding);
//! a value it accepts, re-encoded where the workload says the format can read it back, must
//! decode to an equal value.

#![allow(dead_code)] // the fuzz crate and the replay test use different parts

use crate::common::formats::{visit_formats, Family, Format, FormatVisitor, Properties};
use crate::workloads::{
    visit_workloads, Implementation, ImplementationVisitor, Role, Workload, WorkloadVisitor,
};

/// Runs every assertion for `data` on every configuration of `family`.
pub fn check(family: Family, data: &[u8]) {
    struct Formats<'a> {
        family: Family,
        data: &'a [u8],
    }

    impl FormatVisitor for Formats<'_> {
        fn visit<F: Format>(&mut self) {
            if F::FAMILY == self.family {
                visit_workloads(&mut Workloads::<F> {
                    data: self.data,
                    format: core::marker::PhantomData,
                });
            }
        }
    }

    struct Workloads<'a, F> {
        data: &'a [u8],
        format: core::marker::PhantomData<F>,
    }

    impl<F: Format> WorkloadVisitor for Workloads<'_, F> {
        fn visit<W: Workload>(&mut self) {
            check_workload::<W, F>(self.data);
        }
    }

    visit_formats(&mut Formats { family, data });
}

/// Decodes `data` as values of `W` on `F`; an accepted value must roundtrip where `W` can be
/// read back on `F`.
fn check_workload<W: Workload, F: Format>(data: &[u8]) {
    let Ok(values) = F::decode_untrusted::<Vec<W::Source>>(data) else {
        return;
    };
    if !W::NEEDS.met_by(&F::PROPERTIES) || !fast_flatten_reads::<W>(&F::PROPERTIES) {
        return;
    }
    // A value a format cannot write (bitcode's serializer panics on shapes it cannot hold) is
    // the format's limit, met by serde's derive alike: not a finding.
    let Ok(bytes) = crate::common::probe::catch(|| F::encode(&values)) else {
        return;
    };
    let back = F::decode::<Vec<W::Source>>(&bytes).unwrap_or_else(|e| {
        panic!(
            "{}: {}: a value read from the input does not read back: {e}\n{values:?}",
            F::NAME,
            W::NAME
        )
    });
    // `Debug` text, not `==`: a float NaN read from the input is not equal to itself.
    assert_eq!(
        format!("{back:?}"),
        format!("{values:?}"),
        "{}: {}: a value read from the input reads back different",
        F::NAME,
        W::NAME
    );
}

/// Whether `W`'s FastFlatten implementation reads its own bytes back on a format with
/// `properties` (its rule in `benches/workloads/`: internally tagged enums need keys that are
/// names, for instance).
fn fast_flatten_reads<W: Workload>(properties: &Properties) -> bool {
    struct Reads<'a> {
        properties: &'a Properties,
        reads: bool,
    }

    impl<W: Workload> ImplementationVisitor<W> for Reads<'_> {
        fn visit<I: Implementation<W>>(&mut self) {
            if I::ROLE == Role::FastFlatten {
                self.reads = I::reads(self.properties);
            }
        }
    }

    let mut reads = Reads {
        properties,
        reads: false,
    };
    W::visit_implementations(&mut reads);
    reads.reads
}

/// The format family a fuzz target (and its corpus directory) is named after.
pub fn family_of_target(target: &str) -> Option<Family> {
    Some(match target {
        "json" => Family::Json,
        "yaml" => Family::Yaml,
        "cbor" => Family::Cbor,
        "bincode" => Family::Bincode,
        "bitcode" => Family::Bitcode,
        "postcard" => Family::Postcard,
        "msgpack" => Family::MessagePack,
        _ => return None,
    })
}

/// The seed corpus of a target: every workload's samples encoded by each configuration of its
/// family (one value per file, and the whole sample list).
pub fn seeds(family: Family) -> Vec<Vec<u8>> {
    struct Seeds {
        family: Family,
        out: Vec<Vec<u8>>,
    }

    impl FormatVisitor for Seeds {
        fn visit<F: Format>(&mut self) {
            if F::FAMILY != self.family {
                return;
            }
            struct PerWorkload<'a, F> {
                out: &'a mut Vec<Vec<u8>>,
                format: core::marker::PhantomData<F>,
            }
            impl<F: Format> WorkloadVisitor for PerWorkload<'_, F> {
                fn visit<W: Workload>(&mut self) {
                    let samples = W::samples();
                    let encoded =
                        crate::common::probe::catch(|| F::encode(&samples[..samples.len().min(2)]));
                    self.out.extend(encoded.ok());
                }
            }
            visit_workloads(&mut PerWorkload::<F> {
                out: &mut self.out,
                format: core::marker::PhantomData,
            });
        }
    }

    let mut seeds = Seeds {
        family,
        out: Vec::new(),
    };
    visit_formats(&mut seeds);
    seeds.out
}
