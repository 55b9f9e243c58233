//! Sound and video: title, artist, album, year and duration, read with
//! `lofty` (ID3v2/ID3v1, Vorbis comments, MP4 atoms, APE...) from a view of
//! the whole file in which only the head and the tail can be read.

use lofty::config::ParseOptions;
use lofty::file::{AudioFile, TaggedFileExt};
use lofty::probe::Probe;
use lofty::tag::{Accessor, ItemKey};

use super::source::{Source, fact};
use super::{Contents, Kind};

/// The longest tag value kept, in characters.
const FACT_CHARS: usize = 200;

/// Reads sound or video of the format `format`.
pub(crate) fn read(src: &Source, kind: Kind, format: &str) -> Contents {
    let mut contents = Contents::new(kind, format);
    let options = ParseOptions::new().read_cover_art(false);
    let Ok(probe) = Probe::new(src.reader()).options(options).guess_file_type() else {
        return contents;
    };
    let Ok(file) = probe.read() else {
        return contents;
    };
    let secs = file.properties().duration().as_secs();
    if secs > 0 {
        contents.duration_secs = Some(secs);
    }
    if let Some(tag) = file.primary_tag().or_else(|| file.first_tag()) {
        contents.title = tag.title().and_then(|s| fact(&s, FACT_CHARS));
        contents.artist = tag.artist().and_then(|s| fact(&s, FACT_CHARS));
        contents.album = tag.album().and_then(|s| fact(&s, FACT_CHARS));
        contents.year = tag
            .date()
            .map(|d| d.year.to_string())
            .or_else(|| tag.get_string(ItemKey::Year).and_then(|s| fact(s, 20)));
    }
    contents
}
