//! Project folders: a folder holding a version-control directory, a build
//! or package manifest, or an IDE's project. tidyup leaves such a folder
//! whole: it never lists into it to place things, never moves anything out
//! of it.

/// Names that make the folder holding them a project, matched exactly
/// (in any letter case).
const MARKERS: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    ".bzr",
    "_darcs",
    ".fossil",
    "package.json",
    "cargo.toml",
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "pipfile",
    "go.mod",
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "settings.gradle",
    "settings.gradle.kts",
    "build.sbt",
    "cmakelists.txt",
    "meson.build",
    "makefile",
    "gnumakefile",
    "configure.ac",
    "build.bazel",
    "module.bazel",
    "composer.json",
    "gemfile",
    "mix.exs",
    "rebar.config",
    "stack.yaml",
    "cabal.project",
    "deno.json",
    "pubspec.yaml",
    "package.swift",
    "podfile",
    "project.godot",
    "projectsettings",
    "flake.nix",
    "dune-project",
    ".idea",
    ".vscode",
    ".project",
];

/// Extensions of IDE projects and solutions that make their folder a
/// project (`App.xcodeproj`, `App.sln`...).
const MARKER_EXTENSIONS: &[&str] = &[
    "xcodeproj",
    "xcworkspace",
    "sln",
    "csproj",
    "vcxproj",
    "fsproj",
    "uproject",
    "cabal",
    "rproj",
    "gemspec",
    "nimble",
];

/// Markers that say little about the folder a user asked to organize: an
/// editor's settings kept in a home folder (`~/.vscode`), a `Makefile`
/// anyone may keep.
const WEAK: &[&str] = &[".vscode", ".idea", "makefile", "gnumakefile"];

/// The first entry among `names` (a folder's entries) that makes the
/// folder a project, if any.
pub fn project_marker<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    marker(names, false)
}

/// [`project_marker`] for the folder the user asked to organize: only the
/// markers that cannot be a stray file of a home or Downloads folder.
pub fn target_project_marker<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    marker(names, true)
}

fn marker<'a>(names: impl IntoIterator<Item = &'a str>, strong_only: bool) -> Option<&'a str> {
    names.into_iter().find(|name| {
        let lower = name.to_lowercase();
        let named = MARKERS.contains(&lower.as_str());
        let by_extension = lower
            .rsplit_once('.')
            .is_some_and(|(stem, ext)| !stem.is_empty() && MARKER_EXTENSIONS.contains(&ext));
        (named || by_extension) && !(strong_only && WEAK.contains(&lower.as_str()))
    })
}
