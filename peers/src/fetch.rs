//! Getting a peer's published source through cargo: a throwaway package that depends on the
//! exact version, `cargo fetch`, and the copy cargo unpacked in its registry.

use std::path::{Path, PathBuf};

use crate::peers::Peer;
use crate::{cargo, tree};

/// The unpacked published source of `peer` in cargo's registry, fetched if needed through a
/// throwaway package under `work`.
pub fn source(peer: &Peer, work: &Path) -> Result<PathBuf, String> {
    if let Some(found) = unpacked(peer) {
        return Ok(found);
    }
    let dir = work.join("fetch").join(peer.dir_name());
    let manifest = format!(
        "[package]\nname = \"peers-fetch\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\n{:?} = {{ version = \"={}\", default-features = false }}\n\n[workspace]\n",
        peer.name, peer.version
    );
    let write = |path: &str, text: &str| {
        tree::write_if_changed(&dir.join(path), text.as_bytes())
            .map_err(tree::io("writing", &dir.join(path)))
    };
    write("Cargo.toml", &manifest)?;
    write("src/lib.rs", "")?;
    let status = cargo::command(false)
        .arg("fetch")
        .current_dir(&dir)
        .status()
        .map_err(|error| format!("starting cargo fetch: {error}"))?;
    if !status.success() {
        return Err(format!("cargo fetch in {} failed: {status}", dir.display()));
    }
    unpacked(peer).ok_or_else(|| {
        format!(
            "cargo fetch succeeded but {} is not unpacked under {}",
            peer.dir_name(),
            cargo::home().join("registry/src").display()
        )
    })
}

/// The peer's unpacked source in any of cargo's registries, if there.
fn unpacked(peer: &Peer) -> Option<PathBuf> {
    let registries = std::fs::read_dir(cargo::home().join("registry/src")).ok()?;
    registries
        .filter_map(Result::ok)
        .map(|registry| registry.path().join(peer.dir_name()))
        // Cargo writes `.cargo-ok` once a package is fully unpacked.
        .find(|candidate| candidate.join(".cargo-ok").is_file())
}
