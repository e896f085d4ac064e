//! A paged API response: the page's metadata flattened beside the items, and a catch-all for
//! fields the client does not know yet.
//!
//! ```text
//! cargo run --example flatten
//! ```

use std::collections::BTreeMap;

use serde_fastkit::FastFlatten;

#[derive(FastFlatten, Debug, PartialEq)]
struct Page<T> {
    items: Vec<T>,
    #[serde(flatten)]
    meta: PageMeta,
    #[serde(flatten)]
    unknown: BTreeMap<String, serde_json::Value>,
}

#[derive(FastFlatten, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct PageMeta {
    page_number: u32,
    next_cursor: Option<String>,
}

fn main() {
    let json = r#"{"items":["a","b"],"pageNumber":1,"nextCursor":"c2","etag":"x1"}"#;
    let page: Page<String> = serde_json::from_str(json).expect("a page");
    println!("{page:?}");
    assert_eq!(page.meta.page_number, 1);
    assert_eq!(page.unknown["etag"], "x1");

    // Written back as it came, each key once, in declaration order.
    let back = serde_json::to_string(&page).expect("written");
    println!("{back}");
    assert_eq!(
        back,
        r#"{"items":["a","b"],"pageNumber":1,"nextCursor":"c2","etag":"x1"}"#
    );
}
