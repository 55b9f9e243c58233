//! One interactive session: load the core, then feed it user lines.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::Context;
use tidyup_core::{AgentConfig, FileSystem, Lang, Outcome};
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::cli::Settings;
use crate::console::{Console, Preparing, Spinner, outln};
use crate::dry_run::{self, DryRunPlan};
use crate::failure::Failure;
use crate::fs::{HostFs, OverlayFs, Protected, SharedFs};
use crate::journal::{Journal, JournalStore, JournaledFs};
use crate::runtime::{CoreSession, CoreStopped, HostState};
use crate::transport::Cancel;

/// The file system of a session, kept so its journal or plan can be read at the end.
enum SessionFiles {
    /// Changes are made, journaled first.
    Journaled(Arc<Mutex<JournaledFs<Box<dyn HostFs>>>>),
    /// Changes land in an overlay and become a plan.
    DryRun(Arc<Mutex<OverlayFs<Box<dyn HostFs>>>>),
}

/// Runs tidyup until `quit` or the end of standard input.
pub(super) async fn session(settings: Settings) -> anyhow::Result<()> {
    let preparing = Preparing::new(settings.client.lang);
    let module = crate::runtime::load_core(settings.core.as_deref(), &preparing)?;
    let store = JournalStore::default_location()?;
    let (files, changes) = file_system(&settings, &store)?;
    let console = Console::detect();
    let transport = crate::transport::transport(&settings.client)?;
    let cancel = Cancel::default();
    let mut state = HostState::new(transport, files, Box::new(console))
        .with_cancel(cancel.clone())
        .with_model_wait(Arc::new(Spinner::detect(settings.client.lang)));
    if let Some(fuel) = settings.core_fuel {
        state = state.with_fuel(fuel);
    }
    let config = AgentConfig {
        target_dir: settings.target_dir.to_string_lossy().into_owned(),
        model: settings.client.model.clone(),
        lang: settings.client.lang,
        provider: settings.client.provider,
        calls: settings.client.call_settings(),
        limits: settings.limits,
        read_contents: settings.read_contents,
        rules: settings.rules.as_ref().map(|rules| rules.text.clone()),
    };
    let mut session = CoreSession::start(&module, state, &config)
        .await
        .with_context(|| settings.client.lang.core_failed_to_start())?;
    say_mode(&settings);
    let result = converse(&mut session, &cancel, settings.client.lang).await;
    finish(&settings, &store, &changes)?;
    result
}

/// The file-system stack: sandbox (unless `--no-sandbox`) with tidyup's own
/// directories out of reach, then the journal or, for `--dry-run`, the overlay.
fn file_system(
    settings: &Settings,
    store: &JournalStore,
) -> anyhow::Result<(Box<dyn FileSystem + Send>, SessionFiles)> {
    let base = crate::fs::base(
        settings.roots.as_deref(),
        &Protected::tidyup_own(store.root()),
    )
    .with_context(|| settings.client.lang.cannot_open_target())?;
    let base = crate::fs::with_rules(
        base,
        &settings.target_dir,
        settings.rules.as_ref(),
        settings.roots.as_deref(),
    )?;
    Ok(if settings.dry_run {
        let (files, handle) = SharedFs::new(OverlayFs::new(base));
        (Box::new(files), SessionFiles::DryRun(handle))
    } else {
        let journal = Journal::new(store.clone(), &settings.target_dir, settings.roots.clone());
        let (files, handle) = SharedFs::new(JournaledFs::new(base, journal));
        (Box::new(files), SessionFiles::Journaled(handle))
    })
}

/// Feeds user lines to the core until `quit` or the end of input. Ctrl-C
/// during a turn cancels it; a second Ctrl-C (or one at the prompt) exits.
/// A core that stops during a line was restored to the last completed turn
/// (and said so): the next line goes on.
async fn converse(session: &mut CoreSession, cancel: &Cancel, lang: Lang) -> anyhow::Result<()> {
    let turn_running = Arc::new(AtomicBool::new(false));
    super::interrupt::cancel_turn_on_ctrl_c(cancel.clone(), turn_running.clone());
    let mut input = Input::detect();
    while let Some(line) = input.next_line().await? {
        cancel.reset();
        turn_running.store(true, Ordering::SeqCst);
        let outcome = session.send(&line).await;
        turn_running.store(false, Ordering::SeqCst);
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(err) if err.is::<CoreStopped>() => continue,
            Err(err) => return Err(err.context(lang.core_stopped_for_good())),
        };
        match outcome {
            Outcome::Quit => return Ok(()),
            Outcome::Ignored
            | Outcome::Answered
            | Outcome::RoundLimit
            | Outcome::ModelFailed
            | Outcome::Cancelled => {}
        }
    }
    Ok(())
}

