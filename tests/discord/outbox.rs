//! A restart delivers what the last run stored but never sent (issue 12): a move
//! committed with its replies, then the process stopped before Discord saw them. The
//! bot posts them at start, reports them delivered, and a second start sends nothing.
//! The real service behind the bot (in-process `serve_with`), against the fake Discord.
//! And permanent refusals (50013, 50007) are recorded like deliveries: never sent
//! again, the one who acted told privately.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::api::{ColorChoice, Context, Request, User};
use arcana::service::{Service, ServiceConfig};
use arcana::variants::{Options, VariantId};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use support::backend::Blocking;
use support::bot::{dm_owner, slash, Bot, Serving, ALICE, BOB, CHANNEL};
use support::fake_discord::{visible_text, FakeDiscord, Recorded, GUILD_ID};

fn person(id: u64, name: &str) -> User {
    User {
        id,
        name: name.to_string(),
    }
}

/// alice (White) and bob's game of chess started, its start delivered.
fn game_started(s: &Service, alice: &User, bob: &User) {
    s.handle(
        &ctx(alice, "1"),
        Request::Challenge {
            opponent: bob.clone(),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: Some(3),
            options: Options::new(),
            rated: true,
        },
    );
    s.handle(&ctx(bob, "2"), Request::Accept);
    for p in s.outbox() {
        s.delivered(p.id);
    }
}

fn ctx(user: &User, key: &str) -> Context {
    Context {
        user: user.clone(),
        channel: CHANNEL,
        server: Some(GUILD_ID),
        key: Some(key.to_string()),
        lang: Default::default(),
        guild_locale: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_delivers_the_stored_replies_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let alice = person(100_000_000_000_000_001, "alice");
    let bob = person(100_000_000_000_000_002, "bob");
    Blocking::open(&data, ServiceConfig::default()).with(|s| {
        // The last run: a game, then alice's move is committed and the process stops
        // before anything reaches Discord.
        game_started(s, &alice, &bob);
        let r = s.handle(&ctx(&alice, "3"), Request::Move { text: "e4".into() });
        assert!(r[0].outbox.is_some(), "{r:?}");
        assert_eq!(s.outbox().len(), 1);
        s.flush().unwrap();
    });

    let fake = FakeDiscord::start().await;
    let held = Blocking::open(&data, ServiceConfig::default());
    let stop = Serving::spawn(&fake, &data, "image_size = 256\n", held.arc());
    let post = fake
        .wait_for(0, "the stored move's board", |r| {
            r.method == "POST"
                && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
                && r.content().contains("e4")
        })
        .await;
    // The board image went with it, and bob (to move) is mentioned.
    assert!(!post.files.is_empty(), "{post:?}");
    assert!(
        post.content().contains(&format!("<@{}>", bob.id)),
        "{post:?}"
    );
    // Reported delivered.
    let deadline = tokio::time::Instant::now() + support::fake_discord::WAIT;
    while !held.with(|s| s.outbox().is_empty()) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never reported delivered"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let first = fake.settle(0, Duration::from_millis(500)).await;
    let posts = |rs: &[support::fake_discord::Recorded]| {
        rs.iter()
            .filter(|r| {
                r.method == "POST" && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
            })
            .count()
    };
    assert_eq!(posts(&first), 1, "{first:?}");
    assert_eq!(stop.stop().await, Ok(()));

    // A second start: nothing is waiting, nothing is sent again.
    let fake2 = FakeDiscord::start().await;
    let _stop2 = Serving::spawn(&fake2, &data, "image_size = 256\n", held.arc());
    fake2.wait_identified(1).await;
    let second = fake2.settle(0, Duration::from_millis(800)).await;
    assert_eq!(posts(&second), 0, "{second:?}");
}

// Issue 12: a permanent refusal is recorded as such, not retried and not sent again
// after a restart: the game's thread refuses its board (50013 Missing Permissions)
// and the accepting player's direct messages are closed (50007). He is the one who
// acted, so he is told privately, in his interaction: why the thread stayed silent,
// and his secret list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn permanent_refusals_are_recorded_and_the_actor_told_privately() {
    const LIST: &str = "Known only to you";
    let fake = FakeDiscord::start().await;
    fake.close_dms(BOB.id);
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bot = Bot::start(&fake, &data, "image_size = 128\n").await;
    slash(
        &fake,
        &ALICE,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("color", 3, json!("white")),
            ("variant", 3, json!("wand")),
            ("options", 3, json!("wands:moderated")),
        ],
        &[&BOB],
    )
    .await;
    // The first message posted after this is the board in the game's thread.
    fake.refuse_next("POST", "/messages", 1, 50013);
    let mark = fake.mark();
    let answer = slash(&fake, &BOB, "accept", &[], &[]).await;
    let (thread, _) = *fake.threads().last().expect("the game's thread");
    let seen = fake.settle(mark, Duration::from_millis(800)).await;
    let in_thread = format!("/api/v10/channels/{thread}/messages");
    let boards: Vec<u16> = seen
        .iter()
        .filter(|r| r.method == "POST" && r.path == in_thread && !r.files.is_empty())
        .map(|r| r.status)
        .collect();
    assert_eq!(boards, vec![403], "one try, not retried: {seen:?}");
    // bob acted: told privately, in his interaction, why the thread is silent...
    let why = answer
        .iter()
        .find(|r| {
            r.content()
                .contains(&format!("could not post the game in <#{thread}>"))
        })
        .unwrap_or_else(|| panic!("{answer:?}"));
    assert!(
        why.is_ephemeral() && why.content().contains("permission"),
        "{}",
        why.json
    );
    // ...and shown his list there, his DMs being closed (one refused try).
    let to_bob: Vec<&Recorded> = seen
        .iter()
        .filter(|r| r.method == "POST" && dm_owner(&fake, r) == Some(BOB.id))
        .collect();
    assert!(
        !to_bob.is_empty() && to_bob.iter().all(|r| r.status == 403),
        "{to_bob:?}"
    );
    let list = answer
        .iter()
        .find(|r| r.content().contains(LIST))
        .unwrap_or_else(|| panic!("{answer:?}"));
    assert!(
        list.is_ephemeral() && list.content().contains("Black"),
        "{}",
        list.json
    );
    // Nothing public carries a list.
    for r in seen.iter().filter(|r| r.content().contains(LIST)) {
        assert!(
            r.is_ephemeral() || dm_owner(&fake, r).is_some(),
            "{} {}",
            r.path,
            r.json
        );
    }
    assert!(bot.stop().success());

    // The refusals were recorded with the rest: a restart sends none of it again.
    let mark = fake.mark();
    let _bot = Bot::start(&fake, &data, "image_size = 128\n").await;
    let again = fake.settle(mark, Duration::from_millis(1500)).await;
    assert!(
        again
            .iter()
            .all(|r| r.path != in_thread && dm_owner(&fake, r).is_none()),
        "{again:?}"
    );
}

