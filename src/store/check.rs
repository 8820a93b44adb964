//! `arcana store-check`: what of a store is readable.

use super::{decode_game, Store};

/// What `arcana store-check` found: counts of what reads, and a line for each thing
/// that does not.
#[derive(Debug, Default)]
pub struct CheckReport {
    pub games: usize,
    pub active: usize,
    pub challenges: usize,
    pub outbox: usize,
    pub unreadable: Vec<String>,
}

impl CheckReport {
    pub fn summary(&self) -> String {
        format!(
            "games replayed: {} ({} active); challenges: {}; outbox entries: {}; unreadable: {}",
            self.games,
            self.active,
            self.challenges,
            self.outbox,
            self.unreadable.len()
        )
    }
}

impl Store {
    /// Reads everything that matters and replays every game (`arcana store-check`).
    pub fn check(&self) -> CheckReport {
        let mut r = CheckReport::default();
        match self.stored_games() {
            Ok(games) => {
                for (id, stored) in games {
                    match decode_game(&stored).and_then(|rec| rec.replay().map(|_| rec)) {
                        Ok(rec) => {
                            r.games += 1;
                            r.active += usize::from(!rec.finished);
                        }
                        Err(e) => r.unreadable.push(format!("game {id}: {e}")),
                    }
                }
            }
            Err(e) => r.unreadable.push(format!("the games: {e}")),
        }
        match self.challenges() {
            Ok(c) => r.challenges = c.len(),
            Err(e) => r.unreadable.push(format!("the challenges: {e}")),
        }
        match self.outbox() {
            Ok(o) => r.outbox = o.len(),
            Err(e) => r.unreadable.push(format!("the outbox: {e}")),
        }
        r
    }
}
