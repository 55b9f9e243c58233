//! The guard locates each path once per operation, whatever policies are
//! in force: a journaled rename with the rules' excludes and tidyup's own
//! data guarded asks where each of its two paths is exactly once.

use std::sync::Arc;
use tidyup::HostFsExt;
use tidyup_core::FileSystemExt;

use tidyup::{
    GuardedFs, Journal, JournalStore as Store, JournaledFs, Protected, RulesGuard, SandboxFs,
};
use tidyup_core::{BatchMove, ErrorCode, FileSystem};

use super::support::World;

/// The world's target under one guard: its rules file excluding `keep/`,
/// tidyup's data (`.data`) inside it.
fn guard(world: &World) -> (GuardedFs<SandboxFs>, tidyup::Lookups) {
    std::fs::write(
        world.target.join(".tidyup.toml"),
        "exclude = [\"keep/**\"]\n",
    )
    .unwrap();
    std::fs::create_dir_all(world.target.join("keep")).unwrap();
    std::fs::write(world.target.join("keep/k.txt"), b"k").unwrap();
    let roots = vec![world.target.clone()];
    let rules = tidyup::load_rules_file(&world.target, None).unwrap();
    let rules = RulesGuard::load(&world.target, rules.as_ref(), &roots).unwrap();
    let guard = GuardedFs::new(
        SandboxFs::new(&roots).unwrap(),
        &Protected::new([world.target.join(".data")]),
    )
    .with_policy(Arc::new(rules));
    let lookups = guard.lookups();
    (guard, lookups)
}

/// [`guard`], journaled.
fn guarded(world: &World) -> (JournaledFs<GuardedFs<SandboxFs>>, tidyup::Lookups) {
    let (guard, lookups) = guard(world);
    let roots = vec![world.target.clone()];
    let journal = Journal::new(
        Store::at(world.target.join(".data")),
        &world.target,
        Some(roots),
    );
    (JournaledFs::new(guard, journal), lookups)
}

#[test]
fn a_journaled_rename_locates_each_path_once() {
    let world = World::new();
    let (mut files, lookups) = guarded(&world);
    let before = lookups.count();
    let from = world.target.join("a.txt");
    let to = world.target.join("docs/a.txt");
    files
        .rename(from.to_str().unwrap(), to.to_str().unwrap())
        .unwrap();
    assert_eq!(lookups.count() - before, 2, "one lookup per path");
    assert!(to.exists());
}

/// `a.txt`, `b.txt` and `c.txt` of the world's target (the last two made
/// here), each moved into `docs/`.
fn three_files_into_docs(world: &World) -> Vec<BatchMove> {
    let target = world.target_str();
    ["a.txt", "b.txt", "c.txt"]
        .iter()
        .map(|name| {
            if *name != "a.txt" {
                std::fs::write(world.target.join(name), name).unwrap();
            }
            BatchMove {
                from: format!("{target}/{name}"),
                to: format!("{target}/docs/{name}"),
            }
        })
        .collect()
}

#[test]
fn a_journaled_batch_locates_each_path_once() {
    let world = World::new();
    let (mut files, lookups) = guarded(&world);
    let moves = three_files_into_docs(&world);
    let before = lookups.count();
    let results = files.move_batch(&moves).unwrap();
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    // Moving a file changes where no other path is: what was located
    // for the checks still holds for the moves that follow.
    assert_eq!(lookups.count() - before, 6, "one lookup per path");
    for name in ["a.txt", "b.txt", "c.txt"] {
        assert!(world.target.join("docs").join(name).exists(), "{name}");
    }
}

#[test]
fn a_dry_run_batch_locates_each_path_once() {
    let world = World::new();
    let (files, lookups) = guard(&world);
    let mut overlay = tidyup::OverlayFs::new(files);
    let moves = three_files_into_docs(&world);
    let before = lookups.count();
    let results = overlay.move_batch(&moves).unwrap();
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    // Each source and destination once, and the folder they go to.
    assert_eq!(lookups.count() - before, 7, "one lookup per path");
    assert!(
        world.target.join("a.txt").exists(),
        "a dry run moves nothing"
    );
}

// Unix only: creating symlinks on Windows takes a privilege (or developer
// mode) that a test cannot count on.
#[cfg(unix)]
#[test]
fn a_folder_changed_in_an_operation_is_located_again() {
    let world = World::new();
    let mut sandbox = SandboxFs::new(std::slice::from_ref(&world.target)).unwrap();
    let target = world.target_str().to_owned();
    sandbox.begin_operation();
    let before = sandbox.locate(&format!("{target}/docs/x.txt")).unwrap();
    assert_eq!(before.item, world.target.join("docs/x.txt"));
    // A second look into the folder reads it through its handle.
    let report = sandbox
        .locate(&format!("{target}/docs/report.pdf"))
        .unwrap();
    assert_eq!(report.kind, Some(tidyup_core::EntryKind::File));
    sandbox
        .rename(&format!("{target}/docs"), &format!("{target}/papers"))
        .unwrap();
    // What now stands where the folder was leads elsewhere.
    std::fs::create_dir(world.target.join("elsewhere")).unwrap();
    std::os::unix::fs::symlink("elsewhere", world.target.join("docs")).unwrap();
    std::fs::write(world.target.join("elsewhere/x.txt"), b"x").unwrap();
    let after = sandbox.locate(&format!("{target}/docs/x.txt")).unwrap();
    let gone = sandbox
        .locate(&format!("{target}/docs/report.pdf"))
        .unwrap();
    sandbox.end_operation();
    assert_eq!(after.item, world.target.join("elsewhere/x.txt"));
    // What is there is read in the folder now there, not the one moved.
    assert_eq!(after.kind, Some(tidyup_core::EntryKind::File));
    assert_eq!(gone.kind, None);
}

