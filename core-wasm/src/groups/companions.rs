//! Files of the same stem that belong to one main file: subtitles and
//! lyrics (also `name.en.srt`, `name.zh-Hans.ass`), sidecars (`.xmp`,
//! `.aae`, `.thm`; `IMG_1.CR2.xmp` too), the raw original beside a JPEG or
//! HEIC, a cue sheet beside its audio or disc image, a shapefile's parts,
//! the video of a Live Photo beside its picture, the analysis and peak
//! files audio programs keep beside a recording (`take.wav.asd`).
//! Stems are compared in any letter case.

use std::collections::{HashMap, HashSet};

use foldhash::fast::RandomState;

use super::{NameFacts, Related, Role};
use crate::file_type::Category;

/// Subtitle and lyrics extensions: they follow a video (lyrics, audio).
const SUBTITLES: &[&str] = &[
    "srt", "ass", "ssa", "vtt", "sub", "idx", "sup", "smi", "lrc",
];
/// Sidecars of photo and video editors and cameras, and of audio
/// programs: Ableton Live's analysis file (`take.wav.asd`, Ableton
/// reference manual, "Sample Analysis"), REAPER's peaks
/// (`take.wav.reapeaks`, REAPER user guide, "Peak files").
const SIDECARS: &[&str] = &["xmp", "aae", "thm", "pp3", "dop", "asd", "reapeaks"];
/// The video half of a Live Photo (Apple, "Live Photos": `IMG_1234.HEIC`
/// with `IMG_1234.MOV`).
const LIVE_VIDEOS: &[&str] = &["mov"];
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Follower {
    Subtitle,
    Sidecar,
    Raw,
    Cue,
    ShapePart,
    /// A Live Photo's video: it follows the picture of its stem, and is a
    /// main file (a film's) where there is none.
    LiveVideo,
}

impl Follower {
    /// What the file whose lowercased name is `lower` and extension `ext`
    /// can follow.
    pub(super) fn of_lower(lower: &str, ext: &str) -> Option<Self> {
        if lower.ends_with(".shp.xml") || SHAPE_PARTS.contains(&ext) {
            Some(Self::ShapePart)
        } else if SUBTITLES.contains(&ext) {
            Some(Self::Subtitle)
        } else if SIDECARS.contains(&ext) {
            Some(Self::Sidecar)
        } else if RAW.contains(&ext) {
            Some(Self::Raw)
        } else if ext == "cue" {
            Some(Self::Cue)
        } else if LIVE_VIDEOS.contains(&ext) {
            Some(Self::LiveVideo)
        } else {
            None
        }
    }

    fn role(self) -> Role {
        match self {
            Self::Subtitle => Role::Subtitle,
            Self::Sidecar => Role::Sidecar,
            Self::Raw => Role::Raw,
            Self::Cue | Self::ShapePart | Self::LiveVideo => Role::Companion,
        }
    }

    /// Whether a file `main` can be the main file of this follower,
    /// `name`: subtitles follow a video, lyrics (`.lrc`) audio too.
    fn follows(self, name: &NameFacts, main: &NameFacts) -> bool {
        let ends = main.endings;
        match self {
            Self::Subtitle => {
                main.kind() == Category::Videos
                    || (name.endings.lyrics && main.kind() == Category::Audio)
            }
            Self::Sidecar => true,
            Self::Raw => ends.picture,
            Self::Cue => ends.cue_target,
            Self::ShapePart => ends.shape,
            Self::LiveVideo => {
                ends.live_picture || (ends.picture && main.lower.starts_with("img_"))
            }
        }
    }
}

/// What a file's extension makes it to the followers of its stem.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Endings {
    /// A picture a raw original is kept with.
    picture: bool,
    /// What a cue sheet describes.
    cue_target: bool,
    /// A shapefile's `.shp`.
    shape: bool,
    /// Lyrics (`.lrc`).
    lyrics: bool,
    /// A picture only a phone's camera writes beside a Live Photo's video
    /// (`.heic`, `.heif`).
    live_picture: bool,
}

impl Endings {
    /// The endings of the extension `ext` (lowercase).
    pub(super) fn of(ext: &str) -> Self {
        Self {
            picture: PICTURES.contains(&ext),
            cue_target: CUE_TARGETS.contains(&ext),
            shape: ext == "shp",
            lyrics: ext == "lrc",
            live_picture: ext == "heic" || ext == "heif",
        }
    }
}

