//! One batch of arrivals, organized as one journaled session of the offline
//! planner ("organize", then "yes") on a view that shows only the batch's
//! files. A line per move goes to stdout, read from the journal; a failed
//! tool, and the line counting the batch's moves, to stderr.

use crate::journal::StackSpec;
use crate::words::{AskWords, FailuresWords, WatchWords};
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use tidyup_core::{AgentConfig, Event, EventSink, Provider};
use wasmtime::Module;

use crate::cli::Settings;
use crate::console::{errln, outln};
use crate::fs::{Protected, SharedFs};
use crate::journal::{Journal, JournalStore, Record, SessionKind};
use crate::rules_file::RulesFile;
use crate::runtime::{CoreSession, HostState};
use crate::transport::Cancel;
use crate::transport::ChatTransport;

use super::view::BatchView;

/// What every batch shares.
pub struct BatchRunner {
    /// The watch's settings (offline provider, target, sandbox); their
    /// rules are not used: each batch is given the rules as they are then.
    pub settings: Settings,
    /// The compiled core.
    pub module: Module,
    /// Where journals go.
    pub store: JournalStore,
    /// The offline transport (never used for a model call).
    pub transport: Arc<dyn ChatTransport>,
    /// Set on SIGINT or SIGTERM: the batch stops after the move in progress.
    pub cancel: Cancel,
}

impl BatchRunner {
    /// Organizes the files `names` of the target under `rules` (their
    /// guard, and the text the planner gets); returns how many moved.
    pub async fn run(
        &self,
        names: Vec<String>,
        rules: Option<&RulesFile>,
    ) -> anyhow::Result<usize> {
        let settings = &self.settings;
        let stack = StackSpec {
            roots: settings.roots.as_deref(),
            protected: Protected::tidyup_own(self.store.root()),
            target: &settings.target_dir,
            rules,
            rules_roots: None,
            cannot_open: settings.client.lang.cannot_open_watched(),
            remote: settings.remote.as_ref(),
            cancel: None,
        };
        let journal = Journal::of_kind(
            self.store.clone(),
            &settings.target_dir,
            settings.roots.clone(),
            SessionKind::Watch,
        );
        let session_name = journal.session().to_owned();
        let (files, _journaled) = SharedFs::new(stack.journaled(journal)?);
        let target = crate::fs::names::shown_path(&settings.target_dir);
        let view = BatchView::new(files, &target, names);
        let sink = FailuresToStderr;
        let state = HostState::new(self.transport.clone(), Box::new(view), Box::new(sink))
            .with_cancel(self.cancel.clone());
        let config = AgentConfig {
            target_name: None,
            dry_run: false,
            target_dir: target,
            model: tidyup_core::OFFLINE_PLANNER_MODEL.to_owned(),
            lang: settings.client.lang,
            provider: Provider::Offline,
            calls: Default::default(),
            limits: settings.limits,
            read_contents: false,
            rules: rules.map(|rules| rules.text.clone()),
        };
        let mut session = CoreSession::start(&self.module, state, &config)
            .await
            .with_context(|| settings.client.lang.core_failed_to_start())?;
        for line in ["organize", "yes"] {
            if self.cancel.is_requested() {
                break;
            }
            session.send(line).await?;
        }
        drop(session);
        let moved = self.print_moves(&session_name);
        if moved > 0 {
            let lang = settings.client.lang;
            errln!("{}  {}", now(), lang.batch_moved(&session_name, moved));
        }
        Ok(moved)
    }

    /// Prints each move the journal of `session` holds; returns their number.
    fn print_moves(&self, session: &str) -> usize {
        let Ok(records) = self.store.read(session) else {
            return 0;
        };
        let mut moves: Vec<(String, String)> = Vec::new();
        for record in records {
            match record {
                Record::Moved { from, to, .. } => moves.push((from, to)),
                Record::RolledBack { from, to } => {
                    moves.retain(|(f, t)| !(*f == from && *t == to));
                }
                Record::Header { .. }
                | Record::Created { .. }
                | Record::Trashed { .. }
                | Record::Copying { .. }
                | Record::Undone { .. }
                | Record::Reversed { .. } => {}
            }
        }
        let target = &self.settings.target_dir;
        for (from, to) in &moves {
            outln!("{}  {} → {}", now(), shown(target, from), shown(target, to));
        }
        moves.len()
    }
}

/// `path` relative to the watched folder when inside it.
fn shown(target: &Path, path: &str) -> String {
    Path::new(path)
        .strip_prefix(target)
        .map_or_else(|_| path.to_owned(), |rel| rel.display().to_string())
}

/// The local time of a printed line.
pub fn now() -> String {
    chrono::Local::now().format("%Y-%m-%d %H:%M:%S").to_string()
}

/// The console of a batch: failed tools and errors on stderr, nothing else
/// (the moves are printed from the journal).
struct FailuresToStderr;

impl EventSink for FailuresToStderr {
    fn emit(&mut self, event: Event) {
        match event {
            Event::Tool {
                name,
                result,
                failed: true,
                ..
            } => errln!("{}  {name}: {result}", now()),
            Event::Error { text, .. } => errln!("{}  {text}", now()),
            Event::Tool { .. }
            | Event::Started { .. }
            | Event::AnswerDelta { .. }
            | Event::Answer { .. }
            | Event::Usage { .. }
            | Event::Notice { .. }
            | Event::Progress { .. }
            | Event::Page { .. } => {}
        }
    }
}
