//! The journal: an append-only record of every change a session makes, each
//! written (and synced) *before* the change, with enough to reverse it. With
//! the session's trash, it lets `tidyup undo` put everything back, even after
//! a crash or a kill mid-session.
//!
//! Layout under the data directory (`~/.local/share/tidyup` on Linux):
//! `journal/SESSION.jsonl` (one JSON record a line, the first a header) and
//! `trash/SESSION/` (deleted and replaced items, renamed there).

mod journaled_fs;
mod reverse;
mod stack;
mod undo;
pub mod watch_lock;

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::failure::Failure;
use serde::{Deserialize, Serialize};

pub use journaled_fs::JournaledFs;
pub use stack::{Stack, StackSpec, Top};
pub use undo::{
    UndoQueue, UndoRefusal, UndoReport, forget, history, named_for_undo, purge_trash, undo,
    undo_queue,
};

/// One line of a journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Record {
    /// The first line: what the session was.
    Header {
        /// The session's name.
        session: String,
        /// The target directory.
        target: PathBuf,
        /// The allowed roots, or `None` when the sandbox was off.
        roots: Option<Vec<PathBuf>>,
        /// When it started (RFC 3339, local time).
        started: String,
        /// What started it; absent in journals written before it was
        /// recorded (then told by the session's name).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<SessionKind>,
        /// Whether every path of the records below is exact: its bytes in
        /// the record's `*_raw` field, else its text. Absent in journals
        /// written before: their paths are names as shown, found by name.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        exact: bool,
        /// The remote folder the session changed (its address, never a
        /// password), absent for this machine's: `target` and every path
        /// below are then the paths tidyup showed for it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remote: Option<String>,
    },
    /// A directory that did not exist was created.
    Created {
        /// Its path, as shown.
        path: String,
        /// Its exact bytes in hex, when they are not `path`'s text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        path_raw: Option<String>,
    },
    /// An item was moved or renamed.
    Moved {
        /// Where it was, as shown.
        from: String,
        /// Where it went, as shown.
        to: String,
        /// `from`'s exact bytes in hex, when they are not its text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_raw: Option<String>,
        /// `to`'s exact bytes in hex, when they are not its text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_raw: Option<String>,
        /// The item's device and file number before the move, where the
        /// platform tells them: `undo` moves back only that item.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<[u64; 2]>,
        /// On a remote folder (which has no file numbers), the file's size
        /// and modification time (Unix seconds) before the move: `undo`
        /// moves back only a file that still has them (the size alone on a
        /// store, whose copy has a time of its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seen: Option<[i64; 2]>,
    },
    /// An item was deleted or replaced: it went to the trash.
    Trashed {
        /// Where it was, as shown.
        path: String,
        /// Where it is kept, as shown.
        trash: PathBuf,
        /// `path`'s exact bytes in hex, when they are not its text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        path_raw: Option<String>,
        /// `trash`'s exact bytes in hex, when they are not its text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trash_raw: Option<String>,
    },
    /// A move of `from` across file systems began its copy at `partial`,
    /// beside its destination, to be renamed into place when whole. A copy
    /// still there while `from` is too was left by a process killed
    /// mid-move: `undo` removes it.
    Copying {
        /// The item being moved.
        from: String,
        /// Where its copy was being made.
        partial: String,
        /// Whether the copy is made at the destination itself (a store
        /// that moves by copy and delete): `undo` then removes it only
        /// while it holds the same bytes as `from`, never another item
        /// that was there.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        in_place: bool,
    },
    /// The move journaled just before failed and was rolled back: that
    /// `Moved` record, and the `Trashed` record of the destination it would
    /// have replaced (now back in place), never took effect.
    RolledBack {
        /// Where the item is (and stayed).
        from: String,
        /// Where it was to go.
        to: String,
    },
    /// Undo reversed (or judged it must stay) the change of the record at
    /// `index` (its place among the journal's records, from 0) while
    /// others could not be reversed yet: the next `undo` goes on with
    /// those.
    Reversed {
        /// The line of the change reversed.
        index: usize,
    },
    /// The session was undone.
    Undone {
        /// When (RFC 3339, local time).
        at: String,
    },
}

/// What started a session: a person (an interactive session, `apply`, an
/// MCP client's connection, an apply in `tidyup ui`'s window) or `tidyup
/// watch` (one batch of arrivals).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionKind {
    /// An interactive session or `apply`.
    Session,
    /// One connection of an MCP client (a person asked for it there).
    Mcp,
    /// One batch of `tidyup watch`.
    Watch,
    /// One apply of a plan in the window of `tidyup ui`.
    Window,
}

