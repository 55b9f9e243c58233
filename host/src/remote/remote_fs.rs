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
use super::connect::{DavServer, Runner, Strays, s3_operator, webdav_operator};
use super::dal;
use super::errors::{no_answer, no_answer_within, remote_timeout, unreachable};
use super::objects;
#[cfg(unix)]
use super::sftp::SftpFolder;
use crate::fs::Staging;

use super::layout::REMOTE_TRASH;

/// A remote folder: S3 and WebDAV through OpenDAL, SFTP over a session
/// of tidyup's own.
pub struct RemoteFs {
    address: RemoteAddress,
    root: String,
    backend: Backend,
    runner: Runner,
    /// The folders this connection made or found for moves into them:
    /// not asked for again.
    parents: std::collections::HashSet<String>,
    /// Listing entries outside the folder, left out; said once.
    strays: Option<Strays>,
}

/// How a service is reached, and how it moves an item without ever
/// replacing another.
#[derive(Clone)]
pub(super) enum Backend {
    /// An object store (S3): a move copies where nothing is, checks, then
    /// deletes.
    Store(Operator),
    /// WebDAV: `MOVE` with `Overwrite: F`.
    Dav(Operator, DavServer),
    /// SFTP: a hard link, then the old name removed.
    #[cfg(unix)]
    Sftp(std::sync::Arc<SftpFolder>),
}

impl RemoteFs {
    /// Connects to the folder at `address`, which must exist and be a
    /// folder; nothing is created to reach it. A request still waiting on
    /// its server when `cancel` is requested fails as cancelled.
    pub fn connect(
        address: &RemoteAddress,
        cancel: Option<crate::cancel::Cancel>,
    ) -> Result<Self, HostError> {
        let runner = Runner::new(cancel)?;
        let mut strays = None;
        let backend = match address.service {
            Service::S3 => Backend::Store(s3_operator(address)?),
            Service::WebDav { tls } => {
                let (op, dav, left_out) = webdav_operator(address, tls)?;
                strays = Some(left_out);
                Backend::Dav(op, dav)
            }
            #[cfg(unix)]
            Service::Sftp => {
                let (address, timeout) = (address.clone(), remote_timeout());
                let folder =
                    runner.run(async move { SftpFolder::connect(&address, timeout).await })?;
                Backend::Sftp(std::sync::Arc::new(folder))
            }
            #[cfg(not(unix))]
            Service::Sftp => {
                return Err(HostError::new(
                    ErrorCode::Unsupported,
                    "sftp:// folders need OpenSSH's ssh, which tidyup uses on Linux and macOS only",
                ));
            }
        };
        let files = Self {
            address: address.clone(),
            root: address.root_path(),
            backend,
            runner,
            parents: std::collections::HashSet::new(),
            strays,
        };
        files.probe()?;
        Ok(files)
    }

    /// Asks the server for the folder's first entry: a stat of the top is
    /// answered without asking it, so this is the request that tells wrong
    /// credentials, a server that does not answer, a missing folder and a
    /// file apart, each said in one sentence ([`unreachable`]). An SFTP
    /// folder was checked as it connected.
    fn probe(&self) -> Result<(), HostError> {
        let (op, dav) = match &self.backend {
            Backend::Store(op) => (op.clone(), None),
            Backend::Dav(op, dav) => (op.clone(), Some(dav.clone())),
            #[cfg(unix)]
            Backend::Sftp(_) => return Ok(()),
        };
        let (address, root) = (self.address.clone(), self.root.clone());
        self.run(async move {
            // A file's path is told first: listing it would not end well.
            if let Some(dav) = dav {
                dav.check_folder(&root).await.map_err(|err| {
                    if err.code == ErrorCode::Connect {
                        no_answer(&address)
                    } else if err.code == ErrorCode::Timeout {
                        no_answer_within(&address, remote_timeout())
                    } else {
                        err
                    }
                })?;
            }
            match async { op.lister("").await?.try_next().await }.await {
                Ok(_) => Ok(()),
                Err(err) => Err(unreachable(&err, &address)),
            }
        })?;
        let top = self.stat_of("");
        match self.run(top)? {
            Some(entry) if entry.kind == EntryKind::Dir => Ok(()),
            Some(_) => Err(HostError::at(ErrorCode::NotADirectory, &self.root)),
            None => Err(HostError::at(ErrorCode::NotFound, &self.root)),
        }
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
        let (backend, name, key) = (self.backend.clone(), self.name_of(key), key.to_owned());
        async move {
            match backend {
                Backend::Store(op) => dal::stat(&op, &key, name, true).await,
                Backend::Dav(op, _) => dal::stat(&op, &key, name, false).await,
                #[cfg(unix)]
                Backend::Sftp(folder) => folder.stat(&key, name).await,
            }
        }
    }

