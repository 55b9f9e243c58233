//! Reading journals back: `tidyup undo`, `tidyup history`, `tidyup trash --purge`.

use crate::words::{CommandsWords, HistoryWords};
use std::fs;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use anyhow::Context;
use chrono::{DateTime, FixedOffset};
use tidyup_core::Lang;

use super::reverse::{Places, reverse};
use super::{JournalStore, Record, SessionKind};
use crate::failure::Failure;
use crate::fs::Protected;

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
    /// When it started, as its header says (`None`: unreadable).
    pub started: Option<DateTime<FixedOffset>>,
    /// The remote folder it changed (its address, never a password), or
    /// `None` for this machine's.
    pub remote: Option<String>,
}

impl SessionSummary {
    /// Every change that took effect: folders created, items moved, items
    /// deleted or replaced.
    pub fn changes(&self) -> usize {
        self.created + self.moved + self.trashed
    }

    /// Whether `undo` (with `watch`: `undo --watch`) reaches it: of the
    /// right kind, and it changed anything.
    fn undoes_with(&self, watch: bool) -> bool {
        self.kind.by_hand() != watch && self.changes() > 0
    }

    /// Whether it is not undone and its folder on this machine no longer
    /// exists (deleted, renamed, or on a drive that is gone): nothing of it
    /// can be put back. A remote folder is asked when it is undone, never
    /// here.
    pub fn folder_gone(&self) -> bool {
        !self.undone
            && self.remote.is_none()
            && !self.target.as_os_str().is_empty()
            && matches!(
                fs::symlink_metadata(&self.target),
                Err(err) if err.kind() == std::io::ErrorKind::NotFound
            )
    }

    /// The folder as a person names it: the remote address, else the path.
    pub fn folder(&self) -> String {
        match &self.remote {
            Some(address) => address.clone(),
            None => self.target.display().to_string(),
        }
    }
}

/// Why `undo` does nothing: no session (or watch batch) that changed
/// anything, every one undone before, or the one named undone before.
/// `Display` is the English text; [`UndoRefusal::text`] either language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UndoRefusal {
    /// No session started by hand changed anything.
    NothingToUndo,
    /// No watch batch changed anything.
    NoWatchBatch,
    /// Every session (`watch`: watch batch) that changed anything was
    /// undone before.
    AllUndone {
        /// The newest one's name.
        newest: String,
        /// Whether it is a watch batch.
        watch: bool,
    },
    /// The session named was undone before.
    AlreadyUndone(String),
    /// The session named changed a folder that no longer exists.
    FolderGone {
        /// The session.
        session: String,
        /// Its folder.
        folder: String,
    },
    /// A `tidyup watch` keeps the session's folder: it would file the
    /// restored files again.
    Watched {
        /// The folder.
        dir: String,
        /// The watch's process, as it wrote itself into its lock.
        pid: Option<String>,
    },
}

impl UndoRefusal {
    /// Why nothing was undone, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            UndoRefusal::NothingToUndo => lang.nothing_to_undo(),
            UndoRefusal::NoWatchBatch => lang.no_watch_batch_to_undo(),
            UndoRefusal::AllUndone { newest, watch } => lang.all_already_undone(newest, *watch),
            UndoRefusal::AlreadyUndone(session) => lang.already_undone(session),
            UndoRefusal::FolderGone { session, folder } => lang.folder_gone(session, folder),
            UndoRefusal::Watched { dir, pid } => lang.undo_watched(dir, pid.as_deref()),
        }
    }
}

impl std::fmt::Display for UndoRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for UndoRefusal {}

