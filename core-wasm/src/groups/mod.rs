//! Files that belong together and are placed as one: a film and its
//! subtitles, a photo and its sidecars or raw original, a cue sheet and its
//! disc image, a shapefile's parts, the parts of a split archive, a saved
//! web page and its folder, a Live Photo, a recording's files, and every
//! set the companion table (`table`) names: a model with its materials and
//! textures, an alignment with its index, a clip with its metadata, a rip
//! with its log. Pure: it sees only the names of one folder's entries. Also which folders are projects (left whole, never entered).
//!
//! A group has one main file; its kind is the main file's kind
//! ([`crate::kinds::kind`]), and every member goes where the main goes.
//! Which file is main: the video of a film, the JPEG (or HEIC) of a
//! RAW+JPEG pair (the picture people open; its kind is Images either way),
//! the audio or image of a cue sheet, the `.shp` of a shapefile, the first
//! part of a split archive (the `.zip` of `x.z01`…, the `.rar` of
//! `x.r00`…), the page of a saved page.

mod companions;
mod facts;
mod names;
mod pages;
mod projects;
mod recordings;
pub mod references;
mod split;
mod table;

use std::collections::{HashMap, HashSet};

use foldhash::fast::RandomState;
use serde::{Deserialize, Serialize};

use crate::file_type::Category;
use crate::in_use::in_use_with;

pub use facts::NameFacts;
pub use names::group_names;
pub(crate) use pages::is_page_folder_name;
pub use projects::{project_marker, target_project_marker};
pub(crate) use table::kept_by_application;

/// What a member of a group is to its main file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Subtitles or lyrics (`.srt`, `.en.srt`, `.ass`, `.sub`+`.idx`, `.lrc`).
    Subtitle,
    /// An editor's or camera's sidecar (`.xmp`, `.aae`, `.thm`).
    Sidecar,
    /// The raw original of a photo (`.CR2`, `.NEF`... beside the JPEG).
    Raw,
    /// A companion file: a cue sheet, a shapefile's other parts.
    Companion,
    /// Another part of a split archive.
    Part,
    /// The folder of a saved web page.
    PageFolder,
    /// A folder kept for the main file: its cache, auto-saves or previews.
    Folder,
}

/// One group: the main file and the members placed with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Related {
    /// The main file's name.
    pub main: String,
    /// The other members, by name, with what they are, sorted by name.
    pub members: Vec<(String, Role)>,
    /// The name whose kind is the group's: the main file's, or for a split
    /// archive the archive it makes whole (`x.zip` for `x.zip.001`).
    kind_name: String,
}

impl Related {
    /// The group's kind: a saved page's is Documents (a page kept to be
    /// read, not code); else its main file's; when that name tells none (a
    /// disc image `album.bin` with its `album.cue`), the first member's
    /// that does.
    pub fn kind(&self) -> Category {
        if (self.members.iter()).any(|(_, role)| *role == Role::PageFolder) {
            return Category::Documents;
        }
        let main = crate::kinds::kind(&self.kind_name);
        if main != Category::Other {
            return main;
        }
        self.members
            .iter()
            .map(|(name, _)| crate::kinds::kind(name))
            .find(|kind| *kind != Category::Other)
            .unwrap_or(Category::Other)
    }

    /// Every member's name, the main first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.main.as_str()).chain(self.members.iter().map(|(n, _)| n.as_str()))
    }
}

/// The groups of one folder, and which group each member is in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Groups {
    groups: Vec<Related>,
    by_name: HashMap<String, usize, RandomState>,
}

