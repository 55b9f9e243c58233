//! The settings of `tidyup mcp`, resolved from its arguments, the
//! environment and the config file. No provider: the client's model calls
//! the tools.

use std::path::PathBuf;

use crate::words::mcp::McpMode;
use tidyup_core::{Expected, Lang, ToolLimits};

use super::McpArgs;
use super::config::Config;
use super::settings::{SettingsError, resolve_lang_with, tool_limits};

/// Everything the MCP server needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpSettings {
    /// The directories given (canonical), the first one being where
    /// relative paths resolve; empty when the client's roots are used.
    pub dirs: Vec<PathBuf>,
    /// The remote folder served, when the one directory given is one
    /// (`dirs` then holds the path the tools see for it).
    pub remote: Option<crate::remote::RemoteAddress>,
    /// The `--allow` directories (canonical), allowed besides the roots.
    pub allow: Vec<PathBuf>,
    /// Whether the tools are confined to the roots (no `--no-sandbox`).
    pub sandbox: bool,
    /// Whether this is a dry run.
    pub dry_run: bool,
    /// Language of the tool results and messages.
    pub lang: Lang,
    /// The core's fuel between two host calls (`TIDYUP_CORE_FUEL`), when
    /// not the default.
    pub core_fuel: Option<u64>,
    /// The limits of the tool calls (`[limits]`).
    pub limits: ToolLimits,
    /// Whether `read_file` is offered (`--read-contents`, or
    /// `read_contents = true` in the config file).
    pub read_contents: bool,
}

impl McpSettings {
    /// What the server allows, as its instructions describe it.
    pub fn mode(&self) -> McpMode {
        McpMode {
            read_contents: self.read_contents,
            sandbox: self.sandbox,
            dry_run: self.dry_run,
        }
    }

    /// The tools the server offers: every tool, `read_file` only when
    /// reading contents is allowed.
    pub fn tools(&self) -> tidyup_core::ToolSet {
        tidyup_core::ToolSet {
            contents: self.read_contents,
            ..tidyup_core::ToolSet::WITH_BULK
        }
    }

    /// Checks and canonicalizes the directories; refuses a missing one.
    pub fn resolve(
        args: &McpArgs,
        env: impl Fn(&str) -> Option<String>,
        config: &Config,
    ) -> Result<Self, SettingsError> {
        let remote = remote_dir(&args.dirs)?;
        let dirs = args
            .dirs
            .iter()
            .filter(|_| remote.is_none())
            .map(|dir| match std::fs::metadata(dir) {
                Ok(meta) if meta.is_dir() => {
                    Ok(dunce::canonicalize(dir).unwrap_or_else(|_| dir.clone()))
                }
                Ok(_) => Err(SettingsError::TargetNotDirectory(dir.clone())),
                Err(_) => Err(SettingsError::TargetMissing(dir.clone())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let dirs = match &remote {
            Some(address) => vec![PathBuf::from(address.root_path())],
            None => dirs,
        };
        let allow = args
            .allow
            .iter()
            .map(|dir| match dunce::canonicalize(dir) {
                Ok(canonical) if canonical.is_dir() => Ok(canonical),
                Ok(_) | Err(_) => Err(SettingsError::BadAllow(dir.clone())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let core_fuel = match env("TIDYUP_CORE_FUEL").filter(|value| !value.trim().is_empty()) {
            Some(value) => Some(value.trim().parse().map_err(|_| SettingsError::BadEnv {
                name: "TIDYUP_CORE_FUEL",
                value,
                expected: Expected::Instructions,
            })?),
            None => None,
        };
        Ok(Self {
            dirs,
            remote,
            allow,
            sandbox: !args.no_sandbox,
            dry_run: args.dry_run,
            lang: resolve_lang_with(args.lang, &env, config),
            core_fuel,
            limits: tool_limits(config),
            read_contents: args.read_contents || config.read_contents.unwrap_or(false),
        })
    }
}

/// The remote folder among `dirs` (`sftp://`, `webdav://`, `s3://`), which
/// is then served alone.
fn remote_dir(dirs: &[PathBuf]) -> Result<Option<crate::remote::RemoteAddress>, SettingsError> {
    use crate::remote::RemoteAddress;
    let remote: Vec<&str> = dirs
        .iter()
        .filter_map(|dir| dir.to_str())
        .filter(|dir| RemoteAddress::is_remote(dir))
        .collect();
    match remote.as_slice() {
        [] => Ok(None),
        [one] if dirs.len() == 1 => RemoteAddress::parse(one)
            .map(Some)
            .map_err(|err| SettingsError::BadRemote(err.to_string())),
        _ => Err(SettingsError::BadRemote(
            "a remote folder is served alone: give it as the only directory".to_owned(),
        )),
    }
}
