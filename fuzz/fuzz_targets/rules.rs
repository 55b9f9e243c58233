//! A rules file (`.tidyup.toml`): parsed, then asked what it excludes and
//! where a few files go.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_core::{FileFacts, Rules};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(rules) = Rules::parse(&text) else {
        return;
    };
    let _ = (
        rules.instructions(),
        rules.rule_count(),
        rules.needs_content(),
    );
    let _ = rules.terms().count();
    for (path, is_dir) in [
        ("a/b.txt", false),
        ("Photos", true),
        ("x/.git/y", false),
        ("", true),
    ] {
        let _ = rules.is_excluded(path, is_dir);
    }
    for (name, text, date) in [
        ("IMG_0001.JPG", None, Some((2024, 7))),
        ("invoice 2023.pdf", Some("Invoice total 12 EUR"), None),
        ("noext", Some(""), Some((1, 12))),
    ] {
        let _ = rules.destination(&FileFacts {
            name,
            category: "Images",
            text,
            date,
        });
    }
});
