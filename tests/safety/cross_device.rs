//! Moves across file systems (EXDEV) copy, then delete, every step through
//! directory handles: nothing is lost, a failed copy leaves the source as it
//! was, and a folder swapped for a symlink between the check and the copy
//! leads nowhere outside.

use std::fs;
#[cfg(unix)]
use std::os::unix::fs::{MetadataExt, symlink};
use std::path::{Path, PathBuf};
#[cfg(unix)]
use std::sync::atomic::{AtomicBool, Ordering};
use tidyup_core::Lang;

use serde_json::json;
#[cfg(unix)]
use tidyup::move_path;
use tidyup::{
    CrossDeviceHooks, Journal, JournalStore as Store, JournaledFs, SandboxFs, move_path_with,
    undo_session,
};

use super::support::{Item, World, snapshot};

fn tree(root: &Path) {
    fs::create_dir_all(root.join("album/raw")).unwrap();
    fs::write(root.join("album/a.jpg"), vec![7u8; 70_000]).unwrap();
    fs::write(root.join("album/raw/b.cr2"), b"raw").unwrap();
    // Windows: creating symlinks takes a privilege a test cannot count on.
    #[cfg(unix)]
    symlink("a.jpg", root.join("album/link")).unwrap();
}

#[test]
fn a_simulated_cross_device_move_of_a_folder_keeps_every_byte() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let before = snapshot(&dir.path().join("album"));
    move_path_with(
        &dir.path().join("album"),
        &dir.path().join("moved"),
        &CrossDeviceHooks::always_copy(),
    )
    .unwrap();
    assert!(!dir.path().join("album").exists());
    assert_eq!(snapshot(&dir.path().join("moved")), before);
}

#[test]
fn a_simulated_cross_device_move_replaces_a_file_only_when_whole() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("new.txt"), b"new").unwrap();
    fs::write(dir.path().join("old.txt"), b"old").unwrap();
    move_path_with(
        &dir.path().join("new.txt"),
        &dir.path().join("old.txt"),
        &CrossDeviceHooks::always_copy(),
    )
    .unwrap();
    assert_eq!(fs::read(dir.path().join("old.txt")).unwrap(), b"new");
    assert!(!dir.path().join("new.txt").exists());
    let leftovers: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no partial copy left behind");
}

#[test]
fn a_failed_cross_device_copy_leaves_the_source() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let before = snapshot(dir.path());
    // The destination's parent does not exist: the copy fails.
    let result = move_path_with(
        &dir.path().join("album"),
        &dir.path().join("missing/parent/album"),
        &CrossDeviceHooks::always_copy(),
    );
    assert!(result.is_err());
    assert_eq!(snapshot(dir.path()), before);
}

// Unix only: a second file system is found at /dev/shm and told apart by
// its device number.
#[cfg(unix)]
#[test]
fn a_real_move_between_two_file_systems_when_the_machine_has_them() {
    let shm = Path::new("/dev/shm");
    let dir = tempfile::tempdir().unwrap();
    let other = match tempfile::tempdir_in(shm) {
        Ok(other)
            if fs::metadata(other.path()).unwrap().dev()
                != fs::metadata(dir.path()).unwrap().dev() =>
        {
            other
        }
        // One file system only: the simulated tests cover the path.
        Ok(_) | Err(_) => return,
    };
    tree(dir.path());
    let before = snapshot(&dir.path().join("album"));
    move_path(&dir.path().join("album"), &other.path().join("album")).unwrap();
    assert!(!dir.path().join("album").exists());
    assert_eq!(snapshot(&other.path().join("album")), before);
}

/// The bytes of the file the model asks to move.
#[cfg(unix)]
const BIG: &[u8] = &[42u8; 100_000];

/// A world with `swap/big.bin` in the target, an `outside/big.bin` that must
/// never change, and a second allowed root (`allowed/`).
#[cfg(unix)]
fn swap_world() -> (World, PathBuf) {
    let world = World::new();
    fs::create_dir(world.target.join("swap")).unwrap();
    fs::write(world.target.join("swap/big.bin"), BIG).unwrap();
    fs::write(world.outside.join("big.bin"), b"outside, never moved").unwrap();
    let allowed = world.dir.path().join("allowed");
    fs::create_dir(&allowed).unwrap();
    (world, fs::canonicalize(allowed).unwrap())
}

/// Hooks that force the copy path and, once, between the check and the
/// copy, swap `target/swap` for a symlink to `outside` (the real folder is
/// parked at `target/parked`).
#[cfg(unix)]
fn swap_before_copy(world: &World) -> CrossDeviceHooks {
    let (swap, parked, outside) = (
        world.target.join("swap"),
        world.target.join("parked"),
        world.outside.clone(),
    );
    let swapped = AtomicBool::new(false);
    CrossDeviceHooks::always_copy().before_copy(move || {
        if !swapped.swap(true, Ordering::SeqCst) {
            fs::rename(&swap, &parked).unwrap();
            symlink(&outside, &swap).unwrap();
        }
    })
}

