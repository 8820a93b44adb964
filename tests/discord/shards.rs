//! Issue 24: the deployment that scales. Two `arcana run` processes on one PostgreSQL
//! store, `--shards 0-0/2` and `1-1/2`, against a fake gateway that routes each server's
//! events to the shard that owns it (`(guild_id >> 22) % 2`, as Discord does). A game in
//! a server of each shard; the process of one is SIGKILLed right after a move's board
//! was posted, and restarted: no move is lost, no message is posted twice, and every
//! event is answered by the process that owns its server (told apart by their tokens).
//! Runs when `ARCANA_TEST_POSTGRES` names a server (`.ci/run` starts one).

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;
use support::bot::{accepted_in_thread, Bot, ALICE, BOB, CHANNEL};
use support::fake_discord::{visible_text, FakeDiscord, FakeUser, Recorded, GUILD_ID};

/// A server on the other shard of two from [`GUILD_ID`]'s.
const OTHER_GUILD: u64 = GUILD_ID + (1 << 22);
/// A channel of that server.
const OTHER_CHANNEL: u64 = CHANNEL + 7;

fn shard(guild: u64) -> u32 {
    ((guild >> 22) % 2) as u32
}

/// The configuration of the process for `shard` of two, on the shared database.
fn config(fake: &FakeDiscord, data: &Path, store: &str, shard: u32) -> String {
    format!(
        "token = \"fake-token-{shard}\"\nserver_id = {GUILD_ID}\ndata_dir = \"{}\"\n\
         store = \"{store}\"\nshards = \"{shard}-{shard}/2\"\nimage_size = 128\n{}",
        data.display(),
        fake.api_lines()
    )
}

/// `who` types `text` in `thread`; returns the board message posted for it.
async fn play(fake: &FakeDiscord, who: &FakeUser, thread: u64, text: &str) -> Recorded {
    let mark = fake.mark();
    fake.chat(who, thread, text);
    fake.wait_for(mark, text, |r| {
        r.method == "POST"
            && r.path.ends_with(&format!("/channels/{thread}/messages"))
            && !r.files.is_empty()
    })
    .await
}

fn contents(messages: &[Value]) -> Vec<String> {
    messages.iter().map(visible_text).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sharded_processes_on_postgres_survive_a_kill() {
    if std::env::var("ARCANA_TEST_POSTGRES").map_or(true, |v| v.trim().is_empty()) {
        eprintln!(
            "two_sharded_processes_on_postgres_survive_a_kill: skipped, ARCANA_TEST_POSTGRES \
             is not set (`.ci/run` starts a server and sets it)"
        );
        return;
    }
    assert_ne!(shard(GUILD_ID), shard(OTHER_GUILD));
    let fake = FakeDiscord::start().await;
    fake.place_channel(OTHER_CHANNEL, OTHER_GUILD);
    let dir = tempfile::tempdir().unwrap();
    let store = support::backend::fresh_postgres("shards");
    let data = [dir.path().join("data0"), dir.path().join("data1")];
    let mut bots = vec![
        Bot::start_with(&fake, &data[0], &config(&fake, &data[0], &store, 0)).await,
        Bot::start_with(&fake, &data[1], &config(&fake, &data[1], &store, 1)).await,
    ];
    let shards: HashSet<(u32, u32)> = fake.identified_shards().into_iter().collect();
    assert_eq!(shards, HashSet::from([(0, 2), (1, 2)]));

    // A game in each server, each served by its own shard's process.
    let here = accepted_in_thread(&fake, CHANNEL).await;
    let there = accepted_in_thread(&fake, OTHER_CHANNEL).await;
    play(&fake, &ALICE, here, "e4").await;
    play(&fake, &ALICE, there, "d4").await;
    play(&fake, &BOB, here, "e5").await;
    play(&fake, &BOB, there, "d5").await;

    // The process owning this server is killed right after its board for Nf3 went out.
    let victim = shard(GUILD_ID) as usize;
    play(&fake, &ALICE, here, "Nf3").await;
    drop(bots.remove(victim)); // SIGKILL
                               // The other server plays on meanwhile.
    play(&fake, &ALICE, there, "c4").await;
    let restarted = Bot::start_with(
        &fake,
        &data[victim],
        &config(&fake, &data[victim], &store, victim as u32),
    )
    .await;
    bots.insert(victim, restarted);
    fake.settle(0, Duration::from_millis(800)).await;
    play(&fake, &BOB, here, "Nc6").await;
    play(&fake, &BOB, there, "e6").await;
    fake.settle(0, Duration::from_millis(800)).await;

    // Killed between a move's commit and its board (Discord failing the post): the
    // restarted process, in the same slot (host, data folder, shards), posts it from
    // the outbox at its start, not once the dead one's two-minute claim has run out.
    let path = format!("/api/v10/channels/{here}/messages");
    fake.fail_next("POST", &format!("/channels/{here}/messages"), 2, 500);
    let mark = fake.mark();
    fake.chat(&ALICE, here, "Bb5");
    fake.wait_for(mark, "Bb5's board refused", |r| {
        r.method == "POST" && r.path == path && r.status == 500
    })
    .await;
    drop(bots.remove(victim)); // SIGKILL
    let restarted = Bot::start_with(
        &fake,
        &data[victim],
        &config(&fake, &data[victim], &store, victim as u32),
    )
    .await;
    bots.insert(victim, restarted);
    fake.wait_for(mark, "Bb5's board from the restarted process", |r| {
        r.method == "POST" && r.path == path && r.status == 200 && r.content().contains("Bf1-b5")
    })
    .await;
    fake.settle(0, Duration::from_millis(800)).await;

    // No move lost: each game's history holds every move, in order.
    // (The history writes moves in long algebraic notation.)
    for (thread, moves) in [
        (here, &["e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5"][..]),
        (there, &["d2-d4", "d7-d5", "c2-c4", "e7-e6"][..]),
    ] {
        let mark = fake.mark();
        let iid = fake.slash(&ALICE, thread, "history", &[], &[]);
        let answer = fake.wait_for(mark, "the history", |r| r.answers(iid)).await;
        let text = answer.content();
        let mut at = 0;
        for m in moves {
            let found = text[at..]
                .find(m)
                .unwrap_or_else(|| panic!("{m} in {text}"));
            at += found + m.len();
        }
    }

    // No message twice: Discord (the fake) holds each board once.
    for thread in [here, there] {
        let texts = contents(&fake.messages_in(thread));
        let unique: HashSet<&String> = texts.iter().collect();
        assert_eq!(
            unique.len(),
            texts.len(),
            "a repeated message in {thread}: {texts:#?}"
        );
    }

    // Every request about a server came from the process of its shard.
    let token = |guild: u64| format!("Bot fake-token-{}", shard(guild));
    for r in fake.requests() {
        let place = [
            (here, GUILD_ID),
            (CHANNEL, GUILD_ID),
            (there, OTHER_GUILD),
            (OTHER_CHANNEL, OTHER_GUILD),
        ]
        .into_iter()
        .find(|(c, _)| r.path.contains(&format!("/channels/{c}/")));
        if let Some((_, guild)) = place {
            assert_eq!(
                r.auth,
                token(guild),
                "{} {} by the wrong process",
                r.method,
                r.path
            );
        }
    }
    drop(bots);
}
