//! Live updates: one poller per watched game reads its record's version from the store
//! (so a change by any process sharing it is seen) and wakes that game's event streams.
//! A poller stops when its game has no watcher left.

use super::{lock, POLL};
use crate::store::Store;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::Stream;
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// Event streams open at once, over all games and clients; past it a new one is
/// refused (the page still works, without live updates).
pub(super) const MAX_STREAMS: usize = 20_000;

/// The version last seen of every watched game, one sender per game.
#[derive(Default)]
pub(super) struct Watchers {
    games: Arc<Mutex<HashMap<u64, watch::Sender<u64>>>>,
    open: Arc<AtomicUsize>,
    /// Streams open by client address (behind a trusted proxy its connections are not
    /// capped by address: this is).
    by_client: ByClient,
}

/// Streams open by client address.
type ByClient = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One open stream, counted in all and for its client until it is dropped.
struct Counted {
    open: Arc<AtomicUsize>,
    client: Option<(ByClient, IpAddr)>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::SeqCst);
        if let Some((by_client, ip)) = &self.client {
            let mut by_client = lock(by_client);
            if let Some(n) = by_client.get_mut(ip) {
                *n -= 1;
                if *n == 0 {
                    by_client.remove(ip);
                }
            }
        }
    }
}

impl Watchers {
    /// A receiver of `game`'s versions, starting its poller if it has none.
    fn watch(&self, store: &Store, game: u64) -> watch::Receiver<u64> {
        let mut games = lock(&self.games);
        if let Some(tx) = games.get(&game) {
            return tx.subscribe();
        }
        let (tx, rx) = watch::channel(0);
        games.insert(game, tx.clone());
        let games = Arc::clone(&self.games);
        let store = store.share();
        tokio::spawn(poll(games, store, game, tx));
        rx
    }
}

impl Watchers {
    /// One more stream, for `client` (its address and how many it may have open); `None`
    /// when that is one too many.
    fn count(&self, client: Option<(IpAddr, usize)>) -> Option<Counted> {
        if self.open.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
            self.open.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        let mut counted = Counted {
            open: Arc::clone(&self.open),
            client: None,
        };
        if let Some((ip, per_client)) = client {
            let mut by_client = lock(&self.by_client);
            let n = by_client.entry(ip).or_insert(0);
            if *n >= per_client {
                return None;
            }
            *n += 1;
            counted.client = Some((Arc::clone(&self.by_client), ip));
        }
        Some(counted)
    }
}

/// Reads `game`'s version every [`POLL`] while anyone watches it.
async fn poll(
    games: Arc<Mutex<HashMap<u64, watch::Sender<u64>>>>,
    store: Store,
    game: u64,
    tx: watch::Sender<u64>,
) {
    let store = Arc::new(store);
    let mut first = true;
    loop {
        if !first {
            tokio::time::sleep(POLL).await;
        }
        first = false;
        {
            let mut map = lock(&games);
            if tx.receiver_count() == 0 {
                map.remove(&game);
                return;
            }
        }
        let reader = Arc::clone(&store);
        let read = tokio::task::spawn_blocking(move || {
            reader.game_versioned(game).map(|g| g.map(|(_, v)| v))
        })
        .await;
        match read {
            Ok(Ok(Some(version))) => {
                tx.send_if_modified(|seen| {
                    let changed = *seen != version;
                    *seen = version;
                    changed
                });
            }
            Ok(Ok(None)) => {}
            Ok(Err(e)) => tracing::warn!("web: watching game {game}: {e}"),
            Err(e) => tracing::warn!("web: watching game {game}: {e}"),
        }
    }
}

/// The event stream of `game`: a `version` event with the game's record version when
/// the stream opens (once known) and whenever it changes; the page fetches itself again
/// when that is not the version it was built from. A comment now and then keeps the
/// stream open.
/// `None` when [`MAX_STREAMS`] are open, or `per_client` for `client`.
pub(super) fn stream(
    watchers: &Watchers,
    store: &Store,
    game: u64,
    client: Option<(IpAddr, usize)>,
) -> Option<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let counted = watchers.count(client)?;
    let rx = watchers.watch(store, game);
    let start = (rx, true, counted);
    let events = futures_util::stream::unfold(start, |(mut rx, first, counted)| async move {
        let known = *rx.borrow_and_update();
        if !(first && known != 0) {
            rx.changed().await.ok()?;
        }
        let version = *rx.borrow_and_update();
        Some((
            Ok(Event::default().event("version").data(version.to_string())),
            (rx, false, counted),
        ))
    });
    Some(Sse::new(events).keep_alive(KeepAlive::default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn streams_are_counted_and_capped() {
        let store = Store::temporary().expect("store");
        let watchers = Watchers::default();
        let mut open: Vec<_> = (0..MAX_STREAMS)
            .map(|_| stream(&watchers, &store, 1, None).expect("a stream"))
            .collect();
        assert!(stream(&watchers, &store, 2, None).is_none(), "one too many");
        open.pop();
        assert!(
            stream(&watchers, &store, 2, None).is_some(),
            "a place came free"
        );
        assert_eq!(watchers.open.load(Ordering::SeqCst), MAX_STREAMS - 1);
    }

    #[tokio::test]
    async fn streams_are_capped_by_client() {
        let store = Store::temporary().expect("store");
        let watchers = Watchers::default();
        let (one, two): (IpAddr, IpAddr) = ([192, 0, 2, 1].into(), [192, 0, 2, 2].into());
        let mut open: Vec<_> = (0..3)
            .map(|_| stream(&watchers, &store, 1, Some((one, 3))).expect("a stream"))
            .collect();
        assert!(
            stream(&watchers, &store, 1, Some((one, 3))).is_none(),
            "a fourth"
        );
        assert!(
            stream(&watchers, &store, 1, Some((two, 3))).is_some(),
            "another's"
        );
        open.pop();
        assert!(
            stream(&watchers, &store, 1, Some((one, 3))).is_some(),
            "freed"
        );
        drop(open);
        assert_eq!(lock(&watchers.by_client).get(&one), None, "forgotten");
        assert_eq!(watchers.open.load(Ordering::SeqCst), 0);
    }
}
