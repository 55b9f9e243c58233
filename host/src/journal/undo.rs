//! Reading journals back: `tidyup undo`, `tidyup history`, `tidyup trash --purge`.

use crate::words::{CommandsWords, UndoApplyWords};
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use anyhow::Context;
use tidyup_core::{EntryKind, ErrorCode, Lang};

use super::{JournalStore, Record, SessionKind};
use crate::failure::Failure;
use crate::fs::{HostFs, Protected, names};

/// What `tidyup history` shows of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionSummary {
    /// The session's name.
    pub session: String,
    /// Its target directory.
    pub target: PathBuf,
    /// Folders created, items moved, items deleted or replaced.
    pub created: usize,
    /// Items moved or renamed.
    pub moved: usize,
    /// Items deleted or replaced (kept in the trash).
    pub trashed: usize,
    /// Whether it was undone.
    pub undone: bool,
    /// What started it.
    pub kind: SessionKind,
}

impl SessionSummary {
    /// Every change that took effect: folders created, items moved, items
    /// deleted or replaced.
    pub fn changes(&self) -> usize {
        self.created + self.moved + self.trashed
    }
}

/// Why `undo` does nothing: no session (or watch batch) that changed
/// anything, the newest one undone before, or the one named undone before.
/// `Display` is the English text; [`UndoRefusal::text`] either language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UndoRefusal {
    /// No session started by hand changed anything.
    NothingToUndo,
    /// No watch batch changed anything.
    NoWatchBatch,
    /// The newest session (`watch`: watch batch) was undone before.
    NewestUndone {
        /// Its name.
        session: String,
        /// Whether it is a watch batch.
        watch: bool,
    },
    /// The session named was undone before.
    AlreadyUndone(String),
}

impl UndoRefusal {
    /// Why nothing was undone, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            UndoRefusal::NothingToUndo => lang.nothing_to_undo(),
            UndoRefusal::NoWatchBatch => lang.no_watch_batch_to_undo(),
            UndoRefusal::NewestUndone { session, watch } => {
                lang.newest_already_undone(session, *watch)
            }
            UndoRefusal::AlreadyUndone(session) => lang.already_undone(session),
        }
    }
}

impl std::fmt::Display for UndoRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for UndoRefusal {}

/// Summaries of every session, oldest first.
pub fn history(store: &JournalStore) -> anyhow::Result<Vec<SessionSummary>> {
    store
        .sessions()?
        .into_iter()
        .map(|session| Ok(summarize(session.clone(), &store.read(&session)?)))
        .collect()
}

fn summarize(session: String, records: &[Record]) -> SessionSummary {
    let mut summary = SessionSummary {
        session,
        target: PathBuf::new(),
        created: 0,
        moved: 0,
        trashed: 0,
        undone: false,
        kind: SessionKind::Session,
    };
    for record in effective(records) {
        match record {
            Record::Header { target, kind, .. } => {
                summary.target = target.clone();
                summary.kind = SessionKind::of(*kind, &summary.session);
            }
            Record::Created { .. } => summary.created += 1,
            Record::Moved { .. } => summary.moved += 1,
            Record::Trashed { .. } => summary.trashed += 1,
            Record::Undone { .. } => summary.undone = true,
            Record::RolledBack { .. } | Record::Copying { .. } => {}
        }
    }
    summary
}

/// The records whose changes took effect. A `RolledBack` record voids the
/// latest `Moved` record of the same move before it (the one just before,
/// or one of a batch journaled whole), and the `Trashed` record of the
/// destination it would have replaced, just before that.
fn effective(records: &[Record]) -> Vec<&Record> {
    let mut kept: Vec<Option<&Record>> = Vec::with_capacity(records.len());
    for record in records {
        let Record::RolledBack { from, to } = record else {
            kept.push(Some(record));
            continue;
        };
        let voided = kept.iter().rposition(
            |kept| matches!(kept, Some(Record::Moved { from: f, to: t, .. }) if f == from && t == to),
        );
        if let Some(index) = voided {
            kept[index] = None;
            let trashed = index
                .checked_sub(1)
                .filter(|&i| matches!(kept[i], Some(Record::Trashed { path, .. }) if path == to));
            if let Some(i) = trashed {
                kept[i] = None;
            }
        }
    }
    kept.into_iter().flatten().collect()
}

/// What an undo did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UndoReport {
    /// The session undone.
    pub session: String,
    /// Changes reversed.
    pub reversed: usize,
    /// Changes left alone, each with the reason.
    pub skipped: Vec<String>,
}

