//! Path arithmetic on the model's path strings, without touching a disk.
//!
//! Both `/` and `\` separate components, so Windows hosts work too.

/// Whether `path` is absolute: `/x`, `\x`, or a drive path like `C:\x`.
pub fn is_absolute(path: &str) -> bool {
    let bytes = path.as_bytes();
    path.starts_with(['/', '\\'])
        || (bytes.len() >= 3
            && bytes[0].is_ascii_alphabetic()
            && bytes[1] == b':'
            && matches!(bytes[2], b'/' | b'\\'))
}

/// Resolves a path the model gave against the target directory: absolute
/// paths stay, relative ones (and `.`) are joined to `base`.
pub fn resolve(base: &str, path: &str) -> String {
    let path = path.trim();
    if is_absolute(path) {
        return path.to_owned();
    }
    let relative = path.trim_start_matches("./");
    if relative.is_empty() || relative == "." {
        return base.to_owned();
    }
    join(base, relative)
}

/// Joins a name or relative path onto a directory path.
pub fn join(dir: &str, name: &str) -> String {
    if dir.ends_with(['/', '\\']) {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// The last component of `path`, ignoring trailing separators.
pub fn file_name(path: &str) -> &str {
    let trimmed = path.trim_end_matches(['/', '\\']);
    trimmed.rsplit(['/', '\\']).next().unwrap_or(trimmed)
}

/// The directory holding `path`, ignoring trailing separators; `None` for a root.
pub fn parent(path: &str) -> Option<&str> {
    let trimmed = path.trim_end_matches(['/', '\\']);
    let cut = trimmed.rfind(['/', '\\'])?;
    match &trimmed[..cut] {
        "" => Some(&path[..1]),
        parent => Some(parent),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn names_and_parents() {
        assert_eq!(file_name("/t/docs/"), "docs");
        assert_eq!(file_name("a.txt"), "a.txt");
        assert_eq!(parent("/t/docs/a.txt"), Some("/t/docs"));
        assert_eq!(parent("/a"), Some("/"));
        assert_eq!(parent("/"), None);
        assert_eq!(parent("a"), None);
    }
}