impl SessionKind {
    /// The end of the session's name that tells the kind (`-mcp`, `-watch`).
    pub fn suffix(self) -> &'static str {
        match self {
            SessionKind::Session => "",
            SessionKind::Mcp => "-mcp",
            SessionKind::Watch => "-watch",
            SessionKind::Window => "-window",
        }
    }

    /// The kind a header records, else (a journal from before kinds were
    /// recorded) the one its name tells: `…-watch` or `…-watch-2` a watch
    /// batch, `…-mcp` or `…-mcp-2` an MCP connection, `…-window` an apply
    /// of `tidyup ui`.
    pub fn of(recorded: Option<SessionKind>, session: &str) -> SessionKind {
        if let Some(kind) = recorded {
            return kind;
        }
        let unnumbered = match session.rsplit_once('-') {
            Some((head, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => head,
            _ => session,
        };
        [SessionKind::Watch, SessionKind::Mcp, SessionKind::Window]
            .into_iter()
            .find(|kind| unnumbered.ends_with(kind.suffix()))
            .unwrap_or(SessionKind::Session)
    }

    /// Whether a person started it (everything but a watch batch).
    pub fn by_hand(self) -> bool {
        self != SessionKind::Watch
    }
}

/// Where tidyup keeps journals and trash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalStore {
    root: PathBuf,
}

impl JournalStore {
    /// The store under `root`.
    pub fn at(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The default store: `TIDYUP_DATA_DIR`, else `<user data dir>/tidyup`.
    pub fn default_location() -> anyhow::Result<Self> {
        if let Some(dir) = std::env::var_os("TIDYUP_DATA_DIR").filter(|d| !d.is_empty()) {
            return Ok(Self::at(dir));
        }
        let data = dirs::data_dir().context(Failure::NoDataDir)?;
        Ok(Self::at(data.join("tidyup")))
    }

    /// The data directory itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The journal file of `session`.
    pub fn journal_path(&self, session: &str) -> PathBuf {
        self.root.join("journal").join(format!("{session}.jsonl"))
    }

    /// The trash directory of `session`.
    pub fn trash_dir(&self, session: &str) -> PathBuf {
        self.root.join("trash").join(session)
    }

    /// The directory of saved dry-run plans.
    pub fn plans_dir(&self) -> PathBuf {
        self.root.join("plans")
    }

    /// Every session name, oldest first.
    pub fn sessions(&self) -> io::Result<Vec<String>> {
        let dir = self.root.join("journal");
        let mut names: Vec<String> = match fs::read_dir(&dir) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    e.file_name()
                        .to_str()?
                        .strip_suffix(".jsonl")
                        .map(str::to_owned)
                })
                .collect(),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(err) => return Err(err),
        };
        names.sort();
        Ok(names)
    }

    /// Removes `session`'s journal: it leaves the history. Only a session
    /// the store lists (never a path a name could make of `..`).
    pub fn forget(&self, session: &str) -> anyhow::Result<()> {
        if !self.sessions()?.iter().any(|name| name == session) {
            return Err(Failure::NoSuchSession {
                session: session.to_owned(),
                path: self.journal_path(session).display().to_string(),
            }
            .into());
        }
        Ok(fs::remove_file(self.journal_path(session))?)
    }

    /// Reads a session's records; a torn last line (a crash mid-write) is skipped.
    pub fn read(&self, session: &str) -> anyhow::Result<Vec<Record>> {
        let path = self.journal_path(session);
        let file = crate::regular_file::open(&path).with_context(|| Failure::NoSuchSession {
            session: session.to_owned(),
            path: path.display().to_string(),
        })?;
        let mut records = Vec::new();
        for line in BufReader::new(file).lines() {
            if let Ok(record) = serde_json::from_str(&line?) {
                records.push(record);
            }
        }
        Ok(records)
    }

    /// Appends one record to an existing session's journal, synced. A torn
    /// last line (a crash mid-write) is ended first, so the record stands alone.
    pub fn append(&self, session: &str, record: &Record) -> io::Result<()> {
        self.append_all(session, std::slice::from_ref(record))
    }

    /// Appends `records` to an existing session's journal, synced once (see
    /// [`JournalStore::append`]).
    pub fn append_all(&self, session: &str, records: &[Record]) -> io::Result<()> {
        let path = self.journal_path(session);
        let torn = crate::regular_file::read(&path)?
            .last()
            .is_some_and(|last| *last != b'\n');
        let mut file = OpenOptions::new().append(true).open(&path)?;
        let mut lines = Vec::new();
        if torn {
            lines.push(b'\n');
        }
        for record in records {
            serde_json::to_writer(&mut lines, record).map_err(io::Error::other)?;
            lines.push(b'\n');
        }
        file.write_all(&lines)?;
        file.sync_data()
    }

    /// A session name for a target: local time, the directory's name, then
    /// `suffix` (e.g. `-mcp`, naming where the session came from).
    fn new_session_name(&self, target: &Path, suffix: &str) -> String {
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
        let name: String = target
            .file_name()
            .map(crate::fs::names::shown)
            .unwrap_or_else(|| "root".to_owned())
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .take(40)
            .collect();
        let base = format!("{stamp}-{name}{suffix}");
        let mut candidate = base.clone();
        let mut n = 2;
        while self.journal_path(&candidate).exists() {
            candidate = format!("{base}-{n}");
            n += 1;
        }
        candidate
    }
}

