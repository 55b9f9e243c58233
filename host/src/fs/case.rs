//! One item under two names that differ only in letter case, as on file
//! systems that ignore case (Windows, macOS by default): telling it apart
//! from two items by file identity, and renaming it.

use std::io;
use std::path::Path;

use cap_std::fs::Dir;

use super::names;

/// What tells one item from another: its device and its file number
/// (inode, or the file index on Windows).
pub(crate) type ItemId = (u64, u64);

/// The [`ItemId`] of `relative` under `dir`, without following a final
/// symlink; `None` when nothing is there.
pub(crate) fn item_id(dir: &Dir, relative: &Path) -> io::Result<Option<ItemId>> {
    use cap_fs_ext::MetadataExt;
    match dir.symlink_metadata(relative) {
        Ok(meta) => Ok(Some((meta.dev(), meta.ino()))),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(err),
    }
}

/// Whether `a` and `b` are different spellings of one path that differ
/// only in letter case.
pub(crate) fn differ_only_in_case(a: &Path, b: &Path) -> bool {
    a != b && names::shown_path(a).to_lowercase() == names::shown_path(b).to_lowercase()
}

/// `Ok(false)` for "not found", for existence checks.
pub(crate) fn not_found_is_false(err: io::Error) -> io::Result<bool> {
    if err.kind() == io::ErrorKind::NotFound {
        Ok(false)
    } else {
        Err(err)
    }
}

/// How many temporary names [`rename_case_only`] tries before giving up.
const CASE_RENAME_TRIES: u32 = 100;

/// Renames `from` to `to`, two names of one item that differ only in case,
/// through a free temporary sibling name: a direct rename is not taken as
/// a change everywhere (Wine, some network shares). If the second step
/// fails the item gets its old name back. `rename` and `exists` work on
/// the paths given.
pub(crate) fn rename_case_only(
    from: &Path,
    to: &Path,
    mut rename: impl FnMut(&Path, &Path) -> io::Result<()>,
    mut exists: impl FnMut(&Path) -> io::Result<bool>,
) -> io::Result<()> {
    let name = from.file_name().unwrap_or_default();
    let mut temporary = None;
    for attempt in 1..=CASE_RENAME_TRIES {
        // `.NAME.tidyup-case-N`, the name shortened to fit 255 bytes.
        let tag = format!(".tidyup-case-{attempt}");
        let mut candidate = std::ffi::OsString::from(".");
        candidate.push(names::shortened(name, 255 - 1 - tag.len()));
        candidate.push(tag);
        let candidate = from.with_file_name(candidate);
        if !exists(&candidate)? {
            temporary = Some(candidate);
            break;
        }
    }
    let temporary = temporary.ok_or_else(|| {
        io::Error::other(format!(
            "no free temporary name beside {} to change the case of its name \
             ({CASE_RENAME_TRIES} tried)",
            from.display()
        ))
    })?;
    rename(from, &temporary)?;
    rename(&temporary, to).inspect_err(|_| {
        let _ = rename(&temporary, from);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cap_std::ambient_authority;

    #[test]
    fn names_differing_in_case_only() {
        assert!(differ_only_in_case(
            Path::new("a/b.txt"),
            Path::new("a/B.TXT")
        ));
        assert!(!differ_only_in_case(
            Path::new("a/b.txt"),
            Path::new("a/b.txt")
        ));
        assert!(!differ_only_in_case(
            Path::new("a/b.txt"),
            Path::new("a/c.txt")
        ));
    }

    #[test]
    fn a_case_rename_goes_through_a_free_temporary_name() {
        let temp = tempfile::tempdir().unwrap();
        let dir = Dir::open_ambient_dir(temp.path(), ambient_authority()).unwrap();
        dir.write("report.txt", "numbers").unwrap();
        dir.write(".report.txt.tidyup-case-1", "someone else's")
            .unwrap();
        rename_case_only(
            Path::new("report.txt"),
            Path::new("REPORT.txt"),
            |a, b| dir.rename(a, &dir, b),
            |path| {
                dir.symlink_metadata(path)
                    .map(|_| true)
                    .or_else(not_found_is_false)
            },
        )
        .unwrap();
        assert_eq!(dir.read_to_string("REPORT.txt").unwrap(), "numbers");
        assert_eq!(
            dir.read_to_string(".report.txt.tidyup-case-1").unwrap(),
            "someone else's"
        );
        assert!(item_id(&dir, Path::new("REPORT.txt")).unwrap().is_some());
        assert_eq!(item_id(&dir, Path::new("gone")).unwrap(), None);
    }

    #[test]
    fn the_temporary_name_of_a_case_rename_fits_whatever_the_name() {
        let temp = tempfile::tempdir().unwrap();
        let dir = Dir::open_ambient_dir(temp.path(), ambient_authority()).unwrap();
        let long = format!("{}.txt", "r".repeat(250));
        dir.write(&long, "numbers").unwrap();
        let upper = long.to_uppercase();
        rename_case_only(
            Path::new(&long),
            Path::new(&upper),
            |a, b| dir.rename(a, &dir, b),
            |path| {
                dir.symlink_metadata(path)
                    .map(|_| true)
                    .or_else(not_found_is_false)
            },
        )
        .unwrap();
        assert_eq!(dir.read_to_string(&upper).unwrap(), "numbers");
    }
}
