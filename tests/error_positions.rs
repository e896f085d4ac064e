//! An error inside a flattened field is reported at the bad value, not at the end of the object
//! (serde's flatten reports buffered errors at the end: serde issues 2035, 2581).

use serde_fastkit::FastFlatten;

#[derive(FastFlatten, Debug)]
#[allow(dead_code)]
struct Outer {
    name: String,
    #[serde(flatten)]
    inner: Inner,
}

#[derive(FastFlatten, Debug)]
#[allow(dead_code)]
struct Inner {
    port: u16,
    #[serde(flatten)]
    deeper: Deeper,
}

#[derive(FastFlatten, Debug)]
#[allow(dead_code)]
struct Deeper {
    ratio: f32,
}

mod serde_twin {
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    pub struct Outer {
        name: String,
        #[serde(flatten)]
        inner: Inner,
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    pub struct Inner {
        port: u16,
    }
}

const INPUT: &str = r#"{
  "name": "svc",
  "port": 70000,
  "ratio": 0.5
}"#;

#[test]
fn type_error_in_flattened_field_points_at_the_value() {
    let err = serde_json::from_str::<Outer>(INPUT).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value: integer `70000`, expected u16 at line 3 column 15"
    );
    let twin = serde_json::from_str::<serde_twin::Outer>(INPUT).unwrap_err();
    assert_eq!(
        twin.line(),
        5,
        "serde's flatten reports the end of the object: {twin}"
    );
}

#[test]
fn type_error_two_levels_down_points_at_the_value() {
    let input = "{\"name\":\"svc\",\n\"port\":1,\n\"ratio\":\"half\"\n}";
    let err = serde_json::from_str::<Outer>(input).unwrap_err();
    assert_eq!((err.line(), err.column()), (3, 14), "{err}");
}
