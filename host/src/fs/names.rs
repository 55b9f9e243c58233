//! Names as the core sees them. The core's names are Unicode; on Unix a
//! name is any bytes, and a Chinese user's folders often hold names in GBK
//! (old ZIP archives, Windows shares, old phones). Every name the host hands
//! to the core goes through [`shown`] or [`listed`], and every path the core
//! hands back goes through [`resolve`], so such a file is listed readably,
//! reached by the name it was shown under, and keeps its bytes when moved.
//!
//! A name whose bytes are not UTF-8 is shown
//! - decoded as GB18030 (a superset of GBK and GB2312) when its bytes are
//!   strictly GB18030, encode back to exactly the same bytes, and the text
//!   holds no `\` nor control character: the legacy encoding of the users
//!   tidyup speaks to in Chinese. Only one encoding is tried, so a name is
//!   always shown the same way; Shift_JIS and Big5 share GBK's byte ranges
//!   and could not be told apart from it reliably, and a single-byte code
//!   page decodes any bytes, so it could never fail over to the escape;
//! - else escaped, as in URLs: its UTF-8 parts as they are (save `%`,
//!   written `%25`, and `\`, which the core takes for a separator, `%5C`),
//!   every other byte as `%XX`. So `caf%E9.txt`.
//!
//! Both forms map back to the bytes with no context ([`candidates`]), so an
//! escaped name still reaches its item in a folder where it would now be
//! listed decoded. No two names of a folder are listed alike ([`listed`]):
//! a form some other name of the folder already is gives way to the next
//! (decoded, escaped, then escaped with `%00` padding), and an exact UTF-8
//! name always wins, so every listed name maps back to exactly one item.
//! Shown names are for people and the model: the journal keeps exact
//! bytes, and hands them back as [`exact`] paths.
//!
//! Windows names are UTF-16; a name with an unpaired surrogate is shown
//! with U+FFFD and cannot be reached (not covered).

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::path::{Component, Path, PathBuf};

/// How a name is shown: see the module's documentation. Without knowing
/// the folder's other names (see [`listed`] for a whole folder).
pub fn shown(name: &OsStr) -> String {
    shown_among(name, |_| false)
}

/// The entries of one folder read as `(name, metadata)` pairs, each made
/// by `entry` under the name it is shown by (see [`listed`]).
pub fn shown_entries<M, E>(found: &[(OsString, M)], entry: impl Fn(String, &M) -> E) -> Vec<E> {
    let names: Vec<OsString> = found.iter().map(|(name, _)| name.clone()).collect();
    listed(&names)
        .into_iter()
        .zip(found)
        .map(|(name, (_, meta))| entry(name, meta))
        .collect()
}

/// Every name of one folder as shown, in the same order, no two alike: a
/// UTF-8 name as it is; a name that is not UTF-8 decoded, else escaped,
/// whichever no UTF-8 name of the folder already is (and no other name
/// took first, a decoded form before an escaped one, then in byte order);
/// when both are taken, escaped with `%00` (never a byte of a name) put
/// before its extension as often as it takes to be free. Each form maps
/// back to its bytes alone ([`candidates`]).
pub fn listed(names: &[OsString]) -> Vec<String> {
    let mut taken: HashSet<String> = names
        .iter()
        .filter_map(|name| name.to_str().map(str::to_owned))
        .collect();
    let mut shown: Vec<Option<String>> = names
        .iter()
        .map(|name| name.to_str().map(str::to_owned))
        .collect();
    let mut others: Vec<usize> = (0..names.len()).filter(|&i| shown[i].is_none()).collect();
    others.sort_by(|&a, &b| names[a].cmp(&names[b]));
    // Decoded forms first, as `candidates` tries them first.
    for pass in [Form::Decoded, Form::Escaped] {
        for &index in &others {
            if shown[index].is_some() {
                continue;
            }
            if let Some(text) = form(&names[index], pass).filter(|text| !taken.contains(text)) {
                taken.insert(text.clone());
                shown[index] = Some(text);
            }
        }
    }
    for index in others {
        if shown[index].is_none() {
            let text = padded_free(&names[index], |text| taken.contains(text));
            taken.insert(text.clone());
            shown[index] = Some(text);
        }
    }
    shown.into_iter().map(Option::unwrap_or_default).collect()
}

/// The two plain ways a name that is not UTF-8 is shown.
#[derive(Clone, Copy)]
enum Form {
    Decoded,
    Escaped,
}

