//! Reading a saved plan file (`SavedPlan::read`): whatever the file says,
//! an accepted plan's steps stay inside the folders it names, and every
//! source is identified; a plan tidyup saves reads back equal.

use serde_json::{Value, json};
use tidyup_core::{PlanProblem, SavedPlan};

const T: &str = "/home/ana/Desktop";

fn file_print() -> Value {
    json!({"kind": "file", "size": 5, "modified": 1, "detail": {
        "modified_ns": 1, "changed_ns": 2, "file_id": [1, 2], "content": "blake3:00"}})
}

fn dir_print() -> Value {
    json!({"kind": "dir", "size": null, "modified": null, "detail": {"file_id": [1, 3]}})
}

fn new_folder() -> Value {
    json!({"kind": "dir", "size": null, "modified": null, "detail": {}})
}

fn read(target: &str, roots: Value, steps: Value) -> Result<SavedPlan, PlanProblem> {
    let plan = json!({"target": target, "roots": roots, "created": "now", "steps": steps});
    SavedPlan::read(&plan.to_string())
}

fn delete(path: &str, source: Value) -> Value {
    json!([{"op": "delete", "path": path, "source": source}])
}

#[test]
fn a_plan_of_its_own_folder_is_accepted_and_reads_back_equal() {
    let steps = json!([
        {"op": "create_folder", "path": format!("{T}/Papers")},
        {"op": "move", "from": format!("{T}/a.pdf"), "to": format!("{T}/Papers/a.pdf"),
         "source": file_print(), "replaces": false},
        {"op": "move", "from": format!("{T}/Papers"), "to": format!("{T}/Paper"),
         "source": new_folder(), "replaces": false},
        {"op": "move", "from": format!("{T}/docs"), "to": "/home/ana/Archive/docs",
         "source": dir_print(), "replaces": false},
    ]);
    let plan = read(T, json!([T, "/home/ana/Archive"]), steps).unwrap();
    let again = serde_json::to_string(&plan).unwrap();
    assert_eq!(SavedPlan::read(&again).unwrap(), plan);
}

#[test]
fn steps_outside_the_plan_s_folders_are_refused() {
    let outside = "/home/ana/Documents";
    for roots in [json!(null), json!([T])] {
        let refused = read(T, roots, delete(outside, dir_print()));
        assert_eq!(refused, Err(PlanProblem::Outside(outside.into())));
    }
    for path in [
        format!("{T}/../Documents"),
        format!("{T}/./a.txt"),
        format!("{T}//a.txt"),
        T.to_owned(),
        "Desktop/a.txt".to_owned(),
    ] {
        let refused = read(T, json!([T]), delete(&path, file_print()));
        assert_eq!(refused, Err(PlanProblem::Outside(path.clone())), "{path}");
    }
}

#[test]
fn a_target_or_root_that_is_not_a_plain_absolute_path_is_refused() {
    for target in ["Desktop", "/home/ana/../bob", "/home/ana/./x", ""] {
        let refused = read(target, json!(null), json!([]));
        assert_eq!(refused, Err(PlanProblem::NotAFolderPath(target.into())));
    }
    let refused = read(T, json!(["/home/../etc"]), json!([]));
    assert_eq!(
        refused,
        Err(PlanProblem::NotAFolderPath("/home/../etc".into()))
    );
}

#[test]
fn a_fingerprint_that_identifies_nothing_is_refused() {
    let docs = format!("{T}/docs");
    for source in [
        new_folder(),
        json!({"kind": "file", "size": 5, "modified": 1, "detail": {}}),
        json!({"kind": "file", "size": null, "modified": null, "detail": {"file_id": [1, 2]}}),
    ] {
        let refused = read(T, json!([T]), delete(&docs, source.clone()));
        assert_eq!(
            refused,
            Err(PlanProblem::Unidentified(docs.clone())),
            "{source}"
        );
    }
    let old = json!({"kind": "dir", "size": null, "modified": null});
    let refused = read(T, json!([T]), delete(&docs, old));
    assert_eq!(refused, Err(PlanProblem::EarlierVersion));
    let missing = json!([{"op": "delete", "path": docs}]);
    assert!(matches!(
        read(T, json!([T]), missing),
        Err(PlanProblem::NotAPlan(_))
    ));
}
