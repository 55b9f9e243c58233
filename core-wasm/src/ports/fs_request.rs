//! [`FsRequest`], the one currency of every file system, and its
//! [`FsAnswer`]: the same values natively and, serialized, across the wasm
//! boundary (`fs_call`).

use std::borrow::Cow;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Serialize, Serializer};

use super::{BatchMove, Entry, ErrorCode, FileSample, HostError, StatResult};

/// One request to a file system, tagged by `op` on the wire. Paths are
/// absolute. A batch request (`stat_many`, `move_batch`, `digests`) is
/// answered item by item; any other as a whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum FsRequest<'a> {
    /// The entry at `path`, a final symlink not followed; `null` when
    /// nothing is there.
    Stat {
        /// Absolute path.
        path: Cow<'a, str>,
    },
    /// [`FsRequest::Stat`] of each path, in order.
    StatMany {
        /// Absolute paths.
        paths: Cow<'a, [String]>,
    },
    /// The children of a directory, in any order.
    List {
        /// Absolute path.
        path: Cow<'a, str>,
    },
    /// How many children [`FsRequest::List`] would answer.
    Count {
        /// Absolute path.
        path: Cow<'a, str>,
    },
    /// Creates a directory and its missing parents.
    CreateDirAll {
        /// Absolute path.
        path: Cow<'a, str>,
    },
    /// Moves an item, replacing a file at the destination; works across
    /// file systems.
    Rename {
        /// Absolute source path.
        from: Cow<'a, str>,
        /// Absolute destination path.
        to: Cow<'a, str>,
    },
    /// Removes a file, or a symlink as a link.
    RemoveFile {
        /// Absolute path.
        path: Cow<'a, str>,
    },
    /// Removes a directory with all its contents.
    RemoveDirAll {
        /// Absolute path.
        path: Cow<'a, str>,
    },
    /// Moves many items, in order, never replacing anything.
    MoveBatch {
        /// The moves, in order.
        moves: Cow<'a, [BatchMove]>,
    },
    /// Bytes from the start and the end of a file, and its size.
    ReadBytes {
        /// The file.
        path: Cow<'a, str>,
        /// Bytes wanted from its start.
        head: u64,
        /// Bytes wanted from its end.
        tail: u64,
    },
    /// A digest of each file.
    Digests {
        /// The files.
        paths: Cow<'a, [String]>,
        /// Bytes digested from each file's start; all of them when absent.
        #[serde(default)]
        limit: Option<u64>,
    },
}

/// What a request does to a path, as policies tell requests apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Looked at: stat, list, read, digest.
    Read,
    /// Created as a folder (with the missing folders above it).
    Create,
    /// Moved, renamed or deleted, as a source or a destination.
    Change,
}

/// One path a request names: which item of the request it belongs to (0
/// for a request that is not a batch), the path, and what is done to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named<'r> {
    /// The item of a batch request, else 0.
    pub item: usize,
    /// The path.
    pub path: &'r str,
    /// What the request does to it.
    pub access: Access,
}

