//! Keeping the API key out of every text tidyup shows or keeps.
//!
//! A provider may echo the key back ("Incorrect API key provided: sk-…").
//! Every byte received from the provider passes through
//! the redacting transport (`crate::transport::redacting`), which masks the key in whole bodies, in error
//! messages and in streamed pieces (holding back a tail that could be the
//! start of a key cut between two pieces). As a second line of defence the
//! console masks every registered key in what it prints, with the same
//! hold-back across streamed answer pieces.

use std::borrow::Cow;
use std::sync::{PoisonError, RwLock};

use serde_json::Value;

/// Keys shorter than this are masked whole: showing six of their
/// characters would show most of them.
const SHORT_KEY: usize = 12;

/// A key to keep out of text, with the masked form shown in its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Secret {
    /// The forms it can take in text: as is and, when different, escaped
    /// as inside a JSON string.
    forms: Vec<String>,
    /// What is shown instead of the key: its first three characters, `...`,
    /// its last three (`sk-...xyz`); `***` for a key shorter than 12.
    masked: String,
}

impl Secret {
    /// The secret `key`; `None` for an empty key.
    pub fn new(key: &str) -> Option<Self> {
        if key.is_empty() {
            return None;
        }
        let mut forms = vec![key.to_owned()];
        let quoted = Value::String(key.to_owned()).to_string();
        let escaped = quoted
            .get(1..quoted.len().saturating_sub(1))
            .unwrap_or_default();
        if escaped != key && !escaped.is_empty() {
            forms.push(escaped.to_owned());
        }
        Some(Self {
            forms,
            masked: mask(key),
        })
    }

    /// `text` with every occurrence of the key masked.
    fn scrub<'a>(&self, text: Cow<'a, str>) -> Cow<'a, str> {
        let mut text = text;
        for form in &self.forms {
            if text.contains(form.as_str()) {
                text = Cow::Owned(text.replace(form.as_str(), &self.masked));
            }
        }
        text
    }

    /// The length of the longest end of `text` that is the start of the key
    /// (never the whole key): what must wait for the next piece.
    fn partial_tail(&self, text: &str) -> usize {
        let text = text.as_bytes();
        self.forms
            .iter()
            .map(|form| {
                let form = form.as_bytes();
                (1..form.len().min(text.len() + 1))
                    .rev()
                    .find(|&len| form.get(..len).is_some_and(|start| text.ends_with(start)))
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0)
    }
}

/// The masked form of `key`: characters other than ASCII letters, digits,
/// `-` and `_` are shown as `*`, so the mask is safe inside JSON and
/// event-stream text.
fn mask(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    if chars.len() < SHORT_KEY {
        return "***".to_owned();
    }
    let shown = |c: &char| {
        if c.is_ascii_alphanumeric() || *c == '-' || *c == '_' {
            *c
        } else {
            '*'
        }
    };
    let head: String = chars.iter().take(3).map(shown).collect();
    let tail: String = chars[chars.len() - 3..].iter().map(shown).collect();
    format!("{head}...{tail}")
}

/// `text` with every one of `secrets` masked.
pub fn scrub_with<'a>(secrets: &[Secret], text: &'a str) -> Cow<'a, str> {
    secrets
        .iter()
        .fold(Cow::Borrowed(text), |text, secret| secret.scrub(text))
}

/// The keys of this process, masked by the console whatever path a text took.
static REGISTERED: RwLock<Vec<Secret>> = RwLock::new(Vec::new());

/// Adds `secret` to the keys masked in everything the console prints.
pub fn register(secret: &Secret) {
    let mut secrets = REGISTERED.write().unwrap_or_else(PoisonError::into_inner);
    if !secrets.contains(secret) {
        secrets.push(secret.clone());
    }
}

/// The registered keys.
pub fn registered() -> Vec<Secret> {
    REGISTERED
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Masks keys in text that arrives in pieces, where a key may be cut
/// between two pieces: the end of the text that could be the start of a
/// key is held back (at most the key's length less one byte) until the next
/// piece shows whether it is.
#[derive(Debug, Clone, Default)]
pub struct PieceScrubber {
    held: String,
}

impl PieceScrubber {
    /// Adds a piece; returns the text that can be shown now, masked.
    pub fn push(&mut self, secrets: &[Secret], piece: &str) -> String {
        self.held.push_str(piece);
        let text = scrub_with(secrets, &self.held).into_owned();
        let keep = secrets
            .iter()
            .map(|secret| secret.partial_tail(&text))
            .max()
            .unwrap_or(0);
        let split = text.len() - keep;
        match (text.get(..split), text.get(split..)) {
            (Some(ready), Some(rest)) => {
                let ready = ready.to_owned();
                self.held = rest.to_owned();
                ready
            }
            // A cut inside a character cannot be the start of a key.
            _ => {
                self.held.clear();
                text
            }
        }
    }

    /// Whatever was held back, at the end of the pieces.
    pub fn finish(&mut self, secrets: &[Secret]) -> String {
        let rest = std::mem::take(&mut self.held);
        scrub_with(secrets, &rest).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::{PieceScrubber, Secret, mask, scrub_with};

    const KEY: &str = "sk-proj-abcdefghijklmnop123";

    #[test]
    fn the_key_is_masked_wherever_it_appears() {
        let secret = Secret::new(KEY).unwrap();
        assert_eq!(secret.masked, "sk-...123");
        assert_eq!(
            scrub_with(
                &[secret],
                &format!("Incorrect API key provided: {KEY}. {KEY}")
            ),
            "Incorrect API key provided: sk-...123. sk-...123"
        );
        assert_eq!(mask("short"), "***");
        assert_eq!(mask("ab\"cdefghij\\yz"), "ab*...*yz");
        assert!(Secret::new("").is_none());
    }

    #[test]
    fn a_key_escaped_in_json_is_masked_too() {
        let key = "sk-with\"quote-and\\slash";
        let secret = Secret::new(key).unwrap();
        let body = serde_json::json!({ "message": key }).to_string();
        let scrubbed = scrub_with(std::slice::from_ref(&secret), &body).into_owned();
        assert!(!scrubbed.contains("quote-and"), "{scrubbed}");
        let parsed: serde_json::Value = serde_json::from_str(&scrubbed).unwrap();
        assert_eq!(parsed["message"], secret.masked);
    }

    #[test]
    fn a_key_cut_between_pieces_never_passes() {
        let secrets = [Secret::new(KEY).unwrap()];
        let text = format!("before {KEY} between {KEY}");
        for cut in 0..text.len() {
            for second_cut in cut..text.len() {
                let mut pieces = PieceScrubber::default();
                let mut shown = String::new();
                for piece in [&text[..cut], &text[cut..second_cut], &text[second_cut..]] {
                    let ready = pieces.push(&secrets, piece);
                    assert!(!ready.contains("sk-proj"), "{ready:?}");
                    shown.push_str(&ready);
                }
                shown.push_str(&pieces.finish(&secrets));
                assert_eq!(shown, "before sk-...123 between sk-...123");
            }
        }
    }

    #[test]
    fn text_that_is_not_a_key_is_held_back_only_while_it_could_be() {
        let secrets = [Secret::new(KEY).unwrap()];
        let mut pieces = PieceScrubber::default();
        assert_eq!(pieces.push(&secrets, "tasks"), "task");
        assert_eq!(pieces.push(&secrets, "k-"), "");
        assert_eq!(pieces.push(&secrets, "x 整理"), "sk-x 整理");
        assert_eq!(pieces.finish(&secrets), "");
    }
}
