//! A puzzle answered by the Move button's picker against the fake Discord (issue 51),
//! on the backend under test: the question's Move button opens the same select menus
//! as a game's picker, over the puzzle's position; Confirm judges the answer as a typed
//! one (the next question with its own Move button, then "Solved" and the rating); a
//! wrong answer by the picker is told the right one; another user's press and a press
//! on a question the puzzle has moved on from are refused in one private line, nothing
//! changed.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::clock::ManualClock;
use arcana::service::front::GameService;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use serde_json::{json, Value};
use std::sync::Arc;
use support::bot::{all_text, answers, pngs, slash_in, Serving, ALICE, BOB, CHANNEL};
use support::fake_discord::{all_components, visible_text, FakeDiscord, FakeUser, Recorded};

const START_MS: u64 = 1_700_000_000_000;
const EXTRA: &str = "image_size = 128\n";

/// The shipped mate in two of chess: 1.f4 e6 2.h3? Qh4+ 3.g3 Qxg3#.
const MATE_IN_TWO: &str = "548541ae";

fn off<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

/// What answered, each request's text that has one, a line each.
fn said(rs: &[Recorded]) -> String {
    rs.iter()
        .map(Recorded::content)
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The custom ids of `message`'s buttons and menus.
fn ids(message: &Value) -> Vec<String> {
    all_components(message)
        .into_iter()
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// The newest message of the channel with a component whose id starts with `prefix`,
/// and that id.
fn newest(fake: &FakeDiscord, prefix: &str) -> Option<(Value, String)> {
    fake.messages_in(CHANNEL).into_iter().rev().find_map(|m| {
        let id = ids(&m).into_iter().find(|i| i.starts_with(prefix))?;
        Some((m, id))
    })
}

/// Presses button `id` of `message` as `who`; what answered.
async fn press(fake: &FakeDiscord, who: &FakeUser, message: &Value, id: &str) -> Vec<Recorded> {
    let mark = fake.mark();
    let iid = fake.button(who, CHANNEL, id, message.clone());
    answers(fake, mark, iid).await
}

/// Chooses the option labelled `label` in the picker `message` as `who`.
async fn choose(fake: &FakeDiscord, who: &FakeUser, message: &Value, label: &str) {
    let found = all_components(message)
        .into_iter()
        .filter(|c| c["type"] == json!(3))
        .find_map(|menu| {
            let option = menu["options"]
                .as_array()?
                .iter()
                .find(|o| o["label"] == json!(label))?
                .clone();
            Some((menu["custom_id"].as_str()?.to_string(), option))
        });
    let (menu, option) = found.unwrap_or_else(|| panic!("no {label} in {message}"));
    assert!(menu.starts_with("pz-pick:"), "a puzzle's own menu: {menu}");
    let mark = fake.mark();
    let value = option["value"].as_str().unwrap();
    let iid = fake.select(who, CHANNEL, &menu, &[value], message.clone());
    let rs = answers(fake, mark, iid).await;
    assert!(
        rs.iter().any(|r| r.json["type"] == json!(7)),
        "a choice updates the picker: {rs:?}"
    );
}

/// Opens the picker from the newest question as `who`, chooses `labels` and confirms;
/// what answered the Confirm.
async fn answer_by_picker(fake: &FakeDiscord, who: &FakeUser, labels: &[&str]) -> Vec<Recorded> {
    let (question, open) = newest(fake, "pz-pick-open:").expect("a question's Move button");
    let rs = press(fake, who, &question, &open).await;
    let opened = rs
        .iter()
        .find(|r| r.json["type"] == json!(4))
        .expect("a picker");
    assert_ne!(
        opened.json["data"]["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "the picker is private"
    );
    for label in labels {
        let (picker, _) = newest(fake, "pz-pick:").expect("the picker's menus");
        choose(fake, who, &picker, label).await;
    }
    let (picker, confirm) = newest(fake, "pz-pick-play:").expect("Confirm");
    assert!(visible_text(&picker).contains("Press Confirm"), "{picker}");
    press(fake, who, &picker, &confirm).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_solved_and_missed_by_the_picker_alone() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let clock = Arc::new(ManualClock::new(START_MS));
    let service = off(|| {
        let store = Store::open_at(&support::backend::url(&data)).unwrap();
        let config = ServiceConfig {
            seed: Some(5),
            ..ServiceConfig::default()
        };
        Arc::new(Service::new(store, clock.clone(), config).unwrap())
    });
    let fake = FakeDiscord::start().await;
    let _serving = Serving::start(&fake, &data, EXTRA, service as Arc<dyn GameService>).await;

    let id = ("id", 3, json!(MATE_IN_TWO));
    let rs = slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "puzzle",
        std::slice::from_ref(&id),
        &[],
    )
    .await;
    assert!(all_text(&rs).contains("Black to move"), "{rs:?}");
    let (first, first_open) = newest(&fake, "pz-pick-open:").expect("a Move button");
    assert!(first_open.starts_with(&format!("pz-pick-open:{MATE_IN_TWO}:0:")));

    // The first answer, Qh4+, by the menus.
    let rs = answer_by_picker(&fake, &ALICE, &["Queen d8", "h4"]).await;
    let text = all_text(&rs);
    assert!(
        text.contains("Your answer: `Qd8-h4") && text.contains("Right: Qd8-h4"),
        "{text}"
    );
    assert!(
        rs.iter()
            .filter(|r| !r.files.is_empty())
            .all(Recorded::is_ephemeral),
        "{rs:?}"
    );
    assert_eq!(pngs(&rs), 1, "the board of the next question");
    let (second, second_open) = newest(&fake, "pz-pick-open:").expect("the next Move");
    assert!(
        second_open.starts_with(&format!("pz-pick-open:{MATE_IN_TWO}:2:")),
        "{second_open}"
    );

    // The first question's Move button, and its picker's Back: the puzzle moved on.
    let solver = first_open.rsplit(':').next().unwrap().to_string();
    for (message, id) in [
        (first.clone(), first_open.clone()),
        (
            first.clone(),
            format!("pz-pick-at:{MATE_IN_TWO}:0:{solver}:"),
        ),
    ] {
        let rs = press(&fake, &ALICE, &message, &id).await;
        let text = said(&rs);
        assert!(
            text.contains("not your puzzle's current one") && !text.contains('\n'),
            "{id}: {text}"
        );
        assert!(rs.iter().any(Recorded::is_ephemeral), "{rs:?}");
    }
    // Another user's press on alice's question: refused, alice's puzzle untouched.
    let rs = press(&fake, &BOB, &second, &second_open).await;
    let text = said(&rs);
    assert!(
        text.contains("someone else's") && !text.contains('\n'),
        "{text}"
    );

    // The mate, by the menus: solved and rated.
    let rs = answer_by_picker(&fake, &ALICE, &["Queen h4", "takes g3"]).await;
    let text = all_text(&rs);
    assert!(
        text.contains("Solved: Qh4") && text.contains("puzzle rating: 1500"),
        "{text}"
    );
    assert!(
        newest(&fake, "pz-pick-open:").is_some_and(|(_, id)| id == second_open),
        "no Move button once solved"
    );

    // bob misses it by the picker: the right answer and why.
    slash_in(&fake, &BOB, CHANNEL, "puzzle", &[id], &[]).await;
    let rs = answer_by_picker(&fake, &BOB, &["Pawn a7", "a6"]).await;
    let text = all_text(&rs);
    assert!(
        text.contains("Not this one") && text.contains("The answer was Qd8-h4"),
        "{text}"
    );
    assert!(text.contains("shows why"), "{text}");
}
