//! Why each row's item goes where it goes, and what kind it is: the facts
//! of the folder and the plan a row's reason is read from.

use std::collections::BTreeMap;

use super::{Item, PlanInput, Why, WhyKind};
use crate::copy_names::original_name;
use crate::groups::Groups;
use crate::kinds::kind;
use crate::planner::{folder_evidence, means_category};
use crate::rules::{RuleTerms, Rules};
use crate::texts::Lang;

/// What the reasons are read from.
pub(super) struct Context<'a> {
    lang: Lang,
    /// Top-level entries by name: (size, is a folder).
    entries: BTreeMap<&'a str, (u64, bool)>,
    /// The files the plan neither deletes nor sets aside, by size, in the
    /// entries' order: what a copy may be a copy of.
    kept: BTreeMap<u64, Vec<&'a str>>,
    groups: Groups,
    rules: Option<Rules>,
    /// Where each top-level item the plan moves goes (`None`: deleted).
    moves: BTreeMap<&'a str, Option<&'a str>>,
    /// The digests of the top-level files known: their steps', else their
    /// entries'.
    digests: BTreeMap<&'a str, &'a str>,
    /// The folders the folder held before the plan, with the files each
    /// holds as far as the host listed them.
    folders: BTreeMap<&'a str, &'a [String]>,
}

impl<'a> Context<'a> {
    /// The facts of `input` and its `items`.
    pub(super) fn new(input: &'a PlanInput, items: &'a [Item], lang: Lang) -> Self {
        let entries = input
            .entries
            .iter()
            .map(|entry| (entry.name.as_str(), (entry.size, entry.dir)))
            .collect();
        let groups = Groups::form(input.entries.iter().map(|e| (e.name.as_str(), e.dir)));
        let rules = input
            .rules
            .as_deref()
            .and_then(|text| Rules::parse(text).ok());
        let moves: BTreeMap<&str, Option<&str>> = items
            .iter()
            .filter(|item| item.from.is_empty())
            .map(|item| (item.from_name.as_str(), item.to.as_deref()))
            .collect();
        let mut digests: BTreeMap<&str, &str> = input
            .entries
            .iter()
            .filter_map(|entry| Some((entry.name.as_str(), entry.digest.as_deref()?)))
            .collect();
        digests.extend(
            items
                .iter()
                .filter(|item| item.from.is_empty())
                .filter_map(|item| Some((item.from_name.as_str(), item.digest.as_deref()?))),
        );
        let mut kept: BTreeMap<u64, Vec<&str>> = BTreeMap::new();
        for entry in input.entries.iter().filter(|entry| !entry.dir) {
            let stays = match moves.get(entry.name.as_str()) {
                None => true,
                Some(None) => false,
                Some(Some(to)) => !is_set_aside(to.split('/').next().unwrap_or(to), lang),
            };
            if stays {
                kept.entry(entry.size).or_default().push(&entry.name);
            }
        }
        let folders = (input.entries.iter())
            .filter(|entry| entry.dir && !entry.name.starts_with('.'))
            .map(|entry| (entry.name.as_str(), entry.holds.as_slice()))
            .collect();
        Context {
            lang,
            entries,
            kept,
            groups,
            rules,
            moves,
            digests,
            folders,
        }
    }

    /// Whether `item` is a folder, as the folder's entries say.
    fn is_dir(&self, item: &Item) -> bool {
        item.from.is_empty()
            && self
                .entries
                .get(item.from_name.as_str())
                .is_some_and(|(_, dir)| *dir)
    }

    /// The item's size: the step's, else its entry's.
    pub(super) fn size(&self, item: &Item) -> u64 {
        if item.size > 0 || !item.from.is_empty() {
            return item.size;
        }
        self.entries
            .get(item.from_name.as_str())
            .map_or(0, |(size, _)| *size)
    }

    /// The item's kind in words.
    pub(super) fn kind_word(&self, item: &Item) -> String {
        if self.is_dir(item) {
            self.lang.plan_kind_folder().to_owned()
        } else {
            self.lang.plan_kind(kind(&item.name)).to_owned()
        }
    }

