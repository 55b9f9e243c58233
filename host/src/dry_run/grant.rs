//! What an apply may reach and which rules govern it, decided from the
//! plan's target and from what the person allows now, never from the plan
//! file alone: the target must be an existing folder named plainly (no
//! symlink on the way), every other root the plan names must be allowed
//! again (`--allow`, or `--no-sandbox` for a plan made without the
//! sandbox), and the rules file the plan was made under must be there,
//! unchanged.

use std::path::{Path, PathBuf};

use anyhow::bail;
use tidyup_core::{PlanRules, SavedPlan};

use crate::failure::Failure;
use crate::rules_file::RulesFile;

/// What the person applying a plan allows it now, besides the plan's target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Allowed {
    /// The sandbox of the target and these folders (`--allow`).
    Folders(Vec<PathBuf>),
    /// Any path (`--no-sandbox`).
    Anywhere,
}

impl Allowed {
    /// What a session's sandbox roots allow (`None`: the sandbox is off).
    pub fn of_roots(roots: Option<&[PathBuf]>) -> Self {
        match roots {
            Some(roots) => Self::Folders(roots.to_vec()),
            None => Self::Anywhere,
        }
    }
}

/// The sandbox roots to apply `plan` in (`None`: no sandbox): its target,
/// checked, then the folders allowed now. Refused when the target is not
/// an existing folder under its own plain name, or the plan reaches beyond
/// what is allowed.
pub fn roots(plan: &SavedPlan, allowed: &Allowed) -> anyhow::Result<Option<Vec<PathBuf>>> {
    let target = &plan.target;
    match dunce::canonicalize(target) {
        Ok(real) if real.is_dir() && real == *target => {}
        Ok(real) if real.is_dir() => bail!(Failure::PlanTargetNotPlain {
            target: shown(target),
            real: shown(&real),
        }),
        Ok(_) | Err(_) => bail!(Failure::PlanTargetGone(shown(target))),
    }
    let folders = match allowed {
        Allowed::Anywhere => return Ok(None),
        Allowed::Folders(folders) => folders,
    };
    let mut roots = vec![target.clone()];
    for folder in folders {
        match dunce::canonicalize(folder) {
            Ok(real) if real.is_dir() => {
                if !roots.contains(&real) {
                    roots.push(real);
                }
            }
            Ok(_) | Err(_) => bail!(Failure::NotAFolderToAllow(shown(folder))),
        }
    }
    let Some(asked) = &plan.roots else {
        bail!(Failure::PlanMadeWithoutSandbox(shown(target)));
    };
    for root in asked {
        let real = dunce::canonicalize(root).unwrap_or_else(|_| root.clone());
        if !roots.iter().any(|allowed| crate::fs::under(allowed, &real)) {
            bail!(Failure::PlanReachesBeyond(shown(root)));
        }
    }
    Ok(Some(roots))
}

/// What a plan records of the rules file it is made under.
pub fn record(rules: Option<&RulesFile>) -> Option<PlanRules> {
    rules.map(|rules| PlanRules {
        path: rules.path.clone(),
        content: hash(&rules.text),
    })
}

/// The rules to apply `plan` under: the file it records, refused when it
/// is gone or its text changed since; for a plan that records none, the
/// target's rules file as it is now (what it protects today stays
/// untouched).
pub fn rules(plan: &SavedPlan) -> anyhow::Result<Option<RulesFile>> {
    let Some(recorded) = &plan.rules else {
        return Ok(crate::rules_file::load(&plan.target, None)?);
    };
    let path = shown(&recorded.path);
    let Ok(text) = crate::regular_file::read_to_string(&recorded.path) else {
        bail!(Failure::PlanRulesGone(path));
    };
    if hash(&text) != recorded.content {
        bail!(Failure::PlanRulesChanged(path));
    }
    Ok(crate::rules_file::load(&plan.target, Some(&recorded.path))?)
}

/// `blake3:` and the hex hash of `text`.
fn hash(text: &str) -> String {
    format!("blake3:{}", blake3::hash(text.as_bytes()).to_hex())
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}
