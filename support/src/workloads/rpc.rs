//! JSON-RPC 2.0 responses, a result or an error: an untagged enum.
//!
//! - `rpc`: flattened beside the envelope's own fields (`{"jsonrpc": "2.0", "id": 7, "result":
//!   ..}` or `.., "error": {"code": .., "message": ..}}`). The lower bound is the flat struct
//!   with both as optional fields.
//! - `rpc_nested`: the same enum as a field of its own (`{"jsonrpc": "2.0", "id": 7,
//!   "outcome": {"result": ..}}`), not flattened. The lower bound is a struct of both as
//!   optional fields in its place.

use super::mix;
use crate::common::formats::Needs;
use crate::workloads::{
    any_format, describes_values, maps_by_name, one_of_each, serde_flatten_reads,
    serde_flatten_writes,
};

workload! {
    /// JSON-RPC responses: a struct flattening an untagged enum.
    impl Workload for Rpc {
        const NAME: &'static str = "rpc";
        const VALUE: &'static str =
            "one JSON-RPC response flattening an untagged enum: a result or an error";
        /// An untagged enum is told by what its value holds.
        const NEEDS: Needs = Needs {
            self_describing: true,
            ..Needs::NOTHING
        };
        type Source = fast::Response;

        fn values(n: usize) -> Vec<fast::Response> {
            values(n)
        }

        /// One of each variant.
        fn samples() -> Vec<fast::Response> {
            one_of_each(values(64), |value| std::mem::discriminant(&value.outcome))
        }
    }
    reads owned;
    // FastFlatten writes the tree as a map (as serde's flatten does), the flat struct as a
    // struct: an array where structs are arrays.
    Flat "flat" LowerBound, reads describes_values, writes maps_by_name
        => <'a> flat::Response = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads describes_values, writes any_format
        => <'a> fast::Response = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::Response = |s| s.iter().map(Into::into).collect();
}

workload! {
    /// JSON-RPC responses whose outcome is an untagged enum, not flattened.
    impl Workload for RpcNested {
        const NAME: &'static str = "rpc_nested";
        const VALUE: &'static str =
            "one JSON-RPC response with an untagged enum as a field: a result or an error";
        /// An untagged enum is told by what its value holds.
        const NEEDS: Needs = Needs {
            self_describing: true,
            ..Needs::NOTHING
        };
        type Source = nested::fast::Response;

        fn values(n: usize) -> Vec<nested::fast::Response> {
            values(n).into_iter().map(Into::into).collect()
        }

        /// One of each variant.
        fn samples() -> Vec<nested::fast::Response> {
            one_of_each(Self::values(64), |value| std::mem::discriminant(&value.outcome))
        }
    }
    reads owned;
    // The variants' fields are numbered apart where keys are positions (serde_cbor packed):
    // the lower bound reads FastFlatten's bytes only where keys are names.
    Flat "flat" LowerBound, reads maps_by_name, writes maps_by_name
        => <'a> nested::flat::Response = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads describes_values, writes any_format
        => <'a> nested::fast::Response = |s| s.to_vec();
    SerdeDerive "serde_derive" Serde, reads describes_values, writes any_format
        => <'a> nested::serde_derive::Response = |s| s.iter().map(Into::into).collect();
}

/// The same outcome as a field of its own.
pub mod nested {
    /// With `#[derive(FastFlatten)]`: the flattened workload's enum, here a field.
    pub mod fast {
        use serde_fastkit::FastFlatten;

        pub use super::super::fast::{Outcome, RpcError};

        #[derive(FastFlatten, Clone, Debug, PartialEq)]
        pub struct Response {
            pub jsonrpc: String,
            pub id: u64,
            pub outcome: Outcome,
        }
    }

    /// With serde's derive, which holds the outcome's map and tries each variant on it.
    pub mod serde_derive {
        use serde::{Deserialize, Serialize};

        pub use super::super::serde_flatten::{Outcome, RpcError};

        #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
        pub struct Response {
            pub jsonrpc: String,
            pub id: u64,
            pub outcome: Outcome,
        }
    }

    /// A struct of both as optional fields in the enum's place: the lower bound.
    pub mod flat {
        use serde::{Deserialize, Serialize};

