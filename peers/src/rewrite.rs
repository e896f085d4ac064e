//! The syn-based rewriter: moves a crate's serde derives to `#[derive(FastFlatten)]` in one of
//! two [`Mode`]s, and records what it did.
//!
//! The work is split in three: [`scan`] reads each file's structs and enums, [`plan`] decides
//! over the whole crate (a flattened type may be defined in another file), [`edit`] changes
//! the text. Types are matched by name, as a reader of the source would: the harness does not
//! resolve paths, so where one name has several definitions it stays on the safe side.

pub mod edit;
pub mod plan;
pub mod scan;

use std::path::{Path, PathBuf};

pub use plan::{Left, Mode, NativeMaps, Rules};

use crate::{manifest, tree};

/// One source file of a crate.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Its path, relative to the crate's root.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
}

/// Where a type of the rewritten crate is, to tell which type a compiler error points into.
#[derive(Clone, Debug)]
pub struct TypeSpan {
    /// The type's name.
    pub name: String,
    /// Its file, relative to the crate's root.
    pub path: PathBuf,
    /// Its first and last line.
    pub lines: (usize, usize),
}

/// What a rewrite did.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// The types moved to FastFlatten.
    pub swapped: Vec<String>,
    /// Those of them that got a derive per half (`FastDeserialize`, `FastSerialize`): the types
    /// deriving one half, or their halves under different conditions.
    pub halves_apart: Vec<String>,
    /// The types the mode would move that stay on serde's derive, with the reason.
    pub left: Vec<Left>,
    /// Flattened fields marked `#[fast_flatten(buffered)]` (`Type.field: FieldType`).
    pub buffered: Vec<String>,
    /// Flattened fields FastFlatten reads as a catch-all map without a marker.
    pub native_maps: Vec<String>,
    /// Files syn could not parse (left as they are), with the error.
    pub unparsed: Vec<String>,
    /// How many files changed.
    pub changed_files: usize,
    /// Every struct and enum, for matching compiler errors to types.
    pub types: Vec<TypeSpan>,
}

impl Summary {
    /// The type whose definition holds `line` of `path`, innermost first.
    pub fn type_at(&self, path: &Path, line: usize) -> Option<&str> {
        self.types
            .iter()
            .filter(|span| span.path == path && span.lines.0 <= line && line <= span.lines.1)
            .min_by_key(|span| span.lines.1 - span.lines.0)
            .map(|span| span.name.as_str())
    }
}

/// Rewrites the sources of one crate in memory: the new texts (in the order given) and what
/// changed.
pub fn rewrite_sources(files: &[SourceFile], mode: Mode, rules: &Rules) -> (Vec<String>, Summary) {
    let mut summary = Summary::default();
    let mut defs = Vec::new();
    for (index, file) in files.iter().enumerate() {
        match scan::scan_file(&file.text, index) {
            Ok(found) => defs.extend(found),
            Err(error) => summary
                .unparsed
                .push(format!("{}:{error}", file.path.display())),
        }
    }
    let plan = plan::plan(&defs, mode, rules);
    let mut by_file = edit::edits(&defs, &plan);
    let texts: Vec<String> = files
        .iter()
        .enumerate()
        .map(|(index, file)| match by_file.remove(&index) {
            Some(edits) if !edits.is_empty() => {
                summary.changed_files += 1;
                edit::apply(&file.text, edits)
            }
            _ => file.text.clone(),
        })
        .collect();

    summary.swapped = plan.swapped.iter().map(|&i| defs[i].name.clone()).collect();
    summary.halves_apart = plan
        .swapped
        .iter()
        .filter(|&&i| plan::derive_sites(&defs[i]).is_none())
        .map(|&i| defs[i].name.clone())
        .collect();
    summary.left = plan.left;
    summary.buffered = plan
        .buffered
        .iter()
        .map(|&(def, flat)| {
            let flat_field = &defs[def].flattened[flat];
            format!(
                "{}.{}: {}",
                defs[def].name, flat_field.field, flat_field.ty.text
            )
        })
        .collect();
    summary.native_maps = plan
        .native_maps
        .iter()
        .map(|note| format!("{}: {}", note.field, note.ty))
        .collect();
    summary.types = defs
        .iter()
        .map(|def| TypeSpan {
            name: def.name.clone(),
            path: files[def.file].path.clone(),
            lines: def.lines,
        })
        .collect();
    (texts, summary)
}