/// Reverses `session` (default: the newest session started by hand, see
/// [`chosen_for_undo`]), newest change first. It never overwrites anything
/// that appeared at an original path since; such changes are skipped and
/// reported. The session is then marked undone.
pub fn undo(store: &JournalStore, session: Option<&str>, lang: Lang) -> anyhow::Result<UndoReport> {
    let session = match session {
        Some(name) => name.to_owned(),
        None => chosen_for_undo(store, None, false)?.session,
    };
    let records = store.read(&session)?;
    let Some(Record::Header { roots, exact, .. }) = records.first() else {
        return Err(Failure::JournalWithoutHeader(session).into());
    };
    if records.iter().any(|r| matches!(r, Record::Undone { .. })) {
        return Err(UndoRefusal::AlreadyUndone(session).into());
    }
    let mut files = crate::fs::base(roots.as_deref(), &Protected::tidyup_own(store.root()))
        .with_context(|| Failure::CannotOpenSessionRoots(session.clone()))?;
    let mut report = UndoReport {
        session: session.clone(),
        ..UndoReport::default()
    };
    // A move made by copying (across file systems) made a new item: its
    // identity is not the one journaled.
    let copied = records
        .iter()
        .filter_map(|record| {
            if let Record::Copying { from, .. } = record {
                Some(from.as_str())
            } else {
                None
            }
        })
        .collect();
    let places = Places {
        exact: *exact,
        copied: &copied,
    };
    for record in effective(&records).into_iter().rev() {
        match reverse(files.as_mut(), record, places, lang) {
            Ok(true) => report.reversed += 1,
            Ok(false) => {}
            Err(reason) => report.skipped.push(reason),
        }
    }
    store.append(
        &session,
        &Record::Undone {
            at: chrono::Local::now().to_rfc3339(),
        },
    )?;
    Ok(report)
}

/// The session `undo` reverses: the one named, else the newest that
/// changed anything of those started by hand (interactive sessions,
/// `apply`, MCP connections) or, with `watch`, of the watch batches. An
/// undone one is refused ([`UndoRefusal`]): `undo` never reaches past the
/// newest to an older session unasked.
pub fn chosen_for_undo(
    store: &JournalStore,
    session: Option<&str>,
    watch: bool,
) -> anyhow::Result<SessionSummary> {
    let chosen = match session {
        Some(name) => {
            let summary = summarize(name.to_owned(), &store.read(name)?);
            if summary.undone {
                return Err(UndoRefusal::AlreadyUndone(summary.session).into());
            }
            return Ok(summary);
        }
        None => history(store)?
            .into_iter()
            .rev()
            .find(|s| s.kind.by_hand() != watch && s.changes() > 0),
    };
    match chosen {
        Some(summary) if summary.undone => Err(UndoRefusal::NewestUndone {
            session: summary.session,
            watch,
        }
        .into()),
        Some(summary) => Ok(summary),
        None if watch => Err(UndoRefusal::NoWatchBatch.into()),
        None => Err(UndoRefusal::NothingToUndo.into()),
    }
}

/// How a journal names the places of its records.
#[derive(Debug, Clone, Copy)]
struct Places<'a> {
    /// Every path exact (see [`Record::Header`]'s `exact`); else names as
    /// shown, found by name as when they were written.
    exact: bool,
    /// The sources of moves made by copying.
    copied: &'a HashSet<&'a str>,
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