/// Where user lines come from: a line editor with history on a terminal,
/// plain lines from a pipe. The editor (rustyline with `signal-hook`)
/// watches only window resizes, so Ctrl-C stays with `cancel_turn_on_ctrl_c`; it
/// reads ahead, and a burst of input (a paste) is taken from its buffer
/// at once.
enum Input {
    Editor(Option<Box<rustyline::DefaultEditor>>),
    Piped(BufReader<tokio::io::Stdin>),
}

impl Input {
    fn detect() -> Self {
        let editor = std::io::stdin()
            .is_terminal()
            .then(|| {
                // Ctrl-C stays a signal (handled by `cancel_turn_on_ctrl_c`), also at the prompt.
                let config = rustyline::Config::builder().enable_signals(true).build();
                rustyline::DefaultEditor::with_config(config).ok()
            })
            .flatten();
        match editor {
            Some(editor) => Input::Editor(Some(Box::new(editor))),
            None => Input::Piped(BufReader::new(tokio::io::stdin())),
        }
    }

    /// The next line, `None` at the end of input (or Ctrl-C/Ctrl-D at the prompt).
    async fn next_line(&mut self) -> anyhow::Result<Option<String>> {
        match self {
            Input::Editor(slot) => {
                let Some(mut editor) = slot.take() else {
                    return Ok(None);
                };
                let (editor, line) = tokio::task::spawn_blocking(move || {
                    let line = editor.readline("> ");
                    if let Ok(text) = &line {
                        let _ = editor.add_history_entry(text.as_str());
                    }
                    (editor, line)
                })
                .await?;
                *slot = Some(editor);
                match line {
                    Ok(text) => Ok(Some(text)),
                    Err(
                        rustyline::error::ReadlineError::Interrupted
                        | rustyline::error::ReadlineError::Eof,
                    ) => Ok(None),
                    Err(err) => Err(err.into()),
                }
            }
            Input::Piped(reader) => {
                let mut bytes = Vec::new();
                if reader.read_until(b'\n', &mut bytes).await? == 0 {
                    return Ok(None);
                }
                Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
            }
        }
    }
}

/// Says, after the start line, what protects the files in this session.
fn say_mode(settings: &Settings) {
    let lang = settings.client.lang;
    if settings.roots.is_none() {
        outln!("{}", lang.sandbox_off());
    }
    if settings.dry_run {
        outln!("{}", lang.dry_run_on());
    }
    if settings.read_contents {
        let line = match settings.client.provider {
            tidyup_core::Provider::Remote => {
                let host = url::Url::parse(&settings.client.base_url)
                    .ok()
                    .and_then(|url| url.host_str().map(str::to_owned))
                    .unwrap_or_else(|| settings.client.base_url.clone());
                lang.reading_contents_sent(settings.limits.excerpt_chars, &host)
            }
            tidyup_core::Provider::Offline | tidyup_core::Provider::OfflineNoKey => {
                lang.reading_contents_local()
            }
        };
        outln!("{line}");
    }
    if let Some(rules) = &settings.rules {
        outln!(
            "{}",
            lang.following_rules(&rules.path.display().to_string())
        );
    }
}

/// Tells how to undo the session, or prints and saves the dry-run plan.
fn finish(settings: &Settings, store: &JournalStore, changes: &SessionFiles) -> anyhow::Result<()> {
    let lang = settings.client.lang;
    match changes {
        SessionFiles::Journaled(files) => {
            let files = files.lock().map_err(|_| Failure::LockPoisoned("journal"))?;
            let journal = files.journal();
            if journal.has_changes() {
                let session = journal.session();
                outln!("{}", lang.changes_journaled(session));
            }
        }
        SessionFiles::DryRun(files) => {
            let files = files.lock().map_err(|_| Failure::LockPoisoned("plan"))?;
            let steps = files.steps().to_vec();
            if steps.is_empty() {
                outln!("{}", lang.dry_run_nothing_planned());
                return Ok(());
            }
            let plan = DryRunPlan {
                target: settings.target_dir.clone(),
                roots: settings.roots.clone(),
                created: chrono::Local::now().to_rfc3339(),
                steps,
            };
            let path = plan.save(store)?;
            outln!("{}", lang.dry_run_plan_heading(plan.steps.len()));
            for line in dry_run::describe(&plan.steps, lang) {
                outln!("  {line}");
            }
            outln!("{}", lang.plan_saved_to(&path.display().to_string()));
        }
    }
    Ok(())
}
