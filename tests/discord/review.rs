//! `/review` end to end against the fake Discord (issue 27): refused in one private
//! line while the game runs; on a finished game a progress note first, then the review
//! as a follow-up with the graph and the annotated record attached; a second `/review`
//! answered at once from the store.

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
use support::bot::{slash_in, Serving, ALICE, BOB, CAROL, CHANNEL};
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

fn texts(rs: &[Recorded]) -> String {
    rs.iter()
        .map(|r| r.content())
        .filter(|c| !c.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_answers_with_a_note_then_the_graph_and_record_then_from_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let clock = Arc::new(ManualClock::new(START_MS));
    let service = off(|| {
        let store = Store::open_at(&support::backend::url(&data)).unwrap();
        let s = Service::new(
            store,
            clock.clone(),
            ServiceConfig {
                seed: Some(3),
                ..ServiceConfig::default()
            },
        )
        .unwrap();
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
        for p in s.outbox() {
            s.delivered(p.id);
        }
        Arc::new(s)
    });
    let fake = FakeDiscord::start().await;
    let _serving =
        Serving::start(&fake, &data, EXTRA, service.clone() as Arc<dyn GameService>).await;
    // While the game runs: one private line.
    let rs = slash_in(&fake, &CAROL, CHANNEL, "review", &[], &[]).await;
    let text = texts(&rs);
    assert!(text.contains("still being played"), "{rs:?}");
    assert!(!text.contains('\n'), "{text}");
    assert!(rs.iter().all(|r| r.files.is_empty()));
    let svc = service.clone();
    off(move || svc.handle(&at(&ALICE), Request::Resign));
    let id = off({
        let svc = service.clone();
        move || svc.store().last_game(CHANNEL).unwrap().unwrap()
    });
    // Finished: the note at once, then the review as a follow-up.
    let mark = fake.mark();
    let rs = slash_in(
        &fake,
        &CAROL,
        CHANNEL,
        "review",
        &[("game", 4, json!(id))],
        &[],
    )
    .await;
    assert!(texts(&rs).contains("Reviewing game"), "{rs:?}");
    let review = fake
        .wait_for(mark, "the review", |r| {
            r.content().contains("Review of game")
        })
        .await;
    assert!(review.is_ephemeral(), "{review:?}");
    assert!(review.content().contains("Qxe5+??"), "{}", review.content());
    let names: Vec<&str> = review.files.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.iter().any(|n| n.ends_with(".png")), "{names:?}");
    assert!(
        names.iter().any(|n| n.ends_with("-review.pgn")),
        "{names:?}"
    );
    let pgn = review
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".pgn"))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .unwrap();
    assert!(pgn.contains("Qxe5+??"), "{pgn}");
    // Again: from the store, with no note.
    let rs = slash_in(
        &fake,
        &BOB,
        CHANNEL,
        "review",
        &[("game", 4, json!(id))],
        &[],
    )
    .await;
    let text = texts(&rs);
    assert!(text.contains("Review of game"), "{rs:?}");
    assert!(!text.contains("Reviewing game"), "{text}");
    assert!(rs.iter().any(|r| r.files.len() == 2), "{rs:?}");
}