impl Groups {
    /// The groups among a folder's entries, each `(name, is_dir)`. An entry
    /// is in one group at most; only groups of two or more are formed.
    /// Hidden entries (names starting with `.`) and files in use
    /// ([`crate::in_use`]) are in none: they stay whatever their neighbours
    /// do.
    pub fn form<'a>(entries: impl IntoIterator<Item = (&'a str, bool)>) -> Self {
        Self::form_with(entries, &[])
    }

    /// [`Groups::form`], and each file of `named` (a file, with the names
    /// it names: `references`) joins the group of the file naming it.
    pub fn form_with<'a>(
        entries: impl IntoIterator<Item = (&'a str, bool)>,
        named: &[(String, Vec<String>)],
    ) -> Self {
        let entries: Vec<(&str, bool)> = entries.into_iter().collect();
        let facts: Vec<NameFacts> = (entries.iter())
            .map(|(name, _)| NameFacts::of(name))
            .collect();
        let names: Vec<&str> = entries.iter().map(|(name, _)| *name).collect();
        let busy = in_use_with(&names, |at| facts[at].in_use_alone());
        Self::form_from(
            (entries.iter().zip(&facts).zip(busy))
                .filter(|(_, busy)| busy.is_none())
                .map(|(((name, is_dir), facts), _)| (*name, *is_dir, facts)),
            named,
        )
    }

    /// [`Groups::form_with`] from the entries of a folder not in use, each
    /// `(name, is_dir, facts)` with the facts of its name: one pass over
    /// them with hashed keys, whatever their number.
    pub fn form_from<'a>(
        entries: impl IntoIterator<Item = (&'a str, bool, &'a NameFacts)>,
        named: &[(String, Vec<String>)],
    ) -> Self {
        let (mut files, mut dirs) = (Vec::new(), Vec::new());
        for (name, is_dir, facts) in entries {
            match (name.starts_with('.'), is_dir) {
                (true, _) => {}
                (false, false) => files.push((name, facts)),
                (false, true) => dirs.push((name, facts)),
            }
        }
        let mut formed = split::groups(&files);
        let taken: HashSet<&str, RandomState> = formed.iter().flat_map(Related::names).collect();
        let rest: Vec<(&str, &NameFacts)> = (files.iter().copied())
            .filter(|(name, _)| !taken.contains(name))
            .collect();
        let recorded = recordings::groups(&rest);
        let taken: HashSet<&str, RandomState> = recorded.iter().flat_map(Related::names).collect();
        let rest: Vec<(&str, &NameFacts)> = (rest.into_iter())
            .filter(|(name, _)| !taken.contains(name))
            .collect();
        formed.extend(recorded);
        formed.extend(companions::groups(&rest));
        let taken: HashSet<&str, RandomState> = formed.iter().flat_map(Related::names).collect();
        let found = table::links(&files, &dirs, named, &taken);
        table::attach(&mut formed, &found);
        let followers: HashSet<&str, RandomState> =
            found.iter().map(|link| link.follower).collect();
        let rest: Vec<(&str, &NameFacts)> = (rest.into_iter())
            .filter(|(name, _)| !followers.contains(name))
            .collect();
        let mut by_main: HashMap<String, usize, RandomState> = (formed.iter().enumerate())
            .map(|(at, group)| (group.main.clone(), at))
            .collect();
        for (page, folder) in pages::groups(&rest, &dirs) {
            match by_main.get(&page) {
                Some(&at) => formed[at].members.push((folder, Role::PageFolder)),
                None => {
                    by_main.insert(page.clone(), formed.len());
                    formed.push(Related {
                        kind_name: page.clone(),
                        main: page,
                        members: vec![(folder, Role::PageFolder)],
                    });
                }
            }
        }
        formed.sort_by(|a, b| a.main.cmp(&b.main));
        let mut groups = Groups::default();
        for mut group in formed {
            group.members.sort();
            let index = groups.groups.len();
            for name in group.names() {
                groups.by_name.insert(name.to_owned(), index);
            }
            groups.groups.push(group);
        }
        groups
    }

    /// Every group, by main file's name.
    pub fn all(&self) -> &[Related] {
        &self.groups
    }

    /// The group `name` is a member of (main or not).
    pub fn of(&self, name: &str) -> Option<&Related> {
        self.by_name.get(name).map(|&index| &self.groups[index])
    }

    /// Whether `name` is a member of a group other than its main.
    pub fn is_member(&self, name: &str) -> bool {
        self.of(name).is_some_and(|group| group.main != name)
    }
}

#[cfg(test)]
mod tests;
