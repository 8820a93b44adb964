//! End to end, correspondence play with test time (issue 25): vacations stopping the
//! clocks of three games and ending when the allowance is spent, the daily digest, and
//! a takeback by agreement, through slash commands against the fake Discord. The bot
//! serves an in-process service whose clock the test moves (no sleeping for days).

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::api::{ColorChoice, Context, Request, User};
use arcana::service::clock::{ManualClock, DAY_MS};
use arcana::service::front::GameService;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use arcana::variants::{Options, VariantId};
use serde_json::json;
use std::sync::Arc;
use support::bot::{slash_in, Serving, ALICE, BOB, CAROL, CHANNEL};
use support::fake_discord::{FakeDiscord, FakeUser, Recorded, GUILD_ID};

const START_MS: u64 = 1_700_000_000_000;
const EXTRA: &str = "image_size = 128\nreminder_check_seconds = 1\n";

fn user(u: &FakeUser) -> User {
    User {
        id: u.id,
        name: u.name.to_string(),
    }
}

/// A game between `white` and `black` in `channel`, started in-process.
fn game(s: &Service, channel: u64, white: &FakeUser, black: &FakeUser, rated: bool) {
    let at = |u: &FakeUser| Context {
        user: user(u),
        channel,
        server: Some(GUILD_ID),
        key: None,
        lang: Default::default(),
        guild_locale: None,
    };
    s.handle(
        &at(white),
        Request::Challenge {
            opponent: user(black),
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: Some(3),
            options: Options::new(),
            rated,
        },
    );
    s.handle(&at(black), Request::Accept);
}

/// Runs `f` off the async runtime: the PostgreSQL client blocks on a runtime of its own.
fn off<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

struct Setup {
    fake: FakeDiscord,
    _dir: tempfile::TempDir,
    service: Arc<Service>,
    clock: Arc<ManualClock>,
    _serving: Serving,
}

async fn setup(games: impl FnOnce(&Service) + Send) -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let clock = Arc::new(ManualClock::new(START_MS));
    let service = off(|| {
        let store = Store::open_at(&support::backend::url(&data)).unwrap();
        let service = Service::new(
            store,
            clock.clone(),
            ServiceConfig {
                seed: Some(3),
                ..ServiceConfig::default()
            },
        )
        .unwrap();
        games(&service);
        // What the games' starts said is not this test's business.
        for p in service.outbox() {
            service.delivered(p.id);
        }
        Arc::new(service)
    });
    let fake = FakeDiscord::start().await;
    let serving =
        Serving::start(&fake, &data, EXTRA, service.clone() as Arc<dyn GameService>).await;
    Setup {
        fake,
        _dir: dir,
        service,
        clock,
        _serving: serving,
    }
}

fn ephemeral(rs: &[Recorded]) -> String {
    let texts: Vec<&Recorded> = rs.iter().filter(|r| !r.content().is_empty()).collect();
    assert!(
        texts.iter().all(|r| r.is_ephemeral()),
        "only the invoker sees it: {rs:?}"
    );
    texts
        .iter()
        .map(|r| r.content())
        .collect::<Vec<_>>()
        .join("\n")
}

fn posts_in(fake: &FakeDiscord, channel: u64, needle: &str) -> usize {
    fake.messages_in(channel)
        .iter()
        .filter(|m| support::fake_discord::visible_text(m).contains(needle))
        .count()
}

