//! What a file holds, as typed facts and a bounded excerpt of its text.
//!
//! The host reads at most a head and a tail of a file and hands them over as
//! [`FileBytes`]; [`read`] tells what the file is from its content (never
//! from its name alone) and pulls out the facts and text a model needs to
//! decide where the file belongs; `crate::texts` words that as the
//! `read_file` tool result for the model, while the rules and the planner
//! read the [`Contents`] itself (its [`Contents::rule_text`] and
//! [`Contents::taken_month`]), never those words. Everything here is pure: no IO, no clock, no
//! threads, never a panic, and every allocation driven by the file's data is
//! capped.

mod archive;
mod audio;
mod excerpt;
mod image;
mod neutral;
mod office;
mod pdf;
mod sniff;
mod source;
mod text;
mod xml;

pub use neutral::Date;

/// The excerpt length the `read_file` tool uses when none is asked for.
pub const DEFAULT_MAX_CHARS: usize = 4_000;
/// The longest excerpt [`read`] ever returns, whatever is asked.
pub const MAX_CHARS: usize = 16_000;
/// How many archive entry names [`Contents::entry_names`] holds at most.
pub const MAX_ENTRY_NAMES: usize = 20;

/// What the host read of one file.
#[derive(Debug, Clone, Copy)]
pub struct FileBytes<'a> {
    /// The file's name (used only to word the result, never to decide the type).
    pub name: &'a str,
    /// The first bytes of the file, up to the host's byte budget.
    pub head: &'a [u8],
    /// The last bytes of the file; empty when `head` already holds it all.
    pub tail: &'a [u8],
    /// The file's full size in bytes.
    pub size: u64,
}

/// The kind of a file, told from its content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// No bytes at all.
    Empty,
    /// Plain text in some encoding.
    Text,
    /// A PDF document.
    Pdf,
    /// A word-processor document (DOCX, ODT).
    Document,
    /// A spreadsheet (XLSX, ODS).
    Spreadsheet,
    /// A presentation (PPTX, ODP).
    Presentation,
    /// A picture.
    Image,
    /// Sound.
    Audio,
    /// A video.
    Video,
    /// An archive (ZIP, TAR, GZIP and the like).
    Archive,
    /// Anything else: bytes with no readable text.
    Binary,
}

/// What a file holds, structured; no language yet (`crate::texts` words it).
///
/// Every string is bounded: `text` holds at most the `max_chars` asked of
/// [`read`], each fact at most a few hundred characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contents {
    /// The kind of the file.
    pub kind: Kind,
    /// A short name of the exact format ("PDF", "DOCX", "JPEG", "MP3", "ZIP",
    /// "ELF"...); empty when unknown or plain text.
    pub format: String,
    /// The text encoding, when the file is text and not UTF-8 ("GBK",
    /// "Shift_JIS", "UTF-16LE"...).
    pub encoding: Option<String>,
    /// The page count of a PDF, or the slide count of a presentation.
    pub pages: Option<u32>,
    /// Width and height in pixels of a picture.
    pub dimensions: Option<(u32, u32)>,
    /// Length of a sound or video, in whole seconds.
    pub duration_secs: Option<u64>,
    /// When a photo was taken, as its EXIF data writes it (for the words).
    pub taken: Option<String>,
    /// The day a photo was taken, read from `taken`.
    pub taken_on: Option<Date>,
    /// The camera's make and model.
    pub camera: Option<String>,
    /// Whether a photo records where it was taken (the place itself is never
    /// kept).
    pub has_location: bool,
    /// A title (of a song, a PDF...).
    pub title: Option<String>,
    /// The artist of a song.
    pub artist: Option<String>,
    /// The album of a song.
    pub album: Option<String>,
    /// The year of a song.
    pub year: Option<String>,
    /// How many entries an archive holds.
    pub entries: Option<usize>,
    /// Whether `entries` is only a lower bound (the archive was not read whole).
    pub entries_at_least: bool,
    /// The first entry names of an archive, at most [`MAX_ENTRY_NAMES`].
    pub entry_names: Vec<String>,
    /// The excerpt of the file's text, at most `max_chars` characters.
    pub text: String,
    /// Whether the file holds more text than `text`.
    pub truncated: bool,
}

impl Contents {
    /// Empty contents of one kind and format, to be filled in.
    pub(crate) fn new(kind: Kind, format: &str) -> Self {
        Contents {
            kind,
            format: format.to_ascii_uppercase(),
            encoding: None,
            pages: None,
            dimensions: None,
            duration_secs: None,
            taken: None,
            taken_on: None,
            camera: None,
            has_location: false,
            title: None,
            artist: None,
            album: None,
            year: None,
            entries: None,
            entries_at_least: false,
            entry_names: Vec::new(),
            text: String::new(),
            truncated: false,
        }
    }
}

/// Tells what `file` holds, with an excerpt of at most `max_chars`
/// characters (and never more than [`MAX_CHARS`]). Never panics, whatever
/// the bytes.
pub fn read(file: &FileBytes, max_chars: usize) -> Contents {
    let max = max_chars.min(MAX_CHARS);
    let src = source::Source::new(file);
    if src.len() == 0 {
        return Contents::new(Kind::Empty, "");
    }
    match sniff::sniff(file.head) {
        sniff::Sniffed::Pdf => pdf::read(&src, max),
        sniff::Sniffed::Zip => office::read(&src, max),
        sniff::Sniffed::Gzip => archive::read_gzip(&src),
        sniff::Sniffed::Tar => archive::read_tar(&src),
        sniff::Sniffed::Image(format) => image::read(&src, format),
        sniff::Sniffed::Audio(format) => audio::read(&src, Kind::Audio, format),
        sniff::Sniffed::Video(format) => audio::read(&src, Kind::Video, format),
        sniff::Sniffed::Archive(format) => Contents::new(Kind::Archive, format),
        sniff::Sniffed::Binary(format) => Contents::new(Kind::Binary, format),
        sniff::Sniffed::Unknown => {
            text::read(&src, max).unwrap_or_else(|| Contents::new(Kind::Binary, ""))
        }
    }
}
