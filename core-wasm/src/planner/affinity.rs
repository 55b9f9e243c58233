//! Folder affinity: whether a loose file belongs in a folder the person
//! made, by evidence any folder can give, whatever its name: the file's
//! name begins with the folder's (`BIO101 lab 3.docx`, `BIO101/`); it
//! holds the folder's subject (`Chase Statement 2025-03.pdf`, `Statements
//! 2025/`; `招商银行对账单_202503.pdf`, `2025年对账单/`); it is named like
//! the files the folder holds (`Tape 07 side B.wav` like `Tape 01 side
//! A.wav`); or it has the format only that folder's files have (`.dna`
//! and `.gb` in `Plasmid maps/`). Each kind of evidence has a strength;
//! the strongest folder wins.

use crate::dates::year_in_name;
use crate::file_type::{CATEGORIES, Category, extension};
use crate::kinds::kind;
use crate::texts::folder_words::{COMMON_FIRST_WORDS, Evidence, GENERIC_FOLDER_WORDS};

/// Held files of one kind a pattern needs before it says anything.
const LEAST_HELD: usize = 2;
/// The share of the held files of one kind a word must be in to be part
/// of their pattern, in percent.
const PATTERN_SHARE: usize = 80;
/// Endings at most that make a folder's own format.
const MOST_FORMATS: usize = 3;

/// What one folder's name and files say it takes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Affinity {
    /// Its name, lowercased, spaces collapsed: a file's name beginning so
    /// is named after it (empty when too plain to tell).
    name_key: String,
    /// The words of its name that say its subject (stemmed; Chinese runs
    /// whole), all of which a file's name must hold.
    subject: Vec<String>,
    /// For each kind of file it holds (two at least): the words most of
    /// them share, and how many there are.
    patterns: Vec<(Category, Vec<String>, usize)>,
    /// The telling first words two held files of a kind share, with the
    /// kind and how many files.
    first_words: Vec<(Category, String, usize)>,
    /// The endings only its files have, and how many files: set when every
    /// file it holds has one of a few endings no common format has.
    formats: Option<(Vec<String>, usize)>,
    /// For each kind of file it holds (two at least) all named `TITLE -
    /// PART`: the parts (`front`, `back`, `booklet`), and how many files.
    parts: Vec<(Category, Vec<String>, usize)>,
    /// The kinds of the files it holds: a subject takes only files of one
    /// of them (any, when it holds no file).
    kinds: Vec<Category>,
}

impl Affinity {
    /// The affinity of the folder named `name` holding the files `holds`.
    pub fn of(name: &str, holds: &[String]) -> Self {
        let name_key = collapse(&name.to_lowercase());
        let telling = name_key.chars().count() >= 3
            && name_key.chars().any(char::is_alphabetic)
            && !GENERIC_FOLDER_WORDS.contains(&name_key.as_str());
        let mut affinity = Affinity {
            name_key: if telling { name_key } else { String::new() },
            subject: subject_words(name),
            ..Affinity::default()
        };
        let held: Vec<(Category, &String)> = holds.iter().map(|held| (kind(held), held)).collect();
        let mut kinds: Vec<Category> = held.iter().map(|(category, _)| *category).collect();
        kinds.sort_unstable();
        kinds.dedup();
        affinity.kinds.clone_from(&kinds);
        for category in kinds {
            let named: Vec<&String> = (held.iter())
                .filter(|(of, _)| *of == category)
                .map(|(_, held)| *held)
                .collect();
            if named.len() < LEAST_HELD {
                continue;
            }
            let of_kind: Vec<Vec<String>> = named.iter().map(|held| words(held)).collect();
            if let Some(parts) = parts_of(&named) {
                affinity.parts.push((category, parts, named.len()));
            }
            if let Some(pattern) = pattern_of(&of_kind) {
                affinity.patterns.push((category, pattern, of_kind.len()));
            }
            let coarse: Vec<Vec<String>> = named.iter().map(|held| coarse_words(held)).collect();
            for first in coarse.iter().filter_map(|words| telling_first(words)) {
                let count = (coarse.iter())
                    .filter(|words| telling_first(words) == Some(first))
                    .count();
                let known = (affinity.first_words.iter()).any(|(_, word, _)| word == first);
                if count >= LEAST_HELD && !known {
                    affinity
                        .first_words
                        .push((category, first.to_owned(), count));
                }
            }
        }
        affinity.formats = own_formats(holds);
        affinity
    }

