//! The companion table: sets of files that are useless apart, kept as
//! data. Each row says how a follower's name leads to its main file's
//! (same stem, named after the whole main file, a suffix, a word, a
//! mate, a shared prefix, or a folder's name) and which endings each side
//! has. The general rules are rows too: a file named after another whole
//! file with an index's, checksum's or signature's ending follows it
//! (`x.bam.bai`, `x.zip.sha256`); a checksum list follows the files its
//! name prefixes (`gd77-05-08.md5` with `gd77-05-08d1t01.flac`).
//!
//! [`links`] reads the table (and what files name, `references`) over one
//! folder's names; [`attach`] adds each follower to its main file's group,
//! or forms one.

use std::collections::{HashMap, HashSet};

use foldhash::fast::RandomState;

use super::{NameFacts, Related, Role};
use crate::file_type::Category;

/// How a follower's name leads to its main file's, and the endings
/// (lowercase, no dot; compound ones allowed, `fastq.gz`) of each side.
#[derive(Debug, Clone, Copy)]
pub(super) enum Link {
    /// The same stem: `castle.blend1` with `castle.blend`.
    SameStem {
        main: &'static [&'static str],
        follower: &'static [&'static str],
    },
    /// Named after the whole main file, of any ending: `x.bam.bai`.
    WholeName { follower: &'static [&'static str] },
    /// The main's stem and a suffix: `C0001M01.XML` with `C0001.MP4`.
    StemAndSuffix {
        main: &'static [&'static str],
        suffixes: &'static [&'static str],
        follower: &'static [&'static str],
    },
    /// The follower's stem and a suffix make the main's: `A001.RMD` with
    /// `A001_001.R3D`.
    MainHasSuffix {
        main: &'static [&'static str],
        suffixes: &'static [&'static str],
        follower: &'static [&'static str],
    },
    /// The main's stem, a separator and a word: `crate_diffuse.png` with
    /// `crate.obj`, `Mod - Textures.ba2` with `Mod.esp`.
    StemAndWord {
        main: &'static [&'static str],
        words: &'static [&'static str],
        follower: &'static [&'static str],
    },
    /// A mate: the same name with one mark for another (`_R2_` for `_R1_`).
    Mate {
        marks: &'static [(&'static str, &'static str)],
        follower: &'static [&'static str],
    },
    /// A list whose stem begins the names of the files it lists: the first
    /// of them by name is the main, the others follow it too.
    PrefixList { follower: &'static [&'static str] },
    /// A folder named after the main file's stem (`blendcache_castle/`).
    FolderOfStem {
        main: &'static [&'static str],
        prefix: &'static str,
        suffix: &'static str,
    },
    /// A folder of a fixed name an application keeps beside its one
    /// project of that ending (`Adobe After Effects Auto-Save/`).
    FolderOfApp {
        main: &'static [&'static str],
        folder: &'static str,
    },
}

/// One row: the link, and what the follower is to its main file. What
/// the set is, and where its format is described, is said above each row.
#[derive(Debug, Clone, Copy)]
pub(super) struct Companion {
    pub(super) link: Link,
    pub(super) role: Role,
}

const AUDIO_RIPS: &[&str] = &["flac", "wav", "ape", "wv", "tak", "bin", "img", "iso"];
const CLIPS: &[&str] = &["mp4", "mov", "mxf", "mts", "braw", "r3d", "avi"];
const MODELS: &[&str] = &[
    "obj", "fbx", "gltf", "glb", "blend", "dae", "usd", "usda", "usdc", "usdz", "ply", "stl",
    "3mf", "abc", "ma", "mb", "max", "c4d",
];
const SCENES: &[&str] = &["blend", "hip", "hipnc", "ma", "mb", "c4d", "max"];
const PICTURES: &[&str] = &[
    "png", "jpg", "jpeg", "tga", "tif", "tiff", "exr", "dds", "bmp", "webp",
];
const READS: &[&str] = &["fastq", "fq", "fastq.gz", "fq.gz"];

