//! The daily puzzle against the fake Discord (issue 51), on the backend under test: a
//! member who does not moderate is refused `/settings puzzle-channel` in one private
//! line and nothing changes; a moderator names the channel (a Discord channel option)
//! and the hour; nothing is posted before the hour; at the hour one post, even when a
//! second process ticks at the same moment (on PostgreSQL a second service on the same
//! database; on sled, the bot's own service ticked from another thread); the post is the
//! board with a Solve button and a thread for the discussion; Solve opens the puzzle
//! privately, a right answer counts, and the next day's post names the solver.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::api::ReplyKind;
use arcana::service::clock::ManualClock;
use arcana::service::front::GameService;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use support::bot::{all_text, answers, slash_in, started, Serving, ALICE, CAROL, CHANNEL};
use support::fake_discord::{all_components, FakeDiscord, Recorded, GUILD_ID};

const HOUR_MS: u64 = 3_600_000;
const DAY_MS: u64 = 24 * HOUR_MS;
/// The first day of the test (days since 1970).
const DAY: u64 = 20_425;
/// Ticks every second, so that the hour is noticed at once.
const EXTRA: &str = "image_size = 128\nreminder_check_seconds = 1\n";

fn off<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

fn service(data: &std::path::Path, clock: &Arc<ManualClock>) -> Arc<Service> {
    off(|| {
        let store = Store::open_at(&support::backend::url(data)).unwrap();
        let config = ServiceConfig {
            seed: Some(5),
            ..ServiceConfig::default()
        };
        Arc::new(Service::new(store, clock.clone(), config).unwrap())
    })
}

/// The daily posts in the channel (a message with a `daily-puzzle:` button), oldest
/// first, with that button's id.
fn posts(fake: &FakeDiscord) -> Vec<(Value, String)> {
    fake.messages_in(CHANNEL)
        .into_iter()
        .filter_map(|m| {
            let id = all_components(&m)
                .into_iter()
                .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
                .find(|i| i.starts_with("daily-puzzle:"))?;
            Some((m, id))
        })
        .collect()
}

