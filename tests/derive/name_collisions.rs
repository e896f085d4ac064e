//! Two leaves of one flattened tree answering to the same key are rejected at compile time
//! (serde's flatten writes such a key twice: serde issue 1190). For concrete trees the derive
//! itself fails (`tests/ui/name_collision.rs`); for a generic tree, `serialize`/`deserialize`
//! fail to compile for the colliding instantiation, through an inline constant that evaluates the
//! check shown here (`cargo check` does not evaluate such constants, `cargo build` does, so this
//! test calls the same check at run time).

use serde_fastkit::__private::check_names;
use serde_fastkit::flatten::FlattenFields;
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
    check_names(<Page<Reply> as FlattenFields>::NAME_TREE, "Page", true);
}

/// A leaf that is only written (`skip_deserializing`) still collides with another written leaf.
#[derive(FastFlatten)]
#[allow(dead_code)]
struct WrittenOnly {
    #[serde(skip_deserializing)]
    status: u16,
}

#[test]
#[should_panic(expected = "two leaves of the flattened tree of `Page` are named `status`")]
fn written_only_leaf_collides_when_writing() {
    check_names(
        <Page<WrittenOnly> as FlattenFields>::NAME_TREE,
        "Page",
        true,
    );
}

/// Two leaves that share a name but are never both read nor both written do not collide.
#[derive(FastFlatten)]
#[allow(dead_code)]
struct ReadOnly {
    #[serde(skip_serializing, rename = "status")]
    old_status: u16,
}

#[derive(FastFlatten)]
#[allow(dead_code)]
struct Migrating {
    #[serde(skip_deserializing)]
    status: u16,
    #[serde(flatten)]
    old: ReadOnly,
}

#[test]
#[should_panic(expected = "two leaves of the flattened tree of `Page` are named `status`")]
fn alias_collides_with_another_leaf_when_reading() {
    check_names(<Page<Body> as FlattenFields>::NAME_TREE, "Page", true);
}

#[test]
fn distinct_names_pass() {
    check_names(<Page<Fine> as FlattenFields>::NAME_TREE, "Page", true);
    check_names(<Migrating as FlattenFields>::NAME_TREE, "Migrating", true);
    let json = serde_json::to_string(&Page {
        status: 1,
        data: Fine { text: "t".into() },
    })
    .unwrap();
    assert_eq!(json, r#"{"status":1,"text":"t"}"#);
}
