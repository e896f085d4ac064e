//! `#[derive(FastFlatten)]` against serde's derive, one concern per module: the tests that need
//! no shared workloads or format table, in one binary (one link instead of ten).

mod catch_all;
mod container_conversions;
mod deny_unknown_fields;
mod enum_smoke;
mod error_positions;
mod flatten_option_and_default;
mod flatten_wrappers;
mod foreign_maps;
mod found_by_shapes;
mod name_collisions;
mod one_half;
mod ron;
mod under_serde_flatten;
