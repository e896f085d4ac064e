//! The panic probe: runs code that may fail or panic (serde's flatten on a format it does not
//! fit; bitcode panics there) and tells which, with the message, without the panic being printed.

use std::any::Any;
use std::cell::Cell;
use std::fmt;
use std::panic::{self, AssertUnwindSafe, PanicHookInfo};
use std::sync::Once;

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

/// Runs `f`, turning its error or its panic into a [`Failure`]. A panic of `f` prints nothing.
pub fn catch<R>(f: impl FnOnce() -> Result<R, String>) -> Result<R, Failure> {
    match catch_unwind_with(|_| {}, f) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(Failure::Error(e)),
        Err(payload) => Err(Failure::Panic(panic_message(&*payload))),
    }
}

thread_local! {
    /// Where this thread's panics go while [`catch_unwind_with`] runs; `None` outside it.
    static ON_PANIC: Cell<Option<fn(&PanicHookInfo<'_>)>> = const { Cell::new(None) };
}

/// Runs `f` under `catch_unwind`, handing a panic of this thread to `on_panic` in place of the
/// panic hook (which prints it): `on_panic` sees the panic's location and may capture a
/// backtrace. Other threads' panics are printed as usual.
///
/// The process's panic hook is replaced once, by one that calls the panicking thread's handler
/// if it has one and otherwise the hook it replaced: swapping hooks around each call instead
/// would race with the test harness's other threads, silencing their panics or losing a hook.
pub fn catch_unwind_with<R>(
    on_panic: fn(&PanicHookInfo<'_>),
    f: impl FnOnce() -> R,
) -> std::thread::Result<R> {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| match ON_PANIC.with(Cell::get) {
            Some(on_panic) => on_panic(info),
            None => previous(info),
        }));
    });
    let outer = ON_PANIC.with(|cell| cell.replace(Some(on_panic)));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    ON_PANIC.with(|cell| cell.set(outer));
    result
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