        pub use super::super::flat::RpcError;

        #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
        pub struct Outcome {
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub result: Option<Vec<String>>,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub error: Option<RpcError>,
        }

        #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
        pub struct Response {
            pub jsonrpc: String,
            pub id: u64,
            pub outcome: Outcome,
        }
    }

    impl From<super::fast::Response> for fast::Response {
        fn from(response: super::fast::Response) -> Self {
            fast::Response {
                jsonrpc: response.jsonrpc,
                id: response.id,
                outcome: response.outcome,
            }
        }
    }

    impl From<&fast::Response> for serde_derive::Response {
        fn from(response: &fast::Response) -> Self {
            serde_derive::Response {
                jsonrpc: response.jsonrpc.clone(),
                id: response.id,
                outcome: super::serde_outcome(&response.outcome),
            }
        }
    }

    impl From<&fast::Response> for flat::Response {
        fn from(response: &fast::Response) -> Self {
            let (result, error) = super::flat_outcome(&response.outcome);
            flat::Response {
                jsonrpc: response.jsonrpc.clone(),
                id: response.id,
                outcome: flat::Outcome { result, error },
            }
        }
    }
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Response {
        pub jsonrpc: String,
        pub id: u64,
        #[serde(flatten)]
        pub outcome: Outcome,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    #[serde(untagged)]
    pub enum Outcome {
        Success { result: Vec<String> },
        Failure { error: RpcError },
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct RpcError {
        pub code: i64,
        pub message: String,
    }
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Response {
        pub jsonrpc: String,
        pub id: u64,
        #[serde(flatten)]
        pub outcome: Outcome,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    #[serde(untagged)]
    pub enum Outcome {
        Success { result: Vec<String> },
        Failure { error: RpcError },
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct RpcError {
        pub code: i64,
        pub message: String,
    }
}

/// The flat struct reading the same bytes: the lower bound.
pub mod flat {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct RpcError {
        pub code: i64,
        pub message: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Response {
        pub jsonrpc: String,
        pub id: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub result: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub error: Option<RpcError>,
    }
}

/// `n` deterministic responses, one in eight an error.
pub fn values(n: usize) -> Vec<fast::Response> {
    (0..n as u64)
        .map(|i| fast::Response {
            jsonrpc: "2.0".to_owned(),
            id: i,
            outcome: if mix(i) % 8 == 0 {
                fast::Outcome::Failure {
                    error: fast::RpcError {
                        code: -32_000,
                        message: format!("header not found: block {i}"),
                    },
                }
            } else {
                fast::Outcome::Success {
                    result: (0..mix(i) % 4)
                        .map(|k| format!("0x{:064x}", mix(i + k)))
                        .collect(),
                }
            },
        })
        .collect()
}

/// The outcome with serde's derive.
fn serde_outcome(outcome: &fast::Outcome) -> serde_flatten::Outcome {
    use serde_flatten::{Outcome, RpcError};
    match outcome.clone() {
        fast::Outcome::Success { result } => Outcome::Success { result },
        fast::Outcome::Failure { error } => Outcome::Failure {
            error: RpcError {
                code: error.code,
                message: error.message,
            },
        },
    }
}

/// The outcome as the lower bound's two options: the result and the error.
fn flat_outcome(outcome: &fast::Outcome) -> (Option<Vec<String>>, Option<flat::RpcError>) {
    match outcome.clone() {
        fast::Outcome::Success { result } => (Some(result), None),
        fast::Outcome::Failure { error } => (
            None,
            Some(flat::RpcError {
                code: error.code,
                message: error.message,
            }),
        ),
    }
}

impl From<&fast::Response> for serde_flatten::Response {
    fn from(response: &fast::Response) -> Self {
        serde_flatten::Response {
            jsonrpc: response.jsonrpc.clone(),
            id: response.id,
            outcome: serde_outcome(&response.outcome),
        }
    }
}

impl From<&fast::Response> for flat::Response {
    fn from(response: &fast::Response) -> Self {
        let (result, error) = flat_outcome(&response.outcome);
        flat::Response {
            jsonrpc: response.jsonrpc.clone(),
            id: response.id,
            result,
            error,
        }
    }
}
