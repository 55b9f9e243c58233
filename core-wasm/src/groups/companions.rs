//! Files of the same stem that belong to one main file: subtitles and
//! lyrics (also `name.en.srt`, `name.zh-Hans.ass`), sidecars (`.xmp`,
//! `.aae`, `.thm`; `IMG_1.CR2.xmp` too), the raw original beside a JPEG or
//! HEIC, a cue sheet beside its audio or disc image, a shapefile's parts.
//! Stems are compared in any letter case.

use std::collections::BTreeMap;

use super::{Related, Role};
use crate::file_type::{Category, extension};
use crate::kinds::kind;

/// Subtitle and lyrics extensions: they follow a video (lyrics, audio).
const SUBTITLES: &[&str] = &[
    "srt", "ass", "ssa", "vtt", "sub", "idx", "sup", "smi", "lrc",
];
/// Sidecars of photo and video editors and cameras.
const SIDECARS: &[&str] = &["xmp", "aae", "thm", "pp3", "dop"];
/// Camera raw formats, kept with the JPEG/HEIC shot beside them.
pub(super) const RAW: &[&str] = &[
    "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "raw", "pef",
    "dng", "srw", "x3f", "3fr", "erf", "kdc", "mef", "mos", "mrw", "iiq", "rwl",
];
/// The pictures a raw original is kept with.
const PICTURES: &[&str] = &["jpg", "jpeg", "heic", "heif"];
/// What a cue sheet describes: a disc image or a whole-album audio file.
const CUE_TARGETS: &[&str] = &["bin", "img", "iso", "flac", "ape", "wav", "wv", "tak"];
/// A shapefile's parts besides `.shp` (and `NAME.shp.xml`).
const SHAPE_PARTS: &[&str] = &[
    "shx", "dbf", "prj", "cpg", "sbn", "sbx", "qix", "fix", "qmd", "aih", "ain", "atx",
];

/// What a file can be to a main file of its stem, if anything.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Follower {
    Subtitle,
    Sidecar,
    Raw,
    Cue,
    ShapePart,
}

impl Follower {
    fn of(name: &str) -> Option<Self> {
        let ext = extension(name);
        let ext = ext.as_str();
        if name.to_lowercase().ends_with(".shp.xml") || SHAPE_PARTS.contains(&ext) {
            Some(Self::ShapePart)
        } else if SUBTITLES.contains(&ext) {
            Some(Self::Subtitle)
        } else if SIDECARS.contains(&ext) {
            Some(Self::Sidecar)
        } else if RAW.contains(&ext) {
            Some(Self::Raw)
        } else if ext == "cue" {
            Some(Self::Cue)
        } else {
            None
        }
    }

    fn role(self) -> Role {
        match self {
            Self::Subtitle => Role::Subtitle,
            Self::Sidecar => Role::Sidecar,
            Self::Raw => Role::Raw,
            Self::Cue | Self::ShapePart => Role::Companion,
        }
    }

    /// Whether a file named `main` can be the main file of this follower,
    /// named `name`: subtitles follow a video, lyrics (`.lrc`) audio too.
    fn follows(self, name: &str, main: &str) -> bool {
        let ext = extension(main);
        match self {
            Self::Subtitle => {
                kind(main) == Category::Videos
                    || (extension(name) == "lrc" && kind(main) == Category::Audio)
            }
            Self::Sidecar => true,
            Self::Raw => PICTURES.contains(&ext.as_str()),
            Self::Cue => CUE_TARGETS.contains(&ext.as_str()),
            Self::ShapePart => ext == "shp",
        }
    }
}

/// A name without its last extension, lowercased (`name.shp.xml` without
/// both); `None` when it has none.
fn stem(name: &str) -> Option<String> {
    let lower = name.to_lowercase();
    if let Some(stem) = lower.strip_suffix(".shp.xml") {
        return Some(stem.to_owned());
    }
    match lower.rfind('.') {
        Some(dot) if dot > 0 => Some(lower[..dot].to_owned()),
        Some(_) | None => None,
    }
}

/// The stem without a trailing language or flavour tag (`film.en` →
/// `film`, `film.zh-hans` → `film`, `film.chs` → `film`): a last segment of
/// at most 8 letters, digits, `-` or `_`, with a letter.
fn without_tag(stem: &str) -> Option<&str> {
    let (head, tag) = stem.rsplit_once('.')?;
    let tag_like = !tag.is_empty()
        && tag.chars().count() <= 8
        && tag
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && tag.chars().any(|c| c.is_ascii_alphabetic());
    (tag_like && !head.is_empty()).then_some(head)
}

/// How strongly a file is its stem's main file (lower first); `None` for
/// a file that only follows.
fn main_rank(name: &str) -> Option<u8> {
    let ext = extension(name);
    let follower = Follower::of(name);
    if follower.is_some_and(|f| f != Follower::Raw) {
        return None;
    }
    Some(if kind(name) == Category::Videos {
        0
    } else if PICTURES.contains(&ext.as_str()) {
        1
    } else if CUE_TARGETS.contains(&ext.as_str()) || ext == "shp" {
        2
    } else if follower == Some(Follower::Raw) {
        3
    } else {
        4
    })
}

/// The groups of same-stem files among `files`.
pub(super) fn groups(files: &[&str]) -> Vec<Related> {
    // Each stem's main file: the best ranked, then the first by name.
    let mut mains: BTreeMap<String, (u8, &str)> = BTreeMap::new();
    for name in files {
        let (Some(stem), Some(rank)) = (stem(name), main_rank(name)) else {
            continue;
        };
        let best = mains.entry(stem).or_insert((rank, name));
        if (rank, *name) < *best {
            *best = (rank, name);
        }
    }
    let by_name: BTreeMap<String, String> = files
        .iter()
        .filter_map(|name| Some((name.to_lowercase(), stem(name)?)))
        .collect();
    let mut members: BTreeMap<&str, Vec<(String, Role)>> = BTreeMap::new();
    for name in files {
        let (Some(follower), Some(own)) = (Follower::of(name), stem(name)) else {
            continue;
        };
        let mut candidates = vec![own.clone()];
        match follower {
            Follower::Subtitle => {
                if let Some(one) = without_tag(&own) {
                    candidates.push(one.to_owned());
                    candidates.extend(without_tag(one).map(str::to_owned));
                }
            }
            // `IMG_1.CR2.xmp` follows `IMG_1.CR2`, so the group it is in.
            Follower::Sidecar => candidates.extend(by_name.get(&own).cloned()),
            Follower::Raw | Follower::Cue | Follower::ShapePart => {}
        }
        let main = candidates.iter().find_map(|stem| {
            let (_, main) = mains.get(stem)?;
            (main != name && follower.follows(name, main)).then_some(*main)
        });
        if let Some(main) = main {
            members
                .entry(main)
                .or_default()
                .push(((*name).to_owned(), follower.role()));
        }
    }
    members
        .into_iter()
        .map(|(main, members)| Related {
            main: main.to_owned(),
            kind_name: main.to_owned(),
            members,
        })
        .collect()
}
