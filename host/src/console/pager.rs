//! Long texts on a terminal (a whole plan, on `show`): through the user's
//! pager, `$PAGER` (run by the shell on Unix, as git does; split on spaces
//! elsewhere), else `less -FRX` when there is one; with none, or one that
//! cannot start, printed as it is.

use std::io::Write;
use std::process::{Command, Stdio};

use super::lines::write_out;

/// Shows `text` (one line end added) through the pager, waiting until
/// the pager ends; prints it when no pager can take it.
pub fn page(text: &str) {
    let mut text = text.to_owned();
    text.push('\n');
    let command = match std::env::var("PAGER").ok().as_deref().map(str::trim) {
        Some("" | "cat") => None,
        Some(pager) => user_pager(pager),
        None => {
            let mut less = Command::new("less");
            less.arg("-FRX");
            Some(less)
        }
    };
    if !command.is_some_and(|command| through(command, &text)) {
        write_out(false, &text);
    }
}

/// The command running the user's `$PAGER`.
fn user_pager(pager: &str) -> Option<Command> {
    if cfg!(unix) {
        let mut shell = Command::new("sh");
        shell.arg("-c").arg(pager);
        Some(shell)
    } else {
        let mut words = pager.split_whitespace();
        let mut command = Command::new(words.next()?);
        command.args(words);
        Some(command)
    }
}

/// Runs the pager with `text` on its input; whether it showed it (it
/// started, and the shell found it: not status 126 or 127).
fn through(mut command: Command, text: &str) -> bool {
    let Ok(mut child) = command.stdin(Stdio::piped()).spawn() else {
        return false;
    };
    if let Some(mut input) = child.stdin.take() {
        // A pager quit early (`q`) closes its input: that is no failure.
        let _ = input.write_all(text.as_bytes());
    }
    !matches!(
        child.wait().map(|status| status.code()),
        Ok(Some(126 | 127))
    )
}
