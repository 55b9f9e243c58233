//! One interactive session: load the core, then feed it user lines.

use crate::words::{AskWords, FailuresWords, SessionWords};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use anyhow::Context;
use tidyup_core::{FileSystem, Lang, Outcome};
use tokio::io::{AsyncBufReadExt, BufReader};

use super::interrupt::SessionInterrupts;
use crate::cli::Settings;
use crate::console::{Console, Preparing, Spinner, outln};
use crate::dry_run::{self, DryRunPlan};
use crate::failure::Failure;
use crate::fs::{HostFs, OverlayFs, SharedFs};
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

/// Runs tidyup until `quit`, the end of standard input or Ctrl-C twice;
/// exit status 0, or 130 when Ctrl-C ended it.
pub(super) async fn session(settings: Settings) -> anyhow::Result<ExitCode> {
    let preparing = Preparing::new(settings.client.lang);
    let module = crate::runtime::load_core(settings.core.as_deref(), &preparing)?;
    let store = JournalStore::default_location()?;
    let cancel = Cancel::default();
    let (files, changes) = match file_system(&settings, &store, &cancel) {
        Ok(found) => found,
        // A remote folder that cannot be reached is an address or a
        // setting to correct, as a folder that does not exist is.
        Err(err) if settings.remote.is_some() => return Ok(super::fail(&err, 2)),
        Err(err) => return Err(err),
    };
    let console = Console::detect()
        .with_people_view(settings.client.lang, settings.verbose, settings.dry_run)
        // The offline planner writes plain text (file names may hold `*`, `_`).
        .with_markdown(settings.client.provider == tidyup_core::Provider::Remote);
    let transport = crate::transport::transport(&settings.client)?;
    let mut state = HostState::new(transport, files, Box::new(console))
        .with_cancel(cancel.clone())
        .with_model_wait(Arc::new(Spinner::detect(settings.client.lang)));
    if let Some(fuel) = settings.core_fuel {
        state = state.with_fuel(fuel);
    }
    let config = super::agent_config(&settings);
    let mut session = CoreSession::start(&module, state, &config)
        .await
        .with_context(|| settings.client.lang.core_failed_to_start())?;
    say_mode(&settings);
    let interrupts = SessionInterrupts::watch(
        cancel.clone(),
        settings.client.lang,
        last_words(&settings, &store, &changes),
    );
    let result = converse(&mut session, &cancel, &interrupts, settings.client.lang).await;
    finish(&settings, &store, &changes)?;
    match result? {
        Ended::Quit => Ok(ExitCode::SUCCESS),
        Ended::CtrlC => Ok(ExitCode::from(130)),
        Ended::AfterFailedCall => {
            anyhow::bail!(settings.client.lang.session_ended_with_failed_call())
        }
    }
}

/// How a session ended.
enum Ended {
    /// `quit` or the end of input.
    Quit,
    /// Ctrl-C asked to leave.
    CtrlC,
    /// Piped input ended while the last model call had failed.
    AfterFailedCall,
}

/// What is said when Ctrl-C ends the process at once: the journal line,
/// when the session has journaled anything (read from disk: the journal
/// itself may be busy).
fn last_words(
    settings: &Settings,
    store: &JournalStore,
    changes: &SessionFiles,
) -> Box<dyn Fn() + Send + Sync> {
    let lang = settings.client.lang;
    let SessionFiles::Journaled(files) = changes else {
        return Box::new(|| {});
    };
    let Ok(files) = files.lock() else {
        return Box::new(|| {});
    };
    let session = files.journal().session().to_owned();
    let path = store.journal_path(&session);
    Box::new(move || {
        if path.exists() {
            outln!("{}", lang.changes_journaled(&session));
        }
    })
}

/// The file-system stack: sandbox (unless `--no-sandbox`) with tidyup's own
/// directories out of reach, then the journal (a batch of moves stopping
/// at `cancel`) or, for `--dry-run`, the overlay.
fn file_system(
    settings: &Settings,
    store: &JournalStore,
    cancel: &Cancel,
) -> anyhow::Result<(Box<dyn FileSystem + Send>, SessionFiles)> {
    let mut stack = super::session_stack(settings, store);
    // Ctrl-C reaches a remote request waiting on its server too.
    stack.cancel = Some(cancel.clone());
    Ok(if settings.dry_run {
        let (files, handle) = SharedFs::new(stack.dry_run()?);
        (Box::new(files), SessionFiles::DryRun(handle))
    } else {
        let journal = Journal::new(store.clone(), &settings.target_dir, settings.roots.clone())
            .on_remote(settings.remote.as_ref());
        let cancel = cancel.clone();
        let journaled =
            (stack.journaled(journal)?).with_stop(Box::new(move || cancel.is_requested()));
        let (files, handle) = SharedFs::new(journaled);
        (Box::new(files), SessionFiles::Journaled(handle))
    })
}

