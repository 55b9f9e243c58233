//! The in-memory file system of the core's tests.

use std::collections::{BTreeMap, BTreeSet};

use tidyup_core::ErrorCode;
use tidyup_core::{
    Entry, EntryKind, FileSample, FileSystem, FsAnswer, FsRequest, HostError, composed,
};

use crate::paths::{abs, is_within, name_of, normalize, parent_of};
use crate::{MTIME, TARGET};

/// One node of the in-memory tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Dir {
        mtime: i64,
    },
    File {
        contents: String,
        size: u64,
        mtime: i64,
        /// Bytes that are not text, when the file was made from bytes
        /// (`contents` then shows them lossily).
        raw: Option<Vec<u8>>,
        /// Whether its content lives elsewhere (a cloud drive's
        /// placeholder): listed as such, and reading it is a download.
        online_only: bool,
    },
    Link {
        target: String,
        mtime: i64,
    },
}

impl Node {
    fn mtime(&self) -> i64 {
        match self {
            Node::Dir { mtime } | Node::File { mtime, .. } | Node::Link { mtime, .. } => *mtime,
        }
    }
}

/// A file-system primitive, to say which operations an injected failure hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Op {
    /// [`FileSystem::stat`].
    Stat,
    /// [`FileSystem::list`].
    List,
    /// [`FileSystem::create_dir_all`].
    CreateDirAll,
    /// [`FileSystem::rename`] (both its source and its destination).
    Rename,
    /// [`FileSystem::remove_file`].
    RemoveFile,
    /// [`FileSystem::remove_dir_all`].
    RemoveDirAll,
}

impl Op {
    /// Every primitive that changes the tree.
    pub const WRITES: [Op; 4] = [
        Op::CreateDirAll,
        Op::Rename,
        Op::RemoveFile,
        Op::RemoveDirAll,
    ];
    /// Every primitive.
    pub const ALL: [Op; 6] = [
        Op::Stat,
        Op::List,
        Op::CreateDirAll,
        Op::Rename,
        Op::RemoveFile,
        Op::RemoveDirAll,
    ];
}

/// What a path holds, as seen by [`MemFs::snapshot`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Snap {
    /// A directory.
    Dir,
    /// A file with its contents and size.
    File(String, u64),
    /// A symbolic link with its target.
    Link(String),
}

/// The message of the injected `permission_denied` failures.
pub const DENIED: &str = "Permission denied (os error 13)";

/// An in-memory file tree implementing [`FileSystem`] with the semantics of a
/// POSIX file system: absolute `/`-separated paths (trailing slashes, `.` and
/// `..` are normalized), `stat` not following a final symlink, `rename`
/// replacing a file and failing with `not_found` on a missing parent.
///
/// Failures can be injected per path and primitive with [`MemFs::fail`]; every
/// primitive called is logged in [`MemFs::calls`].
#[derive(Debug, Clone)]
pub struct MemFs {
    pub(crate) nodes: BTreeMap<String, Node>,
    failures: Vec<(BTreeSet<Op>, String)>,
    /// The offset from UTC every entry reports, in seconds.
    pub utc_offset: i32,
    /// The modification time given to entries created through the trait.
    pub now: i64,
    /// Every primitive called, as `op path` (or `rename from -> to`).
    pub calls: Vec<String>,
}

impl Default for MemFs {
    fn default() -> Self {
        Self::new()
    }
}

impl MemFs {
    /// A tree holding only `/`, `/home`, `/home/user` and [`TARGET`].
    pub fn new() -> Self {
        let mut fs = Self {
            nodes: BTreeMap::from([("/".to_owned(), Node::Dir { mtime: MTIME })]),
            failures: Vec::new(),
            utc_offset: 0,
            now: MTIME,
            calls: Vec::new(),
        };
        fs.add_dir(TARGET);
        fs
    }

    /// Adds a directory (and its missing parents) at `path`, relative to [`TARGET`] unless absolute.
    pub fn dir(mut self, path: &str) -> Self {
        self.add_dir(&abs(path));
        self
    }

    /// Adds a file with `contents` (size = its byte length) and the default time.
    pub fn file(self, path: &str, contents: &str) -> Self {
        let size = contents.len() as u64;
        self.file_with(path, contents, size, MTIME)
    }

