//! An `sftp://` folder, over one SFTP session of tidyup's own ([`ssh`]).
//!
//! - **The folder's edge.** The server is asked where a path really is
//!   (`realpath`) before anything is listed, read, made, moved or removed
//!   through it: a symbolic link inside the folder that leads outside is
//!   refused, as the local sandbox refuses it. A link itself is listed as a
//!   link and never followed.
//! - **Never replaces.** A file is hard-linked at its new name (the
//!   server's `link(2)` refuses when anything is there, in one step) and
//!   then unlinked at its old one; a move cut between the two leaves the
//!   same file at both names, which the next move (or `undo`) finishes by
//!   removing the old name. A folder is renamed after a check that nothing
//!   is at its new name.
//! - **Never made.** The folder named must exist: nothing is created to
//!   reach it.
//! - **Names that are not UTF-8.** A folder's names are read as bytes: one
//!   that is not UTF-8 is listed spelled out as the local folders spell it
//!   (`caf%E9.txt`) among the others. The SFTP client sends names as
//!   UTF-8 only, so such an item is left as it is: a change to it (or to
//!   anything in it) is refused, saying why.
//! - **Bounded.** Every request waits at most the connection's timeout.

mod ssh;

use std::collections::HashSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use futures_util::TryStreamExt;
use openssh_sftp_client::error::{Error as SftpError, SftpErrorKind};
use openssh_sftp_client::metadata::MetaData;
use tidyup_core::{Entry, EntryKind, ErrorCode, HostError};
use tokio::io::AsyncSeekExt;

use super::address::RemoteAddress;

/// One `sftp://` folder on its server.
pub(super) struct SftpFolder {
    connection: ssh::Connection,
    /// The folder as the address names it, on the server.
    root: PathBuf,
    /// Where the server says the folder really is.
    real_root: PathBuf,
    timeout: Duration,
    /// Server folders known to lie inside the folder.
    inside: Mutex<HashSet<PathBuf>>,
    /// The keys, as listed, of the items whose names are not UTF-8.
    not_utf8: Mutex<HashSet<String>>,
}

impl SftpFolder {
    /// Connects to the folder of `address`, which must exist and be a
    /// folder; nothing is created.
    pub(super) async fn connect(
        address: &RemoteAddress,
        timeout: Duration,
    ) -> Result<Self, HostError> {
        let connection = ssh::Connection::open(address, timeout).await?;
        let root = PathBuf::from(&address.path);
        let mut folder = Self {
            connection,
            real_root: root.clone(),
            root,
            timeout,
            inside: Mutex::default(),
            not_utf8: Mutex::default(),
        };
        let said = |code, cause: &str| HostError {
            code,
            path: None,
            detail: Some(cause.to_owned()),
        };
        let meta = match folder.timed(folder.fs().metadata(&folder.root)).await {
            Ok(meta) => meta,
            Err(err) if err.code == ErrorCode::NotFound => {
                return Err(said(ErrorCode::NotFound, "no such folder"));
            }
            Err(err) => return Err(err),
        };
        if !meta.file_type().is_some_and(|kind| kind.is_dir()) {
            return Err(said(ErrorCode::NotADirectory, "not a folder"));
        }
        folder.real_root = folder.timed(folder.fs().canonicalize(&folder.root)).await?;
        Ok(folder)
    }

    /// Ends the session and its `ssh`.
    pub(super) async fn close(&self) {
        self.connection.close().await;
    }

    fn fs(&self) -> openssh_sftp_client::fs::Fs {
        self.connection.sftp.fs()
    }

    /// `work`, given at most the connection's timeout.
    async fn timed<T>(
        &self,
        work: impl std::future::Future<Output = Result<T, SftpError>>,
    ) -> Result<T, HostError> {
        match tokio::time::timeout(self.timeout, work).await {
            Ok(done) => done.map_err(|err| sftp_error(&err)),
            Err(_) => Err(super::errors::timed_out(self.timeout)),
        }
    }

    /// The server path of `key` ("" for the folder itself).
    fn path(&self, key: &str) -> PathBuf {
        let mut path = self.root.clone();
        path.extend(key.split('/').filter(|part| !part.is_empty()));
        path
    }

