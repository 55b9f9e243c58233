//! One folder as the bulk tools judge it: its sorted entries and the facts
//! of each name ([`NameFacts`]: kind, extension, stem…) worked out once,
//! the kinds its files' first bytes showed, and, from them, which entries
//! are in use (keys and credentials by their first bytes too, links by
//! their kind: [`crate::secrets`]) and which belong together.
//!
//! The bulk moves of one reply share it through a [`FolderMemo`]: the first
//! call on a folder reads and judges it; the next calls on the same folder
//! take it as the moves made in between left it (moved files gone, a folder
//! they created added), so eight `move_by_type` calls read and judge a
//! folder of 100,000 files once. Which entries are in use and which belong
//! together are formed again from the kept facts at each call (one pass
//! with hashed keys): a group can change when a file it was ranked against
//! moved away, exactly as on a fresh listing.
//!
//! Any other tool that may change files forgets it ([`super::run_tool`]),
//! and it never outlives the reply. What other programs do to the folder
//! meanwhile is not seen until the next reply: a file that vanished is
//! still tried and fails as a move of a vanished file does (its name and
//! the host's cause in the result); a file that appeared waits for the
//! next reply.

use std::collections::{BTreeMap, HashSet};

use foldhash::fast::RandomState;

use super::ToolContext;
use super::bulk::{Folder, MoveReport, movable, same_place};
use crate::file_type::Category;
use crate::groups::{Groups, NameFacts, references};
use crate::in_use::{InUse, in_use_with};
use crate::kinds::{HEADER_BYTES, by_name_and_head, head_may_decide, kind_from_header};
use crate::paths;
use crate::ports::FileSystemExt;
use crate::ports::{Entry, EntryKind};
use crate::secrets;

/// Files of one call whose head is read to tell their kind (those whose
/// name gives none), at most: the rest of them count as Others.
const HEADS_READ: usize = 1_000;

/// The folder the bulk moves of one reply work on, kept between them.
#[derive(Debug, Default)]
pub struct FolderMemo {
    kept: Option<Analysis>,
}

impl FolderMemo {
    /// Forgets the folder kept: a change it cannot follow may have happened.
    pub fn forget(&mut self) {
        self.kept = None;
    }
}

/// One folder read and judged; see the module's documentation.
#[derive(Debug)]
pub(super) struct Analysis {
    /// The folder's resolved path.
    pub path: String,
    /// Its entries, sorted for listing.
    pub entries: Vec<Entry>,
    /// The facts of each entry's name, in the same order.
    facts: Vec<NameFacts>,
    /// The kind each file's first bytes showed, once read.
    heads: Vec<Option<Option<Category>>>,
    /// Whether each file's first bytes showed a key or credential, once
    /// read ([`secrets::worth_reading`] files only).
    secret_heads: Vec<Option<bool>>,
    /// The names each file that names others (a playlist, a cue sheet, a
    /// model, a checksum list) holds, by its name, once read.
    named: BTreeMap<String, Vec<String>>,
}

/// What one call works with: which entries are in use and the kind of each.
pub(super) struct Judged {
    /// Why each entry is in use (none for hidden entries), in order.
    pub busy: Vec<Option<InUse>>,
    /// The kind of each entry, in order (see [`Analysis::judge`]).
    pub kinds: Vec<Category>,
}

impl Analysis {
    /// The analysis of a folder just read.
    pub fn of(folder: Folder) -> Self {
        let facts = (folder.entries.iter())
            .map(|entry| NameFacts::of(&entry.name))
            .collect();
        Self {
            heads: vec![None; folder.entries.len()],
            secret_heads: vec![None; folder.entries.len()],
            named: BTreeMap::new(),
            path: folder.path,
            entries: folder.entries,
            facts,
        }
    }

    /// The folder at the model's `path`: kept in the context's memo when it
    /// is that folder and still one, else read afresh ([`super::bulk::read_folder`]).
    /// `Err(text)` is the tool's plain result when it is missing.
    pub fn read(
        ctx: &mut ToolContext<'_>,
        path: &str,
    ) -> Result<Result<Self, String>, super::ToolFailure> {
        let resolved = paths::resolve(ctx.target_dir, path);
        let kept = ctx.memo.as_deref_mut().and_then(|memo| memo.kept.take());
        if let Some(kept) = kept.filter(|kept| kept.path == resolved) {
            let still_a_folder = matches!(
                ctx.files.stat(&resolved)?.map(|entry| entry.kind),
                Some(EntryKind::Dir | EntryKind::Symlink)
            );
            if still_a_folder {
                ctx.met_large_folder |= kept.entries.len() > ctx.limits.large_folder_entries;
                return Ok(Ok(kept));
            }
        }
        Ok(super::bulk::read_folder(ctx, path)?.map(Self::of))
    }