impl FsRequest<'_> {
    /// The request's name on the wire (`stat`, `move_batch`...).
    pub fn op(&self) -> &'static str {
        match self {
            FsRequest::Stat { .. } => "stat",
            FsRequest::StatMany { .. } => "stat_many",
            FsRequest::List { .. } => "list",
            FsRequest::Count { .. } => "count",
            FsRequest::CreateDirAll { .. } => "create_dir_all",
            FsRequest::Rename { .. } => "rename",
            FsRequest::RemoveFile { .. } => "remove_file",
            FsRequest::RemoveDirAll { .. } => "remove_dir_all",
            FsRequest::MoveBatch { .. } => "move_batch",
            FsRequest::ReadBytes { .. } => "read_bytes",
            FsRequest::Digests { .. } => "digests",
        }
    }

    /// Whether the request may change anything (creates, moves or removes).
    pub fn changes(&self) -> bool {
        match self {
            FsRequest::CreateDirAll { .. }
            | FsRequest::Rename { .. }
            | FsRequest::RemoveFile { .. }
            | FsRequest::RemoveDirAll { .. }
            | FsRequest::MoveBatch { .. } => true,
            FsRequest::Stat { .. }
            | FsRequest::StatMany { .. }
            | FsRequest::List { .. }
            | FsRequest::Count { .. }
            | FsRequest::ReadBytes { .. }
            | FsRequest::Digests { .. } => false,
        }
    }

    /// How many items a batch request carries; `None` for any other.
    pub fn items(&self) -> Option<usize> {
        match self {
            FsRequest::StatMany { paths } | FsRequest::Digests { paths, .. } => Some(paths.len()),
            FsRequest::MoveBatch { moves } => Some(moves.len()),
            FsRequest::Stat { .. }
            | FsRequest::List { .. }
            | FsRequest::Count { .. }
            | FsRequest::CreateDirAll { .. }
            | FsRequest::Rename { .. }
            | FsRequest::RemoveFile { .. }
            | FsRequest::RemoveDirAll { .. }
            | FsRequest::ReadBytes { .. } => None,
        }
    }

    /// Every path the request names and what it does to each, in order:
    /// what a policy judges.
    pub fn paths(&self) -> Vec<Named<'_>> {
        fn single(path: &str, access: Access) -> Vec<Named<'_>> {
            vec![Named {
                item: 0,
                path,
                access,
            }]
        }
        match self {
            FsRequest::Stat { path }
            | FsRequest::List { path }
            | FsRequest::Count { path }
            | FsRequest::ReadBytes { path, .. } => single(path, Access::Read),
            FsRequest::CreateDirAll { path } => single(path, Access::Create),
            FsRequest::RemoveFile { path } | FsRequest::RemoveDirAll { path } => {
                single(path, Access::Change)
            }
            FsRequest::Rename { from, to } => vec![
                Named {
                    item: 0,
                    path: from,
                    access: Access::Change,
                },
                Named {
                    item: 0,
                    path: to,
                    access: Access::Change,
                },
            ],
            FsRequest::StatMany { paths } | FsRequest::Digests { paths, .. } => paths
                .iter()
                .enumerate()
                .map(|(item, path)| Named {
                    item,
                    path,
                    access: Access::Read,
                })
                .collect(),
            FsRequest::MoveBatch { moves } => moves
                .iter()
                .enumerate()
                .flat_map(|(item, step)| {
                    [&step.from, &step.to].map(|path| Named {
                        item,
                        path,
                        access: Access::Change,
                    })
                })
                .collect(),
        }
    }

    /// The same batch request with only the items `keep` says yes to (in
    /// order); any other request as it is, borrowed.
    // Only batches have items to keep: every other request, whatever
    // requests come to exist, is kept whole.
    #[allow(clippy::wildcard_enum_match_arm)]
    pub fn keeping(&self, keep: impl Fn(usize) -> bool) -> Cow<'_, Self> {
        fn kept<T: Clone>(items: &[T], keep: impl Fn(usize) -> bool) -> Vec<T> {
            items
                .iter()
                .enumerate()
                .filter(|(index, _)| keep(*index))
                .map(|(_, item)| item.clone())
                .collect()
        }
        Cow::Owned(match self {
            FsRequest::StatMany { paths } => FsRequest::StatMany {
                paths: kept(paths, keep).into(),
            },
            FsRequest::Digests { paths, limit } => FsRequest::Digests {
                paths: kept(paths, keep).into(),
                limit: *limit,
            },
            FsRequest::MoveBatch { moves } => FsRequest::MoveBatch {
                moves: kept(moves, keep).into(),
            },
            _ => return Cow::Borrowed(self),
        })
    }
}

/// What a request answered, of the request's kind.
#[derive(Debug, Clone, PartialEq)]
pub enum FsAnswer {
    /// `stat`: the entry, or `None` when nothing is there.
    Stat(Option<Entry>),
    /// `stat_many`: one result per path.
    StatMany(Vec<StatResult>),
    /// `list`: the entries.
    List(Vec<Entry>),
    /// `count`: how many entries.
    Count(usize),
    /// A change made.
    Done,
    /// `move_batch`: one result per move.
    Moves(Vec<Result<(), HostError>>),
    /// `read_bytes`: the sample.
    Sample(FileSample),
    /// `digests`: one result per path.
    Digests(Vec<Result<String, HostError>>),
}

