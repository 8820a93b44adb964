//! Reminders leave the service as timed replies: the game's place gets the public
//! one, the player to move a direct message naming the place. Driven in-process
//! (`serve_with`) against the fake Discord with a scripted service whose clock ticks.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use crate::support;

use arcana::service::api::{Context, Reply, Request, TimedReply, User};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use support::bot::{Serving, ALICE, CHANNEL};
use support::fake_discord::FakeDiscord;

/// The first tick reminds alice, in the channel and by direct message.
#[derive(Default)]
struct Reminding {
    ticked: AtomicBool,
}

impl arcana::service::front::GameService for Reminding {
    fn handle(&self, _: &Context, _: Request) -> Vec<Reply> {
        vec![Reply::invoker("ok")]
    }
    fn tick(&self) -> Vec<TimedReply> {
        if self.ticked.swap(true, Ordering::SeqCst) {
            return Vec::new();
        }
        let alice = User {
            id: ALICE.id,
            name: ALICE.name.into(),
        };
        let mut public = Reply::channel("alice, 1 day left for your move against bob.");
        public.mention = vec![alice.clone()];
        vec![
            TimedReply {
                channel: CHANNEL,
                reply: public,
            },
            TimedReply {
                channel: CHANNEL,
                reply: Reply::private(alice, "Reminder: 1 day left for your move against bob."),
            },
        ]
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
    fn keep_private(&self, _: u64, _: &str) -> Result<(), String> {
        Err("this test keeps nothing".into())
    }
    fn take_private(&self, _: u64) -> Vec<String> {
        Vec::new()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_reaches_the_channel_and_the_player_by_dm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = Serving::spawn(
        &fake,
        &dir.path().join("data"),
        "reminder_check_seconds = 1\n",
        Arc::new(Reminding::default()),
    );
    let public = fake
        .wait_for(0, "the public reminder", |r| {
            r.method == "POST"
                && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
                && r.content().contains("1 day left")
        })
        .await;
    assert!(
        public.content().contains(&format!("<@{}>", ALICE.id)),
        "{public:?}"
    );
    let dm = fake
        .wait_for(0, "the reminder by DM", |r| {
            r.content().contains("Reminder: 1 day left")
        })
        .await;
    // It went to alice's own DM channel and names the game's place.
    let dm_channel: u64 = dm
        .path
        .split('/')
        .rev()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap();
    assert_ne!(dm_channel, CHANNEL);
    assert_eq!(fake.dm_recipient(dm_channel), Some(ALICE.id));
    assert!(dm.content().contains(&format!("<#{CHANNEL}>")), "{dm:?}");
    // Sent once each.
    let all = fake.settle(0, Duration::from_millis(1500)).await;
    let n = all
        .iter()
        .filter(|r| r.content().contains("1 day left"))
        .count();
    assert_eq!(n, 2, "{all:?}");
}
