//! Two leaves of one flattened tree answering to the same key are rejected at compile time
//! (serde's flatten writes such a key twice: serde issue 1190). For concrete trees the derive
//! itself fails (`tests/ui/name_collision.rs`); for a generic tree, `serialize`/`deserialize`
//! fail to compile for the colliding instantiation, through an inline constant that evaluates the
//! check shown here (`cargo check` does not evaluate such constants, `cargo build` does, so this
//! test calls the same check at run time).

use serde_fastkit::__private::check_names;
use serde_fastkit::flatten::{FlattenFields, FlattenSerialize};
use serde_fastkit::FastFlatten;

#[derive(FastFlatten)]
#[allow(dead_code)]
struct Page<T> {
    status: u16,
    #[serde(flatten)]
    data: T,
}

#[derive(FastFlatten)]
#[allow(dead_code)]
struct Reply {
    status: String,
}

#[derive(FastFlatten)]
#[allow(dead_code)]
struct Body {
    text: String,
    #[serde(alias = "status")]
    code: u16,
}

#[derive(FastFlatten)]
#[allow(dead_code)]
struct Fine {
    text: String,
}

#[test]
#[should_panic(expected = "two leaves of the flattened tree of `Page` are named `status`")]
fn generic_collision_written_twice() {
    check_names(<Page<Reply> as FlattenSerialize>::NAME_TREE, "Page");
}

#[test]
#[should_panic(expected = "two leaves of the flattened tree of `Page` are named `status`")]
fn alias_collides_with_another_leaf_when_reading() {
    check_names(<Page<Body> as FlattenFields>::NAME_TREE, "Page");
}

#[test]
fn distinct_names_pass() {
    check_names(<Page<Fine> as FlattenFields>::NAME_TREE, "Page");
    check_names(<Page<Fine> as FlattenSerialize>::NAME_TREE, "Page");
    // Aliases are read-only: writing `Page<Body>` writes `status` once.
    check_names(<Page<Body> as FlattenSerialize>::NAME_TREE, "Page");
    let json = serde_json::to_string(&Page {
        status: 1,
        data: Fine { text: "t".into() },
    })
    .unwrap();
    assert_eq!(json, r#"{"status":1,"text":"t"}"#);
}
