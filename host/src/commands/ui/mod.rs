//! `tidyup ui [DIR]`: a local web window on one session. The server
//! listens on 127.0.0.1 only, at `http://127.0.0.1:PORT/SECRET/`, serves
//! the embedded page and runs the session in this process exactly as a
//! terminal session runs it, always into a dry run first; the page sees its
//! events on one stream and sends the user's actions (docs/UI.md).
//!
//! The parts: [`server`] (connections: capped, timed out, the untrusted
//! closed first), [`guard`] (the secret, `Host`, `Origin` and tab checks, the
//! headers of every answer), [`opener`] (the browser opened through a
//! private redirect file), [`routes`] (the paths), [`hub`] (the owning
//! tab and its stream), [`shared`] (what the routes and the session share),
//! [`driver`] (the session and its jobs), [`apply`] (the ticked rows carried
//! out, stop, undo), [`key`] (where the API key may go unconfirmed),
//! [`plan`] (the plan table), [`status`] (the `state`
//! event, places), [`assets`] (the page), [`secret`], [`refusal`].

mod apply;
mod assets;
mod driver;
mod guard;
mod hub;
mod key;
mod opener;
mod plan;
mod refusal;
mod routes;
mod secret;
mod server;
mod shared;
mod status;

use crate::words::WindowWords;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;

use super::interrupt::StopSignals;
use crate::cli::RunArgs;
use crate::cli::Settings;
use crate::cli::config::Config;
use crate::console::{Preparing, errln, outln};
use crate::journal::JournalStore;

/// What `tidyup ui` was given besides the session's settings.
pub struct UiOptions {
    /// The port (0: a free one).
    pub port: u16,
    /// Whether to open the address in the browser.
    pub open: bool,
    /// The most connections open at once (`--max-connections`).
    pub max_connections: usize,
    /// The session's arguments, resolved again when the page changes a setting.
    pub args: RunArgs,
    /// The config file as loaded.
    pub config: Config,
}

/// Serves the window until Ctrl-C or SIGTERM (status 0); a running apply
/// stops after the file in progress, its journal complete.
pub(super) async fn serve(settings: Settings, options: UiOptions) -> anyhow::Result<ExitCode> {
    let lang = settings.client.lang;
    let signals = StopSignals::listen_or_ctrl_c_only();
    let module = crate::runtime::load_core(settings.core.as_deref(), &Preparing::new(lang))?;
    let store = JournalStore::default_location()?;
    let store_root = store.root().to_path_buf();
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", options.port))
        .await
        .with_context(|| lang.window_cannot_listen(options.port))?;
    let port = listener.local_addr()?.port();
    let secret = secret::new_secret()?;
    let folder = settings.target_dir.display().to_string();
    let (driver, app_state) =
        driver::start(module, store, settings, options.args, options.config).await?;
    let app = Arc::new(guard::App::new(secret, port, app_state));
    outln!("{}", app.address());
    outln!("{}", lang.window_serving(&folder));
    // Kept until the window stops, then removed.
    let _redirect = match options.open {
        false => None,
        true => match opener::RedirectFile::write(&store_root.join("window"), &app.address(), lang)
        {
            Ok(file) => {
                opener::open_in_browser(&file.url(), lang);
                Some(file)
            }
            Err(_) => {
                errln!("{}", lang.window_open_by_hand());
                None
            }
        },
    };
    let router = axum::Router::new()
        .fallback(guard::checked)
        .with_state(Arc::clone(&app));
    let shutdown_app = Arc::clone(&app);
    let stop = async move {
        signals.received().await;
        shutdown_app.state.shut_down();
    };
    server::serve(listener, router, options.max_connections, lang, stop).await;
    driver.finish().await;
    outln!("{}", lang.window_stopped());
    Ok(ExitCode::SUCCESS)
}
