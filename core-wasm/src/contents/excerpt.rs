//! The bounded text every reader writes its excerpt into.

/// Text that grows up to a number of characters and then refuses more,
/// remembering that it did. Control characters are dropped, line ends
/// normalised to `\n`, runs of blank lines and of spaces kept short.
#[derive(Debug, Clone)]
pub(crate) struct Excerpt {
    text: String,
    chars: usize,
    max: usize,
    cut: bool,
    newlines: usize,
    spaces: usize,
}

impl Excerpt {
    /// An empty excerpt of at most `max` characters.
    pub fn new(max: usize) -> Self {
        Excerpt {
            text: String::new(),
            chars: 0,
            max,
            cut: false,
            // Leading blank lines and spaces are dropped.
            newlines: 2,
            spaces: 1,
        }
    }

    /// Whether no more text fits.
    pub fn full(&self) -> bool {
        self.cut
    }

    /// Appends `s` as far as it fits.
    pub fn push_str(&mut self, s: &str) {
        for c in s.chars() {
            if self.cut {
                return;
            }
            self.push(c);
        }
    }

    /// Appends one character (or nothing, for a dropped one).
    pub fn push(&mut self, c: char) {
        let c = match c {
            '\r' | '\u{b}' | '\u{c}' | '\u{2028}' | '\u{2029}' => '\n',
            '\u{a0}' => ' ',
            '\u{feff}' | '\u{fffd}' => return,
            c if c.is_control() && c != '\n' && c != '\t' => return,
            c => c,
        };
        if c == '\n' {
            if self.newlines >= 2 {
                return;
            }
            // A line end swallows the spaces before it.
            while self.text.ends_with([' ', '\t']) {
                self.text.pop();
                self.chars -= 1;
            }
            self.newlines += 1;
            self.spaces = 1;
        } else if c == ' ' || c == '\t' {
            if self.spaces >= 1 {
                return;
            }
            self.spaces += 1;
        } else {
            self.newlines = 0;
            self.spaces = 0;
        }
        if self.chars >= self.max {
            self.cut = true;
            return;
        }
        self.text.push(c);
        self.chars += 1;
    }

    /// Marks the excerpt as cut: the file holds more than it shows.
    pub fn mark_cut(&mut self) {
        self.cut = true;
    }

    /// The text, trimmed at its end, and whether it was cut.
    pub fn finish(self) -> (String, bool) {
        let mut text = self.text;
        text.truncate(text.trim_end().len());
        (text, self.cut)
    }
}
