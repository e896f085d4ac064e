//! Finding a crate's example fixtures and the types its tests decode them as, and writing a
//! timing test beside each such test.
//!
//! A fixture test is a `#[test]` function that includes a JSON file (`include_bytes!` or
//! `include_str!` of a path ending in `.json`) and decodes it. The type is read the way a reader
//! of the test would: the first typed `let` whose value decodes (`from_slice`, `from_str`) or
//! takes the included file, else a turbofish on the call that takes the file
//! (`verify_serde_roundtrip::<Event>(include_bytes!(..))`), else the same in a helper function
//! of the file that the test passes the file to (`test_example(include_bytes!(..))`).
//!
//! The timing test goes right after the test, in the same module, so every name the test uses
//! resolves the same way; it carries the test's `cfg` attributes and is `#[ignore]`d, so the
//! crate's own test run is unchanged.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::visit::Visit;

use crate::rewrite::scan::code_start;

/// What every timing test prints before its result, so the harness finds the lines among
/// libtest's.
pub const MARKER: &str = "FASTKIT_SPEED";

/// The variable that makes every timing test decode its fixture this many times more and print
/// no time: two runs under callgrind (`DECODES=1` and `11`, say) then give one decode's
/// instructions.
pub const DECODES: &str = "FASTKIT_SPEED_DECODES";

/// The prefix of every timing test's name (the harness runs the tests matching it).
pub const TEST_PREFIX: &str = "__fastkit_speed_";

/// One fixture test found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    /// The file, relative to the crate's root.
    pub file: PathBuf,
    /// The test's name.
    pub test: String,
    /// The fixture's path as the test writes it (relative to the file).
    pub fixture: String,
    /// Whether the test includes it with `include_str!` (else `include_bytes!`).
    pub is_str: bool,
    /// Whether the file holds one value per line (JSON lines), each decoded, rather than one.
    pub lines: bool,
    /// The type the test decodes it as, as written there.
    pub ty: String,
    /// The test's `cfg` attributes, as written.
    pub cfgs: Vec<String>,
    /// The items the test defines in its body (a `struct` the decoded type names, a `use`), as
    /// written: the timing test defines them too.
    pub items: Vec<String>,
    /// Where the test ends (a byte offset into the file): the timing test goes there.
    pub end: usize,
}

impl Site {
    /// A file of JSON lines, each a `ty` (a path inside the crate), timed by a test at the end
    /// of `src/lib.rs`, whose text is `lib`.
    pub fn lines(fixture: &str, ty: &str, lib: &str) -> Site {
        let name = fixture.rsplit('/').next().unwrap_or(fixture);
        let test: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        Site {
            file: PathBuf::from("src/lib.rs"),
            test: format!("lines_{test}"),
            fixture: format!("../{fixture}"),
            is_str: true,
            lines: true,
            ty: ty.to_owned(),
            cfgs: Vec::new(),
            items: Vec::new(),
            end: lib.len(),
        }
    }

    /// The name the harness reports the fixture by: the file's name without `.json`.
    pub fn fixture_name(&self) -> &str {
        let name = self.fixture.rsplit('/').next().unwrap_or(&self.fixture);
        name.strip_suffix(".json").unwrap_or(name)
    }

    /// The timing test, to insert at [`Site::end`]. It decodes the fixture into the type with
    /// `serde_json::from_slice` (a fixture the type refuses prints `error`), then in batches of
    /// about 2 ms, and prints the fastest batch's time per decode in nanoseconds; or, with
    /// [`DECODES`] set, that many times without timing.
    pub fn timing_test(&self) -> String {
        let include = if self.is_str {
            format!("include_str!({:?}).as_bytes()", self.fixture)
        } else {
            format!("include_bytes!({:?})", self.fixture)
        };
        let key = format!("{}::{}", self.file.display(), self.test);
        let one = |input: &str| {
            format!(
                "let value: ::core::result::Result<{}, _> = serde_json::from_slice({input});\n        \
                 ::std::hint::black_box(value).is_ok()",
                self.ty
            )
        };
        let decode = if self.lines {
            format!(
                "::std::hint::black_box(data)\n            .split(|&byte| byte == b'\\n')\n            \
                 .filter(|line| !line.is_empty())\n            .all(|line| {{\n        {}\n        }})",
                one("line")
            )
        } else {
            one("::std::hint::black_box(data)")
        };
        let cfgs: String = self.cfgs.iter().map(|cfg| format!("\n{cfg}")).collect();
        let items: String = self
            .items
            .iter()
            .map(|item| format!("\n    {item}"))
            .collect();
        format!(
            r#"
{cfgs}
#[test]
#[ignore = "the peers harness's speed mode"]
fn {TEST_PREFIX}{test}() {{{items}
    let data: &[u8] = {include};
    let decode = || -> bool {{
        {decode}
    }};
    if !decode() {{
        ::std::println!("{MARKER} {key} {name} error");
        return;
    }}
    if let Some(count) = ::std::env::var("{DECODES}").ok().and_then(|n| n.parse::<u32>().ok()) {{
        for _ in 0..count {{
            decode();
        }}
        ::std::println!("{MARKER} {key} {name} counted");
        return;
    }}
    let started = ::std::time::Instant::now();
    decode();
    let once = started.elapsed().as_nanos().max(1);
    let batch = (2_000_000 / once).clamp(1, 100_000);
    let mut best = f64::INFINITY;
    for _ in 0..5 {{
        let started = ::std::time::Instant::now();
        for _ in 0..batch {{
            decode();
        }}
        best = best.min(started.elapsed().as_secs_f64() * 1e9 / batch as f64);
    }}
    ::std::println!("{MARKER} {key} {name} {{best:.1}}");
}}"#,
            test = self.test,
            name = self.fixture_name(),
        )
    }
}

