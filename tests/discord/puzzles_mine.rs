//! `/puzzle mine` end to end against the fake Discord (issue 51), on the backend under
//! test: before any review, one private line saying to review a game first; `/review`
//! of a finished game where White gives its queen away; then `/puzzle list:mine` shows
//! White's player, privately and with the board, the position before the mistake, and
//! the engine's answer solves it; another player asking for it by id is told it does
//! not exist.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::api::{ColorChoice, Context, Request, User};
use arcana::service::clock::ManualClock;
use arcana::service::front::GameService;
use arcana::service::{Service, ServiceConfig};
use arcana::store::Store;
use arcana::variants::{Options, VariantId};
use serde_json::json;
use std::sync::Arc;
use support::bot::{all_text, pngs, slash_in, Serving, ALICE, BOB, CHANNEL};
use support::fake_discord::{FakeDiscord, FakeUser, Recorded, GUILD_ID};

const START_MS: u64 = 1_700_000_000_000;
const EXTRA: &str = "image_size = 128\n";

fn at(u: &FakeUser) -> Context {
    Context {
        user: User {
            id: u.id,
            name: u.name.to_string(),
        },
        channel: CHANNEL,
        server: Some(GUILD_ID),
        key: None,
        lang: Default::default(),
        guild_locale: None,
    }
}

/// Runs `f` off the async runtime: the PostgreSQL client blocks on a runtime of its own.
fn off<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap())
}

/// Everything answering is private to the one who asked.
fn private(rs: &[Recorded]) {
    assert!(!rs.is_empty());
    for r in rs {
        assert!(r.is_ephemeral(), "a public answer: {r:?}");
    }
}

/// A service whose channel holds a finished game: 1.e4 e5 2.Qh5 Nc6 3.Qxe5+?? Nxe5,
/// White (alice) resigned.
fn finished_blunder(data: &std::path::Path, clock: Arc<ManualClock>) -> Arc<Service> {
    let store = Store::open_at(&support::backend::url(data)).unwrap();
    let config = ServiceConfig {
        seed: Some(3),
        ..ServiceConfig::default()
    };
    let s = Service::new(store, clock, config).unwrap();
    s.handle(
        &at(&ALICE),
        Request::Challenge {
            opponent: User {
                id: BOB.id,
                name: BOB.name.to_string(),
            },
            variant: VariantId::Standard,
            color: ColorChoice::White,
            days: Some(3),
            options: Options::new(),
            rated: false,
        },
    );
    s.handle(&at(&BOB), Request::Accept);
    for (i, m) in ["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"]
        .iter()
        .enumerate()
    {
        let who = if i % 2 == 0 { &ALICE } else { &BOB };
        s.handle(
            &at(who),
            Request::Move {
                text: m.to_string(),
            },
        );
    }
    s.handle(&at(&ALICE), Request::Resign);
    for p in s.outbox() {
        s.delivered(p.id);
    }
    Arc::new(s)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_then_puzzle_mine_privately() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let clock = Arc::new(ManualClock::new(START_MS));
    let service = off(|| finished_blunder(&data, clock.clone()));
    let fake = FakeDiscord::start().await;
    let _serving =
        Serving::start(&fake, &data, EXTRA, service.clone() as Arc<dyn GameService>).await;
    let list = ("list", 3, json!("mine"));

    // Nothing reviewed yet: one private line.
    let rs = slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "puzzle",
        std::slice::from_ref(&list),
        &[],
    )
    .await;
    private(&rs);
    let text = all_text(&rs);
    assert!(
        text.contains("review a finished game") && !text.contains('\n'),
        "{text}"
    );

    // `/review`: the note, then the review as a follow-up.
    let id = off({
        let svc = service.clone();
        move || svc.store().last_game(CHANNEL).unwrap().unwrap()
    });
    let mark = fake.mark();
    slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "review",
        &[("game", 4, json!(id))],
        &[],
    )
    .await;
    fake.wait_for(mark, "the review", |r| {
        r.content().contains("Review of game")
    })
    .await;

    // Alice's own puzzle: privately, with the board, from before her mistake.
    let rs = slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "puzzle",
        std::slice::from_ref(&list),
        &[],
    )
    .await;
    private(&rs);
    let text = all_text(&rs);
    assert!(
        text.contains("Your own puzzle") && text.contains("You played Qxe5+ here"),
        "{text}"
    );
    assert_eq!(pngs(&rs), 1, "the board");
    let own = off({
        let svc = service.clone();
        move || svc.store().own_puzzles(ALICE.id).unwrap()
    });
    let p = own
        .iter()
        .find(|p| p.played.as_deref() == Some("Qxe5+"))
        .expect("alice's own puzzle");
    assert!(text.contains(&p.id), "{text}");
    let rs = slash_in(
        &fake,
        &ALICE,
        CHANNEL,
        "puzzle",
        &[("answer", 3, json!(p.line[0]))],
        &[],
    )
    .await;
    private(&rs);
    let text = all_text(&rs);
    assert!(
        text.contains("Solved") && text.contains("Not rated"),
        "{text}"
    );

    // Bob asking for it by id: it does not exist.
    let rs = slash_in(
        &fake,
        &BOB,
        CHANNEL,
        "puzzle",
        &[("id", 3, json!(p.id))],
        &[],
    )
    .await;
    private(&rs);
    assert!(all_text(&rs).contains("There is no puzzle"), "{rs:?}");
}