/// The table, first match first.
pub(super) const COMPANIONS: &[Companion] = &[
    // An index, checksum or signature named after its whole file (hts-specs, GnuPG, coreutils).
    Companion {
        link: Link::WholeName {
            follower: &[
                "bai", "crai", "csi", "tbi", "fai", "gzi", "md5", "sha1", "sha256", "sha512",
                "sfv", "sig", "asc", "par2",
            ],
        },
        role: Role::Sidecar,
    },
    // A BAM alignment and its index (samtools index).
    Companion {
        link: Link::SameStem {
            main: &["bam"],
            follower: &["bai"],
        },
        role: Role::Sidecar,
    },
    // A CRAM alignment and its index.
    Companion {
        link: Link::SameStem {
            main: &["cram"],
            follower: &["crai"],
        },
        role: Role::Sidecar,
    },
    // The second reads of a paired-end sample with its first (Illumina's file naming).
    Companion {
        link: Link::Mate {
            marks: &[("_r2_", "_r1_"), ("_r2.", "_r1."), ("_2.f", "_1.f")],
            follower: READS,
        },
        role: Role::Companion,
    },
    // A Blender scene and the earlier versions Blender saves beside it.
    Companion {
        link: Link::SameStem {
            main: &["blend"],
            follower: &["blend1", "blend2", "blend3"],
        },
        role: Role::Companion,
    },
    // A Wavefront model and its material library.
    Companion {
        link: Link::SameStem {
            main: &["obj"],
            follower: &["mtl"],
        },
        role: Role::Companion,
    },
    // A glTF model and its binary buffer (Khronos glTF 2.0).
    Companion {
        link: Link::SameStem {
            main: &["gltf"],
            follower: &["bin"],
        },
        role: Role::Companion,
    },
    // A model's texture maps, named after it with the map they are.
    Companion {
        link: Link::StemAndWord {
            main: MODELS,
            words: &[
                "diffuse",
                "albedo",
                "basecolor",
                "color",
                "normal",
                "nor",
                "roughness",
                "rough",
                "metallic",
                "metalness",
                "specular",
                "gloss",
                "ao",
                "occlusion",
                "height",
                "displacement",
                "disp",
                "bump",
                "emissive",
                "emission",
                "opacity",
                "alpha",
                "orm",
            ],
            follower: PICTURES,
        },
        role: Role::Companion,
    },
    // A Bethesda game plugin and its archive.
    Companion {
        link: Link::SameStem {
            main: &["esp", "esm", "esl"],
            follower: &["bsa", "ba2"],
        },
        role: Role::Companion,
    },
    // A Bethesda game plugin and its named archives.
    Companion {
        link: Link::StemAndWord {
            main: &["esp", "esm", "esl"],
            words: &["main", "textures", "meshes", "sounds", "voices"],
            follower: &["bsa", "ba2"],
        },
        role: Role::Companion,
    },
    // A Sony camera clip and its metadata (C0001M01.XML).
    Companion {
        link: Link::StemAndSuffix {
            main: CLIPS,
            suffixes: &["m01", "m02", "m03"],
            follower: &["xml"],
        },
        role: Role::Sidecar,
    },
    // A RED clip and its look metadata.
    Companion {
        link: Link::MainHasSuffix {
            main: &["r3d"],
            suffixes: &["_001"],
            follower: &["rmd", "rtn"],
        },
        role: Role::Sidecar,
    },
    // A Blackmagic RAW clip and its sidecar.
    Companion {
        link: Link::SameStem {
            main: &["braw"],
            follower: &["sidecar"],
        },
        role: Role::Sidecar,
    },
    // A clip and its editing proxy (Premiere's and Resolve's `_Proxy`).
    Companion {
        link: Link::StemAndWord {
            main: CLIPS,
            words: &["proxy"],
            follower: &["mp4", "mov"],
        },
        role: Role::Companion,
    },
    // A disc rip and its ripping log (EAC, XLD).
    Companion {
        link: Link::SameStem {
            main: AUDIO_RIPS,
            follower: &["log", "accurip", "m3u", "m3u8"],
        },
        role: Role::Companion,
    },
    // One e-invoice downloaded as PDF, OFD and XML.
    Companion {
        link: Link::SameStem {
            main: &["pdf"],
            follower: &["ofd", "xml"],
        },
        role: Role::Companion,
    },
    // One e-invoice downloaded as OFD and XML.
    Companion {
        link: Link::SameStem {
            main: &["ofd"],
            follower: &["xml"],
        },
        role: Role::Companion,
    },
    // A checksum list and the files its name begins (etree's live recordings).
    Companion {
        link: Link::PrefixList {
            follower: &["md5", "ffp", "st5", "sfv", "sha1", "sha256"],
        },
        role: Role::Sidecar,
    },
    // A Blender scene's physics cache.
    Companion {
        link: Link::FolderOfStem {
            main: &["blend"],
            prefix: "blendcache_",
            suffix: "",
        },
        role: Role::Folder,
    },
    // A scene's cache folder named after it.
    Companion {
        link: Link::FolderOfStem {
            main: SCENES,
            prefix: "",
            suffix: "_cache",
        },
        role: Role::Folder,
    },
    // Premiere Pro's auto-saves of its project.
    Companion {
        link: Link::FolderOfApp {
            main: &["prproj"],
            folder: "adobe premiere pro auto-save",
        },
        role: Role::Folder,
    },
    // Premiere Pro's rendered previews.
    Companion {
        link: Link::FolderOfApp {
            main: &["prproj"],
            folder: "adobe premiere pro video previews",
        },
        role: Role::Folder,
    },
    // Premiere Pro's rendered audio previews.
    Companion {
        link: Link::FolderOfApp {
            main: &["prproj"],
            folder: "adobe premiere pro audio previews",
        },
        role: Role::Folder,
    },
    // After Effects' auto-saves of its project.
    Companion {
        link: Link::FolderOfApp {
            main: &["aep"],
            folder: "adobe after effects auto-save",
        },
        role: Role::Folder,
    },
];

