//! Start, stop and the edges of the guild: the real `arcana run` binary against a fake
//! Discord on 127.0.0.1 that closes the gateway with Discord's close codes, is
//! unreachable, or delivers interactions from a direct message.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};
use support::bot::ALICE;
use support::fake_discord::{FakeDiscord, GatewayMode, WAIT};

/// Starts `arcana run` against the fake, its standard error captured.
fn start(fake: &FakeDiscord, dir: &Path) -> Child {
    support::bot::command(fake, &dir.join("data"), "")
        .env("RUST_LOG", "off")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the bot")
}

/// Waits (bounded by `limit`) for the process to end; returns its status and stderr.
fn wait_exit(mut child: Child, limit: Duration) -> (ExitStatus, String) {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                use std::io::Read;
                let _ = e.read_to_string(&mut err);
            }
            return (status, err);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the bot was still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

async fn wait_attempt(fake: &FakeDiscord) {
    let deadline = Instant::now() + WAIT;
    while fake.gateway_attempts() == 0 {
        assert!(Instant::now() < deadline, "the bot never tried the gateway");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn close_4014_names_the_portal_toggle_and_the_way_around_it() {
    let fake = FakeDiscord::start().await;
    fake.set_gateway(GatewayMode::CloseOnIdentify(4014));
    let dir = tempfile::tempdir().unwrap();
    let child = start(&fake, dir.path());
    let (status, err) = tokio::task::spawn_blocking(move || wait_exit(child, WAIT))
        .await
        .unwrap();
    assert!(!status.success(), "exit {status:?}: {err}");
    assert!(err.contains("Message Content Intent"), "{err}");
    assert!(err.contains("message_content = false"), "{err}");
    assert!(err.contains("4014"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn close_4004_says_the_token_was_refused_and_where_to_get_one() {
    let fake = FakeDiscord::start().await;
    fake.set_gateway(GatewayMode::CloseOnIdentify(4004));
    let dir = tempfile::tempdir().unwrap();
    let child = start(&fake, dir.path());
    let (status, err) = tokio::task::spawn_blocking(move || wait_exit(child, WAIT))
        .await
        .unwrap();
    assert!(!status.success(), "exit {status:?}: {err}");
    assert!(err.contains("refused the bot token"), "{err}");
    assert!(err.contains("Reset Token"), "{err}");
    assert!(!err.contains("Message Content"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_while_discord_is_unreachable() {
    let fake = FakeDiscord::start().await;
    fake.set_gateway(GatewayMode::Down);
    let dir = tempfile::tempdir().unwrap();
    let child = start(&fake, dir.path());
    wait_attempt(&fake).await;
    let pid = child.id().to_string();
    Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    // The bot promises to stop within 5 s; a generous bound keeps a loaded CI green
    // while still failing the old behaviour (retrying for ever).
    let (status, err) =
        tokio::task::spawn_blocking(move || wait_exit(child, Duration::from_secs(15)))
            .await
            .unwrap();
    assert!(status.success(), "exit {status:?}: {err}");
    // The store was opened and closed cleanly: it reopens.
    let url = support::backend::url(&dir.path().join("data"));
    tokio::task::block_in_place(|| drop(arcana::store::Store::open_at(&url).unwrap()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_everywhere_and_server_ones_refused_politely_in_a_dm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let child = start(&fake, dir.path());
    fake.wait_identified(1).await;
    let reg = fake
        .wait_for(0, "command registration", |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
    let cmds = reg.json.as_array().unwrap();
    assert!(cmds.len() >= 10);
    // Issue 50: for both installs, in servers, the DM with the bot and group chats.
    for c in cmds {
        assert_eq!(c["contexts"], serde_json::json!([0, 1, 2]), "{}", c["name"]);
        assert_eq!(
            c["integration_types"],
            serde_json::json!([0, 1]),
            "{}",
            c["name"]
        );
    }

    // What needs a server says why, privately, in a DM.
    let dm_channel = fake.new_id();
    let mark = fake.mark();
    let iid = fake.slash_in_dm(&ALICE, dm_channel, "games");
    let answer = fake
        .wait_for(mark, "the answer to the DM command", |r| r.answers(iid))
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.json);
    // alice's Discord speaks English.
    let refusal = arcana::i18n::tr(arcana::i18n::Lang::En, "dms-needs-server-games");
    assert_eq!(answer.content(), refusal);
    let after = fake.settle(mark, Duration::from_millis(300)).await;
    assert!(
        after
            .iter()
            .all(|r| r.answers(iid) && r.content() == refusal),
        "the DM command did more than refuse: {after:?}"
    );

    let pid = child.id().to_string();
    Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    let (status, err) = tokio::task::spawn_blocking(move || wait_exit(child, WAIT))
        .await
        .unwrap();
    assert!(status.success(), "exit {status:?}: {err}");
}
