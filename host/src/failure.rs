//! Failures below the commands (the file systems, the journal, saved
//! plans, the core's runtime) as values worded in the language the process
//! speaks, however deep in a chain of causes they sit.

use std::fmt;
use std::sync::OnceLock;

use tidyup_core::Lang;

/// A failure tidyup words itself; `Display` words it in the language set
/// with [`speak`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No data directory for the journal.
    NoDataDir,
    /// No journal for the session named.
    NoSuchSession {
        /// The session named.
        session: String,
        /// Where its journal would be.
        path: String,
    },
    /// A journal without its first record.
    JournalWithoutHeader(String),
    /// The directories of a session cannot be opened again.
    CannotOpenSessionRoots(String),
    /// A session's trash cannot be removed.
    CannotPurge(String),
    /// A file cannot be read.
    CannotRead(String),
    /// A file that is no saved plan.
    NotAPlan(String),
    /// The directories a plan names cannot be opened.
    CannotOpenPlanRoots,
    /// The core instance is gone (a restart failed before).
    CoreNotRunning,
    /// The core stopped (the cause) and a fresh instance could not start.
    CoreNotRestarted(String),
    /// The core stopped (the cause) and the conversation was not restored.
    CoreNotRestored(String),
    /// The core stopped (the cause) with nothing to restore.
    CoreHalted(String),
    /// The core speaks another ABI version.
    AbiMismatch {
        /// The core's version.
        found: i32,
        /// This host's.
        expected: i32,
    },
    /// The core exports no memory.
    CoreWithoutMemory,
    /// Input over the ABI's buffer limit (its size in bytes).
    CoreInputTooLarge(usize),
    /// The core could not allocate a buffer of this many bytes.
    CoreCannotAllocate(u32),
    /// The core's reply lies outside its memory.
    CoreReplyOutsideMemory,
    /// The core's reply is not the JSON of the ABI.
    CoreReplyUnreadable,
    /// The core `.wasm` does not compile.
    CoreDoesNotCompile,
    /// A lock guarding this (`journal`, `plan`, `workspace`, `file system`)
    /// was poisoned.
    LockPoisoned(&'static str),
    /// The API key cannot travel in an HTTP header.
    KeyNotHeaderSafe,
    /// `watch` cannot listen for SIGTERM.
    CannotListenForSigterm,
    /// A folder moved to a place inside itself (the destination).
    MoveIntoItself(String),
    /// A move onto a folder that has contents (the destination).
    FolderWithContentsAt(String),
    /// Something is at a batch move's destination (the path).
    AlreadyThere(String),
    /// Nothing is at a path to change (the path).
    NotThere(String),
    /// The journal could not record a change (the cause); nothing changed.
    JournalNotWritten(String),
    /// A failed move whose replaced item stays in the trash.
    ReplacedItemKeptInTrash {
        /// Why the move failed.
        failure: String,
        /// Where the replaced item is.
        trash: String,
        /// Why it could not be put back.
        cause: String,
    },
    /// A path inside tidyup's own data.
    OwnDataInside {
        /// The path.
        path: String,
        /// The data it is in.
        place: String,
    },
    /// A folder holding tidyup's own data.
    OwnDataHolder {
        /// The folder.
        path: String,
        /// The data it holds.
        place: String,
    },
    /// A file system answered fewer moves of a batch than it was given.
    BatchMoveUnanswered,
    /// A file's digest went missing while looking for copies.
    DigestMissing,
    /// The user cancelled.
    CancelledByUser,
    /// The core asked with a request over the ABI's buffer limit (bytes).
    CoreRequestTooLarge(usize),
    /// The core's request lies outside its memory.
    CoreRequestOutsideMemory,
    /// The core's request is not the JSON of the ABI (the parser's cause).
    CoreRequestUnreadable(String),
    /// `--core` names a file that cannot be read (its path).
    CannotReadCore(String),
    /// A plan saved by an earlier version (its path).
    PlanFromAnEarlierVersion(String),
    /// A path that does not end in a name where one is needed.
    NoNameAtEnd(String),
    /// A folder on the way of a cross-device move changed.
    ChangedOnTheWay,
    /// Leftovers of earlier moves (the name they start with) take every
    /// free name.
    LeftoversInTheWay(String),
    /// A device, pipe or socket cannot change file system.
    SpecialFileNotMovedAcross,
    /// Folders nested deeper than this do not change file system.
    TooDeepToMoveAcross(usize),
    /// A symlink cannot change file system on this platform.
    SymlinkNotMovedAcross,
    /// What was to be read is not a regular file (a pipe, device, socket
    /// or folder, perhaps behind a link).
    NotARegularFile,
}

