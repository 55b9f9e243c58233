//! Byte-identical files, found by content and never by name.
//!
//! Files are grouped by size first, so a file whose size is unique is never
//! read; then by a digest of their first [`HEAD_BYTES`]; then, for files
//! longer than that, by a digest of all their bytes. Empty files are never
//! duplicates. The host computes the digests ([`FileSystem::digests`]), a
//! batch of paths at a time; the core only compares them.
//!
//! Same bytes alone do not make a copy: files of different kinds (a `{}`
//! settings file and a `{}` notebook) are no copies of each other, nor
//! are files of [`MIN_COPY_BYTES`] or fewer (two one-line notes) unless
//! one's name says it is the other's copy (`todo (1).md` of `todo.md`).
//!
//! Each group lists first the file to keep: a name that says it is no
//! copy (no ` (1)`, `copy`, `Copy of`, `副本`: `copy_names`) before one that
//! does, then the oldest, then the shortest name, then the path.

use std::collections::BTreeMap;

use crate::copy_names::{is_copy_name, original_name};
use crate::kinds::kind;
use crate::ports::FileSystemExt;
use crate::ports::{FileSystem, HostError};

/// Bytes of the partial digest that splits same-size files before any of
/// them is read whole.
pub const HEAD_BYTES: u64 = 4 * 1024;
/// The size a file must exceed for same bytes alone to make it a copy.
pub const MIN_COPY_BYTES: u64 = 64;
/// Paths handed to the host in one digest call.
const DIGEST_BATCH: usize = 2_000;

/// A file that may have copies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// Its path as shown to people and the model (relative to the target).
    pub shown: String,
    /// Its absolute path, as the host reads it.
    pub path: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its modification time, Unix seconds.
    pub modified: i64,
}

/// Files with the same bytes, the one to keep first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateGroup {
    /// The size of each file.
    pub size: u64,
    /// The files, the one to keep first (see the module's order).
    pub files: Vec<Candidate>,
}

impl DuplicateGroup {
    /// Bytes taken by the copies beyond the first.
    pub fn spare_bytes(&self) -> u64 {
        self.size
            .saturating_mul(u64::try_from(self.files.len().saturating_sub(1)).unwrap_or(u64::MAX))
    }
}

/// What a search found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Duplicates {
    /// The groups, the most spare bytes first.
    pub groups: Vec<DuplicateGroup>,
    /// Files that could not be read (left out of every group).
    pub unreadable: usize,
    /// Files whose bytes another shares that are no copies of it (of
    /// another kind, or small without a copy's name).
    pub not_copies: usize,
}

/// The groups of byte-identical files among `candidates`. `Err` only when
/// the host could not start a digest batch at all.
pub fn find(
    files: &mut dyn FileSystem,
    candidates: Vec<Candidate>,
) -> Result<Duplicates, HostError> {
    let (mut unreadable, mut not_copies) = (0, 0);
    let by_size = split(
        candidates.into_iter().filter(|file| file.size > 0),
        |file| file.size,
    );
    let mut same_head = Vec::new();
    for group in by_size {
        let (digested, failed) = digest_all(files, group, Some(HEAD_BYTES))?;
        unreadable += failed;
        same_head.extend(split(digested, |(_, digest)| digest.clone()));
    }
    let mut groups = Vec::new();
    for group in same_head {
        let group: Vec<Candidate> = group.into_iter().map(|(file, _)| file).collect();
        if group.first().is_some_and(|file| file.size <= HEAD_BYTES) {
            groups.push(group);
            continue;
        }
        let (digested, failed) = digest_all(files, group, None)?;
        unreadable += failed;
        groups.extend(
            split(digested, |(_, digest)| digest.clone())
                .into_iter()
                .map(|group| group.into_iter().map(|(file, _)| file).collect()),
        );
    }
    let mut copies = Vec::with_capacity(groups.len());
    for group in groups {
        let count = group.len();
        let kept = copies_among(group);
        not_copies += count - kept.iter().map(Vec::len).sum::<usize>();
        copies.extend(kept);
    }
    let mut groups: Vec<DuplicateGroup> = copies
        .into_iter()
        .map(|mut files: Vec<Candidate>| {
            files.sort_by(|a, b| keep_order(a).cmp(&keep_order(b)));
            DuplicateGroup {
                size: files.first().map_or(0, |file| file.size),
                files,
            }
        })
        .collect();
    groups.sort_by(|a, b| {
        b.spare_bytes()
            .cmp(&a.spare_bytes())
            .then_with(|| a.files[0].shown.cmp(&b.files[0].shown))
    });
    Ok(Duplicates {
        groups,
        unreadable,
        not_copies,
    })
}

/// The groups of copies among files of the same bytes: files of one kind,
/// and, at [`MIN_COPY_BYTES`] or fewer, only those whose names make one
/// the other's copy (the same name once a copy's mark is taken off).
fn copies_among(same_bytes: Vec<Candidate>) -> Vec<Vec<Candidate>> {
    let name = |file: &Candidate| {
        file.shown
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or("")
            .to_owned()
    };
    let small = same_bytes
        .first()
        .is_some_and(|file| file.size <= MIN_COPY_BYTES);
    let by_kind = split(same_bytes, |file| kind(&name(file)));
    if !small {
        return by_kind;
    }
    by_kind
        .into_iter()
        .flat_map(|group| {
            split(group, |file| {
                let name = name(file);
                original_name(&name).unwrap_or(name).to_lowercase()
            })
        })
        .collect()
}

/// The order of a group: a name without a copy's mark first, then the
/// oldest, then the shortest name, then the path.
fn keep_order(file: &Candidate) -> (bool, i64, usize, &str) {
    let name = file.shown.rsplit(['/', '\\']).next().unwrap_or(&file.shown);
    (
        is_copy_name(name),
        file.modified,
        name.chars().count(),
        &file.shown,
    )
}

/// Splits `items` by `key`, keeping only the groups of two or more.
fn split<T, K: Ord>(items: impl IntoIterator<Item = T>, key: impl Fn(&T) -> K) -> Vec<Vec<T>> {
    let mut groups: BTreeMap<K, Vec<T>> = BTreeMap::new();
    for item in items {
        groups.entry(key(&item)).or_default().push(item);
    }
    groups
        .into_values()
        .filter(|group| group.len() > 1)
        .collect()
}

/// The digest of each file (of its first `limit` bytes, or all of it), in
/// batches; files the host could not read are counted, not returned.
fn digest_all(
    files: &mut dyn FileSystem,
    group: Vec<Candidate>,
    limit: Option<u64>,
) -> Result<(Vec<(Candidate, String)>, usize), HostError> {
    let mut digested = Vec::with_capacity(group.len());
    let mut failed = 0;
    let mut rest = group.into_iter().peekable();
    while rest.peek().is_some() {
        let batch: Vec<Candidate> = rest.by_ref().take(DIGEST_BATCH).collect();
        let paths: Vec<String> = batch.iter().map(|file| file.path.clone()).collect();
        let digests = files.digests(&paths, limit)?;
        let mut digests = digests.into_iter();
        for file in batch {
            match digests.next() {
                Some(Ok(digest)) => digested.push((file, digest)),
                Some(Err(_)) | None => failed += 1,
            }
        }
    }
    Ok((digested, failed))
}
