//! The two policies every guard has: a root is never moved or deleted, and
//! on Windows no name Windows refuses or changes is used.

use std::path::Path;

use tidyup_core::{ErrorCode, HostError};

use super::{HostFs, Located, Op, Policy, PolicyId, Refusal};
use crate::fs::windows_names::check_platform_path;

/// Refuses moving, renaming or deleting a root of the file system itself
/// (a sandbox root, or `/`) (code `protected`).
pub struct Roots;

impl Policy for Roots {
    fn id(&self) -> PolicyId {
        PolicyId::Roots
    }

    fn applies(&self, op: Op) -> bool {
        op == Op::Change
    }

    fn check(&self, _op: Op, at: &Located, _files: &mut dyn HostFs) -> Result<(), Refusal> {
        match &at.location {
            Some(location) if location.is_root => Err(Refusal::new(
                self.id(),
                HostError::at(ErrorCode::Protected, at.path),
            )),
            Some(_) | None => Ok(()),
        }
    }
}

/// On Windows, refuses a path with a name Windows refuses or would change
/// (code `not_allowed_on_windows`, see `fs::windows_names`); elsewhere
/// every name is allowed.
pub struct WindowsNames;

impl Policy for WindowsNames {
    fn id(&self) -> PolicyId {
        PolicyId::WindowsNames
    }

    fn applies(&self, _op: Op) -> bool {
        cfg!(windows)
    }

    fn locates(&self, _op: Op) -> bool {
        false
    }

    fn check(&self, _op: Op, at: &Located, _files: &mut dyn HostFs) -> Result<(), Refusal> {
        check_platform_path(Path::new(at.path)).map_err(|err| Refusal::new(self.id(), err))
    }
}
