//! Bulk moves through the journal: a whole batch is journaled before any
//! move, `undo` reverses it completely, and a crash in the middle of a
//! batch (the process dies between two moves, as with kill -9) still
//! undoes to the identical tree.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::PathBuf;
use tidyup::{HostAnswer, HostRequest};
use tidyup_core::{FileSystemExt, FsAnswer, FsRequest};

use serde_json::json;
use tidyup::{
    HostFs, Journal, JournalStore as Store, JournaledFs, Record, SandboxFs, undo_session,
};
use tidyup_core::{BatchMove, ErrorCode, FileSystem, HostError, Lang};

use super::support::{World, snapshot};

/// A world whose folder `inbox` holds `count` loose files of a few kinds.
fn loose_files(count: usize) -> World {
    let world = World::new();
    fs::create_dir(world.target.join("inbox")).unwrap();
    for i in 0..count {
        let ext = ["jpg", "pdf", "mp3"][i % 3];
        let name = format!("inbox/file {i:05}.{ext}");
        fs::write(world.target.join(name), i.to_string()).unwrap();
    }
    world
}

fn inbox_count(world: &World) -> usize {
    fs::read_dir(world.target.join("inbox")).unwrap().count()
}

fn journaled<F: HostFs>(world: &World, inner: F) -> (Store, String, JournaledFs<F>) {
    let store = Store::at(world.dir.path().join("data"));
    let journal = Journal::new(
        store.clone(),
        &world.target,
        Some(vec![world.target.clone()]),
    );
    let session = journal.session().to_owned();
    (store, session, JournaledFs::new(inner, journal))
}

#[test]
fn a_bulk_move_is_undone_completely() {
    let world = loose_files(300);
    let before = snapshot(&world.target);
    let sandbox = SandboxFs::new(std::slice::from_ref(&world.target)).unwrap();
    let (store, session, mut files) = journaled(&world, sandbox);
    for (category, folder) in [("图片", "Images"), ("文档", "Documents"), ("音频", "Audio")] {
        let result = world.tool(
            &mut files,
            "move_by_type",
            json!({ "path": "inbox", "category": category, "destination": folder }),
        );
        assert!(result.starts_with("Moved 100 of 100 files"), "{result}");
    }
    drop(files);
    assert_eq!(inbox_count(&world), 0);
    let records = store.read(&session).unwrap();
    let moved = records
        .iter()
        .filter(|r| matches!(r, Record::Moved { .. }))
        .count();
    assert_eq!(moved, 300);
    let report = undo_session(&store, Some(&session), Lang::En).unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    assert_eq!(snapshot(&world.target), before);
}

#[test]
fn a_batch_never_replaces_and_journals_no_move_it_did_not_make() {
    let world = loose_files(3);
    fs::create_dir(world.target.join("Images")).unwrap();
    fs::write(world.target.join("Images/taken.jpg"), b"keep me").unwrap();
    fs::write(world.target.join("inbox/taken.jpg"), b"newcomer").unwrap();
    let sandbox = SandboxFs::new(std::slice::from_ref(&world.target)).unwrap();
    let (store, session, mut files) = journaled(&world, sandbox);
    let target = world.target.to_string_lossy().into_owned();
    let results = files
        .move_batch(&[
            BatchMove {
                from: format!("{target}/inbox/taken.jpg"),
                to: format!("{target}/Images/taken.jpg"),
            },
            BatchMove {
                from: format!("{target}/inbox/file 00000.jpg"),
                to: format!("{target}/Images/file 00000.jpg"),
            },
        ])
        .unwrap();
    assert_eq!(
        results[0].as_ref().unwrap_err().code,
        ErrorCode::AlreadyExists
    );
    assert!(results[1].is_ok());
    assert_eq!(
        fs::read(world.target.join("Images/taken.jpg")).unwrap(),
        b"keep me"
    );
    assert_eq!(
        fs::read(world.target.join("inbox/taken.jpg")).unwrap(),
        b"newcomer"
    );
    drop(files);
    let moved: Vec<_> = store
        .read(&session)
        .unwrap()
        .into_iter()
        .filter(|r| matches!(r, Record::Moved { .. }))
        .collect();
    assert_eq!(moved.len(), 1, "the refused move was never journaled");
}

