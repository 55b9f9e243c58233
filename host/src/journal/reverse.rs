//! Reversing one journaled change, for `undo`: each place found by its
//! exact bytes (or, in a journal written before, by its shown name), and
//! nothing that appeared since overwritten.

use crate::fs::HostFsExt;
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use tidyup_core::{EntryKind, ErrorCode, FileSystemExt, Lang};

use super::Record;
use crate::fs::{HostFs, names};
use crate::words::UndoApplyWords;

/// How a journal names the places of its records.
#[derive(Debug, Clone, Copy)]
pub(super) struct Places<'a> {
    /// Every path exact (see [`Record::Header`]'s `exact`); else names as
    /// shown, found by name as when they were written.
    pub(super) exact: bool,
    /// The sources of moves made by copying.
    pub(super) copied: &'a HashSet<&'a str>,
    /// Whether a move keeps an item's modification time (not on a store,
    /// whose move is a copy with a time of its own).
    pub(super) times_kept: bool,
}

impl Places<'_> {
    /// The path to hand the file system for a record's path `shown`
    /// whose exact bytes, if they are not its text, are `raw`.
    fn of(self, shown: &str, raw: Option<&str>) -> String {
        if !self.exact {
            return shown.to_owned();
        }
        let real = raw
            .and_then(names::from_raw_hex)
            .unwrap_or_else(|| PathBuf::from(shown));
        names::exact(&real)
    }
}

/// The machine's path of a trashed item's place in the trash, `shown`
/// (its exact bytes `raw` when they are not its text). A journal written
/// before exact records named it as shown: found by that name.
fn trash_path(places: Places, shown: &Path, raw: Option<&str>) -> PathBuf {
    match raw.and_then(names::from_raw_hex) {
        Some(real) => real,
        None if places.exact => shown.to_path_buf(),
        None => names::resolve(shown, |path| fs::symlink_metadata(path).is_ok()),
    }
}

/// Why a change was not reversed.
#[derive(Debug, Clone)]
pub(super) struct Skip {
    /// The reason, in words.
    pub(super) reason: String,
    /// Whether trying again may reverse it: the file system failed (a
    /// server that did not answer, an error of its own), rather than
    /// undo judging the change must stay (something appeared since).
    pub(super) retry: bool,
}

impl Skip {
    /// A change undo judged must stay, for `reason`.
    fn judged(reason: String) -> Self {
        Self {
            reason,
            retry: false,
        }
    }
}

/// A failure of the file system, worded; worth trying again when the
/// file system, not a refusal, failed.
fn failed(err: &tidyup_core::HostError) -> Skip {
    Skip {
        reason: crate::failure::worded(err),
        retry: crate::fs::outcome_unknown(err),
    }
}

/// Reverses one change: `Ok(true)` done, `Ok(false)` nothing to do, `Err`
/// skipped, with why.
pub(super) fn reverse(
    files: &mut dyn HostFs,
    record: &Record,
    places: Places<'_>,
    lang: Lang,
) -> Result<bool, Skip> {
    match record {
        Record::Header { .. }
        | Record::Undone { .. }
        | Record::RolledBack { .. }
        | Record::Reversed { .. } => Ok(false),
        Record::Moved {
            from,
            to,
            from_raw,
            to_raw,
            id,
            seen,
        } => {
            let at = Move {
                from: (from, places.of(from, from_raw.as_deref())),
                to: (to, places.of(to, to_raw.as_deref())),
                id: id.filter(|_| places.exact && !places.copied.contains(from.as_str())),
                seen: seen.map(|[size, modified]| (size, places.times_kept.then_some(modified))),
            };
            move_back(files, &at, lang)
        }
        Record::Trashed {
            path,
            trash,
            path_raw,
            trash_raw,
        } => restore_from_trash(
            files,
            (path, &places.of(path, path_raw.as_deref())),
            &trash_path(places, trash, trash_raw.as_deref()),
            lang,
        ),
        Record::Created { path, path_raw } => {
            remove_created_folder(files, (path, &places.of(path, path_raw.as_deref())), lang)
        }
        Record::Copying {
            from,
            partial,
            in_place,
        } => remove_partial_copy(files, from, (partial, *in_place), lang),
    }
}

/// Removes the copy a move across file systems was making at `partial`
/// when its process was killed: only while the item moved is still at
/// `from` (the copy is then a mere copy; once the source was set aside the
/// copy is left alone). Nothing there: the move finished or cleaned up.
/// Not a change of the session's, so never counted. A copy made at the
/// destination itself (`in_place`) is removed only while it holds the same
/// bytes as `from`: else it is not the copy (another item that was there
/// when the copy was refused), and stays.
fn remove_partial_copy(
    files: &mut dyn HostFs,
    from: &str,
    (partial, in_place): (&str, bool),
    lang: Lang,
) -> Result<bool, Skip> {
    let Some(copy) = files.stat(partial).map_err(|e| failed(&e))? else {
        return Ok(false);
    };
    if !exists(files, (from, from), lang)? {
        return Ok(false);
    }
    if in_place && !same_bytes(files, from, partial) {
        return Ok(false);
    }
    let removed = if copy.kind == EntryKind::Dir {
        files.remove_dir_all(partial)
    } else {
        files.remove_file(partial)
    };
    removed.map(|()| false).map_err(|e| failed(&e))
}

