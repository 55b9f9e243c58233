//! A text's size as the budget's estimate counts it, kept as counts so the
//! estimate of a request can be adjusted exactly as parts of it change.

use std::ops::{Add, Sub};

/// The ASCII bytes and other characters of some text: an estimate of
/// a token per four ASCII bytes, one per other character (CJK text is about
/// one token a character).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Size {
    ascii: u64,
    other: u64,
}

impl Size {
    /// The size of `text` as it is.
    pub(crate) fn of(text: &str) -> Self {
        text.chars().fold(Self::default(), |size, c| {
            if c.is_ascii() {
                Self {
                    ascii: size.ascii + 1,
                    ..size
                }
            } else {
                Self {
                    other: size.other + 1,
                    ..size
                }
            }
        })
    }

    /// The size of `text` as a request carries it: a JSON string, quoted
    /// and escaped as the request's serializer writes it.
    pub(crate) fn of_json_string(text: &str) -> Self {
        serde_json::to_string(text).map_or_else(|_| Self::of(text), |json| Self::of(&json))
    }

    /// The estimated tokens.
    pub(crate) fn tokens(self) -> u64 {
        self.ascii.div_ceil(4) + self.other
    }
}

impl Add for Size {
    type Output = Self;

    fn add(self, more: Self) -> Self {
        Self {
            ascii: self.ascii.saturating_add(more.ascii),
            other: self.other.saturating_add(more.other),
        }
    }
}

impl Sub for Size {
    type Output = Self;

    fn sub(self, less: Self) -> Self {
        Self {
            ascii: self.ascii.saturating_sub(less.ascii),
            other: self.other.saturating_sub(less.other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_add_up_to_the_estimate_of_the_whole() {
        let (a, b) = ("abc\"\n", "整理 done");
        let whole = serde_json::to_string(&[a, b]).unwrap();
        let parts = Size::of("[,]") + Size::of_json_string(a) + Size::of_json_string(b);
        assert_eq!(parts, Size::of(&whole));
        assert_eq!(
            (parts - Size::of_json_string(b)).tokens(),
            Size::of("[\"abc\\\"\\n\",]").tokens()
        );
    }
}