/// Whether the folder named `name` is one an application keeps beside
/// its files (a cache, auto-saves, previews, as the table names them):
/// never a place for other files.
pub(crate) fn kept_by_application(name: &str) -> bool {
    let lower = name.to_lowercase();
    COMPANIONS
        .iter()
        .any(|row| row.link.folder(&lower).is_some())
}

/// What a folder's name is to a link that names folders.
enum FolderName<'l> {
    /// The folder of the main file of this stem.
    OfStem(&'l str, &'static [&'static str]),
    /// The application's folder beside its one project of these endings.
    OfApp(&'static [&'static str]),
}

impl Link {
    /// What the folder named `lower` (in lower case) is to this link, when
    /// the link names folders and the name is one of them.
    fn folder<'l>(&self, lower: &'l str) -> Option<FolderName<'l>> {
        match *self {
            Link::FolderOfStem {
                main,
                prefix,
                suffix,
            } => lower
                .strip_prefix(prefix)
                .and_then(|rest| rest.strip_suffix(suffix))
                .filter(|stem| !stem.is_empty() && prefix.len() + suffix.len() > 0)
                .map(|stem| FolderName::OfStem(stem, main)),
            Link::FolderOfApp { main, folder } => {
                (lower == folder).then_some(FolderName::OfApp(main))
            }
            Link::SameStem { .. }
            | Link::WholeName { .. }
            | Link::StemAndSuffix { .. }
            | Link::MainHasSuffix { .. }
            | Link::StemAndWord { .. }
            | Link::Mate { .. }
            | Link::PrefixList { .. } => None,
        }
    }
}

/// One follower and the main file (or folder's main file) it goes with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Found<'a> {
    pub(super) follower: &'a str,
    pub(super) main: &'a str,
    pub(super) role: Role,
}

/// The stem of `lower` without `ending` (`x.fastq.gz` less `fastq.gz`).
fn stem_before<'l>(lower: &'l str, ending: &str) -> Option<&'l str> {
    let stem = lower.strip_suffix(ending)?.strip_suffix('.')?;
    (!stem.is_empty()).then_some(stem)
}

/// The stem of `lower` for the first of `endings` it has.
fn stem_of<'l>(lower: &'l str, endings: &[&str]) -> Option<&'l str> {
    endings.iter().find_map(|ending| stem_before(lower, ending))
}