/// Whether the files at `a` and `b` hold the same bytes (a folder, or
/// what cannot be read, is not found the same).
fn same_bytes(files: &mut dyn HostFs, a: &str, b: &str) -> bool {
    let paths = [a.to_owned(), b.to_owned()];
    match files.digests(&paths, None) {
        Ok(digests) => match digests.as_slice() {
            [Ok(x), Ok(y)] => x == y,
            _ => false,
        },
        Err(_) => false,
    }
}

/// Whether the item at `at` (a path for the file system, and as shown)
/// exists; a path now outside the allowed directories is a reason to skip.
fn exists(files: &mut dyn HostFs, place: (&str, &str), lang: Lang) -> Result<bool, Skip> {
    entry_at(files, place, lang).map(|entry| entry.is_some())
}

/// The item at `at` (a path for the file system, and as shown), as
/// [`exists`] judges it.
fn entry_at(
    files: &mut dyn HostFs,
    (shown, at): (&str, &str),
    lang: Lang,
) -> Result<Option<tidyup_core::Entry>, Skip> {
    files.stat(at).map_err(|e| {
        if e.code == ErrorCode::Denied {
            Skip::judged(lang.undo_outside_now(shown))
        } else {
            Skip {
                reason: format!("{shown}: {}", crate::failure::worded(&e)),
                ..failed(&e)
            }
        }
    })
}

/// A move to reverse: each end as shown and as handed to the file
/// system, and the identity of the item moved, when journaled.
struct Move<'a> {
    from: (&'a str, String),
    to: (&'a str, String),
    id: Option<[u64; 2]>,
    /// The size and (where moves keep it) the modification time of the
    /// file moved, when journaled.
    seen: Option<(i64, Option<i64>)>,
}

/// Moves the item at `to` back to `from`: only the item moved (by its
/// identity, on the device it was on).
fn move_back(files: &mut dyn HostFs, at: &Move, lang: Lang) -> Result<bool, Skip> {
    let (from, to) = ((at.from.0, at.from.1.as_str()), (at.to.0, at.to.1.as_str()));
    let now = match (exists(files, from, lang)?, entry_at(files, to, lang)?) {
        // Journaled but never made (a failed or interrupted change).
        (true, None) => return Ok(false),
        (false, None) => return Err(Skip::judged(lang.undo_moved_item_gone(to.0, from.0))),
        // Both names are the one item (a change of case where case is
        // ignored): renaming it back is safe, made or not.
        (true, Some(now)) if files.same_item(from.1, to.1).map_err(|e| failed(&e))? => now,
        (true, Some(_)) => return Err(Skip::judged(lang.undo_old_place_taken(from.0, to.0))),
        (false, Some(now)) => now,
    };
    if let (Some([device, file]), Some(real)) = (at.id, names::exact_path(to.1))
        && let Ok(Some((now_device, now_file))) = crate::fs::identity(&real)
        // A move across file systems made a new item; the device tells.
        && now_device == device
        && now_file != file
    {
        return Err(Skip::judged(lang.undo_moved_item_replaced(to.0, from.0)));
    }
    if let Some((size, modified)) = at.seen
        && (i64::try_from(now.size).ok() != Some(size)
            || modified.is_some_and(|modified| now.modified != modified))
    {
        // Another file was saved where this one went.
        return Err(Skip::judged(lang.undo_moved_item_replaced(to.0, from.0)));
    }
    if let Some(parent) = parent_of(from.1) {
        files.create_dir_all(&parent).map_err(|e| failed(&e))?;
    }
    files
        .rename(to.1, from.1)
        .map(|()| true)
        .map_err(|e| failed(&e))
}

/// The folder holding the item at `path` (a path for the file system).
fn parent_of(path: &str) -> Option<String> {
    match names::exact_path(path) {
        Some(real) => real.parent().map(names::exact),
        None => Path::new(path).parent().map(names::shown_path),
    }
}

/// Moves the item kept at `trash` back to `path` (as shown, and as handed
/// to the file system).
fn restore_from_trash(
    files: &mut dyn HostFs,
    path: (&str, &str),
    trash: &Path,
    lang: Lang,
) -> Result<bool, Skip> {
    let shown = names::shown_path(trash);
    let kept = files.kept(trash).map_err(|e| failed(&e))?;
    match (kept, exists(files, path, lang)?) {
        // Journaled but never made.
        (false, true) => return Ok(false),
        (false, false) => return Err(Skip::judged(lang.undo_not_in_trash(&shown, path.0))),
        (true, true) => return Err(Skip::judged(lang.undo_trashed_place_taken(path.0, &shown))),
        (true, false) => {}
    }
    files
        .move_in(trash, path.1)
        .map(|()| true)
        .map_err(|e| failed(&e))
}

/// Removes the folder created at `path` (as shown, and as handed to the
/// file system), only while it is an empty folder.
fn remove_created_folder(
    files: &mut dyn HostFs,
    (shown, at): (&str, &str),
    lang: Lang,
) -> Result<bool, Skip> {
    match files.stat(at).map_err(|e| failed(&e))? {
        None => Ok(false),
        // Removed only while empty, decided in the removal: a file that
        // arrives meanwhile (another device's upload) keeps its folder.
        Some(entry) if entry.kind == EntryKind::Dir => match files.remove_empty_dir(at) {
            Ok(()) => Ok(true),
            Err(e) if e.code == ErrorCode::NotEmpty => {
                Err(Skip::judged(lang.undo_folder_not_empty(shown)))
            }
            Err(e) => Err(failed(&e)),
        },
        Some(_) => Err(Skip::judged(lang.undo_no_longer_a_folder(shown))),
    }
}
