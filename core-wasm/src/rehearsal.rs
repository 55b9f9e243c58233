//! A rehearsal of changes over a file system: every read goes through to
//! it, as the changes made so far would leave it, and every change is kept
//! in memory, never made. A plan carried out into a rehearsal first gives
//! the exact moves it makes (`moves`), which are then the plan: what is
//! shown, counted and carried out.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap, HashSet};

use foldhash::fast::RandomState;

use crate::paths;
use crate::ports::{
    BatchMove, Entry, EntryKind, ErrorCode, FileSystem, FileSystemExt, FsAnswer, FsRequest,
    HostError, StatResult, composed,
};

/// One move the rehearsal recorded: absolute paths, and the size of what
/// moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RehearsedMove {
    /// Where the item was.
    pub from: String,
    /// Where it went.
    pub to: String,
    /// Its size in bytes.
    pub size: u64,
}

/// Where a path of the rehearsal is.
enum Place<'a> {
    /// On the file system underneath, at this path (the path itself when
    /// nothing above it moved).
    Under(Cow<'a, str>),
    /// A folder the rehearsal made.
    Made,
    /// Nothing: moved away or removed.
    Gone,
}

/// A file system over `inner` whose changes are only recorded.
pub struct Rehearsal<'a> {
    inner: &'a mut dyn FileSystem,
    /// Items moved in the rehearsal, by where they are now: where they are
    /// underneath, and their entry.
    moved: Map<(String, Entry)>,
    /// Paths whose item went away (moved or removed).
    gone: Set,
    /// Folders made.
    made: Set,
    /// The names each folder gained (moved in, made there).
    added: Map<BTreeSet<String>>,
    /// The moves, in order.
    moves: Vec<RehearsedMove>,
    /// The entries listings found underneath, by path: a batch moving
    /// them need not ask for them again.
    seen: Map<Entry>,
    /// The folders among the paths the rehearsal changed (moved, made,
    /// gone): only they can change what is under them, so only they are
    /// looked for above a path.
    dirs: Set,
}

/// Paths to values, hashed fast.
type Map<V> = HashMap<String, V, RandomState>;
/// A set of paths, hashed fast.
type Set = HashSet<String, RandomState>;

impl<'a> Rehearsal<'a> {
    /// A rehearsal over `inner`, with nothing changed yet.
    pub fn new(inner: &'a mut dyn FileSystem) -> Self {
        Self {
            inner,
            moved: Map::default(),
            gone: Set::default(),
            made: Set::default(),
            added: Map::default(),
            moves: Vec::new(),
            seen: Map::default(),
            dirs: Set::default(),
        }
    }

    /// The moves recorded since the last call, in order.
    pub fn take_moves(&mut self) -> Vec<RehearsedMove> {
        std::mem::take(&mut self.moves)
    }

    /// Where `path` is: the nearest of it and its folders that the
    /// rehearsal changed decides.
    fn place<'p>(&self, path: &'p str) -> Place<'p> {
        let mut current = path;
        let mut rest: Vec<&str> = Vec::new();
        loop {
            // Above the path itself only a folder can decide.
            let decides = rest.is_empty() || self.dirs.contains(current);
            if decides {
                if let Some((under, _)) = self.moved.get(current) {
                    let mut under = under.clone();
                    for name in rest.iter().rev() {
                        under = paths::join(&under, name);
                    }
                    return Place::Under(Cow::Owned(under));
                }
                if self.made.contains(current) {
                    return match rest.is_empty() {
                        true => Place::Made,
                        false => Place::Gone,
                    };
                }
                if self.gone.contains(current) {
                    return Place::Gone;
                }
            }
            match paths::parent(current) {
                Some(parent) if parent != current && !self.dirs.is_empty() => {
                    rest.push(paths::file_name(current));
                    current = parent;
                }
                Some(_) | None => return Place::Under(Cow::Borrowed(path)),
            }
        }
    }

    /// `path`'s entry, as the rehearsal has it.
    fn entry(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        if let Some((_, entry)) = self.moved.get(path) {
            return Ok(Some(entry.clone()));
        }
        match self.place(path) {
            Place::Under(under) => self.inner.stat(&under).map(|entry| {
                entry.map(|entry| Entry {
                    name: paths::file_name(path).to_owned(),
                    ..entry
                })
            }),
            Place::Made => Ok(Some(folder_entry(path))),
            Place::Gone => Ok(None),
        }
    }

    /// Records `to` as a name its folder gained, `from` as one it lost.
    fn arrive(&mut self, path: &str) {
        if let Some(parent) = paths::parent(path) {
            let name = paths::file_name(path).to_owned();
            self.added
                .entry(parent.to_owned())
                .or_default()
                .insert(name);
        }
        self.gone.remove(path);
    }

    fn leave(&mut self, path: &str) {
        if let Some(parent) = paths::parent(path)
            && let Some(names) = self.added.get_mut(parent)
        {
            names.remove(paths::file_name(path));
        }
        self.moved.remove(path);
        self.made.remove(path);
        self.gone.insert(path.to_owned());
    }

    /// Moves the item `source` (its entry, found) to `to`.
    fn record_move(&mut self, from: &str, to: &str, source: Entry) {
        let under = match self.moved.get(from) {
            Some((under, _)) => under.clone(),
            None => match self.place(from) {
                Place::Under(under) => under.into_owned(),
                Place::Made | Place::Gone => from.to_owned(),
            },
        };
        let size = source.size;
        if source.kind == EntryKind::Dir {
            self.dirs.insert(from.to_owned());
            self.dirs.insert(to.to_owned());
        }
        self.seen.remove(&under);
        self.leave(from);
        self.arrive(to);
        let entry = Entry {
            name: paths::file_name(to).to_owned(),
            ..source
        };
        self.moved.insert(to.to_owned(), (under, entry));
        self.moves.push(RehearsedMove {
            from: from.to_owned(),
            to: to.to_owned(),
            size,
        });
    }
}