/// Summaries of every session, oldest first: by the instant each started
/// (names only tell the second, and sort by the folder's name within it),
/// then by name.
pub fn history(store: &JournalStore) -> anyhow::Result<Vec<SessionSummary>> {
    let mut sessions = store
        .sessions()?
        .into_iter()
        .map(|session| Ok(summarize(session.clone(), &store.read(&session)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    sessions.sort_by(|a, b| (a.started, &a.session).cmp(&(b.started, &b.session)));
    Ok(sessions)
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
        started: None,
        remote: None,
    };
    for (_, record) in effective(records) {
        match record {
            Record::Header {
                target,
                kind,
                started,
                remote,
                ..
            } => {
                summary.target = target.clone();
                summary.remote = remote.clone();
                summary.kind = SessionKind::of(*kind, &summary.session);
                summary.started = DateTime::parse_from_rfc3339(started).ok();
            }
            Record::Created { .. } => summary.created += 1,
            Record::Moved { .. } => summary.moved += 1,
            Record::Trashed { .. } => summary.trashed += 1,
            Record::Undone { .. } => summary.undone = true,
            Record::RolledBack { .. } | Record::Copying { .. } | Record::Reversed { .. } => {}
        }
    }
    summary
}

/// The records whose changes took effect and are not reversed yet, each
/// with its line in the journal. A `RolledBack` record voids the latest
/// `Moved` record of the same move before it (the one just before, or one
/// of a batch journaled whole), and the `Trashed` record of the
/// destination it would have replaced, just before that; a `Reversed`
/// record voids the change at its line.
fn effective(records: &[Record]) -> Vec<(usize, &Record)> {
    let mut kept: Vec<Option<&Record>> = Vec::with_capacity(records.len());
    for record in records {
        if let Record::Reversed { index } = record {
            if let Some(change) = kept.get_mut(*index) {
                *change = None;
            }
            kept.push(None);
            continue;
        }
        let Record::RolledBack { from, to } = record else {
            kept.push(Some(record));
            continue;
        };
        kept.push(None);
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
    kept.into_iter()
        .enumerate()
        .filter_map(|(index, record)| Some((index, record?)))
        .collect()
}

/// What an undo did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UndoReport {
    /// The session undone.
    pub session: String,
    /// Changes reversed.
    pub reversed: usize,
    /// Of `reversed`, the items put back where they were (moves and
    /// deletes undone; a folder made and removed again is not one): what
    /// an apply counted as moved.
    pub put_back: usize,
    /// Changes left alone, each with the reason.
    pub skipped: Vec<String>,
    /// Changes that could not be reversed now (the file system failed:
    /// a server that did not answer), each with the reason: the session
    /// stays to be undone, and the next `undo` goes on with them.
    pub unfinished: Vec<String>,
}

/// Reverses `session` (default: the newest of the [`undo_queue`] of
/// sessions started by hand), newest change first. It never overwrites anything
/// that appeared at an original path since; such changes are skipped and
/// reported. The session is then marked undone. Refused ([`UndoRefusal`])
/// when it was undone before, when its folder no longer exists, and while a
/// `tidyup watch` keeps its folder (the watcher would file the restored
/// files again).
pub fn undo(store: &JournalStore, session: Option<&str>, lang: Lang) -> anyhow::Result<UndoReport> {
    let session = match session {
        Some(name) => name.to_owned(),
        None => {
            let queue = undo_queue(store, false, None)?;
            match queue.sessions.first() {
                Some(newest) => newest.session.clone(),
                None => return Err(queue.refusal().into()),
            }
        }
    };
    let records = store.read(&session)?;
    let Some(Record::Header {
        roots,
        exact,
        remote,
        target,
        ..
    }) = records.first()
    else {
        return Err(Failure::JournalWithoutHeader(session).into());
    };
    let summary = summarize(session.clone(), &records);
    if summary.undone {
        return Err(UndoRefusal::AlreadyUndone(session).into());
    }
    if summary.folder_gone() {
        return Err(UndoRefusal::FolderGone {
            folder: summary.folder(),
            session,
        }
        .into());
    }
    if remote.is_none()
        && let Some(pid) = super::watch_lock::holder(store, target)
    {
        return Err(UndoRefusal::Watched {
            dir: target.display().to_string(),
            pid,
        }
        .into());
    }
    let mut files = match remote {
        Some(address) => {
            let address = crate::remote::RemoteAddress::parse(address)
                .map_err(|err| anyhow::anyhow!(err.to_string()))?;
            super::stack::remote_base(&address, None)
        }
        None => crate::fs::base(roots.as_deref(), &Protected::tidyup_own(store.root()))
            .map_err(anyhow::Error::from),
    }
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
        times_kept: !remote
            .as_deref()
            .is_some_and(|address| address.starts_with("s3://")),
    };
    let mut done = Vec::new();
    for (index, record) in effective(&records).into_iter().rev() {
        match reverse(&mut files, record, places, lang) {
            Ok(reversed) => {
                if reversed {
                    report.reversed += 1;
                    if matches!(record, Record::Moved { .. } | Record::Trashed { .. }) {
                        report.put_back += 1;
                    }
                }
                done.push(Record::Reversed { index });
            }
            Err(skip) if skip.retry => report.unfinished.push(skip.reason),
            Err(skip) => {
                report.skipped.push(skip.reason);
                done.push(Record::Reversed { index });
            }
        }
    }
    // Undone only when nothing is left to try again; else what was
    // reversed is marked, and the next undo goes on with the rest.
    if report.unfinished.is_empty() {
        store.append(
            &session,
            &Record::Undone {
                at: chrono::Local::now().to_rfc3339(),
            },
        )?;
    } else {
        store.append_all(&session, &done)?;
    }
    Ok(report)
}

/// The session `undo SESSION` reverses: the one named, refused when it
/// was undone before ([`UndoRefusal`]).
pub fn named_for_undo(store: &JournalStore, name: &str) -> anyhow::Result<SessionSummary> {
    let summary = summarize(name.to_owned(), &store.read(name)?);
    if summary.undone {
        return Err(UndoRefusal::AlreadyUndone(summary.session).into());
    }
    Ok(summary)
}

/// What `undo` walks back over, as an editor's undo walks back: the
/// sessions not yet undone that changed anything, of those started by hand
/// (interactive sessions, `apply`, MCP connections) or, with `watch`, of
/// the watch batches, newest first; and those passed over because their
/// folder no longer exists.
#[derive(Debug, Clone, Default)]
pub struct UndoQueue {
    /// Newest first.
    pub sessions: Vec<SessionSummary>,
    /// Sessions not yet undone whose folder no longer exists, newest first.
    pub passed_over: Vec<SessionSummary>,
    /// The newest session of the kind that was undone before.
    newest_undone: Option<String>,
    /// Whether it walks the watch batches.
    watch: bool,
}

impl UndoQueue {
    /// Why there is nothing to undo, when `sessions` is empty.
    pub fn refusal(&self) -> UndoRefusal {
        match &self.newest_undone {
            Some(newest) => UndoRefusal::AllUndone {
                newest: newest.clone(),
                watch: self.watch,
            },
            None if self.watch => UndoRefusal::NoWatchBatch,
            None => UndoRefusal::NothingToUndo,
        }
    }
}

/// The [`UndoQueue`] of the sessions (with `watch`: the watch batches)
/// started at or after `since` when it is given (a session whose start
/// cannot be read is not among them).
pub fn undo_queue(
    store: &JournalStore,
    watch: bool,
    since: Option<DateTime<FixedOffset>>,
) -> anyhow::Result<UndoQueue> {
    let mut queue = UndoQueue {
        watch,
        ..UndoQueue::default()
    };
    for summary in history(store)?.into_iter().rev() {
        if !summary.undoes_with(watch) || since.is_some_and(|since| summary.started < Some(since)) {
            continue;
        }
        if summary.undone {
            queue.newest_undone.get_or_insert(summary.session);
        } else if summary.folder_gone() {
            queue.passed_over.push(summary);
        } else {
            queue.sessions.push(summary);
        }
    }
    Ok(queue)
}

/// Removes `session` from the history (its journal); the items it
/// deleted stay in its trash until it is purged. Returns whether its
/// trash still holds anything.
pub fn forget(store: &JournalStore, session: &str) -> anyhow::Result<bool> {
    store.forget(session)?;
    let trash = store.trash_dir(session);
    Ok(fs::read_dir(&trash).is_ok_and(|mut entries| entries.next().is_some()))
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
