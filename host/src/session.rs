//! One interactive session: load the core, then feed it user lines.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use anyhow::Context;
use tidyup_core::{AgentConfig, FileSystem, Lang, Outcome, Provider};
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::abi::{self, CoreSession, HostState};
use crate::cli::Settings;
use crate::console::Console;
use crate::fs::{HostFs, OverlayFs, RealFs, SandboxFs, Shared};
use crate::http::{ChatTransport, HttpTransport, NoTransport};
use crate::journal::{Journal, JournaledFs, Store};
use crate::module_cache;
use crate::plan::{self, Plan};

/// The file system of a session, kept so its journal or plan can be read at the end.
enum Changes {
    /// Changes are made, journaled first.
    Journaled(Arc<Mutex<JournaledFs<Box<dyn HostFs>>>>),
    /// Changes land in an overlay and become a plan.
    DryRun(Arc<Mutex<OverlayFs<Box<dyn HostFs>>>>),
}

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
    let store = Store::default_location()?;
    let (files, changes) = file_system(&settings, &store)?;
    let console = Console::detect();
    let transport: Arc<dyn ChatTransport> = match (&settings.provider, &settings.api_key) {
        (Provider::Remote, Some(key)) => Arc::new(HttpTransport::new(&settings.base_url, key)?),
        (Provider::Remote | Provider::Offline | Provider::OfflineNoKey, _) => Arc::new(NoTransport),
    };
    let state = HostState::new(transport, files, Box::new(console));
    let config = AgentConfig {
        target_dir: settings.target_dir.to_string_lossy().into_owned(),
        model: settings.model.clone(),
        lang: settings.lang,
        provider: settings.provider,
    };
    let mut session = CoreSession::start(&module, state, &config)
        .await
        .context("the tidyup core failed to start")?;
    say_mode(&settings);
    let result = converse(&mut session).await;
    finish(&settings, &store, &changes)?;
    result
}

/// The file-system stack: sandbox (unless `--no-sandbox`), then the journal
/// or, for `--dry-run`, the overlay.
fn file_system(
    settings: &Settings,
    store: &Store,
) -> anyhow::Result<(Box<dyn FileSystem + Send>, Changes)> {
    let base: Box<dyn HostFs> = match &settings.roots {
        Some(roots) => Box::new(SandboxFs::new(roots).context("cannot open the target directory")?),
        None => Box::new(RealFs),
    };
    Ok(if settings.dry_run {
        let (files, handle) = Shared::new(OverlayFs::new(base));
        (Box::new(files), Changes::DryRun(handle))
    } else {
        let journal = Journal::new(store.clone(), &settings.target_dir, settings.roots.clone());
        let (files, handle) = Shared::new(JournaledFs::new(base, journal));
        (Box::new(files), Changes::Journaled(handle))
    })
}

async fn converse(session: &mut CoreSession) -> anyhow::Result<()> {
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

fn pick(lang: Lang, en: String, zh: String) -> String {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// Says, after the start line, what protects the files in this session.
fn say_mode(settings: &Settings) {
    let lang = settings.lang;
    if settings.roots.is_none() {
        println!(
            "{}",
            pick(
                lang,
                "Sandbox off: the model may reach any path on this machine.".into(),
                "沙箱已关闭：模型可以访问本机的任何路径。".into()
            )
        );
    }
    if settings.dry_run {
        println!(
            "{}",
            pick(
                lang,
                "Dry run: nothing on disk will change; the plan is printed at the end.".into(),
                "演练模式：不会改动磁盘上的任何内容，结束时打印整理计划。".into()
            )
        );
    }
}

/// Tells how to undo the session, or prints and saves the dry-run plan.
fn finish(settings: &Settings, store: &Store, changes: &Changes) -> anyhow::Result<()> {
    let lang = settings.lang;
    match changes {
        Changes::Journaled(files) => {
            let files = files
                .lock()
                .map_err(|_| anyhow::anyhow!("the journal lock was poisoned"))?;
            let journal = files.journal();
            if journal.has_changes() {
                let session = journal.session();
                println!(
                    "{}",
                    pick(
                        lang,
                        format!(
                            "Changes journaled as session {session}; `tidyup undo` reverses them."
                        ),
                        format!("改动已记录为会话 {session}；`tidyup undo` 可以撤销。"),
                    )
                );
            }
        }
        Changes::DryRun(files) => {
            let files = files
                .lock()
                .map_err(|_| anyhow::anyhow!("the plan lock was poisoned"))?;
            let steps = files.steps().to_vec();
            if steps.is_empty() {
                println!(
                    "{}",
                    pick(
                        lang,
                        "Dry run: no changes planned.".into(),
                        "演练：没有计划任何改动。".into()
                    )
                );
                return Ok(());
            }
            let plan = Plan {
                target: settings.target_dir.clone(),
                roots: settings.roots.clone(),
                created: chrono::Local::now().to_rfc3339(),
                steps,
            };
            let path = plan.save(store)?;
            println!(
                "{}",
                pick(
                    lang,
                    format!(
                        "Dry run: nothing on disk was changed. The plan ({} steps):",
                        plan.steps.len()
                    ),
                    format!(
                        "演练：磁盘上没有任何改动。整理计划（{} 步）：",
                        plan.steps.len()
                    ),
                )
            );
            for line in plan::describe(&plan.steps) {
                println!("  {line}");
            }
            let shown = path.display();
            println!(
                "{}",
                pick(
                    lang,
                    format!("Saved to {shown}; carry it out with: tidyup apply \"{shown}\""),
                    format!("已保存到 {shown}；执行：tidyup apply \"{shown}\""),
                )
            );
        }
    }
    Ok(())
}