/// `path` as the rehearsal keeps it: without a separator at its end
/// (a root keeps its own).
fn key(path: &str) -> &str {
    let trimmed = path.trim_end_matches(['/', '\\']);
    match trimmed.is_empty() || trimmed.ends_with(':') {
        true => path,
        false => trimmed,
    }
}

/// The entry of a folder the rehearsal made.
fn folder_entry(path: &str) -> Entry {
    Entry {
        name: paths::file_name(path).to_owned(),
        kind: EntryKind::Dir,
        size: 0,
        modified: 0,
        utc_offset: 0,
        online_only: false,
    }
}

fn not_found(path: &str) -> HostError {
    HostError::at(ErrorCode::NotFound, path)
}

impl FileSystem for Rehearsal<'_> {
    // Every request is answered from the rehearsal: the match names each,
    // so a new kind of request must be rehearsed before it can compile.
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        Ok(match request {
            FsRequest::Stat { path } => FsAnswer::Stat(self.entry(key(path))?),
            FsRequest::StatMany { paths } => FsAnswer::StatMany(self.stat_each(paths)?),
            FsRequest::List { path } => FsAnswer::List(self.listing(path)?),
            FsRequest::CreateDirAll { path } => {
                self.make_dirs(path)?;
                FsAnswer::Done
            }
            FsRequest::Rename { from, to } => {
                self.move_one(from, to)?;
                FsAnswer::Done
            }
            FsRequest::RemoveFile { path } | FsRequest::RemoveDirAll { path } => {
                self.remove(path)?;
                FsAnswer::Done
            }
            FsRequest::MoveBatch { moves } => FsAnswer::Moves(self.move_many(moves)?),
            FsRequest::ReadBytes { path, head, tail } => {
                FsAnswer::Sample(match self.place(key(path)) {
                    Place::Under(under) => self.inner.read_bytes(&under, *head, *tail)?,
                    Place::Made | Place::Gone => return Err(not_found(path)),
                })
            }
            FsRequest::Digests { paths, limit } => {
                FsAnswer::Digests(self.digest_each(paths, *limit)?)
            }
            FsRequest::Count { .. } => return composed(self, request),
        })
    }
}

