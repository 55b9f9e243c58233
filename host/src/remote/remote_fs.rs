//! [`RemoteFs`]: a remote folder as a base file system, answering the
//! core's requests and the host's. Paths are the absolute paths the core
//! sees (see [`RemoteAddress::root_path`]); anything outside the folder is
//! refused, as the sandbox refuses it locally. Moves never replace, on
//! every service (see [`Mover`]); tidyup's trash is the folder
//! `.tidyup-trash` at the top of the remote folder, out of the model's
//! reach and listing.

use std::path::Path;

use futures_util::TryStreamExt;
use opendal::Operator;
use tidyup_core::{Entry, EntryKind, ErrorCode, HostError};

use super::address::{RemoteAddress, Service};
use super::connect::{DavServer, Runner, operator};
use super::entries::{entry, kind_of};
use super::errors::{no_answer, remote_error, unreachable};
use super::objects;
use crate::fs::Staging;

/// The folder at the top of a remote folder that holds tidyup's trash.
pub const REMOTE_TRASH: &str = ".tidyup-trash";

/// A remote folder, reached through OpenDAL.
pub struct RemoteFs {
    address: RemoteAddress,
    root: String,
    op: Operator,
    runner: Runner,
    mover: Mover,
    /// The folders this connection made or found for moves into them:
    /// not asked for again.
    parents: std::collections::HashSet<String>,
}

/// How a service moves an item without ever replacing another.
#[derive(Clone)]
enum Mover {
    /// Copy only where nothing is, check, then delete (S3).
    Objects,
    /// `MOVE` with `Overwrite: F` (WebDAV).
    Dav(DavServer),
    /// A hard link, then the old name removed (SFTP).
    #[cfg(unix)]
    Sftp(std::sync::Arc<super::sftp::SftpMover>),
}

impl RemoteFs {
    /// Connects to the folder at `address`, which must exist and be a folder.
    pub fn connect(address: &RemoteAddress) -> Result<Self, HostError> {
        let runner = Runner::new()?;
        let (op, dav) = operator(address)?;
        let mover = match (address.service, dav) {
            (Service::WebDav { .. }, Some(dav)) => Mover::Dav(dav),
            #[cfg(unix)]
            (Service::Sftp, _) => {
                let address = address.clone();
                let mover = runner.run(super::sftp::SftpMover::connect(address))?;
                Mover::Sftp(std::sync::Arc::new(mover))
            }
            #[cfg(not(unix))]
            (Service::Sftp, _) => Mover::Objects,
            (Service::S3 | Service::WebDav { .. }, _) => Mover::Objects,
        };
        let mut files = Self {
            address: address.clone(),
            root: address.root_path(),
            op,
            runner,
            mover,
            parents: std::collections::HashSet::new(),
        };
        files.probe()?;
        match files.stat_key("")? {
            Some(entry) if entry.kind == EntryKind::Dir => Ok(files),
            Some(_) => Err(HostError::at(ErrorCode::NotADirectory, &files.root)),
            None => Err(HostError::at(ErrorCode::NotFound, &files.root)),
        }
    }

    /// Asks the server for the folder's first entry: a stat of the top is
    /// answered without asking it, so this is the request that tells wrong
    /// credentials, a server that does not answer, a missing folder and a
    /// file apart, each said in one sentence ([`unreachable`]).
    fn probe(&self) -> Result<(), HostError> {
        let (op, address) = (self.op.clone(), self.address.clone());
        let dav = match &self.mover {
            Mover::Dav(dav) => Some(dav.clone()),
            #[cfg(unix)]
            Mover::Sftp(_) => None,
            Mover::Objects => None,
        };
        let root = self.root.clone();
        self.run(async move {
            // A file's path is told first: listing it would not end well.
            if let Some(dav) = dav {
                dav.check_folder(&root).await.map_err(|err| {
                    if err.code == ErrorCode::Connect {
                        no_answer(&address)
                    } else {
                        err
                    }
                })?;
            }
            match async { op.lister("").await?.try_next().await }.await {
                Ok(_) => Ok(()),
                Err(err) => Err(unreachable(&err, &address)),
            }
        })
    }

