//! The requests only the host makes of its file systems (the journal, the
//! dry run, undo), beside the core's [`tidyup_core::FsRequest`]s: as those,
//! one method takes them all ([`super::HostFs::host_call`]), a wrapper
//! answers the ones it cares about and passes the others on, and typed
//! helpers live in [`HostFsExt`].

use std::path::Path;

use std::io;

use tidyup_core::{Access, ErrorCode, FileSystem, FileSystemExt, HostError};

use super::fingerprint::Fingerprint;
use super::location::Location;

/// Told, before a move across file systems copies a byte, the path (in the
/// file system's own terms) of the copy it is about to make beside the
/// destination, to be renamed into place when whole; an error stops the
/// move. So a copy left there by a process killed mid-move can be found.
pub type Staging<'a> = &'a mut dyn FnMut(&str) -> io::Result<()>;
/// A file system the host can also ask its own requests of
/// ([`HostRequest`]: moving items out of the model's reach into tidyup's
/// trash and back, locating, fingerprinting): one method takes them all.
pub trait HostFs: FileSystem + Send {
    /// Carries out `request`, or fails; a request this file system does
    /// not know fails with code `unsupported`.
    fn host_call(&mut self, request: HostRequest<'_>) -> Result<HostAnswer, HostError>;
}

impl<F: HostFs + ?Sized> HostFs for Box<F> {
    fn host_call(&mut self, request: HostRequest<'_>) -> Result<HostAnswer, HostError> {
        (**self).host_call(request)
    }
}

/// [`HostFsExt::rename_new`] as a check just before the move: the way of a
/// file system that cannot decide it in the move itself.
pub(crate) fn rename_checked_first<F: HostFs + ?Sized>(
    files: &mut F,
    from: &str,
    to: &str,
    staging: Staging,
) -> Result<(), HostError> {
    if files.stat(to)?.is_some() && !files.same_item(from, to)? {
        return Err(HostError::at(ErrorCode::AlreadyExists, to));
    }
    files.rename_staged(from, to, staging)
}

/// One request of the host's own.
pub enum HostRequest<'a> {
    /// `Ok` when the item at `path` may be moved, renamed or deleted (the
    /// refusals the changing requests would meet), changing nothing.
    MayChange {
        /// The item.
        path: &'a str,
    },
    /// Moves `from` to `to`, telling `staging` where a move across file
    /// systems puts its copy before it copies anything. With `replace`
    /// false it never replaces another item: a move whose destination
    /// holds one fails with code `already_exists` (the item itself under
    /// another case of its name is no other item); file systems that can
    /// decide it in the move itself do, so nothing can appear there between
    /// a check and the move.
    Move {
        /// The item.
        from: &'a str,
        /// Where it goes.
        to: &'a str,
        /// Told where a copy is staged.
        staging: Staging<'a>,
        /// Whether an item at `to` may be replaced.
        replace: bool,
    },
    /// Moves the item at `path` to `outside`, an absolute path of the
    /// machine outside any sandbox (tidyup's trash), which must not exist.
    MoveOut {
        /// The item.
        path: &'a str,
        /// Where it goes.
        outside: &'a Path,
    },
    /// Moves the item at `outside` back to `path`, which must not exist.
    MoveIn {
        /// Where the item is.
        outside: &'a Path,
        /// Where it goes back.
        path: &'a str,
    },
    /// Removes the folder at `path` only if it is empty, decided in the
    /// removal itself where the file system can (so nothing that arrives
    /// after a check is removed with it); else fails with `not_empty`.
    RemoveEmptyDir {
        /// The folder.
        path: &'a str,
    },
    /// Whether an item is kept at `outside`, a place of tidyup's trash as
    /// [`HostRequest::MoveOut`] names it (a file system that keeps its
    /// trash elsewhere, as a remote folder does, looks there).
    Kept {
        /// The place in the trash.
        outside: &'a Path,
    },
    /// Where the item at `path` really is, its folders resolved through
    /// symlinks as this file system resolves them.
    Locate {
        /// The path.
        path: &'a str,
    },
    /// The item's fingerprint; `None` when nothing is there.
    Fingerprint {
        /// The item.
        path: &'a str,
    },
    /// Whether `a` and `b` both exist and are one item (the same file or
    /// folder on the same device, as `C:\x\a.txt` and `C:\x\A.TXT` are
    /// where names ignore case); symlinks compared as links.
    SameItem {
        /// One path.
        a: &'a str,
        /// The other.
        b: &'a str,
    },
    /// The start of one operation of a layer above (a journaled rename:
    /// its checks, stats and the move): until the matching end, a guard
    /// locates each path once. Nestable.
    BeginOperation,
    /// The end of the operation begun last.
    EndOperation,
}

