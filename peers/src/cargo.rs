//! Starting `cargo` for a peer: the cargo this harness was run with, in a clean environment.

use std::path::PathBuf;
use std::process::Command;

/// The cargo binary: the one running this harness (`cargo run` sets `CARGO`), else `cargo`.
fn cargo_path() -> PathBuf {
    std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from)
}

/// A `cargo` command, below normal priority when `nice` (the peers' builds are long and share
/// the machine). Variables `cargo run` set for this harness are removed: they describe this
/// package, not the peer.
pub fn command(nice: bool) -> Command {
    let mut command = if nice {
        let mut command = Command::new("nice");
        command.args(["-n", "10"]).arg(cargo_path());
        command
    } else {
        Command::new(cargo_path())
    };
    for (name, _) in std::env::vars_os() {
        let Some(name) = name.to_str() else { continue };
        let from_cargo_run = name.starts_with("CARGO_PKG_")
            || name.starts_with("CARGO_MANIFEST_")
            || name.starts_with("CARGO_BIN_")
            || name.starts_with("CARGO_CRATE_")
            || name == "CARGO_PRIMARY_PACKAGE"
            || name == "CARGO_TARGET_DIR"
            || name == "OUT_DIR";
        if from_cargo_run {
            command.env_remove(name);
        }
    }
    command.env("CARGO_TERM_COLOR", "never");
    command
}

/// Cargo's home, where the registry's unpacked sources are.
pub fn home() -> PathBuf {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return PathBuf::from(home);
    }
    let user_home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    user_home.join(".cargo")
}
