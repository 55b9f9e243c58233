//! The checks of [`SavedPlan::read`]: paths compared as names, in the
//! style of the plan's target (on a Windows-style target either separator,
//! names without case), never resolved on a disk.

use super::{PlanStep, SavedPlan};
use crate::paths::is_windows_style;
use crate::ports::EntryKind;

/// Why a plan file is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanProblem {
    /// It is not a plan's JSON (the parser's message).
    NotAPlan(String),
    /// A fingerprint lacks the detail that catches every edit: saved by an
    /// earlier version.
    EarlierVersion,
    /// The target or a root is not an absolute path of plain names (it).
    NotAFolderPath(String),
    /// A step's path is not strictly inside the plan's folders (it).
    Outside(String),
    /// A step's source fingerprint does not identify an item (its path).
    Unidentified(String),
}

/// Checks a parsed plan.
pub(super) fn check(plan: &SavedPlan) -> Result<(), PlanProblem> {
    let shown = |path: &std::path::Path| path.to_string_lossy().into_owned();
    let target = plan
        .target
        .to_str()
        .filter(|target| names(target, target).is_some())
        .ok_or_else(|| PlanProblem::NotAFolderPath(shown(&plan.target)))?;
    let mut folders = vec![target];
    for root in plan.roots.iter().flatten() {
        let root = root
            .to_str()
            .filter(|root| names(target, root).is_some())
            .ok_or_else(|| PlanProblem::NotAFolderPath(shown(root)))?;
        folders.push(root);
    }
    // Paths this plan makes folders at (or carries such a folder to).
    let mut made: Vec<&str> = Vec::new();
    for step in &plan.steps {
        for path in step.paths() {
            if !folders.iter().any(|folder| inside(target, folder, path)) {
                return Err(PlanProblem::Outside(path.to_owned()));
            }
        }
        let (path, source) = match step {
            PlanStep::CreateFolder { path } => {
                made.push(path);
                continue;
            }
            PlanStep::Move { from, source, .. } => (from, source),
            PlanStep::Delete { path, source } => (path, source),
        };
        if !source.is_complete() {
            return Err(PlanProblem::EarlierVersion);
        }
        let made_here = source.kind == EntryKind::Dir
            && made
                .iter()
                .any(|new| new == path || inside(target, path, new));
        if !source.identifies() && !made_here {
            return Err(PlanProblem::Unidentified(path.clone()));
        }
        if let PlanStep::Move { to, .. } = step
            && made_here
        {
            made.push(to);
        }
    }
    Ok(())
}

/// Whether `path` lies strictly inside `folder` (both absolute paths of
/// plain names in the style of `target`).
pub(super) fn inside(target: &str, folder: &str, path: &str) -> bool {
    let (Some(folder), Some(path)) = (names(target, folder), names(target, path)) else {
        return false;
    };
    path.len() > folder.len() && path[..folder.len()] == folder[..]
}

/// The names of the absolute `path` after its root, the root first (`/`,
/// a drive `C:`, or `\\` for a share), each compared as the style of
/// `target` compares names; `None` when it is not absolute or has a name
/// that is empty, `.` or `..`, or a NUL anywhere.
fn names(target: &str, path: &str) -> Option<Vec<String>> {
    if path.contains('\0') {
        return None;
    }
    let windows = is_windows_style(target);
    let (root, rest) = if !windows {
        ("/".to_owned(), path.strip_prefix('/')?)
    } else if let Some(rest) = path.strip_prefix(r"\\").or_else(|| path.strip_prefix("//")) {
        (r"\\".to_owned(), rest)
    } else {
        let bytes = path.as_bytes();
        match bytes {
            [drive, b':', b'/' | b'\\', ..] if drive.is_ascii_alphabetic() => (
                format!("{}:", drive.to_ascii_uppercase() as char),
                &path[3..],
            ),
            _ => return None,
        }
    };
    let mut names = vec![root];
    if rest.is_empty() {
        return Some(names);
    }
    let parts: Vec<&str> = if windows {
        rest.split(['/', '\\']).collect()
    } else {
        rest.split('/').collect()
    };
    for name in parts {
        if matches!(name, "" | "." | "..") {
            return None;
        }
        names.push(if windows {
            name.to_lowercase()
        } else {
            name.to_owned()
        });
    }
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_inside_a_folder_are_plain_names_below_it() {
        let t = "/home/ana/Desktop";
        assert!(inside(t, t, "/home/ana/Desktop/a.txt"));
        assert!(!inside(t, t, t));
        assert!(!inside(t, t, "/home/ana/Desktop/../x"));
        assert!(!inside(t, t, "/home/ana/Desktop/./x"));
        assert!(!inside(t, t, "/home/ana/Desktop//x"));
        assert!(!inside(t, t, "/home/ana/Desktopx"));
        assert!(!inside(t, t, "home/ana/Desktop/x"));
        let w = r"C:\Users\ana";
        assert!(inside(w, w, r"c:\users\ANA\x.txt"));
        assert!(inside(w, w, "C:/Users/ana/x.txt"));
        assert!(!inside(w, w, r"C:\Users\ana\..\bob"));
        assert!(!inside(w, w, r"D:\Users\ana\x"));
    }
}

#[cfg(test)]
mod fingerprint_tests {
    use crate::ports::EntryKind;
    use crate::saved_plan::{Detail, Fingerprint};

    fn folder(file_id: Option<(u64, u64)>, content: Option<&str>) -> Fingerprint {
        Fingerprint {
            kind: EntryKind::Dir,
            size: None,
            modified: None,
            detail: Some(Detail {
                file_id,
                content: content.map(str::to_owned),
                ..Detail::default()
            }),
        }
    }

    #[test]
    fn a_folder_without_file_numbers_is_known_by_what_it_holds() {
        let planned = folder(None, Some("listing:blake3:aa"));
        assert!(planned.identifies());
        assert!(planned.matches(&folder(None, Some("listing:blake3:aa"))));
        assert!(!planned.matches(&folder(None, Some("listing:blake3:bb"))));
        // A folder with file numbers stays known by them alone.
        let local = folder(Some((1, 2)), None);
        assert!(local.matches(&folder(Some((1, 2)), Some("anything"))));
        assert!(!local.matches(&folder(Some((1, 3)), None)));
        // A folder the plan makes identifies nothing.
        assert!(!Fingerprint::new_folder().identifies());
    }
}
