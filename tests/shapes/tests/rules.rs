//! The guide's table of named rules (`src/guide/drop_in.md`, "The named rules") lists exactly
//! the rules the differential checks allow (`fastkit_support::common::drop_in::RULES`).

use fastkit_support::common::drop_in::{
    intended_by_shape, InputFacts, InputQuestions, ShapeFeatures, RULES,
};
use fastkit_support::common::formats::Family;

#[test]
fn the_guide_lists_every_rule_and_no_other() {
    let guide = include_str!("../../../src/guide/drop_in.md");
    let section = guide
        .split("## The named rules")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the guide's drop_in chapter has a section \"The named rules\"");
    let listed: Vec<&str> = section
        .lines()
        .filter_map(|line| line.strip_prefix("| "))
        .filter_map(|row| row.split(" | ").next())
        .filter(|name| *name != "rule" && !name.starts_with("---"))
        .collect();
    let mut expected: Vec<&str> = RULES.to_vec();
    let mut listed_sorted = listed.clone();
    expected.sort_unstable();
    listed_sorted.sort_unstable();
    assert_eq!(
        listed_sorted, expected,
        "the guide's rules (left) and RULES (right)"
    );
}

/// The checker's rule for a flattened `Option` read as `Some` where serde's derive reads `None`
/// skips the `Some(...)` whole, whatever its strings hold (family 160 of seed 1c: a flipped
/// byte put a parenthesis inside a string).
#[test]
fn a_some_for_a_none_is_matched_whatever_its_strings_hold() {
    let shape = ShapeFeatures {
        deny_unknown_fields: true,
        ..ShapeFeatures::default()
    };
    let rule = |fast: &str, serde: &str| {
        let input = InputQuestions {
            facts: InputFacts::default,
            partial_read: || false,
        };
        intended_by_shape::<String>(
            Family::Json,
            shape,
            &Ok(fast.to_owned()),
            &Ok(serde.to_owned()),
            input,
        )
    };
    let named = Some("a flattened Option is None where serde's deny_unknown_fields refuses");
    assert_eq!(rule(r#"A{x:Some(B{s:"x(y"}),}"#, "A{x:None,}"), named);
    assert_eq!(rule(r#"A{x:Some("a\"(\\"),y:1}"#, "A{x:None,y:1}"), named);
    assert_eq!(rule("A{x:Some(1),y:2}", "A{x:None,y:1}"), None);
}
