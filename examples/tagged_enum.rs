//! An internally tagged enum flattened into a struct, as the Ethereum engine API sends a
//! payload status: read straight from the map, and on a format serde's derive cannot read it
//! from at all.
//!
//! ```text
//! cargo run --example tagged_enum
//! ```

use serde_fastkit::FastFlatten;

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct PayloadStatus {
    #[serde(flatten)]
    status: Status,
    latest_valid_hash: Option<String>,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(tag = "status", rename_all = "SCREAMING_SNAKE_CASE")]
enum Status {
    Valid,
    Invalid {
        #[serde(rename = "validationError")]
        validation_error: String,
    },
    Syncing,
}

fn main() {
    let json = r#"{"status":"INVALID","validationError":"bad block","latestValidHash":"0x01"}"#;
    let status: PayloadStatus = serde_json::from_str(json).expect("a status");
    println!("{status:?}");
    assert_eq!(
        status.status,
        Status::Invalid {
            validation_error: "bad block".into()
        }
    );

    // The tag may come anywhere: only the entries before it are held.
    let late = r#"{"latestValidHash":null,"status":"SYNCING"}"#;
    let syncing: PayloadStatus = serde_json::from_str(late).expect("a status");
    assert_eq!(syncing.status, Status::Syncing);

    // postcard drops field names; serde's derive cannot read an internally tagged enum there.
    let bytes = postcard::to_allocvec(&status).expect("written");
    let back: PayloadStatus = postcard::from_bytes(&bytes).expect("read back");
    assert_eq!(back, status);
    println!("{} bytes on postcard, read back", bytes.len());
}