    pub(super) fn list_key(
        &mut self,
        key: &str,
        count_only: bool,
    ) -> Result<(Vec<Entry>, usize), HostError> {
        let (backend, key) = (self.backend.clone(), key.to_owned());
        let listed = self.run(async move {
            match backend {
                Backend::Store(op) | Backend::Dav(op, _) => dal::list(&op, &key, count_only).await,
                #[cfg(unix)]
                Backend::Sftp(folder) => folder.list_key(&key, count_only).await,
            }
        });
        self.tell_strays();
        listed
    }

    /// Says, once, that the server listed items outside the folder (left
    /// out): a server or a proxy that does not give its paths right.
    fn tell_strays(&mut self) {
        let Some(strays) = &self.strays else {
            return;
        };
        let count = strays.load(std::sync::atomic::Ordering::Relaxed);
        if count > 0 {
            let address = &self.address;
            let said = crate::failure::spoken().pick(
                format!(
                    "tidyup: {address}: the server listed {count} item(s) outside this folder; \
                     they are left out"
                ),
                format!("tidyup：{address}：服务器列出了 {count} 个不在此文件夹中的项目，已略过"),
            );
            crate::console::errln!("{said}");
            self.strays = None;
        }
    }

    /// Makes the folder at `key`, and those above it that are missing.
    pub(super) fn create_dir_key(&mut self, key: &str) -> Result<(), HostError> {
        let (backend, key) = (self.backend.clone(), key.to_owned());
        self.run(async move {
            match backend {
                Backend::Store(op) | Backend::Dav(op, _) => dal::create_dir(&op, &key).await,
                #[cfg(unix)]
                Backend::Sftp(folder) => folder.create_dir_all(&key).await,
            }
        })
    }

    /// Removes the item at `key` as `removal` says.
    pub(super) fn remove_key(&mut self, key: &str, removal: Removal) -> Result<(), HostError> {
        self.forget_folders(key);
        let (backend, key) = (self.backend.clone(), key.to_owned());
        let trash = format!("{REMOTE_TRASH}/{}", trash_session_name());
        let server = (self.server_path(&key, true), self.server_path(&trash, true));
        self.run(async move {
            match (backend, removal) {
                (Backend::Store(op) | Backend::Dav(op, _), Removal::File) => {
                    dal::remove(&op, &key, false).await
                }
                (Backend::Store(op) | Backend::Dav(op, _), Removal::All) => {
                    dal::remove(&op, &key, true).await
                }
                // A store's folder is a marker beside its objects: the
                // marker alone goes.
                (Backend::Store(op), Removal::IfEmpty) => {
                    dal::remove(&op, &format!("{key}/"), false).await
                }
                (Backend::Dav(op, dav), Removal::IfEmpty) => {
                    dav.remove_empty(&op, (&key, &server.0), (&trash, &server.1))
                        .await
                }
                #[cfg(unix)]
                (Backend::Sftp(folder), Removal::File) => folder.remove_file(&key).await,
                #[cfg(unix)]
                (Backend::Sftp(folder), Removal::All) => folder.remove_dir_all(&key).await,
                #[cfg(unix)]
                (Backend::Sftp(folder), Removal::IfEmpty) => folder.remove_empty_dir(&key).await,
            }
        })
    }

    /// The size of the file at `key`.
    pub(super) fn size_of(
        &self,
        key: &str,
    ) -> impl std::future::Future<Output = Result<u64, HostError>> + Send + use<> {
        let (backend, key) = (self.backend.clone(), key.to_owned());
        async move {
            match backend {
                Backend::Store(op) | Backend::Dav(op, _) => dal::size(&op, &key).await,
                #[cfg(unix)]
                Backend::Sftp(folder) => folder.size(&key).await,
            }
        }
    }

