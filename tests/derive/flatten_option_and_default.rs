//! A flattened `Option<T>` and `#[serde(flatten, default)]`. As serde's flatten reads it, a
//! flattened `Option` is `None` when `T` does not read (serde issues 1880, 2349: an error
//! inside it is a silent `None`); with `#[fast_flatten(strict)]` on `T`, it is decided by
//! whether any of `T`'s keys appears, and `T`'s error is reported. `default` on a flattened
//! field is used when none of the struct's keys appears (serde ignores it: serde issues 1879,
//! 2707).

use serde_fastkit::FastFlatten;

#[derive(FastFlatten, Debug, PartialEq)]
struct Request {
    id: u32,
    #[serde(flatten)]
    auth: Option<Auth>,
}

#[derive(FastFlatten, Debug, PartialEq, Default)]
struct Auth {
    user: String,
    token: u64,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct StrictRequest {
    id: u32,
    #[serde(flatten)]
    auth: Option<StrictAuth>,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[fast_flatten(strict)]
struct StrictAuth {
    user: String,
    token: u64,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Settings {
    name: String,
    #[serde(flatten, default)]
    limits: Limits,
    #[serde(flatten, default = "fallback_retry")]
    retry: Retry,
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Limits {
    max: u32,
    min: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max: 10, min: 1 }
    }
}

#[derive(FastFlatten, Debug, PartialEq)]
struct Retry {
    attempts: u8,
}

fn fallback_retry() -> Retry {
    Retry { attempts: 3 }
}

mod serde_twin {
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct Request {
        pub id: u32,
        #[serde(flatten)]
        pub auth: Option<Auth>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    pub struct Auth {
        pub user: String,
        pub token: u64,
    }
}

#[test]
fn option_is_none_without_its_keys() {
    let value: Request = serde_json::from_str(r#"{"id":1,"other":true}"#).unwrap();
    assert_eq!(value, Request { id: 1, auth: None });
    assert_eq!(serde_json::to_string(&value).unwrap(), r#"{"id":1}"#);
}

#[test]
fn option_is_some_with_its_keys() {
    let json = r#"{"id":1,"user":"ada","token":7}"#;
    let value: Request = serde_json::from_str(json).unwrap();
    let auth = Some(Auth {
        user: "ada".into(),
        token: 7,
    });
    assert_eq!(value, Request { id: 1, auth });
    assert_eq!(serde_json::to_string(&value).unwrap(), json);
}

#[test]
fn option_is_none_when_its_struct_does_not_read() {
    for json in [
        r#"{"id":1,"user":"ada"}"#,
        r#"{"id":1,"user":"ada","token":"x"}"#,
        r#"{"id":1,"token":"x","user":"ada"}"#,
        r#"{"id":1,"user":"ada","user":"bob","token":7}"#,
    ] {
        let ours: Request = serde_json::from_str(json).unwrap();
        assert_eq!(ours, Request { id: 1, auth: None }, "{json}");
        let twin: serde_twin::Request = serde_json::from_str(json).unwrap();
        assert_eq!(twin.auth, None, "{json}");
    }
}

#[test]
fn strict_option_reports_the_error_of_its_struct() {
    let err = serde_json::from_str::<StrictRequest>(r#"{"id":1,"user":"ada"}"#).unwrap_err();
    assert_eq!(err.to_string(), "missing field `token` at line 1 column 21");
    let err =
        serde_json::from_str::<StrictRequest>(r#"{"id":1,"user":"ada","token":"x"}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid type: string \"x\", expected u64 at line 1 column 32"
    );
    let value: StrictRequest = serde_json::from_str(r#"{"id":1}"#).unwrap();
    assert_eq!(value.auth, None);
}

#[test]
fn flatten_default_when_no_key_appears() {
    let value: Settings = serde_json::from_str(r#"{"name":"n"}"#).unwrap();
    assert_eq!(value.limits, Limits::default());
    assert_eq!(value.retry, fallback_retry());
}

#[test]
fn flatten_default_is_not_used_when_a_key_appears() {
    let value: Settings =
        serde_json::from_str(r#"{"name":"n","attempts":9,"max":5,"min":2}"#).unwrap();
    assert_eq!(value.limits, Limits { max: 5, min: 2 });
    assert_eq!(value.retry, Retry { attempts: 9 });
    let err = serde_json::from_str::<Settings>(r#"{"name":"n","max":5}"#).unwrap_err();
    assert_eq!(err.to_string(), "missing field `min` at line 1 column 20");
}
