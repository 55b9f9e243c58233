//! Lines tidyup prints outside a session's events (commands, watch, MCP
//! logs): every character a terminal would obey is spelled out (file names
//! and a model's words may carry escape sequences), and a closed stream
//! (`| head`) is not an error: tidyup goes on, or ends, quietly.

use std::io::Write;
use std::sync::Mutex;

use tidyup_core::visible;

/// The finished text of the live line on standard output (see
/// [`draw_live`]), while one is drawn.
static LIVE: Mutex<Option<String>> = Mutex::new(None);

/// Draws `live` (one terminal row, already cut to fit) in place of the live
/// line, keeping `done` to end it with: the next line printed ends it.
pub(super) fn draw_live(live: &str, done: String) {
    let mut slot = LIVE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    write_out(false, &format!("\r\x1b[2K{live}"));
    *slot = Some(done);
}

/// Ends the live line, if one is drawn: redrawn as its finished text, then
/// a line end (a spinner may have cleared its row meanwhile).
pub(super) fn end_live() {
    let done = LIVE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take();
    if let Some(done) = done {
        write_out(false, &format!("\r\x1b[2K{done}\n"));
    }
}

/// Writes `text` and a line end to standard output (or standard error),
/// control characters spelled out; a write that fails is dropped.
pub fn print_line(to_stderr: bool, text: &str) {
    end_live();
    let mut line = visible(text).into_owned();
    line.push('\n');
    write_out(to_stderr, &line);
}

/// Writes and flushes `text` as it is; a closed stream (e.g. `| head`) must
/// not crash tidyup.
pub(super) fn write_out(to_stderr: bool, text: &str) {
    let _ = if to_stderr {
        std::io::stderr().lock().write_all(text.as_bytes())
    } else {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush())
    };
}

/// `println!` for tidyup: see [`print_line`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::console::print_line(false, &format!($($arg)*))
    };
}

/// `eprintln!` for tidyup: see [`print_line`].
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::console::print_line(true, &format!($($arg)*))
    };
}

pub(crate) use {errln, outln};
