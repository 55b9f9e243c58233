//! The terminal's Markdown renderer (the host's `console/markdown.rs`,
//! included as it is) on a model's answer: no panic; nothing in the output
//! that a terminal obeys but the renderer's own styles (`ESC [ digits m`);
//! the output at most 32 bytes a byte of input, plus 64; the same output
//! whether the answer comes whole or streamed in pieces, and, its styles
//! taken out, the same as an unstyled renderer's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_core::visible;
use tidyup_fuzz::pieces;

#[path = "../../host/src/console/markdown.rs"]
mod markdown;

use markdown::Markdown;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let styled = Markdown::new(true).render(&text);
    let plain = Markdown::new(false).render(&text);
    let shown = without_styles(&styled);
    assert_eq!(visible(&shown), shown, "something a terminal obeys");
    assert_eq!(shown, plain, "the styles are all that differs");
    assert!(
        styled.len() <= 32 * text.len() + 64,
        "{} bytes rendered as {}",
        text.len(),
        styled.len()
    );
    let n = data.len();
    let sizes = [(n % 7) as u8 + 1, (n % 31) as u8 + 1, 97, 1, 255];
    let mut streamed = Markdown::new(true);
    let mut out = String::new();
    for piece in pieces(&text, &sizes) {
        out.push_str(&streamed.push(&piece));
    }
    out.push_str(&streamed.finish());
    assert_eq!(out, styled, "streamed differs from whole");
});

/// `text` without style sequences (`ESC [ digits m`); any other escape stays.
fn without_styles(text: &str) -> String {
    let mut kept = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\x1b[") {
        kept.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && after[digits..].starts_with('m') {
            rest = &after[digits + 1..];
        } else {
            kept.push('\x1b');
            rest = &rest[at + 1..];
        }
    }
    kept.push_str(rest);
    kept
}
