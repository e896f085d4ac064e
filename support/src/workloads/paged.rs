//! A paged API response:
//! `Page<T> { flatten PageMeta { page, per_page, total, next_cursor }, items: Vec<T> }`, whose
//! string-heavy items flatten an `Audit { created_by, created_at, updated_by, updated_at }`
//! (timestamps as RFC 3339 strings). Two item types: owned (`Item`, `Audit`) and borrowed
//! (`ItemRef<'a>`, `AuditRef<'a>`: every string a `&'a str` into the input). Both write the same
//! bytes, so one encoding serves both.
//!
//! A value is one page of [`PER_PAGE`] items; [`values`]`(n)` returns the `n` pages of one
//! listing, the last without a `next_cursor`. The text never needs escaping in JSON or quoting in
//! YAML, so that the borrowed variant can borrow every string on every format that lends.
//!
//! No `prior`: serde_fast_flatten 0.1.3 cannot express either variant. Its `DeserializeFields`
//! derive emits an invalid pattern (`BorrowedFieldId::U64(0 + PageMeta::NUM_FIELDS as u64)`,
//! "expected a pattern, found an expression") for an own field declared after a flattened one,
//! here `items` after `meta`, and it panics ("expected `:`") on a lifetime parameter
//! (`ItemRef<'a>`). Moving `items` first would change the bytes.

use crate::common::calendar::civil_from_days;
use crate::common::formats::Needs;
use crate::workloads::{
    any_format, fast_flatten_lends, fast_flatten_reads, lends, serde_flatten_reads,
    serde_flatten_reads_borrowing, serde_flatten_writes, BORROWS,
};

/// Items per page.
pub const PER_PAGE: usize = 20;

workload! {
    /// Pages of owned items.
    impl Workload for Paged {
        const NAME: &'static str = "paged";
        const VALUE: &'static str =
            "one page of 20 owned items, each item flattening a 4-string `Audit`";
        const NEEDS: Needs = Needs::NOTHING;
        type Source = fast::Page<fast::Item>;

        fn values(n: usize) -> Vec<fast::Page<fast::Item>> {
            values(n)
        }

        fn samples() -> Vec<fast::Page<fast::Item>> {
            small_pages()
        }
    }
    reads owned;
    Flat "flat" LowerBound, reads any_format, writes any_format
        => <'a> flat::Page<flat::Item> = |s| s.iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_reads, writes any_format
        => <'a> fast::Page<fast::Item> = |s| s.to_vec();
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads, writes serde_flatten_writes
        => <'a> serde_flatten::Page<serde_flatten::Item> = |s| s.iter().map(Into::into).collect();
}

workload! {
    /// The same pages read as `&str`s into the input ([`borrowed`]).
    impl Workload for PagedBorrowed {
        const NAME: &'static str = "paged_borrowed";
        const VALUE: &'static str = "the pages of `paged`, every string borrowed from the input";
        const NEEDS: Needs = BORROWS;
        type Source = fast::Page<fast::Item>;

        fn values(n: usize) -> Vec<fast::Page<fast::Item>> {
            values(n)
        }

        fn samples() -> Vec<fast::Page<fast::Item>> {
            small_pages()
        }
    }
    reads borrowed;
    Flat "flat" LowerBound, reads lends, writes any_format
        => <'a> flat::Page<flat::ItemRef<'a>> = |s| borrowed(s).iter().map(Into::into).collect();
    Fast "fast_flatten" FastFlatten, reads fast_flatten_lends, writes any_format
        => <'a> fast::Page<fast::ItemRef<'a>> = |s| borrowed(s);
    SerdeFlatten "serde_flatten" Serde, reads serde_flatten_reads_borrowing, writes serde_flatten_writes
        => <'a> serde_flatten::Page<serde_flatten::ItemRef<'a>> =
            |s| borrowed(s).iter().map(Into::into).collect();
}

