//! What a plain request asks beyond "organize": a folder per year or
//! month, one kind only, a named folder for a kind, a kind left alone, in
//! English or Chinese (the words are the catalogue's,
//! [`crate::texts::requests`]). A request becomes rules the planner
//! already follows ([`Request::rules`]), asked ones first, and a filter of
//! what may move ([`Request::stays`]).
//!
//! A request does what it names, and only that: the files of kinds it
//! does not name stay where they are, unless it says "everything else"
//! (or "the rest", "其他的"), or asks to organize the whole folder ("tidy
//! up, but leave the music", "sort by year"). Copies are set aside only
//! by such a whole-folder request, or when the line names them.

use crate::Lang;
use crate::file_type::Category;
use crate::kinds::endings_of;
use crate::kinds::kind;
use crate::rules::{MadeRule, RuleSpec, Rules, RulesSpec};
use crate::texts::requests::{
    CLAUSE_MARKS, CLAUSE_VERBS, DATE_WORDS, DUPLICATE_WORDS, FOLDER_LEADS, FOLDER_TAILS,
    GENERAL_WORDS, INTO_WORDS, JOINING_WORDS, KIND_WORDS, KindWord, LEAVE_WORDS, MONTH_WORDS,
    NOT_FOLDERS, ONLY_WORDS, REST_WORDS, SCREENSHOT_NAMES,
};

use super::folders::category_folder;

/// A folder per year, or per month within each year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Dates {
    /// `2024/`.
    Year,
    /// `2024/03/`.
    Month,
}

/// Why a file stays where it is under a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stays {
    /// The line asked to leave its kind alone ("don't touch the music").
    Asked,
    /// The line named other kinds, not its ("put the PDFs in Papers").
    NotNamed,
}

/// What one line asks; empty when it asks nothing beyond organizing by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// Only these kinds move (none: every kind).
    pub only: Vec<KindWord>,
    /// These kinds stay where they are.
    pub leave: Vec<KindWord>,
    /// Each kind with the folder it goes to.
    pub into: Vec<(KindWord, String)>,
    /// By date rather than by kind.
    pub by_date: Option<Dates>,
    /// What the line says of the copies: set aside (`Some(true)`), left
    /// as they are (`Some(false)`); `None` when it names none.
    pub copies: Option<bool>,
    /// The line asks for the files it names no kind of too ("the rest",
    /// "everything else").
    pub rest: bool,
    /// A part of the line asks to organize the whole folder ("tidy up",
    /// "sort by year").
    pub whole: bool,
}

impl Request {
    /// Reads `line`: its requests, separated by commas or joining words
    /// before a verb ("... and leave the music alone").
    pub fn read(line: &str) -> Self {
        // ASCII lower case keeps every byte offset, so a folder's name is
        // cut from the line as the user typed it.
        let lower = line.to_ascii_lowercase();
        let mut request = Request::default();
        for (start, end) in clauses(&lower) {
            request.read_clause(&line[start..end], &lower[start..end]);
        }
        for list in [&mut request.only, &mut request.leave] {
            list.sort();
            list.dedup();
        }
        request.only.retain(|kind| !request.leave.contains(kind));
        request
    }

    /// Whether the line asks nothing beyond organizing by kind.
    pub fn is_empty(&self) -> bool {
        self.only.is_empty()
            && self.leave.is_empty()
            && self.into.is_empty()
            && self.by_date.is_none()
            && self.copies.is_none()
    }