    /// The bytes of the file at `key` in `range`.
    pub(super) fn read_of(
        &self,
        key: &str,
        range: std::ops::Range<u64>,
    ) -> impl std::future::Future<Output = Result<Vec<u8>, HostError>> + Send + use<> {
        let (backend, key) = (self.backend.clone(), key.to_owned());
        async move {
            if range.is_empty() {
                return Ok(Vec::new());
            }
            match backend {
                Backend::Store(op) | Backend::Dav(op, _) => dal::read(&op, &key, range).await,
                #[cfg(unix)]
                Backend::Sftp(folder) => folder.read(&key, range).await,
            }
        }
    }

    /// The BLAKE3 hash of the first `limit` bytes of the file at `key`
    /// (all when `None`), to run with others at once.
    pub(super) fn hash_of(
        &self,
        key: &str,
        limit: Option<u64>,
    ) -> impl std::future::Future<Output = Result<String, HostError>> + Send + use<> {
        let (backend, key) = (self.backend.clone(), key.to_owned());
        async move {
            match backend {
                Backend::Store(op) | Backend::Dav(op, _) => {
                    objects::content_hash(&op, &key, limit).await
                }
                #[cfg(unix)]
                Backend::Sftp(folder) => folder.hash(&key, limit).await,
            }
        }
    }

    /// Whether `a` and `b` (keys) are one item: the same key, or on SFTP
    /// one file under two names.
    pub(super) fn same_item_keys(&mut self, a: &str, b: &str) -> Result<bool, HostError> {
        if a == b {
            return Ok(self.stat_key(a)?.is_some());
        }
        #[cfg(unix)]
        if let Backend::Sftp(folder) = self.backend.clone() {
            let (a, b) = (a.to_owned(), b.to_owned());
            return self.run(async move { folder.same_file(&a, &b).await });
        }
        // A store and a WebDAV server have one name per item.
        Ok(false)
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
        let needs_parent = !matches!(self.backend, Backend::Store(_));
        if let (Some((parent, _)), true) = (to.rsplit_once('/'), needs_parent)
            && !self.parents.contains(parent)
        {
            self.create_dir_key(parent)?;
            self.parents.insert(parent.to_owned());
        }
        let (from_key, to_key) = (from.to_owned(), to.to_owned());
        let (from_path, to_path) = (self.path_of(from), self.path_of(to));
        // A refusal names the path the core knows; any other error is
        // passed on as it is.
        #[allow(clippy::wildcard_enum_match_arm)]
        let located = |err: HostError| match err.code {
            ErrorCode::AlreadyExists => HostError::at(ErrorCode::AlreadyExists, &to_path),
            ErrorCode::NotFound => HostError::at(ErrorCode::NotFound, &from_path),
            _ => err,
        };
        if is_dir {
            self.forget_folders(from);
        }
        match self.backend.clone() {
            Backend::Store(op) => {
                staging(&self.path_of(to)).map_err(|err| crate::fs::host_error(&err))?;
                self.run(async move {
                    if is_dir {
                        objects::move_prefix(&op, &from_key, &to_key).await
                    } else {
                        objects::move_object(&op, &from_key, &to_key).await
                    }
                })
            }
            Backend::Dav(_, dav) => {
                let (server_from, server_to) =
                    (self.server_path(from, is_dir), self.server_path(to, is_dir));
                self.run(async move { dav.move_new(&server_from, &server_to).await })
            }
            #[cfg(unix)]
            Backend::Sftp(folder) => {
                self.run(async move { folder.move_new(&from_key, &to_key, is_dir).await })
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

/// How an item is removed.
#[derive(Clone, Copy)]
pub(super) enum Removal {
    /// A file (or a link).
    File,
    /// A folder with everything in it.
    All,
    /// A folder, only if it is empty: decided by the server in one step
    /// (or, on WebDAV, where nothing else can reach it), never by a
    /// listing before a removal.
    IfEmpty,
}

/// A fresh name for a folder of the remote trash that holds what one
/// removal sets aside.
fn trash_session_name() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    format!("removing-{}-{}", now.as_secs(), now.subsec_nanos())
}

impl Drop for RemoteFs {
    /// Ends an SFTP session's `ssh` before the runtime goes.
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Backend::Sftp(folder) = &self.backend {
            let folder = std::sync::Arc::clone(folder);
            let _ = self.runner.run_to_end(async move {
                folder.close().await;
                Ok(())
            });
        }
    }
}