    /// Refuses `path` when the server places it outside the folder (a
    /// symbolic link on its way leads out). A path not there yet is judged
    /// by the nearest folder above it that is.
    async fn check_inside(&self, path: &Path, shown: &str) -> Result<(), HostError> {
        if self.inside.lock().is_ok_and(|known| known.contains(path)) {
            return Ok(());
        }
        let mut existing = path;
        let real = loop {
            match self.timed(self.fs().canonicalize(existing)).await {
                Ok(real) => break real,
                Err(err) if err.code == ErrorCode::NotFound => {}
                Err(err) => return Err(err),
            }
            match existing.parent() {
                Some(parent) if existing != self.root => existing = parent,
                _ => return Ok(()),
            }
        };
        if !real.starts_with(&self.real_root) {
            return Err(HostError {
                code: ErrorCode::Denied,
                path: Some(shown.to_owned()),
                detail: Some(format!(
                    "{shown} leads outside the folder (a symbolic link to {}): tidyup stays inside",
                    real.display()
                )),
            });
        }
        if let Ok(mut known) = self.inside.lock() {
            known.insert(path.to_owned());
        }
        Ok(())
    }

    /// The server path of `key` after checking the folder holding it.
    async fn checked(&self, key: &str, shown: &str) -> Result<PathBuf, HostError> {
        self.refuse_not_utf8(key)?;
        let path = self.path(key);
        if let Some(parent) = path.parent().filter(|_| !key.is_empty()) {
            self.check_inside(parent, shown).await?;
        }
        Ok(path)
    }

    /// The entry at `key`, named `name`: a link as a link.
    pub(super) async fn stat(&self, key: &str, name: String) -> Result<Option<Entry>, HostError> {
        let path = self.checked(key, key).await?;
        match self.timed(self.fs().symlink_metadata(&path)).await {
            Ok(meta) => Ok(Some(entry(name, &meta))),
            Err(err) if err.code == ErrorCode::NotFound => Ok(None),
            Err(err) => Err(err),
        }
    }

    /// The entries of the folder at `key` (the trash left out at the top),
    /// and how many.
    pub(super) async fn list_key(
        &self,
        key: &str,
        count_only: bool,
    ) -> Result<(Vec<Entry>, usize), HostError> {
        let path = self.path(key);
        self.check_inside(&path, key).await?;
        let dir = self.timed(self.fs().open_dir(&path)).await?;
        let mut read = std::pin::pin!(dir.read_dir());
        let mut found: Vec<(OsString, MetaData)> = Vec::new();
        while let Some(item) = self.timed(read.try_next()).await? {
            let name = item.filename().as_os_str();
            let skipped = name == "."
                || name == ".."
                || (key.is_empty() && name == super::layout::REMOTE_TRASH);
            if !skipped {
                found.push((name.to_owned(), item.metadata()));
            }
        }
        let count = found.len();
        if count_only {
            return Ok((Vec::new(), count));
        }
        let listed = crate::fs::names::shown_entries(&found, entry);
        let odd = (found.iter().zip(&listed)).filter(|((name, _), _)| name.to_str().is_none());
        if let Ok(mut not_utf8) = self.not_utf8.lock() {
            not_utf8.extend(odd.map(|(_, shown)| join(key, &shown.name)));
        }
        Ok((listed, count))
    }

    /// Makes the folder at `key` and those above it that are missing.
    pub(super) async fn create_dir_all(&self, key: &str) -> Result<(), HostError> {
        let mut done = String::new();
        for part in key.split('/').filter(|part| !part.is_empty()) {
            done = join(&done, part);
            let path = self.checked(&done, &done).await?;
            match self.timed(self.fs().symlink_metadata(&path)).await {
                Ok(meta) if meta.file_type().is_some_and(|kind| kind.is_dir()) => continue,
                Ok(_) => return Err(HostError::at(ErrorCode::NotADirectory, &done)),
                Err(err) if err.code == ErrorCode::NotFound => {}
                Err(err) => return Err(err),
            }
            if let Err(err) = self.timed(self.fs().create_dir(&path)).await {
                // Made meanwhile by another: the folder being there is what was asked.
                let made = self.timed(self.fs().symlink_metadata(&path)).await;
                if !made.is_ok_and(|meta| meta.file_type().is_some_and(|kind| kind.is_dir())) {
                    return Err(err);
                }
            }
        }
        Ok(())
    }

