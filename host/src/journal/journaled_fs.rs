//! [`JournaledFs`]: any [`HostFs`] with every change journaled first and
//! nothing lost: deleted and replaced items go to the session's trash.

use crate::fs::HostFsExt;
use std::path::{Path, PathBuf};

use tidyup_core::{
    BatchMove, EntryKind, ErrorCode, FileSystem, FileSystemExt, FsAnswer, FsRequest, HostError,
};

use super::{Journal, Record};
use crate::failure::Failure;
use crate::fs::{Fingerprint, HostFs, already_exists, host_error, names, refuse_move_into_itself};

/// Journals each change before making it; deletes become moves to the trash.
/// The model's result texts still say "deleted" / "replaced".
pub struct JournaledFs<F> {
    inner: F,
    journal: Journal,
    stop: Option<StopAsked>,
}

/// Whether the user asked to stop; asked between the moves of a batch.
pub type StopAsked = Box<dyn Fn() -> bool + Send>;

impl<F: HostFs> JournaledFs<F> {
    /// Wraps `inner`, recording into `journal`.
    pub fn new(inner: F, journal: Journal) -> Self {
        Self {
            inner,
            journal,
            stop: None,
        }
    }

    /// The same, a batch of moves stopping after the move in progress once
    /// `stop` says so: the moves not made fail with code `cancelled` and are
    /// journaled as never made.
    pub fn with_stop(mut self, stop: StopAsked) -> Self {
        self.stop = Some(stop);
        self
    }

    fn stop_asked(&self) -> bool {
        self.stop.as_ref().is_some_and(|asked| asked())
    }

    /// The journal (its session name, whether anything changed).
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    fn record(&mut self, record: &Record) -> Result<(), HostError> {
        self.journal.append(record).map_err(|err| {
            HostError::new(
                ErrorCode::Journal,
                Failure::JournalNotWritten(err.to_string()).to_string(),
            )
        })
    }

    /// `Ok` when the item at `path` may be moved, renamed or deleted
    /// ([`HostFs::may_change`]), nothing changed.
    pub fn may_change(&mut self, path: &str) -> Result<(), HostError> {
        self.inner.may_change(path)
    }

    /// Where a move of `from` to `to` writes its item: `to` as given, or,
    /// when `to` reaches an item only through a shown form of another
    /// spelling, exactly the name written ([`Self::destination_named`]).
    /// A check that the destination is free looks there.
    pub fn destination_of(&mut self, from: &str, to: &str) -> Result<String, HostError> {
        from_the_core(from)?;
        from_the_core(to)?;
        self.operation(|files| files.destination_named(from, to))
    }

    /// The fingerprint of the item at `path` (`None` when nothing is there).
    pub fn fingerprint(&mut self, path: &str) -> Result<Option<Fingerprint>, HostError> {
        self.inner.fingerprint(path)
    }

    /// Where the item at `path` really is, every name its exact bytes, as
    /// the file system below locates it (once per operation).
    fn real(&mut self, path: &str) -> Result<PathBuf, HostError> {
        Ok(self.inner.locate(path)?.item)
    }

    /// The record of the move `from` → `to` about to be made: the paths as
    /// given and their exact bytes (the destination's name as the move
    /// will write it, see [`names::destination`]), and the item's identity.
    /// `to` is as given, `at` as the file system below is handed it.
    fn moved_record(&mut self, from: &str, to: &str, at: &str) -> Result<Record, HostError> {
        self.moved_record_exact(from, to, at)
            .map(|(record, _)| record)
    }

