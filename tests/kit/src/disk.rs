//! Temporary folders and files on disk for the end-to-end tests.

use std::path::{Path, PathBuf};
use std::time::Duration;

use tempfile::TempDir;

/// A temporary target directory, returned with its canonical path as a
/// string (the form tidyup prints and puts in tool results).
pub fn target_dir() -> (TempDir, String) {
    let dir = tempfile::tempdir().expect("target temp dir");
    let path = dunce::canonicalize(dir.path())
        .expect("canonical target dir")
        .display()
        .to_string();
    (dir, path)
}

/// The path tidyup shows for `relative` (written with `/`) under the
/// target `root`: joined with the platform's separator, as the tools build
/// paths on a target of that platform.
pub fn at(root: &str, relative: &str) -> String {
    let separator = std::path::MAIN_SEPARATOR_STR;
    format!("{root}{separator}{}", relative.replace('/', separator))
}

/// Writes `len` bytes into `dir/name`, creating parent folders: the name
/// over and over, so files of different names differ in their bytes (as
/// real files do) as soon as `len` reaches where the names differ.
pub fn write_file(dir: &Path, name: &str, len: usize) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("parent dirs");
    }
    let bytes: Vec<u8> = name.bytes().cycle().take(len).collect();
    std::fs::write(&path, bytes).expect("write file");
    path
}

/// Sets the modification time of a file or directory to `unix_seconds`.
pub fn set_mtime(path: &Path, unix_seconds: u64) {
    let time = std::time::UNIX_EPOCH + Duration::from_secs(unix_seconds);
    open_for_times(path)
        .and_then(|file| file.set_modified(time))
        .unwrap_or_else(|err| panic!("set mtime of {}: {err}", path.display()));
}

#[cfg(not(windows))]
fn open_for_times(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// Windows opens a folder only with backup semantics, and changes times
/// only through a handle opened to write attributes.
#[cfg(windows)]
fn open_for_times(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::windows::fs::OpenOptionsExt;
    const FILE_WRITE_ATTRIBUTES: u32 = 0x0100;
    const FILE_FLAG_BACKUP_SEMANTICS: u32 = 0x0200_0000;
    std::fs::OpenOptions::new()
        .access_mode(FILE_WRITE_ATTRIBUTES)
        .custom_flags(FILE_FLAG_BACKUP_SEMANTICS)
        .open(path)
}

/// A FIFO `dir/fifo` with no writer, and a symlink `dir/name` to it: any
/// open of the link for reading that waits for a writer waits forever.
#[cfg(unix)]
pub fn fifo_behind_link(dir: &Path, name: &str) -> PathBuf {
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("run mkfifo");
    assert!(made.success(), "mkfifo {}", fifo.display());
    let link = dir.join(name);
    std::os::unix::fs::symlink("fifo", &link).expect("symlink to the fifo");
    link
}

/// Everything under `dir`: each folder as `"relative/"` with no bytes, each
/// file as its relative path and its bytes; paths are written with `/` on
/// every platform. Two calls compare equal exactly when nothing changed.
pub fn tree_of(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut found = std::collections::BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).expect("readable folder") {
            let path = entry.expect("folder entry").path();
            let relative = path
                .strip_prefix(dir)
                .expect("below dir")
                .components()
                .map(|part| part.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            if path.is_dir() {
                found.insert(format!("{relative}/"), Vec::new());
                pending.push(path);
            } else {
                found.insert(relative, std::fs::read(&path).expect("readable file"));
            }
        }
    }
    found
}

/// Everything under `dir` with names as their exact bytes (Unix names are
/// any bytes): each folder as `relative/` with no bytes, each file with its
/// bytes. Two calls compare equal exactly when nothing changed.
#[cfg(unix)]
pub fn raw_tree_of(dir: &Path) -> std::collections::BTreeMap<Vec<u8>, Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    let mut found = std::collections::BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).expect("readable folder") {
            let path = entry.expect("folder entry").path();
            let mut relative = path
                .strip_prefix(dir)
                .expect("below dir")
                .as_os_str()
                .as_bytes()
                .to_vec();
            if path.is_dir() {
                relative.push(b'/');
                found.insert(relative, Vec::new());
                pending.push(path);
            } else {
                found.insert(relative, std::fs::read(&path).expect("readable file"));
            }
        }
    }
    found
}
