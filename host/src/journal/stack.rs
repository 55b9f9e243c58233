//! The one way every command builds the file system its tools reach: the
//! sandbox of the roots (or the machine's own, for `--no-sandbox`) under
//! the guard with tidyup's own places and the rules files' excludes kept
//! out, then either the journal (every change reversible) or the dry-run
//! overlay (nothing changes). The terminal, the window, the MCP server,
//! `watch` and `apply` all build it here, so none can leave a layer out.

use std::path::{Path, PathBuf};

use anyhow::Context;
use tidyup_core::{FileSystem, FsAnswer, FsRequest, HostError};

use super::{Journal, JournaledFs};
use crate::fs::{HostFs, OverlayFs, Protected};
use crate::rules_file::RulesFile;

/// What a command's file system is made of.
pub struct StackSpec<'a> {
    /// The folders the tools may reach; the whole machine when `None`.
    pub roots: Option<&'a [PathBuf]>,
    /// tidyup's own places, out of reach.
    pub protected: Protected,
    /// The folder whose rules files are in force.
    pub target: &'a Path,
    /// The rules file given for it, when one was.
    pub rules: Option<&'a RulesFile>,
    /// The folders whose own rules files are in force too; the roots when
    /// `None`.
    pub rules_roots: Option<&'a [PathBuf]>,
    /// What the command says when the roots cannot be opened.
    pub cannot_open: String,
    /// The remote folder the tools reach instead of this machine's, when
    /// the target is one (`roots` then only name its path).
    pub remote: Option<&'a crate::remote::RemoteAddress>,
    /// What stops a remote request waiting on its server (Ctrl-C in a
    /// session); none for a command that ends on its own.
    pub cancel: Option<crate::cancel::Cancel>,
}

impl StackSpec<'_> {
    /// The guarded file system: the sandbox (or the machine's own) under
    /// the guard, every policy in force.
    pub fn guarded(&self) -> anyhow::Result<Box<dyn HostFs>> {
        if let Some(address) = self.remote {
            let base = remote_base(address, self.cancel.clone())
                .with_context(|| self.cannot_open.clone())?;
            return Ok(Box::new(crate::fs::with_rules(
                base,
                self.target,
                self.rules,
                None,
            )?));
        }
        let base = crate::fs::base(self.roots, &self.protected)
            .with_context(|| self.cannot_open.clone())?;
        let rules_roots = self.rules_roots.or(self.roots);
        Ok(Box::new(crate::fs::with_rules(
            base,
            self.target,
            self.rules,
            rules_roots,
        )?))
    }

    /// The guarded file system under the journal.
    pub fn journaled(&self, journal: Journal) -> anyhow::Result<JournaledFs<Box<dyn HostFs>>> {
        Ok(JournaledFs::new(self.guarded()?, journal))
    }

    /// The guarded file system under the dry-run overlay.
    pub fn dry_run(&self) -> anyhow::Result<OverlayFs<Box<dyn HostFs>>> {
        Ok(OverlayFs::new(self.guarded()?))
    }

    /// The guarded file system under `top`.
    pub fn build(&self, top: Top) -> anyhow::Result<Stack> {
        Ok(match top {
            Top::Journal(journal) => Stack::Journaled(self.journaled(*journal)?),
            Top::DryRun => Stack::DryRun(self.dry_run()?),
        })
    }
}

/// The remote folder at `address` under the guard (nothing of tidyup's
/// own is there but its trash, which the folder itself keeps out).
pub fn remote_base(
    address: &crate::remote::RemoteAddress,
    cancel: Option<crate::cancel::Cancel>,
) -> anyhow::Result<crate::fs::GuardedFs<Box<dyn HostFs>>> {
    let files = crate::remote::RemoteFs::connect(address, cancel)
        .map_err(|err| anyhow::anyhow!("{address}: {}", crate::failure::worded(&err)))?;
    Ok(crate::fs::GuardedFs::new(
        Box::new(files),
        &Protected::default(),
    ))
}

/// What sits over the guard.
pub enum Top {
    /// The journal: every change recorded before it is made.
    Journal(Box<Journal>),
    /// The dry-run overlay: changes recorded as a plan, none made.
    DryRun,
}

/// A command's file system, as [`StackSpec::build`] made it.
pub enum Stack {
    /// Changes made, each journaled.
    Journaled(JournaledFs<Box<dyn HostFs>>),
    /// Changes planned, none made.
    DryRun(OverlayFs<Box<dyn HostFs>>),
}

impl FileSystem for Stack {
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        match self {
            Stack::Journaled(files) => files.call(request),
            Stack::DryRun(files) => files.call(request),
        }
    }
}
