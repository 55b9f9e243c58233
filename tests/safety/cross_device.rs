//! Moves across file systems (EXDEV) copy, then delete: nothing is lost, and
//! a failed copy leaves the source as it was.

use std::fs;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use tidyup::fs::{move_path, move_path_with};

use crate::support::snapshot;

fn exdev(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::CrossesDevices))
}

fn tree(root: &Path) {
    fs::create_dir_all(root.join("album/raw")).unwrap();
    fs::write(root.join("album/a.jpg"), vec![7u8; 70_000]).unwrap();
    fs::write(root.join("album/raw/b.cr2"), b"raw").unwrap();
    std::os::unix::fs::symlink("a.jpg", root.join("album/link")).unwrap();
}

#[test]
fn a_simulated_cross_device_move_of_a_folder_keeps_every_byte() {
    let dir = tempfile::tempdir().unwrap();
    tree(dir.path());
    let before = snapshot(&dir.path().join("album"));
    move_path_with(&dir.path().join("album"), &dir.path().join("moved"), exdev).unwrap();
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
        exdev,
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
        exdev,
    );
    assert!(result.is_err());
    assert_eq!(snapshot(dir.path()), before);
}

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
        // One file system only: the simulated tests above cover the path.
        Ok(_) | Err(_) => return,
    };
    tree(dir.path());
    let before = snapshot(&dir.path().join("album"));
    move_path(&dir.path().join("album"), &other.path().join("album")).unwrap();
    assert!(!dir.path().join("album").exists());
    assert_eq!(snapshot(&other.path().join("album")), before);
}
