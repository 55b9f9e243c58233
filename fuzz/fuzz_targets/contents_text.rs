//! The contents reader on text: the encoding guess (UTF-8, UTF-16 with a
//! mark, GBK, Shift_JIS...) and the excerpt.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_fuzz::read_contents;

fuzz_target!(|data: &[u8]| {
    read_contents(data);
});
