//! `tidyup mcp`: tidyup's tools for any agent that speaks the Model Context
//! Protocol, served on standard input/output with rmcp.
//!
//! The tools are the core's (the same `.wasm`, through `tidyup_run_tool`),
//! so their names, schemas and result texts are those of a session. Their
//! file primitives go through the CLI's stack: the sandbox over the roots,
//! tidyup's own directories out of reach, and the journal (one session per
//! connection, its name ending in `-mcp`) or the dry-run overlay. Standard
//! output carries only the protocol; every log line goes to standard error.

mod progress;
mod roots;
mod server;
mod tools;
mod workspace;

pub use workspace::SESSION_SUFFIX;

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use rmcp::ServiceExt;
use tidyup_core::texts::mcp as texts;

use crate::abi::{CoreSession, HostState};
use crate::cli::McpSettings;
use crate::fs::Shared;
use crate::http::NoTransport;
use crate::journal::Store;
use progress::ProgressSink;
use server::TidyupServer;
use workspace::{Ending, Policy, Workspace};

/// Runs the server until the client closes the connection (or the process
/// is asked to stop); the exit status says whether it ended cleanly.
pub fn run(settings: McpSettings) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("tidyup mcp: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("tidyup mcp: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Serves one connection on standard input/output, then says what it left
/// (the journal session to undo, or the saved plan) on standard error.
pub async fn serve(settings: McpSettings) -> anyhow::Result<()> {
    let (lang, dry_run) = (settings.lang, settings.dry_run);
    let store = Store::default_location()?;
    let module = crate::session::load_core(None)?;
    let mut workspace = Workspace::new(
        store,
        Policy {
            allow: settings.allow.clone(),
            sandbox: settings.sandbox,
            dry_run: settings.dry_run,
            lang,
        },
    );
    if !settings.dirs.is_empty() {
        let line = workspace
            .set_roots(settings.dirs.clone(), None)
            .context("cannot open the directories")?;
        if let Some(line) = line {
            eprintln!("tidyup mcp: {line}");
        }
    }
    let (files, workspace) = Shared::new(workspace);
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
        .context("the tidyup core failed to start")?;
    let server = Arc::new(TidyupServer::new(
        settings,
        core,
        workspace.clone(),
        progress,
    ));
    let service = server
        .clone()
        .serve(rmcp::transport::stdio())
        .await
        .context("the MCP connection could not start")?;
    tokio::select! {
        ended = service.waiting() => {
            if let Err(err) = ended {
                eprintln!("tidyup mcp: the connection ended with an error: {err}");
            }
        }
        () = stop_requested() => eprintln!("tidyup mcp: stopping"),
    }
    server.quiesce().await;
    let endings = workspace
        .lock()
        .map_err(|_| anyhow::anyhow!("the workspace lock was poisoned"))?
        .finish()?;
    if endings.is_empty() {
        eprintln!("tidyup mcp: {}", texts::nothing_changed(lang, dry_run));
    }
    for ending in endings {
        let line = match ending {
            Ending::Journaled(session) => texts::journaled(lang, &session),
            Ending::Planned(path, steps) => {
                texts::plan_saved(lang, steps, &path.display().to_string())
            }
        };
        eprintln!("tidyup mcp: {line}");
    }
    Ok(())
}

/// Resolves when the process is asked to stop (Ctrl-C; SIGTERM on Unix),
/// so the connection still ends properly (a dry run's plan is saved).
async fn stop_requested() {
    #[cfg(unix)]
    {
        let terminate = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut signal) => {
                    signal.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            () = terminate => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
