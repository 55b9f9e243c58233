//! `tidyup mcp`: tidyup's tools for any agent that speaks the Model Context
//! Protocol, served on standard input/output with rmcp.
//!
//! The tools are the core's (the same `.wasm`, through `tidyup_run_tool`),
//! so their names, schemas and result texts are those of a session. Their
//! file primitives go through the CLI's stack: the sandbox over the roots,
//! tidyup's own directories out of reach, and the journal (one session per
//! connection, its name ending in `-mcp`) or the dry-run overlay. Standard
//! output carries only the protocol; every log line goes to standard error.
//! A message over 16 MiB is answered with an error, unread.

mod progress;
mod roots;
mod server;
mod stdio;
mod tools;
mod workspace;

use crate::words::{AskWords, FailuresWords};
use std::sync::Arc;

use crate::words::mcp as texts;
use anyhow::Context;
use rmcp::ServiceExt;
use tidyup_core::Lang;

use super::interrupt::StopSignals;
use crate::cli::McpSettings;
use crate::console::{Preparing, errln};
use crate::failure::Failure;
use crate::fs::SharedFs;
use crate::journal::JournalStore;
use crate::runtime::{CoreSession, HostState};
use crate::transport::NoTransport;
use progress::ProgressSink;
use server::TidyupServer;
use workspace::{Ending, Policy, Workspace};

/// Serves one connection on standard input/output, then says what it left
/// (the journal session to undo, or the saved plan) on standard error.
pub(super) async fn serve(settings: McpSettings) -> anyhow::Result<()> {
    let (lang, dry_run) = (settings.lang, settings.dry_run);
    let store = JournalStore::default_location()?;
    let module = crate::runtime::load_core(None, &Preparing::new(lang))?;
    let workspace = open_workspace(store, &settings)?;
    let (files, workspace) = SharedFs::new(workspace);
    let progress = ProgressSink::default();
    let mut state = HostState::new(
        Arc::new(NoTransport),
        Box::new(files),
        Box::new(progress.clone()),
    );
    if let Some(fuel) = settings.core_fuel {
        state = state.with_fuel(fuel);
    }
    let core = CoreSession::load(&module, state)
        .await
        .with_context(|| lang.core_failed_to_start())?;
    let server = Arc::new(TidyupServer::new(
        settings,
        core,
        workspace.clone(),
        progress,
    ));
    let service = server
        .clone()
        .serve(stdio::BoundedLines::new(
            tokio::io::stdin(),
            tokio::io::stdout(),
            lang,
        ))
        .await
        .with_context(|| lang.mcp_could_not_start())?;
    tokio::select! {
        ended = service.waiting() => {
            if let Err(err) = ended {
                errln!(
                    "tidyup mcp: {}",
                    texts::connection_failed(lang, &err.to_string())
                );
            }
        }
        () = StopSignals::listen_or_ctrl_c_only().received() => {
            errln!("tidyup mcp: {}", texts::stopping(lang));
        }
    }
    server.quiesce().await;
    let endings = workspace
        .lock()
        .map_err(|_| Failure::LockPoisoned("workspace"))?
        .finish()?;
    report_endings(endings, lang, dry_run);
    Ok(())
}

/// The workspace of the connection, in the directories given on the
/// command line when there are any (else the client's roots come later).
fn open_workspace(store: JournalStore, settings: &McpSettings) -> anyhow::Result<Workspace> {
    let mut workspace = Workspace::new(
        store,
        Policy {
            allow: settings.allow.clone(),
            sandbox: settings.sandbox,
            dry_run: settings.dry_run,
            lang: settings.lang,
            remote: settings.remote.clone(),
        },
    );
    if !settings.dirs.is_empty() {
        let line = workspace
            .set_roots(settings.dirs.clone(), None)
            .with_context(|| settings.lang.cannot_open_directories())?;
        if let Some(line) = line {
            errln!("tidyup mcp: {line}");
        }
    }
    Ok(workspace)
}

/// One line per session the connection journaled or plan it saved, or a
/// line saying nothing changed.
fn report_endings(endings: Vec<Ending>, lang: Lang, dry_run: bool) {
    if endings.is_empty() {
        errln!("tidyup mcp: {}", texts::nothing_changed(lang, dry_run));
    }
    for ending in endings {
        let line = match ending {
            Ending::Journaled(session) => texts::journaled(lang, &session),
            Ending::Planned(path, steps) => {
                texts::plan_saved(lang, steps, &path.display().to_string())
            }
        };
        errln!("tidyup mcp: {line}");
    }
}
