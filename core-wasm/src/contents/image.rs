//! Pictures: dimensions (`imagesize`), and from EXIF data (`kamadak-exif`)
//! the date taken, the camera, and whether a place is recorded. The place
//! itself is never read out.

use std::io::Cursor;

use exif::{Context, Exif, In, Tag, Value};

use super::source::{Source, fact};
use super::{Contents, Date, Kind};

/// Reads a picture of the format `format`.
pub(crate) fn read(src: &Source, format: &str) -> Contents {
    let mut contents = Contents::new(Kind::Image, format);
    if let Ok(size) = imagesize::blob_size(src.head)
        && let (Ok(w), Ok(h)) = (u32::try_from(size.width), u32::try_from(size.height))
        && w > 0
        && h > 0
    {
        contents.dimensions = Some((w, h));
    }
    if let Some(exif) = exif_of(src.head) {
        contents.taken =
            ascii(&exif, Tag::DateTimeOriginal).or_else(|| ascii(&exif, Tag::DateTime));
        contents.taken_on = contents.taken.as_deref().and_then(Date::parse);
        let make = ascii(&exif, Tag::Make).unwrap_or_default();
        let model = ascii(&exif, Tag::Model).unwrap_or_default();
        // Models often repeat the make ("Canon" + "Canon EOS R5").
        let camera = if model.to_lowercase().starts_with(&make.to_lowercase()) {
            model
        } else {
            format!("{make} {model}")
        };
        contents.camera = fact(&camera, 120);
        contents.has_location = exif.fields().any(|f| f.tag.context() == Context::Gps);
    }
    contents
}

/// The EXIF data of a picture, read leniently: writers such as piexif leave
/// small faults (a stray next-IFD pointer) that a strict read rejects whole,
/// so the fields that did parse are kept. `None` when nothing could be read.
fn exif_of(bytes: &[u8]) -> Option<Exif> {
    match exif::Reader::new()
        .continue_on_error(true)
        .read_from_container(&mut Cursor::new(bytes))
    {
        Ok(exif) => Some(exif),
        Err(exif::Error::PartialResult(partial)) => Some(partial.into_inner().0),
        Err(_) => None,
    }
}

/// The first ASCII value of a primary-image tag.
fn ascii(exif: &Exif, tag: Tag) -> Option<String> {
    match &exif.get_field(tag, In::PRIMARY)?.value {
        Value::Ascii(values) => fact(&String::from_utf8_lossy(values.first()?), 120),
        Value::Byte(_)
        | Value::SByte(_)
        | Value::Short(_)
        | Value::SShort(_)
        | Value::Long(_)
        | Value::SLong(_)
        | Value::Rational(_)
        | Value::SRational(_)
        | Value::Float(_)
        | Value::Double(_)
        | Value::Undefined(..)
        | Value::Unknown(..) => None,
    }
}