// Ruling X-CORR-7, end to end: three games stop, each told once; the allowance runs
// out by the test's clock, and alice learns it by direct message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_stops_three_games_and_ends_by_direct_message() {
    let (c2, c3) = (CHANNEL + 10, CHANNEL + 11);
    let s = setup(|s| {
        game(s, CHANNEL, &ALICE, &BOB, true);
        game(s, c2, &ALICE, &CAROL, true);
        game(s, c3, &BOB, &ALICE, true);
    })
    .await;
    let rs = slash_in(
        &s.fake,
        &ALICE,
        CHANNEL,
        "vacation",
        &[("state", 3, json!("on"))],
        &[],
    )
    .await;
    let text = ephemeral(&rs);
    assert!(text.contains("stand still in 3 games"), "{text}");
    for c in [CHANNEL, c2, c3] {
        s.fake
            .wait_for(0, "the vacation notice", |r| {
                r.path.ends_with(&format!("/channels/{c}/messages"))
                    && r.content().contains("alice is on vacation")
            })
            .await;
    }
    // Days pass by the test's clock: no reminder, no expiry while away.
    s.clock.advance(20 * DAY_MS);
    s.fake
        .settle(s.fake.mark(), std::time::Duration::from_millis(2500))
        .await;
    assert_eq!(posts_in(&s.fake, CHANNEL, "left for your move"), 0);
    assert_eq!(posts_in(&s.fake, CHANNEL, "has run out"), 0);
    let rs = slash_in(&s.fake, &BOB, CHANNEL, "claim", &[], &[]).await;
    assert!(ephemeral(&rs).contains("on vacation"), "{rs:?}");
    // The allowance is spent at 30 days: the tick ends it.
    let mark = s.fake.mark();
    s.clock.advance(10 * DAY_MS + 60_000);
    let dm = s
        .fake
        .wait_for(mark, "the direct message", |r| {
            r.content().contains("used up")
        })
        .await;
    assert_eq!(support::bot::dm_owner(&s.fake, &dm), Some(ALICE.id));
    for c in [CHANNEL, c2, c3] {
        s.fake
            .wait_for(mark, "back from vacation", |r| {
                r.path.ends_with(&format!("/channels/{c}/messages"))
                    && r.content().contains("alice is back from vacation")
            })
            .await;
        assert_eq!(
            posts_in(&s.fake, c, "stands still until they are back"),
            1,
            "told once"
        );
    }
    let rs = slash_in(
        &s.fake,
        &ALICE,
        CHANNEL,
        "vacation",
        &[("state", 3, json!("on"))],
        &[],
    )
    .await;
    assert!(ephemeral(&rs).contains("no vacation left"), "{rs:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_digest_arrives_by_direct_message() {
    let s = setup(|s| {
        game(s, CHANNEL, &ALICE, &BOB, true);
    })
    .await;
    let rs = slash_in(
        &s.fake,
        &ALICE,
        CHANNEL,
        "settings",
        &[("digest", 3, json!("daily"))],
        &[],
    )
    .await;
    assert!(ephemeral(&rs).contains("digest: daily"), "{rs:?}");
    let mark = s.fake.mark();
    s.clock.advance(DAY_MS + 60_000);
    let dm = s
        .fake
        .wait_for(mark, "the digest", |r| r.content().contains("daily digest"))
        .await;
    assert_eq!(support::bot::dm_owner(&s.fake, &dm), Some(ALICE.id));
    assert!(dm.content().contains("Your turn (1)"), "{}", dm.content());
}

