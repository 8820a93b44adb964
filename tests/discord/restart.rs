//! No typed move lost to a restart (issue 52): moves typed while the process is down
//! never reach a new gateway session, so the bot reads them back when the server
//! arrives (GUILD_CREATE names each place's newest message) and answers each once, in
//! order; a line the game refuses by then is answered to its writer by DM with the
//! reason. The real `arcana run` binary against the fake Discord, on the store backend
//! the suite runs on.

use crate::support;

use std::time::Duration;
use support::bot::{accepted_in_thread, dm_owner, Bot, ALICE, BOB, CHANNEL};
use support::fake_discord::{FakeDiscord, Recorded};

/// Whether `r` posts a board in `thread` whose text names `played`.
fn is_board(r: &Recorded, thread: u64, played: &str) -> bool {
    r.method == "POST"
        && r.path.ends_with(&format!("/channels/{thread}/messages"))
        && !r.files.is_empty()
        && r.content().contains(played)
}

/// Board posts in `thread` among `rs` whose text names `played`.
fn boards_naming(rs: &[Recorded], thread: u64, played: &str) -> usize {
    rs.iter().filter(|r| is_board(r, thread, played)).count()
}

/// Starts the bot again and returns what it sent once the board naming `played` is
/// posted in `thread` and things have settled.
async fn restarted_until(
    fake: &FakeDiscord,
    data: &std::path::Path,
    thread: u64,
    played: &str,
) -> (Bot, Vec<Recorded>) {
    let mark = fake.mark();
    let bot = Bot::start(fake, data, "").await;
    fake.wait_for(mark, played, |r| is_board(r, thread, played))
        .await;
    (bot, fake.settle(mark, Duration::from_millis(1500)).await)
}

/// Reads of `thread`'s history among `rs`.
fn reads_of(rs: &[Recorded], thread: u64) -> usize {
    rs.iter()
        .filter(|r| r.method == "GET" && r.path.ends_with(&format!("/channels/{thread}/messages")))
        .count()
}

/// A game in a thread, alice's 1. e4 played and answered live.
async fn game_with_e4(fake: &FakeDiscord) -> u64 {
    let thread = accepted_in_thread(fake, CHANNEL).await;
    let mark = fake.mark();
    fake.chat(&ALICE, thread, "e4");
    fake.wait_for(mark, "1. e4's board", |r| {
        r.path.ends_with(&format!("/channels/{thread}/messages")) && !r.files.is_empty()
    })
    .await;
    thread
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_typed_while_the_bot_was_stopped_are_answered_once_in_order() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = Bot::start(&fake, &data, "").await;
    let thread = game_with_e4(&fake).await;
    assert!(bot.stop().success());

    // While nobody listens: bob answers 1... e5; alice types `e5` (planned before she
    // saw bob's reply: blocked by then), then 2. Nf3; and chat that is no move.
    fake.chat(&BOB, thread, "e5");
    fake.chat(&ALICE, thread, "e5");
    fake.chat(&ALICE, thread, "Nf3");
    fake.chat(&BOB, thread, "nice one, see you tomorrow");

    let (bot, rs) = restarted_until(&fake, &data, thread, "Ng1-f3").await;
    assert_eq!(boards_naming(&rs, thread, "e7-e5"), 1, "{rs:#?}");
    assert_eq!(boards_naming(&rs, thread, "Ng1-f3"), 1, "{rs:#?}");
    // In order: bob's answer before alice's second move.
    let at = |played: &str| rs.iter().position(|r| is_board(r, thread, played)).unwrap();
    assert!(at("e7-e5") < at("Ng1-f3"));
    // alice's blocked `e5` is refused to her, by DM, with the reason; bob's chat is no
    // business of the bot's.
    let dms: Vec<&Recorded> = rs
        .iter()
        .filter(|r| r.method == "POST" && dm_owner(&fake, r) == Some(ALICE.id))
        .collect();
    assert_eq!(dms.len(), 1, "{dms:#?}");
    assert!(dms[0].content().contains("`e5`"), "{dms:#?}");
    assert!(dms[0].content().contains("not played"), "{dms:#?}");
    assert!(
        !rs.iter().any(|r| dm_owner(&fake, r) == Some(BOB.id)),
        "{rs:#?}"
    );
    assert!(bot.stop().success());

    // Started again with nothing new: nothing is read back, nothing posted twice.
    let mark = fake.mark();
    let _bot = Bot::start(&fake, &data, "").await;
    let rs = fake.settle(mark, Duration::from_millis(1500)).await;
    assert_eq!(reads_of(&rs, thread), 0, "{rs:#?}");
    assert_eq!(boards_naming(&rs, thread, "e7-e5"), 0, "{rs:#?}");
    assert_eq!(boards_naming(&rs, thread, "Ng1-f3"), 0, "{rs:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_process_reads_back_once_and_answers_only_what_it_missed() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = Bot::start(&fake, &data, "").await;
    let thread = game_with_e4(&fake).await;
    // Killed at once (no stop, so no mark kept): 1. e4 is read back again and must
    // not be played twice.
    drop(bot);
    fake.chat(&BOB, thread, "e5");

    let (_bot, rs) = restarted_until(&fake, &data, thread, "e7-e5").await;
    assert_eq!(boards_naming(&rs, thread, "e7-e5"), 1, "{rs:#?}");
    assert!(reads_of(&rs, thread) >= 1, "{rs:#?}");
    // No DM to anyone: alice's e4 was not refused again, it was not read at all or
    // recognised as answered.
    assert!(!rs.iter().any(|r| dm_owner(&fake, r).is_some()), "{rs:#?}");
    // The game goes on live: 2. Nf3.
    let mark = fake.mark();
    fake.chat(&ALICE, thread, "Nf3");
    fake.wait_for(mark, "2. Nf3's board", |r| {
        r.path.ends_with(&format!("/channels/{thread}/messages")) && r.content().contains("Ng1-f3")
    })
    .await;
}