    /// [`Self::moved_record`], and the destination as the move then writes
    /// it (`names::written_as`: its exact bytes wherever a shown form could
    /// reach another item), so a move made after others of its batch never
    /// reaches, through a shown form, an item one of them placed there
    /// since.
    fn moved_record_exact(
        &mut self,
        from: &str,
        to: &str,
        at: &str,
    ) -> Result<(Record, String), HostError> {
        let real_from = self.real(from)?;
        let real_to = match names::exact_path(at) {
            Some(exact) => exact,
            None => {
                // Reached only through a shown form of another spelling:
                // exactly the name written (see `destination_named`).
                let mut located_to = self.real(at)?;
                if let Some(written) = Path::new(at).file_name()
                    && located_to.file_name() != Some(written)
                {
                    located_to.set_file_name(written);
                }
                names::destination(&real_from, located_to, |path| {
                    std::fs::symlink_metadata(path).is_ok()
                })
            }
        };
        // A remote folder's item is known by what its server says of it,
        // never by a path of this machine.
        let (id, seen) = if self.journal.is_remote() {
            let seen = match self.inner.stat(from)? {
                Some(entry) if entry.kind == EntryKind::File => i64::try_from(entry.size)
                    .ok()
                    .map(|size| [size, entry.modified]),
                Some(_) | None => None,
            };
            (None, seen)
        } else {
            let id = crate::fs::identity(&real_from)
                .ok()
                .flatten()
                .map(|(device, file)| [device, file]);
            (id, None)
        };
        let record = Record::Moved {
            from: from.to_owned(),
            to: to.to_owned(),
            from_raw: names::raw_unless_text(from, &real_from),
            to_raw: names::raw_unless_text(to, &real_to),
            id,
            seen,
        };
        Ok((record, names::written_as(at, &real_to)))
    }

    /// Moves the item at `path` (as shown; `at` as the file system below
    /// is handed it) into the trash, journaled first; returns where it is
    /// kept and where it was (exact paths).
    fn trash(&mut self, path: &str, at: &str) -> Result<(PathBuf, PathBuf), HostError> {
        let real = self.real(at)?;
        let name = real
            .file_name()
            .map_or_else(|| "item".into(), std::ffi::OsStr::to_os_string);
        let trash = self
            .journal
            .next_trash_path(&name)
            .map_err(|err| host_error(&err))?;
        let shown_trash = names::shown_path(&trash);
        self.record(&Record::Trashed {
            path: path.to_owned(),
            trash_raw: names::raw_unless_text(&shown_trash, &trash),
            trash: PathBuf::from(shown_trash),
            path_raw: names::raw_unless_text(path, &real),
        })?;
        self.inner.move_out(at, &trash)?;
        Ok((trash, real))
    }

    /// After the move `from` → `to` failed with `err`: puts back the
    /// destination it replaced (kept at `trashed`, from where it was) and
    /// journals that the move never happened. Returns the error to report.
    fn roll_back(
        &mut self,
        from: &str,
        to: &str,
        trashed: Option<(PathBuf, PathBuf)>,
        err: HostError,
    ) -> HostError {
        let Some((trash, place)) = trashed else {
            return err;
        };
        match self.inner.move_in(&trash, &names::exact(&place)) {
            Ok(()) => {
                // Without this record `undo` still finds nothing to do, only
                // less precisely; the failure to report stays the move's.
                let _ = self.record(&Record::RolledBack {
                    from: from.to_owned(),
                    to: to.to_owned(),
                });
                err
            }
            Err(restore) => HostError::new(
                err.code.clone(),
                Failure::ReplacedItemKeptInTrash {
                    failure: crate::failure::worded(&err),
                    trash: trash.display().to_string(),
                    cause: crate::failure::worded(&restore),
                }
                .to_string(),
            ),
        }
    }
}

impl<F: HostFs> FileSystem for JournaledFs<F> {
    // Reads pass on as they are, whatever requests come to exist.
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        Ok(match request {
            FsRequest::CreateDirAll { path } => self.on_create_dir_all(path)?.into(),
            FsRequest::Rename { from, to } => self.on_rename(from, to)?.into(),
            FsRequest::MoveBatch { moves } => FsAnswer::Moves(self.on_move_batch(moves)?),
            FsRequest::RemoveFile { path } => self.on_remove_file(path)?.into(),
            FsRequest::RemoveDirAll { path } => self.on_remove_dir_all(path)?.into(),
            // A change it does not know how to journal is refused, so a new
            // kind of change is never made unrecorded.
            other if other.changes() => return Err(tidyup_core::unsupported(other)),
            _ => return self.inner.call(request),
        })
    }
}

/// The requests it answers itself, each as the request says.
impl<F: HostFs> JournaledFs<F> {
    fn on_create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        from_the_core(path)?;
        self.operation(|files| files.create_dir_all_journaled(path))
    }

    fn on_rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        from_the_core(from)?;
        from_the_core(to)?;
        self.operation(|files| files.rename_journaled(from, to))
    }

    fn on_move_batch(&mut self, moves: &[BatchMove]) -> Result<Vec<MoveResult>, HostError> {
        self.operation(|files| files.move_batch_journaled(moves))
    }

    fn on_remove_file(&mut self, path: &str) -> Result<(), HostError> {
        from_the_core(path)?;
        self.operation(|files| files.checked_trash(path))
    }

    fn on_remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        from_the_core(path)?;
        self.operation(|files| files.checked_trash(path))
    }
}