/// The fixture tests of one file.
#[derive(Debug, Default)]
pub struct Found {
    /// Those whose decoded type was found.
    pub sites: Vec<Site>,
    /// Those that include a fixture but decode no type the harness can tell (`file: test`), or
    /// the file's parse error.
    pub untyped: Vec<String>,
}

/// Every fixture test of one file (`path`, relative to the crate's root).
pub fn find(path: &Path, source: &str) -> Found {
    let mut found = Found::default();
    let base = code_start(source);
    let code = &source[base..];
    let file: syn::File = match syn::parse_str(code) {
        Ok(file) => file,
        Err(error) => {
            let at = error.span().start();
            let at = format!("{}:{}:{}", path.display(), at.line, at.column + 1);
            found.untyped.push(format!("{at}: {error}"));
            return found;
        }
    };
    let mut functions = Functions::default();
    functions.visit_file(&file);
    for function in &functions.tests {
        let Some((fixture, is_str)) = first_fixture(&function.block) else {
            continue;
        };
        let ty = decoded_type(&function.block, code).or_else(|| {
            helper_called_with_fixture(&function.block)
                .and_then(|name| functions.helpers.get(&name))
                .and_then(|helper| decoded_type(&helper.block, code))
        });
        let Some(ty) = ty else {
            found.untyped.push(format!(
                "{}: {} ({fixture})",
                path.display(),
                function.sig.ident
            ));
            continue;
        };
        let cfgs = function
            .attrs
            .iter()
            .filter(|attr| attr.path().is_ident("cfg"))
            .map(|attr| text(code, attr.span()))
            .collect();
        let items = function
            .block
            .stmts
            .iter()
            .filter_map(|stmt| match stmt {
                syn::Stmt::Item(item) => Some(text(code, item.span())),
                _ => None,
            })
            .collect();
        found.sites.push(Site {
            file: path.to_owned(),
            test: function.sig.ident.to_string(),
            fixture,
            is_str,
            lines: false,
            ty,
            cfgs,
            items,
            end: base + function.span().byte_range().end,
        });
    }
    found
}

/// `source` with the timing test of each site (all of this file) inserted after its test.
pub fn instrument(source: &str, sites: &[&Site]) -> String {
    let mut text = source.to_owned();
    let mut sites = sites.to_vec();
    // From the end, so that earlier offsets stay valid.
    sites.sort_by_key(|site| std::cmp::Reverse(site.end));
    for site in sites {
        text.insert_str(site.end, &site.timing_test());
    }
    text
}

/// The functions of a file: the tests, and the others by name (the helpers a test may pass its
/// fixture to).
#[derive(Default)]
struct Functions<'ast> {
    tests: Vec<&'ast syn::ItemFn>,
    helpers: BTreeMap<String, &'ast syn::ItemFn>,
}

impl<'ast> Visit<'ast> for Functions<'ast> {
    fn visit_item_fn(&mut self, function: &'ast syn::ItemFn) {
        let is_test = function.attrs.iter().any(|attr| {
            attr.path()
                .segments
                .last()
                .is_some_and(|s| s.ident == "test")
        });
        if is_test {
            self.tests.push(function);
        } else {
            self.helpers
                .insert(function.sig.ident.to_string(), function);
        }
        syn::visit::visit_item_fn(self, function);
    }
}

/// The text a span covers.
fn text(source: &str, span: Span) -> String {
    source[span.byte_range()].to_owned()
}

