//! A move on S3 is a copy, a check and a delete. Killed at any point of
//! it, the original or a checked copy is there, and `undo` puts the folder
//! back exactly: 20 kills spread over a session that moves a large file.

use std::path::Path;
use std::time::Instant;

use super::{held, run, servers, tidyup};

const ORGANIZE: &str = "organize this folder\nyes\nquit\n";
const KILLS: u32 = 20;

/// `len` bytes that no two runs of the same test differ in, and that do
/// not compress or repeat (a real file's).
fn noise(len: usize) -> Vec<u8> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[0]
        })
        .collect()
}

fn fill(dir: &Path, film: &[u8]) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("holiday film.mp4"), film).unwrap();
    std::fs::write(dir.join("notes.txt"), "shopping list").unwrap();
}

#[test]
fn a_move_killed_at_any_point_is_undone_exactly() {
    let Some(servers) = servers() else { return };
    let server = servers.iter().find(|server| server.is_store()).unwrap();
    let home = tempfile::tempdir().unwrap();
    let (url, dir) = server.folder("killed");
    let film = noise(24 * 1024 * 1024);

    // How long a whole session takes, moves included.
    fill(&dir, &film);
    let before = held(server, &dir);
    let started = Instant::now();
    let whole = run(
        tidyup(home.path(), &["--provider", "offline", &url]),
        ORGANIZE,
    );
    let took = started.elapsed();
    assert!(whole.status.success());
    assert!(
        dir.join("Videos/holiday film.mp4").exists(),
        "{}",
        String::from_utf8_lossy(&whole.stdout)
    );
    run(tidyup(home.path(), &["undo"]), "");
    assert_eq!(held(server, &dir), before);

    let mut mid_move = 0;
    for kill in 0..KILLS {
        fill(&dir, &film);
        let jitter = f64::from(started.elapsed().subsec_nanos() % 1000) / 1000.0;
        let at = took.mul_f64((f64::from(kill) + jitter) / f64::from(KILLS));
        let mut child = tidyup(home.path(), &["--provider", "offline", &url])
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let mut input = child.stdin.take().unwrap();
            let _ = input.write_all(ORGANIZE.as_bytes());
        }
        std::thread::sleep(at);
        let _ = child.kill();
        let _ = child.wait();
        let moving =
            dir.join("Videos/holiday film.mp4").exists() || !dir.join("holiday film.mp4").exists();
        mid_move += u32::from(moving);

        run(tidyup(home.path(), &["undo"]), "");
        assert_eq!(
            held(server, &dir),
            before,
            "kill {kill} at {at:?} of {took:?}: undo is not exact"
        );
    }
    assert!(
        mid_move > 0,
        "no kill landed once the move had begun ({took:?} a session)"
    );
    eprintln!("{mid_move} of {KILLS} kills landed after the move began");
}
