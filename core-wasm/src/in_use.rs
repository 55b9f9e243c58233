//! Files some program is still writing or holding: downloads in progress,
//! the lock files editors keep beside an open document, and the files a
//! system keeps in a folder for the folder itself. No path of tidyup
//! (planner, bulk tools, `apply`, `watch`) moves them on its own; a model
//! may still move one by name, and is told it looks in use.
//!
//! The names come from a survey of browsers, download managers and editors:
//!
//! - Chrome, Edge, Brave: `NAME.crdownload`, and `Unconfirmed 123456.crdownload`
//!   before the name is known. Firefox: the data in `NAME.part` and, while
//!   it is there, an empty placeholder under the final `NAME`
//!   (superuser.com question 1446633; fileinfo.com/extension/part). Safari:
//!   a `NAME.download` bundle (a folder); Firefox and others also use
//!   `.download` (filetypeadvisor.com/extension/download). Opera:
//!   `.opdownload` (file-extensions.com/docs/opdownload). `.partial`
//!   (older Internet Explorer and Edge).
//! - aria2: the control file `NAME.aria2` beside `NAME`, both in use while
//!   it is there (aria2 issue 792, its author's answer). Transmission:
//!   `.part` (libtransmission's incomplete-file naming). qBittorrent `.!qB`,
//!   µTorrent `.!ut` (filetypeadvisor.com/extension/ut), BitTorrent `.!bt`,
//!   BitSpirit `.bt!`, BitComet `.bc!`, FlashGet `.fb!` (filetypedb.com,
//!   fileinfo.com/extension/fb!). Free Download Manager `.fdmdownload`.
//!   Thunder (迅雷): `.xltd`, and `.td` with its `.td.cfg`; Baidu Netdisk
//!   (百度网盘): `.baiduyun.downloading`, others `.downloading`. Temporary
//!   copies: `.tmp` (Word's `~WRL0001.tmp` too), Chrome's file-system
//!   `.crswap`.
//! - Lock files: Microsoft Office's owner file `~$NAME`; LibreOffice
//!   `.~lock.NAME#` (ask.libreoffice.org, "What is the purpose of the lock
//!   file?"); Emacs `.#NAME` and its auto-save `#NAME#` (GNU Emacs Lisp
//!   manual, "File Locks"); Vim `.NAME.swp` / `.swo`; AutoCAD `.dwl` /
//!   `.dwl2`; InDesign `.idlk`; Access `.laccdb` / `.ldb`; `.lck`.
//! - System files of a folder: Windows `desktop.ini` (its icon and view),
//!   `Thumbs.db` and `ehthumbs.db` (thumbnail caches), macOS `Icon\r` (a
//!   custom folder icon) and `.DS_Store`: moving them breaks nothing of the
//!   user's but undoes the folder's own look, so they stay.
//! - Keys and credentials, and launchers and links: in use by the person
//!   and the tools that find them where they are ([`crate::secrets`]
//!   decides which).

use std::collections::{BTreeMap, HashSet};

use foldhash::fast::RandomState;

use serde::{Deserialize, Serialize};

use crate::secrets;

/// Why a file counts as in use: a program holds it, or the person and
/// the tools that find it where it is ([`InUse::held_by_program`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InUse {
    /// A download or copy still being written.
    Downloading,
    /// A lock file an editor keeps beside an open document.
    Lock,
    /// A file the system keeps in a folder for the folder itself.
    System,
    /// A private key, certificate with its key, credential or password
    /// database ([`crate::secrets`]): tidyup does not file secrets.
    Secret,
    /// A launcher, shortcut or symbolic link: moved, it may point nowhere.
    Launcher,
}

impl InUse {
    /// Every reason, in the order plans name them.
    pub const ALL: [InUse; 5] = [
        InUse::Downloading,
        InUse::Lock,
        InUse::System,
        InUse::Secret,
        InUse::Launcher,
    ];

    /// Whether a program holds the file (a download, a lock, a system
    /// file), rather than the person: a plan the person approved that
    /// names such a file is refused; a key or a launcher it names moves.
    pub fn held_by_program(self) -> bool {
        match self {
            InUse::Downloading | InUse::Lock | InUse::System => true,
            InUse::Secret | InUse::Launcher => false,
        }
    }
}

