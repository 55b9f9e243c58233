//! The user's rules file: `DIR/.tidyup.toml` when present, or the file
//! given with `--rules`. Read and checked at start (a bad file stops
//! tidyup with its line and column; `watch` reads it again when it
//! changes); its text goes to the core, its excludes to the file system
//! below the model.

use crate::words::StartupWords;
use std::path::{Path, PathBuf};

use tidyup_core::{Lang, Rules, RulesProblem};

/// The name of the rules file in a target directory.
pub const RULES_FILE: &str = ".tidyup.toml";

/// A rules file that parsed.
#[derive(Debug, Clone)]
pub struct RulesFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The directory its `exclude` globs are relative to: the target.
    pub dir: PathBuf,
    /// Its text, for the core.
    pub text: String,
    /// Its rules.
    pub rules: Rules,
}

/// Two loads of the same file with the same text are the same rules.
impl PartialEq for RulesFile {
    fn eq(&self, other: &Self) -> bool {
        (&self.path, &self.dir, &self.text) == (&other.path, &other.dir, &other.text)
    }
}

impl Eq for RulesFile {}

/// A rules file that cannot be used (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesFileError {
    /// The file.
    pub path: PathBuf,
    /// Line and column (1-based), when the error has a place.
    pub place: Option<(usize, usize)>,
    /// What is wrong.
    pub cause: RulesFileCause,
}

/// Why a rules file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesFileCause {
    /// It cannot be read (the system's message).
    Unreadable(String),
    /// Its text is refused.
    Invalid(RulesProblem),
}

impl RulesFileError {
    /// Why the rules file cannot be used, in `lang` (a system's or a
    /// parser's own cause as they word it).
    pub fn text(&self, lang: Lang) -> String {
        let at = self
            .place
            .map(|(l, c)| format!(":{l}:{c}"))
            .unwrap_or_default();
        let place = format!("{}{at}", self.path.display());
        let cause = match &self.cause {
            RulesFileCause::Unreadable(cause) => lang.rules_file_unreadable(cause),
            RulesFileCause::Invalid(problem) => lang.rules_problem(problem),
        };
        lang.rules_file_error(&place, &cause)
    }
}

/// In the language the process speaks (see [`crate::failure::speak`]).
impl std::fmt::Display for RulesFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::failure::spoken()))
    }
}

impl std::error::Error for RulesFileError {}

/// The rules for the target `dir`: the file at `explicit` (which must
/// exist), else `dir/.tidyup.toml` when it exists, else none.
pub fn load(dir: &Path, explicit: Option<&Path>) -> Result<Option<RulesFile>, RulesFileError> {
    let path = match explicit {
        Some(path) => path.to_path_buf(),
        None => {
            let path = dir.join(RULES_FILE);
            if !path.is_file() {
                return Ok(None);
            }
            path
        }
    };
    let text = crate::regular_file::read_to_string(&path).map_err(|err| RulesFileError {
        path: path.clone(),
        place: None,
        cause: RulesFileCause::Unreadable(err.to_string()),
    })?;
    let rules = Rules::parse(&text).map_err(|err| RulesFileError {
        path: path.clone(),
        place: Some((err.line, err.column)),
        cause: RulesFileCause::Invalid(err.problem),
    })?;
    Ok(Some(RulesFile {
        path,
        dir: dir.to_path_buf(),
        text,
        rules,
    }))
}
