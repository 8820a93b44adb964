//! A channel's game in memory against the store: loading it, noticing that another
//! process sharing the store has changed it (its record version moved), and the
//! version a write of it must find, so that two processes never both apply a move.

use crate::i18n::Lang;
use crate::service::plumbing::plan::{index, Put};
use crate::service::{per_turn, Live, Service, Slot};
use crate::store::{GameRecord, Store, StoreError};
use crate::tr;

use crate::store::Expect;

/// How many times a request is re-run against a freshly loaded game after a
/// conflicting write by another process, before it is refused.
pub(in crate::service) const RETRIES: u32 = 3;

/// Why game `id` of a channel is paused, in `lang`: it was saved by a newer build
/// (`too_new`) or its record could not be loaded.
pub(in crate::service) fn broken_text(lang: Lang, id: u64, too_new: bool) -> String {
    let game = id.to_string();
    if too_new {
        tr!(lang, "game-attention-too-new", game = game)
    } else {
        tr!(lang, "game-attention-unloadable", game = game)
    }
}

impl Service {
    /// Makes the slot's active game the stored one when the store's version differs
    /// from the slot's (another process moved, or started or ended a game here).
    /// A failing store leaves the slot as it is: the write that follows is checked.
    pub(in crate::service) fn refresh(&self, slot: &mut Slot, channel: u64) {
        if !slot.challenges_loaded {
            match self.store.challenges_in(channel) {
                Ok(stored) => {
                    for c in stored {
                        let known = slot.challenges.iter().chain(&slot.settled);
                        if known.clone().any(|k| k.id == c.id) {
                            continue;
                        }
                        if c.outcome.is_some() {
                            slot.settled.push(c);
                        } else {
                            slot.challenges.push(c);
                        }
                    }
                    slot.challenges.sort_by_key(|c| c.created_ms);
                    slot.settled.sort_by_key(|c| c.settled_ms);
                    slot.challenges_loaded = true;
                }
                Err(e) => tracing::error!("channel {channel}: {e}"),
            }
        }
        let stored = match self.store.active_version(channel) {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("channel {channel}: {e}");
                slot.unreadable = e.is_passing();
                return;
            }
        };
        if stored == slot.stored && !slot.unreadable {
            return;
        }
        match stored {
            Some((id, _)) => {
                if let Some(msg) = load_into(&self.store, slot, channel, id) {
                    tracing::warn!("channel {channel}: {msg}");
                }
            }
            None => {
                slot.live = None;
                slot.broken = None;
                slot.broken_game = None;
                slot.unreadable = false;
                slot.stored = None;
            }
        }
    }
}

/// What a write of game `id` from this slot must find stored.
pub(in crate::service) fn expected(slot: &Slot, id: u64) -> Expect {
    match slot.stored {
        Some((stored, version)) if stored == id => Expect::At(version),
        _ => Expect::New,
    }
}

/// Loads game `id` as the channel's active game into the slot; a game that cannot be
/// loaded is kept paused with the sentence returned (to tell the channel).
pub(in crate::service) fn load_into(
    store: &Store,
    slot: &mut Slot,
    channel: u64,
    id: u64,
) -> Option<String> {
    let loaded = store.game_versioned(id).and_then(|r| match r {
        Some((rec, version)) => rec.replay().map(|game| {
            (
                Live {
                    lang: crate::service::plumbing::language::lang_of(store, rec.server),
                    rec: per_turn(rec),
                    game,
                },
                version,
            )
        }),
        None => Err(StoreError::Replay {
            id,
            reason: "the record is missing".to_string(),
        }),
    });
    match loaded {
        Ok((live, version)) => {
            slot.live = Some(live);
            slot.broken = None;
            slot.broken_game = None;
            slot.unreadable = false;
            slot.stored = Some((id, version));
            None
        }
        Err(e) if e.is_passing() => {
            // Not the record's fault: nothing is paused beyond the failing request,
            // and the game is read again at its next use.
            tracing::error!("channel {channel}: {e}");
            slot.unreadable = true;
            None
        }
        Err(e) => {
            tracing::error!("channel {channel}: {e}");
            slot.unreadable = false;
            let too_new = matches!(e, StoreError::TooNew { .. });
            // The record names the game's server, but it could not be read: the
            // channel is told in English.
            let msg = broken_text(Lang::En, id, too_new);
            slot.live = None;
            slot.broken = Some(msg.clone());
            slot.broken_game = Some((id, too_new));
            // A missing record reads as version 0, an unreadable one as whatever is
            // stored: either way the slot is reloaded only when that changes.
            let version = store
                .active_version(channel)
                .ok()
                .flatten()
                .filter(|(a, _)| *a == id)
                .map_or(0, |(_, v)| v);
            slot.stored = Some((id, version));
            Some(msg)
        }
    }
}

/// The slot's marker after a game write checked against `expect` is committed.
pub(in crate::service) fn after_write(slot: &mut Slot, rec: &GameRecord, expect: Expect) {
    slot.stored = (!rec.finished).then_some((rec.id, expect.next()));
}

/// Indexes every active game of a store written before the indexes existed (once, at
/// the first start of a build that keeps them). Returns the games that could not be
/// loaded, with the sentence to tell their channels.
pub(in crate::service) fn index_all(store: &Store) -> Result<Vec<(u64, String)>, StoreError> {
    let mut attention = Vec::new();
    let mut puts = Vec::new();
    for (channel, id) in store.active_games()? {
        let mut slot = Slot::default();
        if let Some(msg) = load_into(store, &mut slot, channel, id) {
            attention.push((channel, msg));
            continue;
        }
        if let Some(live) = &slot.live {
            puts.push(index(None, live));
        }
    }
    puts.push(Put::GamesIndexed);
    crate::service::plumbing::writer::write_in_parts(store, puts, 1000)?;
    Ok(attention)
}