/// The requests the rehearsal answers, each as [`FileSystem`] says.
impl Rehearsal<'_> {
    fn listing(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let path = key(path);
        let mut entries = match self.place(path) {
            Place::Under(under) => {
                let entries = self.inner.list(&under)?;
                for entry in &entries {
                    self.seen
                        .insert(paths::join(&under, &entry.name), entry.clone());
                }
                entries
            }
            Place::Made => Vec::new(),
            Place::Gone => return Err(not_found(path)),
        };
        let child = |name: &str| paths::join(path, name);
        entries.retain(|entry| {
            let at = child(&entry.name);
            !self.gone.contains(&at) && !self.moved.contains_key(&at) && !self.made.contains(&at)
        });
        let gained: Vec<String> = (self.added.get(path))
            .map(|names| names.iter().cloned().collect())
            .unwrap_or_default();
        for name in gained {
            if let Some(entry) = self.entry(&child(&name))? {
                entries.push(entry);
            }
        }
        Ok(entries)
    }

    /// The paths the rehearsal left as they are underneath are asked of
    /// that file system in one call.
    fn stat_each(&mut self, wanted: &[String]) -> Result<Vec<StatResult>, HostError> {
        let under: Vec<Option<String>> = wanted
            .iter()
            .map(
                |path| match (self.moved.contains_key(path), self.place(path)) {
                    (false, Place::Under(under)) => Some(under.into_owned()),
                    (true, _) | (false, Place::Made | Place::Gone) => None,
                },
            )
            .collect();
        let asked: Vec<String> = under.iter().flatten().cloned().collect();
        let mut answers = self.inner.stat_many(&asked)?.into_iter();
        let mut results = Vec::with_capacity(wanted.len());
        for (under, path) in under.iter().zip(wanted) {
            results.push(match under {
                Some(_) => answers.next().unwrap_or(Ok(None)).map(|entry| {
                    entry.map(|entry| Entry {
                        name: paths::file_name(path).to_owned(),
                        ..entry
                    })
                }),
                None => self.entry(key(path)),
            });
        }
        Ok(results)
    }

    fn make_dirs(&mut self, path: &str) -> Result<(), HostError> {
        let path = key(path);
        let mut missing = Vec::new();
        let mut current = Some(path);
        while let Some(at) = current {
            match self.entry(at)? {
                Some(entry) if entry.kind == EntryKind::Dir => break,
                Some(_) => {
                    return Err(HostError::new(
                        ErrorCode::NotADirectory,
                        format!("{at} is not a folder"),
                    ));
                }
                None => missing.push(at.to_owned()),
            }
            current = paths::parent(at).filter(|parent| *parent != at);
        }
        for dir in missing.into_iter().rev() {
            self.arrive(&dir);
            self.dirs.insert(dir.clone());
            self.made.insert(dir);
        }
        Ok(())
    }

    fn move_one(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (from, to) = (key(from), key(to));
        let Some(source) = self.entry(from)? else {
            return Err(not_found(from));
        };
        if self.entry(to)?.is_some() {
            return Err(HostError::at(ErrorCode::AlreadyExists, to));
        }
        if self.made.contains(from) {
            return Err(HostError::new(
                ErrorCode::Unsupported,
                format!("{from} was made in the rehearsal and cannot move"),
            ));
        }
        self.record_move(from, to, source);
        Ok(())
    }

    fn remove(&mut self, path: &str) -> Result<(), HostError> {
        let path = key(path);
        match self.entry(path)? {
            Some(entry) => {
                if entry.kind == EntryKind::Dir {
                    self.dirs.insert(path.to_owned());
                }
                self.leave(path);
                Ok(())
            }
            None => Err(not_found(path)),
        }
    }

    /// The sources and destinations of the whole batch are asked of the
    /// file system underneath in one call, then the moves are recorded in
    /// order.
    fn move_many(&mut self, moves: &[BatchMove]) -> Result<Vec<Result<(), HostError>>, HostError> {
        let mut asked: Vec<String> = Vec::new();
        for step in moves {
            for path in [key(&step.from), key(&step.to)] {
                if !self.moved.contains_key(path)
                    && let Place::Under(under) = self.place(path)
                    && !self.seen.contains_key(under.as_ref())
                {
                    asked.push(under.into_owned());
                }
            }
        }
        let mut known: Map<Option<Entry>> = Map::default();
        if !asked.is_empty() {
            for (path, answer) in asked.iter().zip(self.inner.stat_many(&asked)?) {
                known.insert(path.clone(), answer?);
            }
        }
        let mut results = Vec::with_capacity(moves.len());
        for step in moves {
            let (from, to) = (key(&step.from), key(&step.to));
            let look = |this: &Self, path: &str| -> Option<Entry> {
                if let Some((_, entry)) = this.moved.get(path) {
                    return Some(entry.clone());
                }
                match this.place(path) {
                    Place::Under(under) => {
                        let found = match known.get(under.as_ref()) {
                            Some(answer) => answer.clone(),
                            None => this.seen.get(under.as_ref()).cloned(),
                        };
                        found.map(|entry| Entry {
                            name: paths::file_name(path).to_owned(),
                            ..entry
                        })
                    }
                    Place::Made => Some(folder_entry(path)),
                    Place::Gone => None,
                }
            };
            let result = match (look(self, from), look(self, to)) {
                (None, _) => Err(not_found(from)),
                (Some(_), Some(_)) => Err(HostError::at(ErrorCode::AlreadyExists, to)),
                (Some(_), None) if self.made.contains(from) => Err(HostError::new(
                    ErrorCode::Unsupported,
                    format!("{from} was made in the rehearsal and cannot move"),
                )),
                (Some(source), None) => {
                    // An item the batch moves is underneath no more where it was.
                    if let Place::Under(under) = self.place(from)
                        && known.contains_key(under.as_ref())
                    {
                        known.insert(under.into_owned(), None);
                    }
                    self.record_move(from, to, source);
                    Ok(())
                }
            };
            results.push(result);
        }
        Ok(results)
    }

    fn digest_each(
        &mut self,
        wanted: &[String],
        limit: Option<u64>,
    ) -> Result<Vec<Result<String, HostError>>, HostError> {
        let under: Vec<Option<String>> = wanted
            .iter()
            .map(|path| match self.place(key(path)) {
                Place::Under(under) => Some(under.into_owned()),
                Place::Made | Place::Gone => None,
            })
            .collect();
        let asked: Vec<String> = under.iter().flatten().cloned().collect();
        let mut answers = self.inner.digests(&asked, limit)?.into_iter();
        Ok(under
            .iter()
            .zip(wanted)
            .map(|(under, path)| match under {
                Some(_) => answers.next().unwrap_or_else(|| Err(not_found(path))),
                None => Err(not_found(path)),
            })
            .collect())
    }
}
