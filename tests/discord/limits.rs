//! Discord's rate limits kept by the bot itself (issue 52): `arcana run` against a fake
//! Discord that enforces them. A burst of moves far above the global limit is spread
//! instead of refused, also when the process has only its shards' part of the limit;
//! a global 429 holds every request of the process until it ends, not only the one that
//! got it; a bucket with nothing remaining makes the next request wait for its reset.
//! Games are made through the service before the bot starts, one per channel, so that
//! each move typed costs the bot one request (its board).

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::api::{ColorChoice, Context, Request, User};
use arcana::service::ServiceConfig;
use arcana::variants::{Options, VariantId};
use std::path::Path;
use std::time::{Duration, Instant};
use support::backend::Blocking;
use support::bot::{channel_of, Bot};
use support::fake_discord::{FakeDiscord, FakeUser, Recorded, GUILD_ID};

/// The first channel of the games (one game each).
const CHANNEL0: u64 = 310_000_000_000_000_000;
/// The first player (two per game).
const PLAYER0: u64 = 410_000_000_000_000_000;

fn channel(game: u64) -> u64 {
    CHANNEL0 + game
}

fn player(game: u64, side: u64) -> FakeUser {
    let name: &'static str = Box::leak(format!("{}{game}", ["w", "b"][side as usize]).into());
    FakeUser {
        id: PLAYER0 + 2 * game + side,
        name,
    }
}

/// `games` games of chess started in their channels (White to move), before the bot
/// opens the store of `data`.
fn seed(data: &Path, games: u64) {
    let held = Blocking::open(data, ServiceConfig::default());
    held.with(|s| {
        for g in 0..games {
            let [w, b] = [player(g, 0), player(g, 1)].map(|u| User {
                id: u.id,
                name: u.name.to_string(),
            });
            let ctx = |u: &User| Context {
                user: u.clone(),
                channel: channel(g),
                server: Some(GUILD_ID),
                key: None,
                lang: Default::default(),
                guild_locale: None,
            };
            let challenge = Request::Challenge {
                opponent: b.clone(),
                variant: VariantId::Standard,
                color: ColorChoice::White,
                days: None,
                options: Options::new(),
                rated: true,
            };
            s.handle(&ctx(&w), challenge);
            s.handle(&ctx(&b), Request::Accept);
        }
        for p in s.outbox() {
            s.delivered(p.id);
        }
        s.flush().unwrap();
    });
}

/// A fake Discord and `arcana run` with `games` seeded games and the lines `extra`.
async fn started(dir: &Path, games: u64, extra: &str) -> (FakeDiscord, Bot) {
    let data = dir.join("data");
    seed(&data, games);
    let fake = FakeDiscord::start().await;
    let extra = format!("threads = false\nimage_size = 128\n{extra}");
    let bot = Bot::start(&fake, &data, &extra).await;
    // Start-up's requests (command registration) are over before the limits count.
    fake.settle(0, Duration::from_millis(500)).await;
    (fake, bot)
}

/// A board posted (or refused) in one of the games' channels.
fn board_post(r: &Recorded) -> bool {
    r.method == "POST"
        && !r.files.is_empty()
        && channel_of(r).is_some_and(|c| (CHANNEL0..CHANNEL0 + 1000).contains(&c))
}