/// With `#[derive(FastFlatten)]`.
pub mod fast {
    use serde_fastkit::FastFlatten;

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Page<T> {
        #[serde(flatten)]
        pub meta: PageMeta,
        pub items: Vec<T>,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct PageMeta {
        pub page: u32,
        pub per_page: u32,
        pub total: u64,
        pub next_cursor: Option<String>,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Item {
        pub id: u64,
        pub name: String,
        pub email: String,
        pub description: String,
        pub tags: Vec<String>,
        #[serde(flatten)]
        pub audit: Audit,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct Audit {
        pub created_by: String,
        pub created_at: String,
        pub updated_by: String,
        pub updated_at: String,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct ItemRef<'a> {
        pub id: u64,
        pub name: &'a str,
        pub email: &'a str,
        pub description: &'a str,
        #[serde(borrow)]
        pub tags: Vec<&'a str>,
        #[serde(flatten, borrow)]
        pub audit: AuditRef<'a>,
    }

    #[derive(FastFlatten, Clone, Debug, PartialEq)]
    pub struct AuditRef<'a> {
        pub created_by: &'a str,
        pub created_at: &'a str,
        pub updated_by: &'a str,
        pub updated_at: &'a str,
    }

    impl<'a> From<&'a Item> for ItemRef<'a> {
        fn from(item: &'a Item) -> Self {
            ItemRef {
                id: item.id,
                name: &item.name,
                email: &item.email,
                description: &item.description,
                tags: item.tags.iter().map(String::as_str).collect(),
                audit: AuditRef {
                    created_by: &item.audit.created_by,
                    created_at: &item.audit.created_at,
                    updated_by: &item.audit.updated_by,
                    updated_at: &item.audit.updated_at,
                },
            }
        }
    }
}

/// The same with serde's derive and `#[serde(flatten)]`.
pub mod serde_flatten {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Page<T> {
        #[serde(flatten)]
        pub meta: PageMeta,
        pub items: Vec<T>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct PageMeta {
        pub page: u32,
        pub per_page: u32,
        pub total: u64,
        pub next_cursor: Option<String>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Item {
        pub id: u64,
        pub name: String,
        pub email: String,
        pub description: String,
        pub tags: Vec<String>,
        #[serde(flatten)]
        pub audit: Audit,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Audit {
        pub created_by: String,
        pub created_at: String,
        pub updated_by: String,
        pub updated_at: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct ItemRef<'a> {
        pub id: u64,
        pub name: &'a str,
        pub email: &'a str,
        pub description: &'a str,
        #[serde(borrow)]
        pub tags: Vec<&'a str>,
        #[serde(flatten, borrow)]
        pub audit: AuditRef<'a>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct AuditRef<'a> {
        pub created_by: &'a str,
        pub created_at: &'a str,
        pub updated_by: &'a str,
        pub updated_at: &'a str,
    }
}

/// The lower bound: page and item leaves at top level (same order as FastFlatten writes them:
/// the flattened meta before `items`, the flattened audit after `tags`).
pub mod flat {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Page<T> {
        pub page: u32,
        pub per_page: u32,
        pub total: u64,
        pub next_cursor: Option<String>,
        pub items: Vec<T>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct Item {
        pub id: u64,
        pub name: String,
        pub email: String,
        pub description: String,
        pub tags: Vec<String>,
        pub created_by: String,
        pub created_at: String,
        pub updated_by: String,
        pub updated_at: String,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    pub struct ItemRef<'a> {
        pub id: u64,
        pub name: &'a str,
        pub email: &'a str,
        pub description: &'a str,
        #[serde(borrow)]
        pub tags: Vec<&'a str>,
        pub created_by: &'a str,
        pub created_at: &'a str,
        pub updated_by: &'a str,
        pub updated_at: &'a str,
    }
}

const FIRST: [&str; 12] = [
    "Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "John", "Margaret",
    "Niklaus", "Radia", "Tony",
];

const LAST: [&str; 12] = [
    "Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "Backus", "Hamilton",
    "Wirth", "Perlman", "Hoare",
];

const WORDS: [&str; 24] = [
    "account",
    "billing",
    "cache",
    "cluster",
    "deploy",
    "dashboard",
    "export",
    "gateway",
    "import",
    "invoice",
    "ledger",
    "metrics",
    "monitor",
    "network",
    "order",
    "payment",
    "queue",
    "report",
    "review",
    "search",
    "service",
    "storage",
    "ticket",
    "webhook",
];

const TAGS: [&str; 10] = [
    "admin", "beta", "billing", "internal", "legacy", "priority", "support", "trial", "vip", "eu",
];

/// `n` deterministic pages of [`PER_PAGE`] items each: pages `1..=n` of a listing of
/// `n * PER_PAGE` items, every page but the last with a `next_cursor`.
pub fn values(n: usize) -> Vec<fast::Page<fast::Item>> {
    (0..n)
        .map(|p| {
            let next_cursor = (p + 1 < n).then(|| format!("c_{:016x}", super::mix(p as u64 + 1)));
            fast::Page {
                meta: fast::PageMeta {
                    page: p as u32 + 1,
                    per_page: PER_PAGE as u32,
                    total: (n * PER_PAGE) as u64,
                    next_cursor,
                },
                items: (0..PER_PAGE)
                    .map(|i| item((p * PER_PAGE + i) as u64))
                    .collect(),
            }
        })
        .collect()
}

/// Two pages of two items each: the workload's samples.
fn small_pages() -> Vec<fast::Page<fast::Item>> {
    let mut pages = values(2);
    for page in &mut pages {
        page.items.truncate(2);
    }
    pages
}

/// The borrowed view of `pages`: every string a `&str` into them (same bytes when written).
pub fn borrowed(pages: &[fast::Page<fast::Item>]) -> Vec<fast::Page<fast::ItemRef<'_>>> {
    pages
        .iter()
        .map(|page| fast::Page {
            meta: page.meta.clone(),
            items: page.items.iter().map(Into::into).collect(),
        })
        .collect()
}

/// The `k`-th item of the listing.
fn item(k: u64) -> fast::Item {
    let x = super::mix(k);
    let first = FIRST[(x % 12) as usize];
    let last = LAST[(x >> 8) as usize % 12];
    let id = 100_000 + k * 7 + (x >> 60);
    let words = 6 + (x >> 16) as usize % 15;
    let description = (0..words)
        .map(|w| WORDS[(super::mix(x ^ w as u64) % 24) as usize])
        .collect::<Vec<_>>()
        .join(" ");
    // Zero to three distinct tags.
    let tags = (0..(x >> 24) % 4)
        .map(|t| TAGS[((x >> 28) + 3 * t) as usize % 10].to_owned())
        .collect();
    // Created within about three years from 2022-01-01, updated up to about 100 days later.
    let created = 1_640_995_200_000 + (x >> 32) % 100_000_000_000;
    let updated = created + (x >> 20) % 8_640_000_000;
    fast::Item {
        id,
        name: format!("{first} {last}"),
        email: format!("{}.{}{}@example.com", first, last, id % 1000).to_lowercase(),
        description: format!("{description}."),
        tags,
        audit: fast::Audit {
            created_by: format!("user_{}", x % 500),
            created_at: rfc3339(created),
            updated_by: format!("user_{}", (x >> 12) % 500),
            updated_at: rfc3339(updated),
        },
    }
}

/// Milliseconds since the Unix epoch as RFC 3339 in UTC, e.g. `2024-03-15T08:21:07.123Z`.
fn rfc3339(millis: u64) -> String {
    let secs = millis / 1000;
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        millis % 1000
    )
}

impl From<&fast::PageMeta> for serde_flatten::PageMeta {
    fn from(meta: &fast::PageMeta) -> Self {
        serde_flatten::PageMeta {
            page: meta.page,
            per_page: meta.per_page,
            total: meta.total,
            next_cursor: meta.next_cursor.clone(),
        }
    }
}

impl<'a, T, U: From<&'a T>> From<&'a fast::Page<T>> for serde_flatten::Page<U> {
    fn from(page: &'a fast::Page<T>) -> Self {
        serde_flatten::Page {
            meta: (&page.meta).into(),
            items: page.items.iter().map(Into::into).collect(),
        }
    }
}

impl<'a, T, U: From<&'a T>> From<&'a fast::Page<T>> for flat::Page<U> {
    fn from(page: &'a fast::Page<T>) -> Self {
        flat::Page {
            page: page.meta.page,
            per_page: page.meta.per_page,
            total: page.meta.total,
            next_cursor: page.meta.next_cursor.clone(),
            items: page.items.iter().map(Into::into).collect(),
        }
    }
}

impl From<&fast::Item> for serde_flatten::Item {
    fn from(item: &fast::Item) -> Self {
        serde_flatten::Item {
            id: item.id,
            name: item.name.clone(),
            email: item.email.clone(),
            description: item.description.clone(),
            tags: item.tags.clone(),
            audit: serde_flatten::Audit {
                created_by: item.audit.created_by.clone(),
                created_at: item.audit.created_at.clone(),
                updated_by: item.audit.updated_by.clone(),
                updated_at: item.audit.updated_at.clone(),
            },
        }
    }
}

impl From<&fast::Item> for flat::Item {
    fn from(item: &fast::Item) -> Self {
        flat::Item {
            id: item.id,
            name: item.name.clone(),
            email: item.email.clone(),
            description: item.description.clone(),
            tags: item.tags.clone(),
            created_by: item.audit.created_by.clone(),
            created_at: item.audit.created_at.clone(),
            updated_by: item.audit.updated_by.clone(),
            updated_at: item.audit.updated_at.clone(),
        }
    }
}

impl<'a> From<&fast::ItemRef<'a>> for serde_flatten::ItemRef<'a> {
    fn from(item: &fast::ItemRef<'a>) -> Self {
        serde_flatten::ItemRef {
            id: item.id,
            name: item.name,
            email: item.email,
            description: item.description,
            tags: item.tags.clone(),
            audit: serde_flatten::AuditRef {
                created_by: item.audit.created_by,
                created_at: item.audit.created_at,
                updated_by: item.audit.updated_by,
                updated_at: item.audit.updated_at,
            },
        }
    }
}

impl<'a> From<&fast::ItemRef<'a>> for flat::ItemRef<'a> {
    fn from(item: &fast::ItemRef<'a>) -> Self {
        flat::ItemRef {
            id: item.id,
            name: item.name,
            email: item.email,
            description: item.description,
            tags: item.tags.clone(),
            created_by: item.audit.created_by,
            created_at: item.audit.created_at,
            updated_by: item.audit.updated_by,
            updated_at: item.audit.updated_at,
        }
    }
}