// Unix only: creating symlinks on Windows takes a privilege (or developer
// mode) that a test cannot count on.
#[cfg(unix)]
#[test]
fn a_folder_swapped_for_a_symlink_before_the_copy_moves_nothing() {
    let (world, allowed) = swap_world();
    let outside_before = snapshot(&world.outside);
    let roots = [world.target.clone(), allowed.clone()];
    let mut files = SandboxFs::new(&roots)
        .unwrap()
        .with_hooks(swap_before_copy(&world));
    let result = world.tool(
        &mut files,
        "move_file",
        json!({"source": "swap/big.bin", "destination": allowed.join("big.bin")}),
    );
    assert!(result.starts_with("Failed to move"), "{result}");
    assert_eq!(snapshot(&world.outside), outside_before);
    assert!(snapshot(&allowed).is_empty(), "no copy, no staging left");
    assert_eq!(fs::read(world.target.join("parked/big.bin")).unwrap(), BIG);
    assert_eq!(
        fs::read_dir(world.target.join("parked")).unwrap().count(),
        1,
        "nothing left beside the source"
    );
}

// Unix only: creating symlinks on Windows takes a privilege (or developer
// mode) that a test cannot count on.
#[cfg(unix)]
#[test]
fn a_delete_into_a_trash_on_another_file_system_survives_the_same_swap() {
    let (world, _) = swap_world();
    let outside_before = snapshot(&world.outside);
    let store = Store::at(world.dir.path().join("data"));
    let roots = vec![world.target.clone()];
    let journal = Journal::new(store.clone(), &world.target, Some(roots.clone()));
    let session = journal.session().to_owned();
    let sandbox = SandboxFs::new(&roots)
        .unwrap()
        .with_hooks(swap_before_copy(&world));
    let mut files = JournaledFs::new(sandbox, journal);
    let result = world.tool(
        &mut files,
        "delete_file",
        json!({"path": "swap/big.bin", "confirm": true}),
    );
    drop(files);
    assert!(result.starts_with("Failed to delete"), "{result}");
    assert_eq!(snapshot(&world.outside), outside_before);
    assert_eq!(fs::read(world.target.join("parked/big.bin")).unwrap(), BIG);
    let trash = store.trash_dir(&session);
    assert!(
        !trash.exists() || snapshot(&trash).is_empty(),
        "nothing reached the trash"
    );
    // Once the folder is back, the journal knows the delete never happened.
    fs::remove_file(world.target.join("swap")).unwrap();
    fs::rename(world.target.join("parked"), world.target.join("swap")).unwrap();
    let report = undo_session(&store, Some(&session), Lang::En).unwrap();
    assert_eq!(report.reversed, 0);
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
}

#[test]
fn a_sandboxed_copy_across_file_systems_keeps_bytes_links_and_times() {
    let world = World::new();
    tree(&world.target);
    let jpg = world.target.join("album/a.jpg");
    let mtime =
        fs::metadata(&jpg).unwrap().modified().unwrap() - std::time::Duration::from_secs(86_400);
    fs::File::options()
        .write(true)
        .open(&jpg)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    let before = snapshot(&world.target.join("album"));
    let (store, roots) = (
        Store::at(world.dir.path().join("data")),
        vec![world.target.clone()],
    );
    let journal = Journal::new(store.clone(), &world.target, Some(roots.clone()));
    let sandbox = SandboxFs::new(&roots)
        .unwrap()
        .with_hooks(CrossDeviceHooks::always_copy());
    let mut files = JournaledFs::new(sandbox, journal);
    let moved = world.tool(
        &mut files,
        "move_file",
        json!({"source": "album", "destination": "Pictures/album"}),
    );
    assert!(moved.starts_with("Moved album"), "{moved}");
    let deleted = world.tool(
        &mut files,
        "delete_file",
        json!({"path": "Pictures/album/raw", "confirm": true}),
    );
    assert!(deleted.starts_with("Deleted folder"), "{deleted}");
    drop(files);
    let moved_jpg = world.target.join("Pictures/album/a.jpg");
    assert_eq!(fs::metadata(&moved_jpg).unwrap().modified().unwrap(), mtime);
    if cfg!(unix) {
        assert_eq!(
            snapshot(&world.target.join("Pictures/album")).get("link"),
            Some(&Item::Link(PathBuf::from("a.jpg")))
        );
    }
    assert!(!world.target.join("album").exists());
    let report = undo_session(&store, None, Lang::En).unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    assert_eq!(snapshot(&world.target.join("album")), before);
}

/// A process killed during a move across file systems, once its copy beside
/// the destination is made (here: it panics, never to write again): `undo`
/// removes that partial copy, which the journal says the move began, and
/// the tree is exact again.
#[test]
fn undo_removes_the_partial_copy_of_a_move_killed_mid_copy() {
    let world = World::new();
    tree(&world.target);
    fs::create_dir(world.target.join("Pictures")).unwrap();
    let before = snapshot(&world.target);
    let (store, roots) = (
        Store::at(world.dir.path().join("data")),
        vec![world.target.clone()],
    );
    let journal = Journal::new(store.clone(), &world.target, Some(roots.clone()));
    let session = journal.session().to_owned();
    let dies = CrossDeviceHooks::always_copy().after_copy(|| panic!("the process dies here"));
    let sandbox = SandboxFs::new(&roots).unwrap().with_hooks(dies);
    let mut files = JournaledFs::new(sandbox, journal);
    let died = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        world.tool(
            &mut files,
            "move_file",
            json!({"source": "album", "destination": "Pictures/album"}),
        )
    }));
    assert!(died.is_err(), "the move was cut short");
    // Nothing after the kill is written or removed.
    std::mem::forget(files);
    assert!(
        world
            .target
            .join("Pictures/.album.tidyup-partial/a.jpg")
            .exists(),
        "the partial copy is left as a kill leaves it"
    );
    let report = undo_session(&store, Some(&session), Lang::En).unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    assert_eq!(snapshot(&world.target), before);
}
