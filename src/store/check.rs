//! `arcana store-check`: what of a store is readable.

use super::{decode_game, GameRecord, Store};
use crate::core::Side;
use std::collections::{HashMap, HashSet};

/// What `arcana store-check` found: counts of what reads, and a line for each thing
/// that does not.
#[derive(Debug, Default)]
pub struct CheckReport {
    pub games: usize,
    pub active: usize,
    pub challenges: usize,
    pub outbox: usize,
    pub unreadable: Vec<String>,
    /// Games whose clocks disagree with their player's vacation record (no change
    /// waiting to be carried into them): a line each.
    pub disagreements: Vec<String>,
}

impl CheckReport {
    pub fn summary(&self) -> String {
        format!(
            "games replayed: {} ({} active); challenges: {}; outbox entries: {}; unreadable: {}; vacation disagreements: {}",
            self.games,
            self.active,
            self.challenges,
            self.outbox,
            self.unreadable.len(),
            self.disagreements.len()
        )
    }
}

impl Store {
    /// Reads everything that matters and replays every game (`arcana store-check`).
    pub fn check(&self) -> CheckReport {
        let mut r = CheckReport::default();
        let mut active = Vec::new();
        match self.stored_games() {
            Ok(games) => {
                for (id, stored) in games {
                    match decode_game(&stored).and_then(|rec| rec.replay().map(|_| rec)) {
                        Ok(rec) => {
                            r.games += 1;
                            r.active += usize::from(!rec.finished);
                            if !rec.finished {
                                active.push(rec);
                            }
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
        self.check_vacations(&active, &mut r);
        r
    }

    /// Every active game's vacation marks and clocks against its players' vacation
    /// records, but for players whose change is still waiting to be carried in.
    fn check_vacations(&self, active: &[GameRecord], r: &mut CheckReport) {
        let waiting: HashSet<u64> = match self.vacations_unsettled() {
            Ok(u) => u.into_iter().map(|(user, _)| user).collect(),
            Err(e) => return r.unreadable.push(format!("the vacations: {e}")),
        };
        let mut since: HashMap<u64, Option<u64>> = HashMap::new();
        for rec in active.iter().filter(|rec| !rec.no_vacation) {
            for side in [Side::White, Side::Black] {
                let user = rec.player(side).id;
                if waiting.contains(&user) {
                    continue;
                }
                let vacation = match since.get(&user) {
                    Some(v) => *v,
                    None => match self.vacation(user) {
                        Ok(v) => *since.entry(user).or_insert(v.since_ms),
                        Err(e) => return r.unreadable.push(format!("vacation of {user}: {e}")),
                    },
                };
                if let Some(line) = disagreement(rec, side, vacation) {
                    r.disagreements.push(line);
                }
            }
        }
    }
}

/// What is wrong with `side`'s vacation in `rec` when its player is on vacation
/// `since` then (`None`: not on vacation).
fn disagreement(rec: &GameRecord, side: Side, since: Option<u64>) -> Option<String> {
    let name = &rec.player(side).name;
    let on = since.is_some();
    let (id, away) = (rec.id, rec.away[side.index()]);
    if away != on {
        let said = if on { "on vacation" } else { "back" };
        return Some(format!(
            "game {id}: {name} is {said}, but the game says otherwise"
        ));
    }
    let clock = rec.clock.as_ref().filter(|c| c.side == side)?;
    let standing = clock.paused_ms.is_some();
    if standing && !away {
        return Some(format!(
            "game {id}: {name}'s clock stands, though they are back"
        ));
    }
    // A clock that had run out when the vacation (or the turn) began is over.
    let from = since.unwrap_or(0).max(clock.started_ms);
    let running = clock.deadline_ms.is_some_and(|d| from < d);
    if away && !standing && running {
        return Some(format!(
            "game {id}: {name}'s clock runs during their vacation"
        ));
    }
    None
}
