//! Keys before a late internal tag that one struct variant alone names are read into that
//! variant as they come (`src/enums/speculation.rs`): the same values and the same first error
//! as serde's derive, which holds every entry until the tag, whichever variant the tag chooses.

twins! {
    mod late {
        #[serde(tag = "type")]
        pub enum Event {
            Created { id: u64, name: String, tags: Vec<String> },
            Renamed { id: u64, old_name: String, #[serde(alias = "name2")] new_name: String },
            Deleted { id: u64, #[serde(default)] reason: Option<String> },
            Pay(Payment),
            Ping,
        }

        pub struct Payment {
            pub id: u64,
            pub amount: i64,
        }

        /// A newtype variant whose type could take any key: every key before the tag is held.
        #[serde(tag = "type")]
        pub enum Open {
            Created { id: u64, name: String },
            Extra(std::collections::BTreeMap<String, u8>),
        }
    }
}

/// Every input, on serde_json and transcoded to every self-describing format.
fn same(inputs: &[&str]) {
    for json in inputs {
        let _ = de!(late::Event, json);
    }
}

#[test]
fn the_variant_whose_keys_came_first() {
    same(&[
        r#"{"id": 1, "name": "a", "tags": ["x", "y"], "type": "Created"}"#,
        r#"{"name": "a", "id": 1, "tags": [], "type": "Created"}"#,
        r#"{"name": "a", "type": "Created", "tags": ["x"], "id": 1}"#,
        r#"{"tags": ["x"], "old_name": "o", "name": "a", "id": 1, "type": "Created"}"#,
    ]);
}

#[test]
fn another_variant_skips_the_keys_read_ahead() {
    same(&[
        r#"{"name": "a", "id": 1, "old_name": "o", "new_name": "n", "type": "Renamed"}"#,
        r#"{"name": 5, "tags": {"k": 1}, "id": 1, "type": "Deleted"}"#,
        r#"{"name": "a", "name": "b", "id": 1, "type": "Deleted"}"#,
        r#"{"tags": [1, 2], "type": "Ping"}"#,
        r#"{"name": "a", "tags": "t", "id": 1, "amount": 5, "type": "Pay"}"#,
        r#"{"old_name": 1, "name2": "n", "type": "Ping"}"#,
    ]);
}

#[test]
fn refusals_show_when_the_tag_chooses_their_variant() {
    same(&[
        r#"{"name": 5, "id": 1, "tags": [], "type": "Created"}"#,
        r#"{"tags": ["x", 2], "id": 1, "name": "a", "type": "Created"}"#,
        r#"{"name": "a", "name": "b", "id": 1, "tags": [], "type": "Created"}"#,
        r#"{"name": "a", "tags": [], "type": "Created"}"#,
        r#"{"name": "a", "tags": [], "id": 1}"#,
        r#"{"amount": "x", "name": 5, "id": 1, "type": "Pay"}"#,
    ]);
}

#[test]
fn the_first_error_in_input_order() {
    same(&[
        // A held entry (a key two variants name) fails before the refused one.
        r#"{"id": "x", "name": 5, "tags": [], "type": "Created"}"#,
        // The refused one comes first.
        r#"{"name": 5, "id": "x", "tags": [], "type": "Created"}"#,
        r#"{"name": "a", "name": "b", "id": "x", "type": "Created"}"#,
        r#"{"id": 1, "id": 2, "name": 5, "type": "Created"}"#,
        // An alias and its name, one read ahead and one held.
        r#"{"name2": "a", "new_name": "b", "old_name": "o", "id": 1, "type": "Renamed"}"#,
        r#"{"new_name": "b", "name2": "a", "old_name": "o", "id": 1, "type": "Renamed"}"#,
    ]);
}

#[test]
fn an_enum_reads_ahead_when_no_variant_takes_any_key() {
    use serde_fastkit::__private::InternallyTagged;
    assert!(<late::ours::Event as InternallyTagged<'_>>::speculates());
    assert!(!<late::ours::Open as InternallyTagged<'_>>::speculates());
    for json in [
        r#"{"name": "a", "k": 1, "id": 1, "type": "Created"}"#,
        r#"{"name": "a", "k": 1, "id": 1, "type": "Extra"}"#,
        r#"{"name": 5, "id": 1, "type": "Extra"}"#,
    ] {
        let _ = de!(late::Open, json);
    }
}

#[test]
fn entries_held_before_a_variant_is_known() {
    same(&[
        // The first held in place, more in a `Vec`.
        r#"{"id": 1, "x": 1, "name": "a", "tags": [], "type": "Created"}"#,
        r#"{"id": 1, "x": [1], "y": {"z": 2}, "name": "a", "tags": [], "type": "Created"}"#,
        // A refusal after two held entries: those before it are replayed first.
        r#"{"id": 1, "x": 1, "name": 5, "y": 2, "tags": [], "type": "Created"}"#,
        r#"{"id": "x", "x": 1, "name": 5, "tags": [], "type": "Created"}"#,
        // The tag before any key one variant alone names.
        r#"{"id": 1, "type": "Created", "name": "a", "tags": []}"#,
        r#"{"x": 1, "id": 1, "type": "Ping"}"#,
        r#"{"id": 1, "x": 1, "type": "Deleted", "reason": "r"}"#,
        // Another variant than the one read ahead, with entries held around its keys.
        r#"{"id": 1, "x": 1, "name": "a", "old_name": "o", "type": "Renamed", "new_name": "n"}"#,
        r#"{"x": 1, "name": "a", "id": 1, "amount": 3, "type": "Pay"}"#,
        // No tag at all.
        r#"{"id": 1, "x": 1}"#,
        r#"{"id": 1, "x": 1, "name": "a"}"#,
    ]);
}