/// `name` (not UTF-8) in `form`, when it has one.
fn form(name: &OsStr, form: Form) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        match form {
            Form::Decoded => decoded(name.as_bytes()),
            Form::Escaped => Some(escaped(name.as_bytes())),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = form;
        Some(name.to_string_lossy().into_owned())
    }
}

/// `name` escaped with the fewest `%00` before its extension that makes a
/// text `taken` does not hold (at most one more than the names taken).
fn padded_free(name: &OsStr, taken: impl Fn(&str) -> bool) -> String {
    let plain = form(name, Form::Escaped).unwrap_or_default();
    let (stem, extension) = match plain.rfind('.') {
        Some(dot) if dot > 0 => plain.split_at(dot),
        Some(_) | None => (plain.as_str(), ""),
    };
    let mut padding = String::new();
    loop {
        padding.push_str(PAD);
        let text = format!("{stem}{padding}{extension}");
        if !taken(&text) {
            return text;
        }
    }
}

/// The escape of a NUL byte, which no name holds: padding that sets a
/// shown form apart, dropped when the form is read back.
const PAD: &str = "%00";

/// A path, each of its names as [`shown`].
pub fn shown_path(path: &Path) -> String {
    match path.to_str() {
        Some(text) => text.to_owned(),
        None => {
            let mut shown_path = PathBuf::new();
            for part in path.components() {
                if let Component::Normal(name) = part {
                    shown_path.push(shown(name));
                } else {
                    shown_path.push(part);
                }
            }
            shown_path.to_string_lossy().into_owned()
        }
    }
}

/// `name` as shown when `taken` tells which UTF-8 names its folder holds.
fn shown_among(name: &OsStr, taken: impl Fn(&str) -> bool) -> String {
    if let Some(text) = name.to_str() {
        return text.to_owned();
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = name.as_bytes();
        match decoded(bytes) {
            Some(text) if !taken(&text) => text,
            Some(_) | None => escaped(bytes),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = taken;
        name.to_string_lossy().into_owned()
    }
}

/// The real path a path of shown names stands for: each name that is not
/// there as written (`exists` says what is, relative to where the path is
/// resolved) and is a shown form (decoded, then escaped) of a name that is,
/// replaced by that name; from the first name found in neither way on, the
/// rest as written.
/// A path the OS takes as it is (every name there) comes back unchanged,
/// and an [`exact`] one as the bytes it holds.
pub fn resolve(path: &Path, exists: impl Fn(&Path) -> bool) -> PathBuf {
    let Some(text) = path.to_str() else {
        return path.to_path_buf();
    };
    if let Some(exact) = exact_path(text) {
        return exact;
    }
    // Every shown form of a non-UTF-8 name holds a non-ASCII character or
    // a `%`: a plain path needs no look.
    if !may_be_shown_form(text) || exists(path) {
        return path.to_path_buf();
    }
    let mut real = PathBuf::new();
    let mut found = true;
    for part in path.components() {
        let Component::Normal(name) = part else {
            real.push(part);
            continue;
        };
        let as_written = real.join(name);
        let wanted = name.to_str().unwrap_or_default();
        if !found || exists(&as_written) {
            real = as_written;
            continue;
        }
        if !may_be_shown_form(wanted) {
            found = false;
            real = as_written;
            continue;
        }
        match candidates(wanted)
            .into_iter()
            .find(|c| exists(&real.join(c)))
        {
            Some(candidate) => real.push(candidate),
            None => {
                found = false;
                real = as_written;
            }
        }
    }
    if text.ends_with(std::path::is_separator) && !real.as_os_str().is_empty() {
        real.push("");
    }
    real
}

/// Where an item at `from` (a real path) goes when moved to `to` (a real
/// path from [`resolve`]): when nothing is at `to` and the item's own name
/// is not UTF-8, the new name is written the way the item's name is (so a
/// move keeps the name's bytes, and a new name the model gives a GBK file
/// is GBK too), unless that name is taken or cannot be so written.
pub fn destination(from: &Path, to: PathBuf, exists: impl Fn(&Path) -> bool) -> PathBuf {
    let (Some(own), Some(new)) = (from.file_name(), to.file_name().and_then(OsStr::to_str)) else {
        return to;
    };
    if own.to_str().is_some() || exists(&to) {
        return to;
    }
    match carried(own, new) {
        Some(name) if !exists(&to.with_file_name(&name)) => to.with_file_name(name),
        Some(_) | None => to,
    }
}

/// The bytes a new name `new` (as shown) gets for an item whose real name
/// is `own` (not UTF-8): the escapes turned back into bytes for one shown
/// escaped (padding dropped), else GB18030 for a name shown decoded; `None` when `new` has no
/// such form (plain ASCII, say), and it is written as UTF-8.
fn carried(own: &OsStr, new: &str) -> Option<OsString> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::{OsStrExt, OsStringExt};
        // The escaped form first: it spells the bytes exactly, where the
        // GB18030 of an escaped text (`%CEĵ%B5`) would be other bytes.
        let bytes = if decoded(own.as_bytes()).is_some() {
            unescaped(new).or_else(|| encoded(new))
        } else {
            unescaped(new)
        };
        bytes.map(OsString::from_vec)
    }
    #[cfg(not(unix))]
    {
        let _ = (own, new);
        None
    }
}