    /// Adds a file of the given size, with empty contents.
    pub fn file_sized(self, path: &str, size: u64) -> Self {
        self.file_with(path, "", size, MTIME)
    }

    /// Adds a file with every attribute chosen; missing parents are created.
    pub fn file_with(mut self, path: &str, contents: &str, size: u64, mtime: i64) -> Self {
        let path = abs(path);
        if let Some(parent) = parent_of(&path) {
            self.add_dir(&parent);
        }
        self.nodes.insert(
            path,
            Node::File {
                contents: contents.to_owned(),
                size,
                mtime,
                raw: None,
                online_only: false,
            },
        );
        self
    }

    /// Adds a file holding `bytes` (any bytes, not only text), with the
    /// default time; only such a file can be read ([`FileSystem::read_bytes`]).
    pub fn file_bytes(mut self, path: &str, bytes: &[u8]) -> Self {
        let path = abs(path);
        if let Some(parent) = parent_of(&path) {
            self.add_dir(&parent);
        }
        self.nodes.insert(
            path,
            Node::File {
                contents: String::from_utf8_lossy(bytes).into_owned(),
                size: bytes.len() as u64,
                mtime: MTIME,
                raw: Some(bytes.to_vec()),
                online_only: false,
            },
        );
        self
    }

    /// Marks the file at `path` (relative to [`TARGET`] unless absolute) as
    /// online-only, as a cloud drive's placeholder answers: its entry says
    /// so, and it keeps the mark when it moves. A read of it stays logged
    /// in [`MemFs::calls`] (`read_bytes PATH`, `digest PATH`), where a test
    /// looks for one.
    pub fn online_only(mut self, path: &str) -> Self {
        if let Some(Node::File { online_only, .. }) = self.nodes.get_mut(&abs(path)) {
            *online_only = true;
        }
        self
    }

    /// Adds a symbolic link at `path` pointing to `target` (absolute or relative to TARGET).
    pub fn symlink(mut self, path: &str, target: &str) -> Self {
        let path = abs(path);
        if let Some(parent) = parent_of(&path) {
            self.add_dir(&parent);
        }
        self.nodes.insert(
            path,
            Node::Link {
                target: abs(target),
                mtime: MTIME,
            },
        );
        self
    }

    /// Adds many files at once: `(path, size, mtime)` each, paths relative
    /// to [`TARGET`] unless absolute, contents empty; for large folders.
    pub fn files_with(mut self, files: impl IntoIterator<Item = (String, u64, i64)>) -> Self {
        for (path, size, mtime) in files {
            let path = abs(&path);
            if let Some(parent) = parent_of(&path) {
                self.add_dir(&parent);
            }
            self.nodes.insert(
                path,
                Node::File {
                    contents: String::new(),
                    size,
                    mtime,
                    raw: None,
                    online_only: false,
                },
            );
        }
        self
    }

    /// The number of entries directly in the directory at `path` (absolute,
    /// or relative to [`TARGET`]).
    pub fn count_in(&self, path: &str) -> usize {
        self.children(&abs(path)).len()
    }

    /// Sets the modification time of an existing entry.
    pub fn touch(mut self, path: &str, mtime: i64) -> Self {
        let path = abs(path);
        match self.nodes.get_mut(&path) {
            Some(
                Node::Dir { mtime: m } | Node::File { mtime: m, .. } | Node::Link { mtime: m, .. },
            ) => {
                *m = mtime;
            }
            None => panic!("touch: nothing at {path}"),
        }
        self
    }

    /// Sets the UTC offset every entry reports.
    pub fn with_utc_offset(mut self, seconds: i32) -> Self {
        self.utc_offset = seconds;
        self
    }

    /// Makes the primitives `ops` fail with `permission_denied` on `path` and
    /// everything below it (absolute, or relative to [`TARGET`]).
    pub fn fail(mut self, ops: &[Op], path: &str) -> Self {
        self.failures
            .push((ops.iter().copied().collect(), abs(path)));
        self
    }

