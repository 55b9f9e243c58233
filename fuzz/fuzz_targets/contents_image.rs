//! The contents reader on pictures: dimensions and EXIF (date taken,
//! camera, whether a place is recorded). Input not starting like a
//! picture is read as a JPEG.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_fuzz::{read_contents, with_magic};

const PICTURES: [&[u8]; 6] = [
    b"\xff\xd8\xff",
    b"\x89PNG",
    b"II*\x00",
    b"MM\x00*",
    b"RIFF",
    b"GIF8",
];

fuzz_target!(|data: &[u8]| {
    if PICTURES.iter().any(|magic| data.starts_with(magic)) {
        read_contents(data);
    } else {
        read_contents(&with_magic(b"\xff\xd8\xff", data));
    }
});