/// Attaches each of `found` to the group its main file is in among
/// `formed`, or forms a group of it; a main that itself follows another
/// file is followed to the file it follows (a few steps at most).
pub(super) fn attach<'a>(formed: &mut Vec<Related>, found: &[Found<'a>]) {
    let main_of: HashMap<&'a str, &'a str, RandomState> = found
        .iter()
        .map(|link| (link.follower, link.main))
        .collect();
    let root = |mut name: &'a str| -> &'a str {
        for _ in 0..8 {
            match main_of.get(name) {
                Some(main) if *main != name => name = main,
                Some(_) | None => break,
            }
        }
        name
    };
    let mut group_of: HashMap<String, usize, RandomState> = HashMap::default();
    for (at, group) in formed.iter().enumerate() {
        for name in group.names() {
            group_of.insert(name.to_owned(), at);
        }
    }
    for link in found {
        let main = root(link.main);
        if main == link.follower || group_of.contains_key(link.follower) {
            continue;
        }
        let at = *group_of.entry(main.to_owned()).or_insert_with(|| {
            formed.push(Related {
                main: main.to_owned(),
                kind_name: main.to_owned(),
                members: Vec::new(),
            });
            formed.len() - 1
        });
        formed[at]
            .members
            .push((link.follower.to_owned(), link.role));
        group_of.insert(link.follower.to_owned(), at);
    }
}

/// Separators between a stem and a word after it.
const SEPARATORS: [&str; 4] = ["_", "-", " - ", " "];

/// Every follower among a folder's `files` and `dirs` (each name with its
/// facts) not in `taken`, with its main file: files first, in the order
/// of the table's rows, then the files `named` names (each a file with the
/// names it holds, `references`). A main is a file not itself hidden; chains
/// (`x_R2.fastq.gz.md5` after `x_R2.fastq.gz` after `x_R1.fastq.gz`) are
/// left for the caller to follow.
pub(super) fn links<'a>(
    files: &[(&'a str, &'a NameFacts)],
    dirs: &[(&'a str, &'a NameFacts)],
    named: &[(String, Vec<String>)],
    taken: &HashSet<&str, RandomState>,
) -> Vec<Found<'a>> {
    let by_lower: HashMap<&str, &'a str, RandomState> = files
        .iter()
        .map(|(name, facts)| (facts.lower(), *name))
        .collect();
    let mut sorted: Vec<(&str, &'a str)> = by_lower.iter().map(|(l, n)| (*l, *n)).collect();
    sorted.sort_unstable();
    let lookup = |lower: &str| by_lower.get(lower).copied();
    let mut found = Vec::new();
    let mut followed: HashSet<&str, RandomState> = HashSet::default();
    for row in COMPANIONS {
        for (name, facts) in files {
            if taken.contains(name) || followed.contains(name) {
                continue;
            }
            let mains = file_mains(row.link, facts.lower(), &lookup, &sorted);
            let Some((main, listed)) = mains.split_first() else {
                continue;
            };
            // A list's other files follow its first one with it.
            let others: Vec<&'a str> = listed
                .iter()
                .copied()
                .filter(|other| !taken.contains(other) && !followed.contains(other))
                .collect();
            for follower in std::iter::once(*name).chain(others) {
                followed.insert(follower);
                found.push(Found {
                    follower,
                    main,
                    role: row.role,
                });
            }
        }
    }
    found.extend(named_links(&by_lower, named, taken, &mut followed));
    for (dir, facts) in dirs {
        if taken.contains(dir) {
            continue;
        }
        let main = COMPANIONS
            .iter()
            .find_map(|row| folder_main(row, facts.lower(), &lookup, &sorted));
        if let Some((main, role)) = main {
            found.push(Found {
                follower: dir,
                main,
                role,
            });
        }
    }
    found
}

/// The links of the files `named` names (each a file with the names it
/// holds) to it: a file named follows the file naming it, unless it is in
/// `taken` or already follows another (`followed`). `by_lower` finds a
/// folder's files by their names in lower case.
fn named_links<'a>(
    by_lower: &HashMap<&str, &'a str, RandomState>,
    named: &[(String, Vec<String>)],
    taken: &HashSet<&str, RandomState>,
    followed: &mut HashSet<&'a str, RandomState>,
) -> Vec<Found<'a>> {
    let mut links = Vec::new();
    for (namer, names) in named {
        let Some(main) = by_lower.get(namer.to_lowercase().as_str()).copied() else {
            continue;
        };
        for name in names {
            let Some(follower) = by_lower.get(name.to_lowercase().as_str()).copied() else {
                continue;
            };
            if follower == main || taken.contains(follower) || !followed.insert(follower) {
                continue;
            }
            links.push(Found {
                follower,
                main,
                role: Role::Companion,
            });
        }
    }
    links
}

