//! The contents reader on PDF: pages, title and text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_fuzz::{read_contents, with_magic};

fuzz_target!(|data: &[u8]| {
    read_contents(&with_magic(b"%PDF-", data));
});