    /// Keeps this analysis for the next bulk move of the reply, if any.
    pub fn keep(self, ctx: &mut ToolContext<'_>) {
        if let Some(memo) = ctx.memo.as_deref_mut() {
            memo.kept = Some(self);
        }
    }

    /// Why each entry is in use, in order (none for hidden entries, which
    /// no bulk tool takes anyway): by its name ([`crate::in_use`]), a
    /// symbolic link as a launcher, a file whose first bytes hold a key or
    /// credential as a secret (read through the file system, each once,
    /// [`HEADS_READ`] a call at most; an online-only file is never read).
    pub fn busy(&mut self, ctx: &mut ToolContext<'_>) -> Vec<Option<InUse>> {
        let names: Vec<&str> = self.entries.iter().map(|e| e.name.as_str()).collect();
        let facts = &self.facts;
        let mut busy: Vec<Option<InUse>> = (in_use_with(&names, |at| facts[at].in_use_alone())
            .into_iter())
        .zip(&names)
        .map(|(why, name)| why.filter(|_| !name.starts_with('.')))
        .collect();
        let mut read = 0;
        for (at, entry) in self.entries.iter().enumerate() {
            if busy[at].is_some() || entry.name.starts_with('.') || entry.online_only {
                continue;
            }
            if entry.kind == EntryKind::Symlink {
                busy[at] = Some(InUse::Launcher);
                continue;
            }
            let worth = entry.kind == EntryKind::File && secrets::worth_reading(facts[at].lower());
            if !worth || (self.secret_heads[at].is_none() && read >= HEADS_READ) {
                continue;
            }
            let secret = *self.secret_heads[at].get_or_insert_with(|| {
                read += 1;
                (ctx.files)
                    .read_bytes(
                        &paths::join(&self.path, &entry.name),
                        secrets::HEAD_BYTES,
                        0,
                    )
                    .is_ok_and(|sample| secrets::secret_by_contents(&sample.head))
            });
            if secret {
                busy[at] = Some(InUse::Secret);
            }
        }
        self.read_names(ctx, &busy);
        busy
    }

    /// Reads what each file that names others (not in use, hidden or
    /// online-only) names, once: [`references::REFERENCE_BYTES`] of each,
    /// [`HEADS_READ`] files a call at most.
    fn read_names(&mut self, ctx: &mut ToolContext<'_>, busy: &[Option<InUse>]) {
        let mut read = 0;
        for (at, entry) in self.entries.iter().enumerate() {
            let namer = entry.kind == EntryKind::File
                && busy[at].is_none()
                && !entry.name.starts_with('.')
                && !entry.online_only
                && references::names_others(self.facts[at].lower());
            if !namer || self.named.contains_key(&entry.name) || read >= HEADS_READ {
                continue;
            }
            read += 1;
            let named = (ctx.files)
                .read_bytes(
                    &paths::join(&self.path, &entry.name),
                    references::REFERENCE_BYTES,
                    0,
                )
                .map(|sample| {
                    references::named_in(&entry.name, &String::from_utf8_lossy(&sample.head))
                })
                .unwrap_or_default();
            self.named.insert(entry.name.clone(), named);
        }
    }

    /// Each file of the folder that names others, with the names it holds
    /// (those naming nothing left out).
    pub fn named(&self) -> Vec<(String, Vec<String>)> {
        (self.named.iter())
            .filter(|(_, names)| !names.is_empty())
            .map(|(namer, names)| (namer.clone(), names.clone()))
            .collect()
    }

