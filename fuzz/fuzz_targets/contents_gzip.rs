//! The contents reader on gzip streams: the name and what the stream holds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_fuzz::{read_contents, with_magic};

fuzz_target!(|data: &[u8]| {
    read_contents(&with_magic(b"\x1f\x8b", data));
});