/// Endings (lowercase) of downloads and copies still being written.
const DOWNLOADING_SUFFIXES: [&str; 21] = [
    ".crdownload",
    ".part",
    ".partial",
    ".download",
    ".opdownload",
    ".aria2",
    ".!qb",
    ".!ut",
    ".!bt",
    ".bt!",
    ".bc!",
    ".fb!",
    ".fdmdownload",
    ".xltd",
    ".td",
    ".td.cfg",
    ".baiduyun.downloading",
    ".downloading",
    ".tmp",
    ".crswap",
    ".filepart",
];

/// Endings (lowercase) beside a file that say a download manager is
/// writing it: Firefox's placeholder beside its `.part`, aria2's file
/// beside its control file.
const COMPANION_SUFFIXES: [&str; 2] = [".part", ".aria2"];

/// Endings (lowercase) of editors' lock and swap files.
const LOCK_SUFFIXES: [&str; 9] = [
    ".swp", ".swo", ".dwl", ".dwl2", ".idlk", ".laccdb", ".ldb", ".lck", ".prlock",
];

/// A lock file named after its document's stem, the document's ending,
/// and the folders the application writes beside an open project: while
/// `NAME.prlock` is there, Premiere Pro has `NAME.prproj` open and saves
/// into its auto-save and preview folders (Adobe, "Project locking").
const STEM_LOCKS: [(&str, &str, &[&str]); 1] = [(
    ".prlock",
    ".prproj",
    &[
        "adobe premiere pro auto-save",
        "adobe premiere pro video previews",
        "adobe premiere pro audio previews",
    ],
)];

/// Names (lowercase) of the files a system keeps for a folder.
const SYSTEM_NAMES: [&str; 6] = [
    "desktop.ini",
    "thumbs.db",
    "ehthumbs.db",
    "ehthumbs_vista.db",
    "icon\r",
    ".ds_store",
];

/// Why the file named `name` is in use, or `None`. `sibling(other)` says
/// whether the same folder holds an item named `other` (a browser's
/// placeholder is in use while its `.part` file is there).
pub fn in_use(name: &str, sibling: &dyn Fn(&str) -> bool) -> Option<InUse> {
    alone(name, &name.to_lowercase()).or_else(|| {
        COMPANION_SUFFIXES
            .iter()
            .any(|suffix| sibling(&format!("{name}{suffix}")))
            .then_some(InUse::Downloading)
    })
}

/// Why the file named `name` (`lower`, lowercased) is in use by its name
/// alone, whatever its folder holds besides.
pub(crate) fn alone(name: &str, lower: &str) -> Option<InUse> {
    if SYSTEM_NAMES.contains(&lower) {
        Some(InUse::System)
    } else if is_lock(name, lower) {
        Some(InUse::Lock)
    } else if DOWNLOADING_SUFFIXES
        .iter()
        .any(|suffix| lower.ends_with(suffix) && lower.len() > suffix.len())
    {
        Some(InUse::Downloading)
    } else if secrets::secret_by_name(lower) {
        Some(InUse::Secret)
    } else if secrets::launcher_by_name(lower) {
        Some(InUse::Launcher)
    } else {
        None
    }
}

/// The items of one folder, all of them named by `names`, that look in
/// use, with why.
pub fn in_use_of<'a>(names: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, InUse> {
    let names: Vec<&str> = names.into_iter().collect();
    let reasons = in_use_with(&names, |at| alone(names[at], &names[at].to_lowercase()));
    (names.iter().zip(reasons))
        .filter_map(|(name, why)| Some(((*name).to_owned(), why?)))
        .collect()
}

/// Why each of `names` (all the items of one folder) is in use, in order,
/// given why each is by its name alone (`alone(index)`, see [`alone`]):
/// one pass over the names, whatever their number.
pub(crate) fn in_use_with(
    names: &[&str],
    alone: impl Fn(usize) -> Option<InUse>,
) -> Vec<Option<InUse>> {
    // The names a download's companion (`NAME.part`) stands beside, if
    // they are there: few, so only they are hashed.
    let bases: HashSet<&str, RandomState> = (names.iter())
        .flat_map(|name| {
            (COMPANION_SUFFIXES.iter()).filter_map(move |suffix| name.strip_suffix(suffix))
        })
        .collect();
    let beside: HashSet<&str, RandomState> = match bases.is_empty() {
        true => HashSet::default(),
        false => (names.iter().copied())
            .filter(|name| bases.contains(name))
            .collect(),
    };
    // The documents a stem lock says are open, and the folders their
    // application writes, lowercased.
    let mut locked: HashSet<String, RandomState> = HashSet::default();
    for name in names {
        for (lock, document, folders) in STEM_LOCKS {
            // Few names are locks: only theirs are lowercased.
            let at = name.len().saturating_sub(lock.len());
            let ends = at > 0 && name.is_char_boundary(at) && name[at..].eq_ignore_ascii_case(lock);
            if ends {
                locked.insert(format!("{}{document}", name[..at].to_lowercase()));
                locked.extend(folders.iter().map(|folder| (*folder).to_owned()));
            }
        }
    }
    (0..names.len())
        .map(|at| {
            alone(at)
                .or_else(|| {
                    (!beside.is_empty() && beside.contains(names[at])).then_some(InUse::Downloading)
                })
                .or_else(|| {
                    (!locked.is_empty() && locked.contains(&names[at].to_lowercase()))
                        .then_some(InUse::Lock)
                })
        })
        .collect()
}

