//! The S3 move: a store without rename moves an object by copying it and
//! deleting the original. The copy is written only if nothing is at the
//! destination (`If-None-Match: *`, decided by the store), checked against
//! the original (size, and ETag or content hash) and only then is the
//! original deleted: killed at any point, the original or a checked copy
//! is there. A folder (a prefix) moves object by object.

use futures_util::TryStreamExt;
use opendal::{Metadata, Operator};
use tidyup_core::{ErrorCode, HostError};

use super::errors::remote_error;

/// Bytes copied at a time.
const PIECE: u64 = 8 * 1024 * 1024;

/// Moves the object `from` to `to` (keys), never replacing one.
pub(super) async fn move_object(op: &Operator, from: &str, to: &str) -> Result<(), HostError> {
    let original = op
        .stat(from)
        .await
        .map_err(|err| remote_error(&err, Some(from)))?;
    copy_new(op, from, to, original.content_length()).await?;
    let copy = op
        .stat(to)
        .await
        .map_err(|err| remote_error(&err, Some(to)))?;
    if !same_object(op, (from, &original), (to, &copy)).await? {
        // The copy is tidyup's own (written only where nothing was): it goes.
        let _ = op.delete(to).await;
        return Err(HostError::new(
            ErrorCode::Io,
            format!("the copy of {from} did not match it; the original is kept"),
        ));
    }
    op.delete(from)
        .await
        .map_err(|err| remote_error(&err, Some(from)))
}

/// Moves every object under the prefix `from/` to `to/`, after checking
/// nothing is under `to/`; each object as [`move_object`].
pub(super) async fn move_prefix(op: &Operator, from: &str, to: &str) -> Result<(), HostError> {
    let (from_dir, to_dir) = (format!("{from}/"), format!("{to}/"));
    if has_any(op, &to_dir).await? || op.exists(to).await.unwrap_or(false) {
        return Err(HostError::at(ErrorCode::AlreadyExists, to));
    }
    let mut lister = op
        .lister_with(&from_dir)
        .recursive(true)
        .await
        .map_err(|err| remote_error(&err, Some(from)))?;
    let mut keys = Vec::new();
    while let Some(entry) = lister
        .try_next()
        .await
        .map_err(|err| remote_error(&err, Some(from)))?
    {
        keys.push(entry.path().to_owned());
    }
    for key in keys {
        let Some(rest) = key.strip_prefix(&from_dir) else {
            continue;
        };
        let target = format!("{to_dir}{rest}");
        if key.ends_with('/') {
            op.create_dir(&target)
                .await
                .map_err(|err| remote_error(&err, Some(&target)))?;
            let _ = op.delete(&key).await;
        } else {
            move_object(op, &key, &target).await?;
        }
    }
    Ok(())
}

/// Whether anything is at or under the prefix `dir` (ending in `/`): a
/// folder's marker or any object in it.
pub(super) async fn has_any(op: &Operator, dir: &str) -> Result<bool, HostError> {
    let mut lister = op
        .lister_with(dir)
        .limit(2)
        .await
        .map_err(|err| remote_error(&err, Some(dir)))?;
    Ok(lister
        .try_next()
        .await
        .map_err(|err| remote_error(&err, Some(dir)))?
        .is_some())
}

/// The entry at `key` in a store, found in one listing of the keys that
/// start with it (a store's folder is a prefix, and some stores answer a
/// `HEAD` of one with an error): the object `key`, else the folder `dir`.
pub(super) async fn stat_by_listing(
    op: &Operator,
    key: &str,
    dir: &str,
    name: String,
) -> Result<Option<tidyup_core::Entry>, HostError> {
    use super::entries::{entry, kind_of};
    let mut lister = op
        .lister(key)
        .await
        .map_err(|err| remote_error(&err, None))?;
    while let Some(item) = lister
        .try_next()
        .await
        .map_err(|err| remote_error(&err, None))?
    {
        let path = item.path();
        if path == key {
            let meta = item.metadata();
            return Ok(Some(entry(name, kind_of(meta), Some(meta))));
        }
        if path == dir || path.starts_with(dir) {
            return Ok(Some(entry(name, tidyup_core::EntryKind::Dir, None)));
        }
        if path > dir {
            break;
        }
    }
    Ok(None)
}

/// Writes a copy of `from` at `to` only if nothing is there, piece by piece.
async fn copy_new(op: &Operator, from: &str, to: &str, size: u64) -> Result<(), HostError> {
    let mut writer = op
        .writer_with(to)
        .if_not_exists(true)
        .await
        .map_err(|err| remote_error(&err, Some(to)))?;
    for range in pieces(size) {
        let piece = read(op, from, range).await?;
        writer
            .write(piece)
            .await
            .map_err(|err| remote_error(&err, Some(to)))?;
    }
    writer
        .close()
        .await
        .map_err(|err| remote_error(&err, Some(to)))?;
    Ok(())
}

/// Whether the copy holds the original's bytes: the same size, and the
/// same ETag where both are a plain MD5 (else the same content hash).
async fn same_object(
    op: &Operator,
    (from, original): (&str, &Metadata),
    (to, copy): (&str, &Metadata),
) -> Result<bool, HostError> {
    if original.content_length() != copy.content_length() {
        return Ok(false);
    }
    let plain = |meta: &Metadata| {
        meta.etag()
            .filter(|etag| !etag.contains('-'))
            .map(str::to_owned)
    };
    if let (Some(a), Some(b)) = (plain(original), plain(copy)) {
        return Ok(a == b);
    }
    Ok(content_hash(op, from, None).await? == content_hash(op, to, None).await?)
}

/// The BLAKE3 hash, in hex, of the first `limit` bytes of the object at
/// `key` (all of them when `None`), read piece by piece.
pub(super) async fn content_hash(
    op: &Operator,
    key: &str,
    limit: Option<u64>,
) -> Result<String, HostError> {
    let size = op
        .stat(key)
        .await
        .map_err(|err| remote_error(&err, Some(key)))?
        .content_length();
    let size = limit.map_or(size, |limit| size.min(limit));
    let mut hasher = blake3::Hasher::new();
    for range in pieces(size) {
        for chunk in read(op, key, range).await? {
            hasher.update(&chunk);
        }
    }
    Ok(hasher.finalize().to_hex().to_string())
}

/// The ranges of [`PIECE`] bytes (the last one shorter) that cover `size`
/// bytes: what is read at a time.
fn pieces(size: u64) -> impl Iterator<Item = std::ops::Range<u64>> {
    (0..size.div_ceil(PIECE)).map(move |n| n * PIECE..size.min((n + 1) * PIECE))
}

/// The bytes of the object at `key` in `range`.
pub(super) async fn read(
    op: &Operator,
    key: &str,
    range: std::ops::Range<u64>,
) -> Result<opendal::Buffer, HostError> {
    op.read_with(key)
        .range(range)
        .await
        .map_err(|err| remote_error(&err, Some(key)))
}
