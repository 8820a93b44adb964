//! The gateway as Discord runs it: op 7 (Reconnect) and dropped connections are
//! resumed, and the events Discord replays on resume are handled once; op 9 (Invalid
//! Session) and an expired session make the bot identify anew and keep serving.
//! Driven in-process (`serve_with`) against the fake Discord with a scripted service.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::api::{Reply, Request};
use std::time::Duration;
use support::bot::{count, Scripted, Serving, ALICE, CHANNEL};
use support::fake_discord::{FakeDiscord, Recorded};

/// The bot in this process with a scripted service: every move is shown in the
/// channel; anything else answers the invoker.
async fn start(fake: &FakeDiscord, dir: &std::path::Path) -> Serving {
    let service = Scripted::new(true, |ctx, request| match request {
        Request::Move { text } => {
            vec![Reply::channel(format!("{} played {text}", ctx.user.name))]
        }
        _ => vec![Reply::invoker("the board")],
    });
    Serving::start(fake, &dir.join("data"), "", service).await
}

/// A chat move reaches the bot and is shown once; returns what was sent meanwhile.
async fn played_once(fake: &FakeDiscord, mark: usize, text: &str) -> Vec<Recorded> {
    let shown = format!("alice played {text}");
    fake.wait_for(mark, &shown, |r| r.content().contains(&shown))
        .await;
    let sent = fake.settle(mark, Duration::from_millis(500)).await;
    assert_eq!(count(&sent, &shown), 1, "{sent:?}");
    sent
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn op7_reconnect_resumes_and_the_missed_events_are_handled_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _stop = start(&fake, dir.path()).await;

    // An event before the reconnect, handled live.
    let mark = fake.mark();
    fake.chat(&ALICE, CHANNEL, "e4");
    played_once(&fake, mark, "e4").await;
    let seen = fake.last_seq();

    // Discord asks the bot to reconnect; a move typed meanwhile waits in the session.
    let mark = fake.mark();
    fake.send_reconnect();
    fake.chat(&ALICE, CHANNEL, "Nf3");
    fake.wait_resumed(1).await;
    played_once(&fake, mark, "Nf3").await;
    // The bot resumed the same session from the last event it had seen; the event
    // before the reconnect was not replayed, and it did not identify again.
    assert_eq!(fake.resumes(), vec![("fake-session-1".to_string(), seen)]);
    let sent = fake.settle(mark, Duration::from_millis(300)).await;
    assert_eq!(count(&sent, "alice played e4"), 0);
    assert_eq!(fake.identifies(), 1);

    // Still serving live events on the resumed connection.
    let mark = fake.mark();
    fake.chat(&ALICE, CHANNEL, "Bc4");
    played_once(&fake, mark, "Bc4").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_is_resumed_with_its_missed_events() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _stop = start(&fake, dir.path()).await;

    let mark = fake.mark();
    fake.drop_connection();
    fake.chat(&ALICE, CHANNEL, "d4");
    fake.chat(&ALICE, CHANNEL, "c4");
    fake.wait_resumed(1).await;
    played_once(&fake, mark, "d4").await;
    played_once(&fake, mark, "c4").await;
    assert_eq!(fake.identifies(), 1);
    assert_eq!(fake.resumes()[0].0, "fake-session-1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn op9_invalid_session_makes_the_bot_identify_again() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _stop = start(&fake, dir.path()).await;

    fake.invalidate_session(false);
    fake.wait_identified(2).await;
    // A fresh session, no resume attempted: and the bot still answers commands.
    assert!(fake.resumes().is_empty(), "{:?}", fake.resumes());
    let mark = fake.mark();
    let iid = fake.slash(&ALICE, CHANNEL, "board", &[], &[]);
    let answer = fake
        .wait_for(mark, "the board's answer", |r| r.answers(iid))
        .await;
    assert!(answer.content().contains("the board"), "{answer:?}");
    let mark = fake.mark();
    fake.chat(&ALICE, CHANNEL, "e4");
    played_once(&fake, mark, "e4").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resume_of_an_expired_session_falls_back_to_identify() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _stop = start(&fake, dir.path()).await;

    fake.expire_session();
    fake.drop_connection();
    // The bot tries to resume, Discord answers op 9 (not resumable), the bot identifies.
    fake.wait_resumed(1).await;
    fake.wait_identified(2).await;
    let mark = fake.mark();
    fake.chat(&ALICE, CHANNEL, "e4");
    played_once(&fake, mark, "e4").await;
    assert_eq!(fake.identifies(), 2);
}