    /// The key of `path` in the store ("" for the folder itself).
    pub(super) fn key(&self, path: &str) -> Result<String, HostError> {
        // A layer above may hand a path by its exact bytes: a remote
        // name is text, so those bytes are its text.
        let decoded =
            crate::fs::names::exact_path(path).map(|exact| exact.to_string_lossy().into_owned());
        let path = decoded.as_deref().unwrap_or(path).trim_end_matches('/');
        if path == self.root || (path.is_empty() && self.root == "/") {
            return Ok(String::new());
        }
        let base = self.root.trim_end_matches('/');
        let rest = path
            .strip_prefix(base)
            .and_then(|rest| rest.strip_prefix('/'))
            .filter(|rest| {
                !rest
                    .split('/')
                    .any(|part| part.is_empty() || part == "." || part == "..")
            })
            .ok_or_else(|| HostError::at(ErrorCode::Denied, path))?;
        Ok(rest.to_owned())
    }

    /// [`RemoteFs::key`] of a path the core names: never in the trash.
    pub(super) fn model_key(&self, path: &str) -> Result<String, HostError> {
        let key = self.key(path)?;
        if key == REMOTE_TRASH || key.starts_with(&format!("{REMOTE_TRASH}/")) {
            return Err(HostError::at(ErrorCode::TidyupData, path));
        }
        Ok(key)
    }

    /// The key in the remote trash of an item tidyup's journal keeps at
    /// `outside` (its session's folder and its name there).
    pub(super) fn trash_key(outside: &Path) -> Result<String, HostError> {
        let name = outside.file_name().and_then(|name| name.to_str());
        let session = outside
            .parent()
            .and_then(Path::file_name)
            .and_then(|name| name.to_str());
        match (session, name) {
            (Some(session), Some(name)) => Ok(format!("{REMOTE_TRASH}/{session}/{name}")),
            _ => Err(HostError::new(
                ErrorCode::Internal,
                "a trash place without a name",
            )),
        }
    }

    /// The operator requests are made through.
    pub(super) fn op(&self) -> &Operator {
        &self.op
    }

