//! A restart delivers what the last run stored but never sent (issue 12): a move
//! committed with its replies, then the process stopped before Discord saw them. The
//! bot posts them at start, reports them delivered, and a second start sends nothing.
//! The real service behind the bot (in-process `serve_with`), against the fake Discord.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod support;

use arcana::service::api::{ColorChoice, Context, Request, User};
use arcana::service::{Service, ServiceConfig};
use arcana::variants::{Options, VariantId};
use std::sync::Arc;
use std::time::Duration;
use support::bot::{Serving, CHANNEL};
use support::fake_discord::{FakeDiscord, GUILD_ID};

fn person(id: u64, name: &str) -> User {
    User {
        id,
        name: name.to_string(),
    }
}

fn ctx(user: &User, key: &str) -> Context {
    Context {
        user: user.clone(),
        channel: CHANNEL,
        server: Some(GUILD_ID),
        key: Some(key.to_string()),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_delivers_the_stored_replies_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let alice = person(100_000_000_000_000_001, "alice");
    let bob = person(100_000_000_000_000_002, "bob");
    {
        // The last run: a game, then alice's move is committed and the process stops
        // before anything reaches Discord.
        let s = Service::open(&data, ServiceConfig::default()).unwrap();
        s.handle(
            &ctx(&alice, "1"),
            Request::Challenge {
                opponent: bob.clone(),
                variant: VariantId::Standard,
                color: ColorChoice::White,
                days: Some(3),
                options: Options::new(),
                rated: true,
            },
        );
        s.handle(&ctx(&bob, "2"), Request::Accept);
        for p in s.outbox() {
            s.delivered(p.id);
        }
        let r = s.handle(&ctx(&alice, "3"), Request::Move { text: "e4".into() });
        assert!(r[0].outbox.is_some(), "{r:?}");
        assert_eq!(s.outbox().len(), 1);
        s.flush().unwrap();
    }

    let fake = FakeDiscord::start().await;
    let service = Arc::new(Service::open(&data, ServiceConfig::default()).unwrap());
    let stop = Serving::spawn(&fake, &data, "image_size = 256\n", service.clone());
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
    while !service.outbox().is_empty() {
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
    let _stop2 = Serving::spawn(&fake2, &data, "image_size = 256\n", service.clone());
    fake2.wait_identified(1).await;
    let second = fake2.settle(0, Duration::from_millis(800)).await;
    assert_eq!(posts(&second), 0, "{second:?}");
}
