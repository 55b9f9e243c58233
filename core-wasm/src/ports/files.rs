//! The file system the tools are built from: one method taking one
//! [`FsRequest`], and typed helpers over it ([`FileSystemExt`]).
//!
//! A file system answers the requests it does and hands every other one
//! on: a base answers what it can and [`composed`] makes the rest of the
//! ones that can be made of others; a wrapper answers the requests it
//! cares about and passes the others to what it wraps, unchanged. So a new
//! kind of request touches the request type, the file systems that carry
//! it out and the policies that judge it, and nothing else.

use serde::{Deserialize, Serialize};

use super::{ErrorCode, FsAnswer, FsRequest, HostError};

/// A file system. Paths are absolute.
pub trait FileSystem {
    /// Carries out `request`: the answer of its kind, or the failure of
    /// the request as a whole (per-item failures of a batch are in the
    /// answer). A request this file system does not know fails with code
    /// `unsupported`.
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError>;
}

impl<F: FileSystem + ?Sized> FileSystem for &mut F {
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        (**self).call(request)
    }
}

impl<F: FileSystem + ?Sized> FileSystem for Box<F> {
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        (**self).call(request)
    }
}

/// The requests that can be made of others, made of them on `files`:
/// `count` of `list`, `stat_many` of `stat`, `move_batch` of `stat` and
/// `rename` (never replacing), `digests` of `read_bytes` (the bytes
/// themselves as the digest: exact, but holding a whole file in memory).
/// Any other request fails with code `unsupported`. A base file system
/// hands it what it does not answer itself.
// Every request it cannot make of others is refused, whatever requests
// come to exist.
#[allow(clippy::wildcard_enum_match_arm)]
pub fn composed<F: FileSystem + ?Sized>(
    files: &mut F,
    request: &FsRequest<'_>,
) -> Result<FsAnswer, HostError> {
    use base64::Engine;
    Ok(match request {
        FsRequest::Count { path } => FsAnswer::Count(files.list(path)?.len()),
        FsRequest::StatMany { paths } => {
            FsAnswer::StatMany(paths.iter().map(|path| files.stat(path)).collect())
        }
        FsRequest::MoveBatch { moves } => FsAnswer::Moves(
            moves
                .iter()
                .map(|step| match files.stat(&step.to)? {
                    Some(_) => Err(HostError::at(ErrorCode::AlreadyExists, &*step.to)),
                    None => files.rename(&step.from, &step.to),
                })
                .collect(),
        ),
        FsRequest::Digests { paths, limit } => FsAnswer::Digests(
            paths
                .iter()
                .map(|path| {
                    let sample = files.read_bytes(path, limit.unwrap_or(u64::MAX), 0)?;
                    Ok(base64::engine::general_purpose::STANDARD.encode(sample.head))
                })
                .collect(),
        ),
        _ => return Err(unsupported(request)),
    })
}

/// The refusal of a request a file system does not carry out.
pub fn unsupported(request: &FsRequest<'_>) -> HostError {
    HostError::new(
        ErrorCode::Unsupported,
        format!("this host does not do {}", request.op()),
    )
}

/// The refusal of an answer of another kind than the request's.
fn wrong_answer(op: &str) -> HostError {
    HostError::new(
        ErrorCode::Host,
        format!("the answer to {op} is of another kind"),
    )
}

