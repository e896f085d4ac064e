//! The report's header: when, where and how it was made.

use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::common::calendar::civil_from_days;

/// When, where and how the report was made.
pub struct Header {
    pub date: String,
    pub cpus: usize,
    pub cpu: String,
    pub os: String,
    pub rustc: String,
    pub codegen_units: String,
    pub load: String,
    pub rounds: usize,
    pub command: String,
    pub runtime: Duration,
}

impl Header {
    pub fn collect(rounds: usize) -> Header {
        let read = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
        let cpu = read("/proc/cpuinfo")
            .lines()
            .find_map(|line| {
                let (key, value) = line.split_once(':')?;
                (key.trim() == "model name").then(|| value.trim().to_owned())
            })
            .unwrap_or_else(|| "unknown CPU".into());
        let os = read("/etc/os-release")
            .lines()
            .find_map(|line| line.strip_prefix("PRETTY_NAME="))
            .map(|name| name.trim_matches('"').to_owned())
            .unwrap_or_else(|| std::env::consts::OS.to_owned());
        let rustc = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .arg("-V")
            .output()
            .ok()
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| "unknown rustc".into());
        let load = read("/proc/loadavg")
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        let mut command = String::new();
        if std::env::var_os("REPORT_ROUNDS").is_some() {
            command = format!("REPORT_ROUNDS={rounds} ");
        }
        command.push_str("cargo run --release --example report");
        if cfg!(debug_assertions) {
            eprintln!("warning: a debug build: the timings mean nothing, add --release");
            command.push_str(" (DEBUG BUILD: the timings mean nothing)");
        }
        let codegen_units = codegen_units();
        if !codegen_units.starts_with("1 ") {
            eprintln!(
                "warning: codegen-units {codegen_units}: how rustc splits the code moves these \
                 ratios by up to 20% from one build to the next; for the README, build with \
                 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1"
            );
        }
        Header {
            codegen_units,
            date: utc_now(),
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            cpu,
            os,
            rustc,
            load: if load.is_empty() {
                "unknown".into()
            } else {
                load
            },
            rounds,
            command,
            runtime: Duration::ZERO,
        }
    }

    /// The day, `YYYY-MM-DD`.
    pub fn day(&self) -> &str {
        &self.date[..10]
    }
}

/// The release profile's codegen units and where the number comes from: the environment (which
/// `cargo run` passes on), the workspace's Cargo.toml, or cargo's default.
pub fn codegen_units() -> String {
    if let Ok(units) = std::env::var("CARGO_PROFILE_RELEASE_CODEGEN_UNITS") {
        return format!("{units} (CARGO_PROFILE_RELEASE_CODEGEN_UNITS)");
    }
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"));
    let from_manifest = manifest.ok().and_then(|text| {
        let mut lines = text.lines().map(str::trim);
        lines.find(|line| *line == "[profile.release]")?;
        lines
            .take_while(|line| !line.starts_with('['))
            .find_map(|line| {
                let (key, value) = line.split_once('=')?;
                (key.trim() == "codegen-units").then(|| value.trim().to_owned())
            })
    });
    match from_manifest {
        Some(units) => format!("{units} (Cargo.toml)"),
        None => "16 (cargo's default)".into(),
    }
}

/// The system clock as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rem / 3600,
        rem / 60 % 60
    )
}
