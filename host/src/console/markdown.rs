//! A model's Markdown as a terminal shows it: headings and bold in bold,
//! emphasis in italics, code in colour, list items with bullets, quotes
//! with a bar, fenced code dimmed, links with their address. It renders
//! line by line, so a streamed answer shows each line as it completes.
//! Without colours the markers are dropped and the words stay.
//!
//! The model's text cannot command the terminal: every piece of it (text,
//! code, addresses, HTML, after the parser has decoded its character
//! references such as `&#27;`) goes through the core's `visible` as it is
//! placed, and the only escape sequences written are the styles below.
//! Styles are a set, not a stack: however deeply emphasis nests, a change
//! of look is written once, before the text it styles, so the output grows
//! linearly with the input (see [`Markdown`]).
//!
//! It imports only `pulldown_cmark` and `tidyup_core`: the fuzz target
//! includes this file as it is.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use tidyup_core::visible;

const BOLD: &str = "\x1b[1m";
const ITALIC: &str = "\x1b[3m";
const UNDERLINE: &str = "\x1b[4m";
const CODE: &str = "\x1b[36m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// The styles, in the order their sequences are written; a look is a set
/// of them, one bit each (`1 << index`).
const STYLES: [&str; 5] = [BOLD, ITALIC, UNDERLINE, DIM, CODE];

/// A style's index in [`STYLES`].
#[derive(Debug, Clone, Copy)]
enum Style {
    Bold = 0,
    Italic = 1,
    Underline = 2,
    Dim = 3,
    Code = 4,
}

impl Style {
    /// The look of this style alone.
    const fn look(self) -> u8 {
        1 << (self as u8)
    }
}

/// The dimmed look (a quote's bar, fenced code, an address).
const DIMMED: u8 = Style::Dim.look();

/// The width of a thematic break, in columns.
const RULE_WIDTH: usize = 40;

/// Renders Markdown line by line, remembering whether a fenced code block
/// is open across lines and holding a streamed line until it ends.
///
/// Its contract, which the fuzz target checks: the output holds no control
/// character but line feeds, tabs and the style sequences (`ESC [ n m`) of
/// a styled renderer; it is at most 32 bytes for each byte of input, plus
/// 64 (a rule, `---` and its line end, is the widest: 40 columns of `─`);
/// rendering is linear in the input; streamed in pieces, the output is that
/// of the whole text.
#[derive(Debug, Clone, Default)]
pub struct Markdown {
    /// Escape sequences allowed.
    styled: bool,
    /// Inside a fenced code block (its fence).
    fence: Option<String>,
    /// The streamed text of the line not yet ended.
    pending: String,
}

impl Markdown {
    /// A renderer that styles with escape sequences when `styled`.
    pub fn new(styled: bool) -> Self {
        Self {
            styled,
            ..Self::default()
        }
    }

    /// A whole text, rendered (its line ends kept).
    pub fn render(&mut self, text: &str) -> String {
        let mut out = self.push(text);
        out.push_str(&self.finish());
        out
    }

    /// A streamed piece: the lines it completes, rendered, each with its
    /// line end; the rest waits for its line end. Only the piece is
    /// searched, so a long line streamed in many pieces costs its length.
    pub fn push(&mut self, piece: &str) -> String {
        let mut out = String::new();
        let mut rest = piece;
        while let Some(end) = rest.find('\n') {
            self.pending.push_str(&rest[..end]);
            let line = std::mem::take(&mut self.pending);
            out.push_str(&self.line(&line));
            out.push('\n');
            rest = &rest[end + 1..];
        }
        self.pending.push_str(rest);
        out
    }

    /// The last line of a text (without a line end), rendered; the next
    /// text starts afresh.
    pub fn finish(&mut self) -> String {
        let rest = std::mem::take(&mut self.pending);
        let out = if rest.is_empty() {
            String::new()
        } else {
            self.line(&rest)
        };
        self.fence = None;
        out
    }

    /// One line.
    fn line(&mut self, line: &str) -> String {
        let mut out = Out::new(self.styled);
        let trimmed = line.trim_start();
        if let Some(fence) = &self.fence {
            if trimmed.starts_with(fence.as_str()) && trimmed.trim_end() == fence.as_str() {
                self.fence = None;
            } else {
                out.put(DIMMED, line);
            }
            return out.finish();
        }
        for fence in ["```", "~~~"] {
            if trimmed.starts_with(fence) {
                self.fence = Some(fence.to_owned());
                out.put(DIMMED, trimmed.trim_start_matches(fence).trim());
                return out.finish();
            }
        }
        out.put(0, &line[..line.len() - trimmed.len()]);
        inline(&mut out, trimmed);
        out.finish()
    }
}