/// Refuses a path holding a NUL (code `denied`): no name holds one, and
/// an exact path (`names::exact`) is the host's own, never a change asked
/// from above.
fn from_the_core(path: &str) -> Result<(), HostError> {
    if path.contains('\0') {
        return Err(HostError::at(ErrorCode::Denied, names::readable(path)));
    }
    Ok(())
}

impl<F: HostFs> JournaledFs<F> {
    /// Runs `f` as one operation of the file system below (which then
    /// locates each path once for all of `f`'s checks and changes).
    fn operation<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.inner.begin_operation();
        let result = f(self);
        self.inner.end_operation();
        result
    }

    /// [`FileSystem::create_dir_all`], journaled.
    fn create_dir_all_journaled(&mut self, path: &str) -> Result<(), HostError> {
        // Record exactly the directories this call creates, outermost first.
        let mut missing = Vec::new();
        let mut current = Path::new(path);
        while self.inner.stat(&names::shown_path(current))?.is_none() {
            missing.push(names::shown_path(current));
            match current.parent() {
                Some(parent) => current = parent,
                None => break,
            }
        }
        for created in missing.iter().rev() {
            let real = self.real(created)?;
            self.record(&Record::Created {
                path: created.clone(),
                path_raw: names::raw_unless_text(created, &real),
            })?;
        }
        self.inner.create_dir_all(path)
    }

    /// [`FileSystem::rename`], journaled; a replaced item goes to the trash.
    fn rename_journaled(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        if from == to || self.inner.stat(from)?.is_none() {
            // Nothing changes (or nothing can): the inner answer is the answer.
            return self.inner.rename(from, to);
        }
        self.inner.may_change(from)?;
        self.inner.may_change(to)?;
        refuse_move_into_itself(from, to)?;
        let to_at = self.destination_named(from, to)?;
        let at = to_at.as_str();
        let replaced = match self.inner.stat(at)? {
            // The source itself (another case of its name where case is
            // ignored): a rename, nothing is replaced.
            Some(_) if self.inner.same_item(from, at)? => false,
            // A folder with contents is never replaced nor merged into:
            // refused here, before anything changes, whatever the platform
            // would do with the rename.
            Some(entry) if entry.kind == EntryKind::Dir => {
                if !self.inner.list(at)?.is_empty() {
                    return Err(HostError::new(
                        ErrorCode::NotEmpty,
                        Failure::FolderWithContentsAt(to.to_owned()).to_string(),
                    ));
                }
                true
            }
            Some(_) => true,
            None => false,
        };
        // A replaced destination stays recoverable.
        let trashed = if replaced {
            Some(self.trash(to, at)?)
        } else {
            None
        };
        let moved = self
            .moved_record(from, to, at)
            .and_then(|record| self.record(&record))
            .and_then(|()| self.rename_noting_copies(from, at));
        // A failed move changes nothing: the replaced destination goes back.
        moved.map_err(|err| self.roll_back(from, to, trashed, err))
    }

    /// The destination `to` as the file system below is handed it: as
    /// given, unless it reaches an item only through a shown form of
    /// another spelling (`文档.txt` for a GBK name, `caf%E9.txt` for the
    /// bytes it spells) that is not the source itself: then exactly the
    /// name written (in the source's encoding, see
    /// [`names::destination`]), so a move never replaces an item that
    /// only looks like the name it was given.
    fn destination_named(&mut self, from: &str, to: &str) -> Result<String, HostError> {
        let located = self.real(to)?;
        let Some(written) = Path::new(to).file_name() else {
            return Ok(to.to_owned());
        };
        if located.file_name() == Some(written) || self.inner.same_item(from, to)? {
            return Ok(to.to_owned());
        }
        let real_from = self.real(from)?;
        let real_to = names::destination(&real_from, located.with_file_name(written), |path| {
            std::fs::symlink_metadata(path).is_ok()
        });
        Ok(names::exact(&real_to))
    }

    /// [`FileSystem::move_batch`], journaled.
    fn move_batch_journaled(&mut self, moves: &[BatchMove]) -> Result<Vec<MoveResult>, HostError> {
        // Each move is checked as a single one would be; nothing may be
        // replaced. The moves that pass are journaled whole, with one sync,
        // before the first is made: after a crash mid-batch, undo finds
        // the ones made and skips the others (their source is still there).
        let mut results: Vec<MoveResult> = moves.iter().map(|step| self.check_new(step)).collect();
        let mut records = Vec::with_capacity(moves.len());
        // Each destination exactly as journaled: the batch's own moves
        // cannot change which item a name reaches between the checks and
        // the moves.
        let mut exact = vec![String::new(); moves.len()];
        for ((step, checked), exact) in moves.iter().zip(results.iter_mut()).zip(&mut exact) {
            if checked.is_ok() {
                match self.moved_record_exact(&step.from, &step.to, &step.to) {
                    Ok((record, to)) => {
                        records.push(record);
                        *exact = to;
                    }
                    Err(err) => *checked = Err(err),
                }
            }
        }
        self.journal.append_all(&records).map_err(|err| {
            HostError::new(
                ErrorCode::Journal,
                Failure::JournalNotWritten(err.to_string()).to_string(),
            )
        })?;
        let mut rolled_back = Vec::new();
        for ((step, result), exact_to) in moves.iter().zip(results.iter_mut()).zip(&exact) {
            if result.is_err() {
                continue;
            }
            if self.stop_asked() {
                *result = Err(HostError::new(
                    ErrorCode::Cancelled,
                    "cancelled by the user",
                ));
                rolled_back.push(Record::RolledBack {
                    from: step.from.clone(),
                    to: step.to.clone(),
                });
                continue;
            }
            // Never replace what appeared since the check.
            *result = self.rename_noting_copies(&step.from, exact_to);
            // A move whose outcome is unknown (its answer lost) keeps its
            // record: undo looks where the item is.
            if result
                .as_ref()
                .is_err_and(|err| !crate::fs::outcome_unknown(err))
            {
                rolled_back.push(Record::RolledBack {
                    from: step.from.clone(),
                    to: step.to.clone(),
                });
            }
        }
        // Without these records undo still skips the moves never made.
        let _ = self.journal.append_all(&rolled_back);
        Ok(results)
    }
}