    /// Runs `work` on this connection's runtime, waiting for its end.
    pub(super) fn run<T: Send + 'static>(
        &self,
        work: impl std::future::Future<Output = Result<T, HostError>> + Send + 'static,
    ) -> Result<T, HostError> {
        self.runner.run(work)
    }

    fn name_of(&self, key: &str) -> String {
        let last = if key.is_empty() { &self.root } else { key };
        last.trim_end_matches('/')
            .rsplit('/')
            .next()
            .unwrap_or(last)
            .to_owned()
    }

    pub(super) fn stat_key(&mut self, key: &str) -> Result<Option<Entry>, HostError> {
        let stat = self.stat_of(key);
        self.run(stat)
    }

    /// The work of [`RemoteFs::stat_key`], to run with others at once.
    pub(super) fn stat_of(
        &self,
        key: &str,
    ) -> impl std::future::Future<Output = Result<Option<Entry>, HostError>> + Send + use<> {
        let (op, name, owned) = (self.op.clone(), self.name_of(key), key.to_owned());
        let is_s3 = self.address.service == Service::S3;
        async move {
            if owned.is_empty() {
                return match op.stat("/").await {
                    Ok(_) => Ok(Some(entry(name, EntryKind::Dir, None))),
                    Err(err) if err.kind() == opendal::ErrorKind::NotFound => Ok(None),
                    Err(err) => Err(remote_error(&err, None)),
                };
            }
            let dir = format!("{owned}/");
            if is_s3 {
                return objects::stat_by_listing(&op, &owned, &dir, name).await;
            }
            match op.stat(&owned).await {
                Ok(meta) => return Ok(Some(entry(name, kind_of(&meta), Some(&meta)))),
                Err(err) if err.kind() != opendal::ErrorKind::NotFound => {
                    return Err(remote_error(&err, None));
                }
                Err(_) => {}
            }
            let found = matches!(op.stat(&dir).await, Ok(meta) if meta.is_dir());
            Ok(found.then(|| entry(name, EntryKind::Dir, None)))
        }
    }

    pub(super) fn list_key(
        &mut self,
        key: &str,
        count_only: bool,
    ) -> Result<(Vec<Entry>, usize), HostError> {
        let op = self.op.clone();
        let dir = if key.is_empty() {
            String::new()
        } else {
            format!("{key}/")
        };
        let at_top = key.is_empty();
        self.run(async move {
            let mut lister = op
                .lister(&dir)
                .await
                .map_err(|err| remote_error(&err, None))?;
            let (mut found, mut count) = (Vec::new(), 0);
            while let Some(item) = lister
                .try_next()
                .await
                .map_err(|err| remote_error(&err, None))?
            {
                let path = item.path();
                if path == dir || path == "/" {
                    continue;
                }
                let name = path
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or(path);
                if at_top && name == REMOTE_TRASH {
                    continue;
                }
                count += 1;
                if !count_only {
                    let meta = item.metadata();
                    found.push(entry(name.to_owned(), kind_of(meta), Some(meta)));
                }
            }
            Ok((found, count))
        })
    }

    /// Moves the item at `from` to `to` (keys), never replacing anything
    /// at `to`; a move made by copying tells `staging` first.
    pub(super) fn move_new(
        &mut self,
        from: &str,
        to: &str,
        staging: Staging,
    ) -> Result<(), HostError> {
        let Some(item) = self.stat_key(from)? else {
            return Err(HostError::at(ErrorCode::NotFound, self.path_of(from)));
        };
        let is_dir = item.kind == EntryKind::Dir;
        // A store's folders are prefixes: an object needs none made.
        let needs_parent = !matches!(self.mover, Mover::Objects);
        if let (Some((parent, _)), true) = (to.rsplit_once('/'), needs_parent)
            && !self.parents.contains(parent)
        {
            let (op, dir) = (self.op.clone(), format!("{parent}/"));
            self.run(async move {
                op.create_dir(&dir)
                    .await
                    .map_err(|err| remote_error(&err, None))
            })?;
            self.parents.insert(parent.to_owned());
        }
        let (op, from_key, to_key) = (self.op.clone(), from.to_owned(), to.to_owned());
        let (from_path, to_path) = (self.path_of(from), self.path_of(to));
        // A refusal names the path the core knows; any other error is
        // passed on as it is.
        #[allow(clippy::wildcard_enum_match_arm)]
        let located = |err: HostError| match err.code {
            ErrorCode::AlreadyExists => HostError::at(ErrorCode::AlreadyExists, &to_path),
            ErrorCode::NotFound => HostError::at(ErrorCode::NotFound, &from_path),
            _ => err,
        };
        match self.mover.clone() {
            Mover::Objects => {
                staging(&self.path_of(to)).map_err(|err| crate::fs::host_error(&err))?;
                self.run(async move {
                    if is_dir {
                        objects::move_prefix(&op, &from_key, &to_key).await
                    } else {
                        objects::move_object(&op, &from_key, &to_key).await
                    }
                })
            }
            Mover::Dav(dav) => {
                let (server_from, server_to) =
                    (self.server_path(from, is_dir), self.server_path(to, is_dir));
                self.run(async move { dav.move_new(&server_from, &server_to).await })
            }
            #[cfg(unix)]
            Mover::Sftp(sftp) => {
                let (server_from, server_to) =
                    (self.server_path(from, false), self.server_path(to, false));
                self.run(async move { sftp.move_new(&server_from, &server_to, is_dir).await })
            }
        }
        .map_err(located)
    }

    /// Forgets the folders made at or under `key`, which is going.
    pub(super) fn forget_folders(&mut self, key: &str) {
        let below = format!("{key}/");
        self.parents
            .retain(|parent| parent != key && !parent.starts_with(&below));
    }

    /// The absolute path the core sees for `key`.
    pub(super) fn path_of(&self, key: &str) -> String {
        match (key, self.root.as_str()) {
            ("", root) => root.to_owned(),
            (key, "/") => format!("/{key}"),
            (key, root) => format!("{root}/{key}"),
        }
    }

    /// The server's own absolute path of `key` (WebDAV, SFTP); a folder's
    /// with a trailing `/` when `dir`.
    fn server_path(&self, key: &str, dir: bool) -> String {
        let mut path = format!("{}/{key}", self.address.path.trim_end_matches('/'));
        if dir {
            path.push('/');
        }
        path
    }
}
