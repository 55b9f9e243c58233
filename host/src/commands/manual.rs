//! The subcommands that describe tidyup to other programs: `completions
//! SHELL` (a shell's completion script) and `man` (the manual pages), both
//! generated from the command line's own definition, so they never drift.

use crate::words::{CommandsWords, InstallWords};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use clap::CommandFactory;
use tidyup_core::Lang;

use super::say_failure;
use crate::cli::{Cli, ManArgs};
use crate::console::outln;

/// The name the scripts and pages call tidyup by.
const BIN: &str = "tidyup";

/// `tidyup completions SHELL`: the completion script on standard output.
pub fn completions(shell: clap_complete::Shell) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), BIN, &mut script);
    write_stdout(&script);
    ExitCode::SUCCESS
}

/// `tidyup man [SUBCOMMAND]...`: one page (roff) on standard output;
/// `tidyup man --out-dir DIR`: every page written to DIR, each path printed.
pub fn man(args: &ManArgs, lang: Lang) -> ExitCode {
    if let Some(dir) = &args.out_dir {
        return write_pages(dir, lang);
    }
    let mut page = command();
    page.build();
    for name in &args.command {
        let known = page
            .get_subcommands()
            .filter(|sub| !sub.is_hide_set())
            .map(|sub| sub.get_name().to_owned())
            .collect::<Vec<_>>();
        match page.find_subcommand(name) {
            Some(sub) => page = sub.clone(),
            None => return say_failure(&lang.no_man_page(name, &known.join(", ")), 2),
        }
    }
    let mut roff = Vec::new();
    match manual(page).render(&mut roff) {
        Ok(()) => {
            write_stdout(&roff);
            ExitCode::SUCCESS
        }
        Err(err) => say_failure(&lang.cannot_write("-", &err.to_string()), 1),
    }
}

/// Writes tidyup's page and one per subcommand (nested ones too:
/// `tidyup-config-path.1`) into `dir`, creating it.
fn write_pages(dir: &Path, lang: Lang) -> ExitCode {
    let fail = |path: &Path, err: std::io::Error| {
        say_failure(
            &lang.cannot_write(&path.display().to_string(), &err.to_string()),
            1,
        )
    };
    if let Err(err) = std::fs::create_dir_all(dir) {
        return fail(dir, err);
    }
    let mut root = command();
    root.build();
    let mut pending = vec![root];
    while let Some(page) = pending.pop() {
        pending.extend(page.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
        let man = manual(page);
        let path = dir.join(man.get_filename());
        let mut roff = Vec::new();
        let written = man
            .render(&mut roff)
            .and_then(|()| std::fs::write(&path, roff));
        match written {
            Ok(()) => outln!("{}", path.display()),
            Err(err) => return fail(&path, err),
        }
    }
    ExitCode::SUCCESS
}

/// tidyup's command line as clap knows it, without the `help` subcommand
/// (`--help` stays).
fn command() -> clap::Command {
    Cli::command().disable_help_subcommand(true)
}

/// The page of `page` (built), in section 1 of the "tidyup Manual", every
/// page naming this version of tidyup as its source.
fn manual(page: clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(page)
        .source(concat!("tidyup ", env!("CARGO_PKG_VERSION")))
        .manual("tidyup Manual")
}

/// Writes `bytes` as they are (a script or a page: tabs and escapes are
/// meant); a closed standard output (`| head`) is not an error.
fn write_stdout(bytes: &[u8]) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(bytes).and_then(|()| stdout.flush());
}
