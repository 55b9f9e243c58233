//! An agent on [`TARGET`] over the in-memory file system, with a scripted
//! model or the offline planner, and tools run directly.

use serde_json::Value;
use tidyup_core::{
    Agent, AgentConfig, CallSettings, Capabilities, DEMO_FILES, Lang, Limits, ModelClient,
    OfflinePlanner, Outcome, Provider, ToolContext, ToolSet, run_tool_text,
};

use crate::MTIME;
use crate::memfs::MemFs;
use crate::model::ScriptedModel;
use crate::recorder::Recorder;
use crate::requests::message_json;
use crate::{MODEL, TARGET};

/// An agent on [`TARGET`] with its file tree, model and console.
pub struct World {
    /// The agent under test.
    pub agent: Agent,
    /// Its file system.
    pub fs: MemFs,
    /// Its model.
    pub model: ScriptedModel,
    /// Its console.
    pub events: Recorder,
}

impl World {
    /// A world in `lang` over `fs`, the model answering from `model`.
    pub fn new(lang: Lang, fs: MemFs, model: ScriptedModel) -> Self {
        Self {
            agent: Agent::new(AgentConfig {
                target_name: None,
                dry_run: false,
                target_dir: TARGET.to_owned(),
                model: MODEL.to_owned(),
                lang,
                provider: Provider::Remote,
                // One try per call: failures show at once (retries have their own tests).
                calls: CallSettings {
                    max_tries: 1,
                    ..CallSettings::default()
                },
                limits: Default::default(),
                read_contents: false,
                rules: None,
            }),
            fs,
            model,
            events: Recorder::default(),
        }
    }

    /// The same world with other limits (large-folder threshold, context budget).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        let config = AgentConfig {
            target_name: None,
            dry_run: false,
            limits,
            read_contents: false,
            rules: None,
            ..self.agent.config().clone()
        };
        self.agent = Agent::new(config);
        self
    }

    /// An English world.
    pub fn en(fs: MemFs, model: ScriptedModel) -> Self {
        Self::new(Lang::En, fs, model)
    }

    /// Runs one user line through [`Agent::handle_line`].
    pub fn line(&mut self, line: &str) -> Outcome {
        let mut caps = Capabilities {
            model: &mut self.model,
            files: &mut self.fs,
            events: &mut self.events,
        };
        self.agent.handle_line(line, &mut caps)
    }

    /// The agent's history as the JSON it would be sent as.
    pub fn history_json(&self) -> Vec<Value> {
        self.agent.history().iter().map(message_json).collect()
    }
}

/// Runs `lines` one after the other through a fresh agent on [`TARGET`]
/// whose model is the offline planner; returns each line's outcome, what
/// the console showed and the agent, for its history.
pub fn converse(lang: Lang, fs: &mut MemFs, lines: &[&str]) -> (Vec<Outcome>, Recorder, Agent) {
    converse_with(lang, fs, &mut OfflinePlanner::new(lang, TARGET), lines)
}

/// The configuration of an offline session on [`TARGET`] in `lang`: the
/// offline planner's, no rules, contents not read, changes made.
pub fn offline_config(lang: Lang) -> AgentConfig {
    AgentConfig {
        target_name: None,
        dry_run: false,
        target_dir: TARGET.to_owned(),
        model: "m".to_owned(),
        lang,
        provider: Provider::Offline,
        calls: Default::default(),
        limits: Default::default(),
        read_contents: false,
        rules: None,
    }
}

/// [`converse`] with `model` answering (an offline session's agent).
pub fn converse_with(
    lang: Lang,
    fs: &mut MemFs,
    model: &mut dyn ModelClient,
    lines: &[&str],
) -> (Vec<Outcome>, Recorder, Agent) {
    let mut agent = Agent::new(offline_config(lang));
    let mut events = Recorder::default();
    let outcomes = lines
        .iter()
        .map(|line| {
            agent.handle_line(
                line,
                &mut Capabilities {
                    model: &mut *model,
                    files: fs,
                    events: &mut events,
                },
            )
        })
        .collect();
    (outcomes, events, agent)
}

/// Runs tool `name` with `arguments` (a JSON value as the provider sent it)
/// on `fs`, with [`TARGET`] as the target directory.
pub fn run_tool_value(fs: &mut MemFs, lang: Lang, name: &str, arguments: Value) -> String {
    let mut ctx = ToolContext::new(fs, TARGET, lang).with_tools(ToolSet::WITH_BULK);
    run_tool_text(name, &arguments, &mut ctx)
}

/// Runs tool `name` with `arguments` given as JSON text, in English.
pub fn run_tool(fs: &mut MemFs, name: &str, arguments: &str) -> String {
    run_tool_value(fs, Lang::En, name, Value::String(arguments.to_owned()))
}

/// Runs tool `name` with `arguments` given as JSON text, in Chinese.
pub fn run_tool_zh(fs: &mut MemFs, name: &str, arguments: &str) -> String {
    run_tool_value(fs, Lang::Zh, name, Value::String(arguments.to_owned()))
}

/// `path` under [`TARGET`], as the absolute text the tools print.
pub fn in_target(path: &str) -> String {
    format!("{TARGET}/{path}")
}

/// A large folder under [`TARGET`]: 250 scans (`scan000.pdf`…, each with
/// its own text) and, a minute newer, copies of two of them:
/// `scan007 (copy).pdf` and `scan100 (copy).pdf`.
pub fn scans_with_two_copies() -> MemFs {
    (0..250)
        .fold(MemFs::new(), |fs, i| {
            fs.file(&format!("scan{i:03}.pdf"), &format!("page {i:03}"))
        })
        .file_with("scan007 (copy).pdf", "page 007", 8, MTIME + 60)
        .file_with("scan100 (copy).pdf", "page 100", 8, MTIME + 60)
}

/// The demo folder in memory under [`TARGET`], every file with its size.
pub fn demo_fs() -> MemFs {
    DEMO_FILES
        .iter()
        .fold(MemFs::new().dir(TARGET), |fs, file| {
            fs.file_sized(&format!("{TARGET}/{}", file.path), file.size)
        })
}