/// A line outside code blocks, through the Markdown parser, into `out`.
fn inline(out: &mut Out, line: &str) {
    let mut ordered: Option<u64> = None;
    let mut link: Vec<String> = Vec::new();
    let options = Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES;
    for event in Parser::new_ext(line, options) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                out.open(heading_style(level));
                out.open(Style::Bold);
            }
            Event::End(TagEnd::Heading(level)) => {
                out.close(heading_style(level));
                out.close(Style::Bold);
            }
            Event::Start(Tag::Strong) => out.open(Style::Bold),
            Event::End(TagEnd::Strong) => out.close(Style::Bold),
            Event::Start(Tag::Emphasis) => out.open(Style::Italic),
            Event::End(TagEnd::Emphasis) => out.close(Style::Italic),
            Event::Start(Tag::Strikethrough) => out.open(Style::Dim),
            Event::End(TagEnd::Strikethrough) => out.close(Style::Dim),
            Event::Start(Tag::BlockQuote(_)) => out.put(DIMMED, "│ "),
            Event::Start(Tag::List(start)) => ordered = start,
            Event::Start(Tag::Item) => match ordered.as_mut() {
                Some(number) => {
                    out.put(out.look(), &format!("{number}. "));
                    *number = number.saturating_add(1);
                }
                None => out.put(out.look(), "• "),
            },
            Event::Start(Tag::Link { dest_url, .. }) => link.push(dest_url.into_string()),
            Event::End(TagEnd::Link) => {
                if let Some(url) = link.pop() {
                    out.put(DIMMED, &format!(" ({url})"));
                }
            }
            Event::Code(code) => out.put(out.look() | Style::Code.look(), &code),
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => {
                out.put(out.look(), &text);
            }
            Event::SoftBreak | Event::HardBreak => out.put(out.look(), " "),
            Event::Rule => out.put(out.look(), &"─".repeat(RULE_WIDTH)),
            Event::TaskListMarker(done) => out.put(out.look(), if done { "[x] " } else { "[ ] " }),
            Event::Start(_)
            | Event::End(_)
            | Event::FootnoteReference(_)
            | Event::InlineMath(_)
            | Event::DisplayMath(_) => {}
        }
    }
}

/// The style a heading of `level` adds to bold: a title underlined.
fn heading_style(level: HeadingLevel) -> Style {
    if level == HeadingLevel::H1 {
        Style::Underline
    } else {
        Style::Bold
    }
}

/// One line's output as it is built: every text goes through `visible`,
/// and a style sequence is written only when the look changes before a
/// text, so nesting however deep costs nothing.
struct Out {
    styled: bool,
    text: String,
    /// How deep each style of [`STYLES`] is open.
    open: [u32; STYLES.len()],
    /// The look the terminal has now.
    shown: u8,
}

impl Out {
    fn new(styled: bool) -> Self {
        Self {
            styled,
            text: String::new(),
            open: [0; STYLES.len()],
            shown: 0,
        }
    }

    /// One more `style` open.
    fn open(&mut self, style: Style) {
        let depth = &mut self.open[style as usize];
        *depth = depth.saturating_add(1);
    }

    /// One `style` fewer open.
    fn close(&mut self, style: Style) {
        let depth = &mut self.open[style as usize];
        *depth = depth.saturating_sub(1);
    }

    /// The look of the styles open.
    fn look(&self) -> u8 {
        (0..STYLES.len())
            .filter(|&index| self.open[index] > 0)
            .fold(0, |look, index| look | (1 << index))
    }

    /// `text` (the model's, or the renderer's words) shown in `look`,
    /// every control character in it spelled out.
    fn put(&mut self, look: u8, text: &str) {
        if text.is_empty() {
            return;
        }
        self.show(look);
        self.text.push_str(&visible(text));
    }

