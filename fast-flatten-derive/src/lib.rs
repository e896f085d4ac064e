//! The derive macro behind `serde_fastkit::FastFlatten`. Use it through `serde_fastkit`.