    /// The whole tree below [`TARGET`], keyed by path relative to it.
    pub fn snapshot(&self) -> BTreeMap<String, Snap> {
        self.snapshot_under(TARGET)
    }

    /// The whole tree below `root` (absolute), keyed by path relative to it.
    pub fn snapshot_under(&self, root: &str) -> BTreeMap<String, Snap> {
        let prefix = format!("{}/", root.trim_end_matches('/'));
        self.nodes
            .iter()
            .filter_map(|(path, node)| {
                let rel = path.strip_prefix(&prefix)?;
                let snap = match node {
                    Node::Dir { .. } => Snap::Dir,
                    Node::File { contents, size, .. } => Snap::File(contents.clone(), *size),
                    Node::Link { target, .. } => Snap::Link(target.clone()),
                };
                Some((rel.to_owned(), snap))
            })
            .collect()
    }

    /// Whether anything is at `path` (absolute, or relative to [`TARGET`]).
    pub fn exists(&self, path: &str) -> bool {
        self.nodes.contains_key(&abs(path))
    }

    fn add_dir(&mut self, path: &str) {
        let path = normalize(path);
        let mut current = String::new();
        for part in path.split('/').filter(|part| !part.is_empty()) {
            current.push('/');
            current.push_str(part);
            self.nodes
                .entry(current.clone())
                .or_insert(Node::Dir { mtime: MTIME });
        }
    }

    pub(crate) fn check(&self, op: Op, path: &str) -> Result<(), HostError> {
        let denied = self
            .failures
            .iter()
            .any(|(ops, root)| ops.contains(&op) && is_within(path, root));
        if denied {
            Err(HostError::new(ErrorCode::PermissionDenied, DENIED))
        } else {
            Ok(())
        }
    }

    fn entry(&self, path: &str, node: &Node) -> Entry {
        let (kind, size, online_only) = match node {
            Node::Dir { .. } => (EntryKind::Dir, 0, false),
            Node::File {
                size, online_only, ..
            } => (EntryKind::File, *size, *online_only),
            Node::Link { target, .. } => (EntryKind::Symlink, target.len() as u64, false),
        };
        Entry {
            name: name_of(path).to_owned(),
            kind,
            size,
            modified: node.mtime(),
            utc_offset: self.utc_offset,
            online_only,
        }
    }

    /// The path with a final symlink followed (once).
    fn follow(&self, path: &str) -> String {
        match self.nodes.get(path) {
            Some(Node::Link { target, .. }) => normalize(target),
            Some(Node::Dir { .. } | Node::File { .. }) | None => path.to_owned(),
        }
    }

    /// The entries of the directory at `path` (normalized), as a listing
    /// answers them.
    fn children_of(&self, path: &str) -> Result<Vec<Entry>, HostError> {
        self.check(Op::List, path)?;
        let dir = self.follow(path);
        match self.nodes.get(&dir) {
            None => Err(not_found(path)),
            Some(Node::File { .. } | Node::Link { .. }) => Err(host_error(
                ErrorCode::NotADirectory,
                "Not a directory (os error 20)",
                path,
            )),
            Some(Node::Dir { .. }) => Ok(self
                .children(&dir)
                .iter()
                .rev() // any order: make sure the core sorts
                .map(|child| self.entry(child, &self.nodes[child]))
                .collect()),
        }
    }

    fn children(&self, dir: &str) -> Vec<String> {
        let prefix = if dir == "/" {
            "/".to_owned()
        } else {
            format!("{dir}/")
        };
        self.nodes
            .keys()
            .filter(|path| {
                path.strip_prefix(&prefix)
                    .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
            })
            .cloned()
            .collect()
    }

    fn subtree(&self, root: &str) -> Vec<String> {
        self.nodes
            .keys()
            .filter(|path| is_within(path, root))
            .cloned()
            .collect()
    }

    pub(crate) fn is_dir(&self, path: &str) -> bool {
        matches!(self.nodes.get(path), Some(Node::Dir { .. }))
    }
}

pub(crate) fn not_found(path: &str) -> HostError {
    HostError::new(
        ErrorCode::NotFound,
        format!("No such file or directory (os error 2): {path}"),
    )
}

