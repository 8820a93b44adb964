//! Issue 24, operations: `arcana run` with `[ops] listen` serves `/healthz` and
//! `/metrics` (Prometheus text format) while it plays, against the fake Discord.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;
use support::bot::free_port;

use serde_json::json;
use std::time::Duration;
use support::bot::{accepted_in_thread, Bot, ALICE, BOB, CHANNEL};
use support::fake_discord::FakeDiscord;

async fn get(url: &str) -> (u16, String) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        match reqwest::get(url).await {
            Ok(r) => {
                let status = r.status().as_u16();
                return (status, r.text().await.unwrap());
            }
            Err(e) => {
                assert!(tokio::time::Instant::now() < deadline, "{url}: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// The value of the first sample of `name` (with `labels` in its label set, if any).
fn sample(text: &str, name: &str, labels: &str) -> Option<f64> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find(|l| l.starts_with(name) && l.contains(labels))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_while_playing() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let extra = format!("image_size = 128\n[ops]\nlisten = \"127.0.0.1:{port}\"\n");
    let _bot = Bot::start(&fake, &dir.path().join("data"), &extra).await;
    let base = format!("http://127.0.0.1:{port}");

    // Connected: healthy.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let (status, text) = loop {
        let (status, text) = get(&format!("{base}/healthz")).await;
        if status == 200 || tokio::time::Instant::now() > deadline {
            break (status, text);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(status, 200, "{text}");
    assert!(text.starts_with("ok: 1 shard(s) connected"), "{text}");

    // A game and two moves.
    let thread = accepted_in_thread(&fake, CHANNEL).await;
    fake.settle(0, Duration::from_millis(300)).await;
    for (who, text) in [(&ALICE, "e4"), (&BOB, "e5")] {
        let mark = fake.mark();
        fake.chat(who, thread, text);
        fake.wait_for(mark, text, |r| {
            r.path.ends_with(&format!("/channels/{thread}/messages")) && !r.files.is_empty()
        })
        .await;
    }
    fake.settle(0, Duration::from_millis(500)).await;

    let (status, text) = get(&format!("{base}/metrics")).await;
    assert_eq!(status, 200);
    assert_eq!(sample(&text, "arcana_moves_total", ""), Some(2.0), "{text}");
    assert_eq!(
        sample(&text, "arcana_gateway_shard_connected", "shard=\"0\""),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        sample(&text, "arcana_outbox_in_flight", ""),
        Some(0.0),
        "{text}"
    );
    assert!(
        sample(&text, "arcana_outbox_delivered_total", "").is_some_and(|n| n >= 3.0),
        "the start and two moves were delivered: {text}"
    );
    assert!(
        text.contains("arcana_service_call_seconds"),
        "service call latency: {text}"
    );

    // Discord gone: the shard is no longer connected, and health says so.
    fake.set_gateway(support::fake_discord::GatewayMode::Down);
    fake.drop_connection();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (status, text) = get(&format!("{base}/healthz")).await;
        if status == 503 {
            assert!(text.contains("shard 0"), "{text}");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never unhealthy: {status} {text}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

// Issue 24: behind a plain-HTTP `api_base` (a proxy; serenity's own rate limiter off) a
// 429 is waited out for the `retry_after` Discord sent (2 s here), not a fixed pause.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_proxys_429_waits_its_retry_after() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let text = format!(
        "token = \"fake-token\"\nserver_id = {}\ndata_dir = \"{}\"\n{}api_base = \"{}\"\nimage_size = 128\n",
        support::fake_discord::GUILD_ID,
        data.display(),
        support::backend::config_line(&data),
        fake.base()
    );
    let _bot = Bot::start_with(&fake, &data, &text).await;
    let mark = fake.mark();
    let iid = fake.slash(
        &ALICE,
        CHANNEL,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("color", 3, json!("white")),
        ],
        &[&BOB],
    );
    fake.wait_for(mark, "the challenge", |r| r.answers(iid))
        .await;
    fake.settle(mark, Duration::from_millis(300)).await;
    // The game's first board in its thread is rate limited once.
    fake.rate_limit_next("POST", "/messages", 1, 2.0);
    let mark = fake.mark();
    fake.slash(&BOB, CHANNEL, "accept", &[], &[]);
    let board = fake
        .wait_for(mark, "the first board, sent again", |r| {
            r.method == "POST" && r.path.ends_with("/messages") && r.status == 200
        })
        .await;
    let limited = fake
        .requests()
        .into_iter()
        .skip(mark)
        .find(|r| r.status == 429)
        .expect("the 429");
    assert_eq!(limited.path, board.path);
    let waited = board.at.duration_since(limited.at);
    assert!(
        waited >= Duration::from_millis(1950),
        "sent again after {waited:?}, before the 2 s retry_after"
    );
}
