//! The `tidyup` command.

use std::process::ExitCode;

use clap::Parser;
use tidyup::cli::{Cli, Settings};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = match Settings::resolve(&cli, |name| std::env::var(name).ok()) {
        Ok(settings) => settings,
        Err(err) => {
            eprintln!("tidyup: {err}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("tidyup: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(tidyup::session::run(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("tidyup: {err:#}");
            ExitCode::FAILURE
        }
    }
}