/// The first JSON file the tokens include, and whether by `include_str!`.
fn included(tokens: TokenStream) -> Option<(String, bool)> {
    let mut previous: Option<String> = None;
    let mut bang = false;
    for tree in tokens {
        match tree {
            TokenTree::Group(group) => {
                if bang {
                    if let Some(name @ ("include_bytes" | "include_str")) = previous.as_deref() {
                        let literal: Option<syn::LitStr> = syn::parse2(group.stream()).ok();
                        if let Some(path) = literal.map(|l| l.value()) {
                            if path.ends_with(".json") {
                                return Some((path, name == "include_str"));
                            }
                        }
                    }
                }
                if let Some(found) = included(group.stream()) {
                    return Some(found);
                }
                previous = None;
                bang = false;
            }
            TokenTree::Ident(ident) => {
                previous = Some(ident.to_string());
                bang = false;
            }
            TokenTree::Punct(punct) => bang = punct.as_char() == '!' && previous.is_some(),
            TokenTree::Literal(_) => {
                previous = None;
                bang = false;
            }
        }
    }
    None
}

/// The first fixture a block includes.
fn first_fixture(block: &syn::Block) -> Option<(String, bool)> {
    included(quote::quote!(#block))
}

/// Whether the tokens call a decoding function (`from_slice`, `from_str`) or include a fixture.
fn decodes(tokens: TokenStream) -> bool {
    tokens.clone().into_iter().any(|tree| match tree {
        TokenTree::Ident(ident) => ident == "from_slice" || ident == "from_str",
        TokenTree::Group(group) => decodes(group.stream()),
        _ => false,
    }) || included(tokens).is_some()
}

/// The type a block decodes its fixture as: its first typed `let` whose value decodes, else the
/// turbofish of the first call that takes the fixture (directly or through a local).
fn decoded_type(block: &syn::Block, source: &str) -> Option<String> {
    let mut fixture_locals = Vec::new();
    for stmt in &block.stmts {
        let syn::Stmt::Local(local) = stmt else {
            continue;
        };
        let Some(init) = &local.init else {
            continue;
        };
        let value = &init.expr;
        // `let data: &[u8] = include_bytes!(..)` binds the fixture; it does not decode it.
        let (binding, ty) = match &local.pat {
            syn::Pat::Type(typed) => (&*typed.pat, Some(&typed.ty)),
            pat => (pat, None),
        };
        let is_fixture = matches!(&**value, syn::Expr::Macro(_)) && decodes(quote::quote!(#value));
        match (ty, binding) {
            (_, syn::Pat::Ident(binding)) if is_fixture => {
                fixture_locals.push(binding.ident.to_string());
            }
            (Some(ty), _) if decodes(quote::quote!(#value)) => {
                return Some(text(source, ty.span()));
            }
            _ => {}
        }
    }
    let mut calls = TurbofishCalls {
        source,
        fixture_locals,
        found: None,
    };
    calls.visit_block(block);
    calls.found
}

/// Whether the tokens include a fixture or name one of `locals`.
fn takes_fixture(tokens: TokenStream, locals: &[String]) -> bool {
    included(tokens.clone()).is_some()
        || tokens.into_iter().any(|tree| match tree {
            TokenTree::Ident(ident) => locals.iter().any(|local| ident == local),
            TokenTree::Group(group) => takes_fixture(group.stream(), locals),
            _ => false,
        })
}

/// Finds the first call `f::<T>(..)` whose arguments take the fixture, and takes `T`.
struct TurbofishCalls<'a> {
    source: &'a str,
    /// The locals the fixture is bound to.
    fixture_locals: Vec<String>,
    found: Option<String>,
}

impl Visit<'_> for TurbofishCalls<'_> {
    fn visit_expr_call(&mut self, call: &syn::ExprCall) {
        if self.found.is_some() {
            return;
        }
        let args = &call.args;
        if let syn::Expr::Path(path) = &*call.func {
            let last = path.path.segments.last();
            if let Some(syn::PathArguments::AngleBracketed(generics)) = last.map(|s| &s.arguments) {
                let ty = generics.args.iter().find_map(|arg| match arg {
                    syn::GenericArgument::Type(ty) => Some(ty),
                    _ => None,
                });
                let takes = takes_fixture(quote::quote!(#args), &self.fixture_locals);
                if let Some(ty) = ty.filter(|_| takes) {
                    self.found = Some(text(self.source, ty.span()));
                    return;
                }
            }
        }
        syn::visit::visit_expr_call(self, call);
    }
}

/// The name of the function the block passes its fixture to, when it is a plain name (a helper
/// of the same file).
fn helper_called_with_fixture(block: &syn::Block) -> Option<String> {
    struct Calls(Option<String>);
    impl Visit<'_> for Calls {
        fn visit_expr_call(&mut self, call: &syn::ExprCall) {
            let args = &call.args;
            if self.0.is_none() && included(quote::quote!(#args)).is_some() {
                if let syn::Expr::Path(path) = &*call.func {
                    if let Some(ident) = path.path.get_ident() {
                        self.0 = Some(ident.to_string());
                    }
                }
            }
            syn::visit::visit_expr_call(self, call);
        }
    }
    let mut calls = Calls(None);
    calls.visit_block(block);
    calls.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sites(source: &str) -> Vec<Site> {
        let found = find(Path::new("src/event/mod.rs"), source);
        assert!(found.untyped.is_empty(), "{:?}", found.untyped);
        found.sites
    }

    #[test]
    fn a_typed_let_that_decodes_names_the_type() {
        let source = r#"
            #[cfg(test)]
            mod test {
                use super::*;
                #[test]
                #[cfg(feature = "apigw")]
                fn example_request() {
                    #[derive(Deserialize)]
                    struct Body { x: u8 }
                    let data = include_bytes!("../../fixtures/example-request.json");
                    let parsed: Request<Body> = serde_json::from_slice(data).unwrap();
                    let output: String = serde_json::to_string(&parsed).unwrap();
                }
            }
        "#;
        let found = sites(source);
        assert_eq!(found.len(), 1);
        let site = &found[0];
        assert_eq!(site.test, "example_request");
        assert_eq!(site.fixture, "../../fixtures/example-request.json");
        assert_eq!(site.fixture_name(), "example-request");
        assert!(!site.is_str);
        assert_eq!(site.ty, "Request<Body>");
        assert_eq!(site.cfgs, [r#"#[cfg(feature = "apigw")]"#]);
        assert_eq!(
            site.items,
            ["#[derive(Deserialize)]\n                    struct Body { x: u8 }"]
        );
        assert!(source[..site.end].ends_with('}'));
        assert!(source[site.end..].trim_start().starts_with('}'));
    }

    #[test]
    fn a_turbofish_or_a_helper_names_the_type() {
        let source = r#"
            fn test_example(data: &[u8]) {
                let parsed: Event = serde_json::from_slice(data).unwrap();
            }
            #[test]
            fn by_helper() {
                test_example(include_bytes!("../../fixtures/a.json"));
            }
            #[test]
            fn by_turbofish() {
                verify_serde_roundtrip::<Other>(include_str!("../../fixtures/b.json"));
            }
            #[test]
            fn by_turbofish_on_a_local() {
                let data: &[u8] = include_bytes!("../../fixtures/c.json");
                verify_serde_roundtrip::<Third>(data);
            }
            #[test]
            fn not_a_fixture() {
                let x: u8 = 1;
            }
        "#;
        let found = sites(source);
        let types: Vec<(&str, &str, bool)> = found
            .iter()
            .map(|s| (s.test.as_str(), s.ty.as_str(), s.is_str))
            .collect();
        assert_eq!(
            types,
            [
                ("by_helper", "Event", false),
                ("by_turbofish", "Other", true),
                ("by_turbofish_on_a_local", "Third", false)
            ]
        );
    }

    #[test]
    fn the_timing_test_goes_after_its_test_and_parses() {
        let source =
            "#[test]\nfn t() {\n    let v: A = from_slice(include_bytes!(\"f.json\"));\n}\n";
        let found = sites(source);
        let refs: Vec<&Site> = found.iter().collect();
        let text = instrument(source, &refs);
        assert!(text.starts_with(source.trim_end()));
        assert!(text.contains("fn __fastkit_speed_t()"));
        assert!(text.contains("::core::result::Result<A, _>"));
        syn::parse_file(&text).expect("the instrumented file parses");
    }

    #[test]
    fn a_file_of_lines_is_timed_at_the_end_of_the_library() {
        let lib = "pub mod lsif;\n";
        let site = Site::lines("tests/tsc-unix.lsif", "crate::lsif::Entry", lib);
        assert_eq!(site.test, "lines_tsc_unix_lsif");
        assert_eq!(site.fixture, "../tests/tsc-unix.lsif");
        assert_eq!(site.fixture_name(), "tsc-unix.lsif");
        let text = instrument(lib, &[&site]);
        assert!(text.contains(r#"include_str!("../tests/tsc-unix.lsif").as_bytes()"#));
        assert!(text.contains(".all(|line| {"));
        syn::parse_file(&text).expect("the instrumented file parses");
    }

    #[test]
    fn a_fixture_without_a_type_is_listed() {
        let source = "#[test]\nfn t() {\n    check(&include_bytes!(\"f.json\")[..]);\n}\n";
        let found = find(Path::new("src/lib.rs"), source);
        assert!(found.sites.is_empty());
        assert_eq!(found.untyped, ["src/lib.rs: t (f.json)"]);
    }
}