/// Typed helpers over [`FileSystem::call`], one per kind of request; every
/// file system has them.
// Each helper expects the one answer of its request's kind: any other is
// the host's error, whatever kinds come to exist.
#[allow(clippy::wildcard_enum_match_arm)]
pub trait FileSystemExt: FileSystem {
    /// The entry at `path` without following a final symlink; `None` when
    /// nothing is there.
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        match self.call(&FsRequest::Stat { path: path.into() })? {
            FsAnswer::Stat(entry) => Ok(entry),
            _ => Err(wrong_answer("stat")),
        }
    }

    /// The entry at each of `paths`, in order, as [`Self::stat`] answers
    /// for it, in one request (one crossing of the wasm boundary).
    fn stat_many(&mut self, paths: &[String]) -> Result<Vec<StatResult>, HostError> {
        match self.call(&FsRequest::StatMany {
            paths: paths.into(),
        })? {
            FsAnswer::StatMany(results) => Ok(results),
            _ => Err(wrong_answer("stat_many")),
        }
    }

    /// The children of the directory at `path`, in any order.
    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        match self.call(&FsRequest::List { path: path.into() })? {
            FsAnswer::List(entries) => Ok(entries),
            _ => Err(wrong_answer("list")),
        }
    }

    /// How many children [`Self::list`] would answer, without what it
    /// would say of each.
    fn count(&mut self, path: &str) -> Result<usize, HostError> {
        match self.call(&FsRequest::Count { path: path.into() })? {
            FsAnswer::Count(count) => Ok(count),
            _ => Err(wrong_answer("count")),
        }
    }

    /// Creates the directory and its missing parents.
    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.done(&FsRequest::CreateDirAll { path: path.into() })
    }

    /// Moves `from` to `to`, replacing a file at `to`; works across file
    /// systems.
    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        self.done(&FsRequest::Rename {
            from: from.into(),
            to: to.into(),
        })
    }

    /// Removes a file, or a symlink as a link.
    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        self.done(&FsRequest::RemoveFile { path: path.into() })
    }

    /// Removes a directory with all its contents.
    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        self.done(&FsRequest::RemoveDirAll { path: path.into() })
    }

    /// Moves many items, in order, never replacing anything: one result
    /// per move (a host may answer fewer: those after are unknown), a move whose destination exists failing with code
    /// `already_exists`; `Err` when the batch as a whole could not start.
    fn move_batch(&mut self, moves: &[BatchMove]) -> Result<Vec<Result<(), HostError>>, HostError> {
        match self.call(&FsRequest::MoveBatch {
            moves: moves.into(),
        })? {
            FsAnswer::Moves(results) => Ok(results),
            _ => Err(wrong_answer("move_batch")),
        }
    }

    /// Up to `head` bytes from the start of the file at `path` and up to
    /// `tail` from its end, never the same byte twice, and its size.
    fn read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        match self.call(&FsRequest::ReadBytes {
            path: path.into(),
            head,
            tail,
        })? {
            FsAnswer::Sample(sample) => Ok(sample),
            _ => Err(wrong_answer("read_bytes")),
        }
    }

    /// A digest of each file of `paths`, in order: of its first `limit`
    /// bytes, or of all of it. Two equal digests from one host mean equal
    /// bytes.
    fn digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        match self.call(&FsRequest::Digests {
            paths: paths.into(),
            limit,
        })? {
            FsAnswer::Digests(results) => Ok(results),
            _ => Err(wrong_answer("digests")),
        }
    }

    /// Carries out a change whose answer is `Done`.
    #[doc(hidden)]
    fn done(&mut self, request: &FsRequest<'_>) -> Result<(), HostError> {
        match self.call(request)? {
            FsAnswer::Done => Ok(()),
            _ => Err(wrong_answer(request.op())),
        }
    }
}

impl<F: FileSystem + ?Sized> FileSystemExt for F {}

/// What [`FileSystemExt::stat_many`] answers for one path.
pub type StatResult = Result<Option<Entry>, HostError>;

/// What [`FileSystem::read_bytes`] read of a file; the bytes travel as
/// base64 text on the wire.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileSample {
    /// The file's whole size in bytes.
    pub size: u64,
    /// Its first bytes.
    #[serde(with = "base64_bytes")]
    pub head: Vec<u8>,
    /// Its last bytes, after those of `head`.
    #[serde(with = "base64_bytes", default)]
    pub tail: Vec<u8>,
}

/// Bytes as standard base64 text.
mod base64_bytes {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        STANDARD
            .decode(text.as_bytes())
            .map_err(serde::de::Error::custom)
    }
}

/// One move of [`FileSystem::move_batch`]: absolute paths.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchMove {
    /// Where the item is.
    pub from: String,
    /// Where it goes; nothing may be there.
    pub to: String,
}

/// One file-system entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The entry's own name (last path component).
    pub name: String,
    /// What it is.
    pub kind: EntryKind,
    /// Size in bytes.
    pub size: u64,
    /// Modification time, Unix seconds.
    pub modified: i64,
    /// The local time zone's offset from UTC at `modified`, in seconds.
    pub utc_offset: i32,
    /// Whether the file's content lives elsewhere (a cloud drive's
    /// online-only placeholder): reading it would download it, so tidyup
    /// never reads it and moves it only by renaming. Absent on the wire
    /// when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub online_only: bool,
}

/// The kind of a file-system entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link (not followed).
    Symlink,
    /// Anything else (socket, device...).
    #[serde(other)]
    Other,
}
