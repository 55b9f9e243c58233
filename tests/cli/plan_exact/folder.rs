//! A random folder as people have one, for the property test of
//! `plan_exact`: photos with and without a date in their names,
//! screenshots, invoices and papers, office files, spreadsheets, code,
//! archives, installers, music, videos, films with their subtitles,
//! byte-identical copies, hidden files, a few folders already there;
//! names with spaces and letters of other scripts. Every file's bytes are
//! its own but a copy's. Described by counts, so a failing case shrinks
//! to few files of few kinds.

use std::path::Path;

use proptest::prelude::*;

/// The kinds of loose file, each with the names it takes in turn (`{i}`:
/// the file's number among its kind).
const KINDS: &[(&str, &[&str])] = &[
    ("notes", &["notes {i}.txt", "todo-{i}.md", "日记 {i}.txt"]),
    (
        "dated photos",
        &["IMG_{date}_{time}.jpg", "IMG_{date}_{time}.HEIC"],
    ),
    (
        "photos",
        &[
            "holiday {i}.jpg",
            "Été à Nice {i}.jpeg",
            "猫咪 {i}.png",
            "scan_{i}.gif",
        ],
    ),
    (
        "screenshots",
        &["Screenshot {day} at {clock}.png", "截屏{day} {clock}.png"],
    ),
    (
        "invoices",
        &[
            "Invoice_{month}_{i}.pdf",
            "invoice acme {i}.pdf",
            "发票 {i}.pdf",
        ],
    ),
    (
        "papers",
        &["paper attention {i}.pdf", "论文 {i}.pdf", "report {i}.pdf"],
    ),
    (
        "office",
        &["letter {i}.docx", "slides {i}.pptx", "Lebenslauf {i}.odt"],
    ),
    (
        "sheets",
        &["budget {i}.xlsx", "data_{i}.csv", "账单 {i}.xlsx"],
    ),
    ("code", &["script_{i}.py", "main{i}.rs", "app {i}.js"]),
    (
        "archives",
        &["backup {i}.zip", "photos-{i}.tar.gz", "源码 {i}.7z"],
    ),
    (
        "installers",
        &["setup {i}.exe", "App-{i}.dmg", "tool_{i}.deb"],
    ),
    (
        "music",
        &["track {i}.mp3", "Café del Mar {i}.flac", "歌 {i}.m4a"],
    ),
    ("videos", &["clip {i}.mp4", "vacances {i}.mov"]),
];

/// Folders already in the target, each with one file inside: category
/// folders, a folder of the user's for a kind, a client's folder. Their
/// files take names loose files may have too (with other bytes).
const FOLDERS: &[&str] = &[
    "Images/holiday 0.jpg",
    "Invoices/Invoice_2019-01_0.pdf",
    "Clients/Acme/letter 0.docx",
    "Documents/report 2.pdf",
];

/// A folder to write: how many loose files, split among [`KINDS`] by
/// `weights`, then films with subtitles, copies, hidden files and the
/// folders of [`FOLDERS`] (a bit each in `folders`).
#[derive(Debug, Clone)]
pub struct Folder {
    /// Loose files of the kinds.
    pub files: usize,
    /// A weight per kind (all zero: every file is a note).
    pub weights: Vec<u8>,
    /// Films, each `NAME.mkv` (or `.mp4`) with `NAME.srt` beside it.
    pub films: usize,
    /// Copies `NAME (1).EXT` of earlier files, with their very bytes.
    pub copies: usize,
    /// Hidden files.
    pub hidden: usize,
    /// Which of [`FOLDERS`] are there.
    pub folders: u8,
}

/// Folders below the large-folder limit (200 entries) half the time, else
/// between it and 5,000 files.
pub fn folder() -> impl Strategy<Value = Folder> {
    let files = prop_oneof![40usize..150, 220usize..4_950];
    (
        files,
        proptest::collection::vec(0u8..8, KINDS.len()),
        0usize..6,
        0usize..8,
        0usize..4,
        0u8..16,
    )
        .prop_map(|(files, weights, films, copies, hidden, folders)| Folder {
            files,
            weights,
            films,
            copies,
            hidden,
            folders,
        })
}

impl Folder {
    /// Writes the folder into `root`.
    pub fn write(&self, root: &Path) {
        let names = self.names();
        let mut written = 0usize;
        let mut write = |relative: &str| {
            written += 1;
            let path = root.join(relative);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).unwrap();
            }
            std::fs::write(&path, format!("#{written} {relative}\n")).unwrap();
        };
        for name in &names {
            write(name);
        }
        for n in 0..self.films {
            let film = if n % 2 == 0 { "film" } else { "电影" };
            let video = if n % 3 == 2 { "mp4" } else { "mkv" };
            write(&format!("{film} {n}.{video}"));
            write(&format!("{film} {n}.srt"));
        }
        for n in 0..self.hidden {
            write(&format!(".hidden {n}"));
        }
        for (bit, inside) in FOLDERS.iter().enumerate() {
            if self.folders & (1 << bit) != 0 {
                write(inside);
            }
        }
        // The copies last, of files spread over the kinds.
        if names.is_empty() {
            return;
        }
        let step = (names.len() / self.copies.max(1)).max(1);
        for original in names.iter().step_by(step).take(self.copies) {
            let bytes = std::fs::read(root.join(original)).unwrap();
            std::fs::write(root.join(copy_name(original)), bytes).unwrap();
        }
    }

    /// The loose files' names, kind by kind.
    fn names(&self) -> Vec<String> {
        let total: usize = self.weights.iter().map(|w| usize::from(*w)).sum();
        let mut counts: Vec<usize> = self
            .weights
            .iter()
            .map(|w| self.files * usize::from(*w) / total.max(1))
            .collect();
        // What the division leaves, and everything when no kind weighs
        // anything, is notes.
        counts[0] += self.files - counts.iter().sum::<usize>();
        let mut names = Vec::new();
        for ((_, patterns), count) in KINDS.iter().zip(counts) {
            names.extend((0..count).map(|i| fill(patterns[i % patterns.len()], i)));
        }
        names
    }
}

/// `pattern` for the `i`-th file of its kind: a number, a date and a time
/// of day that differ for every `i`.
fn fill(pattern: &str, i: usize) -> String {
    let (year, month, day) = (2019 + i % 6, 1 + i % 12, 1 + i % 28);
    let (hour, minute, second) = (i / 3600 % 24, i / 60 % 60, i % 60);
    pattern
        .replace("{i}", &i.to_string())
        .replace("{date}", &format!("{year}{month:02}{day:02}"))
        .replace("{time}", &format!("{hour:02}{minute:02}{second:02}"))
        .replace("{day}", &format!("{year}-{month:02}-{day:02}"))
        .replace("{clock}", &format!("{hour:02}.{minute:02}.{second:02}"))
        .replace("{month}", &format!("{year}-{month:02}"))
}

/// The name a copy of `name` gets: ` (1)` before its extension.
fn copy_name(name: &str) -> String {
    let split = name
        .strip_suffix(".tar.gz")
        .map(|stem| (stem, ".tar.gz"))
        .or_else(|| name.rfind('.').map(|dot| name.split_at(dot)))
        .unwrap_or((name, ""));
    format!("{} (1){}", split.0, split.1)
}
