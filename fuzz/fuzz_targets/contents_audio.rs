//! The contents reader on sound: tags (ID3, Vorbis comments, MP4 atoms,
//! APE) and duration. Input not starting like sound is read as an MP3 with
//! an ID3 tag.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_fuzz::{read_contents, with_magic};

const SOUNDS: [&[u8]; 5] = [b"ID3", b"fLaC", b"OggS", b"RIFF", b"\xff\xfb"];

fuzz_target!(|data: &[u8]| {
    let mp4 = data.get(4..8) == Some(b"ftyp");
    if mp4 || SOUNDS.iter().any(|magic| data.starts_with(magic)) {
        read_contents(data);
    } else {
        read_contents(&with_magic(b"ID3", data));
    }
});