/// A sandbox where `before_move` runs just before each move is made (after
/// a batch's checks), told the move's destination: where a test has the
/// process die (kill -9 in the middle of a batch) or another program write.
struct Stepped {
    inner: SandboxFs,
    root: PathBuf,
    before_move: Box<dyn FnMut(&str) + Send>,
}

impl Stepped {
    fn new(world: &World, before_move: impl FnMut(&str) + Send + 'static) -> Self {
        Self {
            inner: SandboxFs::new(std::slice::from_ref(&world.target)).unwrap(),
            root: world.target.clone(),
            before_move: Box::new(before_move),
        }
    }

    /// Runs the step before a move to `to`. A step that panics is the
    /// process dying, and a process that dies closes every handle it held
    /// (on Windows an open folder cannot be removed): the sandbox, with
    /// the folders its operation holds open, is let go before the panic
    /// goes on.
    fn step_before_move(&mut self, to: &str) {
        if let Err(death) = catch_unwind(AssertUnwindSafe(|| (self.before_move)(to))) {
            self.inner = SandboxFs::new(std::slice::from_ref(&self.root)).unwrap();
            resume_unwind(death);
        }
    }
}

/// A rename takes a step first; every other request passes on as it is.
impl FileSystem for Stepped {
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        if let FsRequest::Rename { to, .. } = request {
            self.step_before_move(to);
        }
        self.inner.call(request)
    }
}

/// A move takes a step first; every other request passes on as it is.
impl HostFs for Stepped {
    fn host_call(&mut self, request: HostRequest<'_>) -> Result<HostAnswer, HostError> {
        if let HostRequest::Move { to, .. } = &request {
            self.step_before_move(to);
        }
        self.inner.host_call(request)
    }
}

#[test]
fn a_crash_in_the_middle_of_a_batch_still_undoes_to_the_identical_tree() {
    let world = loose_files(2_500);
    let before = snapshot(&world.target);
    let mut left = 1_234;
    let dies = Stepped::new(&world, move |_| {
        assert!(left > 0, "the process dies here");
        left -= 1;
    });
    let (store, session, mut files) = journaled(&world, dies);
    let died = catch_unwind(AssertUnwindSafe(|| {
        world.tool(
            &mut files,
            "move_matching",
            json!({ "path": "inbox", "pattern": "*", "destination": "All" }),
        )
    }));
    assert!(died.is_err(), "the batch was cut short");
    // Nothing after the crash is written: the journal is what it was.
    std::mem::forget(files);
    assert_eq!(inbox_count(&world), 2_500 - 1_234, "cut in the middle");
    let report = undo_session(&store, Some(&session), Lang::En).unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    assert_eq!(snapshot(&world.target), before);
}

#[test]
fn what_appears_at_a_destination_during_a_batch_is_never_replaced() {
    let world = loose_files(3);
    fs::create_dir(world.target.join("Images")).unwrap();
    let target = world.target.to_string_lossy().into_owned();
    let moves: Vec<BatchMove> = ["file 00000.jpg", "file 00001.pdf", "file 00002.mp3"]
        .iter()
        .map(|name| BatchMove {
            from: format!("{target}/inbox/{name}"),
            to: format!("{target}/Images/{name}"),
        })
        .collect();
    let at = moves[1].to.clone();
    let intruder = Stepped::new(&world, move |to| {
        if to == at {
            fs::write(to, b"written meanwhile").unwrap();
        }
    });
    let (store, session, mut files) = journaled(&world, intruder);
    let results = files.move_batch(&moves).unwrap();
    assert!(results[0].is_ok() && results[2].is_ok(), "{results:?}");
    assert_eq!(
        results[1].as_ref().unwrap_err().code,
        ErrorCode::AlreadyExists
    );
    assert_eq!(fs::read(&moves[1].to).unwrap(), b"written meanwhile");
    assert_eq!(fs::read(&moves[1].from).unwrap(), b"1", "the source stays");
    drop(files);
    let report = undo_session(&store, Some(&session), Lang::En).unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    assert_eq!(fs::read(&moves[1].to).unwrap(), b"written meanwhile");
    assert_eq!(inbox_count(&world), 3, "every move made is undone");
}
