//! The session behind the window: one task owns the core and runs the
//! page's actions one at a time (a request, a typed line, an apply, an
//! undo, new settings), exactly as a terminal session runs the core, but
//! always into an overlay (a dry run): the page reviews the plan, and only
//! an apply changes the disk, as a journaled session of its own.

use crate::words::{AskWords, FailuresWords, WindowWords};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use anyhow::Context;
use serde_json::{Value, json};
use tidyup_core::{AgentConfig, Event, EventSink, FailureKind, Lang, ModelFailure, Outcome};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};
use wasmtime::Module;

use super::hub::Hub;
use super::plan;
use super::shared::{Job, Shared, lock};
use super::status::{CurrentPlan, Phase, Status};
use crate::cli::config::Config;
use crate::cli::{RunArgs, Settings};
use crate::fs::{HostFs, OverlayFs, SharedFs};
use crate::journal::JournalStore;
use crate::runtime::{CoreSession, CoreStopped, HostState};
use crate::transport::Cancel;

/// The session's task, to wait for at the end.
pub struct Running(tokio::task::JoinHandle<()>);

impl Running {
    /// Waits until the task ended (after [`Shared::shut_down`]).
    pub async fn finish(self) {
        let _ = self.0.await;
    }
}

/// Starts the session on `settings` and its task.
pub async fn start(
    module: Module,
    store: JournalStore,
    settings: Settings,
    args: RunArgs,
    config: Config,
) -> anyhow::Result<(Running, Arc<Shared>)> {
    let (jobs, queue) = unbounded_channel();
    let shared = Arc::new(Shared {
        hub: Hub::default(),
        status: Mutex::new(Status {
            phase: Phase::Idle,
            settings: settings.clone(),
            page_lang: settings.client.lang,
            plan: None,
        }),
        jobs,
        cancel: Cancel::default(),
        stop: Arc::new(AtomicBool::new(false)),
        config,
        args: Mutex::new(args),
        store,
        applied: Mutex::new(Vec::new()),
        key_confirmation: Mutex::new(None),
    });
    let core = Core::start(&module, &shared, &settings).await?;
    let driver = Driver {
        shared: Arc::clone(&shared),
        module,
        core,
        plans: 0,
    };
    Ok((Running(tokio::spawn(driver.run(queue))), shared))
}

/// The core of one session and the overlay its changes land in.
struct Core {
    session: CoreSession,
    overlay: Arc<Mutex<OverlayFs<Box<dyn HostFs>>>>,
}

impl Core {
    /// A new session on `settings`, its changes into a new overlay, its
    /// events to the page.
    async fn start(
        module: &Module,
        shared: &Arc<Shared>,
        settings: &Settings,
    ) -> anyhow::Result<Self> {
        let lang = settings.client.lang;
        let mut stack = super::super::session_stack(settings, &shared.store);
        // Stop reaches a remote request waiting on its server too.
        stack.cancel = Some(shared.cancel.clone());
        let (files, overlay) = SharedFs::new(stack.dry_run()?);
        let transport = crate::transport::transport(&settings.client)?;
        let events = PageEvents(Arc::clone(shared));
        let mut state = HostState::new(transport, Box::new(files), Box::new(events))
            .with_cancel(shared.cancel.clone());
        if let Some(fuel) = settings.core_fuel {
            state = state.with_fuel(fuel);
        }
        let config = AgentConfig {
            // Every change lands in the overlay first.
            dry_run: true,
            ..super::super::agent_config(settings)
        };
        let session = CoreSession::start(module, state, &config)
            .await
            .with_context(|| lang.core_failed_to_start())?;
        Ok(Self { session, overlay })
    }
}

/// Every core event to the page as a `core` event, but an error: that is
/// an `error` event, a failed model call worded for people from its data
/// (the terminal's line names flags and commands).
struct PageEvents(Arc<Shared>);

impl EventSink for PageEvents {
    fn emit(&mut self, event: Event) {
        match &event {
            Event::Error {
                failure: Some(failure),
                ..
            } => {
                let sent = {
                    let status = self.0.status();
                    call_failed(&status.settings, status.page_lang, failure)
                };
                return self.0.hub.send(sent);
            }
            Event::Error {
                text,
                failure: None,
            } => return self.0.hub.send(json!({"kind": "error", "text": text})),
            Event::Started { .. }
            | Event::Tool { .. }
            | Event::AnswerDelta { .. }
            | Event::Answer { .. }
            | Event::Usage { .. }
            | Event::Notice { .. }
            | Event::Progress { .. }
            | Event::Page { .. } => {}
        }
        self.0.hub.send(json!({"kind": "core", "event": event}));
    }
}

