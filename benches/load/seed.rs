//! The games, made before the processes start, through the service as `/challenge` and
//! its acceptance make them.

use crate::support::fake_discord::FakeUser;
use crate::world::{channel, guild, player, user};
use arcana::service::api::{ColorChoice, Context, Request};
use arcana::service::{Service, ServiceConfig};
use arcana::store::{Store, StoreUrl};
use arcana::variants::{Options, VariantId};
use std::collections::HashSet;
use std::sync::Arc;

/// Makes game `g` as `/challenge` (white challenges black, as White) and black's
/// `/accept` make it; its start replies are reported delivered (they would have been
/// posted long ago).
fn make(service: &Service, g: usize) {
    let (w, b) = (player(g, 0), player(g, 1));
    let ctx = |u: &FakeUser| Context {
        user: user(u),
        channel: channel(g),
        server: Some(guild(g)),
        key: None,
        lang: Default::default(),
        guild_locale: None,
    };
    let challenge = Request::Challenge {
        opponent: user(&b),
        variant: VariantId::Standard,
        color: ColorChoice::White,
        days: None,
        options: Options::new(),
        rated: true,
    };
    let mut replies = service.handle(&ctx(&w), challenge);
    replies.extend(service.handle(&ctx(&b), Request::Accept));
    let outbox: HashSet<u64> = replies.iter().filter_map(|r| r.outbox).collect();
    assert!(!outbox.is_empty(), "game {g} did not start: {replies:?}");
    for id in outbox {
        service.delivered(id);
    }
}

/// Makes `games` games from `threads` threads (each game its own commits, as people
/// make them; the threads only let PostgreSQL commit several at once).
pub fn seed(url: &str, games: usize, threads: usize) {
    let service = Arc::new(
        Service::open_url(
            &StoreUrl::Postgres(url.to_string()),
            ServiceConfig::default(),
        )
        .expect("open the service on the load test's database"),
    );
    let threads = threads.max(1);
    std::thread::scope(|s| {
        for t in 0..threads {
            let service = Arc::clone(&service);
            s.spawn(move || {
                for g in (t..games).step_by(threads) {
                    make(&service, g);
                }
            });
        }
    });
    service.flush().expect("flush the seeded store");
}

/// The stored game id of each game in `which` (for its web page's address).
pub fn game_ids(url: &str, which: &[usize]) -> Vec<u64> {
    let store = Store::open_at(&StoreUrl::Postgres(url.to_string())).expect("open the store");
    which
        .iter()
        .map(|&g| {
            store
                .active_game(channel(g))
                .expect("read the store")
                .expect("the game is being played")
        })
        .collect()
}
