//! `tidyup watch`: keeps a folder tidy as files arrive. Each file that
//! arrives in the folder is organized by the offline planner and the rules
//! file (never a model) once it has settled; arrivals close together (no
//! change for the settle time and the grouping interval, `gather`) are one
//! batch, a journaled session that `tidyup undo --watch` reverses, said in
//! one line counting its moves.
//!
//! Changes are seen through the operating system's notifications (notify:
//! inotify, FSEvents, ReadDirectoryChangesW), or by polling with `--poll`;
//! between events nothing runs. When notifications were lost (the system's
//! queue overflowed, or the watcher failed), the whole folder is looked at
//! again. The rules file is read again when it changes; while it cannot be
//! used, nothing is moved. SIGINT and SIGTERM stop it after the move in
//! progress, with status 0; the folder moved or deleted ends it with an
//! error. One watch per folder (a lock file).

mod batch;
mod folder;
mod gather;
mod rules;
mod settle;
mod view;

use crate::words::WatchWords;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use notify::{RecursiveMode, Watcher};
use tidyup_core::Lang;
use tokio::sync::{Notify, mpsc};

use super::interrupt::StopSignals;
use crate::cli::Settings;
use crate::console::{Preparing, errln};
use crate::failure::Failure;
use crate::journal::{JournalStore, watch_lock};
use crate::rules_file::RulesFile;
use crate::transport::Cancel;

use batch::{BatchRunner, now};
use folder::{Folder, look};
use gather::Gathering;
use rules::FollowedRules;
use settle::Pending;

/// How long the rules file must go without a change notification before
/// it is read again (a file being written sends several).
const RULES_SETTLE: Duration = Duration::from_millis(100);

/// How `tidyup watch` runs.
#[derive(Debug, Clone, PartialEq)]
pub struct WatchOptions {
    /// How long a file must stay unchanged before it is organized.
    pub settle: Duration,
    /// How much longer the folder must stay quiet before the settled
    /// arrivals are organized, as one batch.
    pub group: Duration,
    /// Poll the folder this often instead of using OS notifications.
    pub poll: Option<Duration>,
    /// Organize the files already there first, as one batch.
    pub now: bool,
    /// The rules file given with `--rules` (else the target's own).
    pub rules: Option<PathBuf>,
}

/// Runs the watch until SIGINT or SIGTERM (`Ok`), or until the watched
/// folder is moved or deleted (`Err`).
pub(super) async fn watch(mut settings: Settings, options: WatchOptions) -> anyhow::Result<()> {
    // Changes are noticed by this machine's notifications: a remote
    // folder sends none here.
    if let Some(address) = &settings.remote {
        use crate::words::FailuresWords;
        anyhow::bail!(
            settings
                .client
                .lang
                .cannot_watch_remote(&address.to_string())
        );
    }
    let store = JournalStore::default_location()?;
    let _lock = watch_lock::acquire(&store, &settings.target_dir)
        .map_err(|err| anyhow::anyhow!(err.text(settings.client.lang)))?;
    let stop = stop_on_signals()?;
    let target = settings.target_dir.clone();
    let lang = settings.client.lang;
    // The rules are followed from here on; every batch is given them.
    let rules = FollowedRules::new(&target, options.rules.clone(), settings.rules.take());
    let (sender, events) = mpsc::unbounded_channel();
    let _watcher = notifications(&target, rules.path(), options.poll, lang, sender)?;
    let mut folder = Folder::new(target, rules);
    let runner = BatchRunner {
        module: crate::runtime::load_core(settings.core.as_deref(), &Preparing::new(lang))?,
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
            options.settle.as_secs_f64(),
            options.group.as_secs_f64()
        )
    );
    if options.now {
        let names: Vec<String> = std::mem::take(&mut folder.at_start)
            .into_keys()
            .filter(|name| folder.organizable(name))
            .collect();
        run_batch(&runner, names, folder.rules.in_force().ok().flatten()).await;
    }
    keep_tidy(&runner, &mut folder, events, &stop, &options).await
}

/// What the loop waits for besides notifications.
struct Waiting {
    /// Arrivals not yet settled.
    pending: Pending,
    /// Settled arrivals waiting for their batch (or for usable rules).
    gathered: Gathering,
    /// When to read the rules file again, after a change to it.
    rules_due: Option<Instant>,
}

