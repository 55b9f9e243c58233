//! A [`MemFs`] with quick batch moves, for folders of many thousand files.

use tidyup_core::{ErrorCode, FileSystem, FileSystemExt, FsAnswer, FsRequest, HostError};

use crate::memfs::Op;
use crate::memfs::{MemFs, Node, host_error, not_found};
use crate::paths::{normalize, parent_of};

/// A [`MemFs`] whose batch moves take a file in one step instead of
/// scanning the whole tree, for folders of many thousand files. The rules
/// are those of [`FileSystem::move_batch`]: in order, one result per move,
/// never replacing anything; injected failures apply as to `rename`.
#[derive(Debug, Clone)]
pub struct QuickMoves(pub MemFs);

impl MemFs {
    fn quick_move(&mut self, from: &str, to: &str) -> Result<(), HostError> {
        let (from, to) = (normalize(from), normalize(to));
        if self.nodes.contains_key(&to) {
            return Err(host_error(
                ErrorCode::AlreadyExists,
                "File exists (os error 17)",
                &to,
            ));
        }
        match self.nodes.get(&from) {
            Some(Node::File { .. } | Node::Link { .. }) => {}
            Some(Node::Dir { .. }) | None => return self.rename(&from, &to),
        }
        self.calls.push(format!("rename {from} -> {to}"));
        self.check(Op::Rename, &from)?;
        self.check(Op::Rename, &to)?;
        match parent_of(&to) {
            Some(parent) if self.is_dir(&parent) => {}
            Some(_) | None => return Err(not_found(&to)),
        }
        if let Some(node) = self.nodes.remove(&from) {
            self.nodes.insert(to, node);
        }
        Ok(())
    }
}

/// A batch moves each file in one step; every other request passes on as
/// it is.
impl FileSystem for QuickMoves {
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(&mut self, request: &FsRequest<'_>) -> Result<FsAnswer, HostError> {
        match request {
            FsRequest::MoveBatch { moves } => Ok(FsAnswer::Moves(
                moves
                    .iter()
                    .map(|step| self.0.quick_move(&step.from, &step.to))
                    .collect(),
            )),
            _ => self.0.call(request),
        }
    }
}
