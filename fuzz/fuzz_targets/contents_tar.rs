//! The contents reader on tar archives: entry count and names.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_fuzz::read_contents;

fuzz_target!(|data: &[u8]| {
    let mut tar = data.to_vec();
    if tar.len() < 512 {
        tar.resize(512, 0);
    }
    tar[257..262].copy_from_slice(b"ustar");
    read_contents(&tar);
});
