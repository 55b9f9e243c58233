//! The core's CPU when the offline planner organizes a large folder, natively:
//! a fake in-memory file system holds N empty files named as
//! `bench/large_folders.py` names them, and an agent whose model is the
//! offline planner runs `organize` then `yes` on it. Prints the core's CPU
//! time for each line (of this thread, where Linux tells it, else wall
//! time, less the time spent in the fake file system, shown apart) and the
//! peak RSS.
//!
//! `cargo run --release -p tidyup-core --example offline_scale [N...]`
//! (default: 20000 100000).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::time::Instant;

use tidyup_core::OfflinePlanner;
use tidyup_core::{
    Agent, AgentConfig, Capabilities, Entry, EntryKind, ErrorCode, Event, EventSink, FileSample,
    FileSystem, FsAnswer, FsRequest, HostError, Lang, Outcome, Provider, composed,
};

const TARGET: &str = "/bench";
const EXTENSIONS: [&str; 10] = [
    "jpg", "png", "pdf", "docx", "mp4", "mp3", "zip", "py", "exe", "bin",
];
const PREFIXES: [&str; 5] = [
    "IMG_",
    "Screenshot 2026-01-",
    "invoice_2026-",
    "scan",
    "notes ",
];

/// Directories by absolute path, each its children by name.
#[derive(Default)]
struct Fake {
    dirs: HashMap<String, BTreeMap<String, Entry>>,
}

fn split(path: &str) -> (&str, &str) {
    match path.rfind('/') {
        Some(0) => ("/", &path[1..]),
        Some(at) => (&path[..at], &path[at + 1..]),
        None => ("", path),
    }
}

fn entry(name: &str, kind: EntryKind) -> Entry {
    Entry {
        name: name.to_owned(),
        kind,
        size: 0,
        modified: 1_767_225_600,
        utc_offset: 0,
        online_only: false,
    }
}

fn missing(path: &str) -> HostError {
    HostError::new(ErrorCode::NotFound, format!("No such file: {path}"))
}

impl Fake {
    fn with_files(count: usize) -> Self {
        let mut fake = Fake::default();
        fake.create_dir_all(TARGET).unwrap();
        let dir = fake.dirs.get_mut(TARGET).unwrap();
        for i in 0..count {
            let name = format!(
                "{}{i:06}.{}",
                PREFIXES[i % PREFIXES.len()],
                EXTENSIONS[i % EXTENSIONS.len()]
            );
            dir.insert(name.clone(), entry(&name, EntryKind::File));
        }
        fake
    }
}

impl Fake {
    fn stat(&mut self, path: &str) -> Result<Option<Entry>, HostError> {
        if let Some(_dir) = self.dirs.get(path) {
            return Ok(Some(entry(split(path).1, EntryKind::Dir)));
        }
        let (parent, name) = split(path);
        Ok(self.dirs.get(parent).and_then(|dir| dir.get(name)).cloned())
    }

    fn list(&mut self, path: &str) -> Result<Vec<Entry>, HostError> {
        let dir = self.dirs.get(path).ok_or_else(|| missing(path))?;
        Ok(dir.values().cloned().collect())
    }

    fn create_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        let mut at = String::new();
        for part in path.split('/').filter(|part| !part.is_empty()) {
            let parent = if at.is_empty() {
                "/".to_owned()
            } else {
                at.clone()
            };
            at.push('/');
            at.push_str(part);
            if !self.dirs.contains_key(&at) {
                self.dirs.insert(at.clone(), BTreeMap::new());
                self.dirs
                    .entry(parent)
                    .or_default()
                    .insert(part.to_owned(), entry(part, EntryKind::Dir));
            }
        }
        Ok(())
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (from_dir, from_name) = split(from);
        let (to_dir, to_name) = split(to);
        if !self.dirs.contains_key(to_dir) {
            return Err(missing(to));
        }
        let mut moved = (self.dirs.get_mut(from_dir))
            .and_then(|dir| dir.remove(from_name))
            .ok_or_else(|| missing(from))?;
        moved.name = to_name.to_owned();
        self.dirs
            .get_mut(to_dir)
            .unwrap()
            .insert(to_name.to_owned(), moved);
        Ok(())
    }

    fn remove_file(&mut self, path: &str) -> Result<(), HostError> {
        let (parent, name) = split(path);
        (self.dirs.get_mut(parent))
            .and_then(|dir| dir.remove(name))
            .map(drop)
            .ok_or_else(|| missing(path))
    }

    fn remove_dir_all(&mut self, path: &str) -> Result<(), HostError> {
        Err(HostError::new(ErrorCode::Unsupported, path.to_owned()))
    }

    fn read_bytes(&mut self, path: &str, _head: u64, _tail: u64) -> Result<FileSample, HostError> {
        let size = self.stat(path)?.ok_or_else(|| missing(path))?.size;
        Ok(FileSample {
            size,
            head: Vec::new(),
            tail: Vec::new(),
        })
    }
}