/// The real service, except that it forgets to record deliveries: a process that
/// crashed right after posting an outbox entry's messages, before marking it delivered.
struct ForgetsDelivered(Arc<Service>);

impl arcana::service::front::GameService for ForgetsDelivered {
    fn handle(&self, ctx: &Context, request: Request) -> Vec<arcana::service::api::Reply> {
        self.0.handle(ctx, request)
    }
    fn tick(&self) -> Vec<arcana::service::api::TimedReply> {
        Vec::new()
    }
    fn asks(&self, channel: u64, user: u64) -> bool {
        arcana::service::front::GameService::asks(&*self.0, channel, user)
    }
    fn autocomplete(&self, channel: u64, user: u64, prefix: &str) -> Vec<String> {
        arcana::service::front::GameService::autocomplete(&*self.0, channel, user, prefix)
    }
    fn flush(&self) -> Result<(), String> {
        arcana::service::front::GameService::flush(&*self.0)
    }
    fn outbox(&self) -> Vec<arcana::service::api::Pending> {
        self.0.outbox()
    }
    fn delivered(&self, _id: u64) {}
    fn keep_private(&self, user: u64, text: &str) -> Result<(), String> {
        self.0.keep_private(user, text)
    }
    fn take_private(&self, user: u64) -> Vec<String> {
        self.0.take_private(user)
    }
}

