//! The real type of a file from its first bytes (magic numbers), never from
//! its name.

use infer::MatcherType;

use super::source::find;

/// What the first bytes of a file say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sniffed {
    /// A PDF document.
    Pdf,
    /// A ZIP container: an archive or an office document.
    Zip,
    /// A gzip stream.
    Gzip,
    /// A tar archive.
    Tar,
    /// A picture, with its format's short name.
    Image(&'static str),
    /// Sound, with its format's short name.
    Audio(&'static str),
    /// A video, with its format's short name.
    Video(&'static str),
    /// Another archive format.
    Archive(&'static str),
    /// A known binary format with no text to read.
    Binary(&'static str),
    /// Nothing known: maybe text.
    Unknown,
}

/// The type of a file whose first bytes are `head`.
pub(crate) fn sniff(head: &[u8]) -> Sniffed {
    let start = head.get(..1024).unwrap_or(head);
    if find(start, b"%PDF-", 0).is_some() {
        return Sniffed::Pdf;
    }
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        return Sniffed::Zip;
    }
    if head.starts_with(&[0x1f, 0x8b]) {
        return Sniffed::Gzip;
    }
    if head.get(257..262) == Some(b"ustar") {
        return Sniffed::Tar;
    }
    // A byte-order mark means text, whatever else the bytes resemble.
    if encoding_rs::Encoding::for_bom(head).is_some() {
        return Sniffed::Unknown;
    }
    let Some(found) = infer::get(head) else {
        return Sniffed::Unknown;
    };
    let format = short_name(found.extension());
    match found.matcher_type() {
        MatcherType::Image => Sniffed::Image(format),
        MatcherType::Audio => Sniffed::Audio(format),
        MatcherType::Video => Sniffed::Video(format),
        MatcherType::Archive => Sniffed::Archive(format),
        MatcherType::Text => Sniffed::Unknown,
        MatcherType::App
        | MatcherType::Book
        | MatcherType::Doc
        | MatcherType::Font
        | MatcherType::Custom => Sniffed::Binary(format),
    }
}

/// The upper-case short name of a format from its usual extension.
fn short_name(extension: &'static str) -> &'static str {
    const NAMES: [(&str, &str); 40] = [
        ("jpg", "JPEG"),
        ("png", "PNG"),
        ("gif", "GIF"),
        ("webp", "WEBP"),
        ("bmp", "BMP"),
        ("tif", "TIFF"),
        ("ico", "ICO"),
        ("heif", "HEIF"),
        ("avif", "AVIF"),
        ("jxl", "JXL"),
        ("psd", "PSD"),
        ("cr2", "CR2"),
        ("mp3", "MP3"),
        ("m4a", "M4A"),
        ("ogg", "OGG"),
        ("flac", "FLAC"),
        ("wav", "WAV"),
        ("aac", "AAC"),
        ("aiff", "AIFF"),
        ("amr", "AMR"),
        ("opus", "OPUS"),
        ("mp4", "MP4"),
        ("m4v", "M4V"),
        ("mkv", "MKV"),
        ("webm", "WEBM"),
        ("mov", "MOV"),
        ("avi", "AVI"),
        ("wmv", "WMV"),
        ("flv", "FLV"),
        ("zip", "ZIP"),
        ("rar", "RAR"),
        ("7z", "7Z"),
        ("bz2", "BZIP2"),
        ("xz", "XZ"),
        ("zst", "ZSTD"),
        ("exe", "EXE"),
        ("elf", "ELF"),
        ("dmg", "DMG"),
        ("sqlite", "SQLITE"),
        ("wasm", "WASM"),
    ];
    NAMES
        .iter()
        .find(|(ext, _)| *ext == extension)
        .map_or(extension, |(_, name)| *name)
}
