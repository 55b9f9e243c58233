//! The user's rules files made binding, over every root the tools reach.
//!
//! - Items a root's `exclude` globs name, and everything inside an excluded
//!   folder, cannot be created, moved, renamed or deleted through the
//!   guard, whatever the model asks. A folder that holds an excluded item
//!   cannot be moved or deleted whole either. Excluded items are still
//!   listed and read. Each root is governed by its own rules file.
//! - No rules file can be planted, replaced, moved or deleted: nothing named
//!   `.tidyup.toml` (any case) anywhere under a root may be created, changed
//!   or be the destination of a move, and neither may the file given with
//!   `--rules`, whatever its name and wherever it is.
//!
//! Refusals have code `excluded`. The item is taken where it really is, its
//! folders resolved through symlinks, and so is where a symlink at the path
//! leads: no other name for a protected item gets past.

use crate::fs::HostFsExt;
use std::path::{Component, Path, PathBuf};

use tidyup_core::{EntryKind, ErrorCode, FileSystemExt, HostError, Rules};

use super::{HostFs, Located, Op, Policy, PolicyId, Refusal};
use crate::fs::Location;
use crate::fs::names;
use crate::fs::under_root::relative_to;
use crate::rules_file::{RULES_FILE, RulesFile, RulesFileError};

/// Items below a folder looked at, at most, to tell whether the folder
/// holds an excluded item; a larger folder is refused as if it did.
const MOST_ITEMS_CHECKED: usize = 20_000;

/// One root and the rules whose excludes apply below it.
#[derive(Debug, Clone)]
struct Scope {
    dir: PathBuf,
    rules: Option<Rules>,
}

/// What the rules files protect over a set of roots: each root's excludes,
/// the name `.tidyup.toml` under every root, and the rules files in force.
#[derive(Debug, Clone, Default)]
pub struct RulesGuard {
    scopes: Vec<Scope>,
    /// The rules files in force, where they really are.
    files: Vec<PathBuf>,
}

impl RulesGuard {
    /// The guard of a session on `target`: `rules` (the target's own rules
    /// file, or the one given with `--rules`) govern the target; every other
    /// root of `roots` is governed by its own `.tidyup.toml` when it has one.
    pub fn load(
        target: &Path,
        rules: Option<&RulesFile>,
        roots: &[PathBuf],
    ) -> Result<Self, RulesFileError> {
        let mut guard = Self::default();
        guard.scopes.push(Scope {
            dir: target.to_path_buf(),
            rules: rules.map(|file| file.rules.clone()),
        });
        if let Some(file) = rules {
            guard.files.push(real_path(&file.path));
        }
        for root in roots
            .iter()
            .filter(|root| relative_to(target, root).is_none())
        {
            let own = crate::rules_file::load(root, None)?;
            if let Some(file) = &own {
                guard.files.push(real_path(&file.path));
            }
            guard.scopes.push(Scope {
                dir: root.clone(),
                rules: own.map(|file| file.rules),
            });
        }
        Ok(guard)
    }

