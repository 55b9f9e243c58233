//! What an installed tidyup offers the system around it: completion scripts
//! for every shell, manual pages, and a first start that says why it waits.

use std::collections::BTreeSet;

use clap::CommandFactory;
use tidyup::Cli;
use tidyup_test_kit::e2e::{Outcome, Tidyup};

/// Runs `tidyup ARGS` with nothing on standard input.
fn tidyup(args: &[&str]) -> Outcome {
    Tidyup::bare().args(args.iter().copied()).run_blocking()
}

/// The names of tidyup's subcommands, as its command line defines them.
fn subcommands() -> BTreeSet<String> {
    Cli::command()
        .get_subcommands()
        .map(|command| command.get_name().to_owned())
        .collect()
}

/// The title line (`.TH NAME SECTION DATE SOURCE MANUAL`) of a roff page.
fn title(page: &str) -> &str {
    page.lines()
        .find(|line| line.starts_with(".TH "))
        .unwrap_or_else(|| panic!("no .TH line in\n{page}"))
}

#[test]
fn completions_print_a_script_naming_the_subcommands_for_every_shell() {
    let shells = [
        ("bash", "complete -F _tidyup"),
        ("zsh", "#compdef tidyup"),
        ("fish", "complete -c tidyup"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[tidyup]"),
    ];
    for (shell, marker) in shells {
        let out = tidyup(&["completions", shell]);
        assert_eq!(out.code(), 0, "{shell}: {out}");
        assert_eq!(out.stderr, "", "{shell}");
        assert!(out.stdout.contains(marker), "{shell}: {marker}\n{out}");
        for name in subcommands() {
            assert!(out.stdout.contains(&name), "{shell} script lacks {name}");
        }
        // Options too, down to a subcommand's.
        assert!(out.stdout.contains("--dry-run"), "{shell}");
        assert!(out.stdout.contains("settle"), "{shell}");
    }
    // As other tools spell it, singular.
    let singular = tidyup(&["completion", "bash"]);
    assert_eq!(singular.code(), 0, "{singular}");
    assert_eq!(singular.stdout, tidyup(&["completions", "bash"]).stdout);
}

#[test]
fn completions_of_an_unknown_shell_are_refused_with_the_shells_there_are() {
    let out = tidyup(&["completions", "tcsh"]);
    assert_eq!(out.code(), 2, "{out}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        assert!(out.stderr.contains(shell), "{out}");
    }
}

#[test]
fn man_prints_the_main_page_in_roff() {
    let out = tidyup(&["man"]);
    assert_eq!(out.code(), 0, "{out}");
    assert_eq!(
        title(&out.stdout),
        ".TH tidyup 1  \"tidyup 0.1.0\" \"tidyup Manual\""
    );
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(out.stdout.contains(section), "{section}\n{out}");
    }
    // The subcommands point at their own pages; the environment is told.
    assert!(out.stdout.contains("tidyup\\-watch(1)"), "{out}");
    assert!(out.stdout.contains("TIDYUP_API_KEY"), "{out}");
}

#[test]
fn man_of_a_subcommand_prints_its_page() {
    let watch = tidyup(&["man", "watch"]);
    assert_eq!(watch.code(), 0, "{watch}");
    assert!(title(&watch.stdout).starts_with(".TH tidyup-watch 1  \"tidyup "));
    assert!(watch.stdout.contains("\\-\\-settle"), "{watch}");
    let nested = tidyup(&["man", "config", "path"]);
    assert_eq!(nested.code(), 0, "{nested}");
    assert!(title(&nested.stdout).starts_with(".TH tidyup-config-path 1 "));
}

#[test]
fn man_of_an_unknown_subcommand_is_refused_in_the_language_asked() {
    let out = tidyup(&["man", "nope", "--lang", "en"]);
    assert_eq!(out.code(), 2, "{out}");
    assert!(
        out.stderr
            .starts_with("tidyup: there is no manual page for nope;"),
        "{out}"
    );
    assert!(out.stderr.contains("watch"), "{out}");
    let chinese = tidyup(&["man", "nope", "--lang", "zh"]);
    assert!(
        chinese.stderr.starts_with("tidyup: 没有 nope 的手册页"),
        "{chinese}"
    );
}