/// An open journal, appending records of one session.
pub struct Journal {
    store: JournalStore,
    session: String,
    file: Option<File>,
    header: Record,
    trashed: usize,
}

impl Journal {
    /// A journal for a new session on `target`. Nothing is written until
    /// the first change, so a session that changes nothing leaves no trace.
    pub fn new(store: JournalStore, target: &Path, roots: Option<Vec<PathBuf>>) -> Self {
        Self::of_kind(store, target, roots, SessionKind::Session)
    }

    /// [`Journal::new`] for a session of `kind`, recorded in the header and
    /// ending the session's name (`-mcp`, `-watch`) so that `tidyup
    /// history` shows where the session came from.
    pub fn of_kind(
        store: JournalStore,
        target: &Path,
        roots: Option<Vec<PathBuf>>,
        kind: SessionKind,
    ) -> Self {
        let session = store.new_session_name(target, kind.suffix());
        let header = Record::Header {
            session: session.clone(),
            target: target.to_path_buf(),
            roots,
            started: chrono::Local::now().to_rfc3339(),
            kind: Some(kind),
            exact: true,
            remote: None,
        };
        Self {
            store,
            session,
            file: None,
            header,
            trashed: 0,
        }
    }

    /// The journal of a session on the remote folder `remote`, when it
    /// is one (recorded in the header, for `undo`).
    pub fn on_remote(mut self, remote: Option<&crate::remote::RemoteAddress>) -> Self {
        if let Record::Header {
            remote: field,
            exact,
            ..
        } = &mut self.header
        {
            *field = remote.map(ToString::to_string);
            // A remote folder's names are its paths as shown: found by name.
            *exact &= remote.is_none();
        }
        self
    }

    /// Whether the session is on a remote folder.
    pub fn is_remote(&self) -> bool {
        matches!(
            &self.header,
            Record::Header {
                remote: Some(_),
                ..
            }
        )
    }

    /// The session's name.
    pub fn session(&self) -> &str {
        &self.session
    }

    /// Whether anything was recorded.
    pub fn has_changes(&self) -> bool {
        self.file.is_some()
    }

    /// Appends a record and syncs it to disk before returning.
    pub fn append(&mut self, record: &Record) -> io::Result<()> {
        if self.file.is_none() {
            let path = self.store.journal_path(&self.session);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
            let mut file = OpenOptions::new()
                .create_new(true)
                .append(true)
                .open(&path)?;
            write_line(&mut file, &self.header)?;
            self.file = Some(file);
        }
        match self.file.as_mut() {
            Some(file) => write_line(file, record),
            None => Ok(()),
        }
    }

    /// Appends many records with one write and one sync: a batch of
    /// changes is journaled whole before any of them is made.
    pub fn append_all(&mut self, records: &[Record]) -> io::Result<()> {
        let Some((first, rest)) = records.split_first() else {
            return Ok(());
        };
        if self.file.is_none() {
            // The first record opens the file after its header.
            self.append(first)?;
            return self.append_all(rest);
        }
        let mut lines = Vec::new();
        for record in records {
            serde_json::to_writer(&mut lines, record).map_err(io::Error::other)?;
            lines.push(b'\n');
        }
        match self.file.as_mut() {
            Some(file) => {
                file.write_all(&lines)?;
                file.sync_data()
            }
            None => Ok(()),
        }
    }

    /// A fresh place in this session's trash for an item named `name`
    /// (its exact bytes): `NNNN-NAME`, the name shortened (at a character's
    /// end when it is text) so the whole fits in the 255 bytes a file
    /// system holds. The counter keeps it unique; the journal keeps the
    /// original name for `undo`.
    pub fn next_trash_path(&mut self, name: &OsStr) -> io::Result<PathBuf> {
        let dir = self.store.trash_dir(&self.session);
        fs::create_dir_all(&dir)?;
        self.trashed += 1;
        let mut kept = OsString::from(format!("{:04}-", self.trashed));
        let room = NAME_MAX_BYTES.saturating_sub(kept.len());
        kept.push(crate::fs::names::shortened(name, room));
        Ok(dir.join(kept))
    }
}

/// The longest name, in bytes, a file system holds (ext4, APFS, NTFS in
/// UTF-16 units, which never outnumber the bytes).
const NAME_MAX_BYTES: usize = 255;

fn write_line(file: &mut File, record: &Record) -> io::Result<()> {
    let mut line = serde_json::to_vec(record).map_err(io::Error::other)?;
    line.push(b'\n');
    file.write_all(&line)?;
    file.sync_data()
}
