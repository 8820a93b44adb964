//! The PostgreSQL change listener: one connection per store handle, started when the
//! handle's changes are first followed, that `LISTEN`s on [`PG_CHANNEL`] and tells the
//! handle's feed the game ids other commits (of this process or any other) notify. A
//! lost connection is opened again (waiting longer after each failure), and followers
//! are then told [`Changed::Unknown`]: what was notified meanwhile is lost.

use crate::store::feed::{Changed, Feed, PG_CHANNEL};
use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, NoTls};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often the listener looks whether its handle was dropped.
const WAKE: Duration = Duration::from_secs(1);
/// After this long without a notification, the connection is checked (a server gone
/// without closing it would otherwise leave the listener deaf).
const CHECK_AFTER: Duration = Duration::from_secs(30);
/// The wait before connecting again, doubled after each failure up to the last.
const RETRY: [Duration; 2] = [Duration::from_millis(200), Duration::from_secs(10)];

/// Starts the listener of `feed` on the database `config` names; it stops once `stop`
/// is set (the handle is dropped).
pub(super) fn start(config: postgres::Config, feed: Arc<Feed>, stop: Arc<AtomicBool>) {
    let spawned = std::thread::Builder::new()
        .name("arcana-pg-listen".to_string())
        .spawn(move || listen(&config, &feed, &stop));
    if let Err(e) = spawned {
        tracing::error!("store: cannot start the PostgreSQL change listener: {e}");
    }
}

fn listen(config: &postgres::Config, feed: &Feed, stop: &AtomicBool) {
    let mut retry = RETRY[0];
    while !stop.load(Ordering::SeqCst) {
        let connected = config.connect(NoTls).and_then(|mut client| {
            client.batch_execute(&format!("LISTEN {PG_CHANNEL}"))?;
            Ok(client)
        });
        match connected {
            Ok(mut client) => {
                retry = RETRY[0];
                // Whatever was committed before LISTEN took effect was not heard.
                feed.tell(Changed::Unknown);
                if let Err(e) = hear(&mut client, feed, stop) {
                    tracing::warn!("store: the PostgreSQL change listener lost its connection ({e}); listening again");
                }
            }
            Err(e) => {
                tracing::warn!("store: the PostgreSQL change listener cannot connect ({e}); trying again in {retry:?}");
                pause(retry, stop);
                retry = (retry * 2).min(RETRY[1]);
            }
        }
    }
}

/// Sleeps `d`, or less once `stop` is set.
fn pause(d: Duration, stop: &AtomicBool) {
    let until = std::time::Instant::now() + d;
    while !stop.load(Ordering::SeqCst) {
        let left = until.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            return;
        }
        std::thread::sleep(left.min(WAKE));
    }
}

/// Tells the feed every notification until `stop` is set (`Ok`) or the connection
/// fails.
fn hear(client: &mut Client, feed: &Feed, stop: &AtomicBool) -> Result<(), postgres::Error> {
    let mut quiet = Duration::ZERO;
    while !stop.load(Ordering::SeqCst) {
        let mut heard = false;
        {
            let mut notifications = client.notifications();
            let mut waiting = notifications.timeout_iter(WAKE);
            // One notification after another; `None` once WAKE passed without any.
            while let Some(n) = waiting.next()? {
                heard = true;
                feed.tell(match n.payload().parse() {
                    Ok(id) => Changed::Game(id),
                    Err(_) => Changed::Unknown,
                });
            }
        }
        quiet = if heard { Duration::ZERO } else { quiet + WAKE };
        if client.is_closed() || quiet >= CHECK_AFTER {
            client.simple_query("")?;
            quiet = Duration::ZERO;
        }
    }
    Ok(())
}
