//! The requests of an S3 or WebDAV folder, through OpenDAL: each an
//! async function of the operator and the key (a path below the folder,
//! "" for the folder itself).

use futures_util::TryStreamExt;
use opendal::Operator;
use tidyup_core::{Entry, EntryKind, HostError};

use super::entries::{entry, kind_of};
use super::errors::remote_error;
use super::layout::REMOTE_TRASH;
use super::objects;

/// The entry at `key`, named `name`; `is_store` for an object store, whose
/// folders are prefixes.
pub(super) async fn stat(
    op: &Operator,
    key: &str,
    name: String,
    is_store: bool,
) -> Result<Option<Entry>, HostError> {
    if key.is_empty() {
        return match op.stat("/").await {
            Ok(_) => Ok(Some(entry(name, EntryKind::Dir, None))),
            Err(err) if err.kind() == opendal::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(remote_error(&err, None)),
        };
    }
    let dir = format!("{key}/");
    if is_store {
        return objects::stat_by_listing(op, key, &dir, name).await;
    }
    match op.stat(key).await {
        Ok(meta) => return Ok(Some(entry(name, kind_of(&meta), Some(&meta)))),
        Err(err) if err.kind() != opendal::ErrorKind::NotFound => {
            return Err(remote_error(&err, None));
        }
        Err(_) => {}
    }
    let found = matches!(op.stat(&dir).await, Ok(meta) if meta.is_dir());
    Ok(found.then(|| entry(name, EntryKind::Dir, None)))
}

/// The entries of the folder at `key` (the trash left out at the top),
/// and how many; only the count when `count_only`.
pub(super) async fn list(
    op: &Operator,
    key: &str,
    count_only: bool,
) -> Result<(Vec<Entry>, usize), HostError> {
    let dir = match key {
        "" => String::new(),
        key => format!("{key}/"),
    };
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
        if key.is_empty() && name == REMOTE_TRASH {
            continue;
        }
        count += 1;
        if !count_only {
            let meta = item.metadata();
            found.push(entry(name.to_owned(), kind_of(meta), Some(meta)));
        }
    }
    Ok((found, count))
}

/// Makes the folder at `key` (and, where the service needs them, those
/// above it).
pub(super) async fn create_dir(op: &Operator, key: &str) -> Result<(), HostError> {
    op.create_dir(&format!("{key}/"))
        .await
        .map_err(|err| remote_error(&err, None))
}

/// Removes the file at `key`, or with `all` the folder with everything
/// in it.
pub(super) async fn remove(op: &Operator, key: &str, all: bool) -> Result<(), HostError> {
    let removed = match all {
        true => op.delete_with(&format!("{key}/")).recursive(true).await,
        false => op.delete(key).await,
    };
    removed.map_err(|err| remote_error(&err, None))
}

/// The size of the file at `key`.
pub(super) async fn size(op: &Operator, key: &str) -> Result<u64, HostError> {
    op.stat(key)
        .await
        .map(|meta| meta.content_length())
        .map_err(|err| remote_error(&err, None))
}

/// The bytes of the file at `key` in `range`.
pub(super) async fn read(
    op: &Operator,
    key: &str,
    range: std::ops::Range<u64>,
) -> Result<Vec<u8>, HostError> {
    objects::read(op, key, range)
        .await
        .map(|bytes| bytes.to_vec())
}
