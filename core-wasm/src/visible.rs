//! Text made safe to show a person: file names, file contents and a
//! model's words may hold control characters that a terminal obeys (clear
//! the screen, retitle the window, write the clipboard with OSC 52) or that
//! reorder what is shown (bidirectional overrides). Shown, they are spelled
//! out instead (`\x1b`, `\u{202e}`); what the model is sent stays exact.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` must be spelled out rather than shown: every control
/// character but line feed and tab, and the invisible marks that reorder
/// text (bidirectional embeddings, overrides and isolates).
fn must_spell_out(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character a terminal would obey spelled out: ASCII
/// controls as `\xHH`, the others as `\u{H}`. A carriage return that ends
/// a line (`\r\n`) is dropped, so Windows line ends read as line ends.
/// Text without such characters is returned as it is.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(must_spell_out) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            continue;
        }
        if !must_spell_out(c) {
            shown.push(c);
        } else if c.is_ascii() {
            let _ = write!(shown, "\\x{:02x}", u32::from(c));
        } else {
            let _ = write!(shown, "\\u{{{:x}}}", u32::from(c));
        }
    }
    Cow::Owned(shown)
}

#[cfg(test)]
mod tests {
    use super::visible;

    #[test]
    fn controls_are_spelled_out_and_plain_text_is_untouched() {
        assert_eq!(
            visible("\x1b]0;PWNED\x07\x1b[2J.pdf"),
            "\\x1b]0;PWNED\\x07\\x1b[2J.pdf"
        );
        assert_eq!(
            visible("a\u{9b}31m b\u{202e}fdp.exe"),
            "a\\u{9b}31m b\\u{202e}fdp.exe"
        );
        assert_eq!(
            visible("line\r\nnext\rover\x7f"),
            "line\nnext\\x0dover\\x7f"
        );
        assert_eq!(visible("照片 2024\tok\n"), "照片 2024\tok\n");
    }
}
