//! Property tests (proptest) over the benchmark workloads (`support/src/workloads/`: anchor, paged,
//! payload, wide, and the enum workloads events, status, fees, rpc; see `generated.rs`) and two
//! of the shared shapes (`tests/roundtrip/shapes.rs`: `Positions`
//! and the 128-bit `Wide`), with generated values: arbitrary strings (unicode, quotes,
//! backslashes, control characters, YAML and JSON look-alikes), integers across their whole
//! ranges with their edges, floats from subnormals to `MAX`, optional fields present and absent,
//! vectors of zero to a few elements.
//!
//! Properties:
//!
//! - **(a) roundtrip**: every generated value encodes and decodes back to itself on every format
//!   configuration of the table (`support/src/common/formats.rs`): JSON, YAML, CBOR, bincode,
//!   bitcode, postcard and MessagePack in all their configurations.
//! - **(b) same output as serde**: on every format where FastFlatten must write what serde's
//!   flatten writes (`Properties::same_bytes_as_serde_flatten`: JSON in every configuration,
//!   YAML, rmp-serde maps; not CBOR, where serde's flatten writes indefinite-length maps) the
//!   FastFlatten value and its serde-derived twin with `#[serde(flatten)]` (through the
//!   workloads' `From` conversions) write byte-identical output.
//! - **(c) same decisions as serde** (every generated workload but `status`, `fees` and `rpc`,
//!   see `generated.rs`; the enum shapes are mutated in `tests/enums/properties/`): the JSON of
//!   a generated value, mutated (keys shuffled,
//!   unknown keys with random JSON values inserted, near-misses of real names among them,
//!   optional keys dropped, plus none, one or a few faults: a key dropped, a key repeated, a
//!   value replaced by a random JSON value, usually of another type), is read by FastFlatten and
//!   by serde's twin: both succeed with equal values (compared by re-serializing both to JSON) or
//!   both fail. With no fault both must succeed. With exactly one dropped required key or one
//!   repeated known key both must fail, and FastFlatten's error must name the same field as
//!   serde's ("missing field `x`", "duplicate field `x`"). Type errors are only required to fail
//!   on both sides.
//!
//!   Systematic difference (by design, not a failure): the *position* in an error about a
//!   flattened struct. serde's flatten buffers the flattened keys and replays them at the end of
//!   the object, so it reports "duplicate field `x`" and errors inside a flattened field's value
//!   at the object's end; FastFlatten reports them at the offending key or value. With several
//!   faults in one input the two may therefore report different *first* errors, which is why
//!   only single faults are compared by name. Over a few thousand single-fault cases the
//!   messages without their ` at line L column C` suffix were identical every time, type errors
//!   included. No accept/reject difference was found.
//!
//! Skips, each for a reason of the format, not of FastFlatten, each read from the format's
//! properties in the table:
//!
//! - `wide` (every leaf `skip_serializing_if`) only on self-describing formats
//!   (`SELF_DESCRIBING`): a format that reads a struct as the sequence of all its fields cannot
//!   notice a left-out field, with serde's own derive either. Likewise each enum workload only
//!   where it and its FastFlatten implementation's rule say it reads (`Workload::NEEDS`,
//!   `Implementation::reads`): `fees` and `rpc` need self-describing formats, `events` and
//!   `status` skip bitcode (their workloads mix shapes in one sequence, which bitcode's encoder
//!   cannot write, although one value at a time it can) and serde_cbor's packed format (a tag
//!   keyed by an index, which neither FastFlatten nor serde's derive can tell).
//! - Formats without `EXACT_FLOATS` (serde_json) get only the floats they read back exactly
//!   ([`Floats::for_format`]): serde_json writes infinities as `null` (so `Some(inf)` reads back
//!   as `None`), and its default float parser can be one unit in the last place off (the exact
//!   parser is its `float_roundtrip` feature, which this crate does not enable): e.g.
//!   `2.0233404220711518e-58` reads back as `2.0233404220711515e-58`, with or without
//!   FastFlatten.
//! - NaN is generated only for property (b) (output comparison): it is not equal to itself, so
//!   no roundtrip can compare it. Property (c) generates no infinity where JSON's `null` cannot
//!   be read back into the field (`Positions::d4b: f64`).
//! - `u128`/`i128` (shape `Wide`) only on formats carrying them (`WIDE_INTS`; not serde_cbor:
//!   "The number can't be stored in CBOR" beyond 64 bits).
//!
//! Found and fixed: a flattened `None` shifted the field indexes of serde_cbor's packed format,
//! so later leaves read back into the wrong fields; `regressions::packed_cbor_flattened_none` pins it.
//! (The workloads have no flattened `Option`, so the properties do not hit it.)
//!
//! Cases: [`fastkit_support::properties`] says how many, and how to run more.

mod generated;
mod mutations;
mod regressions;
mod roundtrip;
mod same_decisions;
mod same_output;
mod strategies;

use fastkit_support::properties::check;
