//! The moves made in a folder, told by each item's inode number: what a
//! plan applied really did, to compare with what it showed.

use std::collections::{BTreeMap, BTreeSet};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// Every item under a folder, by its path relative to it (written with
/// `/`): its inode number, and a file's bytes (`None`: a folder).
pub type Items = BTreeMap<String, (u64, Option<Vec<u8>>)>;

/// A move: the path before and the path after, relative to the folder.
pub type Move = (String, String);

/// Every item under `root`, links not followed.
pub fn items_of(root: &Path) -> Items {
    let mut found = Items::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).expect("readable folder") {
            let path = entry.expect("folder entry").path();
            let meta = std::fs::symlink_metadata(&path).expect("metadata");
            let relative = path
                .strip_prefix(root)
                .expect("below root")
                .to_string_lossy()
                .into_owned();
            let bytes = if meta.is_dir() {
                pending.push(path);
                None
            } else {
                Some(std::fs::read(&path).expect("readable file"))
            };
            found.insert(relative, (meta.ino(), bytes));
        }
    }
    found
}

/// What changed between two [`items_of`] the same folder.
#[derive(Debug, Default)]
pub struct Made {
    /// Each item whose path changed, unless it only went along with its
    /// folder (then the folder's move is the one).
    pub moves: BTreeSet<Move>,
    /// Items gone, and files whose bytes changed, a line each.
    pub lost: Vec<String>,
}

/// The moves made from `before` to `after`.
pub fn moves_made(before: &Items, after: &Items) -> Made {
    let now: BTreeMap<u64, &str> = after
        .iter()
        .map(|(path, (inode, _))| (*inode, path.as_str()))
        .collect();
    // The folder itself is inode 0 here: it never moves.
    let inode = |items: &Items, path: &str| match path {
        "" => Some(0),
        path => items.get(path).map(|(inode, _)| *inode),
    };
    let mut made = Made::default();
    for (from, (number, bytes)) in before {
        let Some(to) = now.get(number).copied() else {
            made.lost.push(format!("{from}: gone"));
            continue;
        };
        if after[to].1 != *bytes {
            made.lost
                .push(format!("{from} (now {to}): its bytes changed"));
        }
        let carried = base(from) == base(to)
            && inode(before, parent(from)).is_some()
            && inode(before, parent(from)) == inode(after, parent(to));
        if from != to && !carried {
            made.moves.insert((from.clone(), to.to_owned()));
        }
    }
    made
}

/// What differs between the moves `shown` and the moves `applied`, the
/// first 20 of each side, a line each; `None` when they are the same.
pub fn moves_differ(shown: &BTreeSet<Move>, applied: &BTreeSet<Move>) -> Option<String> {
    if shown == applied {
        return None;
    }
    let side = |of: &BTreeSet<Move>, less: &BTreeSet<Move>| {
        let lines: Vec<String> = of
            .difference(less)
            .take(20)
            .map(|(from, to)| format!("\n    {from} → {to}"))
            .collect();
        format!("{}{}", of.difference(less).count(), lines.concat())
    };
    Some(format!(
        "shown ({}), not applied: {}\napplied ({}), not shown: {}",
        shown.len(),
        side(shown, applied),
        applied.len(),
        side(applied, shown)
    ))
}

/// The folder `path` is in (`""`: the folder itself).
fn parent(path: &str) -> &str {
    path.rfind('/').map_or("", |at| &path[..at])
}

/// The last name of `path`.
fn base(path: &str) -> &str {
    path.rfind('/').map_or(path, |at| &path[at + 1..])
}