/// White's first move typed in each of `games` games at once; the requests from the
/// first move until every board was posted.
async fn burst(fake: &FakeDiscord, games: u64) -> Vec<Recorded> {
    let mark = fake.mark();
    for g in 0..games {
        fake.chat(&player(g, 0), channel(g), "e4");
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let seen = fake.requests().split_off(mark);
        let posted = seen
            .iter()
            .filter(|r| board_post(r) && r.status == 200)
            .count();
        if posted as u64 >= games {
            return seen;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{posted} of {games} boards posted"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The 429s among `seen`, and how long the boards took from the first to the last.
fn limited_and_span(seen: &[Recorded]) -> (usize, Duration) {
    let limited = seen.iter().filter(|r| r.status == 429).count();
    let boards: Vec<Instant> = seen
        .iter()
        .filter(|r| board_post(r) && r.status == 200)
        .map(|r| r.at)
        .collect();
    let span = match (boards.iter().min(), boards.iter().max()) {
        (Some(a), Some(b)) => b.duration_since(*a),
        _ => Duration::ZERO,
    };
    (limited, span)
}

// 120 moves typed at once, against Discord's 50 requests per second: the bot spreads
// its boards under the limit instead of drawing 429s (serenity's own limiter drew
// several per move at 60 moves per second). Every board is posted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_above_the_global_limit_is_spread_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = started(dir.path(), 120, "").await;
    fake.set_global_limit(50);
    let seen = burst(&fake, 120).await;
    let (limited, span) = limited_and_span(&seen);
    assert!(limited <= 1, "{limited} requests answered 429");
    assert_eq!(fake.globally_limited(), limited as u64);
    // 120 requests at under 50 a second take more than two seconds.
    assert!(span >= Duration::from_secs(2), "120 boards in {span:?}");
    let posts = seen.iter().filter(|r| board_post(r) && r.status == 200);
    assert_eq!(posts.count(), 120);
}

// A process connecting half of the bot's shards keeps to half of the bot's limit:
// `global_requests_per_second = 20` and `shards = "1-1/2"` (the test server's shard)
// against a Discord that takes 10 a second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_keeps_to_its_shards_part_of_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let extra = "global_requests_per_second = 20\nshards = \"1-1/2\"\n";
    let (fake, _bot) = started(dir.path(), 30, extra).await;
    assert_eq!(
        fake.shard_of(GUILD_ID),
        1,
        "the games' server is on shard 1"
    );
    fake.set_global_limit(10);
    let seen = burst(&fake, 30).await;
    let (limited, span) = limited_and_span(&seen);
    assert!(limited <= 1, "{limited} requests answered 429");
    // 30 requests at under 10 a second take more than two seconds.
    assert!(span >= Duration::from_secs(2), "30 boards in {span:?}");
}

// A global 429 on one channel's board holds the board of another channel too, until
// its `retry_after` (2 s) has passed: only the request that got it is sent again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_holds_every_request_until_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = started(dir.path(), 2, "").await;
    let first = format!("/channels/{}/messages", channel(0));
    fake.globally_limit_next("POST", &first, 1, 2.0);
    let mark = fake.mark();
    fake.chat(&player(0, 0), channel(0), "e4");
    let refused = fake
        .wait_for(mark, "the global 429", |r| r.status == 429)
        .await;
    fake.chat(&player(1, 0), channel(1), "d4");
    let second = format!("/channels/{}/messages", channel(1));
    let other = fake
        .wait_for(mark, "the other channel's board", |r| {
            r.path.ends_with(&second) && r.status == 200
        })
        .await;
    let resent = fake
        .wait_for(mark, "the first board, sent again", |r| {
            r.path.ends_with(&first) && r.status == 200
        })
        .await;
    let held = other.at.duration_since(refused.at);
    assert!(held >= Duration::from_millis(1950), "held only {held:?}");
    let waited = resent.at.duration_since(refused.at);
    assert!(
        waited >= Duration::from_millis(1950),
        "resent after {waited:?}"
    );
    // Nothing but the two boards reached Discord meanwhile, and one 429 in all.
    let seen = fake.settle(mark, Duration::from_millis(300)).await;
    let limited = seen.iter().filter(|r| r.status == 429).count();
    assert_eq!(limited, 1, "{seen:?}");
    let between = seen
        .iter()
        .filter(|r| r.at > refused.at && r.at < refused.at + Duration::from_millis(1950));
    assert_eq!(between.count(), 0);
}

// A channel's post bucket of one request per 2 s: the first board's answer says none
// remain, so the next move's board waits for the bucket's reset instead of drawing a
// 429.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spent_bucket_makes_the_next_request_wait_for_its_reset() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = started(dir.path(), 1, "").await;
    let posts = format!("/channels/{}/messages", channel(0));
    fake.set_route_limit("POST", &posts, 1, Duration::from_secs(2));
    let mark = fake.mark();
    fake.chat(&player(0, 0), channel(0), "e4");
    let first = fake.wait_for(mark, "the first board", board_post).await;
    assert_eq!(first.status, 200);
    let mark = fake.mark();
    fake.chat(&player(0, 1), channel(0), "e5");
    let second = fake.wait_for(mark, "the second board", board_post).await;
    assert_eq!(second.status, 200, "the second board drew a 429");
    assert_eq!(fake.route_limited(), 0);
    let waited = second.at.duration_since(first.at);
    assert!(
        waited >= Duration::from_millis(1900),
        "posted after {waited:?}"
    );
}
