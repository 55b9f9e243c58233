//! The arguments of `tidyup man`.

use std::path::PathBuf;

use super::LangArgs;

/// `tidyup man [SUBCOMMAND]...` or `tidyup man --out-dir DIR`.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (`watch`, `config path`)
    /// [default: tidyup's own page]
    #[arg(value_name = "SUBCOMMAND", conflicts_with = "out_dir")]
    pub command: Vec<String>,

    /// Write every page to DIR instead (tidyup.1, tidyup-watch.1, ...), and
    /// print their paths
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// The language of its messages.
    #[command(flatten)]
    pub lang: LangArgs,
}
