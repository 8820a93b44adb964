//! Chat lines a front end may have missed while its process was away (a restart, a
//! deployment, a gateway session Discord would not resume): where to look for them.
//!
//! A front end notes the newest message it has seen in each place ([`Service::note_seen`],
//! kept in the store in batches), and when it comes back it tells the service the
//! newest message each place holds now; [`Service::missed`] names the places with a
//! game being played where something newer than what was seen arrived, with what was
//! seen and when the game last changed. Lines older than that change were read before
//! it (a move among them would have changed the game later), so only later ones are
//! handled, in order, each under its message id as its idempotency key.

use crate::model::PlaceKind;
use crate::service::contract::front::Missed;
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::{lock, Service};
use std::collections::BTreeMap;

impl Service {
    /// Keeps the newest message seen in each place that has a game being played; the
    /// others are not worth a write. Lazily: a mark lost to a crash only costs a look.
    pub fn note_seen(&self, seen: &[(u64, u64)]) {
        let puts: Vec<Put> = seen
            .iter()
            .filter(|(channel, message)| self.worth_noting(*channel, *message))
            .map(|&(channel, message)| Put::Seen { channel, message })
            .collect();
        if puts.is_empty() {
            return;
        }
        if let Err(e) = self.write(puts, Durability::Lazy) {
            tracing::error!("store: the messages seen: {e}");
        }
    }

    /// Keeps the newest message seen in each DM with the bot (issue 50), whatever game
    /// it holds (one by a pair of DMs lives in a place of its own): one mark per DM
    /// the bot heard in, written only when newer. Lazily, as [`Service::note_seen`].
    pub fn note_dms_seen(&self, seen: &[(u64, u64)]) {
        let puts: Vec<Put> = seen
            .iter()
            .filter(|(dm, message)| self.store.seen_in(*dm).ok().flatten() < Some(*message))
            .map(|&(channel, message)| Put::Seen { channel, message })
            .collect();
        if puts.is_empty() {
            return;
        }
        if let Err(e) = self.write(puts, Durability::Lazy) {
            tracing::error!("store: the messages seen in DMs: {e}");
        }
    }

    /// Of `newest` (`(DM, the newest message it holds now, the earliest last change
    /// of the games played there)`, in the order [`Service::dm_waiting`] gave), the
    /// DMs where a message newer than the one seen there arrived, to be read back.
    pub fn dms_missed(&self, newest: &[(u64, u64, u64)]) -> Vec<Missed> {
        newest
            .iter()
            .filter_map(|&(channel, message, changed_ms)| {
                let seen = self.store.seen_in(channel).ok().flatten();
                (seen < Some(message)).then_some(Missed {
                    channel,
                    server: None,
                    seen,
                    changed_ms,
                })
            })
            .collect()
    }

    /// A place with a game being played whose stored mark is older than `message`.
    fn worth_noting(&self, channel: u64, message: u64) -> bool {
        let playing = matches!(self.store.active_game(channel), Ok(Some(_)));
        playing && self.store.seen_in(channel).ok().flatten() < Some(message)
    }

    /// Of `newest` (a place and the newest message it holds now), the places with a
    /// game being played where a message newer than the one seen there arrived.
    pub fn missed(&self, newest: &[(u64, u64)]) -> Vec<Missed> {
        newest
            .iter()
            .filter_map(|&(channel, message)| self.missed_in(channel, message))
            .collect()
    }

    fn missed_in(&self, channel: u64, newest: u64) -> Option<Missed> {
        let seen = self.store.seen_in(channel).ok().flatten();
        if seen >= Some(newest) || !matches!(self.store.active_game(channel), Ok(Some(_))) {
            return None;
        }
        let slot = self.loaded(channel);
        let slot = lock(&slot);
        let live = slot.live.as_ref().filter(|l| !l.rec.finished)?;
        let changed_ms = live
            .rec
            .actions
            .last()
            .map_or(live.rec.created_ms, |a| a.at_ms);
        Some(Missed {
            channel,
            server: live.rec.server,
            seen,
            changed_ms,
        })
    }

    /// The people who play games in a DM with the bot or by a pair of DMs (issue 50),
    /// each with the earliest last change of those games, those the games wait for
    /// first: their DMs send no server's arrival, so a front end reads them back after
    /// a restart, in this order (a line of the one asked may make the other's lines
    /// answers; lines older than that change were read before it).
    pub fn dm_waiting(&self) -> Vec<(u64, u64)> {
        let listings = match self.store.listings_of_server(None) {
            Ok(l) => l,
            Err(e) => {
                tracing::error!("store: {e}");
                return Vec::new();
            }
        };
        // Those asked, then the others.
        let mut people: [BTreeMap<u64, u64>; 2] = Default::default();
        for l in &listings {
            let rec = match self.store.game(l.id) {
                Ok(Some(rec)) if !rec.finished => rec,
                Ok(_) => continue,
                Err(e) => {
                    tracing::error!("store: {e}");
                    continue;
                }
            };
            if !matches!(rec.place, PlaceKind::BotDm | PlaceKind::DmPair) {
                continue;
            }
            let changed = rec.actions.last().map_or(rec.created_ms, |a| a.at_ms);
            for side in crate::core::Side::BOTH {
                if rec.computer.is_some_and(|c| c.side == side) {
                    continue;
                }
                let asked = usize::from(l.to_move != Some(side));
                let at = people[asked]
                    .entry(l.players[side.index()].id)
                    .or_insert(changed);
                *at = (*at).min(changed);
            }
        }
        let [asked, others] = people;
        let others = others.into_iter().filter(|(u, _)| !asked.contains_key(u));
        asked.clone().into_iter().chain(others).collect()
    }

    /// Whether `text` reads as an answer to the question the game in `channel` asks now
    /// (legal or not), rather than as chat.
    pub fn reads_as_move(&self, channel: u64, text: &str) -> bool {
        let slot = self.loaded(channel);
        let slot = lock(&slot);
        let Some(live) = slot.live.as_ref() else {
            return false;
        };
        let Some(ask) = live.game.ask() else {
            return false;
        };
        let mut game = live.game.clone();
        match game.play(ask.side, text.trim()) {
            Ok(_) => true,
            Err(e) => !e.unreadable(),
        }
    }

    /// Whether a request under idempotency key `key` was already answered.
    pub fn answered(&self, key: &str) -> bool {
        matches!(self.store.replies(key), Ok(Some(_)))
    }
}
