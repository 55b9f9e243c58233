//! Path arithmetic on the model's path strings, without touching a disk.
//!
//! Both `/` and `\` separate components. Paths built on a Windows-style
//! directory (`C:\Users\ana\Desktop`, `\\server\share`) use `\`, and the
//! model's `/` are turned into `\` there, so every path the model and the
//! user see on Windows has one style; elsewhere `/` joins and `\` is an
//! ordinary character of a name.

/// Whether `path` is absolute: `/x`, `\x`, or a drive path like `C:\x`.
pub fn is_absolute(path: &str) -> bool {
    path.starts_with(['/', '\\'])
        || (has_drive(path) && matches!(path.as_bytes().get(2), Some(b'/' | b'\\')))
}

/// Whether `path` starts with a drive letter and a colon (`C:`).
fn has_drive(path: &str) -> bool {
    let bytes = path.as_bytes();
    bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':'
}

/// Whether `dir` is a Windows path: it has a drive (`C:\x`), is a UNC path
/// (`\\server\share`), or uses `\` and never `/`.
pub fn is_windows_style(dir: &str) -> bool {
    has_drive(dir) || dir.starts_with(r"\\") || (dir.contains('\\') && !dir.contains('/'))
}

/// The separator that paths built on `dir` use: `\` on a Windows-style
/// directory, `/` otherwise.
pub fn separator(dir: &str) -> char {
    if is_windows_style(dir) { '\\' } else { '/' }
}

/// A path the model gave, in the style of `base`: on a Windows-style base
/// its `/` become `\` and a drive letter is upper case; otherwise as given.
fn in_style_of(base: &str, path: &str) -> String {
    if !is_windows_style(base) {
        return path.to_owned();
    }
    let mut styled = path.replace('/', "\\");
    if has_drive(&styled) {
        styled[..1].make_ascii_uppercase();
    }
    styled
}

/// Resolves a path the model gave against the target directory: absolute
/// paths stay, relative ones (and `.`) are joined to `base`; either way in
/// the style of `base`.
pub fn resolve(base: &str, path: &str) -> String {
    let path = in_style_of(base, path.trim());
    if is_absolute(&path) {
        return path;
    }
    let mut relative = path.as_str();
    while let Some(rest) = relative.strip_prefix("./").or_else(|| {
        relative
            .strip_prefix(".\\")
            .filter(|_| is_windows_style(base))
    }) {
        relative = rest;
    }
    if relative.is_empty() || relative == "." {
        return base.to_owned();
    }
    join(base, relative)
}

/// Joins a name or relative path onto a directory path, with the
/// directory's separator.
pub fn join(dir: &str, name: &str) -> String {
    let name = in_style_of(dir, name);
    if dir.ends_with(['/', '\\']) {
        format!("{dir}{name}")
    } else {
        format!("{dir}{}{name}", separator(dir))
    }
}

/// The last component of `path`, ignoring trailing separators.
pub fn file_name(path: &str) -> &str {
    let trimmed = path.trim_end_matches(['/', '\\']);
    trimmed.rsplit(['/', '\\']).next().unwrap_or(trimmed)
}

/// The directory holding `path`, ignoring trailing separators; `None` for a
/// root. The parent of `C:\x` is the drive's root `C:\`.
pub fn parent(path: &str) -> Option<&str> {
    let trimmed = path.trim_end_matches(['/', '\\']);
    let cut = trimmed.rfind(['/', '\\'])?;
    match &trimmed[..cut] {
        "" => Some(&path[..1]),
        drive if drive.len() == 2 && has_drive(drive) => Some(&path[..3]),
        parent => Some(parent),
    }
}

/// How a file system compares names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameCase {
    /// `a.jpg` and `A.JPG` are two names.
    Exact,
    /// `a.jpg` and `A.JPG` are one name (Windows, macOS by default).
    Ignored,
}

impl NameCase {
    /// The rule of the file system holding `dir`, as far as its path tells:
    /// a Windows-style path ignores case; any other is taken to keep it.
    pub fn of(dir: &str) -> Self {
        Self::of_separator(separator(dir))
    }

    /// [`NameCase::of`] a directory whose paths are joined with
    /// `separator`: `\` is Windows's.
    pub fn of_separator(separator: char) -> Self {
        match separator {
            '\\' => NameCase::Ignored,
            _ => NameCase::Exact,
        }
    }

    /// The form of `name` under which this rule compares it: lower case
    /// where case is ignored.
    pub fn key(self, name: &str) -> String {
        match self {
            NameCase::Exact => name.to_owned(),
            NameCase::Ignored => name.to_lowercase(),
        }
    }
}

