//! The one commit path. Every capability of the service turns a request (or time
//! passing) into a planned [`Change`]; this module plans its whole write and the
//! writer (`writer.rs`) commits it: the ending sealed
//! and rated, the game written against the version last read, its indexes, the
//! challenges, the replies put in the outbox, the request's idempotency key, one
//! commit, and only then the change taken into memory. A change to durability is
//! made here and nowhere else.

use crate::service::contract::api::{Reply, User};
use crate::service::plumbing::plan::{Durability, Put};
use crate::service::plumbing::ratings::{Ratings, Sealed};
use crate::service::plumbing::writer::write;
use crate::service::{lock, refresh, Change, Live, Service, Slot};
use crate::store::{Challenge, Expect, StoreError};
use std::sync::MutexGuard;

/// Where a change comes from: the channel whose lock is held, who made it (`None`:
/// time passing), and the idempotency key of the request, if it has one.
pub(in crate::service) struct Origin<'a> {
    pub channel: u64,
    pub actor: Option<&'a User>,
    pub key: Option<&'a str>,
    /// The language of the one who acts (`None`: time passing).
    pub lang: Option<crate::i18n::Lang>,
    /// The server where it happens, when known (else the game's or the challenge's).
    pub server: Option<u64>,
}

impl Origin<'_> {
    /// Time passing in `channel`: nobody acts (timeouts, rounds, moved places).
    pub(in crate::service) fn time(channel: u64) -> Origin<'static> {
        Origin {
            channel,
            actor: None,
            key: None,
            lang: None,
            server: None,
        }
    }
}

/// Why a change was not written.
pub(in crate::service) enum Unwritten {
    /// Another process sharing the store changed the game first: plan again.
    Conflict,
    Store(StoreError),
    /// The commit failed and reading again could not tell whether it was applied.
    Unknown(StoreError),
}

impl From<StoreError> for Unwritten {
    fn from(e: StoreError) -> Unwritten {
        match e {
            StoreError::Conflict { .. } => Unwritten::Conflict,
            e => Unwritten::Store(e),
        }
    }
}

/// A sealed ending waiting for its batch to be committed, with the ratings lock.
type Sealing<'a> = Option<(MutexGuard<'a, Ratings>, Sealed)>;

impl Service {
    /// Writes `puts` (planned outside a game's change) as one batch.
    pub(in crate::service) fn write(
        &self,
        puts: Vec<Put>,
        d: Durability,
    ) -> Result<(), StoreError> {
        write(&self.store, puts, d)
    }

    /// Writes `change`, planned on `slot` (the channel `at.channel`, whose lock the
    /// caller holds), and returns its replies once it is durable. A change that acts
    /// (a game or a challenge) is flushed and its replies kept in the outbox until
    /// delivered; one that only answers is written lazily, and only when the request
    /// has a key (so a redelivery gets the same answer).
    pub(in crate::service) fn commit_change(
        &self,
        slot: &mut Slot,
        at: &Origin,
        mut change: Change,
        now: u64,
    ) -> Result<Vec<Reply>, Unwritten> {
        let acts = change.acts();
        let expect = change
            .live
            .as_ref()
            .map(|live| refresh::expected(slot, live.rec.id));
        let server = at
            .server
            .or_else(|| change.live.as_ref().and_then(|l| l.rec.server))
            .or_else(|| slot.live.as_ref().and_then(|l| l.rec.server))
            .or_else(|| change.challenges.iter().find_map(|c| c.server));
        // Outside servers (issue 50) the game's own language: the one who acts, or its
        // players' when time passes.
        let public = match server {
            Some(_) => self.server_lang(server),
            None => change
                .live
                .as_ref()
                .or(slot.live.as_ref())
                .map(|l| l.lang)
                .or(at.lang)
                .unwrap_or_default(),
        };
        crate::service::plumbing::language::stamp(&mut change.replies, at.actor, at.lang, public);
        self.orient(&mut change.replies, server);
        let mut sealing = None;
        let puts = self.plan_puts(slot, at, &mut change, expect, &mut sealing, now)?;
        if acts {
            if let Err(e) = write(&self.store, puts, Durability::Flushed) {
                self.resolve_unknown(slot, &change, e)?;
            }
        } else if at.key.is_some() {
            write(&self.store, puts, Durability::Lazy)?;
        }
        if let Some((mut guard, sealed)) = sealing {
            guard.keep(sealed);
        }
        for c in change.challenges {
            if c.outcome.is_some() {
                remember_settled(slot, c);
            } else {
                slot.challenges.push(c);
            }
        }
        if let (Some(live), Some(expect)) = (change.live, expect) {
            self.keep_live(slot, at.channel, live, expect);
        }
        Ok(change.replies)
    }