/// The length of a lowercased name's stem: without its last extension
/// (`name.shp.xml` without both); `None` when it has none.
pub(super) fn stem_len(lower: &str) -> Option<usize> {
    if let Some(stem) = lower.strip_suffix(".shp.xml") {
        return Some(stem.len());
    }
    match lower.rfind('.') {
        Some(dot) if dot > 0 => Some(dot),
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

/// How strongly a file (of kind `kind`, extension `ext`, following as
/// `follower`) is its stem's main file (lower first); `None` for a file
/// that only follows.
pub(super) fn main_rank(follower: Option<Follower>, kind: Category, ext: &str) -> Option<u8> {
    if follower.is_some_and(|f| !matches!(f, Follower::Raw | Follower::LiveVideo)) {
        return None;
    }
    // A Live Photo's video ranks after the picture it belongs to.
    Some(if kind == Category::Videos && follower.is_none() {
        0
    } else if PICTURES.contains(&ext) {
        1
    } else if CUE_TARGETS.contains(&ext) || ext == "shp" {
        2
    } else if follower.is_some() {
        3
    } else {
        4
    })
}

/// The stems a follower may find its main file under, best first: its
/// own; a subtitle's without one or two tags; a sidecar's, the stem of the
/// file it is named after (`IMG_1.CR2.xmp` follows `IMG_1.CR2`, so the
/// group it is in), looked up by `stem_of`.
fn candidates<'a>(
    follower: Follower,
    own: &'a str,
    stem_of: impl Fn(&str) -> Option<&'a str>,
) -> [Option<&'a str>; 3] {
    let mut candidates = [Some(own), None, None];
    match follower {
        Follower::Subtitle => {
            if let Some(one) = without_tag(own) {
                candidates[1] = Some(one);
                candidates[2] = without_tag(one);
            }
        }
        Follower::Sidecar => candidates[1] = stem_of(own),
        Follower::Raw | Follower::Cue | Follower::ShapePart | Follower::LiveVideo => {}
    }
    candidates
}

/// The groups of same-stem files among `files` (each name with its facts),
/// in no particular order. Only the stems some follower looks for are
/// hashed: a folder without followers costs one pass.
pub(super) fn groups(files: &[(&str, &NameFacts)]) -> Vec<Related> {
    let followers: Vec<(&str, &NameFacts, Follower, &str)> = (files.iter())
        .filter_map(|(name, facts)| Some((*name, *facts, facts.follower?, facts.stem()?)))
        .collect();
    if followers.is_empty() {
        return Vec::new();
    }
    // The stems of the files sidecars are named after (`img_1.cr2`).
    let named_after: HashSet<&str, RandomState> = (followers.iter())
        .filter(|(.., follower, _)| *follower == Follower::Sidecar)
        .map(|(.., own)| *own)
        .collect();
    let by_name: HashMap<&str, &str, RandomState> = (files.iter())
        .filter(|(_, facts)| named_after.contains(&*facts.lower))
        .filter_map(|(_, facts)| Some((&*facts.lower, facts.stem()?)))
        .collect();
    let stem_of = |own: &str| by_name.get(own).copied();
    let wanted: HashSet<&str, RandomState> = (followers.iter())
        .flat_map(|(.., follower, own)| candidates(*follower, own, stem_of))
        .flatten()
        .collect();
    // Each wanted stem's main file: the best ranked, then the first by name.
    let mut mains: HashMap<&str, (u8, &str, usize), RandomState> = HashMap::default();
    for (at, (name, facts)) in files.iter().enumerate() {
        let (Some(stem), Some(rank)) = (facts.stem(), facts.rank) else {
            continue;
        };
        if !wanted.contains(stem) {
            continue;
        }
        let best = mains.entry(stem).or_insert((rank, name, at));
        if (rank, *name) < (best.0, best.1) {
            *best = (rank, name, at);
        }
    }
    let mut members: HashMap<&str, Vec<(String, Role)>, RandomState> = HashMap::default();
    for (name, facts, follower, own) in followers {
        let main = candidates(follower, own, stem_of)
            .into_iter()
            .flatten()
            .find_map(|stem| {
                let &(_, main, at) = mains.get(stem)?;
                (main != name && follower.follows(facts, files[at].1)).then_some(main)
            });
        if let Some(main) = main {
            members
                .entry(main)
                .or_default()
                .push((name.to_owned(), follower.role()));
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
