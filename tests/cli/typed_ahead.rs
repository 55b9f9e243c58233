//! Lines typed ahead, in one go, while a turn runs (or before the first
//! answer): each is read in order after the turn, on a pipe and on a
//! terminal, none lost.

use std::path::Path;
use std::time::Duration;

use tidyup_test_kit::e2e::{MockProvider, Tidyup, text_reply, write_file};

use super::terminal::{ANSWER, PLAN_HEADING, messy_target, offline_session};

/// The offline planner's answer to "no".
const DECLINED: &str = "OK, nothing was changed.";

fn offline(target: &Path) -> Tidyup {
    Tidyup::bare()
        .arg(target)
        .args(["--provider", "offline", "--lang", "en"])
}

#[tokio::test]
async fn lines_piped_at_once_are_each_answered_in_order() {
    let target = messy_target();
    let outcome = offline(target.path())
        .stdin("organize\nno\norganize\nyes\nquit\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let stdout = &outcome.stdout;
    let declined = stdout.find(DECLINED).expect(stdout);
    let second_plan = stdout.rfind("Here is my plan").expect(stdout);
    assert!(declined < second_plan, "{stdout}");
    assert!(stdout.contains("Done."), "{stdout}");
    assert!(target.path().join("Images/photo.png").exists(), "{stdout}");
}

#[tokio::test]
async fn lines_piped_while_a_slow_model_call_runs_are_all_read() {
    let (dir, _) = tidyup_test_kit::e2e::target_dir();
    write_file(dir.path(), "a.txt", 1);
    let slow = |text: &str| text_reply(text).set_delay(Duration::from_millis(300));
    let provider = MockProvider::start(vec![slow("first answer"), slow("second answer")]).await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .stdin("hello\nand again\nquit\nnever read\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let first = outcome.stdout.find("first answer").expect(&outcome.stdout);
    let second = outcome.stdout.find("second answer").expect(&outcome.stdout);
    assert!(first < second);
    let requests = provider.requests();
    assert_eq!(requests.len(), 2, "quit ends the session");
    assert_eq!(requests[1].last_content().trim(), "and again");
}

#[test]
fn lines_pasted_at_once_on_a_terminal_are_each_answered_in_order() {
    let target = messy_target();
    let mut terminal = offline_session(target.path());
    terminal.send("organize\rno\rquit\r");
    let (status, screen) = terminal.exit();
    assert!(status.success(), "{screen:?}");
    assert!(screen.contains(PLAN_HEADING), "{screen:?}");
    assert!(screen.contains(DECLINED), "{screen:?}");
    assert!(target.path().join("photo.png").exists());
}

#[test]
fn lines_typed_while_a_turn_runs_on_a_terminal_are_read_after_it() {
    let target = messy_target();
    let mut terminal = offline_session(target.path());
    terminal.send("organize\r");
    // Typed while the turn runs, before its plan is shown.
    terminal.send("yes\rquit\r");
    terminal.wait_for("Done.", ANSWER);
    let (status, screen) = terminal.exit();
    assert!(status.success(), "{screen:?}");
    assert!(
        target.path().join("Images/photo.png").exists(),
        "{screen:?}"
    );
}