    /// Why a change to the item at `location` (a folder when `is_dir`) is
    /// refused, if it is: it is or would be a rules file, or a root's rules
    /// exclude it. `holds_excluded` tells whether a folder below a root,
    /// with its path relative to that root, holds an excluded item.
    fn refuses(
        &self,
        location: &Location,
        is_dir: bool,
        holds_excluded: &mut dyn FnMut(&Rules, &str) -> Result<bool, HostError>,
    ) -> Result<bool, HostError> {
        if self.is_rules_file(&location.item) {
            return Ok(true);
        }
        for scope in &self.scopes {
            let Some(rules) = &scope.rules else { continue };
            if let Some(relative) = relative_in(&scope.dir, &location.item) {
                if rules.is_excluded(&relative, is_dir)
                    || (is_dir && holds_excluded(rules, &relative)?)
                {
                    return Ok(true);
                }
            } else if is_dir && relative_to(&location.item, &scope.dir).is_some() {
                // The folder holds a whole root that has rules.
                return Ok(true);
            }
            let led_to = location
                .leads_to
                .as_deref()
                .and_then(|target| relative_in(&scope.dir, target));
            if let Some(relative) = led_to
                && (rules.is_excluded(&relative, true) || rules.is_excluded(&relative, false))
            {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether `item` is a rules file in force, or is named (or lies inside
    /// a folder named) `.tidyup.toml` below a root.
    fn is_rules_file(&self, item: &Path) -> bool {
        if self.files.iter().any(|file| same_place(file, item)) {
            return true;
        }
        self.scopes.iter().any(|scope| {
            relative_to(&scope.dir, item).is_some_and(|relative| {
                relative.components().any(|part| {
                    matches!(part, Component::Normal(name) if is_rules_name(&names::shown(name)))
                })
            })
        })
    }
}

/// Whether `name` is the rules file's name, in any case (one file where
/// names ignore case, and never worth the risk elsewhere).
fn is_rules_name(name: &str) -> bool {
    name.eq_ignore_ascii_case(RULES_FILE)
}

/// `path` with its folders resolved through symlinks, as written when it
/// cannot be resolved.
fn real_path(path: &Path) -> PathBuf {
    dunce::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether `a` and `b` name one place, compared as the platform compares
/// paths.
fn same_place(a: &Path, b: &Path) -> bool {
    relative_to(a, b).is_some_and(|rest| rest.as_os_str().is_empty())
}

/// `place` (a real path of the machine) relative to `dir` with `/`
/// separators, `.` and `..` resolved; `None` when it is outside `dir` or is
/// `dir` itself. Compared as the platform compares paths.
fn relative_in(dir: &Path, place: &Path) -> Option<String> {
    let relative = relative_to(dir, place)?;
    let mut parts: Vec<String> = Vec::new();
    for part in relative.components() {
        match part {
            Component::Normal(name) => parts.push(names::shown(name)),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    Some(parts.join("/")).filter(|relative| !relative.is_empty())
}

impl RulesGuard {
    /// Refuses a change to `path` (at `location`) when the rules protect it.
    fn check_change(
        &self,
        path: &str,
        location: &Location,
        files: &mut dyn HostFs,
    ) -> Result<(), HostError> {
        let is_dir = location.kind == Some(EntryKind::Dir);
        let mut holds =
            |rules: &Rules, relative: &str| holds_excluded(files, rules, path, relative);
        if self.refuses(location, is_dir, &mut holds)? {
            return Err(HostError::at(ErrorCode::Excluded, path.to_owned()));
        }
        Ok(())
    }

    /// [`Self::check_change`] for `path` and every missing folder above it
    /// that creating it would create.
    fn check_creation(&self, path: &str, files: &mut dyn HostFs) -> Result<(), HostError> {
        let mut current = Some(Path::new(path));
        while let Some(here) = current.filter(|here| !here.as_os_str().is_empty()) {
            let key = names::shown_path(here);
            if files.stat(&key)?.is_some() {
                break;
            }
            let location = files.locate(&key)?;
            self.check_change(&key, &location, files)?;
            current = here.parent();
        }
        Ok(())
    }
}

impl Policy for RulesGuard {
    fn id(&self) -> PolicyId {
        PolicyId::Rules
    }

    fn applies(&self, op: Op) -> bool {
        op != Op::Read
    }

    fn locates(&self, op: Op) -> bool {
        op == Op::Change
    }

    fn check(&self, op: Op, at: &Located, files: &mut dyn HostFs) -> Result<(), Refusal> {
        let checked = match (op, &at.location) {
            (Op::Create, _) => self.check_creation(at.path, files),
            (Op::Change, Some(location)) => self.check_change(at.path, location, files),
            (Op::Change | Op::Read, _) => Ok(()),
        };
        checked.map_err(|err| Refusal::new(self.id(), err))
    }
}

/// Whether the folder at `path` (`relative` to the rules' directory) holds
/// an excluded item, looking at most at [`MOST_ITEMS_CHECKED`] items (more
/// counts as holding one).
fn holds_excluded(
    files: &mut dyn HostFs,
    rules: &Rules,
    path: &str,
    relative: &str,
) -> Result<bool, HostError> {
    if rules.exclude_patterns().is_empty() {
        return Ok(false);
    }
    let mut pending = vec![(path.to_owned(), relative.to_owned())];
    let mut seen = 0;
    while let Some((folder, folder_relative)) = pending.pop() {
        for entry in files.list(&folder)? {
            seen += 1;
            if seen > MOST_ITEMS_CHECKED {
                return Ok(true);
            }
            let child = format!("{folder_relative}/{}", entry.name);
            let is_dir = entry.kind == EntryKind::Dir;
            if rules.is_excluded(&child, is_dir) {
                return Ok(true);
            }
            if is_dir {
                let child_path = Path::new(&folder).join(&entry.name);
                pending.push((names::shown_path(&child_path), child));
            }
        }
    }
    Ok(false)
}
