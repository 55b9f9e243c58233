//! The globs behind a large plan's rules: the files a rule's conditions
//! could match as one glob for `move_matching` and `find_files`, the files
//! of the target an exclude can name, and the rules' plain folders.

use crate::rules::{RuleTerms, Rules};

/// The glob of the files the rule's conditions could match, and whether
/// the glob decides exactly as the conditions do (`*` when they cannot be
/// one glob). Only ASCII globs without escapes are taken as exact: the
/// rules fold every letter and read `\` as an escape, `move_matching`
/// neither.
pub fn rule_glob(terms: &RuleTerms<'_>) -> (String, bool) {
    let plain = |text: &str| text.is_ascii() && !text.contains('\\') && text.trim() == text;
    let extensions = (!terms.extensions.is_empty()
        && terms
            .extensions
            .iter()
            .all(|ext| plain(ext) && !ext.contains(['*', '?', '[', ']', '{', '}', ',', '/'])))
    .then(|| match terms.extensions {
        [one] => format!("*.{one}"),
        all => format!("*.{{{}}}", all.join(",")),
    });
    let name = terms.name.filter(|name| plain(name)).map(str::to_owned);
    match (terms.name, terms.extensions.is_empty()) {
        (None, true) => ("*".to_owned(), true),
        (None, false) => extensions.map_or(("*".to_owned(), false), |glob| (glob, true)),
        (Some(_), true) => name.map_or(("*".to_owned(), false), |glob| (glob, true)),
        (Some(_), false) => (extensions.or(name).unwrap_or_else(|| "*".to_owned()), false),
    }
}

/// A glob naming each rule's folder that is a plain name (no placeholder,
/// no subfolder, nothing a glob reads), to learn which are there already.
pub fn folders_glob(rules: &Rules) -> Option<String> {
    let mut names: Vec<String> = rules
        .terms()
        .map(|terms| terms.to)
        .filter(|to| plain_folder(to))
        .collect();
    names.sort();
    names.dedup();
    (!names.is_empty()).then(|| format!("{{{}}}", names.join(",")))
}

/// Whether `to` is one folder directly in the target, named plainly.
fn plain_folder(to: &str) -> bool {
    !to.contains(['/', '*', '?', '[', ']', '{', '}', ',', '\\'])
}

/// Whether the folder `to` is among the `existing` ones; `None` when not
/// known.
pub fn folder_exists(to: &str, existing: &[String]) -> Option<bool> {
    plain_folder(to).then(|| existing.iter().any(|name| name == to))
}

/// The glob on names of the target itself that an exclude `pattern`
/// covers, when it can name one of its files.
pub fn top_level(pattern: &str) -> Option<String> {
    let glob = pattern.strip_prefix("**/").unwrap_or(pattern);
    (!glob.contains('/') && !glob.is_empty()).then(|| glob.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glob(rule: &str) -> (String, bool) {
        let rules = Rules::parse(&format!("[[rule]]\n{rule}\nto = \"X\"\n")).unwrap();
        let terms = rules.terms().next().unwrap();
        rule_glob(&terms)
    }

    #[test]
    fn conditions_become_one_glob_where_they_can() {
        assert_eq!(glob("extensions = [\"jpg\"]"), ("*.jpg".into(), true));
        assert_eq!(
            glob("extensions = [\"JPG\", \"heic\"]"),
            ("*.{jpg,heic}".into(), true)
        );
        assert_eq!(glob("name = \"report*\""), ("report*".into(), true));
        assert_eq!(glob("name = \"Café*\""), ("*".into(), false));
        assert_eq!(
            glob("name = \"a*\"\nextensions = [\"pdf\"]"),
            ("*.pdf".into(), false)
        );
        assert_eq!(glob("content = \"x\""), ("*".into(), true));
    }
}
