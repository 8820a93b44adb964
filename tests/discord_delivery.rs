//! Delivery that never lies: replayed gateway events send nothing twice, a reply that
//! could not be shown is not followed by a false "Sent you a direct message.", and
//! private texts kept for a player survive a failed attempt to show them. Driven
//! in-process (`serve_with`) against the fake Discord with a scripted service.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod support;

use arcana::service::api::{Context, Reply, Request, TimedReply, User};
use std::sync::Arc;
use std::time::Duration;
use support::fake_discord::{FakeDiscord, FakeUser, Recorded, GUILD_ID};

const ALICE: FakeUser = FakeUser {
    id: 100_000_000_000_000_001,
    name: "alice",
};
const BOB: FakeUser = FakeUser {
    id: 100_000_000_000_000_002,
    name: "bob",
};
const CHANNEL: u64 = 200_000_000_000_000_001;

/// Every move is shown in the channel and sends each player a secret by DM; any other
/// request answers the invoker alone.
struct Scripted;

impl arcana::service::front::GameService for Scripted {
    fn handle(&self, ctx: &Context, request: Request) -> Vec<Reply> {
        let user = |u: &FakeUser| User {
            id: u.id,
            name: u.name.into(),
        };
        match request {
            Request::Move { text } => vec![
                Reply::channel(format!("{} played {text}", ctx.user.name)),
                Reply::private(user(&ALICE), "SECRET-A"),
                Reply::private(user(&BOB), "SECRET-B"),
            ],
            Request::Hand => vec![Reply::private(user(&ALICE), "HAND-A")],
            _ => vec![Reply::invoker("the board")],
        }
    }
    fn tick(&self) -> Vec<TimedReply> {
        Vec::new()
    }
    fn asks(&self, _: u64, _: u64) -> bool {
        true
    }
    fn autocomplete(&self, _: u64, _: u64, _: &str) -> Vec<String> {
        Vec::new()
    }
    fn flush(&self) -> Result<(), String> {
        Ok(())
    }
}

async fn start(fake: &FakeDiscord, dir: &std::path::Path) -> tokio::sync::oneshot::Sender<()> {
    let config = arcana::discord::config::Config::parse(
        &format!(
            "token = \"t\"\nserver_id = {GUILD_ID}\ndata_dir = \"{}\"\napi_base = \"{}\"\n",
            dir.join("data").display(),
            fake.base()
        ),
        None,
    )
    .unwrap();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(arcana::discord::serve_with(
        config,
        Arc::new(Scripted),
        async move {
            let _ = stop_rx.await;
        },
    ));
    fake.wait_identified(1).await;
    stop_tx
}

fn count(rs: &[Recorded], needle: &str) -> usize {
    rs.iter().filter(|r| r.content().contains(needle)).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replayed_interactions_and_messages_send_nothing_twice() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _stop = start(&fake, dir.path()).await;

    let mark = fake.mark();
    let iid = fake.slash(
        &ALICE,
        CHANNEL,
        "move",
        &[("text", 3, serde_json::json!("e4"))],
        &[],
    );
    fake.wait_for(mark, "the move's answer", |r| r.answers(iid))
        .await;
    let first = fake.settle(mark, Duration::from_millis(400)).await;
    assert_eq!(count(&first, "alice played e4"), 1);
    assert_eq!(count(&first, "SECRET-A"), 1);
    assert_eq!(count(&first, "SECRET-B"), 1);

    // The gateway replays the same interaction (a resumed session).
    let mark = fake.mark();
    fake.slash_with_id(
        iid,
        &ALICE,
        CHANNEL,
        "move",
        &[("text", 3, serde_json::json!("e4"))],
        &[],
    );
    let again = fake.settle(mark, Duration::from_millis(600)).await;
    assert!(again.is_empty(), "a replayed interaction sent: {again:?}");

    // A chat move, then the same message replayed.
    let mid = fake.new_id();
    let mark = fake.mark();
    fake.chat_with_id(mid, &BOB, CHANNEL, "e5");
    fake.wait_for(mark, "bob's move", |r| {
        r.content().contains("bob played e5")
    })
    .await;
    let first = fake.settle(mark, Duration::from_millis(400)).await;
    assert_eq!(count(&first, "SECRET-A"), 1);
    let mark = fake.mark();
    fake.chat_with_id(mid, &BOB, CHANNEL, "e5");
    let again = fake.settle(mark, Duration::from_millis(600)).await;
    assert!(again.is_empty(), "a replayed message sent: {again:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_reply_is_not_followed_by_a_false_dm_notice() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _stop = start(&fake, dir.path()).await;

    // The interaction's token is dead: the invoker-only reply cannot be shown.
    let iid = fake.new_id();
    fake.expire_interaction(iid);
    let mark = fake.mark();
    fake.slash_with_id(iid, &ALICE, CHANNEL, "board", &[], &[]);
    fake.wait_for(mark, "the attempted answer", |r| r.answers(iid))
        .await;
    let after = fake.settle(mark, Duration::from_millis(500)).await;
    assert_eq!(count(&after, "Sent you a direct message"), 0, "{after:?}");

    // When the reply really went by DM, the notice is true and is given.
    let mark = fake.mark();
    let iid = fake.slash(&ALICE, CHANNEL, "hand", &[], &[]);
    fake.wait_for(mark, "the notice", |r| {
        r.answers(iid) && r.content().contains("Sent you a direct message")
    })
    .await;
    let after = fake.settle(mark, Duration::from_millis(300)).await;
    assert_eq!(count(&after, "HAND-A"), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kept_private_texts_survive_a_failed_attempt_to_show_them() {
    let fake = FakeDiscord::start().await;
    fake.close_dms(BOB.id);
    let dir = tempfile::tempdir().unwrap();
    let _stop = start(&fake, dir.path()).await;

    // alice moves: bob's secret cannot go by DM and is kept for him.
    let mark = fake.mark();
    let iid = fake.slash(
        &ALICE,
        CHANNEL,
        "move",
        &[("text", 3, serde_json::json!("e4"))],
        &[],
    );
    fake.wait_for(mark, "the notice to bob", |r| {
        r.answers(iid) && r.content().contains("could not send you a direct message")
    })
    .await;
    fake.settle(mark, Duration::from_millis(300)).await;

    // bob's next command cannot be answered at all (expired token): the kept text must
    // not be lost with it.
    let dead = fake.new_id();
    fake.expire_interaction(dead);
    let mark = fake.mark();
    fake.slash_with_id(dead, &BOB, CHANNEL, "board", &[], &[]);
    fake.wait_for(mark, "the attempted answer", |r| r.answers(dead))
        .await;
    fake.settle(mark, Duration::from_millis(400)).await;

    // The one after shows it, privately.
    let mark = fake.mark();
    let iid = fake.slash(&BOB, CHANNEL, "board", &[], &[]);
    let shown = fake
        .wait_for(mark, "the kept secret", |r| {
            r.answers(iid) && r.content().contains("SECRET-B")
        })
        .await;
    assert!(shown.is_ephemeral(), "{:?}", shown.json);
}
