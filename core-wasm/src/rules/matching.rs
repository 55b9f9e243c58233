//! Applying the rules: which files are left alone, and where the others go.

use super::target::Fill;
use super::{FileFacts, Rule, RuleMatch, Rules, folded};

impl Rules {
    /// Whether the item at `relative_path` (relative to the tidied folder,
    /// `/` or `\` separated) must be left alone: neither moved, renamed nor
    /// deleted.
    ///
    /// An item is excluded when it, or any folder above it, matches an
    /// `exclude` glob. A folder is also tested with a trailing `/`, so
    /// `Keep/**` protects the folder `Keep` itself as well as everything in
    /// it. `*` and `?` stay within one component, `**` crosses them, and
    /// matching ignores case: on the case-insensitive file systems of
    /// Windows and macOS `keep` and `Keep` are one folder, and wrongly
    /// leaving a file alone is cheaper than wrongly moving it. Names are
    /// compared in Unicode's composed form, so `Café` typed in a rules file
    /// protects `Café` however the file system spells its accent. The
    /// tidied folder itself (an empty path) is never excluded.
    ///
    /// A folder that merely contains an excluded item is not itself
    /// excluded; a caller moving or deleting a whole folder checks its
    /// contents.
    pub fn is_excluded(&self, relative_path: &str, is_dir: bool) -> bool {
        if self.exclude_patterns.is_empty() {
            return false;
        }
        let path = folded(relative_path).replace('\\', "/");
        let parts: Vec<&str> = path
            .split('/')
            .filter(|part| !part.is_empty() && *part != ".")
            .collect();
        let mut prefix = String::new();
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                prefix.push('/');
            }
            prefix.push_str(part);
            let folder = is_dir || i + 1 < parts.len();
            if self.exclude.is_match(&prefix)
                || (folder && self.exclude.is_match(format!("{prefix}/")))
            {
                return true;
            }
        }
        false
    }

    /// The first rule whose conditions all hold for `file`, and its folder
    /// with placeholders filled; `None` when no rule matches.
    ///
    /// A rule whose `to` cannot be filled for this file (a `{year}` or
    /// `{month}` without a date, an `{ext}` without an extension, an empty
    /// `{category}`) does not match, and the next rule is tried.
    pub fn destination(&self, file: &FileFacts<'_>) -> Option<RuleMatch> {
        let name = file.name.rsplit(['/', '\\']).next().unwrap_or(file.name);
        let lower = folded(name);
        let ext = extension(&lower);
        let fill = Fill {
            date: file.date,
            category: file.category,
            ext,
        };
        self.rules.iter().enumerate().find_map(|(index, rule)| {
            let category_ok = rule
                .category
                .as_deref()
                .is_none_or(|category| category == file.category);
            if !category_ok || !rule.matches_name(&lower) {
                return None;
            }
            let folder = rule.to.fill(&fill)?;
            let content_ok = match (&rule.content, file.text) {
                (None, _) => true,
                (Some(regex), Some(text)) => regex.is_match(text),
                (Some(_), None) => false,
            };
            content_ok.then_some(RuleMatch {
                rule: index,
                folder,
            })
        })
    }
}

impl Rules {
    /// Whether the `extensions` and `name` conditions of some rule hold
    /// for a file named `name`: only then can its text or date decide
    /// where the rules send it.
    pub fn matches_some_name(&self, name: &str) -> bool {
        let name = name.rsplit(['/', '\\']).next().unwrap_or(name);
        let lower = folded(name);
        self.rules.iter().any(|rule| rule.matches_name(&lower))
    }
}

impl Rules {
    /// The 0-based index of the rule that sends the file `name` of
    /// category `category` (its name as [`FileFacts`] gives it) to
    /// `folder` (relative to the tidied folder, `/` separated), when the
    /// rules can: the first rule whose name conditions hold and whose `to`
    /// can be filled to `folder` (a `{year}` or `{month}` stands for any
    /// date, a `content` condition is taken to have held). `None` when an
    /// earlier rule surely takes the file elsewhere, or none can.
    pub fn rule_sending(&self, name: &str, category: &str, folder: &str) -> Option<usize> {
        let name = name.rsplit(['/', '\\']).next().unwrap_or(name);
        let lower = folded(name);
        let ext = extension(&lower);
        let folder = folded(folder).replace('\\', "/");
        for (index, rule) in self.rules.iter().enumerate() {
            let category_ok = rule
                .category
                .as_deref()
                .is_none_or(|wanted| wanted == category);
            if !category_ok || !rule.matches_name(&lower) {
                continue;
            }
            if rule.to.could_be(&folder, category, ext) {
                return Some(index);
            }
            if rule.content.is_none() && !rule.to.uses_date() {
                return None;
            }
        }
        None
    }
}

impl Rule {
    /// The `extensions` and `name` conditions on a file name `lower`,
    /// composed and in lower case. An extension matches the end of the name after a dot with a
    /// non-empty stem, so `tar.gz` matches `a.tar.gz` and `bashrc` does not
    /// match `.bashrc`.
    fn matches_name(&self, lower: &str) -> bool {
        let ext_ok = self.extensions.is_empty()
            || self.extensions.iter().any(|ext| {
                lower
                    .strip_suffix(ext.as_str())
                    .and_then(|rest| rest.strip_suffix('.'))
                    .is_some_and(|stem| !stem.is_empty())
            });
        ext_ok
            && self
                .name
                .as_ref()
                .is_none_or(|(_, glob)| glob.is_match(lower))
    }
}

/// The last extension of a lower-case file name, without the dot: none for
/// `README`, `.bashrc` or `name.`.
fn extension(lower: &str) -> Option<&str> {
    let dot = lower.rfind('.')?;
    (dot > 0 && dot + 1 < lower.len()).then(|| &lower[dot + 1..])
}