/// Notes each arrival, and runs a batch of the arrivals that have settled
/// once the folder is quiet, until a stop signal (`Ok`), the end of the notifications (`Ok`) or the
/// folder moved or deleted (`Err`).
async fn keep_tidy(
    runner: &BatchRunner,
    folder: &mut Folder,
    mut events: mpsc::UnboundedReceiver<notify::Result<notify::Event>>,
    stop: &Stop,
    options: &WatchOptions,
) -> anyhow::Result<()> {
    let lang = runner.settings.client.lang;
    let mut waiting = Waiting {
        pending: Pending::new(options.settle),
        gathered: Gathering::new(options.settle, options.group),
        rules_due: None,
    };
    loop {
        let batch_due = waiting.gathered.due(waiting.pending.last_change());
        let next = [waiting.pending.next_check(), waiting.rules_due, batch_due]
            .into_iter()
            .flatten()
            .min();
        tokio::select! {
            () = stop.notify.notified() => return Ok(()),
            event = events.recv() => match event {
                Some(event) => on_event(folder, event, &mut waiting, lang)?,
                None => return Ok(()),
            },
            () = sleep_until(next), if next.is_some() => {
                on_time(runner, folder, &mut waiting, lang).await;
            }
        }
        if stop.cancel.is_requested() {
            return Ok(());
        }
    }
}

/// A notification (or the watcher's failure): an arrival is noted; a change
/// of the rules file has them read again soon; lost notifications have the
/// whole folder looked at; the folder itself moved or deleted is an `Err`.
fn on_event(
    folder: &mut Folder,
    event: notify::Result<notify::Event>,
    waiting: &mut Waiting,
    lang: Lang,
) -> anyhow::Result<()> {
    let event = match event {
        Ok(event) if !event.need_rescan() => event,
        Ok(_) | Err(_) => {
            if let Err(err) = event {
                errln!("{}  {err}", now());
            }
            ensure_there(folder, lang)?;
            errln!("{}  {}", now(), lang.notifications_lost());
            folder.rescan(&mut waiting.pending);
            return Ok(());
        }
    };
    for path in &event.paths {
        if *path == folder.target {
            ensure_there(folder, lang)?;
        } else if path == folder.rules.path() {
            waiting.rules_due = Some(Instant::now() + RULES_SETTLE);
        } else {
            folder.note(path, &mut waiting.pending);
        }
    }
    Ok(())
}

/// `Err` (saying so in `lang`) when the folder is no longer where it was.
fn ensure_there(folder: &Folder, lang: Lang) -> anyhow::Result<()> {
    if folder.gone() {
        anyhow::bail!(lang.watched_folder_gone(&folder.target.display().to_string()));
    }
    Ok(())
}

/// A time waited for came: the rules file is read again when due; the
/// settled arrivals join the batch gathering; once the folder is quiet,
/// the batch is organized under the rules as they are now, or held back
/// while those cannot be used.
async fn on_time(runner: &BatchRunner, folder: &mut Folder, waiting: &mut Waiting, lang: Lang) {
    let woke = Instant::now();
    if waiting.rules_due.is_some_and(|due| due <= woke) {
        waiting.rules_due = None;
        reload_rules(folder, lang);
    }
    let ready = waiting
        .pending
        .settled(woke, |name| look(&folder.target.join(name)));
    waiting.gathered.add(ready, woke);
    if !waiting.gathered.ready(woke, waiting.pending.last_change()) {
        return;
    }
    reload_rules(folder, lang);
    let Ok(rules) = folder.rules.in_force() else {
        waiting.gathered.hold();
        return;
    };
    let names: Vec<String> = waiting
        .gathered
        .take()
        .into_iter()
        .filter(|name| folder.organizable(name))
        .collect();
    run_batch(runner, names, rules).await;
}

/// Reads the rules file again; says on stderr when it changed.
fn reload_rules(folder: &mut Folder, lang: Lang) {
    if let Some(said) = folder.rules.reload(lang) {
        errln!("{}  {said}", now());
    }
}

/// Runs one batch under `rules`; its failure is an error line, and the
/// watch goes on.
async fn run_batch(runner: &BatchRunner, names: Vec<String>, rules: Option<&RulesFile>) {
    if names.is_empty() {
        return;
    }
    if let Err(err) = runner.run(names, rules).await {
        errln!("{}  {err:#}", now());
    }
}

async fn sleep_until(at: Option<Instant>) {
    if let Some(at) = at {
        tokio::time::sleep_until(at.into()).await;
    }
}

/// The change notifications of the folder `dir` and of the folder of its
/// `rules` file, sent to `sender`; a failure to watch `dir` is said in `lang`.
fn notifications(
    dir: &Path,
    rules: &Path,
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
    // A rules file elsewhere: its folder too (each batch reads it anyway).
    if let Some(folder) = rules.parent().filter(|folder| *folder != dir) {
        let _ = watcher.watch(folder, RecursiveMode::NonRecursive);
    }
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