    /// Removes the file (or link) at `key`.
    pub(super) async fn remove_file(&self, key: &str) -> Result<(), HostError> {
        let path = self.checked(key, key).await?;
        self.timed(self.fs().remove_file(&path)).await
    }

    /// Removes the folder at `key` with everything in it, links removed
    /// as links (never followed).
    pub(super) async fn remove_dir_all(&self, key: &str) -> Result<(), HostError> {
        let path = self.checked(key, key).await?;
        self.forget_inside();
        let mut folders = vec![(path, false)];
        while let Some((folder, emptied)) = folders.pop() {
            if emptied {
                self.timed(self.fs().remove_dir(&folder)).await?;
                continue;
            }
            folders.push((folder.clone(), true));
            let dir = self.timed(self.fs().open_dir(&folder)).await?;
            let mut read = std::pin::pin!(dir.read_dir());
            while let Some(item) = self.timed(read.try_next()).await? {
                let name = item.filename();
                if name.as_os_str() == "." || name.as_os_str() == ".." {
                    continue;
                }
                let inner = folder.join(name);
                match item.file_type().is_some_and(|kind| kind.is_dir()) {
                    true => folders.push((inner, false)),
                    false => self.timed(self.fs().remove_file(&inner)).await?,
                }
            }
        }
        Ok(())
    }

    /// Removes the folder at `key` only if it is empty, in one request the
    /// server refuses otherwise (`NotEmpty`).
    pub(super) async fn remove_empty_dir(&self, key: &str) -> Result<(), HostError> {
        let path = self.checked(key, key).await?;
        self.forget_inside();
        self.timed(self.fs().remove_dir(&path))
            .await
            .map_err(|err| {
                if err.code == ErrorCode::Io {
                    HostError::at(ErrorCode::NotEmpty, key)
                } else {
                    err
                }
            })
    }

    /// The size of the file at `key`, and the bytes of it in `range`.
    pub(super) async fn read(
        &self,
        key: &str,
        range: std::ops::Range<u64>,
    ) -> Result<Vec<u8>, HostError> {
        let wanted = usize::try_from(range.end.saturating_sub(range.start)).unwrap_or(usize::MAX);
        if wanted == 0 {
            return Ok(Vec::new());
        }
        let path = self.path(key);
        self.check_inside(&path, key).await?;
        let mut file = self.timed(self.connection.sftp.open(&path)).await?;
        file.seek(std::io::SeekFrom::Start(range.start))
            .await
            .map_err(|err| HostError::new(ErrorCode::Io, err.to_string()))?;
        let bytes = self
            .timed(file.read_all(wanted, Default::default()))
            .await?;
        Ok(bytes.to_vec())
    }

    /// The size of the file `key` leads to.
    pub(super) async fn size(&self, key: &str) -> Result<u64, HostError> {
        let path = self.path(key);
        self.check_inside(&path, key).await?;
        let meta = self.timed(self.fs().metadata(&path)).await?;
        Ok(meta.len().unwrap_or(0))
    }

    /// Moves the item at `from` to `to` (keys), never replacing anything
    /// at `to`; `is_dir` tells a folder. A file already at both names (a
    /// move cut between its link and its unlink) loses its old name.
    pub(super) async fn move_new(
        &self,
        from: &str,
        to: &str,
        is_dir: bool,
    ) -> Result<(), HostError> {
        let source = self.checked(from, from).await?;
        let target = self.checked(to, to).await?;
        if is_dir {
            if self
                .timed(self.fs().symlink_metadata(&target))
                .await
                .is_ok()
            {
                return Err(HostError::at(ErrorCode::AlreadyExists, to));
            }
            self.forget_inside();
            return self.timed(self.fs().rename(&source, &target)).await;
        }
        if let Err(err) = self.timed(self.fs().hard_link(&source, &target)).await {
            if self
                .timed(self.fs().symlink_metadata(&target))
                .await
                .is_err()
            {
                return Err(err);
            }
            if !self.same_file(from, to).await? {
                return Err(HostError::at(ErrorCode::AlreadyExists, to));
            }
        }
        self.timed(self.fs().remove_file(&source)).await
    }

