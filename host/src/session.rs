//! One interactive session: load the core, then feed it user lines.

use std::io::{IsTerminal, Write};
use std::sync::Arc;

use anyhow::Context;
use tidyup_core::{AgentConfig, Outcome, Provider};
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::abi::{self, CoreSession, HostState};
use crate::cli::Settings;
use crate::console::Console;
use crate::fs::RealFs;
use crate::http::{ChatTransport, HttpTransport, NoTransport};
use crate::module_cache;

/// Runs tidyup until `quit` or the end of standard input.
pub async fn run(settings: Settings) -> anyhow::Result<()> {
    let engine = abi::engine()?;
    let wasm = match &settings.core {
        Some(path) => std::fs::read(path)
            .with_context(|| format!("cannot read the core {}", path.display()))?,
        None => crate::EMBEDDED_CORE.to_vec(),
    };
    let cache_dir = module_cache::default_cache_dir();
    let (module, _) = module_cache::load(&engine, &wasm, cache_dir.as_deref())?;
    let console = Console::detect();
    let transport: Arc<dyn ChatTransport> = match (&settings.provider, &settings.api_key) {
        (Provider::Remote, Some(key)) => Arc::new(HttpTransport::new(&settings.base_url, key)?),
        (Provider::Remote | Provider::Offline | Provider::OfflineNoKey, _) => Arc::new(NoTransport),
    };
    let state = HostState::new(transport, Box::new(RealFs), Box::new(console));
    let config = AgentConfig {
        target_dir: settings.target_dir.to_string_lossy().into_owned(),
        model: settings.model.clone(),
        lang: settings.lang,
        provider: settings.provider,
    };
    let mut session = CoreSession::start(&module, state, &config)
        .await
        .context("the tidyup core failed to start")?;
    let prompt = std::io::stdin().is_terminal();
    let mut input = BufReader::new(tokio::io::stdin());
    let mut line = Vec::new();
    loop {
        if prompt {
            print!("> ");
            let _ = std::io::stdout().flush();
        }
        line.clear();
        if input.read_until(b'\n', &mut line).await? == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&line);
        let outcome = session
            .send(&text)
            .await
            .context("the tidyup core stopped")?;
        match outcome {
            Outcome::Quit => return Ok(()),
            Outcome::Ignored | Outcome::Answered | Outcome::RoundLimit | Outcome::ModelFailed => {}
        }
    }
}