    /// A commit that failed other than by a conflict may still have been applied (its
    /// answer lost with a dying database server, or sled's flush failing after the
    /// batch went in): read again before anyone is told anything. The change's outbox
    /// entry, written by its batch alone, says whether the batch is stored. `Ok`: it is,
    /// and durable: go on as if the commit had answered.
    fn resolve_unknown(
        &self,
        slot: &mut Slot,
        change: &Change,
        e: StoreError,
    ) -> Result<(), Unwritten> {
        if matches!(e, StoreError::Conflict { .. }) {
            return Err(Unwritten::Conflict);
        }
        let Some(entry) = change.replies.iter().find_map(|r| r.outbox) else {
            return Err(Unwritten::Store(e));
        };
        let stored = self
            .store
            .outbox_entry(entry)
            .and_then(|found| match found {
                Some(_) => crate::service::plumbing::writer::flush(&self.store).map(|()| true),
                None => Ok(false),
            });
        match stored {
            Ok(true) => {
                tracing::warn!("a commit reported \"{e}\", but it is stored: going on");
                Ok(())
            }
            Ok(false) => Err(Unwritten::Store(e)),
            Err(again) => {
                tracing::error!("store: {e}; reading again: {again}");
                // Whatever the store holds is read again before this game's next use.
                slot.stored = None;
                Err(Unwritten::Unknown(again))
            }
        }
    }

