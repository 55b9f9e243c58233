//! The watch's rules file, followed while the watch runs: read again when
//! it changes, so every later batch (its rules guard and what the planner
//! gets) and the choice of what to organize use the rules as they are now.
//! A rules file that cannot be used stops the batches until it is fixed.

use std::path::{Path, PathBuf};

use tidyup_core::Lang;
use tidyup_core::rules::Rules;

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
