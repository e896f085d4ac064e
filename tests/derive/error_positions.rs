//! An error inside a flattened field is reported at the bad value, not at the end of the object
//! (serde's flatten reports buffered errors at the end: serde issues 2035, 2581).
//!
//! For enums, where a value arrives before the key that says how to read it (the variant's
//! fields before the tag, the content before the tag) and is held, the error surfaces where
//! serde_json stands when the value is read back: the `enums` tests pin each case against
//! serde's derive.

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

/// Enums read by FastFlatten, each with its serde twin: a bad value inside one.
mod enums {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Debug)]
    #[allow(dead_code)]
    pub struct Job {
        name: String,
        #[serde(flatten)]
        kind: Kind,
    }

    #[derive(FastFlatten, Debug)]
    #[allow(dead_code)]
    #[serde(tag = "type")]
    pub enum Kind {
        Build { jobs: u8 },
        Idle,
    }

    #[derive(FastFlatten, Debug)]
    #[allow(dead_code)]
    #[serde(tag = "t", content = "c")]
    pub enum Adjacent {
        Build { jobs: u8 },
        Idle,
    }

    pub mod serde_twin {
        use serde::Deserialize;

        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        pub struct Job {
            name: String,
            #[serde(flatten)]
            kind: Kind,
        }

        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        #[serde(tag = "type")]
        pub enum Kind {
            Build { jobs: u8 },
            Idle,
        }

        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        #[serde(tag = "t", content = "c")]
        pub enum Adjacent {
            Build { jobs: u8 },
            Idle,
        }
    }
}

/// `(line, column, message)` of the error reading `input` as `T` (line 0: no position).
fn error_at<T: serde::de::DeserializeOwned + std::fmt::Debug>(
    input: &str,
) -> (usize, usize, String) {
    let err = serde_json::from_str::<T>(input).unwrap_err();
    (err.line(), err.column(), err.to_string())
}

const BAD_JOBS: &str = "invalid value: integer `300`, expected u8";

#[test]
fn bad_field_of_flattened_internally_tagged_variant_points_at_the_value() {
    use enums::{serde_twin, Job};
    // The tag before the field: FastFlatten reads the variant's field in place (line 4 is
    // `  "jobs": 300`, the number ends at column 13); serde's flatten buffers the whole object
    // and reports the end of it.
    let input = "{\n  \"name\": \"ci\",\n  \"type\": \"Build\",\n  \"jobs\": 300\n}";
    assert_eq!(
        error_at::<Job>(input),
        (4, 13, format!("{BAD_JOBS} at line 4 column 13"))
    );
    assert_eq!(
        error_at::<serde_twin::Job>(input),
        (5, 1, format!("{BAD_JOBS} at line 5 column 1"))
    );
    // The field before the tag: FastFlatten holds it until the tag (the last entry here), so
    // both report where serde_json stands when the error leaves the object: its `}`.
    let input = "{\n  \"name\": \"ci\",\n  \"jobs\": 300,\n  \"type\": \"Build\"\n}";
    assert_eq!(
        error_at::<Job>(input),
        (5, 1, format!("{BAD_JOBS} at line 5 column 1"))
    );
    assert_eq!(
        error_at::<serde_twin::Job>(input),
        (5, 1, format!("{BAD_JOBS} at line 5 column 1"))
    );
}

#[test]
fn bad_content_of_adjacently_tagged_enum() {
    use enums::{serde_twin, Adjacent};
    // The tag first: both read the content in place (serde's derive too, once it knows the
    // variant): the position of the bad value (line 3 is `  "c": {"jobs": 300}`).
    let input = "{\n  \"t\": \"Build\",\n  \"c\": {\"jobs\": 300}\n}";
    for at in [
        error_at::<Adjacent>(input),
        error_at::<serde_twin::Adjacent>(input),
    ] {
        assert_eq!(at, (3, 19, format!("{BAD_JOBS} at line 3 column 19")));
    }
    // The content first: both hold it until the tag, then read it from the buffer; serde_json
    // gives the error the position where it stands when the error leaves the object, after
    // trying to close it (its `end_map` runs on the error path too): the `}`.
    let input = "{\n  \"c\": {\"jobs\": 300},\n  \"t\": \"Build\"\n}";
    for at in [
        error_at::<Adjacent>(input),
        error_at::<serde_twin::Adjacent>(input),
    ] {
        assert_eq!(at, (4, 1, format!("{BAD_JOBS} at line 4 column 1")));
    }
}

#[test]
fn bad_field_held_before_the_tag_of_internally_tagged_enum() {
    use enums::{serde_twin, Kind};
    // The tag last: `jobs` is held, then replayed right after the tag is read, inside the
    // object. The error leaves serde_json's map there; serde_json stamps it with where it
    // stands after trying to close the object: the `}` (line 4 column 1), not the bad value
    // (line 2), which the buffer no longer knows. serde's derive buffers the whole object,
    // returns from serde_json, and only then reads the variant: its error has no position
    // at all (line 0).
    let input = "{\n  \"jobs\": 300,\n  \"type\": \"Build\"\n}";
    assert_eq!(
        error_at::<Kind>(input),
        (4, 1, format!("{BAD_JOBS} at line 4 column 1"))
    );
    assert_eq!(
        error_at::<serde_twin::Kind>(input),
        (0, 0, BAD_JOBS.to_owned())
    );
    // An entry after the tag: the replay still happens right after the tag, so serde_json
    // stops just past the tag's value (`  "type": "Build"` ends at column 17), before the
    // `,` it cannot close the object at.
    let input = "{\n  \"jobs\": 300,\n  \"type\": \"Build\",\n  \"x\": 1\n}";
    assert_eq!(
        error_at::<Kind>(input),
        (3, 17, format!("{BAD_JOBS} at line 3 column 17"))
    );
    assert_eq!(
        error_at::<serde_twin::Kind>(input),
        (0, 0, BAD_JOBS.to_owned())
    );
    // The tag first: nothing held, the position of the bad value.
    let input = "{\n  \"type\": \"Build\",\n  \"jobs\": 300\n}";
    assert_eq!(
        error_at::<Kind>(input),
        (3, 13, format!("{BAD_JOBS} at line 3 column 13"))
    );
    assert_eq!(
        error_at::<serde_twin::Kind>(input),
        (0, 0, BAD_JOBS.to_owned())
    );
}
