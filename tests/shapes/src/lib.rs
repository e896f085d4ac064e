//! The shape generator's families, rendered by the build script: module `f{n}` per family, each
//! holding its types derived by FastFlatten (`fast`) and by serde's derive (`twin`), and
//! `FAMILIES` and `visit_family`. The test (`tests/generated.rs`) and the fuzz crate's `shapes`
//! target check them with `fastkit_support::shapes`.

include!(concat!(env!("OUT_DIR"), "/families.rs"));