    /// Which entries are in use ([`Analysis::busy`]), and the kind of each:
    /// by its name, else (or when its name says code), for a file a bulk
    /// move may take, by its first bytes read through the file system
    /// ([`by_name_and_head`];
    /// [`HEADS_READ`] files a call at most, each read once; an online-only
    /// file by its name alone, since reading it would download it).
    pub fn judge(&mut self, ctx: &mut ToolContext<'_>) -> Judged {
        let busy = self.busy(ctx);
        let mut read = 0;
        let mut kinds = Vec::with_capacity(self.entries.len());
        for (at, entry) in self.entries.iter().enumerate() {
            let by_name = self.facts[at].kind();
            let readable = entry.kind == EntryKind::File
                && !entry.online_only
                && movable(entry, busy[at].is_some());
            if !head_may_decide(by_name) || !readable || read >= HEADS_READ {
                kinds.push(by_name);
                continue;
            }
            read += 1;
            let head = *self.heads[at].get_or_insert_with(|| {
                (ctx.files)
                    .read_bytes(&paths::join(&self.path, &entry.name), HEADER_BYTES, 0)
                    .ok()
                    .and_then(|sample| kind_from_header(&sample.head))
            });
            kinds.push(by_name_and_head(by_name, head));
        }
        Judged { busy, kinds }
    }

    /// The groups of related files among the entries not in use (`busy`,
    /// from [`Analysis::judge`]).
    pub fn groups(&self, busy: &[Option<InUse>]) -> Groups {
        Groups::form_from(
            (self.entries.iter().zip(&self.facts).zip(busy))
                .filter(|(_, busy)| busy.is_none())
                .map(|((entry, facts), _)| {
                    (entry.name.as_str(), entry.kind == EntryKind::Dir, facts)
                }),
            &self.named(),
        )
    }

    /// `busy` by name, for the tools that name the files in use.
    pub fn busy_by_name(&self, busy: &[Option<InUse>]) -> BTreeMap<String, InUse> {
        (self.entries.iter().zip(busy))
            .filter_map(|(entry, why)| Some((entry.name.clone(), (*why)?)))
            .collect()
    }

    /// The folder as `report`'s moves out of it left it: the files moved
    /// gone, those that failed as the file system now has them, a folder
    /// the moves created in it added. `false` when that could not be
    /// learned (the analysis is then not to be kept).
    pub fn settle(&mut self, ctx: &mut ToolContext<'_>, report: &MoveReport) -> bool {
        let failed = report.failed.iter().map(|(name, _)| name.as_str());
        let made = (report.made.iter())
            .filter(|dir| paths::parent(dir).is_some_and(|up| same_place(up, &self.path)))
            .map(|dir| paths::file_name(dir));
        let asked: Vec<&str> = failed.chain(made).collect();
        let found = match asked.is_empty() {
            true => Vec::new(),
            false => {
                let paths: Vec<String> = (asked.iter())
                    .map(|name| paths::join(&self.path, name))
                    .collect();
                match ctx.files.stat_many(&paths) {
                    Ok(found) if found.len() == paths.len() => found,
                    Ok(_) | Err(_) => return false,
                }
            }
        };
        let mut now = Vec::new();
        for found in found {
            match found {
                Ok(Some(entry)) => now.push(entry),
                Ok(None) => {}
                Err(_) => return false,
            }
        }
        let changed: HashSet<&str, RandomState> = (report.moved.iter())
            .map(|(name, _)| name.as_str())
            .chain(asked)
            .collect();
        self.retain(|entry| !changed.contains(entry.name.as_str()));
        for entry in now {
            self.insert(entry);
        }
        true
    }

    fn retain(&mut self, keep: impl Fn(&Entry) -> bool) {
        let entries = std::mem::take(&mut self.entries);
        let facts = std::mem::take(&mut self.facts);
        let heads = std::mem::take(&mut self.heads);
        let secret_heads = std::mem::take(&mut self.secret_heads);
        let kept = entries.into_iter().zip(facts).zip(heads).zip(secret_heads);
        for (((entry, facts), head), secret) in kept {
            if keep(&entry) {
                self.entries.push(entry);
                self.facts.push(facts);
                self.heads.push(head);
                self.secret_heads.push(secret);
            } else {
                self.named.remove(&entry.name);
            }
        }
    }

    /// Adds `entry` where a sorted listing has it.
    fn insert(&mut self, entry: Entry) {
        fn key(e: &Entry) -> (bool, &str) {
            (e.kind != EntryKind::Dir, e.name.as_str())
        }
        let at = self.entries.partition_point(|e| key(e) < key(&entry));
        self.facts.insert(at, NameFacts::of(&entry.name));
        self.heads.insert(at, None);
        self.secret_heads.insert(at, None);
        self.entries.insert(at, entry);
    }
}
