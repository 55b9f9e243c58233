//! The contents reader on ZIP containers: DOCX, XLSX, PPTX, ODT/ODS/ODP text, or a ZIP's entries.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_fuzz::{read_contents, with_magic};

fuzz_target!(|data: &[u8]| {
    read_contents(&with_magic(b"PK\x03\x04", data));
});