/// `name`, or `stem (2).ext`, `stem (3).ext`... (`.x (2)` for a name that
/// is all extension): the first that is not taken in a folder whose file
/// system compares names by `case`. `is_taken` is asked of a name's
/// [`NameCase::key`].
pub fn free_name(name: &str, case: NameCase, is_taken: impl Fn(&str) -> bool) -> String {
    let (stem, ext) = match name.rfind('.') {
        Some(dot) if dot > 0 => (&name[..dot], &name[dot..]),
        Some(_) | None => (name, ""),
    };
    let mut candidate = name.to_owned();
    let mut n = 2;
    while is_taken(&case.key(&candidate)) {
        candidate = format!("{stem} ({n}){ext}");
        n += 1;
    }
    candidate
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_arithmetic() {
        assert!(is_absolute("/a"));
        assert!(is_absolute("\\a"));
        assert!(is_absolute("C:\\a"));
        assert!(is_absolute("d:/a"));
        assert!(!is_absolute("a/b"));
        assert!(!is_absolute("C:a"));
        assert!(!is_absolute(""));

        let t = "/home/u/Desktop";
        assert_eq!(resolve(t, "a.txt"), "/home/u/Desktop/a.txt");
        assert_eq!(resolve(t, "./a/b"), "/home/u/Desktop/a/b");
        assert_eq!(resolve(t, " a.txt "), "/home/u/Desktop/a.txt");
        assert_eq!(resolve(t, "."), t);
        assert_eq!(resolve(t, "./"), t);
        assert_eq!(resolve(t, ""), t);
        assert_eq!(resolve(t, "/etc/hosts"), "/etc/hosts");
        assert_eq!(resolve("C:\\Users\\me", "a.txt"), "C:\\Users\\me\\a.txt");
        assert_eq!(resolve("C:\\Users\\me\\", "a.txt"), "C:\\Users\\me\\a.txt");

        assert_eq!(join("/a", "b"), "/a/b");
        assert_eq!(join("/a/", "b"), "/a/b");
        assert_eq!(join("/", "b"), "/b");

        assert_eq!(file_name("/a/b.txt"), "b.txt");
        assert_eq!(file_name("/a/dir/"), "dir");
        assert_eq!(file_name("C:\\x\\y.doc"), "y.doc");
        assert_eq!(file_name("plain"), "plain");

        assert_eq!(parent("/a/b/c"), Some("/a/b"));
        assert_eq!(parent("/a/b/"), Some("/a"));
        assert_eq!(parent("/a"), Some("/"));
        assert_eq!(parent("/"), None);
        assert_eq!(parent("name"), None);
        assert_eq!(parent("C:\\x\\y"), Some("C:\\x"));
    }

    #[test]
    fn resolves_relative_paths_against_the_target() {
        assert_eq!(resolve("/t", "a.txt"), "/t/a.txt");
        assert_eq!(resolve("/t", "./docs/a.txt"), "/t/docs/a.txt");
        assert_eq!(resolve("/t", "."), "/t");
        assert_eq!(resolve("/t", ""), "/t");
        assert_eq!(resolve("/t/", "x"), "/t/x");
        assert_eq!(resolve("/t", "/etc/passwd"), "/etc/passwd");
        assert_eq!(resolve("/t", "C:\\x"), "C:\\x");
    }

    #[test]
    fn a_backslash_is_part_of_a_name_on_a_unix_target() {
        assert_eq!(resolve("/t", "a\\b.txt"), "/t/a\\b.txt");
        assert_eq!(join("/t", "a\\b"), "/t/a\\b");
        assert_eq!(separator("/home/ana/Desktop"), '/');
    }

    #[test]
    fn windows_targets_join_with_backslashes() {
        let desktop = r"C:\Users\ana\Desktop";
        assert_eq!(separator(desktop), '\\');
        assert_eq!(
            join(desktop, "notes.txt"),
            r"C:\Users\ana\Desktop\notes.txt"
        );
        assert_eq!(
            resolve(desktop, "docs/a.txt"),
            r"C:\Users\ana\Desktop\docs\a.txt"
        );
        assert_eq!(
            resolve(desktop, r"docs\a.txt"),
            r"C:\Users\ana\Desktop\docs\a.txt"
        );
        assert_eq!(resolve(desktop, "./a.txt"), r"C:\Users\ana\Desktop\a.txt");
        assert_eq!(resolve(desktop, r".\a.txt"), r"C:\Users\ana\Desktop\a.txt");
        assert_eq!(resolve(desktop, "."), desktop);
        assert_eq!(resolve(r"\\nas\share", "x"), r"\\nas\share\x");
    }

    #[test]
    fn windows_absolute_paths_take_the_targets_style() {
        let desktop = r"C:\Users\ana\Desktop";
        assert_eq!(
            resolve(desktop, "c:/Users/ana/Desktop/a.txt"),
            r"C:\Users\ana\Desktop\a.txt"
        );
        assert_eq!(resolve(desktop, r"d:\x"), r"D:\x");
        assert!(is_absolute("c:/x"));
        assert!(!is_absolute("c:x"));
    }

    #[test]
    fn names_and_parents() {
        assert_eq!(file_name("/t/docs/"), "docs");
        assert_eq!(file_name("a.txt"), "a.txt");
        assert_eq!(file_name(r"C:\t\a.txt"), "a.txt");
        assert_eq!(parent("/t/docs/a.txt"), Some("/t/docs"));
        assert_eq!(parent("/a"), Some("/"));
        assert_eq!(parent("/"), None);
        assert_eq!(parent("a"), None);
        assert_eq!(parent(r"C:\t\a.txt"), Some(r"C:\t"));
        assert_eq!(parent(r"C:\t"), Some(r"C:\"));
        assert_eq!(parent(r"C:\"), None);
    }
}
