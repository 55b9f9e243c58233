//! A model's Markdown as a terminal shows it: headings and bold in bold,
//! emphasis in italics, code in colour, list items with bullets, quotes
//! with a bar, fenced code dimmed, links with their address. It renders
//! line by line, so a streamed answer shows each line as it completes.
//! Without colours the markers are dropped and the words stay.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

const BOLD: &str = "\x1b[1m";
const ITALIC: &str = "\x1b[3m";
const UNDERLINE: &str = "\x1b[4m";
const CODE: &str = "\x1b[36m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// Renders Markdown line by line, remembering whether a fenced code block
/// is open across lines and holding a streamed line until it ends.
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
    /// line end; the rest waits for its line end.
    pub fn push(&mut self, piece: &str) -> String {
        self.pending.push_str(piece);
        let mut out = String::new();
        while let Some(end) = self.pending.find('\n') {
            let line: String = self.pending.drain(..=end).collect();
            out.push_str(&self.line(&line[..end]));
            out.push('\n');
        }
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
        let trimmed = line.trim_start();
        if let Some(fence) = &self.fence {
            if trimmed.starts_with(fence.as_str()) && trimmed.trim_end() == fence.as_str() {
                self.fence = None;
                return String::new();
            }
            return self.style(DIM, line);
        }
        for fence in ["```", "~~~"] {
            if trimmed.starts_with(fence) {
                self.fence = Some(fence.to_owned());
                let language = trimmed.trim_start_matches(fence).trim();
                return if language.is_empty() {
                    String::new()
                } else {
                    self.style(DIM, language)
                };
            }
        }
        let indent = &line[..line.len() - trimmed.len()];
        format!("{indent}{}", self.inline(trimmed))
    }

    /// A line outside code blocks, through the Markdown parser.
    fn inline(&self, line: &str) -> String {
        if line.is_empty() {
            return String::new();
        }
        let mut out = String::new();
        // The styles open, so each can be put back after an inner one ends.
        let mut open: Vec<&'static str> = Vec::new();
        let mut ordered: Option<u64> = None;
        let mut link: Vec<String> = Vec::new();
        let options = Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES;
        for event in Parser::new_ext(line, options) {
            match event {
                Event::Start(Tag::Heading { level, .. }) => {
                    open.push(if level == HeadingLevel::H1 {
                        UNDERLINE
                    } else {
                        BOLD
                    });
                    open.push(BOLD);
                    out.push_str(&self.codes(&open));
                }
                Event::Start(Tag::Strong) => {
                    open.push(BOLD);
                    out.push_str(&self.codes(&open));
                }
                Event::Start(Tag::Emphasis) => {
                    open.push(ITALIC);
                    out.push_str(&self.codes(&open));
                }
                Event::Start(Tag::Strikethrough) => {
                    open.push(DIM);
                    out.push_str(&self.codes(&open));
                }
                Event::Start(Tag::BlockQuote(_)) => out.push_str(&self.style(DIM, "│ ")),
                Event::Start(Tag::List(start)) => ordered = start,
                Event::Start(Tag::Item) => match ordered.as_mut() {
                    Some(number) => {
                        out.push_str(&format!("{number}. "));
                        *number += 1;
                    }
                    None => out.push_str("• "),
                },
                Event::Start(Tag::Link { dest_url, .. }) => link.push(dest_url.into_string()),
                Event::End(TagEnd::Heading(_)) => {
                    open.truncate(open.len().saturating_sub(2));
                    out.push_str(&self.reset_to(&open));
                }
                Event::End(TagEnd::Strong | TagEnd::Emphasis | TagEnd::Strikethrough) => {
                    open.pop();
                    out.push_str(&self.reset_to(&open));
                }
                Event::End(TagEnd::Link) => {
                    if let Some(url) = link.pop() {
                        out.push_str(&self.style(DIM, &format!(" ({url})")));
                        out.push_str(&self.codes(&open));
                    }
                }
                Event::Code(code) => {
                    out.push_str(&self.style(CODE, &code));
                    out.push_str(&self.codes(&open));
                }
                Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => {
                    out.push_str(&text);
                }
                Event::SoftBreak | Event::HardBreak => out.push(' '),
                Event::Rule => out.push_str(&"─".repeat(40)),
                Event::TaskListMarker(done) => out.push_str(if done { "[x] " } else { "[ ] " }),
                Event::Start(_)
                | Event::End(_)
                | Event::FootnoteReference(_)
                | Event::InlineMath(_)
                | Event::DisplayMath(_) => {}
            }
        }
        if self.styled && !open.is_empty() {
            out.push_str(RESET);
        }
        out
    }

    /// `text` in `style`, then the styles reset.
    fn style(&self, style: &str, text: &str) -> String {
        if self.styled {
            format!("{style}{text}{RESET}")
        } else {
            text.to_owned()
        }
    }

    /// The escape sequences of the styles `open`.
    fn codes(&self, open: &[&str]) -> String {
        if self.styled {
            open.concat()
        } else {
            String::new()
        }
    }

    /// Every style reset, then those still `open` set again.
    fn reset_to(&self, open: &[&str]) -> String {
        if self.styled {
            format!("{RESET}{}", open.concat())
        } else {
            String::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_streamed_line_shows_once_it_ends() {
        let mut markdown = Markdown::new(false);
        assert_eq!(markdown.push("**Do"), "");
        assert_eq!(markdown.push("ne**\nnext"), "Done\n");
        assert_eq!(markdown.finish(), "next");
    }
}