    /// Whether `a` and `b` are one file under two names (as a move cut
    /// between its link and its unlink leaves it): the same attributes and
    /// the same bytes, so removing either name loses nothing.
    pub(super) async fn same_file(&self, a: &str, b: &str) -> Result<bool, HostError> {
        let (path_a, path_b) = (self.checked(a, a).await?, self.checked(b, b).await?);
        let meta_a = self.timed(self.fs().symlink_metadata(&path_a)).await?;
        let meta_b = self.timed(self.fs().symlink_metadata(&path_b)).await?;
        let facts = |meta: &MetaData| {
            (
                meta.file_type().map(|kind| kind.is_file()),
                meta.len(),
                meta.uid(),
                meta.gid(),
                meta.permissions().map(|perm| perm.as_raw()),
                meta.modified().map(|time| time.into_raw()),
            )
        };
        if facts(&meta_a) != facts(&meta_b) || meta_a.file_type().is_none_or(|kind| !kind.is_file())
        {
            return Ok(false);
        }
        Ok(self.hash(a, None).await? == self.hash(b, None).await?)
    }

    /// The BLAKE3 hash, in hex, of the first `limit` bytes of the file at
    /// `key` (all of them when `None`), read piece by piece.
    pub(super) async fn hash(&self, key: &str, limit: Option<u64>) -> Result<String, HostError> {
        let size = self.size(key).await?;
        let size = limit.map_or(size, |limit| size.min(limit));
        let mut hasher = blake3::Hasher::new();
        let mut at = 0;
        while at < size {
            let end = size.min(at + PIECE);
            hasher.update(&self.read(key, at..end).await?);
            at = end;
        }
        Ok(hasher.finalize().to_hex().to_string())
    }

    /// Refuses `key` when it, or a folder above it, was listed with a name
    /// that is not UTF-8: the client cannot name it to the server.
    fn refuse_not_utf8(&self, key: &str) -> Result<(), HostError> {
        let Ok(odd) = self.not_utf8.lock() else {
            return Ok(());
        };
        if odd.is_empty() {
            return Ok(());
        }
        let mut above = key;
        loop {
            if odd.contains(above) {
                return Err(HostError {
                    code: ErrorCode::Unsupported,
                    path: Some(key.to_owned()),
                    detail: Some(format!(
                        "the name {above} is spelled out: on the server it is not UTF-8, which tidyup cannot send over SFTP; rename it on the server to move it"
                    )),
                });
            }
            match above.rsplit_once('/') {
                Some((parent, _)) => above = parent,
                None => return Ok(()),
            }
        }
    }

    /// Forgets which folders lie inside: one may have moved.
    fn forget_inside(&self) {
        if let Ok(mut known) = self.inside.lock() {
            known.clear();
        }
    }
}

/// Bytes read at a time.
const PIECE: u64 = 8 * 1024 * 1024;

fn join(parent: &str, name: &str) -> String {
    match parent {
        "" => name.to_owned(),
        parent => format!("{parent}/{name}"),
    }
}

/// The entry named `name` for what `meta` says (a link as a link).
fn entry(name: String, meta: &MetaData) -> Entry {
    let kind = match meta.file_type() {
        Some(kind) if kind.is_dir() => EntryKind::Dir,
        Some(kind) if kind.is_file() => EntryKind::File,
        Some(kind) if kind.is_symlink() => EntryKind::Symlink,
        _ => EntryKind::Other,
    };
    let size = match kind {
        EntryKind::File => meta.len().unwrap_or(0),
        EntryKind::Dir | EntryKind::Symlink | EntryKind::Other => 0,
    };
    let modified = meta.modified().map(|time| time.as_system_time());
    crate::fs::entry(name, kind, size, modified)
}

/// An SFTP failure as tidyup's error; the server's own words kept.
// The crate's error is foreign and wide: a catch-all arm is required.
#[allow(clippy::wildcard_enum_match_arm)]
fn sftp_error(err: &SftpError) -> HostError {
    let code = match err {
        SftpError::SftpError(SftpErrorKind::NoSuchFile, _) => ErrorCode::NotFound,
        SftpError::SftpError(SftpErrorKind::PermDenied, _) => ErrorCode::PermissionDenied,
        SftpError::SftpError(SftpErrorKind::OpUnsupported, _)
        | SftpError::UnsupportedExtension(_) => ErrorCode::Unsupported,
        SftpError::IOError(_) | SftpError::BackgroundTaskFailure(_) => ErrorCode::Transport,
        _ => ErrorCode::Io,
    };
    HostError::new(code, err.to_string())
}