/// What a [`HostRequest`] answered.
pub enum HostAnswer {
    /// Done, or allowed.
    Done,
    /// Where the item is.
    Location(Location),
    /// The item's fingerprint, when there is one.
    Fingerprint(Option<Fingerprint>),
    /// Whether two paths are one item.
    Same(bool),
    /// Whether an item is kept in the trash.
    Kept(bool),
}

/// Done: [`HostAnswer::Done`].
impl From<()> for HostAnswer {
    fn from((): ()) -> Self {
        HostAnswer::Done
    }
}

impl HostRequest<'_> {
    /// The request's name, for messages.
    pub fn op(&self) -> &'static str {
        match self {
            HostRequest::MayChange { .. } => "may_change",
            HostRequest::Move { .. } => "move",
            HostRequest::MoveOut { .. } => "move_out",
            HostRequest::MoveIn { .. } => "move_in",
            HostRequest::RemoveEmptyDir { .. } => "remove_empty_dir",
            HostRequest::Kept { .. } => "kept",
            HostRequest::Locate { .. } => "locate",
            HostRequest::Fingerprint { .. } => "fingerprint",
            HostRequest::SameItem { .. } => "same_item",
            HostRequest::BeginOperation => "begin_operation",
            HostRequest::EndOperation => "end_operation",
        }
    }

    /// Every path of the file system the request names and what it does
    /// to each: what a policy judges. Locating judges nothing (the guard
    /// locates for the policies themselves).
    pub fn paths(&self) -> Vec<(&str, Access)> {
        match self {
            HostRequest::MayChange { path }
            | HostRequest::MoveOut { path, .. }
            | HostRequest::MoveIn { path, .. }
            | HostRequest::RemoveEmptyDir { path } => vec![(*path, Access::Change)],
            HostRequest::Move { from, to, .. } => {
                vec![(*from, Access::Change), (*to, Access::Change)]
            }
            HostRequest::Fingerprint { path } => vec![(*path, Access::Read)],
            HostRequest::SameItem { a, b } => vec![(*a, Access::Read), (*b, Access::Read)],
            HostRequest::Locate { .. }
            | HostRequest::Kept { .. }
            | HostRequest::BeginOperation
            | HostRequest::EndOperation => Vec::new(),
        }
    }
}

/// The host requests a base file system may leave to this: a move that
/// never replaces, as a check just before the move (the way of a file
/// system that cannot decide it in the move itself), the removal of an
/// empty folder as a listing before it (likewise), whether the trash of
/// this machine keeps an item, and operations' ends, which mean nothing to
/// a file system that locates nothing. Any other fails with code
/// `unsupported`.
// Any request it cannot make of others is refused, whatever requests come
// to exist.
#[allow(clippy::wildcard_enum_match_arm)]
pub fn host_composed<F: HostFs + ?Sized>(
    files: &mut F,
    request: HostRequest<'_>,
) -> Result<HostAnswer, HostError> {
    match request {
        HostRequest::Move {
            from,
            to,
            staging,
            replace: false,
        } => rename_checked_first(files, from, to, staging).map(|()| HostAnswer::Done),
        HostRequest::RemoveEmptyDir { path } => {
            if !files.list(path)?.is_empty() {
                return Err(HostError::at(ErrorCode::NotEmpty, path));
            }
            files.remove_dir_all(path).map(|()| HostAnswer::Done)
        }
        HostRequest::Kept { outside } => {
            Ok(HostAnswer::Kept(std::fs::symlink_metadata(outside).is_ok()))
        }
        HostRequest::BeginOperation | HostRequest::EndOperation => Ok(HostAnswer::Done),
        other => Err(HostError::new(
            ErrorCode::Unsupported,
            format!("this file system does not do {}", other.op()),
        )),
    }
}