/// The fake's own primitives; what can be made of them is.
impl FileSystem for Fake {
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        Ok(match request {
            FsRequest::Stat { path } => FsAnswer::Stat(self.stat(path)?),
            FsRequest::List { path } => FsAnswer::List(self.list(path)?),
            FsRequest::CreateDirAll { path } => self.create_dir_all(path)?.into(),
            FsRequest::Rename { from, to } => self.rename(from, to)?.into(),
            FsRequest::RemoveFile { path } => self.remove_file(path)?.into(),
            FsRequest::RemoveDirAll { path } => self.remove_dir_all(path)?.into(),
            FsRequest::ReadBytes { path, head, tail } => {
                FsAnswer::Sample(self.read_bytes(path, *head, *tail)?)
            }
            _ => return composed(self, request),
        })
    }
}

/// The fake file system, with the time spent in it: the host's share,
/// apart from the core's.
struct Timed {
    fake: Fake,
    spent: std::time::Duration,
}

impl Timed {
    fn time<T>(&mut self, op: impl FnOnce(&mut Fake) -> T) -> T {
        let start = Instant::now();
        let done = op(&mut self.fake);
        self.spent += start.elapsed();
        done
    }
}

/// Every request passes to the fake, its time counted.
impl FileSystem for Timed {
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        self.time(|fake| fake.call(request))
    }
}

/// Events dropped, but the answers counted.
#[derive(Default)]
struct Quiet {
    answers: Vec<String>,
}

impl EventSink for Quiet {
    fn emit(&mut self, event: Event) {
        if let Event::Answer { text, .. } = event {
            self.answers.push(text);
        }
    }
}

/// CPU time of this thread in seconds (Linux), else wall time since `start`.
fn cpu_seconds(start: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| start.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn run(count: usize) {
    let start = Instant::now();
    let mut files = Timed {
        fake: Fake::with_files(count),
        spent: Default::default(),
    };
    let lang = Lang::En;
    let mut planner = OfflinePlanner::new(lang, TARGET);
    let mut agent = Agent::new(AgentConfig {
        target_name: None,
        dry_run: false,
        target_dir: TARGET.to_owned(),
        model: "offline".to_owned(),
        lang,
        provider: Provider::Offline,
        calls: Default::default(),
        limits: Default::default(),
        read_contents: false,
        rules: None,
    });
    let mut events = Quiet::default();
    let mut times = Vec::new();
    for line in ["organize", "yes"] {
        let before = cpu_seconds(start);
        files.spent = Default::default();
        let outcome = agent.handle_line(
            line,
            &mut Capabilities {
                model: &mut planner,
                files: &mut files,
                events: &mut events,
            },
        );
        assert_eq!(outcome, Outcome::Answered, "{line}");
        let fs = files.spent.as_secs_f64();
        times.push((line, cpu_seconds(start) - before - fs, fs));
    }
    let left = files.fake.dirs[TARGET]
        .values()
        .filter(|entry| entry.kind == EntryKind::File)
        .count();
    let report = events.answers.last().map_or("", |text| text.as_str());
    let heading = report.lines().next().unwrap_or("");
    let lines: Vec<String> = (times.iter())
        .map(|(line, core, fs)| format!("{line} {core:.3} s (+ {fs:.3} s fake fs)"))
        .collect();
    let total: f64 = times.iter().map(|(_, core, _)| core).sum();
    writeln!(
        std::io::stdout(),
        "{count} files: {} · core total {total:.3} s CPU · {left} files left · {heading}",
        lines.join(" · ")
    )
    .expect("stdout");
}

fn main() {
    let counts: Vec<usize> = std::env::args()
        .skip(1)
        .map(|arg| arg.parse().expect("a number of files"))
        .collect();
    let counts = if counts.is_empty() {
        vec![20_000, 100_000]
    } else {
        counts
    };
    for count in counts {
        run(count);
    }
    if let Some(mib) = peak_rss_mib() {
        writeln!(std::io::stdout(), "peak RSS of the process: {mib:.0} MiB").expect("stdout");
    }
}