/// Copies the crate at `original` to `dest`, rewritten in `mode` under `rules` (whose map
/// support is set from the crate's dependencies), with serde_fastkit (at `fastkit`) added to its
/// manifest. Files are written only where they differ, so a second run
/// with the same plan rebuilds nothing.
pub fn rewrite_crate(
    original: &Path,
    dest: &Path,
    mode: Mode,
    rules: &Rules,
    fastkit: &Path,
) -> std::io::Result<Summary> {
    let manifest_text = std::fs::read_to_string(original.join("Cargo.toml"))?;
    let build_script = manifest::build_script(&manifest_text);
    let mut sources = Vec::new();
    let mut others = Vec::new();
    for path in tree::files(original)? {
        let is_rust = path.extension().is_some_and(|ext| ext == "rs");
        // The build script is built without the crate's dependencies: serde_fastkit is not
        // there, so it stays as it is.
        if is_rust && Some(&path) != build_script.as_ref() {
            let text = std::fs::read_to_string(original.join(&path))?;
            sources.push(SourceFile { path, text });
        } else {
            others.push(path);
        }
    }
    let features = manifest::fastkit_features(&manifest_text);
    let rules = Rules {
        maps: NativeMaps {
            indexmap: features.iter().any(|f| f.starts_with("indexmap")),
        },
        ..rules.clone()
    };
    let (texts, summary) = rewrite_sources(&sources, mode, &rules);
    for (file, text) in sources.iter().zip(texts) {
        tree::write_if_changed(&dest.join(&file.path), text.as_bytes())?;
    }
    for path in others {
        let bytes = if path == Path::new("Cargo.toml") {
            manifest::with_fastkit(&manifest_text, fastkit, &features).into_bytes()
        } else {
            std::fs::read(original.join(&path))?
        };
        tree::write_if_changed(&dest.join(&path), &bytes)?;
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rewrites one file in `mode`, known limits kept on serde's derive, and returns its new
    /// text and summary.
    fn rewrite(source: &str, mode: Mode) -> (String, Summary) {
        let files = [SourceFile {
            path: PathBuf::from("src/lib.rs"),
            text: source.to_owned(),
        }];
        let (mut texts, summary) = rewrite_sources(
            &files,
            mode,
            &Rules {
                skip_known_limits: true,
                ..Rules::default()
            },
        );
        (texts.remove(0), summary)
    }

    #[test]
    fn every_mode_swaps_both_derives_and_keeps_the_others() {
        let source = "#[derive(Debug, Serialize, Clone, serde::Deserialize)]\nstruct A { x: u8 }\n";
        let (text, summary) = rewrite(source, Mode::Every);
        assert_eq!(
            text,
            "#[derive(Debug, ::serde_fastkit::FastFlatten, Clone)]\nstruct A { x: u8 }\n"
        );
        assert_eq!(summary.swapped, ["A"]);
    }

    #[test]
    fn buffers_mode_swaps_only_where_serde_buffers() {
        let source = r#"
#[derive(Serialize, Deserialize)]
struct Plain { x: u8 }
#[derive(Serialize, Deserialize)]
struct Outer { #[serde(flatten)] inner: Option<Box<Inner>>, #[serde(flatten)] rest: HashMap<String, u8> }
#[derive(Serialize, Deserialize)]
struct Inner { y: u8 }
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Either { A(u8), B(String) }
"#;
        let (text, summary) = rewrite(source, Mode::Buffers);
        assert_eq!(summary.swapped, ["Outer", "Inner", "Either"]);
        assert!(text.contains("#[derive(Serialize, Deserialize)]\nstruct Plain"));
        assert!(!text.contains("fast_flatten(buffered)"), "{text}");
        assert_eq!(summary.native_maps, ["Outer.rest: HashMap<String, u8>"]);
    }

    #[test]
    fn foreign_and_serde_kept_flattened_types_are_buffered_under_the_derive_condition() {
        let source = r#"
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Outer {
    #[cfg_attr(feature = "serde", serde(flatten))]
    foreign: other::Thing,
    #[serde(flatten)]
    half: Half,
}
#[derive(Serialize)]
struct Half { y: u8 }
"#;
        let (text, summary) = rewrite(source, Mode::Buffers);
        assert!(text
            .contains(r#"#[cfg_attr(feature = "serde", derive(::serde_fastkit::FastFlatten))]"#));
        assert!(text.contains(
            r#"#[cfg_attr(feature = "serde", fast_flatten(buffered))] #[cfg_attr(feature = "serde", serde(flatten))]"#
        ));
        assert!(text.contains(
            r#"#[cfg_attr(feature = "serde", fast_flatten(buffered))] #[serde(flatten)]"#
        ));
        // `Half` moves to `FastSerialize`; `Outer` reads it through serde's `Deserialize`.
        assert!(text.contains("#[derive(::serde_fastkit::FastSerialize)]\nstruct Half"));
        assert_eq!(summary.halves_apart, ["Half"]);
        assert!(summary.left.is_empty());
        assert_eq!(
            summary.buffered,
            ["Outer.foreign: other::Thing", "Outer.half: Half"]
        );
    }

    #[test]
    fn one_half_types_get_the_derive_of_their_half() {
        let source = r#"
#[derive(Debug, Deserialize)]
struct Response { id: u8, #[serde(flatten)] body: Body, #[serde(flatten)] extra: Extra }
#[derive(Deserialize)]
#[serde(tag = "kind")]
enum Body { A { a: u8 } }
#[derive(Serialize, Deserialize)]
struct Extra { e: u8 }
#[derive(serde::Serialize)]
struct Request { #[serde(flatten)] body: Body }
"#;
        let (text, summary) = rewrite(source, Mode::Buffers);
        assert!(
            text.contains("#[derive(Debug, ::serde_fastkit::FastDeserialize)]\nstruct Response")
        );
        assert!(text.contains("#[derive(::serde_fastkit::FastDeserialize)]\n#[serde(tag"));
        assert!(text.contains("#[derive(::serde_fastkit::FastFlatten)]\nstruct Extra"));
        assert!(text.contains("#[derive(::serde_fastkit::FastSerialize)]\nstruct Request"));
        assert_eq!(summary.swapped, ["Response", "Body", "Extra", "Request"]);
        assert_eq!(summary.halves_apart, ["Response", "Body", "Request"]);
        // A child with the parent's half swapped flattens natively; `Request` writes `Body`,
        // whose writing half is not FastFlatten's (it derives none), so it is buffered.
        assert_eq!(summary.buffered, ["Request.body: Body"]);
        assert!(summary.left.is_empty());
    }

    #[test]
    fn halves_under_different_conditions_get_a_derive_each() {
        let source = r#"
#[cfg_attr(feature = "ser", derive(Serialize))]
#[cfg_attr(feature = "de", derive(Deserialize))]
struct Outer { #[serde(flatten)] foreign: other::Thing }
"#;
        let (text, summary) = rewrite(source, Mode::Every);
        assert!(text
            .contains(r#"#[cfg_attr(feature = "ser", derive(::serde_fastkit::FastSerialize))]"#));
        assert!(text
            .contains(r#"#[cfg_attr(feature = "de", derive(::serde_fastkit::FastDeserialize))]"#));
        // The marker is known wherever either derive runs.
        assert!(text.contains(
            r#"#[cfg_attr(any(all(feature = "ser"), all(feature = "de")), fast_flatten(buffered))] #[serde(flatten)]"#
        ), "{text}");
        assert_eq!(summary.halves_apart, ["Outer"]);
    }

    #[test]
    fn derives_split_over_two_lists_and_documented_limits() {
        let source = r#"
#[derive(Serialize)]
#[derive(Deserialize, PartialEq)]
struct Split { x: u8 }
#[derive(Serialize, Deserialize)]
struct Tuple(u8, u8);
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
struct Wrapper(u8);
"#;
        let (text, summary) = rewrite(source, Mode::Every);
        assert!(text.contains(
            "#[derive(::serde_fastkit::FastFlatten)]\n#[derive(PartialEq)]\nstruct Split"
        ));
        assert!(text.contains("#[derive(Serialize, Deserialize)]\nstruct Tuple"));
        assert_eq!(summary.swapped, ["Split", "Wrapper"]);
        assert_eq!(summary.left.len(), 1);
        assert!(
            summary.left[0].why.contains("tuple struct"),
            "{:?}",
            summary.left
        );
    }

    #[test]
    fn known_limits_are_swapped_unless_skipped() {
        let files = [SourceFile {
            path: PathBuf::from("src/lib.rs"),
            text: "#[derive(Serialize, Deserialize)] struct Tuple(u8, u8);".to_owned(),
        }];
        let (texts, summary) = rewrite_sources(&files, Mode::Every, &Rules::default());
        assert_eq!(
            texts[0],
            "#[derive(::serde_fastkit::FastFlatten)] struct Tuple(u8, u8);"
        );
        assert!(summary.left.is_empty());
    }

    #[test]
    fn a_flattened_internally_tagged_enum_pulls_in_its_newtype_variants() {
        let source = r#"
#[derive(Serialize, Deserialize)]
struct Holder { #[serde(flatten)] status: Status }
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind")]
enum Status { Valid(Details), Other }
#[derive(Serialize, Deserialize)]
struct Details { why: String }
"#;
        let (_, summary) = rewrite(source, Mode::Buffers);
        assert_eq!(summary.swapped, ["Holder", "Status", "Details"]);
    }

    #[test]
    fn newtype_variants_are_followed_through_nested_tagged_enums() {
        let source = r#"
#[derive(Serialize, Deserialize)]
struct Entry { id: u8, #[serde(flatten)] data: Element }
#[derive(Serialize, Deserialize)]
#[serde(tag = "type")]
enum Element { Vertex(Vertex) }
#[derive(Serialize, Deserialize)]
#[serde(tag = "label")]
enum Vertex { MetaData(MetaData) }
#[derive(Serialize, Deserialize)]
struct MetaData { version: String }
"#;
        let (_, summary) = rewrite(source, Mode::Buffers);
        assert_eq!(summary.swapped, ["Entry", "Element", "Vertex", "MetaData"]);
    }

    #[test]
    fn leave_list_keeps_a_type_with_its_reason() {
        let files = [SourceFile {
            path: PathBuf::from("src/lib.rs"),
            text: "#[derive(Serialize, Deserialize)] struct A { x: u8 }".to_owned(),
        }];
        let rules = Rules {
            leave: vec![("A".to_owned(), "why not".to_owned())],
            ..Rules::default()
        };
        let (texts, summary) = rewrite_sources(&files, Mode::Every, &rules);
        assert_eq!(texts[0], files[0].text);
        assert_eq!(summary.left[0].why, "why not");
    }
}
