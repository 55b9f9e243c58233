//! What [`RemoteFs`] answers: the core's requests and the host's, each as
//! the request says (see [`FsRequest`] and [`HostRequest`]).

use std::path::PathBuf;

use tidyup_core::{
    Detail, Entry, EntryKind, ErrorCode, FileSample, FileSystem, Fingerprint, FsAnswer, FsRequest,
    HostError, composed,
};

use super::remote_fs::{RemoteFs, Removal};
use crate::fs::{HostAnswer, HostFs, HostRequest, Location, host_composed};

impl FileSystem for RemoteFs {
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
            FsRequest::RemoveFile { path } => self.on_remove(path, false)?.into(),
            FsRequest::RemoveDirAll { path } => self.on_remove(path, true)?.into(),
            FsRequest::ReadBytes { path, head, tail } => {
                FsAnswer::Sample(self.on_read_bytes(path, *head, *tail)?)
            }
            FsRequest::Digests { paths, limit } => {
                FsAnswer::Digests(self.on_digests(paths, *limit)?)
            }
            FsRequest::StatMany { paths } => FsAnswer::StatMany(self.on_stat_many(paths)?),
            _ => return composed(self, request),
        })
    }
}

impl RemoteFs {
    fn on_stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        let key = self.model_key(path)?;
        self.stat_key(&key)
    }

    fn on_list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let key = self.model_key(path)?;
        self.list_key(&key, false).map(|(found, _)| found)
    }

    fn on_count(&mut self, path: &str) -> Result<usize, HostError> {
        let key = self.model_key(path)?;
        self.list_key(&key, true).map(|(_, count)| count)
    }

    fn on_create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let key = self.model_key(path)?;
        if key.is_empty() {
            return Ok(());
        }
        let made = self.create_dir_key(&key).map_err(|err| located(err, path));
        // Some stores answer a folder's marker with an error after making
        // it: the folder being there is what was asked.
        match made {
            Err(err) if self.stat_key(&key)?.map(|entry| entry.kind) == Some(EntryKind::Dir) => {
                let _ = err;
                Ok(())
            }
            other => other,
        }
    }

    fn on_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (from, to) = (self.model_key(from)?, self.model_key(to)?);
        self.move_new(&from, &to, &mut |_| Ok(()))
    }

    fn on_remove(&mut self, path: &str, all: bool) -> Result<(), HostError> {
        let key = self.model_key(path)?;
        if key.is_empty() {
            return Err(HostError::at(ErrorCode::Protected, path));
        }
        let removal = if all { Removal::All } else { Removal::File };
        self.remove_key(&key, removal)
            .map_err(|err| located(err, path))
    }

    fn on_read_bytes(&mut self, path: &str, head: u64, tail: u64) -> Result<FileSample, HostError> {
        let key = self.model_key(path)?;
        let size = self.size_of(&key);
        let size = self.run(size).map_err(|err| located(err, path))?;
        let head_len = size.min(head);
        let tail_len = (size - head_len).min(tail);
        let (head, tail) = (
            self.read_of(&key, 0..head_len),
            self.read_of(&key, size - tail_len..size),
        );
        let (head, tail) = self
            .run(async move { Ok((head.await?, tail.await?)) })
            .map_err(|err| located(err, path))?;
        Ok(FileSample { size, head, tail })
    }

    /// Each file's digest, [`AT_ONCE`] asked of the server at a time.
    fn on_digests(
        &mut self,
        paths: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        let work: Vec<_> = paths
            .iter()
            .map(|path| {
                let hash = self.model_key(path).map(|key| self.hash_of(&key, limit));
                async move { hash?.await }
            })
            .collect();
        self.run(at_once(work))
    }

    /// Each path's entry, [`AT_ONCE`] asked of the server at a time.
    fn on_stat_many(
        &mut self,
        paths: &[String],
    ) -> Result<Vec<Result<Option<Entry>, HostError>>, HostError> {
        let work: Vec<_> = paths
            .iter()
            .map(|path| {
                let stat = self.model_key(path).map(|key| self.stat_of(&key));
                async move { stat?.await }
            })
            .collect();
        self.run(at_once(work))
    }
}

/// `err` naming `path` (the path the core knows) when it names none.
fn located(err: HostError, path: &str) -> HostError {
    match err.path {
        Some(_) => err,
        None => HostError {
            path: Some(path.to_owned()),
            ..err
        },
    }
}

/// How many requests of one batch are in flight at once.
const AT_ONCE: usize = 16;

/// The results of `work`, in order, [`AT_ONCE`] of them running at a time.
async fn at_once<T, F>(work: Vec<F>) -> Result<Vec<T>, HostError>
where
    F: std::future::Future<Output = T> + Send,
    T: Send,
{
    use futures_util::StreamExt;
    Ok(futures_util::stream::iter(work)
        .buffered(AT_ONCE)
        .collect()
        .await)
}

