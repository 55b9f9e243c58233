//! What the routes and the session's task share: the queue of jobs, the
//! status, the owning tab, the stop and cancel flags.

use crate::words::WindowWords;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use serde_json::Value;
use tidyup_core::Lang;
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::oneshot;

use super::hub::Hub;
use super::status::{Phase, Status};
use crate::cli::config::Config;
use crate::cli::{RunArgs, Settings};
use crate::dry_run::DryRunPlan;
use crate::journal::JournalStore;
use crate::transport::Cancel;

/// One action for the session's task.
pub enum Job {
    /// Run a request, then the go-ahead, into the dry run; send the plan.
    Organize(String),
    /// Run a typed line; send the plan when the dry run holds steps.
    Say(String),
    /// Carry out a plan (its ticked rows), journaled.
    Apply(Box<DryRunPlan>, usize),
    /// Reverse a session.
    Undo(String),
    /// Start again with these settings; the answer is the new `state`, or
    /// why the session cannot start.
    Restart(Box<Settings>, oneshot::Sender<Result<Value, String>>),
    /// End: the server is stopping.
    Quit,
}

/// What the routes and the session's task share.
pub struct Shared {
    /// The owning tab and its stream.
    pub hub: Hub,
    /// The session as the page sees it.
    pub status: Mutex<Status>,
    /// The session task's queue.
    pub jobs: UnboundedSender<Job>,
    /// Cancels a running model turn (the core asks between tool calls).
    pub cancel: Cancel,
    /// Stops a running apply after the file in progress.
    pub stop: Arc<AtomicBool>,
    /// The config file, for settings resolved again.
    pub config: Config,
    /// The session's arguments as last resolved.
    pub args: Mutex<RunArgs>,
    /// Where journals, trash and plans are.
    pub store: JournalStore,
    /// The sessions applied from this window, oldest first.
    pub applied: Mutex<Vec<String>>,
    /// The confirmation a change sending the API key elsewhere waits for
    /// (`key`): its token and the address it is for.
    pub key_confirmation: Mutex<Option<(String, String)>>,
}

/// A lock that a panic elsewhere left poisoned is still the data.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared {
    /// The session's status.
    pub fn status(&self) -> MutexGuard<'_, Status> {
        lock(&self.status)
    }

    /// The language of the page's words (see [`Status::page_lang`]).
    pub fn lang(&self) -> Lang {
        self.status().page_lang
    }

    /// The `state` event now.
    pub fn state_event(&self) -> Value {
        self.status().event(&self.config, &self.store)
    }

    /// Tells the page the state as it is (a `state` event).
    pub fn send_state(&self) {
        self.hub.send(self.state_event());
    }

    /// Moves to `phase` and tells the page.
    pub fn set_phase(&self, phase: Phase) {
        let event = {
            let mut status = self.status();
            status.phase = phase;
            status.event(&self.config, &self.store)
        };
        self.hub.send(event);
    }

    /// Queues `job` in `phase`, or the text refusing it: another job runs.
    pub fn begin(&self, phase: Phase, job: Job) -> Result<(), String> {
        let event = {
            let mut status = self.status();
            if status.phase.busy() {
                return Err(status.page_lang.window_busy());
            }
            status.phase = phase;
            status.event(&self.config, &self.store)
        };
        self.hub.send(event);
        self.cancel.reset();
        self.stop.store(false, Ordering::SeqCst);
        self.jobs.send(job).map_err(|_| self.lang().window_busy())
    }

    /// Asks what runs to stop: an apply after the file in progress, a
    /// model turn between tool calls.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.cancel.request();
    }

    /// The server is stopping: what runs stops, the stream ends, the task
    /// ends after its job.
    pub fn shut_down(&self) {
        self.request_stop();
        self.hub.close();
        let _ = self.jobs.send(Job::Quit);
    }
}
