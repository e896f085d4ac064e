//! A flattened type behind `Box`, `Rc`, `Arc` or `Cow` is the tree of the type inside; a
//! flattened `()` has no leaves. Each reads and writes as serde's flatten of the same shape.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_fastkit::FastFlatten;

#[derive(FastFlatten, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
#[fast_flatten(strict)]
struct Inner {
    name: String,
    #[serde(default)]
    count: u32,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Pointers<'a> {
    id: u64,
    #[serde(flatten)]
    boxed: Box<Inner>,
    #[serde(flatten)]
    rc: Rc<Second>,
    #[serde(flatten)]
    arc: Arc<Third>,
    #[serde(flatten)]
    cow: Cow<'a, Fourth>,
    #[serde(flatten)]
    nothing: (),
}

/// The same with serde's derive and `#[serde(flatten)]` (serde reads `Rc`/`Arc` with its `rc`
/// feature, which the tests do not enable: `Box` and `Cow` stand in for them there).
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Twin {
    id: u64,
    #[serde(flatten)]
    boxed: Box<Inner>,
    #[serde(flatten)]
    rc: Box<Second>,
    #[serde(flatten)]
    arc: Box<Third>,
    #[serde(flatten)]
    cow: Cow<'static, Fourth>,
    #[serde(flatten)]
    nothing: (),
}

#[derive(FastFlatten, Clone, Debug, PartialEq)]
struct Second {
    second: bool,
}

#[derive(FastFlatten, Clone, Debug, PartialEq)]
struct Third {
    third: i8,
}

#[derive(FastFlatten, Clone, Debug, PartialEq)]
struct Fourth {
    fourth: String,
}

const JSON: &str = r#"{"id":1,"name":"n","count":2,"second":true,"third":-3,"fourth":"f"}"#;

fn value() -> Pointers<'static> {
    Pointers {
        id: 1,
        boxed: Box::new(Inner {
            name: "n".into(),
            count: 2,
        }),
        rc: Rc::new(Second { second: true }),
        arc: Arc::new(Third { third: -3 }),
        cow: Cow::Owned(Fourth { fourth: "f".into() }),
        nothing: (),
    }
}

#[test]
fn pointers_and_unit_write_and_read_as_serde() {
    let json = serde_json::to_string(&value()).unwrap();
    assert_eq!(json, JSON);
    let twin: Twin = serde_json::from_str(JSON).unwrap();
    assert_eq!(serde_json::to_string(&twin).unwrap(), JSON);
    assert_eq!(serde_json::from_str::<Pointers>(JSON).unwrap(), value());
}

#[test]
fn pointers_roundtrip_on_sequence_formats() {
    let bytes = postcard::to_allocvec(&value()).unwrap();
    assert_eq!(postcard::from_bytes::<Pointers>(&bytes).unwrap(), value());
    let mut cbor = Vec::new();
    ciborium::into_writer(&value(), &mut cbor).unwrap();
    assert_eq!(
        ciborium::from_reader::<Pointers, _>(&cbor[..]).unwrap(),
        value()
    );
}

#[test]
fn the_inner_trees_rules_hold_behind_a_pointer() {
    // `Inner` (strict) denies unknown fields, behind its `Box` too; its `default` still applies.
    let err = serde_json::from_str::<Pointers>(
        r#"{"id":1,"name":"n","second":true,"third":-3,"fourth":"f","extra":0}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("unknown field `extra`"), "{err}");
    let read: Pointers =
        serde_json::from_str(r#"{"id":1,"name":"n","second":true,"third":-3,"fourth":"f"}"#)
            .unwrap();
    assert_eq!(read.boxed.count, 0);
    let err = serde_json::from_str::<Pointers>(r#"{"id":1,"name":"n","third":-3,"fourth":"f"}"#)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("missing field `second`"), "{err}");
}

/// A unit struct deriving FastFlatten is serde's unit struct on its own (`null` in JSON) and
/// has no leaves when flattened, as serde's flatten writes nothing for it.
#[test]
fn unit_structs_are_units_and_flatten_to_nothing() {
    #[derive(FastFlatten, Debug, PartialEq)]
    struct Marker;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct MarkerTwin;

    #[derive(FastFlatten, Debug, PartialEq)]
    struct Tagged {
        id: u8,
        #[serde(flatten)]
        marker: Marker,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct TaggedTwin {
        id: u8,
        #[serde(flatten)]
        marker: MarkerTwin,
    }

    for (fast, twin) in [
        (
            serde_json::to_string(&Marker).unwrap(),
            serde_json::to_string(&MarkerTwin).unwrap(),
        ),
        (
            serde_yaml::to_string(&Marker).unwrap(),
            serde_yaml::to_string(&MarkerTwin).unwrap(),
        ),
        (
            serde_json::to_string(&Tagged {
                id: 1,
                marker: Marker,
            })
            .unwrap(),
            serde_json::to_string(&TaggedTwin {
                id: 1,
                marker: MarkerTwin,
            })
            .unwrap(),
        ),
    ] {
        assert_eq!(fast, twin);
    }
    assert_eq!(serde_json::from_str::<Marker>("null").unwrap(), Marker);
    let fast = serde_json::from_str::<Marker>("1").unwrap_err().to_string();
    let twin = serde_json::from_str::<MarkerTwin>("1")
        .unwrap_err()
        .to_string();
    assert_eq!(fast, twin.replace("MarkerTwin", "Marker"));
    assert_eq!(
        serde_json::from_str::<Tagged>(r#"{"id":1,"other":2}"#).unwrap(),
        Tagged {
            id: 1,
            marker: Marker
        }
    );
    let bytes = postcard::to_allocvec(&Tagged {
        id: 1,
        marker: Marker,
    })
    .unwrap();
    assert_eq!(
        postcard::from_bytes::<Tagged>(&bytes).unwrap(),
        Tagged {
            id: 1,
            marker: Marker
        }
    );
}