// Issue 24: exactly-once posts. A process posts a move's board and dies before marking
// its outbox entry delivered; the restarted process posts the entry again with the same
// nonce and `enforce_nonce`, and Discord (the fake, as documented) answers with the
// message it already has instead of making a second one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeat_after_a_crash_is_dropped_by_its_nonce() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let alice = person(100_000_000_000_000_001, "alice");
    let bob = person(100_000_000_000_000_002, "bob");
    let held = Blocking::open(&data, ServiceConfig::default());
    let service = held.arc();
    let entry = held.with(|service| {
        game_started(service, &alice, &bob);
        let r = service.handle(&ctx(&alice, "3"), Request::Move { text: "e4".into() });
        r[0].outbox.expect("the move's replies wait in the outbox")
    });

    let fake = FakeDiscord::start().await;
    let board = |r: &Recorded| {
        r.method == "POST"
            && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
            && r.content().contains("e4")
    };
    // The first run posts the board, with a nonce naming the entry, and "crashes".
    let first = Serving::spawn(
        &fake,
        &data,
        "image_size = 128\n",
        Arc::new(ForgetsDelivered(service.clone())),
    );
    let post = fake.wait_for(0, "the move's board", board).await;
    let nonce = post.json["nonce"].as_str().unwrap_or_default().to_string();
    assert!(!nonce.is_empty() && nonce.len() <= 25, "{:?}", post.json);
    assert_eq!(post.json["enforce_nonce"], json!(true), "{:?}", post.json);
    assert!(
        nonce.contains(&format!("{entry:x}")),
        "{nonce} names entry {entry}"
    );
    let _ = first.stop().await;
    // On PostgreSQL a claim the stopped bot still had in flight (on the blocking pool)
    // holds the entry's row a moment, and a claim skips locked rows: look again.
    let mut waiting = 0;
    for _ in 0..50 {
        waiting = held.with(|s| s.outbox().len());
        if waiting == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(waiting, 1, "the crash left the entry waiting");

    // The restarted process delivers the entry again: same nonce, no second message.
    let mark = fake.mark();
    let second = Serving::spawn(&fake, &data, "image_size = 128\n", service.clone());
    let again = fake.wait_for(mark, "the board sent again", board).await;
    assert_eq!(again.json["nonce"].as_str(), Some(nonce.as_str()));
    let deadline = tokio::time::Instant::now() + support::fake_discord::WAIT;
    while !held.with(|s| s.outbox().is_empty()) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never reported delivered"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(fake.deduplicated() >= 1);
    let boards: Vec<_> = fake
        .messages_in(CHANNEL)
        .into_iter()
        .filter(|m| visible_text(m).contains("e4"))
        .collect();
    assert_eq!(boards.len(), 1, "one board in the channel: {boards:?}");
    let _ = second.stop().await;
    drop(service);
}

// Issue 24: an outbox entry nobody is delivering (a dead process's, once its claim ran
// out; here one committed behind the running bot's back) is delivered by the live
// process at its next ticks, not only at its next start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_process_delivers_what_nobody_delivers_within_its_ticks() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let alice = person(100_000_000_000_000_001, "alice");
    let bob = person(100_000_000_000_000_002, "bob");
    let held = Blocking::open(&data, ServiceConfig::default());
    held.with(|s| {
        game_started(s, &alice, &bob);
    });
    let fake = FakeDiscord::start().await;
    let serving = Serving::start(
        &fake,
        &data,
        "image_size = 128\nreminder_check_seconds = 1\n",
        held.arc(),
    )
    .await;
    fake.settle(0, Duration::from_millis(500)).await;
    let mark = fake.mark();
    // A move committed by "another process": its replies wait in the outbox.
    held.with(|s| s.handle(&ctx(&alice, "3"), Request::Move { text: "e4".into() }));
    let board = |r: &Recorded| {
        r.method == "POST"
            && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
            && r.content().contains("e4")
    };
    fake.wait_for(mark, "the orphaned board", board).await;
    let deadline = tokio::time::Instant::now() + support::fake_discord::WAIT;
    while !held.with(|s| s.outbox().is_empty()) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never reported delivered"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let later = fake.settle(mark, Duration::from_millis(2500)).await;
    assert_eq!(later.iter().filter(|r| board(r)).count(), 1, "{later:?}");
    let _ = serving.stop().await;
}

// Issue 23: the private texts an older build kept in a file of its own
// (`undelivered-dms.json`, one per process) move into the store at start, once: shown
// privately with the player's next command and never again, the file set aside. The
// real binary, on the backend of this run.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn texts_kept_in_an_older_builds_file_move_into_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("undelivered-dms.json");
    std::fs::write(
        &file,
        json!({ BOB.id.to_string(): ["OLD-SECRET-B"] }).to_string(),
    )
    .unwrap();
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake, &data, "").await;
    let mark = fake.mark();
    let iid = fake.slash(&BOB, CHANNEL, "help", &[], &[]);
    let shown = fake
        .wait_for(mark, "the kept text", |r| {
            r.answers(iid) && r.content().contains("OLD-SECRET-B")
        })
        .await;
    assert!(shown.is_ephemeral(), "{:?}", shown.json);
    assert!(!file.exists(), "the file is set aside");
    assert!(data.join("undelivered-dms.json.imported").exists());
    drop(bot);
    // Restarted: nothing is imported again, and the text was taken.
    let _bot = Bot::start(&fake, &data, "").await;
    let mark = fake.mark();
    let iid = fake.slash(&BOB, CHANNEL, "help", &[], &[]);
    let after = support::bot::answers(&fake, mark, iid).await;
    assert!(!after.is_empty());
    assert!(
        after.iter().all(|r| !r.content().contains("OLD-SECRET-B")),
        "{after:?}"
    );
}