    /// Sets the terminal's look to `look`: the styles it adds, or a reset
    /// and all of its styles when it drops one.
    fn show(&mut self, look: u8) {
        if !self.styled || look == self.shown {
            return;
        }
        if look & self.shown != self.shown {
            self.text.push_str(RESET);
            self.shown = 0;
        }
        for (index, code) in STYLES.iter().enumerate() {
            if (look & !self.shown) & (1 << index) != 0 {
                self.text.push_str(code);
            }
        }
        self.shown = look;
    }

    /// The line, its styles reset at the end.
    fn finish(mut self) -> String {
        self.show(0);
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tidyup_core::visible;

    #[test]
    fn markers_become_styles_or_go() {
        let mut plain = Markdown::new(false);
        assert_eq!(
            plain.render("# Plan\n- **Documents/**: 3 files\n1. `a.txt`\n```\nraw **x**\n```\nend"),
            "Plan\n• Documents/: 3 files\n1. a.txt\n\nraw **x**\n\nend"
        );
        let mut styled = Markdown::new(true);
        assert_eq!(styled.render("a **b** c"), format!("a {BOLD}b{RESET} c"));
    }

    /// `out` without the renderer's own style sequences (`ESC [ digits m`).
    fn without_own_styles(out: &str) -> String {
        let mut rest = out;
        let mut kept = String::new();
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

    /// Whether `text` holds a character a terminal obeys or that reorders
    /// text (what the core's `visible` spells out).
    fn obeyed(text: &str) -> Option<char> {
        text.chars()
            .find(|&c| visible(&c.to_string()) != c.to_string().as_str())
    }

    #[test]
    fn character_references_and_controls_reach_the_terminal_spelled_out() {
        let hostile = [
            "&#27;]0;PWNED&#7; and &#x1b;[2J then &#155;31m",
            "# &#27;]52;c;QUJD&#7; title",
            "see [here](http://x/&#27;]0;PWNED&#7;&#155;) **&#x1B;[2J**",
            "- `\x1b[2J` code \u{9b} raw \u{202e}cba",
            "> &#x202e;fdp.exe &#127; &#x85;",
            "<b>&#27;[2J</b> \x07",
            "```\x1b[2J\n\x1b]0;x\x07 fenced\n```",
        ];
        for styled in [true, false] {
            for text in hostile {
                let out = Markdown::new(styled).render(text);
                let shown = without_own_styles(&out);
                assert_eq!(obeyed(&shown), None, "{text:?} rendered as {out:?}");
                if !styled {
                    assert_eq!(shown, out, "no style when not styled: {out:?}");
                }
            }
        }
        let mut styled = Markdown::new(true);
        assert_eq!(
            styled.render("a &#27;]0;PWNED&#7; [b](c&#155;)"),
            format!("a \\x1b]0;PWNED\\x07 b{DIM} (c\\u{{9b}}){RESET}")
        );
    }

    #[test]
    fn nested_emphasis_grows_the_output_at_most_linearly() {
        for markers in [1_000, 6_000, 20_000] {
            let stars = "*".repeat(markers);
            for text in [
                format!("{stars}x{stars}"),
                format!("{}x{}", "_".repeat(markers), "_".repeat(markers)),
                format!("# {}", "**a *b* ".repeat(markers / 8)),
            ] {
                let out = Markdown::new(true).render(&text);
                assert!(
                    out.len() < 10 * text.len(),
                    "{} bytes rendered as {} bytes",
                    text.len(),
                    out.len()
                );
            }
        }
    }

    #[test]
    fn the_widest_lines_stay_within_32_bytes_a_byte_plus_64() {
        for line in [
            "---\n",
            ">---\n",
            "# ***`a`b[](c)\n",
            "[](a)x",
            "> > *a*b**c**d~~e~~`f`\n",
            "&#27;&#1;&#x202e;&#155;\n",
            "-\n",
            "```\n\n",
        ] {
            let text = line.repeat(500);
            let out = Markdown::new(true).render(&text);
            assert!(
                out.len() <= 32 * text.len() + 64,
                "{line:?} x 500: {} bytes rendered as {}",
                text.len(),
                out.len()
            );
        }
    }

    #[test]
    fn a_streamed_line_shows_once_it_ends() {
        let mut markdown = Markdown::new(false);
        assert_eq!(markdown.push("**Do"), "");
        assert_eq!(markdown.push("ne**\nnext"), "Done\n");
        assert_eq!(markdown.finish(), "next");
    }
}
