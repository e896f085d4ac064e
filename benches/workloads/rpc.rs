//! A struct flattening an untagged enum: JSON-RPC 2.0 responses, a result or an error beside
//! the envelope's own fields (`{"jsonrpc": "2.0", "id": 7, "result": ..}` or `.., "error":
//! {"code": .., "message": ..}}`).
//!
//! The lower bound is the flat struct with both as optional fields.

use super::mix;

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

impl From<&fast::Response> for serde_flatten::Response {
    fn from(response: &fast::Response) -> Self {
        use serde_flatten::{Outcome, RpcError};
        serde_flatten::Response {
            jsonrpc: response.jsonrpc.clone(),
            id: response.id,
            outcome: match response.outcome.clone() {
                fast::Outcome::Success { result } => Outcome::Success { result },
                fast::Outcome::Failure { error } => Outcome::Failure {
                    error: RpcError {
                        code: error.code,
                        message: error.message,
                    },
                },
            },
        }
    }
}

impl From<&fast::Response> for flat::Response {
    fn from(response: &fast::Response) -> Self {
        let (result, error) = match response.outcome.clone() {
            fast::Outcome::Success { result } => (Some(result), None),
            fast::Outcome::Failure { error } => (
                None,
                Some(flat::RpcError {
                    code: error.code,
                    message: error.message,
                }),
            ),
        };
        flat::Response {
            jsonrpc: response.jsonrpc.clone(),
            id: response.id,
            result,
            error,
        }
    }
}
