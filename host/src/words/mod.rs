//! The words only the host says, in English and Chinese, one file per
//! audience like the core's `texts/`: each file's trait adds its words to
//! `Lang`, so a call reads `lang.word(...)` as for the core's own.

mod ask;
mod bulk;
mod commands;
mod console;
mod failures;
mod history;
mod in_use;
mod install;
pub(crate) mod mcp;
mod review;
mod session;
mod startup;
mod undo_apply;
mod view;
mod watch;
mod window;

pub(crate) use ask::AskWords;
pub(crate) use bulk::BulkWords;
pub(crate) use commands::CommandsWords;
pub(crate) use console::ConsoleWords;
pub(crate) use failures::FailuresWords;
pub(crate) use history::HistoryWords;
pub(crate) use in_use::InUseWords;
pub(crate) use install::InstallWords;
pub(crate) use review::ReviewWords;
pub(crate) use session::SessionWords;
pub(crate) use startup::StartupWords;
pub(crate) use undo_apply::UndoApplyWords;
pub(crate) use view::ViewWords;
pub(crate) use watch::WatchWords;
pub(crate) use window::WindowWords;