/// The names whose presence beside `name` would make it in use: what a
/// caller without the folder's listing looks up.
pub fn companions(name: &str) -> Vec<String> {
    COMPANION_SUFFIXES
        .iter()
        .map(|suffix| format!("{name}{suffix}"))
        .collect()
}

/// Whether `name` (`lower`, lowercased) is an editor's lock or swap file.
fn is_lock(name: &str, lower: &str) -> bool {
    name.starts_with("~$")
        || (name.starts_with(".~lock.") && name.ends_with('#'))
        || name.starts_with(".#")
        || (name.len() > 2 && name.starts_with('#') && name.ends_with('#'))
        || LOCK_SUFFIXES
            .iter()
            .any(|suffix| lower.ends_with(suffix) && lower.len() > suffix.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alone(name: &str) -> Option<InUse> {
        in_use(name, &|_| false)
    }

    #[test]
    fn downloads_in_progress_of_every_browser_and_manager() {
        for name in [
            "big-download.zip.crdownload",
            "Unconfirmed 123456.crdownload",
            "movie.mp4.part",
            "MOVIE.MP4.PART",
            "report.pdf.download",
            "setup.exe.opdownload",
            "x.iso.partial",
            "ubuntu.iso.aria2",
            "film.mkv.!qB",
            "film.mkv.!ut",
            "film.mkv.!bt",
            "film.mkv.bt!",
            "film.mkv.bc!",
            "film.mkv.fb!",
            "a.zip.fdmdownload",
            "电影.mp4.xltd",
            "电影.mp4.td",
            "电影.mp4.td.cfg",
            "资料.zip.baiduyun.downloading",
            "资料.zip.downloading",
            "~WRL0001.tmp",
            "d.tmp",
        ] {
            assert_eq!(alone(name), Some(InUse::Downloading), "{name}");
        }
    }

    #[test]
    fn lock_files_of_editors() {
        for name in [
            "~$thesis draft v3.docx",
            "~$budget.xlsx",
            ".~lock.notes.odt#",
            ".#init.el",
            "#notes.org#",
            ".notes.txt.swp",
            "plan.dwl",
            "plan.dwl2",
            "layout.idlk",
            "db.laccdb",
        ] {
            assert_eq!(alone(name), Some(InUse::Lock), "{name}");
        }
    }

    #[test]
    fn system_files_of_a_folder() {
        for name in [
            "desktop.ini",
            "Thumbs.db",
            "ehthumbs.db",
            "Icon\r",
            ".DS_Store",
        ] {
            assert_eq!(alone(name), Some(InUse::System), "{name}");
        }
    }

    #[test]
    fn placeholders_are_in_use_only_beside_their_download() {
        let names = [
            "movie.mp4",
            "movie.mp4.part",
            "ubuntu.iso",
            "ubuntu.iso.aria2",
            "a.pdf",
        ];
        let busy = in_use_of(names);
        assert_eq!(busy.len(), 4);
        assert_eq!(busy.get("movie.mp4"), Some(&InUse::Downloading));
        assert_eq!(busy.get("ubuntu.iso"), Some(&InUse::Downloading));
        assert_eq!(busy.get("a.pdf"), None);
        assert_eq!(alone("movie.mp4"), None);
        assert_eq!(companions("a.pdf"), ["a.pdf.part", "a.pdf.aria2"]);
    }

    #[test]
    fn ordinary_files_are_not_in_use() {
        for name in [
            "report.pdf",
            "party.jpg",
            "temp.txt",
            "game.part1.rar",
            "Cargo.lock",
            "notes #1.txt",
            "#",
            ".part",
            "desktop.ini.bak",
            "partial.txt",
            "budget$.xlsx",
        ] {
            assert_eq!(alone(name), None, "{name}");
        }
    }
}
