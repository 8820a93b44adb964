//! End to end, threads that go away (issue 24): the real `arcana run` binary against
//! the fake Discord. A game whose thread a moderator deletes (THREAD_DELETE) or locks
//! (a post refused with 50083) moves back to its channel with one note and its board,
//! and commands there reach it; when the channel already has a game it gets a new
//! thread instead; an archived thread is simply unarchived by the next post. Run on
//! sled, and by `.ci/tests` again with the games on PostgreSQL.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::json;
use std::time::Duration;
use support::bot::{
    accepted_in_thread, count, posted_in, slash, slash_in, started, ALICE, BOB, CHANNEL,
};
use support::fake_discord::Recorded;

const SMALL: &str = "image_size = 128\n";

/// The bot's posts in `channel` among `rs`.
fn posts_in(rs: &[Recorded], channel: u64) -> Vec<&Recorded> {
    let path = format!("/api/v10/channels/{channel}/messages");
    rs.iter()
        .filter(|r| r.method == "POST" && r.path == path && r.status == 200)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_of_deleted_or_locked_threads_go_on_in_their_channel() {
    let (fake, _dir, _bot) = started(SMALL).await;
    let first = accepted_in_thread(&fake, CHANNEL).await;
    let second = accepted_in_thread(&fake, CHANNEL).await;
    assert_ne!(first, second);

    // A moderator locks the second game's thread: the board of alice's chat move there
    // is refused (50083), so the game moves to the channel, which has no game.
    fake.archive_thread(second, true);
    let mark = fake.mark();
    fake.chat(&ALICE, second, "e4");
    let note = posted_in(&fake, mark, CHANNEL, "the moved game's note").await;
    assert!(note.content().contains("goes on here"), "{}", note.json);
    assert!(
        note.content().contains("bob"),
        "bob is asked: {}",
        note.json
    );
    assert!(!note.files.is_empty(), "with its board: {}", note.json);
    let seen = fake.settle(mark, Duration::from_millis(500)).await;
    assert_eq!(
        count(
            &posts_in(&seen, CHANNEL)
                .into_iter()
                .cloned()
                .collect::<Vec<_>>(),
            "goes on here"
        ),
        1
    );

    // Commands in the channel reach it now: bob's move, then a chat move of alice.
    let rs = slash(&fake, &BOB, "move", &[("text", 3, json!("e5"))], &[]).await;
    assert!(
        rs.iter()
            .any(|r| r.content().contains("e7-e5") && !r.is_ephemeral()),
        "{rs:?}"
    );
    let mark = fake.mark();
    fake.chat(&ALICE, CHANNEL, "Nf3");
    let m = posted_in(&fake, mark, CHANNEL, "alice's chat move in the channel").await;
    assert!(m.content().contains("Ng1-f3"), "{}", m.json);

    // A moderator deletes the first game's thread: THREAD_DELETE. The channel has a
    // game now, so this one gets a new thread of its own, with the note.
    let mark = fake.mark();
    fake.delete_thread(first);
    fake.wait_for(mark, "a new thread for the game", |r| {
        r.method == "POST"
            && r.path == format!("/api/v10/channels/{CHANNEL}/threads")
            && r.status == 201
    })
    .await;
    let third = fake
        .threads()
        .into_iter()
        .filter(|(t, parent)| *parent == CHANNEL && *t != first && *t != second)
        .map(|(t, _)| t)
        .max()
        .unwrap();
    let note = posted_in(&fake, mark, third, "the note in the new thread").await;
    assert!(note.content().contains("goes on here"), "{}", note.json);
    let rs = slash_in(
        &fake,
        &ALICE,
        third,
        "move",
        &[("text", 3, json!("d4"))],
        &[],
    )
    .await;
    assert!(
        rs.iter()
            .any(|r| r.content().contains("d2-d4") && !r.is_ephemeral()),
        "{rs:?}"
    );

    // An archived (not locked) thread is unarchived by the next post, as on Discord:
    // the game stays where it is.
    fake.archive_thread(third, false);
    let mark = fake.mark();
    fake.chat(&BOB, third, "d5");
    let m = posted_in(&fake, mark, third, "bob's chat move in the archived thread").await;
    assert_eq!(m.status, 200, "{}", m.json);
    assert!(m.content().contains("d7-d5"), "{}", m.json);
    assert!(!fake.thread_archived(third));
    let seen = fake.settle(mark, Duration::from_millis(500)).await;
    assert!(
        !seen.iter().any(|r| r.path.ends_with("/threads")),
        "no new thread: {seen:?}"
    );
}