#[test]
fn man_out_dir_writes_one_page_per_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("man1");
    let out = tidyup(&["man", "--out-dir", pages.to_str().unwrap()]);
    assert_eq!(out.code(), 0, "{out}");
    // The main page, each subcommand's, and the nested ones' (config path, plan show).
    let mut expected = BTreeSet::from([
        "tidyup".to_owned(),
        "tidyup-config-path".to_owned(),
        "tidyup-plan-show".to_owned(),
    ]);
    expected.extend(
        subcommands()
            .into_iter()
            .filter(|name| name != "help")
            .map(|name| format!("tidyup-{name}")),
    );
    let written = std::fs::read_dir(&pages)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect::<BTreeSet<_>>();
    let wanted = expected
        .iter()
        .map(|name| format!("{name}.1"))
        .collect::<BTreeSet<_>>();
    assert_eq!(written, wanted);
    for name in &expected {
        let page = std::fs::read_to_string(pages.join(format!("{name}.1"))).unwrap();
        assert!(
            title(&page).starts_with(&format!(".TH {name} 1 ")),
            "{page}"
        );
        assert!(out.stdout.contains(&format!("{name}.1")), "{out}");
    }
}

#[test]
fn the_first_start_compiles_nothing_and_keeps_the_precompiled_core_for_the_next() {
    let cache = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    for start in ["first", "second"] {
        let out = Tidyup::bare()
            .env("TIDYUP_CACHE_DIR", cache.path().to_str().unwrap())
            .args(["--provider", "offline", "--lang", "en"])
            .arg(folder.path())
            .stdin("quit\n")
            .run_blocking();
        assert_eq!(out.code(), 0, "{start} start: {out}");
        assert_eq!(out.stderr, "", "the embedded core comes precompiled: {out}");
        // The one file in the cache is the build's precompiled core, as
        // the binary carries it: later starts map it instead of copying.
        let kept = files_under(cache.path());
        assert_eq!(kept.len(), 1, "{start} start: {kept:?}");
        assert!(
            std::fs::read(&kept[0]).unwrap() == tidyup::embedded_precompiled().unwrap().unwrap(),
            "{start} start: the copy differs from the embedded core"
        );
    }
}

/// Every file beneath `dir`.
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push(path);
        }
    }
    found
}

#[test]
fn a_core_given_as_a_file_is_prepared_once_and_said_so() {
    let cache = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let core = folder.path().join("core.wasm");
    std::fs::write(&core, tidyup::embedded_core().unwrap()).unwrap();
    let start = |lang: &str, cache: &std::path::Path| {
        Tidyup::bare()
            .env("TIDYUP_CACHE_DIR", cache.to_str().unwrap())
            .args(["--provider", "offline", "--lang", lang, "--core"])
            .arg(&core)
            .arg(folder.path())
            .stdin("quit\n")
            .run_blocking()
    };
    let first = start("en", cache.path());
    assert_eq!(first.code(), 0, "{first}");
    assert_eq!(
        first.stderr, "preparing tidyup's core for this machine, once (a few seconds)…\n",
        "piped: one line, and nothing else"
    );
    let second = start("en", cache.path());
    assert_eq!(second.code(), 0, "{second}");
    assert_eq!(second.stderr, "", "the compiled core came from the cache");
    assert_eq!(first.stdout, second.stdout, "standard output is the same");

    let other_cache = tempfile::tempdir().unwrap();
    let chinese = start("zh", other_cache.path());
    assert_eq!(
        chinese.stderr, "正在为本机准备 tidyup 的核心，只需一次（几秒钟）…\n",
        "{chinese}"
    );
}
