//! The files of one MCP connection: the roots the tools work in, and the
//! file-system stack over them (the CLI's: sandbox or not, tidyup's own
//! directories out of reach, then the journal or the dry-run overlay).
//!
//! The roots are known at start (the directories given) or from the client,
//! whose list may change during the connection. The stack is built when
//! they are set, and rebuilt only when they change: its journal session (or
//! dry-run plan) then ends with what it holds and another begins, since a
//! session's undo works within the roots it recorded.

use std::path::PathBuf;

use tidyup_core::{ErrorCode, FileSystem, FsAnswer, FsRequest, HostError, Lang};

use crate::cancel::Cancel;
use crate::dry_run::DryRunPlan;
use crate::fs::Protected;
use crate::journal::{Journal, JournalStore, SessionKind};
use crate::journal::{Stack, StackSpec, Top};
use crate::words::mcp as texts;

/// How the stack is built, whatever the roots.
#[derive(Debug, Clone)]
pub struct Policy {
    /// Directories allowed besides the roots (`--allow`).
    pub allow: Vec<PathBuf>,
    /// Whether the tools are confined to the roots.
    pub sandbox: bool,
    /// Whether changes go to an overlay and a plan.
    pub dry_run: bool,
    /// Language of the texts.
    pub lang: Lang,
    /// The remote folder served, whose root is then the one root.
    pub remote: Option<crate::remote::RemoteAddress>,
}

/// What one session of the connection left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Changes were made, journaled as this session.
    Journaled(String),
    /// Changes were planned: the plan's file and its number of steps.
    Planned(PathBuf, usize),
}

/// The stack over one set of roots.
struct Current {
    /// The roots, the first being where relative paths resolve.
    roots: Vec<PathBuf>,
    stack: Stack,
    /// The rules file in force, as a plan records it.
    rules: Option<tidyup_core::PlanRules>,
}

/// The connection's files: no roots yet (every primitive refused, saying
/// why), or a stack over the current roots.
pub struct Workspace {
    store: JournalStore,
    /// tidyup's own directories, out of the tools' reach.
    protected: Protected,
    policy: Policy,
    current: Option<Current>,
    /// Why there are no roots, when there are none (what the client
    /// offered that could not be used).
    rejected: Option<String>,
    endings: Vec<Ending>,
    /// Stops the call in progress: a remote request waiting on its server
    /// gives up when it is requested (the client cancelled the call).
    stop: Cancel,
}

impl Workspace {
    /// A workspace with no roots yet, journaling into `store`.
    pub fn new(store: JournalStore, policy: Policy) -> Self {
        Self {
            protected: Protected::tidyup_own(store.root()),
            store,
            policy,
            current: None,
            rejected: None,
            endings: Vec::new(),
            stop: Cancel::default(),
        }
    }

    /// What stops the call in progress ([`Workspace`]'s `stop`).
    pub fn stop(&self) -> Cancel {
        self.stop.clone()
    }

    /// The directory relative paths resolve against, when there are roots.
    pub fn target(&self) -> Option<&PathBuf> {
        self.current
            .as_ref()
            .and_then(|current| current.roots.first())
    }

    /// Why every tool is refused now, for the model.
    pub fn no_folder(&self) -> String {
        texts::no_folder(self.policy.lang, self.rejected.as_deref())
    }

    /// Works in `roots` from now on (none: every tool is refused, with
    /// `rejected` telling why). Returns the log line when anything changed.
    /// The session over the earlier roots ends first.
    pub fn set_roots(
        &mut self,
        roots: Vec<PathBuf>,
        rejected: Option<String>,
    ) -> anyhow::Result<Option<String>> {
        self.rejected = rejected;
        if self.current.as_ref().map(|current| &current.roots) == Some(&roots)
            || (roots.is_empty() && self.current.is_none())
        {
            return Ok(None);
        }
        self.end_current()?;
        let Some(target) = roots.first().cloned() else {
            return Ok(Some(self.no_folder()));
        };
        let allowed = self.policy.sandbox.then(|| {
            let mut allowed = roots.clone();
            allowed.extend(self.policy.allow.iter().cloned());
            allowed
        });
        // A remote folder's own rules file is not read.
        let rules = match self.policy.remote {
            Some(_) => None,
            None => crate::rules_file::load(&target, None)?,
        };
        let spec = StackSpec {
            roots: allowed.as_deref(),
            protected: self.protected.clone(),
            target: &target,
            rules: rules.as_ref(),
            rules_roots: Some(allowed.as_deref().unwrap_or(&roots)),
            cannot_open: crate::words::FailuresWords::cannot_open_target(self.policy.lang),
            remote: self.policy.remote.as_ref(),
            cancel: Some(self.stop.clone()),
        };
        let (stack, session) = if self.policy.dry_run {
            (spec.build(Top::DryRun)?, None)
        } else {
            let journal = Journal::of_kind(
                self.store.clone(),
                &target,
                allowed.clone(),
                SessionKind::Mcp,
            )
            .on_remote(self.policy.remote.as_ref());
            let session = journal.session().to_owned();
            (spec.build(Top::Journal(Box::new(journal)))?, Some(session))
        };
        let shown: Vec<String> = roots
            .iter()
            .map(|root| root.display().to_string())
            .collect();
        let line = texts::working_in(self.policy.lang, &shown, session.as_deref());
        let rules = crate::dry_run::rules_record(rules.as_ref());
        self.current = Some(Current {
            roots,
            stack,
            rules,
        });
        Ok(Some(line))
    }

    /// Ends the connection: what each of its sessions left (a journaled
    /// session, a saved plan), oldest first.
    pub fn finish(&mut self) -> anyhow::Result<Vec<Ending>> {
        self.end_current()?;
        Ok(std::mem::take(&mut self.endings))
    }

    /// Ends the session over the current roots, keeping what it left.
    fn end_current(&mut self) -> anyhow::Result<()> {
        let Some(current) = self.current.take() else {
            return Ok(());
        };
        match current.stack {
            Stack::Journaled(files) => {
                let journal = files.journal();
                if journal.has_changes() {
                    self.endings
                        .push(Ending::Journaled(journal.session().to_owned()));
                }
            }
            Stack::DryRun(files) => {
                let steps = files.steps().to_vec();
                if steps.is_empty() {
                    return Ok(());
                }
                let count = steps.len();
                let roots = self.policy.sandbox.then(|| {
                    let mut allowed = current.roots.clone();
                    allowed.extend(self.policy.allow.iter().cloned());
                    allowed
                });
                let plan = DryRunPlan {
                    target: current.roots.first().cloned().unwrap_or_default(),
                    roots,
                    created: chrono::Local::now().to_rfc3339(),
                    rules: current.rules.clone(),
                    steps,
                };
                let saved =
                    crate::dry_run::save_for(&plan, &self.store, self.policy.remote.as_ref())?;
                self.endings.push(Ending::Planned(saved, count));
            }
        }
        Ok(())
    }

    /// The stack, or the refusal without roots.
    fn files(&mut self) -> Result<&mut Stack, HostError> {
        match self.current.as_mut() {
            Some(current) => Ok(&mut current.stack),
            None => Err(HostError::new(
                ErrorCode::NoFolder,
                texts::no_folder(self.policy.lang, self.rejected.as_deref()),
            )),
        }
    }
}

/// Every request goes, as it is, to the stack over the current roots.
impl FileSystem for Workspace {
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        self.files()?.call(request)
    }
}