    fn read_clause(&mut self, text: &str, lower: &str) {
        let leaves = has_any(lower, LEAVE_WORDS);
        if has_any(lower, REST_WORDS) && !leaves {
            self.rest = true;
        }
        if has_any(lower, DUPLICATE_WORDS) {
            self.copies = Some(!leaves);
        }
        let into = into_folder(text, lower);
        let kinds_end = into.as_ref().map_or(lower.len(), |(at, _)| *at);
        let kinds = kinds_in(&lower[..kinds_end]);
        if has_any(lower, DATE_WORDS) {
            let dates = if has_any(lower, MONTH_WORDS) {
                Dates::Month
            } else {
                Dates::Year
            };
            self.by_date = self.by_date.max(Some(dates));
            if kinds.is_empty() && has_any(lower, GENERAL_WORDS) {
                // "sort by year": every file.
                self.whole = true;
            }
            if !leaves {
                self.only.extend(kinds.iter().map(|(kind, _)| *kind));
            }
            return;
        }
        if kinds.is_empty() {
            let names_nothing = !leaves && !has_any(lower, DUPLICATE_WORDS);
            if names_nothing && has_any(lower, GENERAL_WORDS) {
                self.whole = true;
            }
            return;
        }
        let named = kinds.iter().map(|(kind, _)| *kind);
        if leaves {
            self.leave.extend(named);
        } else if let Some((_, folder)) = into {
            if has_any(lower, ONLY_WORDS) {
                self.only.extend(named.clone());
            }
            self.into.extend(named.map(|kind| (kind, folder.clone())));
        } else if has_any(lower, ONLY_WORDS) {
            self.only.extend(named);
        } else {
            // "organize my photos": those alone; "my Documents folder" is a
            // place, not a kind.
            let kinds = kinds.iter().filter(|(_, folder)| !folder);
            self.only.extend(kinds.map(|(kind, _)| *kind));
        }
    }

    /// Whether the line names what moves and leaves the rest where it is:
    /// it names kinds to move or the copies, and neither "the rest" nor a
    /// part that organizes the whole folder (a kind asked for alone
    /// always limits it).
    pub fn is_limited(&self) -> bool {
        let names = !self.into.is_empty() || self.copies == Some(true);
        !self.rest && (!self.only.is_empty() || (names && !self.whole))
    }

    /// Whether the plan sets copies aside: on a request for the whole
    /// folder that does not leave them, or one that names them.
    pub fn sets_copies_aside(&self) -> bool {
        match self.copies {
            Some(set_aside) => set_aside,
            None => !self.is_limited(),
        }
    }

    /// Whether a file of `category` as a whole may move under the
    /// request: not left alone, and of a kind it names when it is
    /// limited.
    pub fn takes_category(&self, category: Category) -> bool {
        let of = KindWord::Category(category);
        let named = self.only.contains(&of) || self.into.iter().any(|(kind, _)| *kind == of);
        !self.leave.contains(&of) && (!self.is_limited() || named)
    }

    /// Why the file `name` stays where it is; `None` when it may move: it
    /// is of no kind left alone and, when the request is limited, of a
    /// kind it names.
    pub fn stays(&self, name: &str) -> Option<Stays> {
        if self.leave.iter().any(|kind| is_of(name, *kind)) {
            return Some(Stays::Asked);
        }
        let named = (self.only.iter())
            .chain(self.into.iter().map(|(kind, _)| kind))
            .any(|kind| is_of(name, *kind));
        (self.is_limited() && !named).then_some(Stays::NotNamed)
    }

    /// Whether the file `name` may move (see [`Self::stays`]).
    pub fn keeps(&self, name: &str) -> bool {
        self.stays(name).is_none()
    }

    /// The rules the request makes, in order: each kind's folder (by date
    /// within it when the line asks dates of the kinds it names alone),
    /// then the date folders (under the kind's folder when only some kinds
    /// move).
    pub fn made_rules(&self, lang: Lang) -> Vec<MadeRule> {
        let placeholder = self.by_date.map(|dates| match dates {
            Dates::Year => "{year}",
            Dates::Month => "{year}/{month}",
        });
        // "put the PDFs in Papers, by year": Papers/2024/.
        let dated_into = placeholder.filter(|_| self.only.is_empty() && self.is_limited());
        let mut made: Vec<MadeRule> = self
            .into
            .iter()
            .map(|(kind, folder)| MadeRule {
                to: match dated_into {
                    Some(dates) => format!("{folder}/{dates}"),
                    None => folder.clone(),
                },
                ..condition(*kind)
            })
            .collect();
        if let Some(placeholder) = placeholder.filter(|_| dated_into.is_none()) {
            if self.only.is_empty() {
                made.push(MadeRule {
                    to: placeholder.to_owned(),
                    ..MadeRule::default()
                });
            }
            for kind in &self.only {
                let folder = category_folder(category_of(*kind), lang);
                made.push(MadeRule {
                    to: format!("{folder}/{placeholder}"),
                    ..condition(*kind)
                });
            }
        }
        made
    }

