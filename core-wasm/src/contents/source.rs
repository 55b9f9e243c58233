//! The bytes the host read of a file, seen as the whole file: the head at
//! its start, the tail at its end, and a gap between them that cannot be
//! read.

use std::io::{self, Read, Seek, SeekFrom};

use super::FileBytes;

/// One file's head and tail, placed at their offsets in a file of `len`
/// bytes. `len` is the larger of the size the host gave and what it read,
/// so the parts always fit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Source<'a> {
    /// The first bytes.
    pub head: &'a [u8],
    /// The last bytes; empty when the head is the whole file.
    pub tail: &'a [u8],
    len: u64,
}

impl<'a> Source<'a> {
    /// The source of what the host read.
    pub fn new(file: &FileBytes<'a>) -> Self {
        let head_len = file.head.len() as u64;
        let len = file.size.max(head_len);
        let tail = if head_len >= len {
            &[][..]
        } else {
            let room = usize::try_from(len - head_len).unwrap_or(usize::MAX);
            let keep = file.tail.len().min(room);
            file.tail.get(file.tail.len() - keep..).unwrap_or_default()
        };
        let len = len.max(head_len + tail.len() as u64);
        Source {
            head: file.head,
            tail,
            len,
        }
    }

    /// The file's length in bytes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the head holds the whole file.
    pub fn whole(&self) -> bool {
        self.head.len() as u64 >= self.len
    }

    /// The parts that were read: the head, then the tail when there is one.
    pub fn parts(&self) -> impl Iterator<Item = &'a [u8]> {
        [self.head, self.tail].into_iter().filter(|p| !p.is_empty())
    }

    /// A reader over the whole file; reading inside the gap fails.
    pub fn reader(&self) -> Sparse<'a> {
        Sparse { src: *self, pos: 0 }
    }
}

/// A `Read + Seek` view of a [`Source`].
#[derive(Debug, Clone)]
pub(crate) struct Sparse<'a> {
    src: Source<'a>,
    pos: u64,
}

impl Read for Sparse<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Source { head, tail, len } = self.src;
        if self.pos >= len || buf.is_empty() {
            return Ok(0);
        }
        let tail_start = len - tail.len() as u64;
        let from = if self.pos < head.len() as u64 {
            head.get(usize::try_from(self.pos).unwrap_or(usize::MAX)..)
        } else if self.pos >= tail_start {
            tail.get(usize::try_from(self.pos - tail_start).unwrap_or(usize::MAX)..)
        } else {
            None
        };
        let Some(from) = from else {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "not read"));
        };
        let n = from.len().min(buf.len());
        if let (Some(dst), Some(src)) = (buf.get_mut(..n), from.get(..n)) {
            dst.copy_from_slice(src);
        }
        self.pos += n as u64;
        Ok(n)
    }
}

impl Seek for Sparse<'_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let target = match to {
            SeekFrom::Start(n) => Some(n),
            SeekFrom::End(d) => self.src.len.checked_add_signed(d),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        };
        match target {
            Some(n) => {
                self.pos = n;
                Ok(n)
            }
            None => Err(io::Error::new(io::ErrorKind::InvalidInput, "bad seek")),
        }
    }
}

/// Reads at most `limit` bytes from `reader`; keeps what was read before an
/// error.
pub(crate) fn read_limited(reader: impl Read, limit: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = reader.take(limit as u64).read_to_end(&mut out);
    out
}

/// Inflates a zlib (or, failing that, raw deflate) stream into at most
/// `limit` bytes; a broken or cut stream gives what came before the break.
pub(crate) fn inflate(data: &[u8], limit: usize) -> Vec<u8> {
    let out = read_limited(flate2::read::ZlibDecoder::new(data), limit);
    if out.is_empty() {
        read_limited(flate2::read::DeflateDecoder::new(data), limit)
    } else {
        out
    }
}

/// Where `needle` first occurs in `hay` at or after `from`.
pub(crate) fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    memchr::memmem::find(hay.get(from..)?, needle).map(|p| p + from)
}

/// Where `needle` last occurs in `hay` wholly before `end`.
pub(crate) fn rfind(hay: &[u8], needle: &[u8], end: usize) -> Option<usize> {
    memchr::memmem::rfind(hay.get(..end.min(hay.len()))?, needle)
}

/// A fact cut to at most `max` characters, trimmed, with control
/// characters dropped; `None` when nothing is left.
pub(crate) fn fact(s: &str, max: usize) -> Option<String> {
    let clean: String = s
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(max)
        .collect();
    let clean = clean.trim();
    (!clean.is_empty()).then(|| clean.to_owned())
}
