//! The copies the planner sets aside: from the turn's `find_duplicates` of
//! the target, the loose files with the same bytes as a file kept.

use std::collections::BTreeMap;

use crate::Lang;
use crate::tools::ToolData;

use super::exchanges::Exchange;

/// The loose files of the target that are copies of another file, each
/// with the file kept: from the turn's `find_duplicates` of the target,
/// the oldest file of each group outside the duplicates folder is kept,
/// and every other copy lying directly in the target is set aside.
pub fn spare_copies(
    exchanges: &[Exchange],
    lang: Lang,
    separator: char,
) -> BTreeMap<String, String> {
    let groups = exchanges
        .iter()
        .rev()
        .find(|e| e.name == "find_duplicates" && e.arg("path") == ".")
        .map(|found| &found.data);
    let Some(ToolData::Duplicates(groups)) = groups else {
        return BTreeMap::new();
    };
    let set_aside = format!("{}{separator}", lang.duplicates_folder());
    let mut copies = BTreeMap::new();
    for group in groups {
        let Some(kept) = group.iter().find(|path| !path.starts_with(&set_aside)) else {
            continue;
        };
        for path in group {
            let loose = !path.contains(['/', '\\']);
            if path != kept && loose {
                copies.insert(path.clone(), kept.clone());
            }
        }
    }
    copies
}