/// One private line answered `rs`; returns it.
fn one_private_line(rs: &[Recorded]) -> String {
    assert!(!rs.is_empty());
    assert!(rs.iter().all(Recorded::is_ephemeral), "{rs:?}");
    let text = all_text(rs);
    assert!(!text.trim().contains('\n'), "one line: {text}");
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_once_solved_and_its_solver_named() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let clock = Arc::new(ManualClock::new(DAY * DAY_MS + 5 * HOUR_MS));
    let bot_service = service(&data, &clock);
    // The second process: its own service on PostgreSQL; sled holds one process.
    let second = match support::backend::postgres() {
        true => service(&data, &clock),
        false => Arc::clone(&bot_service),
    };
    let fake = FakeDiscord::start().await;
    let _serving = Serving::start(
        &fake,
        &data,
        EXTRA,
        Arc::clone(&bot_service) as Arc<dyn GameService>,
    )
    .await;
    let channel_option = ("puzzle-channel", 7, json!(CHANNEL.to_string()));

    // Off by default, and a member who does not moderate cannot turn it on.
    let rs = slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "settings",
        std::slice::from_ref(&channel_option),
        &[],
    )
    .await;
    assert!(one_private_line(&rs).contains("moderators"), "{rs:?}");
    let stored = off(|| bot_service.store().daily_puzzle(GUILD_ID).unwrap().value);
    assert_eq!(stored, None, "nothing changed");

    // A moderator: this channel, at 10:00.
    fake.moderate(&CAROL);
    let rs = slash_in(
        &fake,
        &CAROL,
        CHANNEL,
        "settings",
        &[channel_option, ("puzzle-hour", 4, json!(10))],
        &[],
    )
    .await;
    let said = one_private_line(&rs);
    assert!(
        said.contains(&format!("<#{CHANNEL}>")) && said.contains("10:00 UTC"),
        "{said}"
    );

    // Nothing before the hour.
    clock.set(DAY * DAY_MS + 10 * HOUR_MS - 1);
    fake.settle(fake.mark(), Duration::from_millis(1500)).await;
    assert!(posts(&fake).is_empty());

    // At the hour the bot's tick and a second process's, at once: one post.
    clock.set(DAY * DAY_MS + 10 * HOUR_MS);
    let theirs = off(|| second.tick())
        .into_iter()
        .filter(|t| matches!(t.reply.kind, ReplyKind::DailyPuzzle { .. }))
        .count();
    fake.settle(fake.mark(), Duration::from_millis(2500)).await;
    assert_eq!(posts(&fake).len() + theirs, 1, "one post for the day");

    // The next day's post, by the bot alone: the board and Solve (a thread comes with
    // the real process's places: `a_real_process_opens_a_thread_for_the_discussion`).
    let mark = fake.mark();
    clock.set((DAY + 1) * DAY_MS + 10 * HOUR_MS);
    fake.wait_for(mark, "the second day's post", |r| {
        r.method == "POST"
            && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
            && r.content().contains("Daily puzzle")
    })
    .await;
    let all = posts(&fake);
    let (post, solve) = all.last().unwrap().clone();
    assert_eq!(solve, format!("daily-puzzle:{}", DAY + 1));
    assert!(
        post["attachments"]
            .as_array()
            .is_some_and(|a| !a.is_empty()),
        "the board: {post}"
    );

    // Alice presses Solve: the puzzle privately, then her answers.
    let mark = fake.mark();
    let iid = fake.button(&ALICE, CHANNEL, &solve, post.clone());
    let rs = answers(&fake, mark, iid).await;
    assert!(rs.iter().all(Recorded::is_ephemeral), "{rs:?}");
    let (id, line) = off(|| {
        let store = bot_service.store();
        let daily = store.daily_puzzle(GUILD_ID).unwrap().value.unwrap();
        let id = daily.today.unwrap().puzzle;
        let line = store.puzzle(&id).unwrap().value.unwrap().line;
        (id, line)
    });
    assert!(all_text(&rs).contains(&id), "{rs:?}");
    let mut last = String::new();
    for step in line.iter().step_by(2) {
        let rs = slash_in(
            &fake,
            &ALICE,
            CHANNEL,
            "puzzle",
            &[("answer", 3, json!(step))],
            &[],
        )
        .await;
        assert!(rs.iter().all(Recorded::is_ephemeral), "{rs:?}");
        last = all_text(&rs);
    }
    assert!(last.contains("Solved"), "{last}");

    // The day after names her.
    let mark = fake.mark();
    clock.set((DAY + 2) * DAY_MS + 10 * HOUR_MS);
    let next = fake
        .wait_for(mark, "the third day's post", |r| {
            r.method == "POST"
                && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
                && r.content().contains("Daily puzzle")
        })
        .await;
    let text = next.content();
    assert!(
        text.contains(&id) && text.contains("alice") && text.contains("one player"),
        "{text}"
    );
    assert!(!text.contains(&line[0]), "no solution in the post: {text}");
    drop(second);
}

/// `arcana run` itself (its places open Discord threads; the system clock): a
/// moderator turns the daily puzzle on at hour 0, which has passed today, so the next
/// tick posts it with a thread for the discussion, linked from the post.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_process_opens_a_thread_for_the_discussion() {
    let (fake, _dir, _bot) = started(EXTRA).await;
    fake.moderate(&CAROL);
    let mark = fake.mark();
    let rs = slash_in(
        &fake,
        &CAROL,
        CHANNEL,
        "settings",
        &[
            ("puzzle-channel", 7, json!(CHANNEL.to_string())),
            ("puzzle-hour", 4, json!(0)),
        ],
        &[],
    )
    .await;
    assert!(one_private_line(&rs).contains("00:00 UTC"), "{rs:?}");
    let post = fake
        .wait_for(mark, "the daily post", |r| {
            r.method == "POST"
                && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
                && r.content().contains("Daily puzzle")
        })
        .await;
    let thread = fake.requests()[mark..]
        .iter()
        .find(|r| r.method == "POST" && r.path.ends_with(&format!("/channels/{CHANNEL}/threads")))
        .cloned()
        .expect("a thread for the discussion");
    assert!(
        thread.json["name"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Daily puzzle"),
        "{thread:?}"
    );
    assert!(
        post.content().contains("Discuss it in <#"),
        "{}",
        post.content()
    );
    fake.settle(fake.mark(), Duration::from_millis(2500)).await;
    assert_eq!(posts(&fake).len(), 1, "one post a day");
}