impl HostFs for RemoteFs {
    fn host_call(&mut self, request: HostRequest<'_>) -> Result<HostAnswer, HostError> {
        Ok(match request {
            HostRequest::MayChange { path } => {
                self.model_key(path)?;
                HostAnswer::Done
            }
            HostRequest::Move {
                from, to, staging, ..
            } => {
                let (from, to) = (self.model_key(from)?, self.model_key(to)?);
                self.move_new(&from, &to, staging)?.into()
            }
            HostRequest::MoveOut { path, outside } => {
                let (from, to) = (self.model_key(path)?, Self::trash_key(outside)?);
                self.move_new(&from, &to, &mut |_| Ok(()))?.into()
            }
            HostRequest::MoveIn { outside, path } => {
                let (from, to) = (Self::trash_key(outside)?, self.model_key(path)?);
                self.move_new(&from, &to, &mut |_| Ok(()))?;
                self.prune_trash(&from);
                HostAnswer::Done
            }
            HostRequest::RemoveEmptyDir { path } => {
                let key = self.model_key(path)?;
                if key.is_empty() {
                    return Err(HostError::at(ErrorCode::Protected, path));
                }
                self.remove_key(&key, Removal::IfEmpty)
                    .map_err(|err| located(err, path))?
                    .into()
            }
            HostRequest::Kept { outside } => {
                let key = Self::trash_key(outside)?;
                HostAnswer::Kept(self.stat_key(&key)?.is_some())
            }
            HostRequest::Locate { path } => HostAnswer::Location(self.on_locate(path)?),
            HostRequest::Fingerprint { path } => {
                HostAnswer::Fingerprint(self.on_fingerprint(path)?)
            }
            HostRequest::SameItem { a, b } => {
                let (a, b) = (self.model_key(a)?, self.model_key(b)?);
                HostAnswer::Same(self.same_item_keys(&a, &b)?)
            }
            other @ (HostRequest::BeginOperation | HostRequest::EndOperation) => {
                return host_composed(self, other);
            }
        })
    }
}

impl RemoteFs {
    /// Removes the trash folders above `key` that its leaving emptied (a
    /// session's, then the trash itself), so an undone session leaves the
    /// remote folder as it was. What cannot be removed stays, harmlessly.
    fn prune_trash(&mut self, key: &str) {
        let mut folder = key;
        while let Some((parent, _)) = folder.rsplit_once('/') {
            let empty = matches!(self.list_key(parent, true), Ok((_, 0)));
            if !empty {
                return;
            }
            // tidyup's own folder, found empty.
            if self.remove_key(parent, Removal::All).is_err() {
                return;
            }
            folder = parent;
        }
    }

    /// `listing:blake3:` and the hash of the entries of the folder at
    /// `key`: each one's name, kind, size and time, in name order.
    fn listing_hash(&mut self, key: &str) -> Result<String, HostError> {
        let (mut entries, _) = self.list_key(key, false)?;
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        let mut hasher = blake3::Hasher::new();
        for entry in &entries {
            let line = format!(
                "{}\t{:?}\t{}\t{}\n",
                entry.name, entry.kind, entry.size, entry.modified
            );
            hasher.update(line.as_bytes());
        }
        Ok(format!("listing:blake3:{}", hasher.finalize().to_hex()))
    }

    fn on_locate(&mut self, path: &str) -> Result<Location, HostError> {
        let key = self.key(path)?;
        let kind = self.stat_key(&key)?.map(|entry| entry.kind);
        Ok(Location {
            item: PathBuf::from(self.path_of(&key)),
            leads_to: None,
            is_root: key.is_empty(),
            kind,
        })
    }

    /// A remote item's fingerprint: its kind, size and time, and for a
    /// file up to 64 MiB the hash of its bytes (no identity: a store has
    /// none to give).
    fn on_fingerprint(&mut self, path: &str) -> Result<Option<Fingerprint>, HostError> {
        let key = self.model_key(path)?;
        let Some(entry) = self.stat_key(&key)? else {
            return Ok(None);
        };
        if entry.kind == EntryKind::Dir {
            // No file numbers here: a folder is known by what it holds.
            return Ok(Some(Fingerprint {
                kind: entry.kind,
                size: None,
                modified: None,
                detail: Some(Detail {
                    content: Some(self.listing_hash(&key)?),
                    ..Detail::default()
                }),
            }));
        }
        if entry.kind != EntryKind::File {
            return Ok(Some(Fingerprint {
                kind: entry.kind,
                size: None,
                modified: None,
                detail: Some(Detail::default()),
            }));
        }
        let content = if entry.size <= crate::fs::HASHED_BYTES_MAX {
            let hash = self.hash_of(&key, None);
            Some(format!("blake3:{}", self.run(hash)?))
        } else {
            None
        };
        Ok(Some(Fingerprint {
            kind: entry.kind,
            size: Some(entry.size),
            modified: Some(entry.modified),
            detail: Some(Detail {
                content,
                ..Detail::default()
            }),
        }))
    }
}
