//! The watch's rules file, followed while the watch runs: read again when
//! it changes, so every later batch (its rules guard and what the planner
//! gets) and the choice of what to organize use the rules as they are now.
//! A rules file that cannot be used stops the batches until it is fixed.

use crate::words::WatchWords;
use std::path::{Path, PathBuf};

use tidyup_core::{Lang, Rules};

use crate::rules_file::{RULES_FILE, RulesFile, RulesFileError};

/// The rules file a watch follows, and what it last held.
pub struct FollowedRules {
    /// The target whose rules these are.
    target: PathBuf,
    /// The file given with `--rules`, as given.
    explicit: Option<PathBuf>,
    /// Where the file is, its folder resolved: what change notifications name.
    watched: PathBuf,
    /// The rules as last read: none, or a file that cannot be used.
    current: Result<Option<RulesFile>, RulesFileError>,
}

impl FollowedRules {
    /// Follows the rules of `target` (canonical): the file given with
    /// `--rules` (`explicit`), else `target/.tidyup.toml`; `loaded` is what
    /// they were at the start.
    pub fn new(target: &Path, explicit: Option<PathBuf>, loaded: Option<RulesFile>) -> Self {
        let file = explicit.clone().unwrap_or_else(|| target.join(RULES_FILE));
        let file = std::path::absolute(&file).unwrap_or(file);
        let watched = match (file.parent(), file.file_name()) {
            (Some(parent), Some(name)) => dunce::canonicalize(parent)
                .map(|parent| parent.join(name))
                .unwrap_or_else(|_| file.clone()),
            _ => file.clone(),
        };
        Self {
            target: target.to_path_buf(),
            explicit,
            watched,
            current: Ok(loaded),
        }
    }

    /// Where the rules file is (its folder canonical), as notifications name it.
    pub fn path(&self) -> &Path {
        &self.watched
    }

    /// The rules file in force; `Err` while it cannot be used.
    pub fn in_force(&self) -> Result<Option<&RulesFile>, &RulesFileError> {
        self.current.as_ref().map(Option::as_ref)
    }

    /// The rules in force, if any and usable.
    pub fn rules(&self) -> Option<&Rules> {
        self.in_force().ok().flatten().map(|file| &file.rules)
    }

    /// Reads the rules file again. When it holds something else, returns
    /// what to say in `lang`: that it was reloaded, or why it cannot be used
    /// (with its line and column) and that nothing moves until it is fixed.
    pub fn reload(&mut self, lang: Lang) -> Option<String> {
        let now = crate::rules_file::load(&self.target, self.explicit.as_deref());
        if now == self.current {
            return None;
        }
        self.current = now;
        Some(match &self.current {
            Ok(_) => lang.rules_reloaded(&self.shown().display().to_string()),
            Err(err) => lang.rules_broken_no_moves(&err.text(lang)),
        })
    }

    /// The rules file as the user named it.
    fn shown(&self) -> PathBuf {
        self.explicit
            .clone()
            .unwrap_or_else(|| self.target.join(RULES_FILE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn followed(dir: &Path, explicit: Option<PathBuf>) -> FollowedRules {
        let loaded = crate::rules_file::load(dir, explicit.as_deref()).unwrap();
        FollowedRules::new(dir, explicit, loaded)
    }

    #[test]
    fn a_changed_file_is_reloaded_a_broken_one_says_where_and_stops() {
        let temp = tempfile::tempdir().unwrap();
        let dir = dunce::canonicalize(temp.path()).unwrap();
        let file = dir.join(RULES_FILE);
        std::fs::write(&file, "exclude = [\"a-*\"]\n").unwrap();
        let mut rules = followed(&dir, None);
        assert_eq!(rules.path(), file);
        assert_eq!(rules.reload(Lang::En), None, "nothing changed");

        std::fs::write(&file, "exclude = [\"b-*\"]\n").unwrap();
        let said = rules.reload(Lang::En).unwrap();
        assert!(said.contains("reloaded"), "{said}");
        assert!(rules.rules().unwrap().is_excluded("b-1.pdf", false));

        std::fs::write(&file, "exclude = [\"b-*\"]\nbroken\n").unwrap();
        let said = rules.reload(Lang::En).unwrap();
        assert!(said.contains(".tidyup.toml:2:"), "{said}");
        assert!(rules.in_force().is_err() && rules.rules().is_none());
        assert_eq!(rules.reload(Lang::En), None, "said once");

        std::fs::remove_file(&file).unwrap();
        assert!(rules.reload(Lang::En).is_some());
        assert!(matches!(rules.in_force(), Ok(None)));
    }

    #[test]
    fn a_rules_file_given_relative_is_followed_where_it_is() {
        let temp = tempfile::tempdir().unwrap();
        let dir = dunce::canonicalize(temp.path()).unwrap();
        let relative = PathBuf::from("some-rules.toml");
        let rules = FollowedRules::new(&dir, Some(relative.clone()), None);
        let cwd = dunce::canonicalize(std::env::current_dir().unwrap()).unwrap();
        assert_eq!(rules.path(), cwd.join(relative));
    }
}
