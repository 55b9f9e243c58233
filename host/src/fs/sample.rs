//! Reading files for the core: a bounded sample for `read_file` (its first
//! bytes and its last, never the whole of a large file), and the content
//! digests that find byte-identical files.

use std::io::{self, Read, Seek, SeekFrom};

/// The BLAKE3 hash, in hex, of the first `limit` bytes of `file` (all of
/// them when `None`), read in pieces: memory stays small whatever the size.
pub fn digest(file: impl Read, limit: Option<u64>) -> io::Result<String> {
    let mut hasher = blake3::Hasher::new();
    match limit {
        Some(limit) => hasher.update_reader(file.take(limit))?,
        None => hasher.update_reader(file)?,
    };
    Ok(hasher.finalize().to_hex().to_string())
}

use tidyup_core::FileSample;

/// Up to `head` bytes from the start of `file` (of `size` bytes) and up to
/// `tail` bytes from its end, none of them twice. Reads at most
/// `head + tail` bytes, whatever the file's size.
pub fn sample(
    mut file: impl Read + Seek,
    size: u64,
    head: u64,
    tail: u64,
) -> io::Result<FileSample> {
    let head_len = size.min(head);
    let mut first = Vec::with_capacity(usize::try_from(head_len).unwrap_or(0));
    file.by_ref().take(head_len).read_to_end(&mut first)?;
    let tail_len = size.saturating_sub(head_len).min(tail);
    let mut last = Vec::with_capacity(usize::try_from(tail_len).unwrap_or(0));
    if tail_len > 0 {
        file.seek(SeekFrom::Start(size - tail_len))?;
        file.take(tail_len).read_to_end(&mut last)?;
    }
    Ok(FileSample {
        size,
        head: first,
        tail: last,
    })
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::sample;

    #[test]
    fn a_small_file_comes_whole_and_a_large_one_as_head_and_tail() {
        let bytes: Vec<u8> = (0..=255).collect();
        let whole = sample(Cursor::new(&bytes), 256, 1000, 10).unwrap();
        assert_eq!((whole.head.len(), whole.tail.len()), (256, 0));
        let cut = sample(Cursor::new(&bytes), 256, 100, 10).unwrap();
        assert_eq!(cut.head, bytes[..100]);
        assert_eq!(cut.tail, bytes[246..]);
        let overlap = sample(Cursor::new(&bytes), 256, 250, 10).unwrap();
        assert_eq!(overlap.tail, bytes[250..]);
    }
}