    /// Everything `change` stores, in the order of its batch: the tournament's
    /// result, the outbox entry, the challenges, the capability's own puts, then the
    /// game (its ratings first, checked before the new order is written) and the
    /// request's key.
    fn plan_puts<'s>(
        &'s self,
        slot: &Slot,
        at: &Origin,
        change: &mut Change,
        expect: Option<Expect>,
        sealing: &mut Sealing<'s>,
        now: u64,
    ) -> Result<Vec<Put>, StoreError> {
        let acts = change.acts();
        let mut puts = Vec::new();
        if let Some(live) = change.live.as_ref() {
            if live.rec.finished && live.rec.end.is_none() {
                // A game of a tournament records its result in the same write.
                let told = self.event_result(&live.rec, &live.game, &mut puts)?;
                change.replies.extend(told);
            }
        }
        if acts {
            let live = change.live.as_ref();
            puts.extend(self.post(at.channel, at.actor, &mut change.replies, live)?);
        }
        puts.extend(change.challenges.iter().map(challenge_put));
        puts.extend(change.forget.iter().map(|id| Put::DropChallenge(*id)));
        puts.append(&mut change.puts);
        if let (Some(live), Some(expect)) = (&mut change.live, expect) {
            *sealing = self.seal(live, &mut puts)?;
            puts.push(Put::Game {
                rec: Box::new(live.rec.clone()),
                expect,
            });
            puts.push(crate::service::plumbing::plan::index(
                slot.live.as_ref(),
                live,
            ));
            if moves_away(slot, live, at.channel) {
                puts.push(Put::Leave {
                    channel: at.channel,
                });
            }
        }
        if let Some(k) = at.key {
            // A change keeps just its outbox entry's id (its replies are there until
            // delivered); a refusal or a look-up keeps its replies.
            let kept = if acts {
                serde_json::json!({ "outbox": change.replies.iter().find_map(|r| r.outbox) })
            } else {
                serde_json::to_value(&change.replies)?
            };
            puts.push(Put::Replies {
                key: k.to_string(),
                at_ms: now,
                kept,
            });
        }
        Ok(puts)
    }

    /// Takes a written game into memory: into `slot` when it is this channel's game,
    /// into its own place's slot when it started in a place of its own (a new place:
    /// no other operation waits for that lock while holding ours).
    fn keep_live(&self, slot: &mut Slot, channel: u64, live: Live, expect: Expect) {
        if live.rec.channel == channel {
            refresh::after_write(slot, &live.rec, expect);
            slot.live = (!live.rec.finished).then_some(live);
        } else {
            if moves_away(slot, &live, channel) {
                // The channel's game went elsewhere (its place was deleted).
                slot.live = None;
                slot.stored = None;
                slot.broken = None;
            }
            let place = self.slot(live.rec.channel);
            let mut place = lock(&place);
            refresh::after_write(&mut place, &live.rec, expect);
            place.live = (!live.rec.finished).then_some(live);
        }
    }

    /// Gives `replies` an outbox entry, so they are stored with the change that
    /// produced them and kept until the front end has delivered them.
    fn post(
        &self,
        channel: u64,
        actor: Option<&User>,
        replies: &mut [Reply],
        live: Option<&Live>,
    ) -> Result<Option<Put>, StoreError> {
        if replies.is_empty() {
            return Ok(None);
        }
        // Ordered by time (a restart delivers the oldest first) and unique without a
        // shared counter: the millisecond, then 20 random bits.
        let id = (self.clock.now_ms() << 20) | u64::from(rand::random::<u32>() & 0xF_FFFF);
        for r in replies.iter_mut() {
            r.outbox = Some(id);
        }
        let entry =
            crate::service::plumbing::outbox::stored_entry(id, channel, actor, replies, live);
        Ok(Some(Put::Outbox {
            id,
            entry: serde_json::to_value(&entry)?,
        }))
    }

    /// For a game that has just ended: takes the ratings lock, stamps the record with
    /// its end (and rating change) and plans the new ratings into `puts`. The caller
    /// keeps the result once they are committed.
    fn seal(&self, live: &mut Live, puts: &mut Vec<Put>) -> Result<Sealing<'_>, StoreError> {
        if !live.rec.finished || live.rec.end.is_some() {
            return Ok(None);
        }
        let mut guard = lock(&self.ratings);
        // Another process (or service) sharing the store may have rated games since:
        // rate from its table (one read when nothing changed). The write is checked
        // against the order read, so one landing meanwhile makes this a conflict,
        // planned again.
        guard.catch_up(&self.store)?;
        let sealed = guard.seal(&mut live.rec, &live.game, puts);
        Ok(Some((guard, sealed)))
    }
}

/// Whether `live`, the game active in `channel` (whose slot is `slot`), is written
/// with another place: it leaves the channel (its own place was deleted).
fn moves_away(slot: &Slot, live: &Live, channel: u64) -> bool {
    live.rec.channel != channel && slot.stored.is_some_and(|(id, _)| id == live.rec.id)
}

/// Keeps a settled challenge in the channel's short memory.
pub(in crate::service) fn remember_settled(slot: &mut Slot, c: Challenge) {
    slot.challenges.retain(|p| p.id != c.id);
    slot.settled.push(c);
    if slot.settled.len() > MAX_SETTLED {
        let extra = slot.settled.len() - MAX_SETTLED;
        slot.settled.drain(..extra);
    }
}

/// A challenge of a change: settled now (checked: still pending in the store), or
/// stored as it is.
fn challenge_put(c: &Challenge) -> Put {
    if c.outcome.is_some() && c.id != 0 {
        Put::SettleChallenge(Box::new(c.clone()))
    } else {
        Put::Challenge(Box::new(c.clone()))
    }
}

/// Settled challenges a channel remembers, so a late press on one is told its fate.
pub(in crate::service) const MAX_SETTLED: usize = 50;