#[test]
fn the_guard_still_refuses_what_each_policy_refuses() {
    let world = World::new();
    let (mut files, _) = guarded(&world);
    let target = world.target_str().to_owned();
    let excluded = files
        .rename(&format!("{target}/keep/k.txt"), &format!("{target}/k.txt"))
        .unwrap_err();
    assert_eq!(excluded.code, ErrorCode::Excluded);
    let own = files
        .rename(&format!("{target}/a.txt"), &format!("{target}/.data/a.txt"))
        .unwrap_err();
    assert_eq!(own.code, ErrorCode::TidyupData);
    let root = files.remove_dir_all(&target).unwrap_err();
    assert_eq!(
        root.code,
        ErrorCode::Excluded,
        "the root holds a rules file"
    );
}

#[test]
fn stat_many_answers_each_path_in_one_call_and_refuses_tidyup_data() {
    let world = World::new();
    let (mut files, lookups) = guarded(&world);
    std::fs::create_dir_all(world.target.join(".data")).unwrap();
    let target = world.target_str().to_owned();
    let paths: Vec<String> = ["a.txt", "missing.txt", ".data/x", "docs"]
        .iter()
        .map(|name| format!("{target}/{name}"))
        .collect();
    let before = lookups.count();
    let answers = files.stat_many(&paths).unwrap();
    assert_eq!(lookups.count() - before, 4, "one lookup per path");
    assert_eq!(answers[0].as_ref().unwrap().as_ref().unwrap().name, "a.txt");
    assert!(answers[1].as_ref().unwrap().is_none());
    assert_eq!(answers[2].as_ref().unwrap_err().code, ErrorCode::TidyupData);
    assert!(answers[3].as_ref().unwrap().is_some());
    let wired = serde_json::to_value(
        files
            .call(&tidyup_core::FsRequest::StatMany {
                paths: paths.into(),
            })
            .unwrap(),
    )
    .unwrap();
    assert_eq!(wired[2]["err"]["code"], "tidyup_data");
    assert!(wired[1]["ok"].is_null());
}

#[test]
fn count_answers_what_a_listing_would_and_refuses_what_it_would() {
    let world = World::new();
    let target = world.target_str().to_owned();
    let mut sandbox = SandboxFs::new(std::slice::from_ref(&world.target)).unwrap();
    // a.txt, docs/, photos/
    assert_eq!(sandbox.count(&target).unwrap(), 3);
    assert_eq!(sandbox.count(&format!("{target}/photos")).unwrap(), 1);
    let outside = world.target.parent().unwrap().join("outside");
    let refused = sandbox.count(outside.to_str().unwrap()).unwrap_err();
    assert_eq!(refused.code, ErrorCode::Denied);
    let missing = sandbox.count(&format!("{target}/nowhere")).unwrap_err();
    assert_eq!(missing.code, ErrorCode::NotFound);

    // Under the guard, what listings leave out (tidyup's data) is not
    // counted either; the rules file itself is listed, so it is counted.
    let (mut files, _) = guarded(&world);
    std::fs::create_dir_all(world.target.join(".data")).unwrap();
    let listed = files.list(&target).unwrap().len();
    assert_eq!(files.count(&target).unwrap(), listed);
    assert!(
        files
            .list(&target)
            .unwrap()
            .iter()
            .all(|e| e.name != ".data"),
        "tidyup's data is hidden"
    );
    let wired = serde_json::to_value(
        files
            .call(&tidyup_core::FsRequest::Count {
                path: target.as_str().into(),
            })
            .unwrap(),
    )
    .unwrap();
    assert_eq!(wired, listed);
}

#[test]
fn a_move_that_must_not_replace_never_does_on_any_file_system() {
    use tidyup::HostFs;
    let world = World::new();
    let target = world.target_str().to_owned();
    let sandbox = SandboxFs::new(std::slice::from_ref(&world.target)).unwrap();
    let stacks: Vec<Box<dyn HostFs>> = vec![Box::new(sandbox), Box::new(tidyup::RealFs)];
    for (at, mut files) in stacks.into_iter().enumerate() {
        let taken = format!("{target}/docs/report.pdf");
        let mover = format!("{target}/mover{at}.pdf");
        std::fs::write(&mover, b"mover").unwrap();
        let refused = files
            .rename_new(&mover, &taken, &mut |_| Ok(()))
            .unwrap_err();
        assert_eq!(refused.code, ErrorCode::AlreadyExists, "stack {at}");
        assert_eq!(std::fs::read(&taken).unwrap(), b"%PDF");
        assert_eq!(std::fs::read(&mover).unwrap(), b"mover");
        let free = format!("{target}/docs/mover{at}.pdf");
        files.rename_new(&mover, &free, &mut |_| Ok(())).unwrap();
        assert_eq!(std::fs::read(&free).unwrap(), b"mover");
        assert_eq!(files.count(&format!("{target}/docs")).unwrap(), 2);
        std::fs::remove_file(&free).unwrap();
    }
}
