//! What a whole game costs in Discord requests (issue 12 asks for the count per route):
//! a challenge, its acceptance (the game gets its thread) and Fool's Mate played in the
//! thread's chat, the real `arcana run` against the fake Discord. Prints the table (`cargo test --release --test
//! discord -- requests:: --nocapture`) and holds the bot to its budget: a chat move is one
//! channel message, and nothing is sent twice or fails.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::json;
use std::collections::BTreeMap;
use std::time::Duration;
use support::bot::{Bot, ALICE, BOB, CHANNEL};
use support::fake_discord::{FakeDiscord, Recorded};

/// A request's route: its method and path with every id replaced by `{id}`, and an
/// interaction's token by `{token}`.
fn route(r: &Recorded) -> String {
    let path: Vec<String> = r
        .path
        .trim_start_matches("/api/v10")
        .split('/')
        .map(|part| {
            if part.chars().all(|c| c.is_ascii_digit()) && !part.is_empty() {
                "{id}".to_string()
            } else if part.starts_with("tok-") {
                "{token}".to_string()
            } else {
                part.to_string()
            }
        })
        .collect();
    format!("{} {}", r.method, path.join("/"))
}

fn table(rs: &[Recorded]) -> BTreeMap<String, usize> {
    let mut t = BTreeMap::new();
    for r in rs {
        *t.entry(route(r)).or_insert(0) += 1;
    }
    t
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_requests_per_route() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = Bot::start(&fake, &dir.path().join("data"), "image_size = 256\n").await;
    let start = fake.settle(0, Duration::from_millis(300)).await;
    let game = fake.mark();

    // The challenge and its acceptance, by slash commands.
    let iid = fake.slash(
        &ALICE,
        CHANNEL,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("color", 3, json!("white")),
        ],
        &[&BOB],
    );
    fake.wait_for(game, "the challenge", |r| r.answers(iid))
        .await;
    // bob answers a moment later, as people do (the bot has learnt the message).
    fake.settle(game, Duration::from_millis(300)).await;
    let mark = fake.mark();
    fake.slash(&BOB, CHANNEL, "accept", &[], &[]);
    // The game's thread, started from the challenge's message.
    fake.wait_for(mark, "the game's thread", |r| {
        r.method == "POST" && r.path.ends_with("/threads") && r.status == 201
    })
    .await;
    let (thread, parent) = *fake.threads().last().unwrap();
    assert_eq!(parent, CHANNEL);
    fake.wait_for(mark, "the first board in the thread", |r| {
        r.path.ends_with(&format!("/channels/{thread}/messages")) && !r.files.is_empty()
    })
    .await;
    fake.settle(mark, Duration::from_millis(300)).await;

    // Fool's Mate in the thread's chat; each move is one message with its board.
    let mut per_move = Vec::new();
    for (who, text) in [(&ALICE, "f3"), (&BOB, "e5"), (&ALICE, "g4"), (&BOB, "Qh4#")] {
        let mark = fake.mark();
        fake.chat(who, thread, text);
        fake.wait_for(mark, text, |r| {
            r.path.ends_with(&format!("/channels/{thread}/messages")) && !r.files.is_empty()
        })
        .await;
        let sent = fake.settle(mark, Duration::from_millis(300)).await;
        per_move.push(sent.len());
        let posts: Vec<&Recorded> = sent
            .iter()
            .filter(|r| route(r) == "POST /channels/{id}/messages")
            .collect();
        assert!(!posts.is_empty(), "{text}: {sent:?}");
        assert_eq!(
            table(&sent).len(),
            1,
            "{text}: only channel messages: {sent:?}"
        );
    }
    let all = fake.settle(game, Duration::from_millis(300)).await;
    assert!(
        all.iter().all(|r| r.status < 300),
        "every request succeeded against a healthy Discord: {all:?}"
    );
    assert!(
        all.iter().any(|r| r.content().contains("wins")),
        "the game ended"
    );

    println!("requests at start (before any game):");
    for (route, n) in table(&start) {
        println!("  {n:3}  {route}");
    }
    println!("requests of the whole game (challenge, accept and its thread, 4 chat moves):");
    for (route, n) in table(&all) {
        println!("  {n:3}  {route}");
    }
    println!("  {:3}  in all", all.len());
    println!("requests per chat move: {per_move:?}");
}

/// An acceptance that comes before the bot has learnt which message shows the
/// challenge (a `/accept` right after the challenge) still gets the game a thread: one
/// of its own in the channel, where the moves are then played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instant_acceptance_still_gets_a_thread() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = Bot::start(&fake, &dir.path().join("data"), "image_size = 256\n").await;
    let mark = fake.mark();
    let iid = fake.slash(
        &ALICE,
        CHANNEL,
        "challenge",
        &[("opponent", 6, json!(BOB.id.to_string()))],
        &[&BOB],
    );
    fake.wait_for(mark, "the challenge", |r| r.answers(iid))
        .await;
    // At once: before the bot asks Discord for the challenge message's id.
    fake.slash(&BOB, CHANNEL, "accept", &[], &[]);
    fake.wait_for(mark, "a thread", |r| {
        r.method == "POST" && r.path.ends_with("/threads") && r.status == 201
    })
    .await;
    let (thread, parent) = *fake.threads().last().unwrap();
    assert_eq!(parent, CHANNEL);
    let board = fake
        .wait_for(mark, "the first board in the thread", |r| {
            r.path.ends_with(&format!("/channels/{thread}/messages")) && !r.files.is_empty()
        })
        .await;
    assert!(board.content().contains("your move"), "{board:?}");
}
