//! `tidyup watch`: keeps a folder tidy as files arrive. Each file that
//! arrives in the folder is organized by the offline planner and the rules
//! file (never a model) once it has settled; each batch of moves is a
//! journaled session that `tidyup undo` reverses.
//!
//! Changes are seen through the operating system's notifications (notify:
//! inotify, FSEvents, ReadDirectoryChangesW), or by polling with `--poll`;
//! between events nothing runs. SIGINT and SIGTERM stop it after the move
//! in progress, with status 0. One watch per folder (a lock file).

mod batch;
mod lock;
mod settle;
mod view;

use crate::console::errln;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use notify::{RecursiveMode, Watcher};
use tidyup_core::Lang;
use tokio::sync::{Notify, mpsc};

use super::interrupt::StopSignals;
use crate::cli::Settings;
use crate::failure::Failure;
use crate::journal::JournalStore;
use crate::transport::Cancel;

use batch::{BatchRunner, now};
use settle::{Look, Pending};

/// How `tidyup watch` runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WatchOptions {
    /// How long a file must stay unchanged before it is organized.
    pub settle: Duration,
    /// Poll the folder this often instead of using OS notifications.
    pub poll: Option<Duration>,
    /// Organize the files already there first, as one batch.
    pub now: bool,
}

/// Runs the watch until SIGINT or SIGTERM.
pub(super) async fn watch(settings: Settings, options: WatchOptions) -> anyhow::Result<()> {
    let store = JournalStore::default_location()?;
    let _lock = lock::acquire(&store, &settings.target_dir)
        .map_err(|err| anyhow::anyhow!(err.text(settings.client.lang)))?;
    let stop = stop_on_signals()?;
    let (sender, events) = mpsc::unbounded_channel();
    let _watcher = notifications(
        &settings.target_dir,
        options.poll,
        settings.client.lang,
        sender,
    )?;
    let target = settings.target_dir.clone();
    let lang = settings.client.lang;
    let mut folder = Folder {
        at_start: looks(&target),
        target,
        settings_rules: settings.rules.as_ref().map(|file| file.rules.clone()),
    };
    let runner = BatchRunner {
        module: crate::runtime::load_core(settings.core.as_deref())?,
        transport: crate::transport::transport(&settings.client)?,
        store,
        cancel: stop.cancel.clone(),
        settings,
    };
    errln!(
        "{}  {}",
        now(),
        lang.watching(
            &folder.target.display().to_string(),
            options.settle.as_secs_f64()
        )
    );
    if options.now {
        let names: Vec<String> = std::mem::take(&mut folder.at_start)
            .into_keys()
            .filter(|name| folder.organizable(name))
            .collect();
        run_batch(&runner, names).await;
    }
    keep_tidy(&runner, &mut folder, events, &stop, options.settle).await
}

/// Notes each arrival, and runs a batch of the arrivals that have settled,
/// until a stop signal or the end of the notifications.
async fn keep_tidy(
    runner: &BatchRunner,
    folder: &mut Folder,
    mut events: mpsc::UnboundedReceiver<notify::Result<notify::Event>>,
    stop: &Stop,
    settle: Duration,
) -> anyhow::Result<()> {
    let mut pending = Pending::new(settle);
    loop {
        let next = pending.next_check();
        tokio::select! {
            () = stop.notify.notified() => return Ok(()),
            event = events.recv() => match event {
                Some(Ok(event)) => {
                    for path in event.paths {
                        folder.note(&path, &mut pending);
                    }
                }
                Some(Err(err)) => errln!("{}  {err}", now()),
                None => return Ok(()),
            },
            () = sleep_until(next), if next.is_some() => {
                let ready = pending.settled(Instant::now(), |name| look(&folder.target.join(name)));
                if !ready.is_empty() {
                    run_batch(runner, ready).await;
                }
            }
        }
        if stop.cancel.is_requested() {
            return Ok(());
        }
    }
}

/// Runs one batch; its failure is an error line, and the watch goes on.
async fn run_batch(runner: &BatchRunner, names: Vec<String>) {
    if names.is_empty() {
        return;
    }
    if let Err(err) = runner.run(names).await {
        errln!("{}  {err:#}", now());
    }
}

async fn sleep_until(at: Option<Instant>) {
    if let Some(at) = at {
        tokio::time::sleep_until(at.into()).await;
    }
}

/// The watched folder: what was there at the start, and what to organize.
struct Folder {
    target: PathBuf,
    /// The files there when the watch started, as they looked then: left
    /// alone unless they change.
    at_start: BTreeMap<String, Look>,
    settings_rules: Option<tidyup_core::rules::Rules>,
}

impl Folder {
    /// A change reported at `path`: a file directly in the folder that is
    /// to be organized starts (or restarts) its settle time.
    fn note(&mut self, path: &Path, pending: &mut Pending) {
        if path.parent() != Some(self.target.as_path()) {
            return;
        }
        let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
            return;
        };
        let Some(current) = look(path).filter(|_| self.organizable(name)) else {
            pending.forget(name);
            return;
        };
        if self.at_start.get(name) == Some(&current) {
            return;
        }
        self.at_start.remove(name);
        pending.changed(name.to_owned(), Instant::now(), current);
    }

    /// Whether a file of this name is organized when it arrives: not
    /// hidden, not partial, not a lock file, not excluded by the rules.
    fn organizable(&self, name: &str) -> bool {
        tidyup_core::arrivals::left_alone(name).is_none()
            && !self
                .settings_rules
                .as_ref()
                .is_some_and(|rules| rules.is_excluded(name, false))
    }
}

/// What the file at `path` looks like; `None` when it is not a regular file.
fn look(path: &Path) -> Option<Look> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    meta.is_file().then(|| Look {
        size: meta.len(),
        modified: meta.modified().ok(),
    })
}

/// The regular files of `dir` and how they look.
fn looks(dir: &Path) -> BTreeMap<String, Look> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeMap::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            Some((name, look(&entry.path())?))
        })
        .collect()
}

/// The folder's change notifications, sent to `sender`; a failure to
/// watch is said in `lang`.
fn notifications(
    dir: &Path,
    poll: Option<Duration>,
    lang: Lang,
    sender: mpsc::UnboundedSender<notify::Result<notify::Event>>,
) -> anyhow::Result<Box<dyn Watcher + Send>> {
    let handler = move |event| {
        let _ = sender.send(event);
    };
    let mut watcher: Box<dyn Watcher + Send> = match poll {
        Some(interval) => Box::new(notify::PollWatcher::new(
            handler,
            notify::Config::default().with_poll_interval(interval),
        )?),
        None => Box::new(notify::recommended_watcher(handler)?),
    };
    watcher
        .watch(dir, RecursiveMode::NonRecursive)
        .with_context(|| lang.cannot_watch(&dir.display().to_string()))?;
    Ok(watcher)
}

/// SIGINT or SIGTERM: `cancel` is requested (a batch stops after the move
/// in progress) and `notify` wakes the loop.
struct Stop {
    cancel: Cancel,
    notify: Arc<Notify>,
}

fn stop_on_signals() -> anyhow::Result<Stop> {
    let stop = Stop {
        cancel: Cancel::default(),
        notify: Arc::new(Notify::new()),
    };
    let (cancel, notify) = (stop.cancel.clone(), stop.notify.clone());
    let signals = StopSignals::listen().context(Failure::CannotListenForSigterm)?;
    tokio::spawn(async move {
        signals.received().await;
        cancel.request();
        notify.notify_one();
    });
    Ok(stop)
}