/// Reverses one change: `Ok(true)` done, `Ok(false)` nothing to do, `Err`
/// skipped with the reason.
fn reverse(
    files: &mut dyn HostFs,
    record: &Record,
    places: Places<'_>,
    lang: Lang,
) -> Result<bool, String> {
    match record {
        Record::Header { .. } | Record::Undone { .. } | Record::RolledBack { .. } => Ok(false),
        Record::Moved {
            from,
            to,
            from_raw,
            to_raw,
            id,
        } => {
            let at = Move {
                from: (from, places.of(from, from_raw.as_deref())),
                to: (to, places.of(to, to_raw.as_deref())),
                id: id.filter(|_| places.exact && !places.copied.contains(from.as_str())),
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
        Record::Copying { from, partial } => remove_partial_copy(files, from, partial, lang),
    }
}

/// Removes the copy a move across file systems was making at `partial`
/// when its process was killed: only while the item moved is still at
/// `from` (the copy is then a mere copy; once the source was set aside the
/// copy is left alone). Nothing there: the move finished or cleaned up.
/// Not a change of the session's, so never counted.
fn remove_partial_copy(
    files: &mut dyn HostFs,
    from: &str,
    partial: &str,
    lang: Lang,
) -> Result<bool, String> {
    let Some(copy) = files.stat(partial).map_err(|e| e.message)? else {
        return Ok(false);
    };
    if !exists(files, (from, from), lang)? {
        return Ok(false);
    }
    let removed = if copy.kind == EntryKind::Dir {
        files.remove_dir_all(partial)
    } else {
        files.remove_file(partial)
    };
    removed.map(|()| false).map_err(|e| e.message)
}

/// Whether the item at `at` (a path for the file system, and as shown)
/// exists; a path now outside the allowed directories is a reason to skip.
fn exists(files: &mut dyn HostFs, (shown, at): (&str, &str), lang: Lang) -> Result<bool, String> {
    files.stat(at).map(|e| e.is_some()).map_err(|e| {
        if e.code == ErrorCode::Denied {
            lang.undo_outside_now(shown)
        } else {
            format!("{shown}: {}", e.message)
        }
    })
}

/// A move to reverse: each end as shown and as handed to the file
/// system, and the identity of the item moved, when journaled.
struct Move<'a> {
    from: (&'a str, String),
    to: (&'a str, String),
    id: Option<[u64; 2]>,
}

/// Moves the item at `to` back to `from`: only the item moved (by its
/// identity, on the device it was on).
fn move_back(files: &mut dyn HostFs, at: &Move, lang: Lang) -> Result<bool, String> {
    let (from, to) = ((at.from.0, at.from.1.as_str()), (at.to.0, at.to.1.as_str()));
    match (exists(files, from, lang)?, exists(files, to, lang)?) {
        // Journaled but never made (a failed or interrupted change).
        (true, false) => return Ok(false),
        (false, false) => return Err(lang.undo_moved_item_gone(to.0, from.0)),
        // Both names are the one item (a change of case where case is
        // ignored): renaming it back is safe, made or not.
        (true, true) if files.same_item(from.1, to.1).map_err(|e| e.message)? => {}
        (true, true) => return Err(lang.undo_old_place_taken(from.0, to.0)),
        (false, true) => {}
    }
    if let (Some([device, file]), Some(real)) = (at.id, names::exact_path(to.1))
        && let Ok(Some((now_device, now_file))) = crate::fs::identity(&real)
        // A move across file systems made a new item; the device tells.
        && now_device == device
        && now_file != file
    {
        return Err(lang.undo_moved_item_replaced(to.0, from.0));
    }
    if let Some(parent) = parent_of(from.1) {
        files.create_dir_all(&parent).map_err(|e| e.message)?;
    }
    files
        .rename(to.1, from.1)
        .map(|()| true)
        .map_err(|e| e.message)
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
) -> Result<bool, String> {
    let shown = names::shown_path(trash);
    match (
        fs::symlink_metadata(trash).is_ok(),
        exists(files, path, lang)?,
    ) {
        // Journaled but never made.
        (false, true) => return Ok(false),
        (false, false) => return Err(lang.undo_not_in_trash(&shown, path.0)),
        (true, true) => return Err(lang.undo_trashed_place_taken(path.0, &shown)),
        (true, false) => {}
    }
    files
        .move_in(trash, path.1)
        .map(|()| true)
        .map_err(|e| e.message)
}

/// Removes the folder created at `path` (as shown, and as handed to the
/// file system), when it is still an empty folder.
fn remove_created_folder(
    files: &mut dyn HostFs,
    (shown, at): (&str, &str),
    lang: Lang,
) -> Result<bool, String> {
    match files.stat(at).map_err(|e| e.message)? {
        None => Ok(false),
        Some(entry) if entry.kind == EntryKind::Dir => {
            if files.list(at).map_err(|e| e.message)?.is_empty() {
                files
                    .remove_dir_all(at)
                    .map(|()| true)
                    .map_err(|e| e.message)
            } else {
                Err(lang.undo_folder_not_empty(shown))
            }
        }
        Some(_) => Err(lang.undo_no_longer_a_folder(shown)),
    }
}

/// Frees the trash of sessions older than `older_than` (all when `None`);
/// returns the sessions purged and the bytes freed.
pub fn purge_trash(
    store: &JournalStore,
    older_than: Option<Duration>,
) -> anyhow::Result<(usize, u64)> {
    let trash_root = store.trash_dir("");
    let entries = match fs::read_dir(&trash_root) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok((0, 0)),
        Err(err) => return Err(err.into()),
    };
    let now = SystemTime::now();
    let (mut sessions, mut bytes) = (0, 0);
    for entry in entries {
        let path = entry?.path();
        let age = fs::symlink_metadata(&path)?
            .modified()
            .ok()
            .and_then(|modified| now.duration_since(modified).ok())
            .unwrap_or_default();
        if older_than.is_some_and(|limit| age < limit) {
            continue;
        }
        bytes += size_of_tree(&path);
        fs::remove_dir_all(&path)
            .with_context(|| Failure::CannotPurge(path.display().to_string()))?;
        sessions += 1;
    }
    Ok((sessions, bytes))
}

fn size_of_tree(path: &std::path::Path) -> u64 {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return 0;
    };
    if !meta.is_dir() {
        return meta.len();
    }
    fs::read_dir(path)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| size_of_tree(&e.path()))
                .sum()
        })
        .unwrap_or(0)
}
