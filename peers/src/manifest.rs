//! The changes to a peer's `Cargo.toml`: appended tables only, so the published (normalized)
//! manifest stays as it was above them.

use std::path::{Path, PathBuf};

/// The manifest as its own workspace root. The copies live under this workspace's `target/`,
/// and cargo would otherwise take them for members of it that are not listed.
pub fn standalone(manifest: &str) -> String {
    let table: Option<toml::Table> = manifest.parse().ok();
    if table.is_some_and(|table| table.contains_key("workspace")) {
        return manifest.to_owned();
    }
    format!("{}\n[workspace]\n", manifest.trim_end())
}

/// The manifest of a rewritten copy: standalone, with serde_fastkit (at `fastkit`, with
/// `features`) among its dependencies.
pub fn with_fastkit(manifest: &str, fastkit: &Path, features: &[&str]) -> String {
    let features: Vec<String> = features.iter().map(|f| format!("{f:?}")).collect();
    format!(
        "{}\n[dependencies.serde_fastkit]\npath = {:?}\nfeatures = [{}]\n",
        standalone(manifest).trim_end(),
        fastkit.display().to_string(),
        features.join(", ")
    )
}

/// serde_fastkit's features a crate needs: `serde_json` always (its `Map` and `Value` as
/// catch-all maps), `indexmap` or `indexmap1` when the crate depends on that major version.
pub fn fastkit_features(manifest: &str) -> Vec<&'static str> {
    let mut features = vec!["serde_json"];
    let Ok(table) = manifest.parse::<toml::Table>() else {
        return features;
    };
    for (major, feature) in [("1", "indexmap1"), ("2", "indexmap")] {
        if dependency_versions(&table, "indexmap")
            .iter()
            .any(|version| {
                version
                    .trim_start_matches(['^', '=', '~', '>', ' '])
                    .starts_with(major)
            })
        {
            features.push(feature);
        }
    }
    features
}

/// The build script's path, relative to the crate's root, if it has one.
pub fn build_script(manifest: &str) -> Option<PathBuf> {
    let table: toml::Table = manifest.parse().ok()?;
    match table.get("package")?.get("build") {
        Some(toml::Value::String(path)) => Some(PathBuf::from(path)),
        Some(toml::Value::Boolean(false)) => None,
        // Cargo's default: `build.rs` when it exists (published manifests usually name it).
        _ => Some(PathBuf::from("build.rs")),
    }
}

/// The version requirements of the dependency on `package` (under any name), in every
/// dependency table: `[dependencies]`, `[dev-dependencies]`, `[target.*.dependencies]`.
fn dependency_versions(table: &toml::Table, package: &str) -> Vec<String> {
    let mut tables: Vec<&toml::Table> = Vec::new();
    for kind in ["dependencies", "dev-dependencies", "build-dependencies"] {
        tables.extend(table.get(kind).and_then(toml::Value::as_table));
    }
    if let Some(targets) = table.get("target").and_then(toml::Value::as_table) {
        for target in targets.values().filter_map(toml::Value::as_table) {
            for kind in ["dependencies", "dev-dependencies"] {
                tables.extend(target.get(kind).and_then(toml::Value::as_table));
            }
        }
    }
    let mut versions = Vec::new();
    for deps in tables {
        for (name, spec) in deps {
            let (real, version) = match spec {
                toml::Value::String(version) => (name.as_str(), Some(version.as_str())),
                toml::Value::Table(spec) => (
                    spec.get("package")
                        .and_then(toml::Value::as_str)
                        .unwrap_or(name),
                    spec.get("version").and_then(toml::Value::as_str),
                ),
                _ => continue,
            };
            if real == package {
                versions.extend(version.map(str::to_owned));
            }
        }
    }
    versions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_workspace_and_dependency_with_the_indexmap_feature() {
        let manifest = "[package]\nname = \"p\"\n\n[dependencies.indexmap]\nversion = \"2.1\"\n";
        let features = fastkit_features(manifest);
        assert_eq!(features, ["serde_json", "indexmap"]);
        let edited = with_fastkit(manifest, Path::new("/w"), &features);
        let table: toml::Table = edited.parse().expect("valid TOML");
        assert!(table.contains_key("workspace"));
        let dep = &table["dependencies"]["serde_fastkit"];
        assert_eq!(dep["path"].as_str(), Some("/w"));
        assert_eq!(dep["features"].as_array().map(Vec::len), Some(2));
    }

    #[test]
    fn an_existing_workspace_table_is_kept() {
        let manifest = "[package]\nname = \"p\"\n[workspace]\n";
        assert_eq!(standalone(manifest), manifest);
    }
}