    /// The strongest evidence that the loose file `name` of kind
    /// `category` belongs here, if any.
    pub fn evidence(&self, name: &str, category: Category) -> Option<Evidence> {
        self.evidence_of(&NameWords::of(name), category)
    }

    /// [`Affinity::evidence`] of a name already split into its words.
    pub fn evidence_of(&self, name: &NameWords, category: Category) -> Option<Evidence> {
        if !self.name_key.is_empty()
            && name
                .stem
                .strip_prefix(&self.name_key)
                .is_some_and(|rest| rest.starts_with([' ', '_', '-', '.']) || starts_cjk(rest))
        {
            return Some(Evidence::NamedAfter);
        }
        let holds = |word: &String| {
            if word.chars().all(|c| c.is_ascii_digit()) {
                name.numbers.contains(word)
            } else if word.is_ascii() {
                name.words.contains(word) || name.coarse.contains(word)
            } else {
                name.lower.contains(word.as_str())
            }
        };
        for (of_kind, pattern, count) in &self.patterns {
            if *of_kind == category && pattern.iter().all(|word| name.words.contains(word)) {
                return Some(Evidence::LikeHeld(*count));
            }
        }
        let kind_held = self.kinds.is_empty() || self.kinds.contains(&category);
        if !self.subject.is_empty() && kind_held && self.subject.iter().all(holds) {
            return Some(Evidence::Subject(self.subject.join(" ")));
        }
        let first = telling_first(&name.coarse);
        for (of_kind, word, count) in &self.first_words {
            if *of_kind == category && first == Some(word.as_str()) {
                return Some(Evidence::LikeHeld(*count));
            }
        }
        for (of_kind, parts, count) in &self.parts {
            let part = name.part.as_ref();
            if *of_kind == category && part.is_some_and(|part| parts.contains(part)) {
                return Some(Evidence::LikeHeld(*count));
            }
        }
        let (formats, count) = self.formats.as_ref()?;
        formats
            .contains(&name.ending)
            .then(|| Evidence::Format(formats.join(", "), *count))
    }

    /// Globs on names that find every file this folder may take by its
    /// evidence (and others).
    pub fn globs(&self) -> Vec<String> {
        let mut globs = Vec::new();
        if !self.name_key.is_empty() {
            globs.push(format!("{}*", self.name_key));
        }
        globs.extend(self.subject.iter().map(|word| format!("*{word}*")));
        for (_, pattern, _) in &self.patterns {
            let longest = (pattern.iter())
                .filter(|word| telling_word(word))
                .max_by_key(|word| word.len());
            globs.extend(longest.map(|word| format!("*{word}*")));
        }
        globs.extend(
            self.first_words
                .iter()
                .map(|(_, word, _)| format!("{word}*")),
        );
        for (_, parts, _) in &self.parts {
            globs.extend(parts.iter().map(|part| format!("* - {part}*")));
        }
        if let Some((formats, _)) = &self.formats {
            globs.extend(formats.iter().map(|ending| format!("*.{ending}")));
        }
        globs
    }
}

/// The evidence that the file `name` belongs in the person's folder
/// `folder` (its name) holding the files `holds`: what a plan table says
/// of a row going there. A folder of a year takes its year's files only.
pub fn folder_evidence(folder: &str, holds: &[String], name: &str) -> Option<Evidence> {
    year_fits(year_in_name(folder), name)
        .then(|| Affinity::of(folder, holds).evidence(name, kind(name)))
        .flatten()
}

/// A loose file's name as affinity weighs it, split once for every
/// folder it is weighed against.
#[derive(Debug, Clone)]
pub struct NameWords {
    lower: String,
    /// Its stem, lowercased, spaces collapsed.
    stem: String,
    words: Vec<String>,
    coarse: Vec<String>,
    numbers: Vec<String>,
    part: Option<String>,
    ending: String,
}

impl NameWords {
    /// The words of the file name `name`.
    pub fn of(name: &str) -> Self {
        let lower = name.to_lowercase();
        let stem = collapse(
            lower
                .rsplit_once('.')
                .map_or(lower.as_str(), |(stem, _)| stem),
        );
        Self {
            stem,
            words: words(name),
            coarse: coarse_words(name),
            numbers: numbers(name),
            part: part_of(name),
            ending: extension(name),
            lower,
        }
    }
}