    /// Why the item goes where it goes.
    pub(super) fn why(&self, item: &Item) -> Why {
        let lang = self.lang;
        let why = |kind: WhyKind, text: String| Why { kind, text };
        let Some(to) = item.to.as_deref() else {
            return match self.copy_of(item) {
                Some(kept) => why(WhyKind::Duplicate, lang.plan_why_duplicate(Some(kept))),
                None => why(WhyKind::Request, lang.plan_why_delete()),
            };
        };
        let top = to.split('/').next().unwrap_or(to);
        if is_set_aside(top, lang) {
            return why(
                WhyKind::Duplicate,
                lang.plan_why_duplicate(self.copy_of(item)),
            );
        }
        if let Some(text) = self.rule(item, to) {
            return why(WhyKind::Rule, text);
        }
        if let Some(main) = self.moving_with(item, to) {
            return why(WhyKind::Group, lang.plan_why_group(main));
        }
        let category = kind(&item.name);
        if !self.is_dir(item) && !to.is_empty() && means_category(top, category) {
            return why(
                WhyKind::Category,
                lang.plan_why_category(lang.plan_kind(category)),
            );
        }
        let evidence = (self.folders.get(top))
            .filter(|_| !self.is_dir(item))
            .and_then(|holds| folder_evidence(top, holds, &item.name));
        if let Some(evidence) = evidence {
            return why(WhyKind::Existing, lang.plan_why_existing(top, &evidence));
        }
        why(WhyKind::Request, lang.plan_why_request())
    }

    /// The rule that sends the item to `to`, in its own words.
    fn rule(&self, item: &Item, to: &str) -> Option<String> {
        let rules = self.rules.as_ref()?;
        let index = rules.rule_sending(&item.name, kind(&item.name).name(), to)?;
        let terms = rules.terms().nth(index)?;
        Some(self.lang.plan_why_rule(index + 1, &rule_words(&terms)))
    }

    /// The main file of the item's group, when the item is another member
    /// of it and both go to `to`. The main file goes by its own reason.
    fn moving_with(&self, item: &Item, to: &str) -> Option<&str> {
        if !item.from.is_empty() {
            return None;
        }
        let group = self.groups.of(&item.from_name)?;
        let main = group.main.as_str();
        let alongside = self.moves.get(main).is_some_and(|dest| *dest == Some(to));
        (main != item.from_name && alongside).then_some(main)
    }

    /// The entry a copy has the bytes of. When the dry run read the copy's
    /// bytes, only a kept file of the same digest is (the one the copy's
    /// name says first: `a.zip` for `a (1).zip`); a file whose bytes were
    /// not read is never guessed then. Without the copy's digest: the entry
    /// its name says, else the first of the same size the plan keeps.
    fn copy_of(&self, item: &Item) -> Option<&str> {
        let size = self.size(item);
        let is_self = |name: &str| item.from.is_empty() && name == item.from_name;
        let same_bytes = |name: &str| match item.digest.as_deref() {
            Some(digest) => self.digests.get(name) == Some(&digest),
            None => true,
        };
        let kept = self.kept.get(&size)?;
        if let Some(original) = original_name(&item.from_name)
            && let Some((name, _)) = self.entries.get_key_value(original.as_str())
            && !is_self(name)
            && kept.contains(name)
            && same_bytes(name)
        {
            return Some(name);
        }
        kept.iter()
            .copied()
            .find(|name| !is_self(name) && same_bytes(name))
    }
}

/// Whether a top-level folder is where copies are set aside: the
/// language's duplicates folder, or it made free of a file (`Duplicates (2)`).
fn is_set_aside(top: &str, lang: Lang) -> bool {
    let wanted = lang.duplicates_folder();
    top == wanted
        || top
            .strip_prefix(wanted)
            .and_then(|rest| rest.strip_prefix(" ("))
            .and_then(|rest| rest.strip_suffix(')'))
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// A rule in its own words: its conditions as written, then its folder
/// (`*.pdf → Papers`, `invoice* /(?i)total/ → Bills/{year}`).
fn rule_words(terms: &RuleTerms<'_>) -> String {
    let mut conditions = Vec::new();
    if !terms.extensions.is_empty() {
        let globs: Vec<String> = terms.extensions.iter().map(|e| format!("*.{e}")).collect();
        conditions.push(globs.join(", "));
    }
    if let Some(name) = terms.name {
        conditions.push(name.to_owned());
    }
    if let Some(content) = terms.content {
        conditions.push(format!("/{content}/"));
    }
    if conditions.is_empty() {
        conditions.push("*".to_owned());
    }
    format!("{} → {}", conditions.join(" "), terms.to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_aside_folders_are_the_duplicates_folder() {
        assert!(is_set_aside("Duplicates", Lang::En));
        assert!(is_set_aside("Duplicates (2)", Lang::En));
        assert!(is_set_aside("重复文件", Lang::Zh));
        assert!(!is_set_aside("Duplicates old", Lang::En));
    }
}
