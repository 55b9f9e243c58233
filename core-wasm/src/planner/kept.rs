//! The files of the target the per-file plan leaves where they are,
//! whatever their kind, with why: those in use by their names
//! ([`crate::in_use`]: downloads, locks, system files, keys and launchers
//! by name), symbolic links (launchers), and the keys and credentials
//! `summarize_folder` told by their first bytes ([`crate::secrets`]).

use std::collections::BTreeMap;

use crate::in_use::{InUse, in_use_of};
use crate::tools::Listed;

use super::exchanges::Exchange;

/// Why each of `items` (the target's listing) that stays is kept, by name;
/// `exchanges` are the turn's, whose summary of `.` names the secrets.
pub fn kept(items: &[Listed], exchanges: &[Exchange]) -> BTreeMap<String, InUse> {
    let mut kept = in_use_of(items.iter().map(|item| item.name.as_str()));
    for item in items.iter().filter(|item| item.is_link) {
        kept.entry(item.name.clone()).or_insert(InUse::Launcher);
    }
    let summary = exchanges
        .iter()
        .rev()
        .find(|e| e.name == "summarize_folder" && e.arg("path") == ".")
        .and_then(Exchange::summary);
    for name in summary.iter().flat_map(|summary| &summary.secrets) {
        if items.iter().any(|item| item.name == *name) {
            kept.entry(name.clone()).or_insert(InUse::Secret);
        }
    }
    kept
}