    /// Whether a request by date sends files of every kind to the date
    /// folders (no kind asked for alone, none left alone).
    pub fn takes_every_kind(&self) -> bool {
        self.by_date.is_some()
            && self.only.is_empty()
            && self.leave.is_empty()
            && self.into.is_empty()
            && !self.is_limited()
    }

    /// What a request by date asks of a folder too large to list whole, as
    /// rules the bulk moves follow (a kind is no condition there, so a
    /// kind is its endings): one rule for every file when no kind is
    /// named; one per kind asked for, into its folder; when kinds are left
    /// alone, one for the endings of every other category (a file whose
    /// name tells no kind then goes by kind). `None` when the request asks no dates, or names a
    /// folder for a kind (then it goes by kind, and says so).
    pub fn large_date_rules(&self, lang: Lang) -> Option<Rules> {
        let dates = self.by_date.filter(|_| self.into.is_empty())?;
        let placeholder = match dates {
            Dates::Year => "{year}",
            Dates::Month => "{year}/{month}",
        };
        let rule = |of: KindWord, to: String| match of {
            KindWord::Category(category) => RuleSpec {
                content: None,
                extensions: endings_of(category)
                    .into_iter()
                    .map(str::to_owned)
                    .collect(),
                name: None,
                to,
            },
            KindWord::Extension(ext) => RuleSpec {
                content: None,
                extensions: vec![ext.to_owned()],
                name: None,
                to,
            },
            KindWord::Screenshots => RuleSpec {
                content: None,
                extensions: Vec::new(),
                name: kind_glob(of),
                to,
            },
        };
        let rules: Vec<RuleSpec> = if !self.only.is_empty() {
            self.only
                .iter()
                .map(|of| {
                    let folder = category_folder(category_of(*of), lang);
                    rule(*of, format!("{folder}/{placeholder}"))
                })
                .collect()
        } else if !self.leave.is_empty() {
            let endings = Category::ALL
                .into_iter()
                .filter(|category| *category != Category::Other)
                .filter(|category| !self.leave.contains(&KindWord::Category(*category)))
                .flat_map(endings_of)
                .map(str::to_owned)
                .collect();
            vec![RuleSpec {
                content: None,
                extensions: endings,
                name: None,
                to: placeholder.to_owned(),
            }]
        } else {
            vec![RuleSpec {
                content: None,
                extensions: Vec::new(),
                name: None,
                to: placeholder.to_owned(),
            }]
        };
        RulesSpec {
            exclude: Vec::new(),
            rule: rules,
        }
        .rules()
        .ok()
    }

    /// The request's rules, then the rules file's (`file`); `None` when
    /// there are neither.
    pub fn rules(&self, lang: Lang, file: Option<&Rules>) -> Option<Rules> {
        let made = self.made_rules(lang);
        if made.is_empty() {
            return file.cloned();
        }
        let asked = Rules::made(&made)?;
        Some(match file {
            Some(file) => asked.then(file),
            None => asked,
        })
    }

    /// The line saying what was understood; `None` for a plain request.
    /// `taken`: pictures' dates taken can be read; `separator`: the
    /// target's, shown after a folder.
    pub fn understood(&self, lang: Lang, taken: bool, separator: char) -> Option<String> {
        (!self.is_empty()).then(|| lang.understood(&self.parts(lang, taken, separator)))
    }