/// The result of one move of a batch.
type MoveResult = Result<(), HostError>;

impl<F: HostFs> JournaledFs<F> {
    /// Renames `from` to `to` in the inner file system, never replacing
    /// another item (whatever appeared there since the checks); a move
    /// across file systems journals where it makes its copy before
    /// copying, so `undo` can remove a copy a killed process left.
    fn rename_noting_copies(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let journal = &mut self.journal;
        self.inner.rename_new(from, to, &mut |partial| {
            let record = Record::Copying {
                from: from.to_owned(),
                partial: partial.to_owned(),
                in_place: partial == to,
            };
            journal
                .append(&record)
                .map_err(|err| std::io::Error::other(Failure::JournalNotWritten(err.to_string())))
        })
    }

    /// Whether one move of a batch may go ahead: its source exists and may
    /// change, and nothing is at its destination.
    fn check_new(&mut self, step: &BatchMove) -> MoveResult {
        from_the_core(&step.from)?;
        from_the_core(&step.to)?;
        // Located once for these checks and the policies' (the file system
        // below locates a path once per operation): what is there comes
        // with where it is.
        if self.inner.locate(&step.from)?.kind.is_none() {
            return Err(HostError::at(ErrorCode::NotFound, &step.from));
        }
        self.inner.may_change(&step.from)?;
        self.inner.may_change(&step.to)?;
        refuse_move_into_itself(&step.from, &step.to)?;
        let located = self.inner.locate(&step.to)?;
        // An item reached only through a shown form of another spelling
        // (`caf%E9.txt` for the bytes it spells) is not at the name written:
        // the move writes exactly that name, and the file system refuses it
        // if it is taken.
        let written = Path::new(&step.to).file_name();
        match located.kind {
            Some(_) if located.item.file_name() == written => Err(already_exists(&step.to)),
            Some(_) | None => Ok(()),
        }
    }

    /// Trashes `path` if it exists, with the inner file system's own refusal
    /// (outside the roots, the root itself) checked first.
    fn checked_trash(&mut self, path: &str) -> Result<(), HostError> {
        self.inner.may_change(path)?;
        match self.inner.stat(path)? {
            Some(_) => self.trash(path, path).map(|_| ()),
            None => Err(HostError::at(ErrorCode::NotFound, path)),
        }
    }
}