/// The real names (not UTF-8) that `shown` may be the shown form of:
/// its GB18030 bytes, then its escapes as bytes (padding dropped); at most
/// one of each.
pub fn candidates(shown: &str) -> Vec<OsString> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        [encoded(shown), unescaped(shown)]
            .into_iter()
            .flatten()
            .map(OsString::from_vec)
            .collect()
    }
    #[cfg(not(unix))]
    {
        let _ = shown;
        Vec::new()
    }
}

/// Whether `text` could be a shown form of a name that is not UTF-8.
fn may_be_shown_form(text: &str) -> bool {
    !text.is_ascii() || text.contains('%')
}

/// `bytes` (not UTF-8) decoded as GB18030, when they are strictly that,
/// encode back to themselves, and the text has no `\` nor control character.
#[cfg(unix)]
fn decoded(bytes: &[u8]) -> Option<String> {
    if std::str::from_utf8(bytes).is_ok() {
        return None;
    }
    let text = encoding_rs::GB18030
        .decode_without_bom_handling_and_without_replacement(bytes)?
        .into_owned();
    if text.chars().any(|c| c == '\\' || c.is_control()) {
        return None;
    }
    let (again, _, unmappable) = encoding_rs::GB18030.encode(&text);
    (!unmappable && *again == *bytes).then_some(text)
}

/// The GB18030 bytes whose [`decoded`] form is `text`, if any.
#[cfg(unix)]
fn encoded(text: &str) -> Option<Vec<u8>> {
    if text.is_ascii() {
        return None;
    }
    let (bytes, _, unmappable) = encoding_rs::GB18030.encode(text);
    let bytes = bytes.into_owned();
    (!unmappable && decoded(&bytes).as_deref() == Some(text)).then_some(bytes)
}

/// `bytes` (not UTF-8) escaped: UTF-8 parts as they are, save `%` as
/// `%25` and `\` as `%5C`; every other byte as `%XX`.
#[cfg(unix)]
fn escaped(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 3);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '%' => text.push_str("%25"),
                '\\' => text.push_str("%5C"),
                c => text.push(c),
            }
        }
        for byte in chunk.invalid() {
            text.push_str(&format!("%{byte:02X}"));
        }
    }
    text
}

/// The bytes (not UTF-8) whose [`escaped`] form is exactly `text` once
/// its padding (`%00`, see [`listed`]) is dropped, if any.
#[cfg(unix)]
fn unescaped(text: &str) -> Option<Vec<u8>> {
    let unpadded;
    let text = if text.contains(PAD) {
        unpadded = text.replace(PAD, "");
        unpadded.as_str()
    } else {
        text
    };
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        bytes.extend_from_slice(&rest.as_bytes()[..at]);
        let hex = rest.get(at + 1..at + 3)?;
        if !hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b))
        {
            return None;
        }
        bytes.push(u8::from_str_radix(hex, 16).ok()?);
        rest = &rest[at + 3..];
    }
    bytes.extend_from_slice(rest.as_bytes());
    (std::str::from_utf8(&bytes).is_err() && escaped(&bytes) == text).then_some(bytes)
}

#[path = "names_exact.rs"]
mod exact;

pub use exact::{
    exact, exact_path, from_raw_hex, raw_unless_text, readable, shortened, written_as,
};

#[cfg(all(test, unix))]
#[path = "names_tests.rs"]
mod tests;
