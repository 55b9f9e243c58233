//! Paths as their exact bytes, for the host's own records and moves (the
//! journal, `undo`, the trash's names): never shown names, which are for
//! people and the model (see the parent module).

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use super::shown_path;

/// What starts a path written [`exact`]ly: a NUL, which no name holds, so
/// no path of shown names is ever taken for one.
const EXACT: char = '\0';

/// `path` written so that every file system of the host takes it as
/// exactly its bytes, never as shown names (a NUL, then the bytes in hex,
/// on Unix; elsewhere, where a path is its text, the text). For the host's
/// own use (`undo`, the journal), never shown.
pub fn exact(path: &Path) -> String {
    match raw_hex(path) {
        Some(hex) => format!("{EXACT}{hex}"),
        None => path.to_string_lossy().into_owned(),
    }
}

/// The path an [`exact`] text stands for; `None` for any other text.
pub fn exact_path(text: &str) -> Option<PathBuf> {
    from_raw_hex(text.strip_prefix(EXACT)?)
}

/// The bytes of `path` in hex (Unix, where a path is bytes; `None`
/// elsewhere).
fn raw_hex(path: &Path) -> Option<String> {
    #[cfg(unix)]
    {
        use std::fmt::Write;
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        let mut hex = String::with_capacity(bytes.len() * 2);
        for byte in bytes {
            let _ = write!(hex, "{byte:02x}");
        }
        Some(hex)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// The path whose bytes [`raw_hex`] wrote as `hex`.
pub fn from_raw_hex(hex: &str) -> Option<PathBuf> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        if !hex.len().is_multiple_of(2) {
            return None;
        }
        let bytes = (0..hex.len())
            .step_by(2)
            .map(|at| u8::from_str_radix(hex.get(at..at + 2)?, 16).ok())
            .collect::<Option<Vec<u8>>>()?;
        (!bytes.contains(&0)).then(|| PathBuf::from(OsString::from_vec(bytes)))
    }
    #[cfg(not(unix))]
    {
        let _ = hex;
        None
    }
}

/// The start of `name` within `max` bytes: cut at a character's end when
/// it is text, else at a byte.
pub fn shortened(name: &OsStr, max: usize) -> OsString {
    if let Some(text) = name.to_str() {
        let mut end = text.len().min(max);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        return OsString::from(&text[..end]);
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::{OsStrExt, OsStringExt};
        let bytes = name.as_bytes();
        OsString::from_vec(bytes[..bytes.len().min(max)].to_vec())
    }
    #[cfg(not(unix))]
    {
        let text = name.to_string_lossy().into_owned();
        shortened(OsStr::new(text.as_str()), max)
    }
}

/// The path a move writes to reach exactly `real`, the item `shown`
/// names: `shown` itself when it can name nothing else (plain ASCII with no
/// escape, which every file system of the host takes as its own bytes;
/// any path where a path is its text), else [`exact`]. So a path that is its text stays as callers and
/// lookups know it, and one a shown form could make reach another item
/// (an escape, a legacy encoding) is written as its bytes.
pub fn written_as(shown: &str, real: &Path) -> String {
    // Where a path is its text (no bytes of its own), the shown path is it.
    let Some(hex) = raw_hex(real) else {
        return shown.to_owned();
    };
    let plain = shown.is_ascii() && !shown.contains('%') && real.as_os_str() == OsStr::new(shown);
    match plain {
        true => shown.to_owned(),
        false => format!("{EXACT}{hex}"),
    }
}

/// `real`'s bytes in hex when they are not `shown`'s text (for the
/// journal: a path that is its text needs no more).
pub fn raw_unless_text(shown: &str, real: &Path) -> Option<String> {
    (real.as_os_str() != OsStr::new(shown))
        .then(|| raw_hex(real))
        .flatten()
}

/// A text for people of a path given to a file system: an [`exact`] one
/// shown ([`shown_path`]), any other as it is.
pub fn readable(path: &str) -> String {
    exact_path(path).map_or_else(|| path.to_owned(), |exact| shown_path(&exact))
}
