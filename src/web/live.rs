//! Live updates: a watched game's event streams are woken when its record's version
//! changes. One task per web server follows the store's change feed (`Store::changes`:
//! on PostgreSQL the commits of every process sharing it), reads the version alone of
//! the watched games it names, and reads every watched game's version again each
//! [`RECHECK`] in case a change was missed. Nothing is read while nothing changes.
//! A page follows a game over server-sent events ([`stream`]) or a WebSocket
//! (`socket.rs`); both are one [`Following`], counted and capped together.

use super::{lock, RECHECK};
use crate::store::{Changed, Changes, Store};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::Stream;
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use tokio::sync::{broadcast, watch};

/// Event streams and WebSockets open at once, over all games and clients; past it a new
/// one is refused (the page still works, without live updates).
pub(super) const MAX_STREAMS: usize = 20_000;

/// The version last seen of every watched game, one sender per game.
type Games = Arc<Mutex<HashMap<u64, watch::Sender<u64>>>>;

/// The watched games and their streams.
#[derive(Default)]
pub(super) struct Watchers {
    games: Games,
    open: Arc<AtomicUsize>,
    /// Streams open by client address (behind a trusted proxy its connections are not
    /// capped by address: this is).
    by_client: ByClient,
    /// The store the versions are read from, once the follower task runs.
    follower: OnceLock<Arc<Store>>,
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

/// A stream's hold on its game: the game is forgotten when its last stream ends.
/// Dropped after the stream's receiver (it comes after it in the stream's state).
struct Watching {
    games: Games,
    game: u64,
}

impl Drop for Watching {
    fn drop(&mut self) {
        let mut games = lock(&self.games);
        if games
            .get(&self.game)
            .is_some_and(|tx| tx.receiver_count() == 0)
        {
            games.remove(&self.game);
        }
    }
}

impl Watchers {
    /// A receiver of `game`'s versions; a game watched anew has its version read once
    /// (the first stream's opening event), the follower started with the first.
    fn watch(&self, store: &Store, game: u64) -> (watch::Receiver<u64>, Watching) {
        let watching = Watching {
            games: Arc::clone(&self.games),
            game,
        };
        let mut games = lock(&self.games);
        if let Some(tx) = games.get(&game) {
            return (tx.subscribe(), watching);
        }
        let (tx, rx) = watch::channel(0);
        games.insert(game, tx);
        drop(games);
        let store = self.follower.get_or_init(|| {
            let store = Arc::new(store.share());
            let changes = store.changes();
            tokio::spawn(follow(
                Arc::downgrade(&self.games),
                Arc::clone(&store),
                changes,
            ));
            store
        });
        tokio::spawn(read(
            Arc::clone(&self.games),
            Arc::clone(store),
            Some(vec![game]),
        ));
        (rx, watching)
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

/// Follows the store's changes while the web server lives: the watched games among
/// those changed have their versions read (all of them when changes may have been
/// missed, and each [`RECHECK`]).
async fn follow(
    games: Weak<Mutex<HashMap<u64, watch::Sender<u64>>>>,
    store: Arc<Store>,
    changes: Changes,
) {
    let mut changes = Some(changes);
    let mut recheck = tokio::time::interval_at(tokio::time::Instant::now() + RECHECK, RECHECK);
    recheck.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let changed = tokio::select! {
            changed = next_changes(&mut changes) => changed,
            _ = recheck.tick() => None,
        };
        let Some(games) = games.upgrade() else {
            return;
        };
        read(games, Arc::clone(&store), changed).await;
    }
}

/// The games named by the changes waiting (at least one), each once; `None`: every
/// game (changes were missed). Without a feed (it closed) it waits for ever.
async fn next_changes(changes: &mut Option<Changes>) -> Option<Vec<u64>> {
    let Some(rx) = changes else {
        return std::future::pending().await;
    };
    let mut ids = Vec::new();
    use broadcast::error::{RecvError, TryRecvError};
    let mut got = rx.recv().await.map_err(|e| match e {
        RecvError::Closed => TryRecvError::Closed,
        RecvError::Lagged(n) => TryRecvError::Lagged(n),
    });
    loop {
        match got {
            Ok(Changed::Game(id)) => {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            Ok(Changed::Unknown) | Err(TryRecvError::Lagged(_)) => return None,
            Err(TryRecvError::Empty) => return Some(ids),
            Err(TryRecvError::Closed) => {
                tracing::warn!(
                    "web: the store's change feed closed; games are read every {RECHECK:?}"
                );
                *changes = None;
                return None;
            }
        }
        got = rx.try_recv();
    }
}

/// Reads the versions of `ids` (`None`: every watched game) that are watched, and
/// wakes the streams of those that changed.
async fn read(games: Games, store: Arc<Store>, ids: Option<Vec<u64>>) {
    let ids: Vec<u64> = {
        let watched = lock(&games);
        match ids {
            Some(ids) => ids
                .into_iter()
                .filter(|id| watched.contains_key(id))
                .collect(),
            None => watched.keys().copied().collect(),
        }
    };
    if ids.is_empty() {
        return;
    }
    let read = tokio::task::spawn_blocking(move || store.game_versions(&ids)).await;
    let versions = match read {
        Ok(Ok(versions)) => versions,
        Ok(Err(e)) => return tracing::warn!("web: reading the versions of watched games: {e}"),
        Err(e) => return tracing::warn!("web: reading the versions of watched games: {e}"),
    };
    let watched = lock(&games);
    for (id, version) in versions {
        if let Some(tx) = watched.get(&id) {
            tx.send_if_modified(|seen| {
                let changed = *seen != version;
                *seen = version;
                changed
            });
        }
    }
}

/// One page following a game: counted among the open streams and sockets (and its
/// client's) and holding its game watched until it is dropped. Its fields drop in
/// order: the receiver before the hold on the game.
pub(super) struct Following {
    rx: watch::Receiver<u64>,
    first: bool,
    _counted: Counted,
    _watching: Watching,
}

impl Watchers {
    /// A page's following of `game`, for `client` (its address and how many it may
    /// have open); `None` when [`MAX_STREAMS`] are open, or that many for `client`.
    pub(super) fn open(
        &self,
        store: &Store,
        game: u64,
        client: Option<(IpAddr, usize)>,
    ) -> Option<Following> {
        let counted = self.count(client)?;
        let (rx, watching) = self.watch(store, game);
        Some(Following {
            rx,
            first: true,
            _counted: counted,
            _watching: watching,
        })
    }
}

impl Following {
    /// The game's record version: first the one known when it opened (once read), then
    /// each new one; `None` once the web server is gone. Cancel-safe: a version not
    /// returned is returned by the next call.
    pub(super) async fn next(&mut self) -> Option<u64> {
        if self.first {
            if *self.rx.borrow() == 0 {
                self.rx.changed().await.ok()?;
            }
            self.first = false;
        } else {
            self.rx.changed().await.ok()?;
        }
        Some(*self.rx.borrow_and_update())
    }
}

/// The event stream of `game`: a `version` event with the game's record version when
/// the stream opens (once known) and whenever it changes ([`Following::next`]); the page
/// fetches itself again when that is not the version it was built from. A comment now
/// and then keeps the stream open.
/// `None` when [`MAX_STREAMS`] are open, or `per_client` for `client`.
pub(super) fn stream(
    watchers: &Watchers,
    store: &Store,
    game: u64,
    client: Option<(IpAddr, usize)>,
) -> Option<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let following = watchers.open(store, game, client)?;
    let events = futures_util::stream::unfold(following, |mut following| async move {
        let version = following.next().await?;
        let event = Event::default().event("version").data(version.to_string());
        Some((Ok(event), following))
    });
    Some(Sse::new(events).keep_alive(KeepAlive::default()))
}

/// The answer when a page may not follow a game just now (too many streams and sockets
/// open, in all or from its client).
pub(super) fn too_many(lang: crate::i18n::Lang) -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "30")],
        format!("{}\n", crate::tr!(lang, "web-too-many-streams")),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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
    async fn streams_and_sockets_share_the_caps() {
        let store = Store::temporary().expect("store");
        let watchers = Watchers::default();
        let one: IpAddr = [192, 0, 2, 1].into();
        let stream_open = stream(&watchers, &store, 1, Some((one, 2))).expect("a stream");
        let socket_open = watchers.open(&store, 2, Some((one, 2))).expect("a socket");
        assert!(
            watchers.open(&store, 3, Some((one, 2))).is_none(),
            "a third"
        );
        assert!(stream(&watchers, &store, 3, Some((one, 2))).is_none());
        drop(socket_open);
        assert!(
            stream(&watchers, &store, 3, Some((one, 2))).is_some(),
            "freed"
        );
        drop(stream_open);
        assert_eq!(watchers.open.load(Ordering::SeqCst), 0);
        assert!(lock(&watchers.games).is_empty(), "no game is watched");
    }

    #[tokio::test]
    async fn a_following_tells_each_version_once() {
        let store = Store::temporary().expect("store");
        let watchers = Watchers::default();
        let mut following = watchers.open(&store, 9, None).expect("open");
        let tell = |v: u64| {
            lock(&watchers.games)
                .get(&9)
                .expect("watched")
                .send_replace(v);
        };
        // Not read yet: nothing to tell, and a wait given up loses nothing.
        let waited = tokio::time::timeout(Duration::from_millis(20), following.next()).await;
        assert!(waited.is_err(), "{waited:?}");
        tell(4);
        assert_eq!(following.next().await, Some(4), "the version known first");
        tell(5);
        tell(6);
        assert_eq!(following.next().await, Some(6), "the newest");
        let waited = tokio::time::timeout(Duration::from_millis(20), following.next()).await;
        assert!(waited.is_err(), "told once: {waited:?}");
        let late = watchers.open(&store, 9, None);
        let mut late = late.expect("another page");
        assert_eq!(
            late.next().await,
            Some(6),
            "a page opened later hears the current one"
        );
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