impl Failure {
    /// The failure, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Failure::NoDataDir => lang.no_data_dir(),
            Failure::NoSuchSession { session, path } => lang.no_such_session(session, path),
            Failure::JournalWithoutHeader(session) => lang.journal_without_header(session),
            Failure::CannotOpenSessionRoots(session) => lang.cannot_open_session_roots(session),
            Failure::CannotPurge(path) => lang.cannot_purge(path),
            Failure::CannotRead(path) => lang.cannot_read(path),
            Failure::NotAPlan(path) => lang.not_a_plan(path),
            Failure::CannotOpenPlanRoots => lang.cannot_open_plan_roots(),
            Failure::CoreNotRunning => lang.core_not_running(),
            Failure::CoreNotRestarted(cause) => lang.core_not_restarted(cause),
            Failure::CoreNotRestored(cause) => lang.core_not_restored(cause),
            Failure::CoreHalted(cause) => lang.core_stopped_with(cause),
            Failure::AbiMismatch { found, expected } => lang.abi_mismatch(*found, *expected),
            Failure::CoreWithoutMemory => lang.core_without_memory(),
            Failure::CoreInputTooLarge(bytes) => lang.core_input_too_large(*bytes),
            Failure::CoreCannotAllocate(bytes) => lang.core_cannot_allocate(*bytes),
            Failure::CoreReplyOutsideMemory => lang.core_reply_outside_memory(),
            Failure::CoreReplyUnreadable => lang.core_reply_unreadable(),
            Failure::CoreDoesNotCompile => lang.core_does_not_compile(),
            Failure::LockPoisoned(what) => lang.lock_poisoned(what),
            Failure::KeyNotHeaderSafe => lang.key_not_header_safe(),
            Failure::CannotListenForSigterm => lang.cannot_listen_for_sigterm(),
            Failure::MoveIntoItself(to) => lang.move_into_itself(to),
            Failure::FolderWithContentsAt(to) => lang.folder_with_contents_at(to),
            Failure::AlreadyThere(path) => lang.already_there(path),
            Failure::NotThere(path) => lang.not_there(path),
            Failure::JournalNotWritten(cause) => lang.journal_not_written(cause),
            Failure::ReplacedItemKeptInTrash {
                failure,
                trash,
                cause,
            } => lang.replaced_item_kept_in_trash(failure, trash, cause),
            Failure::OwnDataInside { path, place } => lang.own_data_inside(path, place),
            Failure::OwnDataHolder { path, place } => lang.own_data_holder(path, place),
            Failure::BatchMoveUnanswered => lang.batch_move_unanswered(),
            Failure::DigestMissing => lang.digest_missing(),
            Failure::CancelledByUser => lang.cancelled_by_user(),
            Failure::CoreRequestTooLarge(bytes) => lang.core_request_too_large(*bytes),
            Failure::CoreRequestOutsideMemory => lang.core_request_outside_memory(),
            Failure::CoreRequestUnreadable(cause) => lang.core_request_unreadable(cause),
            Failure::CannotReadCore(path) => lang.cannot_read_core(path),
            Failure::PlanFromAnEarlierVersion(path) => lang.plan_from_an_earlier_version(path),
            Failure::NoNameAtEnd(path) => lang.no_name_at_end(path),
            Failure::ChangedOnTheWay => lang.changed_on_the_way(),
            Failure::LeftoversInTheWay(base) => lang.leftovers_in_the_way(base),
            Failure::SpecialFileNotMovedAcross => lang.special_file_not_moved_across(),
            Failure::TooDeepToMoveAcross(depth) => lang.too_deep_to_move_across(*depth),
            Failure::SymlinkNotMovedAcross => lang.symlink_not_moved_across(),
            Failure::NotARegularFile => lang.not_a_regular_file(),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(spoken()))
    }
}

impl std::error::Error for Failure {}

/// The language every [`Failure`] is worded in: set once, at start.
static LANGUAGE: OnceLock<Lang> = OnceLock::new();

/// Sets the language the process speaks (the first call wins); until then,
/// and in a library that never calls it, failures are worded in English.
pub fn speak(lang: Lang) {
    let _ = LANGUAGE.set(lang);
}

/// The language set with [`speak`]; English until then.
pub fn spoken() -> Lang {
    LANGUAGE.get().copied().unwrap_or_default()
}