/// The refusal of an answer of another kind than the request's.
fn wrong_answer(op: &str) -> HostError {
    HostError::new(
        ErrorCode::Internal,
        format!("the answer to {op} is of another kind"),
    )
}

/// Typed helpers over [`HostFs::host_call`], one per kind of request.
// Each helper expects the one answer of its request's kind: any other is
// a fault, whatever kinds come to exist.
#[allow(clippy::wildcard_enum_match_arm)]
pub trait HostFsExt: HostFs {
    /// See [`HostRequest::MayChange`].
    fn may_change(&mut self, path: &str) -> Result<(), HostError> {
        self.host_done(HostRequest::MayChange { path })
    }
    /// See [`HostRequest::Move`]; replaces a file at `to`.
    fn rename_staged(&mut self, from: &str, to: &str, staging: Staging) -> Result<(), HostError> {
        self.host_done(HostRequest::Move {
            from,
            to,
            staging,
            replace: true,
        })
    }
    /// See [`HostRequest::Move`]; never replaces anything.
    fn rename_new(&mut self, from: &str, to: &str, staging: Staging) -> Result<(), HostError> {
        self.host_done(HostRequest::Move {
            from,
            to,
            staging,
            replace: false,
        })
    }
    /// See [`HostRequest::MoveOut`].
    fn move_out(&mut self, path: &str, outside: &Path) -> Result<(), HostError> {
        self.host_done(HostRequest::MoveOut { path, outside })
    }
    /// See [`HostRequest::MoveIn`].
    fn move_in(&mut self, outside: &Path, path: &str) -> Result<(), HostError> {
        self.host_done(HostRequest::MoveIn { outside, path })
    }
    /// See [`HostRequest::RemoveEmptyDir`].
    fn remove_empty_dir(&mut self, path: &str) -> Result<(), HostError> {
        self.host_done(HostRequest::RemoveEmptyDir { path })
    }
    /// See [`HostRequest::Kept`].
    fn kept(&mut self, outside: &Path) -> Result<bool, HostError> {
        match self.host_call(HostRequest::Kept { outside })? {
            HostAnswer::Kept(kept) => Ok(kept),
            _ => Err(wrong_answer("kept")),
        }
    }
    /// See [`HostRequest::Locate`].
    fn locate(&mut self, path: &str) -> Result<Location, HostError> {
        match self.host_call(HostRequest::Locate { path })? {
            HostAnswer::Location(location) => Ok(location),
            _ => Err(wrong_answer("locate")),
        }
    }
    /// See [`HostRequest::Fingerprint`].
    fn fingerprint(&mut self, path: &str) -> Result<Option<Fingerprint>, HostError> {
        match self.host_call(HostRequest::Fingerprint { path })? {
            HostAnswer::Fingerprint(fingerprint) => Ok(fingerprint),
            _ => Err(wrong_answer("fingerprint")),
        }
    }
    /// See [`HostRequest::SameItem`].
    fn same_item(&mut self, a: &str, b: &str) -> Result<bool, HostError> {
        match self.host_call(HostRequest::SameItem { a, b })? {
            HostAnswer::Same(same) => Ok(same),
            _ => Err(wrong_answer("same_item")),
        }
    }
    /// See [`HostRequest::BeginOperation`]; cannot fail.
    fn begin_operation(&mut self) {
        let _ = self.host_call(HostRequest::BeginOperation);
    }
    /// See [`HostRequest::EndOperation`]; cannot fail.
    fn end_operation(&mut self) {
        let _ = self.host_call(HostRequest::EndOperation);
    }
    /// Carries out a request whose answer is `Done`.
    #[doc(hidden)]
    fn host_done(&mut self, request: HostRequest<'_>) -> Result<(), HostError> {
        let op = request.op();
        match self.host_call(request)? {
            HostAnswer::Done => Ok(()),
            _ => Err(wrong_answer(op)),
        }
    }
}

impl<F: HostFs + ?Sized> HostFsExt for F {}
