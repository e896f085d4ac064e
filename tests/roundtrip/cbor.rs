//! CBOR: ciborium (maintained), serde_cbor (archived, still run) and serde_cbor's packed mode
//! (struct fields keyed by their index instead of their name).

use crate::common::formats::{Ciborium, SerdeCbor, SerdeCborPacked};
use crate::flatten::flatten_tests;
use crate::formatters::formatter_tests;

formatter_tests!(ciborium_formatters, Ciborium);
formatter_tests!(serde_cbor_formatters, SerdeCbor);
formatter_tests!(serde_cbor_packed_formatters, SerdeCborPacked);
flatten_tests!(ciborium_flatten, Ciborium);
flatten_tests!(serde_cbor_flatten, SerdeCbor);
flatten_tests!(serde_cbor_packed_flatten, SerdeCborPacked);
