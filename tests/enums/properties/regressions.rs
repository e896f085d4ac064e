//! Differences the properties found, each with a minimal input, kept after their fix.

use super::model::types;
use crate::common::formats::Postcard;
use crate::support::roundtrip_on;

#[test]
fn adjacently_tagged_unit_variant_last_on_postcard() {
    // Written as a struct of one field, the tag (`[0]`). Reading it back, FastFlatten asks for
    // the content unless the sequence's `size_hint` is known; postcard clamps it to `None` when
    // fewer bytes remain than elements, so at the end of the input it asks for the content
    // (with `deserialize_ignored_any`, which postcard refuses). Followed by more bytes
    // (`(Ping, 7u8)`) it reads back; last in a `Vec` it does not.
    let ping = || both!(types, Message::Ping).0;
    assert_eq!(roundtrip_on::<Postcard, _>(&ping()), Ok(vec![0]));
    let text = both!(types, Message::Text("a".into())).0;
    assert!(roundtrip_on::<Postcard, _>(&vec![text, ping()]).is_ok());
}

#[test]
fn flattened_externally_tagged_variant_of_another_type() {
    // serde reads a flattened enum from its buffer, whose `VariantAccess` says "tuple variant"
    // / "struct variant"; FastFlatten gives the value to the format with the derive's
    // visitor, whose `expecting` names the variant (as serde does for a standalone enum, where
    // both agree). Other errors in the variant's value (lengths, fields) are alike.
    de_err!(types::Order, r#"{"id":1,"Rect":5,"note":null}"#
        => "invalid type: integer `5`, expected tuple variant");
    de_err!(types::Order, r#"{"id":1,"Poly":null,"note":null}"#
        => "invalid type: null, expected struct variant");
    de_err!(types::Shape, r#"{"Rect":5}"# => "invalid type: integer `5`, expected tuple variant Shape::Rect");
}
