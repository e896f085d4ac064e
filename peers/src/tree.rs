//! Files of a crate's directory: listing them and writing copies that change only what differs.

use std::io;
use std::path::{Path, PathBuf};

/// An `io::Error`'s message for the harness: what it was doing, where, and the error
/// (`.map_err(io("copying to", &dest))`).
pub fn io(what: &str, path: &Path) -> impl Fn(io::Error) -> String {
    let (what, path) = (what.to_owned(), path.display().to_string());
    move |error| format!("{what} {path}: {error}")
}

/// Every file under `root`, relative to it, sorted; `target/` and `.git/` are left out.
pub fn files(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut pending = vec![PathBuf::new()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(root.join(&dir))? {
            let entry = entry?;
            let relative = dir.join(entry.file_name());
            let kind = entry.file_type()?;
            if kind.is_dir() {
                if relative != Path::new("target") && relative != Path::new(".git") {
                    pending.push(relative);
                }
            } else if kind.is_file() {
                found.push(relative);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Writes `bytes` to `path` (creating its directory) unless it already holds them: an
/// unchanged file keeps its modification time, so cargo does not rebuild for it.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, bytes)
}

/// Marks every file under `root` (but `target/` and `.git/`) as modified now. The copies of a
/// crate share one cargo target directory and one package name, and cargo names their build
/// by paths relative to the package: without this, the copy of one mode whose files were
/// written before the other mode's build would count as built and run that mode's tests.
pub fn touch(root: &Path) -> io::Result<()> {
    let now = std::time::SystemTime::now();
    for path in files(root)? {
        std::fs::File::options()
            .append(true)
            .open(root.join(path))?
            .set_modified(now)?;
    }
    Ok(())
}

/// Copies every file of `from` into `to`, `Cargo.toml` through `manifest`.
pub fn copy_crate(from: &Path, to: &Path, manifest: impl Fn(&str) -> String) -> io::Result<()> {
    for path in files(from)? {
        let bytes = std::fs::read(from.join(&path))?;
        let bytes = if path == Path::new("Cargo.toml") {
            manifest(&String::from_utf8_lossy(&bytes)).into_bytes()
        } else {
            bytes
        };
        write_if_changed(&to.join(&path), &bytes)?;
    }
    Ok(())
}