// Ruling X-CORR-6, end to end: asked and accepted by slash command in a casual game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_asked_and_accepted_in_the_channel() {
    let s = setup(|s| {
        game(s, CHANNEL, &ALICE, &BOB, false);
    })
    .await;
    slash_in(
        &s.fake,
        &ALICE,
        CHANNEL,
        "move",
        &[("text", 3, json!("e4"))],
        &[],
    )
    .await;
    let rs = slash_in(&s.fake, &ALICE, CHANNEL, "takeback", &[], &[]).await;
    let asked = rs
        .iter()
        .find(|r| r.content().contains("asks to take back `e2-e4`"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert!(!asked.is_ephemeral(), "the request is public");
    assert!(
        asked.content().contains(&format!("<@{}>", BOB.id)),
        "bob is pinged"
    );
    let rs = slash_in(
        &s.fake,
        &CAROL,
        CHANNEL,
        "takeback",
        &[("action", 3, json!("accept"))],
        &[],
    )
    .await;
    assert!(ephemeral(&rs).contains("Only"), "{rs:?}");
    let rs = slash_in(
        &s.fake,
        &BOB,
        CHANNEL,
        "takeback",
        &[("action", 3, json!("accept"))],
        &[],
    )
    .await;
    let done = rs
        .iter()
        .find(|r| r.content().contains("is taken back"))
        .unwrap_or_else(|| panic!("{rs:?}"));
    assert!(!done.is_ephemeral());
    let service = s.service.clone();
    let kept = off(move || service.store().game(1).unwrap().unwrap().actions.len());
    assert!(
        kept >= 3,
        "the move, the request and the takeback are kept: {kept}"
    );
    let rs = slash_in(&s.fake, &BOB, CHANNEL, "history", &[], &[]).await;
    assert!(!ephemeral(&rs).contains("e2-e4"), "{rs:?}");
}

// Ruling X-CORR-3, end to end: a time bank given by slash command runs out only after
// the move's days and the bank are both spent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_bank_runs_out_after_the_days_and_the_bank() {
    let s = setup(|_| {}).await;
    let rs = slash_in(
        &s.fake,
        &ALICE,
        CHANNEL,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("color", 3, json!("white")),
            ("days", 4, json!(1)),
            ("bank", 4, json!(1)),
        ],
        &[&BOB],
    )
    .await;
    assert!(
        rs.iter().any(|r| r.content().contains("1 day per move")),
        "{rs:?}"
    );
    s.fake
        .settle(s.fake.mark(), std::time::Duration::from_millis(300))
        .await;
    slash_in(&s.fake, &BOB, CHANNEL, "accept", &[], &[]).await;
    slash_in(
        &s.fake,
        &ALICE,
        CHANNEL,
        "move",
        &[("text", 3, json!("e4"))],
        &[],
    )
    .await;
    // A day and a half: bob's day is spent, his bank is not.
    s.clock.advance(DAY_MS + DAY_MS / 2);
    let rs = slash_in(&s.fake, &BOB, CHANNEL, "board", &[], &[]).await;
    let board = ephemeral(&rs);
    assert!(board.contains("all of it from bob's bank"), "{board}");
    let rs = slash_in(&s.fake, &ALICE, CHANNEL, "claim", &[], &[]).await;
    assert!(ephemeral(&rs).contains("still has 12 hours"), "{rs:?}");
    // Both spent: alice wins on time.
    s.clock.advance(DAY_MS / 2 + 60_000);
    let rs = slash_in(&s.fake, &ALICE, CHANNEL, "claim", &[], &[]).await;
    assert!(
        rs.iter()
            .any(|r| !r.is_ephemeral() && r.content().contains("time")),
        "{rs:?}"
    );
}

// X-RATINGS-7, end to end: a year without rated games grows the deviation /profile
// shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_rating_grows_its_deviation_on_the_profile() {
    let s = setup(|s| {
        game(s, CHANNEL, &ALICE, &BOB, true);
        for (who, text) in [(&ALICE, "e4"), (&BOB, "e5")] {
            let at = Context {
                user: user(who),
                channel: CHANNEL,
                server: Some(GUILD_ID),
                key: None,
                lang: Default::default(),
                guild_locale: None,
            };
            s.handle(&at, Request::Move { text: text.into() });
        }
    })
    .await;
    slash_in(&s.fake, &BOB, CHANNEL, "resign", &[], &[]).await;
    let deviation = |text: &str| -> i64 {
        let at = text.find("(deviation ").expect("a deviation") + "(deviation ".len();
        text[at..]
            .split(')')
            .next()
            .and_then(|d| d.parse().ok())
            .expect("a number")
    };
    let rs = slash_in(&s.fake, &ALICE, CHANNEL, "profile", &[], &[]).await;
    let before = deviation(&ephemeral(&rs));
    s.clock.advance(365 * DAY_MS);
    let rs = slash_in(&s.fake, &ALICE, CHANNEL, "profile", &[], &[]).await;
    let after = deviation(&ephemeral(&rs));
    assert!(after > before && after <= 350, "{before} -> {after}");
}