/// The main files the file `lower` follows by `link`: one at most, or
/// for a list every file it names, the first being its main.
fn file_mains<'a>(
    link: Link,
    lower: &str,
    lookup: &dyn Fn(&str) -> Option<&'a str>,
    sorted: &[(&str, &'a str)],
) -> Vec<&'a str> {
    let first = |candidates: &mut dyn Iterator<Item = String>| -> Vec<&'a str> {
        let mut found = None;
        for candidate in candidates {
            found = lookup(&candidate);
            if found.is_some() {
                break;
            }
        }
        found.into_iter().collect()
    };
    match link {
        Link::SameStem { main, follower } => {
            let Some(stem) = stem_of(lower, follower) else {
                return Vec::new();
            };
            first(&mut main.iter().map(|ending| format!("{stem}.{ending}")))
        }
        Link::WholeName { follower } => stem_of(lower, follower)
            .and_then(lookup)
            .into_iter()
            .collect(),
        Link::StemAndSuffix {
            main,
            suffixes,
            follower,
        } => {
            let Some(base) = stem_of(lower, follower)
                .and_then(|stem| suffixes.iter().find_map(|s| stem.strip_suffix(s)))
            else {
                return Vec::new();
            };
            first(&mut main.iter().map(|ending| format!("{base}.{ending}")))
        }
        Link::MainHasSuffix {
            main,
            suffixes,
            follower,
        } => {
            let Some(stem) = stem_of(lower, follower) else {
                return Vec::new();
            };
            first(&mut suffixes.iter().flat_map(|suffix| {
                main.iter()
                    .map(move |ending| format!("{stem}{suffix}.{ending}"))
            }))
        }
        Link::StemAndWord {
            main,
            words,
            follower,
        } => {
            let Some(stem) = stem_of(lower, follower) else {
                return Vec::new();
            };
            let bases = words.iter().flat_map(|word| {
                SEPARATORS.iter().filter_map(move |sep| {
                    stem.strip_suffix(word)?
                        .strip_suffix(sep)
                        .filter(|b| !b.is_empty())
                })
            });
            first(
                &mut bases
                    .flat_map(|base| main.iter().map(move |ending| format!("{base}.{ending}"))),
            )
        }
        Link::Mate { marks, follower } => {
            if stem_of(lower, follower).is_none() {
                return Vec::new();
            }
            first(&mut marks.iter().filter_map(|(mark, mate)| {
                let at = lower.rfind(mark)?;
                Some(format!(
                    "{}{mate}{}",
                    &lower[..at],
                    &lower[at + mark.len()..]
                ))
            }))
        }
        Link::PrefixList { follower } => {
            let Some(stem) = stem_of(lower, follower).filter(|stem| stem.chars().count() >= 6)
            else {
                return Vec::new();
            };
            let start = sorted.partition_point(|(l, _)| *l < stem);
            sorted[start..]
                .iter()
                .take_while(|(l, _)| l.starts_with(stem))
                .filter(|(l, _)| {
                    *l != lower && crate::kinds::kind_of_lowercase(l) != Category::Other
                })
                .map(|(_, name)| *name)
                .collect()
        }
        Link::FolderOfStem { .. } | Link::FolderOfApp { .. } => Vec::new(),
    }
}

/// The main file of the folder `lower` by `row`, with the folder's role.
fn folder_main<'a>(
    row: &Companion,
    lower: &str,
    lookup: &dyn Fn(&str) -> Option<&'a str>,
    sorted: &[(&str, &'a str)],
) -> Option<(&'a str, Role)> {
    let main = match row.link.folder(lower)? {
        FolderName::OfStem(stem, main) => main
            .iter()
            .find_map(|ending| lookup(&format!("{stem}.{ending}")))?,
        FolderName::OfApp(main) => {
            // Only where the application's project is the one of its kind.
            let mut projects = sorted
                .iter()
                .filter(|(l, _)| stem_of(l, main).is_some())
                .map(|(_, name)| *name);
            let project = projects.next()?;
            if projects.next().is_some() {
                return None;
            }
            project
        }
    };
    Some((main, row.role))
}
