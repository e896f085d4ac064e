//! The guide's table of named rules (`src/guide/drop_in.md`, "The named rules") lists exactly
//! the rules the differential checks allow (`fastkit_support::common::drop_in::RULES`).

use fastkit_support::common::drop_in::RULES;

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