/// Whether the file `name` may go into a folder of the year `folder_year`
/// (its name's): any file when the folder has none, else only a file whose
/// name carries that year.
pub fn year_fits(folder_year: Option<i32>, name: &str) -> bool {
    match (folder_year, year_in_name(name)) {
        (Some(folder), Some(file)) => folder == file,
        (Some(_), None) => false,
        (None, _) => true,
    }
}

/// The strength of a kind of evidence: the folder with the strongest
/// takes the file, the first of equals.
pub fn strength(evidence: &Evidence) -> u8 {
    match evidence {
        Evidence::NamedAfter => 4,
        Evidence::Subject(_) | Evidence::LikeHeld(_) => 3,
        Evidence::Format(..) => 2,
        Evidence::Topic => 1,
    }
}

/// `text` with each run of white space one space, trimmed.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `text` starts with a Chinese, Japanese or Korean character.
fn starts_cjk(text: &str) -> bool {
    text.chars().next().is_some_and(is_cjk)
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{9fff}' | '\u{ac00}'..='\u{d7af}')
}

/// `lower` (a name in lower case) without its ending: an ending holds no
/// space (`Dr. Smith notes` has none).
fn without_ending(lower: &str) -> &str {
    match lower.rsplit_once('.') {
        Some((stem, ending)) if !stem.is_empty() && !ending.contains(' ') => stem,
        Some(_) | None => lower,
    }
}

/// The words of a name without its ending, lowercased: runs of letters
/// (English ones singular, `statements` → `statement`), runs of Chinese
/// characters whole, runs of digits as written.
pub fn words(name: &str) -> Vec<String> {
    let lower = name.to_lowercase();
    let stem = without_ending(&lower);
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut class = 0u8;
    for c in stem.chars() {
        let next = if c.is_ascii_digit() {
            1
        } else if is_cjk(c) {
            2
        } else if c.is_alphanumeric() {
            3
        } else {
            0
        };
        if next != class && !current.is_empty() {
            words.push(finish(std::mem::take(&mut current), class));
        }
        class = next;
        if next != 0 {
            current.push(c);
        }
    }
    if !current.is_empty() {
        words.push(finish(current, class));
    }
    words
}

/// The words of a name without its ending as people write them apart:
/// split at anything but letters and digits and where Chinese meets
/// other characters, so `BIO101` stays one word; numbers alone as `#`,
/// English words singular.
fn coarse_words(name: &str) -> Vec<String> {
    let lower = name.to_lowercase();
    let stem = without_ending(&lower);
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut cjk = false;
    for c in stem.chars() {
        let boundary = !c.is_alphanumeric() || is_cjk(c) != cjk;
        if boundary && !current.is_empty() {
            words.push(coarse(std::mem::take(&mut current)));
        }
        cjk = is_cjk(c);
        if c.is_alphanumeric() {
            current.push(c);
        }
    }
    if !current.is_empty() {
        words.push(coarse(current));
    }
    words
}

/// A coarse word: a number alone as `#`, letters alone singular, letters
/// with digits as written.
fn coarse(word: String) -> String {
    if word.chars().all(|c| c.is_ascii_digit()) {
        "#".to_owned()
    } else if word.chars().all(char::is_alphabetic) && word.is_ascii() {
        singular(&word)
    } else {
        word
    }
}

/// A run of one class of characters as a word: letters singular, digits
/// as written.
fn finish(run: String, class: u8) -> String {
    match class {
        3 => singular(&run),
        _ => run,
    }
}

/// An English word without a plural's `s` (`maps` → `map`, not `glass`).
fn singular(word: &str) -> String {
    match word.strip_suffix('s') {
        Some(stem) if stem.len() >= 3 && !stem.ends_with('s') && !stem.ends_with('u') => {
            stem.to_owned()
        }
        Some(_) | None => word.to_owned(),
    }
}

