//! Whether a path lies under a root, compared the way the platform
//! compares paths. On Windows names ignore case, `/` and `\` both separate,
//! and a verbatim prefix (`\\?\C:`) is the plain one (`C:`), whatever the
//! case of the drive letter; elsewhere components must match exactly. And
//! where a path beneath a root climbs out of it with `..`.

use std::path::{Component, Path, PathBuf};

/// `path` relative to `root` (empty for the root itself), or `None` when
/// `path` does not start with every component of `root`. `.` and `..` are
/// kept as they are: resolving them is the capability's job.
pub fn relative_to(root: &Path, path: &Path) -> Option<PathBuf> {
    let mut rest = path.components();
    for expected in root.components() {
        if !same_component(expected, rest.next()?) {
            return None;
        }
    }
    Some(rest.collect())
}

/// What follows the first `..` of `relative` (a path beneath a root) that
/// climbs out of the root: the first whose preceding components
/// `leads_to_root` says lead back to the root itself (none before it do).
/// `None` when no `..` climbs out, or when `leads_to_root` cannot tell
/// (`None`) for one.
pub fn beyond_root(
    relative: &Path,
    leads_to_root: impl Fn(&Path) -> Option<bool>,
) -> Option<PathBuf> {
    for (index, component) in relative.components().enumerate() {
        match component {
            Component::ParentDir => {
                let before: PathBuf = relative.components().take(index).collect();
                if before.as_os_str().is_empty() || leads_to_root(&before)? {
                    return Some(relative.components().skip(index + 1).collect());
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
            Component::Normal(_) | Component::CurDir => {}
        }
    }
    None
}

#[cfg(not(windows))]
fn same_component(a: Component<'_>, b: Component<'_>) -> bool {
    a == b
}

#[cfg(windows)]
fn same_component(a: Component<'_>, b: Component<'_>) -> bool {
    match (a, b) {
        (Component::Prefix(a), Component::Prefix(b)) => windows::same_prefix(a.kind(), b.kind()),
        (Component::Normal(a), Component::Normal(b)) => windows::same_name(a, b),
        (a, b) => a == b,
    }
}

#[cfg(windows)]
mod windows {
    use std::ffi::OsStr;
    use std::path::Prefix;

    use super::super::names;

    /// Names as Windows compares them: ignoring case.
    pub fn same_name(a: &OsStr, b: &OsStr) -> bool {
        a == b || names::shown(a).to_lowercase() == names::shown(b).to_lowercase()
    }

    /// The drive letter (upper case) or the UNC server and share a prefix
    /// names, verbatim or not; `None` for device namespaces.
    fn volume(prefix: Prefix<'_>) -> Option<(String, String)> {
        match prefix {
            Prefix::Disk(letter) | Prefix::VerbatimDisk(letter) => Some((
                char::from(letter.to_ascii_uppercase()).to_string(),
                String::new(),
            )),
            Prefix::UNC(server, share) | Prefix::VerbatimUNC(server, share) => Some((
                names::shown(server).to_lowercase(),
                names::shown(share).to_lowercase(),
            )),
            Prefix::Verbatim(_) | Prefix::DeviceNS(_) => None,
        }
    }

    pub fn same_prefix(a: Prefix<'_>, b: Prefix<'_>) -> bool {
        a == b || volume(a).is_some_and(|volume_a| volume(b) == Some(volume_a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_under_the_root_are_relative_to_it() {
        let root = Path::new("/t/target");
        assert_eq!(
            relative_to(root, Path::new("/t/target/a/b.txt")),
            Some(PathBuf::from("a/b.txt"))
        );
        assert_eq!(
            relative_to(root, Path::new("/t/target")),
            Some(PathBuf::new())
        );
        assert_eq!(relative_to(root, Path::new("/t/targets/x")), None);
        assert_eq!(relative_to(root, Path::new("/t")), None);
        assert_eq!(
            relative_to(root, Path::new("/t/target/../x")),
            Some(PathBuf::from("../x"))
        );
    }

    #[test]
    fn a_climb_out_of_the_root_gives_what_follows_it() {
        // Lexically: a `..` climbs out where the names before it are undone.
        let lexical = |before: &Path| {
            let mut depth = 0i32;
            for component in before.components() {
                depth += if component == Component::ParentDir {
                    -1
                } else {
                    1
                };
            }
            Some(depth == 0)
        };
        let beyond = |path: &str| beyond_root(Path::new(path), lexical);
        assert_eq!(beyond("../r2/x"), Some(PathBuf::from("r2/x")));
        assert_eq!(beyond("a/../../r2/x"), Some(PathBuf::from("r2/x")));
        assert_eq!(beyond("a/../b/x"), None);
        assert_eq!(beyond("a/b"), None);
        assert_eq!(beyond(".."), Some(PathBuf::new()));
        assert_eq!(beyond("../../x"), Some(PathBuf::from("../x")));
        // What cannot be resolved is left to the capability.
        assert_eq!(beyond_root(Path::new("a/../../x"), |_| None), None);
    }

    #[cfg(not(windows))]
    #[test]
    fn case_matters_outside_windows() {
        assert_eq!(
            relative_to(Path::new("/t/Target"), Path::new("/t/target/a")),
            None
        );
    }

    #[cfg(windows)]
    #[test]
    fn windows_ignores_case_separators_and_verbatim_prefixes() {
        let root = Path::new(r"C:\Users\Ana\Desktop");
        for path in [
            r"C:\Users\Ana\Desktop\docs\a.txt",
            r"c:\users\ana\desktop\docs\a.txt",
            "C:/Users/Ana/Desktop/docs/a.txt",
            r"C:\Users\Ana\Desktop/docs\a.txt",
            r"\\?\C:\Users\Ana\Desktop\docs\a.txt",
        ] {
            assert_eq!(
                relative_to(root, Path::new(path)),
                Some(PathBuf::from(r"docs\a.txt")),
                "{path}"
            );
        }
        assert_eq!(
            relative_to(root, Path::new(r"D:\Users\Ana\Desktop\a")),
            None
        );
    }
}
