//! Long texts on a terminal (a whole plan, on `show`): through the user's
//! pager, `$PAGER` (a program and its arguments), else `less -FRX` when
//! there is one; with none, or one that cannot start, printed as it is.

use std::io::Write;
use std::process::{Command, Stdio};

use super::lines::write_out;

/// Shows `text` (one line end added) through the pager, waiting until
/// the pager ends; prints it when no pager can take it.
pub fn page(text: &str) {
    let mut text = text.to_owned();
    text.push('\n');
    let pager = std::env::var("PAGER").ok();
    let words: Vec<String> = match pager.as_deref().map(str::trim) {
        Some("") | Some("cat") => Vec::new(),
        Some(pager) => pager.split_whitespace().map(str::to_owned).collect(),
        None => ["less", "-FRX"].map(str::to_owned).to_vec(),
    };
    if !words.is_empty() && through(&words, &text) {
        return;
    }
    write_out(false, &text);
}

/// Runs the pager `words` with `text` on its input; whether it ran.
fn through(words: &[String], text: &str) -> bool {
    let Some((program, args)) = words.split_first() else {
        return false;
    };
    let Ok(mut child) = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .spawn()
    else {
        return false;
    };
    if let Some(mut input) = child.stdin.take() {
        // A pager quit early (`q`) closes its input: that is no failure.
        let _ = input.write_all(text.as_bytes());
    }
    let _ = child.wait();
    true
}