/// The runs of digits in a name, as written.
fn numbers(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The words of a folder's name that say its subject: numbers as written
/// (`Essay 2` is not `Essay 1`) but no year (a folder's year is weighed
/// apart), no words as plain as `files` or `old`, no `年` or `月` after a
/// number.
fn subject_words(name: &str) -> Vec<String> {
    let mut subject = Vec::new();
    let mut after_number = false;
    let mut numbers = numbers(name).into_iter();
    for word in coarse_words(name) {
        if word == "#" {
            after_number = true;
            let number = numbers.next().unwrap_or_default();
            let year = number.len() == 4 && year_in_name(&number).is_some();
            if !year && !number.is_empty() {
                subject.push(number);
            }
            continue;
        }
        let word = match after_number {
            true => word.trim_start_matches(['年', '月']).to_owned(),
            false => word,
        };
        after_number = false;
        let long_enough = if word.is_ascii() {
            word.len() >= 3
        } else {
            word.chars().count() >= 2
        };
        if long_enough && !GENERIC_FOLDER_WORDS.contains(&word.as_str()) {
            subject.push(word);
        }
    }
    subject
}

/// The words most of `names` (each a held file's words) share, when they
/// tell something: two letters words, or one that starts them all.
fn pattern_of(names: &[Vec<String>]) -> Option<Vec<String>> {
    let first = names.first()?;
    let mut pattern: Vec<String> = Vec::new();
    for word in first {
        if pattern.contains(word) {
            continue;
        }
        let share = names.iter().filter(|words| words.contains(word)).count();
        if share * 100 >= names.len() * PATTERN_SHARE {
            pattern.push(word.clone());
        }
    }
    let telling: Vec<&String> = (pattern.iter()).filter(|word| telling_word(word)).collect();
    let leads = telling.len() == 1 && names.iter().all(|words| words.first() == Some(telling[0]));
    (telling.len() >= 2 || leads).then_some(pattern)
}

/// The part a name ends with after ` - ` (`Kind of Blue - booklet 2.jpg`
/// → `booklet`): its words without numbers, when they tell something.
fn part_of(name: &str) -> Option<String> {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let (title, part) = stem.rsplit_once(" - ")?;
    let words: Vec<String> = words(part)
        .into_iter()
        .filter(|word| !word.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let part = words.join(" ");
    (!title.trim().is_empty() && part.chars().count() >= 3 && words.len() <= 2).then_some(part)
}

/// The parts `names` (held files of one kind) end with, when every one
/// ends with a part and the parts repeat across titles: each names what
/// a file is of its title (a cover's `front`, `back`), not a title.
fn parts_of(names: &[&String]) -> Option<Vec<String>> {
    if names.len() < LEAST_HELD {
        return None;
    }
    let mut parts: Vec<String> = names
        .iter()
        .map(|name| part_of(name))
        .collect::<Option<Vec<String>>>()?;
    let titles: Vec<&str> = names
        .iter()
        .filter_map(|name| name.rsplit_once(" - ").map(|(title, _)| title))
        .collect();
    parts.sort();
    parts.dedup();
    let mut distinct_titles = titles.clone();
    distinct_titles.sort_unstable();
    distinct_titles.dedup();
    // Titles repeat with other parts: the parts are roles.
    (distinct_titles.len() < titles.len()).then_some(parts)
}

/// Whether a word says something of a file: letters (digits too, after
/// a letter), three at least (or two Chinese characters), not a camera's
/// or a program's.
fn telling_word(word: &str) -> bool {
    let long_enough = if word.is_ascii() {
        word.len() >= 3
            && word.starts_with(|c: char| c.is_ascii_alphabetic())
            && word.chars().all(|c| c.is_ascii_alphanumeric())
    } else {
        word.chars().count() >= 2
    };
    long_enough && !COMMON_FIRST_WORDS.contains(&word) && !GENERIC_FOLDER_WORDS.contains(&word)
}

/// A name's first word, when it is telling.
fn telling_first(words: &[String]) -> Option<&str> {
    let first = words.first()?;
    telling_word(first).then_some(first.as_str())
}

/// The endings every one of `holds` has, when they are few and no common
/// format's, with how many files there are.
fn own_formats(holds: &[String]) -> Option<(Vec<String>, usize)> {
    if holds.len() < LEAST_HELD {
        return None;
    }
    let mut endings: Vec<String> = holds.iter().map(|held| extension(held)).collect();
    endings.sort_unstable();
    endings.dedup();
    let common = |ending: &String| {
        ending.is_empty()
            || CATEGORIES
                .iter()
                .any(|(_, endings)| endings.contains(&ending.as_str()))
    };
    (endings.len() <= MOST_FORMATS && !endings.iter().any(common)).then_some((endings, holds.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| (*name).to_owned()).collect()
    }

    #[test]
    fn words_are_singular_numbers_and_chinese_runs() {
        assert_eq!(
            words("Essay2 - Smith, J - graded.pdf"),
            ["essay", "2", "smith", "j", "graded"]
        );
        assert_eq!(
            words("招商银行对账单_202503.pdf"),
            ["招商银行对账单", "202503"]
        );
        assert_eq!(words("Plasmid maps"), ["plasmid", "map"]);
        assert_eq!(subject_words("2025年对账单"), ["对账单"]);
        assert_eq!(subject_words("Statements 2025"), ["statement"]);
        assert_eq!(subject_words("Old stuff"), Vec::<String>::new());
    }

    #[test]
    fn each_kind_of_evidence() {
        let docs = Category::Documents;
        let course = Affinity::of(
            "BIO101",
            &held(&["BIO101 lab 1.docx", "BIO101 syllabus.pdf"]),
        );
        assert_eq!(
            course.evidence("BIO101 quiz 4.pdf", docs),
            Some(Evidence::NamedAfter)
        );
        assert_eq!(course.evidence("BIO1010 x.pdf", docs), None);
        assert_eq!(course.evidence("BIO202 notes.pdf", docs), None);
        let essays = Affinity::of("Essay 2 graded", &[]);
        assert_eq!(
            essays.evidence("Essay2 - Smith, J - graded.pdf", docs),
            Some(Evidence::Subject("essay 2 graded".to_owned()))
        );
        assert_eq!(
            essays.evidence("Essay1 - Smith, J - graded.pdf", docs),
            None
        );
        let statements = Affinity::of("Statements 2025", &[]);
        assert_eq!(
            Affinity::of(
                "Statements 2025",
                &held(&["Chase Statement 2025-01.pdf", "Chase Statement 2025-02.pdf"])
            )
            .evidence("Chase Statement 2025-03.pdf", docs),
            Some(Evidence::LikeHeld(2))
        );
        assert_eq!(
            statements.evidence("Chase Statement 2025-03.pdf", docs),
            Some(Evidence::Subject("statement".to_owned()))
        );
        let tapes = Affinity::of(
            "Cassette transfers",
            &held(&[
                "Tape 01 side A.wav",
                "Tape 01 side B.wav",
                "Tape 02 side A.wav",
            ]),
        );
        assert_eq!(
            tapes.evidence("Tape 07 side B.wav", Category::Audio),
            Some(Evidence::LikeHeld(3))
        );
        assert_eq!(
            tapes.evidence("Tape 07 side B.pdf", docs),
            None,
            "another kind"
        );
        let maps = Affinity::of("Plasmid maps", &held(&["pET-28a(+).dna", "pUC19.gb"]));
        assert_eq!(
            maps.evidence("pGEX-4T-1.gb", docs),
            Some(Evidence::Format("dna, gb".to_owned(), 2))
        );
        let scans = Affinity::of(
            "Scans",
            &held(&["Kind of Blue - back.jpg", "Kind of Blue - front.jpg"]),
        );
        assert_eq!(
            scans.evidence("Pink Moon - front.jpg", Category::Images),
            Some(Evidence::LikeHeld(2))
        );
        let songs = Affinity::of(
            "Jazz",
            &held(&["Miles Davis - So What.mp3", "Bill Evans - Peace Piece.mp3"]),
        );
        assert_eq!(
            songs.evidence("Nina Simone - So What.mp3", Category::Audio),
            None
        );
        let projects = Affinity::of("projects", &held(&["todo.txt"]));
        assert_eq!(
            projects.evidence("old project.rar", Category::Archives),
            None,
            "the folder holds no archive"
        );
        let plain = Affinity::of("Stuff", &held(&["a.pdf", "b.pdf"]));
        assert_eq!(plain.evidence("Stuff list.pdf", docs), None);
        assert_eq!(plain.evidence("c.pdf", docs), None, "a common format");
    }
}