    /// The parts of [`Self::understood`]: the named folders, the kinds
    /// asked for, the dates, the kinds left alone, the copies, and last
    /// what becomes of the other files: they stay when the request is
    /// limited, else they go by kind unless everything goes by date.
    pub fn parts(&self, lang: Lang, taken: bool, separator: char) -> Vec<String> {
        let dated_into = self.by_date.is_some() && self.only.is_empty() && self.is_limited();
        let mut parts: Vec<String> = self
            .into
            .iter()
            .map(|(kind, folder)| {
                lang.asked_into(&lang.kind_label(*kind), &format!("{folder}{separator}"))
            })
            .collect();
        if !self.only.is_empty() {
            parts.push(lang.asked_only(&lang.kind_labels(&self.only)));
        }
        if let Some(dates) = self.by_date {
            let pictures = self.only.is_empty()
                || self.only.iter().any(|kind| {
                    matches!(kind, KindWord::Screenshots) || category_of(*kind) == Category::Images
                });
            let pictures = pictures && !dated_into;
            parts.push(lang.asked_by_date(dates == Dates::Month, taken && pictures));
        }
        if !self.leave.is_empty() {
            parts.push(lang.asked_leave(&lang.kind_labels(&self.leave)));
        }
        if let Some(set_aside) = self.copies {
            parts.push(lang.asked_copies(set_aside));
        }
        if self.is_limited() {
            parts.push(lang.asked_rest_stays());
        } else if self.by_date.is_none() || !self.only.is_empty() {
            parts.push(lang.asked_rest_by_kind());
        }
        parts
    }
}

/// Whether the file `name` is of `kind`.
pub fn is_of(name: &str, of: KindWord) -> bool {
    let lower = name.to_lowercase();
    match of {
        KindWord::Category(category) => kind(name) == category,
        KindWord::Extension(ext) => lower
            .strip_suffix(ext)
            .and_then(|rest| rest.strip_suffix('.'))
            .is_some_and(|stem| !stem.is_empty()),
        KindWord::Screenshots => SCREENSHOT_NAMES.iter().any(|part| lower.contains(part)),
    }
}

/// The category a kind's files belong to (a PDF is a document).
pub fn category_of(of: KindWord) -> Category {
    match of {
        KindWord::Category(category) => category,
        KindWord::Extension(ext) => kind(&format!("a.{ext}")),
        KindWord::Screenshots => Category::Images,
    }
}

/// A glob on names matching the files of a kind that is not a whole
/// category; `None` for a category.
pub fn kind_glob(of: KindWord) -> Option<String> {
    match of {
        KindWord::Category(_) => None,
        KindWord::Extension(ext) => Some(format!("*.{ext}")),
        KindWord::Screenshots => {
            let parts: Vec<String> = SCREENSHOT_NAMES.iter().map(|n| format!("*{n}*")).collect();
            Some(format!("{{{}}}", parts.join(",")))
        }
    }
}

/// The condition of a made rule matching the files of `kind`.
fn condition(of: KindWord) -> MadeRule {
    match of {
        KindWord::Category(category) => MadeRule {
            category: Some(category.name().to_owned()),
            ..MadeRule::default()
        },
        KindWord::Extension(ext) => MadeRule {
            extension: Some(ext.to_owned()),
            ..MadeRule::default()
        },
        KindWord::Screenshots => MadeRule {
            name: kind_glob(of),
            ..MadeRule::default()
        },
    }
}

/// Whether `word` stands at byte `at` of `text`: an English word whole,
/// a Chinese one anywhere.
fn word_at(text: &str, at: usize, word: &str) -> bool {
    if !text[at..].starts_with(word) {
        return false;
    }
    if !word.is_ascii() {
        return true;
    }
    let before = text[..at].chars().next_back();
    let after = text[at + word.len()..].chars().next();
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '\'');
    !letter(before) && !letter(after)
}

/// Where `word` first stands in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    text.match_indices(word)
        .map(|(at, _)| at)
        .find(|&at| word_at(text, at, word))
}

/// Whether any of `words` stands in `text`.
fn has_any(text: &str, words: &[&str]) -> bool {
    words.iter().any(|word| find_word(text, word).is_some())
}

/// The kinds `text` names, in order, each with whether a folder word
/// follows it ("my Documents folder").
fn kinds_in(text: &str) -> Vec<(KindWord, bool)> {
    let mut found: Vec<(KindWord, bool)> = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let hit = KIND_WORDS.iter().find(|(word, _)| word_at(text, at, word));
        match hit {
            Some((word, of)) => {
                at += word.len();
                let rest = text[at..].trim_start();
                let folder = rest.starts_with("folder") || rest.starts_with("文件夹");
                if !found.iter().any(|(seen, _)| seen == of) {
                    found.push((*of, folder));
                }
            }
            None => at += text[at..].chars().next().map_or(1, char::len_utf8),
        }
    }
    found
}

