//! The panic probe: runs code that may fail or panic (serde's flatten on a format it does not
//! fit; bitcode panics there) and tells which, with the message, without the panic being printed.

use std::any::Any;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};

/// Why a probed call did not return a value.
#[derive(Clone, Debug)]
pub enum Failure {
    /// It returned this error.
    Error(String),
    /// It panicked with this message.
    Panic(String),
}

impl Failure {
    /// The reason in one short line (at most 60 characters of the message), for a table cell.
    pub fn short(&self) -> String {
        match self {
            Failure::Error(e) => shorten(e),
            Failure::Panic(message) => format!("panics: {}", shorten(message)),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Error(e) => f.write_str(e),
            Failure::Panic(message) => write!(f, "panics: {message}"),
        }
    }
}

/// Runs `f`, turning its error or its panic into a [`Failure`]. The panic hook is silenced
/// meanwhile (and restored), so an expected panic prints nothing.
pub fn catch<R>(f: impl FnOnce() -> Result<R, String>) -> Result<R, Failure> {
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    panic::set_hook(hook);
    match result {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(Failure::Error(e)),
        Err(payload) => Err(Failure::Panic(panic_message(&*payload))),
    }
}

/// The text of a panic payload (`&str` or `String`, as `panic!` makes them).
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

/// The first line of a message, at most 60 characters.
pub fn shorten(message: &str) -> String {
    let line = message.lines().next().unwrap_or_default();
    match line.char_indices().nth(60) {
        Some((cut, _)) => format!("{}...", &line[..cut]),
        None => line.to_owned(),
    }
}
