//! `tidyup apply` of a plan file written by hand: whatever its `roots`,
//! target and fingerprints say, it changes nothing outside the plan's
//! target unless the person allows more on the command line now, and a
//! fingerprint that identifies nothing is a refusal, never a wildcard.

use std::path::Path;
use tidyup::HostFsExt;

use serde_json::{Value, json};
use tidyup::SandboxFs;
use tidyup_test_kit::e2e::{Outcome, Tidyup};

use super::support::{World, snapshot};

/// `tidyup apply PLAN` with these extra arguments and data directory.
fn apply(data: &Path, plan: &Value, extra: &[&str]) -> Outcome {
    let file = data.with_file_name("hand-written-plan.json");
    std::fs::write(&file, serde_json::to_vec_pretty(plan).unwrap()).unwrap();
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .args(["apply", file.to_str().unwrap(), "--lang", "en"])
        .args(extra.iter().copied())
        .run_blocking()
}

/// A plan on `target` with these roots and one step.
fn plan(target: &Path, roots: Value, step: Value) -> Value {
    json!({
        "target": target,
        "roots": roots,
        "created": "2026-01-01T00:00:00+00:00",
        "steps": [step],
    })
}

/// The fingerprint of `path` as a dry run takes it (a sandbox on `root`).
fn fingerprint(root: &Path, path: &Path) -> Value {
    let print = SandboxFs::new(&[root.to_path_buf()])
        .unwrap()
        .fingerprint(path.to_str().unwrap())
        .unwrap()
        .unwrap();
    serde_json::to_value(print).unwrap()
}

/// A folder's fingerprint without identity: what a hand could write.
fn empty_folder_print() -> Value {
    json!({"kind": "dir", "size": null, "modified": null, "detail": {}})
}

#[test]
fn a_hand_written_plan_cannot_trash_a_folder_outside_its_target() {
    let world = World::new();
    let data = world.dir.path().join("data");
    let parent = world.target.parent().unwrap().to_path_buf();
    let outside = snapshot(&world.outside);
    let target = snapshot(&world.target);
    let real = fingerprint(&parent, &world.outside);
    for roots in [json!(null), json!(["/"]), json!([parent])] {
        for source in [empty_folder_print(), real.clone()] {
            let step = json!({"op": "delete", "path": world.outside, "source": source});
            let out = apply(&data, &plan(&world.target, roots.clone(), step), &[]);
            assert_ne!(out.code(), 0, "roots {roots}: {out}");
            assert!(
                !out.stdout.contains("Applied 1 step"),
                "roots {roots}: {out}"
            );
            assert_eq!(snapshot(&world.outside), outside, "roots {roots}: {out}");
            assert_eq!(snapshot(&world.target), target, "roots {roots}: {out}");
        }
    }
}

#[test]
fn a_plan_reaching_beyond_its_target_says_how_to_allow_it_and_runs_when_allowed() {
    let world = World::new();
    let data = world.dir.path().join("data");
    let parent = world.target.parent().unwrap().to_path_buf();
    let nested = world.outside.join("nested");
    let step = json!({"op": "delete", "path": nested, "source": fingerprint(&parent, &nested)});
    let asked = plan(&world.target, json!([world.target, world.outside]), step);
    let refused = apply(&data, &asked, &[]);
    assert_eq!(refused.code(), 1, "{refused}");
    let allow = format!("--allow {}", world.outside.display());
    assert!(refused.stderr.contains(&allow), "{refused}");
    assert!(nested.exists());

    let allowed = apply(&data, &asked, &["--allow", world.outside.to_str().unwrap()]);
    assert!(
        allowed.stdout.contains("Applied 1 step, refused 0."),
        "{allowed}"
    );
    assert!(!nested.exists());

    // A plan made without the sandbox needs --no-sandbox now.
    let file = world.target.join("a.txt");
    let step = json!({"op": "delete", "path": file, "source": fingerprint(&world.target, &file)});
    let unsandboxed = plan(&world.target, json!(null), step);
    let refused = apply(&data, &unsandboxed, &[]);
    assert_eq!(refused.code(), 1, "{refused}");
    assert!(refused.stderr.contains("--no-sandbox"), "{refused}");
    assert!(file.exists());
    let applied = apply(&data, &unsandboxed, &["--no-sandbox"]);
    assert!(
        applied.stdout.contains("Applied 1 step, refused 0."),
        "{applied}"
    );
    assert!(!file.exists());
}

#[test]
fn a_fingerprint_that_identifies_nothing_is_refused() {
    let world = World::new();
    let data = world.dir.path().join("data");
    let before = snapshot(&world.target);
    let docs = world.target.join("docs");
    let a_txt = world.target.join("a.txt");
    let roots = json!([world.target]);
    for (path, source) in [
        (&docs, empty_folder_print()),
        (
            &docs,
            json!({"kind": "dir", "size": null, "modified": null, "detail": {"file_id": null}}),
        ),
        (
            &a_txt,
            json!({"kind": "file", "size": 5, "modified": 0, "detail": {}}),
        ),
    ] {
        let step = json!({"op": "delete", "path": path, "source": source});
        let out = apply(&data, &plan(&world.target, roots.clone(), step), &[]);
        assert_eq!(out.code(), 1, "{source}: {out}");
        assert!(out.stderr.contains("does not identify"), "{source}: {out}");
    }
    let without = json!({"op": "delete", "path": docs});
    let out = apply(&data, &plan(&world.target, roots, without), &[]);
    assert!(out.stderr.contains("is not a tidyup plan"), "{out}");
    assert_eq!(snapshot(&world.target), before);
}

#[test]
fn a_plan_s_target_must_be_a_plain_existing_folder() {
    let world = World::new();
    let data = world.dir.path().join("data");
    let before = snapshot(&world.outside);
    let secret = world.outside.join("secret.txt");
    let print = fingerprint(&world.outside, &secret);
    let step = |target: &Path| {
        let path = target.join("secret.txt");
        json!({"op": "delete", "path": path, "source": print.clone()})
    };
    let climbing = world.target.join("..").join("outside");
    let link = world.target.join("link");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&world.outside, &link).unwrap();
    for target in [
        climbing.as_path(),
        link.as_path(),
        Path::new("outside"),
        &world.target.join("missing"),
    ] {
        let out = apply(&data, &plan(target, json!([target]), step(target)), &[]);
        assert_eq!(out.code(), 1, "{}: {out}", target.display());
        assert!(
            !out.stdout.contains("Applied 1"),
            "{}: {out}",
            target.display()
        );
        assert_eq!(
            snapshot(&world.outside),
            before,
            "{}: {out}",
            target.display()
        );
    }
    // The data directory is tidyup's own, whatever the plan says.
    std::fs::create_dir_all(data.join("journal")).unwrap();
    let journal = data.join("journal");
    let step = json!({"op": "delete", "path": journal, "source": fingerprint(&data, &journal)});
    let out = apply(&data, &plan(&data, json!([data]), step), &[]);
    assert_eq!(out.code(), 1, "{out}");
    assert!(journal.exists(), "{out}");
}