pub(crate) fn host_error(code: ErrorCode, message: &str, path: &str) -> HostError {
    HostError::new(code, format!("{message}: {path}"))
}

impl FileSystem for MemFs {
    // What it does not answer itself is made of what it does, or refused,
    // whatever requests come to exist.
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        Ok(match request {
            FsRequest::Stat { path } => FsAnswer::Stat(self.on_stat(path)?),
            FsRequest::List { path } => FsAnswer::List(self.on_list(path)?),
            FsRequest::Count { path } => FsAnswer::Count(self.on_count(path)?),
            FsRequest::CreateDirAll { path } => self.on_create_dir_all(path)?.into(),
            FsRequest::Rename { from, to } => self.on_rename(from, to)?.into(),
            FsRequest::RemoveFile { path } => self.on_remove_file(path)?.into(),
            FsRequest::RemoveDirAll { path } => self.on_remove_dir_all(path)?.into(),
            FsRequest::ReadBytes { path, head, tail } => {
                FsAnswer::Sample(self.on_read_bytes(path, *head, *tail)?)
            }
            FsRequest::Digests { paths, limit } => {
                FsAnswer::Digests(self.on_digests(paths, *limit)?)
            }
            _ => return composed(self, request),
        })
    }
}

/// The requests it answers itself, each as the request says.
impl MemFs {
    fn on_stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        let path = normalize(path);
        self.calls.push(format!("stat {path}"));
        self.check(Op::Stat, &path)?;
        Ok(self.nodes.get(&path).map(|node| self.entry(&path, node)))
    }

    fn on_list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let path = normalize(path);
        self.calls.push(format!("list {path}"));
        self.children_of(&path)
    }

    fn on_count(&mut self, path: &str) -> Result<usize, HostError> {
        let path = normalize(path);
        self.calls.push(format!("count {path}"));
        Ok(self.children_of(&path)?.len())
    }

    fn on_create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let path = normalize(path);
        self.calls.push(format!("create_dir_all {path}"));
        self.check(Op::CreateDirAll, &path)?;
        let mut current = String::new();
        let mut created = Vec::new();
        for part in path.split('/').filter(|part| !part.is_empty()) {
            current.push('/');
            current.push_str(part);
            match self.nodes.get(&current) {
                Some(Node::Dir { .. }) => {}
                Some(Node::File { .. } | Node::Link { .. }) => {
                    return Err(host_error(
                        ErrorCode::AlreadyExists,
                        "File exists (os error 17)",
                        &current,
                    ));
                }
                None => created.push(current.clone()),
            }
        }
        for dir in created {
            self.nodes.insert(dir, Node::Dir { mtime: self.now });
        }
        Ok(())
    }

    fn on_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (from, to) = (normalize(from), normalize(to));
        self.calls.push(format!("rename {from} -> {to}"));
        self.check(Op::Rename, &from)?;
        self.check(Op::Rename, &to)?;
        let Some(source) = self.nodes.get(&from).cloned() else {
            return Err(not_found(&from));
        };
        match parent_of(&to) {
            Some(parent) if self.is_dir(&parent) => {}
            Some(_) | None => return Err(not_found(&to)),
        }
        if from == to {
            return Ok(());
        }
        let source_is_dir = matches!(source, Node::Dir { .. });
        if source_is_dir && is_within(&to, &from) {
            return Err(host_error(
                ErrorCode::Other("invalid_input".to_owned()),
                "Invalid argument (os error 22)",
                &to,
            ));
        }
        match (source_is_dir, self.nodes.get(&to)) {
            (_, None) => {}
            (false, Some(Node::File { .. } | Node::Link { .. })) => {}
            (false, Some(Node::Dir { .. })) => {
                return Err(host_error(
                    ErrorCode::Other("is_a_directory".to_owned()),
                    "Is a directory (os error 21)",
                    &to,
                ));
            }
            (true, Some(Node::File { .. } | Node::Link { .. })) => {
                return Err(host_error(
                    ErrorCode::NotADirectory,
                    "Not a directory (os error 20)",
                    &to,
                ));
            }
            (true, Some(Node::Dir { .. })) => {
                if !self.children(&to).is_empty() {
                    return Err(host_error(
                        ErrorCode::Other("directory_not_empty".to_owned()),
                        "Directory not empty (os error 39)",
                        &to,
                    ));
                }
            }
        }
        self.nodes.remove(&to);
        for old in self.subtree(&from) {
            if let Some(node) = self.nodes.remove(&old) {
                let new = format!("{to}{}", &old[from.len()..]);
                self.nodes.insert(new, node);
            }
        }
        Ok(())
    }

    fn on_remove_file(&mut self, path: &str) -> Result<(), HostError> {
        let path = normalize(path);
        self.calls.push(format!("remove_file {path}"));
        self.check(Op::RemoveFile, &path)?;
        match self.nodes.get(&path) {
            None => Err(not_found(&path)),
            Some(Node::Dir { .. }) => Err(host_error(
                ErrorCode::Other("is_a_directory".to_owned()),
                "Is a directory (os error 21)",
                &path,
            )),
            Some(Node::File { .. } | Node::Link { .. }) => {
                self.nodes.remove(&path);
                Ok(())
            }
        }
    }

    fn on_remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let path = normalize(path);
        self.calls.push(format!("remove_dir_all {path}"));
        self.check(Op::RemoveDirAll, &path)?;
        match self.nodes.get(&path) {
            None => Err(not_found(&path)),
            Some(Node::File { .. } | Node::Link { .. }) => Err(host_error(
                ErrorCode::NotADirectory,
                "Not a directory (os error 20)",
                &path,
            )),
            Some(Node::Dir { .. }) if path == "/" => {
                Err(host_error(ErrorCode::PermissionDenied, DENIED, &path))
            }
            Some(Node::Dir { .. }) => {
                for old in self.subtree(&path) {
                    self.nodes.remove(&old);
                }
                Ok(())
            }
        }
    }

    /// The bytes of a file made with [`MemFs::file_bytes`], or the
    /// contents of a file that has them (whole); a file made with only a
    /// size has unknown bytes, and reading it fails (`unsupported`).
    fn on_read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        let path = normalize(path);
        self.calls.push(format!("read_bytes {path}"));
        self.check(Op::Stat, &path)?;
        match self.nodes.get(&self.follow(&path)) {
            Some(Node::File {
                raw: Some(bytes), ..
            }) => {
                let cut = |n: u64| usize::try_from(n).unwrap_or(usize::MAX).min(bytes.len());
                let head_end = cut(head);
                let tail_start = bytes.len() - cut(tail).min(bytes.len() - head_end);
                Ok(FileSample {
                    size: bytes.len() as u64,
                    head: bytes[..head_end].to_vec(),
                    tail: bytes[tail_start..].to_vec(),
                })
            }
            Some(Node::File { contents, size, .. }) if contents.len() as u64 == *size => {
                Ok(FileSample {
                    size: *size,
                    head: contents.as_bytes().to_vec(),
                    tail: Vec::new(),
                })
            }
            Some(Node::File { .. }) => Err(host_error(
                ErrorCode::Unsupported,
                "this host does not read files",
                &path,
            )),
            Some(Node::Dir { .. } | Node::Link { .. }) | None => Err(not_found(&path)),
        }
    }

    /// The contents as the digest of a file that has them; a file made
    /// with only a size has unknown bytes, so its digest is its own.
    fn on_digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        Ok(paths
            .iter()
            .map(|path| {
                let path = normalize(path);
                self.calls.push(format!("digest {path}"));
                self.check(Op::Stat, &path)?;
                match self.nodes.get(&self.follow(&path)) {
                    Some(Node::File { contents, size, .. }) if contents.len() as u64 == *size => {
                        let end = limit.map_or(contents.len(), |limit| {
                            contents
                                .len()
                                .min(usize::try_from(limit).unwrap_or(usize::MAX))
                        });
                        Ok(format!(
                            "bytes:{}",
                            &contents.as_bytes()[..end].escape_ascii()
                        ))
                    }
                    Some(Node::File { .. }) => Ok(format!("unknown:{path}")),
                    Some(Node::Dir { .. } | Node::Link { .. }) | None => Err(not_found(&path)),
                }
            })
            .collect())
    }
}
