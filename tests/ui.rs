//! Compile errors: each input in `tests/ui/` must fail with exactly the message in its `.stderr`
//! file. Regenerate after an intended change with `TRYBUILD=overwrite cargo test --test ui`.

#[test]
fn compile_errors() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
