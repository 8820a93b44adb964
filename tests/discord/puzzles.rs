//! `/puzzle` end to end against the fake Discord (issue 51), on the backend under
//! test: a puzzle shown privately with its board, solved step by step by the command's
//! `answer`, rated (the profile shows it); a wrong answer told the right one; the same
//! in a group chat through a user install and for a German client; bad input one
//! private line.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::clock::ManualClock;
use arcana::service::front::GameService;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use serde_json::json;
use std::sync::Arc;
use support::bot::{all_text, pngs, slash_in, Serving, ALICE, BOB, CAROL, CHANNEL};
use support::fake_discord::{FakeDiscord, Recorded};

const START_MS: u64 = 1_700_000_000_000;
const EXTRA: &str = "image_size = 128\n";

/// The shipped mate in two of chess: 1.f4 e6 2.h3? Qh4+ 3.g3 Qxg3#.
const MATE_IN_TWO: &str = "548541ae";

fn off<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

/// Everything answering is private to the one who asked.
fn private(rs: &[Recorded]) {
    assert!(!rs.is_empty());
    for r in rs {
        assert!(r.is_ephemeral(), "a public puzzle answer: {r:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_shown_answered_and_rated_privately() {
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

    // Nothing open yet: one private line.
    let rs = slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "puzzle",
        &[("answer", 3, json!("e4"))],
        &[],
    )
    .await;
    private(&rs);
    let text = all_text(&rs);
    assert!(
        text.contains("no puzzle open") && !text.contains('\n'),
        "{text}"
    );

    // Shown with its board, answered step by step.
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
    private(&rs);
    assert!(all_text(&rs).contains("Black to move"), "{rs:?}");
    assert_eq!(pngs(&rs), 1, "the board");
    let rs = slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "puzzle",
        &[("answer", 3, json!("Qh4+"))],
        &[],
    )
    .await;
    private(&rs);
    assert!(all_text(&rs).contains("Right: Qd8-h4"), "{rs:?}");
    assert_eq!(pngs(&rs), 1);
    let rs = slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "puzzle",
        &[("answer", 3, json!("Qxg3#"))],
        &[],
    )
    .await;
    private(&rs);
    let text = all_text(&rs);
    assert!(
        text.contains("Solved") && text.contains("puzzle rating: 1500"),
        "{text}"
    );
    let rs = slash_in(
        &fake,
        &BOB,
        CHANNEL,
        "profile",
        &[("player", 6, json!(ALICE.id.to_string()))],
        &[&ALICE],
    )
    .await;
    assert!(
        all_text(&rs).contains("Puzzles (solved in a row: 1"),
        "{rs:?}"
    );

    // A wrong answer: the right one, and why.
    slash_in(
        &fake,
        &BOB,
        CHANNEL,
        "puzzle",
        std::slice::from_ref(&id),
        &[],
    )
    .await;
    let rs = slash_in(
        &fake,
        &BOB,
        CHANNEL,
        "puzzle",
        &[("answer", 3, json!("a6"))],
        &[],
    )
    .await;
    private(&rs);
    let text = all_text(&rs);
    assert!(
        text.contains("The answer was Qd8-h4") && text.contains("shows why"),
        "{text}"
    );

    // In a group chat, by a user install, for a German client.
    fake.set_locale(&CAROL, "de");
    let chat = fake.group_chat(&[&CAROL, &BOB]);
    let rs = slash_in(&fake, &CAROL, chat, "puzzle", &[id], &[]).await;
    private(&rs);
    let text = all_text(&rs);
    assert!(text.contains("Schwarz am Zug"), "{text}");
    assert_eq!(pngs(&rs), 1);
    let rs = slash_in(
        &fake,
        &CAROL,
        chat,
        "puzzle",
        &[("answer", 3, json!("Qh9"))],
        &[],
    )
    .await;
    private(&rs);
    assert!(all_text(&rs).contains("Nichts wurde gezählt"), "{rs:?}");
}
