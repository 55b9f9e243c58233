//! Words in names, as the planner compares them with the vocabulary of
//! folder names (`texts::folder_words`): a word standing whole, a name's
//! ending, a paper's number, a name's first telling word.

use crate::texts::folder_words::COMMON_FIRST_WORDS;

/// Whether any of `words` stands in the lower-case `text`.
pub fn has_any(text: &str, words: &[&str]) -> bool {
    words.iter().any(|word| has_word(text, word))
}

/// Whether `word` stands in the lower-case `text`: a Chinese word
/// anywhere, any other whole (no letter, or no digit where the word ends
/// in one, right beside it).
pub fn has_word(text: &str, word: &str) -> bool {
    if word.is_empty() {
        return false;
    }
    if !word.is_ascii() {
        return text.contains(word);
    }
    let joins = |edge: Option<char>, beside: Option<char>| match (edge, beside) {
        (Some(edge), Some(beside)) if edge.is_ascii_digit() => beside.is_ascii_digit(),
        (Some(_), Some(beside)) => beside.is_ascii_alphabetic(),
        _ => false,
    };
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !joins(word.chars().next(), before) && !joins(word.chars().next_back(), after)
    })
}

/// The ending of a lower-case name, without the dot.
pub fn ending(lower: &str) -> Option<&str> {
    lower
        .rsplit_once('.')
        .map(|(_, end)| end)
        .filter(|end| !end.is_empty())
}

/// Whether a lower-case name is a paper's by its number: arXiv's
/// (`2403.01234v2.pdf`) or an ACM DOI's (`3597503.3673866.pdf`).
pub fn is_paper_number(lower: &str) -> bool {
    let stem = lower.strip_suffix(".pdf").unwrap_or(lower);
    let stem = stem.split_once('v').map_or(stem, |(number, version)| {
        match version.chars().all(|c| c.is_ascii_digit()) {
            true => number,
            false => stem,
        }
    });
    let Some((month, number)) = stem.split_once('.') else {
        return false;
    };
    let digits = month
        .chars()
        .chain(number.chars())
        .all(|c| c.is_ascii_digit());
    let arxiv = month.len() == 4 && (4..=5).contains(&number.len());
    let acm = (6..=8).contains(&month.len()) && (6..=8).contains(&number.len());
    digits && (arxiv || acm)
}

/// The first word of a name as written (before a space, `_`, `-` or the
/// ending), when it is telling: with a letter, at least two characters,
/// not a camera's or a program's.
pub fn first_word_as_written(name: &str) -> Option<&str> {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let word = stem.split([' ', '_', '-']).next()?;
    let lower = word.to_lowercase();
    let letters: String = lower.chars().filter(|c| !c.is_ascii_digit()).collect();
    let telling = word.chars().count() >= 2
        && word.chars().any(char::is_alphabetic)
        && !COMMON_FIRST_WORDS.contains(&letters.as_str());
    telling.then_some(word)
}

/// [`first_word_as_written`] in lower case, each run of digits as `#`
/// (`Q1` and `Q2` are one word).
pub fn first_word(name: &str) -> Option<String> {
    let word = first_word_as_written(name)?.to_lowercase();
    let mut shape = String::new();
    for c in word.chars() {
        if !c.is_ascii_digit() {
            shape.push(c);
        } else if !shape.ends_with('#') {
            shape.push('#');
        }
    }
    Some(shape)
}