/// The `error` event of a failed model call: the window's words, the
/// failure's data, and the setting it concerns (`base_url`, `model`, or
/// `provider` where no one field is to blame), for the page to open.
fn call_failed(settings: &Settings, lang: Lang, failure: &ModelFailure) -> Value {
    let client = &settings.client;
    let setting = match failure.kind {
        FailureKind::Unreachable
        | FailureKind::Timeout
        | FailureKind::Connection
        | FailureKind::NotAReply => "base_url",
        FailureKind::ModelUnknown | FailureKind::TooLong | FailureKind::NoAnswer => "model",
        FailureKind::KeyRefused
        | FailureKind::RateLimited
        | FailureKind::ServerError
        | FailureKind::Refused
        | FailureKind::ReplyTooLarge
        | FailureKind::Other => "provider",
    };
    json!({
        "kind": "error",
        "text": lang.window_call_failed(failure, &client.base_url, &client.model),
        "failure": failure,
        "settings": setting,
    })
}

/// The session's task.
struct Driver {
    shared: Arc<Shared>,
    module: Module,
    core: Core,
    plans: usize,
}

impl Driver {
    async fn run(mut self, mut queue: UnboundedReceiver<Job>) {
        while let Some(job) = queue.recv().await {
            match job {
                Job::Quit => break,
                Job::Organize(request) => {
                    // A new plan from the folder as it is, not on top of the last.
                    if !lock(&self.core.overlay).steps().is_empty() {
                        self.fresh().await;
                    }
                    if self.turn(Some(&request)).await == Some(Outcome::Answered) {
                        // The dry run carries the plan out: the go-ahead is
                        // given as a command, never as words to recognise.
                        self.turn(None).await;
                    }
                    self.send_plan(true);
                }
                Job::Say(line) => {
                    self.turn(Some(&line)).await;
                    self.send_plan(false);
                }
                Job::Apply(plan, unticked) => {
                    super::apply::apply(&self.shared, *plan, unticked).await;
                    self.fresh().await;
                    // The new session's start line, the phase as it is now.
                    self.shared.send_state();
                }
                Job::Undo(session) => super::apply::undo(&self.shared, session).await,
                Job::Restart(settings, answer) => {
                    let result = self.restart(*settings).await;
                    let _ = answer.send(result);
                }
            }
        }
    }

    /// Runs one line (`None`: the go-ahead, given as a command); `None`
    /// when the core stopped (said already) or failed for good (said now,
    /// and a new session started).
    async fn turn(&mut self, line: Option<&str>) -> Option<Outcome> {
        let ran = match line {
            Some(line) => self.core.session.send(line).await,
            None => self.core.session.go_ahead().await,
        };
        match ran {
            Ok(outcome) => Some(outcome),
            Err(err) if err.is::<CoreStopped>() => None,
            Err(err) => {
                let lang = self.shared.lang();
                let text = format!("{:#}", err.context(lang.core_stopped_for_good()));
                self.shared.hub.send(json!({"kind": "error", "text": text}));
                self.fresh().await;
                None
            }
        }
    }

    /// Sends the plan of the dry run's steps (with none: only when
    /// `always`); the phase becomes review, or idle with nothing to review.
    fn send_plan(&mut self, always: bool) {
        let steps = lock(&self.core.overlay).steps().to_vec();
        if steps.is_empty() && !always {
            self.shared.set_phase(Phase::Idle);
            return;
        }
        self.plans += 1;
        let id = format!("p{}", self.plans);
        let table = {
            let status = self.shared.status();
            let settings = &status.settings;
            let mut overlay = lock(&self.core.overlay);
            plan::table(
                &id,
                overlay.base(),
                &settings.target_dir,
                &steps,
                settings.rules.as_ref().map(|rules| rules.text.as_str()),
                status.page_lang,
            )
        };
        self.shared.hub.send(plan::event(&table));
        let phase = if steps.is_empty() {
            Phase::Idle
        } else {
            Phase::Review
        };
        self.shared.status().plan = Some(CurrentPlan { id, table, steps });
        self.shared.set_phase(phase);
    }

    /// A new session on the same settings (after an apply, or a core that
    /// failed for good): a new core, an empty overlay, no plan.
    async fn fresh(&mut self) {
        let settings = self.shared.status().settings.clone();
        self.shared.status().plan = None;
        match Core::start(&self.module, &self.shared, &settings).await {
            Ok(core) => self.core = core,
            Err(err) => self
                .shared
                .hub
                .send(json!({"kind": "error", "text": format!("{err:#}")})),
        }
    }

    /// The session on `settings` instead: the new `state`, or why it
    /// cannot start (the old session goes on).
    async fn restart(&mut self, settings: Settings) -> Result<Value, String> {
        let started = Core::start(&self.module, &self.shared, &settings).await;
        let mut status = self.shared.status();
        match started {
            Ok(core) => {
                self.core = core;
                status.settings = settings;
                status.plan = None;
                status.phase = Phase::Idle;
                let event = status.event(&self.shared.config, &self.shared.store);
                drop(status);
                self.shared.hub.send(event.clone());
                Ok(event)
            }
            Err(err) => {
                let phase = match status.plan {
                    Some(_) => Phase::Review,
                    None => Phase::Idle,
                };
                drop(status);
                self.shared.set_phase(phase);
                Err(format!("{err:#}"))
            }
        }
    }
}
