//! The change feed (issue 53): which games' records were written, told to whoever
//! follows them (the web pages' live updates) instead of their reading every watched
//! game's version again and again. On sled the store's own write path tells it (one
//! process owns the folder); on PostgreSQL every commit that writes a game sends a
//! `NOTIFY` on [`PG_CHANNEL`] with the game's id, and one listening connection per
//! store handle hears those of every process sharing the database.
//!
//! A follower may miss a change (it lagged behind, or the listener reconnected): it is
//! then told [`Changed::Unknown`], and should also read what it follows again now and
//! then in any case.

use tokio::sync::broadcast;

/// The PostgreSQL notification channel of game writes; the payload is the game's id
/// in decimal.
pub(crate) const PG_CHANNEL: &str = "arcana_games";

/// Changes a follower may fall behind by before it is told [`Changed::Unknown`].
const BACKLOG: usize = 4096;

/// What changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// Game `id`'s record was written (its version may have moved).
    Game(u64),
    /// Changes may have been missed: everything followed is to be read again.
    Unknown,
}

/// A subscription to a store's changes.
pub type Changes = broadcast::Receiver<Changed>;

/// The sending end of a store's change feed.
pub(crate) struct Feed {
    tx: broadcast::Sender<Changed>,
}

impl Default for Feed {
    fn default() -> Feed {
        Feed {
            tx: broadcast::channel(BACKLOG).0,
        }
    }
}

impl Feed {
    pub fn subscribe(&self) -> Changes {
        self.tx.subscribe()
    }

    /// Tells every follower (none: nothing is sent).
    pub fn tell(&self, changed: Changed) {
        if self.tx.receiver_count() > 0 {
            // Fails only when no one follows.
            let _ = self.tx.send(changed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn followers_hear_what_is_told_after_they_subscribe() {
        let feed = Feed::default();
        feed.tell(Changed::Game(1));
        let mut rx = feed.subscribe();
        feed.tell(Changed::Game(2));
        assert_eq!(rx.recv().await.ok(), Some(Changed::Game(2)));
    }
}