/// Feeds user lines to the core until `quit`, the end of input or Ctrl-C
/// asking to leave (see [`SessionInterrupts`]). A core that stops during a
/// line was restored to the last completed turn (and said so): the next
/// line goes on. Piped input that ends while the last model call had
/// failed ends the session as failed (exit 1, for the script that ran it);
/// a typed `quit` is the user's own end and keeps status 0.
async fn converse(
    session: &mut CoreSession,
    cancel: &Cancel,
    interrupts: &SessionInterrupts,
    lang: Lang,
) -> anyhow::Result<Ended> {
    let mut input = Input::detect();
    let mut last_call_failed = false;
    loop {
        let line = tokio::select! {
            line = input.next_line(interrupts) => line?,
            () = interrupts.leaving() => return Ok(Ended::CtrlC),
        };
        let Some(line) = line else {
            return Ok(match interrupts.leave_asked() {
                true => Ended::CtrlC,
                false if last_call_failed && matches!(input, Input::Piped(_)) => {
                    Ended::AfterFailedCall
                }
                false => Ended::Quit,
            });
        };
        cancel.reset();
        interrupts.turn_started();
        let outcome = session.send(&line).await;
        interrupts.turn_ended();
        if interrupts.leave_asked() {
            return Ok(Ended::CtrlC);
        }
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(err) if err.is::<CoreStopped>() => continue,
            Err(err) => return Err(err.context(lang.core_stopped_for_good())),
        };
        match outcome {
            Outcome::Quit => return Ok(Ended::Quit),
            Outcome::Ignored => {}
            Outcome::ModelFailed => last_call_failed = true,
            Outcome::Answered | Outcome::RoundLimit | Outcome::Cancelled => {
                last_call_failed = false;
            }
        }
    }
}

/// Where user lines come from: a line editor with history on a terminal,
/// plain lines from a pipe. The editor (rustyline with `signal-hook`)
/// watches only window resizes; Ctrl-C at its prompt is read as a key and
/// handed to [`SessionInterrupts`], as the signal is elsewhere. It reads
/// ahead, and a burst of input (a paste) is taken from its buffer at once;
/// what it read beyond one line is kept for the next (rustyline's
/// `buffer-redux`), so lines pasted together or typed during a turn are
/// each read in order. A pipe keeps them in its reader's buffer.
enum Input {
    Editor(Option<Box<rustyline::DefaultEditor>>),
    Piped(BufReader<tokio::io::Stdin>),
}

impl Input {
    fn detect() -> Self {
        let editor = std::io::stdin()
            .is_terminal()
            .then(|| {
                // Ctrl-C at the prompt is a key (told to `SessionInterrupts`).
                let config = rustyline::Config::builder().enable_signals(false).build();
                rustyline::DefaultEditor::with_config(config).ok()
            })
            .flatten();
        match editor {
            Some(editor) => Input::Editor(Some(Box::new(editor))),
            None => Input::Piped(BufReader::new(tokio::io::stdin())),
        }
    }

    /// The next line, `None` at the end of input (Ctrl-D at the prompt) or
    /// when Ctrl-C at the prompt asked to leave.
    async fn next_line(
        &mut self,
        interrupts: &SessionInterrupts,
    ) -> anyhow::Result<Option<String>> {
        match self {
            Input::Editor(slot) => loop {
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
                    Ok(text) => return Ok(Some(text)),
                    Err(rustyline::error::ReadlineError::Interrupted) => {
                        interrupts.pressed();
                        if interrupts.leave_asked() {
                            return Ok(None);
                        }
                    }
                    Err(rustyline::error::ReadlineError::Eof) => return Ok(None),
                    Err(err) => return Err(err.into()),
                }
            },
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
    // Piped, the start output stays as the spec has it: no model line.
    let lang = settings.client.lang;
    for line in mode_lines(settings, std::io::stdout().is_terminal(), lang) {
        outln!("{line}");
    }
}

/// The lines after the start line: the model and where it is (a remote
/// provider's, with `with_model`), then what protects the files in this
/// session (sandbox, dry run, contents, rules), in `lang`.
pub(super) fn mode_lines(settings: &Settings, with_model: bool, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    let url = url::Url::parse(&settings.client.base_url).ok();
    let host = url
        .as_ref()
        .and_then(|url| url.host_str().map(str::to_owned))
        .unwrap_or_else(|| settings.client.base_url.clone());
    if settings.client.provider == tidyup_core::Provider::Remote && with_model {
        lines.push(lang.model_line(
            &settings.client.model,
            &match url.as_ref().and_then(url::Url::port) {
                Some(port) => format!("{host}:{port}"),
                None => host.clone(),
            },
            &settings.client.provider_name,
        ));
    }
    if settings.roots.is_none() {
        lines.push(lang.sandbox_off());
    }
    if settings.dry_run {
        lines.push(lang.dry_run_on());
    }
    if settings.read_contents {
        lines.push(match settings.client.provider {
            tidyup_core::Provider::Remote => {
                lang.reading_contents_sent(settings.limits.tools.excerpt_chars, &host)
            }
            tidyup_core::Provider::Offline | tidyup_core::Provider::OfflineNoKey => {
                lang.reading_contents_local()
            }
        });
    }
    if let Some(rules) = &settings.rules {
        lines.push(lang.following_rules(&rules.path.display().to_string()));
    }
    lines
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
                rules: dry_run::rules_record(settings.rules.as_ref()),
                steps,
            };
            outln!("{}", lang.dry_run_plan_heading(plan.steps.len()));
            for line in dry_run::describe(&plan.steps, lang) {
                outln!("  {line}");
            }
            let path = dry_run::save_for(&plan, store, settings.remote.as_ref())?;
            outln!("{}", lang.plan_saved_to(&path.display().to_string()));
        }
    }
    Ok(())
}