/// A change made: [`FsAnswer::Done`].
impl From<()> for FsAnswer {
    fn from((): ()) -> Self {
        FsAnswer::Done
    }
}

impl FsAnswer {
    /// The answer to a batch request of which only some items were asked
    /// (see [`FsRequest::keeping`]), with the others answered by their
    /// refusals: `refused` has one entry per item of the whole request,
    /// `None` for an item that was asked. An answer of any other kind is
    /// as it is.
    // Only batches have items: any other answer is as it is.
    #[allow(clippy::wildcard_enum_match_arm)]
    pub fn with_refusals(self, refused: Vec<Option<HostError>>) -> Result<Self, HostError> {
        fn merge<T>(
            answers: Vec<Result<T, HostError>>,
            refused: Vec<Option<HostError>>,
        ) -> Result<Vec<Result<T, HostError>>, HostError> {
            let mut answers = answers.into_iter();
            refused
                .into_iter()
                .map(|refusal| match refusal {
                    Some(err) => Ok(Err(err)),
                    None => answers.next().ok_or_else(|| {
                        HostError::new(ErrorCode::Host, "a batch answered fewer items than asked")
                    }),
                })
                .collect()
        }
        Ok(match self {
            FsAnswer::StatMany(answers) => FsAnswer::StatMany(merge(answers, refused)?),
            FsAnswer::Moves(answers) => FsAnswer::Moves(merge(answers, refused)?),
            FsAnswer::Digests(answers) => FsAnswer::Digests(merge(answers, refused)?),
            other => other,
        })
    }
}

/// Serialized as the request's `ok` value (an entry or `null`, a list,
/// `null` for a change done, one `{"ok"}` or `{"err"}` per item), without
/// going through a JSON value tree, so a listing of 100,000 entries is
/// written once.
impl Serialize for FsAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            FsAnswer::Stat(entry) => entry.serialize(serializer),
            FsAnswer::StatMany(results) => per_item(serializer, results),
            FsAnswer::List(entries) => entries.serialize(serializer),
            FsAnswer::Count(count) => count.serialize(serializer),
            FsAnswer::Done => serializer.serialize_unit(),
            FsAnswer::Moves(results) => per_item(serializer, results),
            FsAnswer::Sample(sample) => sample.serialize(serializer),
            FsAnswer::Digests(results) => per_item(serializer, results),
        }
    }
}

/// Per-item results as `[{"ok": T} | {"err": ERROR}, ...]`.
fn per_item<S: Serializer, T: Serialize>(
    serializer: S,
    results: &[Result<T, HostError>],
) -> Result<S::Ok, S::Error> {
    let mut seq = serializer.serialize_seq(Some(results.len()))?;
    for result in results {
        seq.serialize_element(&WireRef(result))?;
    }
    seq.end()
}

/// One result, borrowed, as it crosses the boundary.
struct WireRef<'r, T>(&'r Result<T, HostError>);

impl<T: Serialize> Serialize for WireRef<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        match self.0 {
            Ok(value) => map.serialize_entry("ok", value)?,
            Err(err) => map.serialize_entry("err", err)?,
        }
        map.end()
    }
}

/// A result as it crosses the wasm boundary: `{"ok": T}` or `{"err": HostError}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WireResult<T> {
    /// Success.
    Ok(T),
    /// Failure, as a value.
    Err(HostError),
}

impl<T> From<Result<T, HostError>> for WireResult<T> {
    fn from(result: Result<T, HostError>) -> Self {
        match result {
            Ok(value) => WireResult::Ok(value),
            Err(err) => WireResult::Err(err),
        }
    }
}

impl<T> From<WireResult<T>> for Result<T, HostError> {
    fn from(wire: WireResult<T>) -> Self {
        match wire {
            WireResult::Ok(value) => Ok(value),
            WireResult::Err(err) => Err(err),
        }
    }
}