/// The folder a clause sends its kinds to, and where the words naming it
/// begin: after the most telling of [`INTO_WORDS`] that follows a kind.
fn into_folder(text: &str, lower: &str) -> Option<(usize, String)> {
    let first_kind = KIND_WORDS
        .iter()
        .filter_map(|(word, _)| find_word(lower, word).map(|at| at + word.len()))
        .min()?;
    INTO_WORDS.iter().find_map(|word| {
        let at = lower[first_kind..]
            .match_indices(word)
            .map(|(at, _)| first_kind + at)
            .find(|&at| word_at(lower, at, word))?;
        let name = folder_name(&text[at + word.len()..], &lower[at + word.len()..])?;
        Some((at, name))
    })
}

/// The folder's name in `text` (its lower case `lower`), without the words
/// around it; `None` when it is no plain folder name.
fn folder_name(text: &str, lower: &str) -> Option<String> {
    let (mut start, mut end) = (0, text.len());
    // A name in quotes is the name, whatever surrounds it.
    if let Some(open) = text.find(['"', '“', '「', '《', '‘']) {
        let width = text[open..].chars().next().map_or(1, char::len_utf8);
        if let Some(close) = text[open + width..].find(['"', '”', '」', '》', '’']) {
            (start, end) = (open + width, open + width + close);
        }
    }
    let trim = |start: &mut usize, end: &mut usize| {
        let quotes: &[char] = &[
            '"', '\'', '“', '”', '‘', '’', '「', '」', '《', '》', '.', '!', '?', '。', '！', '？',
        ];
        let inner = &lower[*start..*end];
        let lead = inner.len() - inner.trim_start().trim_start_matches(quotes).len();
        *start += lead;
        let inner = &lower[*start..*end];
        *end -= inner.len() - inner.trim_end().trim_end_matches(quotes).len();
    };
    loop {
        trim(&mut start, &mut end);
        let inner = &lower[start..end];
        if let Some(lead) = FOLDER_LEADS
            .iter()
            .find(|lead| word_at(inner, 0, lead) && inner.len() > lead.len())
        {
            start += lead.len();
        } else if let Some(tail) = FOLDER_TAILS
            .iter()
            .find(|tail| inner.len() > tail.len() && word_at(inner, inner.len() - tail.len(), tail))
        {
            end -= tail.len();
        } else {
            break;
        }
    }
    let name = text[start..end].trim();
    let first = lower[start..end].split_whitespace().next()?;
    let plain = !name.is_empty()
        && name.chars().count() <= 60
        && !name.contains(['/', '\\', '{', '}', ':', '*', '?', '<', '>', '|'])
        && !name.starts_with('.')
        && !NOT_FOLDERS.contains(&first)
        && !has_any(&lower[start..end], DATE_WORDS);
    plain.then(|| name.to_owned())
}

/// The byte ranges of the requests in a lower-case line.
fn clauses(lower: &str) -> Vec<(usize, usize)> {
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for mark in CLAUSE_MARKS {
        cuts.extend(
            lower
                .match_indices(mark)
                .map(|(at, _)| (at, at + mark.len())),
        );
    }
    for word in JOINING_WORDS {
        for (at, _) in lower.match_indices(word) {
            let after = lower[at + word.len()..].trim_start();
            let next = lower.len() - after.len();
            let starts = |words: &[&str]| words.iter().any(|verb| word_at(lower, next, verb));
            if word_at(lower, at, word) && (starts(CLAUSE_VERBS) || starts(REST_WORDS)) {
                cuts.push((at, at + word.len()));
            }
        }
    }
    cuts.sort();
    let mut ranges = Vec::new();
    let mut start = 0;
    for (cut_start, cut_end) in cuts {
        if cut_start >= start {
            ranges.push((start, cut_start));
            start = cut_end;
        }
    }
    ranges.push((start, lower.len()));
    ranges
}

#[cfg(test)]
#[path = "request_tests.rs"]
mod tests;
