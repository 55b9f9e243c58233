//! A saved plan file, as `tidyup apply` reads it: never a panic; whatever
//! is accepted is confined (every step's paths strictly inside the plan's
//! target or one of the roots it names, the target alone when it names
//! none) and reads back equal once written again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_core::SavedPlan;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(plan) = SavedPlan::read(&text) else {
        return;
    };
    let folders: Vec<&str> = plan
        .folders()
        .iter()
        .map(|folder| folder.to_str().expect("an accepted folder is UTF-8"))
        .collect();
    for step in &plan.steps {
        for path in step.paths() {
            assert!(
                folders.iter().any(|folder| plan.inside(folder, path)),
                "{path} accepted outside {folders:?}"
            );
        }
    }
    let again = serde_json::to_string(&plan).expect("an accepted plan serialises");
    assert_eq!(SavedPlan::read(&again).as_ref(), Ok(&plan));
});
