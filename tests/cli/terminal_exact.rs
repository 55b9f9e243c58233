//! On a terminal, the plan shown is the plan carried out: a large folder
//! organized by date on a pseudo-terminal, `show` paged (through `cat` as
//! the pager), then "yes"; every line of the page is a move made on disk,
//! and no other move is made. Screenshots dated by their names, a photo
//! only its bytes tell, and a name already taken in its folder are what a
//! page read from the listing got wrong.

use std::collections::BTreeSet;

use tidyup_test_kit::e2e::write_file;
use tidyup_test_kit::{Move, items_of, moves_differ, moves_made};

use super::terminal::{ANSWER, PLAN_HEADING, START, Terminal};

/// The JPEG signature, for a file named without an extension.
const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0];

/// Everything tidyup printed, less the terminal's escapes.
fn plain(screen: &str) -> String {
    let mut text = String::new();
    let mut chars = screen.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            text.push(c);
            continue;
        }
        // CSI: ESC [ ... final byte in @..~; other escapes: one more char.
        if chars.next_if_eq(&'[').is_some() {
            for c in chars.by_ref() {
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
        } else {
            chars.next();
        }
    }
    text.replace('\r', "\n")
}

/// The `(from, to)` of the page's lines, between its heading and its end.
fn shown(screen: &str) -> BTreeSet<Move> {
    let text = plain(screen);
    let Some(start) = text.find("The whole plan: ") else {
        return BTreeSet::new();
    };
    let page = &text[start..];
    let page = &page[..page.find("The plan still waits").unwrap_or(page.len())];
    page.lines()
        .filter_map(|line| line.strip_prefix("  ")?.split_once(" → "))
        .map(|(from, to)| (from.to_owned(), to.trim_end().to_owned()))
        .collect()
}

#[test]
fn on_a_terminal_every_line_of_show_is_a_move_made_and_no_other() {
    let target = tempfile::tempdir().unwrap();
    let dir = target.path();
    for i in 0..220 {
        let day = 1 + i % 28;
        let year = 2019 + i % 4;
        write_file(
            dir,
            &format!("Screenshot {year}-03-{day:02} at 10.00.{i:03}.png"),
            9,
        );
    }
    write_file(dir, "Images/Screenshot 2019-03-01 at 10.00.000.png", 5);
    for i in 0..15 {
        write_file(dir, &format!("report {i}.pdf"), 7);
    }
    let mut photo = JPEG.to_vec();
    photo.extend_from_slice(b"from a chat");
    std::fs::write(dir.join("photo from chat"), photo).unwrap();
    let before = items_of(dir);

    let mut terminal = Terminal::start(
        &[
            "--provider",
            "offline",
            "--lang",
            "en",
            dir.to_str().unwrap(),
        ],
        &[("PAGER", "cat")],
    );
    terminal.wait_for("> ", START);
    terminal.send("sort my photos by date\r");
    terminal.wait_for(PLAN_HEADING, ANSWER);
    terminal.send("show\r");
    terminal.wait_for("The plan still waits", ANSWER);
    terminal.send("yes\r");
    terminal.wait_for("Done.", ANSWER);
    let screen = terminal.quit();

    let shown = shown(&screen);
    assert!(shown.len() > 200, "{}", plain(&screen));
    let made = moves_made(&before, &items_of(dir));
    assert!(made.lost.is_empty(), "{:?}", made.lost);
    if let Some(diff) = moves_differ(&shown, &made.moves) {
        panic!("{diff}");
    }
}
