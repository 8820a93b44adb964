//! The one commit path. Every capability of the service turns a request (or time
//! passing) into a planned [`Change`]; this module alone writes it: the ending sealed
//! and rated, the game written against the version last read, its indexes, the
//! challenges, the replies put in the outbox, the request's idempotency key, one
//! commit, and only then the change taken into memory. A change to durability is
//! made here and nowhere else.

use super::api::{self, Reply, User};
use super::lobby::remember_settled;
use super::ratings::{Ratings, Sealed};
use super::{lock, refresh, Change, Live, Service, Slot};
use crate::store::{Expect, StoreError, Write};
use std::sync::MutexGuard;

/// Where a change comes from: the channel whose lock is held, who made it (`None`:
/// time passing), and the idempotency key of the request, if it has one.
pub(super) struct Origin<'a> {
    pub channel: u64,
    pub actor: Option<&'a User>,
    pub key: Option<&'a str>,
    /// The language of the one who acts (`None`: time passing).
    pub lang: Option<crate::i18n::Lang>,
    /// The server where it happens, when known (else the game's or the challenge's).
    pub server: Option<u64>,
}

/// Why a change was not written.
pub(super) enum Unwritten {
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
    /// Writes `change`, planned on `slot` (the channel `at.channel`, whose lock the
    /// caller holds), and returns its replies once it is durable. A change that acts
    /// (a game or a challenge) is flushed and its replies kept in the outbox until
    /// delivered; one that only answers is written lazily, and only when the request
    /// has a key (so a redelivery gets the same answer).
    pub(super) fn commit_change(
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
        let public = self.server_lang(server);
        super::language::stamp(&mut change.replies, at.actor, at.lang, public);
        self.orient(&mut change.replies, server);
        let mut write = Write::new();
        let mut sealing = None;
        self.plan_write(slot, at, &mut change, expect, &mut write, &mut sealing, now)?;
        if acts {
            if let Err(e) = self.store.commit(write) {
                self.resolve_unknown(slot, &change, e)?;
            }
        } else if at.key.is_some() {
            self.store.commit_lazy(write)?;
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
                Some(_) => self.store.flush().map(|()| true),
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

    /// Puts everything `change` stores into `write`.
    #[allow(clippy::too_many_arguments)]
    fn plan_write<'s>(
        &'s self,
        slot: &Slot,
        at: &Origin,
        change: &mut Change,
        expect: Option<Expect>,
        write: &mut Write,
        sealing: &mut Sealing<'s>,
        now: u64,
    ) -> Result<(), StoreError> {
        let acts = change.acts();
        if let Some(live) = change.live.as_ref() {
            if live.rec.finished && live.rec.end.is_none() {
                // A game of a tournament records its result in the same write.
                let told = self.event_result(&live.rec, &live.game, write)?;
                change.replies.extend(told);
            }
        }
        if acts {
            self.post(write, at.channel, at.actor, &mut change.replies)?;
        }
        for c in &change.challenges {
            if c.outcome.is_some() && c.id != 0 {
                // Settled here only if still pending in the store: another process
                // answering it at the same moment makes this a conflict.
                write.settle_challenge(c)?;
            } else {
                write.put_challenge(c)?;
            }
        }
        for id in &change.forget {
            write.drop_challenge(*id);
        }
        if let (Some(live), Some(expect)) = (&mut change.live, expect) {
            *sealing = self.seal(live, write)?;
            write.game_checked(&live.rec, expect)?;
            refresh::index(write, slot.live.as_ref(), live)?;
            if moves_away(slot, live, at.channel) {
                write.leave(at.channel);
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
            write.replies(k, now, kept)?;
        }
        Ok(())
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

    /// Gives `replies` an outbox entry in `write`, so they are stored with the change
    /// that produced them and kept until the front end has delivered them.
    fn post(
        &self,
        write: &mut Write,
        channel: u64,
        actor: Option<&User>,
        replies: &mut [Reply],
    ) -> Result<(), StoreError> {
        if replies.is_empty() {
            return Ok(());
        }
        // Ordered by time (a restart delivers the oldest first) and unique without a
        // shared counter: the millisecond, then 20 random bits.
        let id = (self.clock.now_ms() << 20) | u64::from(rand::random::<u32>() & 0xF_FFFF);
        for r in replies.iter_mut() {
            r.outbox = Some(id);
        }
        let entry = api::Pending {
            id,
            channel,
            actor: actor.cloned(),
            replies: replies.to_vec(),
        };
        write.outbox(id, &serde_json::to_value(&entry)?)
    }

    /// For a game that has just ended: takes the ratings lock, stamps the record with
    /// its end (and rating change) and puts the new ratings into `write`. The caller
    /// keeps the result once `write` is committed.
    fn seal(&self, live: &mut Live, write: &mut Write) -> Result<Sealing<'_>, StoreError> {
        if !live.rec.finished || live.rec.end.is_some() {
            return Ok(None);
        }
        let mut guard = lock(&self.ratings);
        // Another process (or service) sharing the store may have rated games since:
        // rate from its table (one read when nothing changed). The write is checked
        // against the order read, so one landing meanwhile makes this a conflict,
        // planned again.
        guard.catch_up(&self.store)?;
        let sealed = guard.seal(&mut live.rec, &live.game, write)?;
        Ok(Some((guard, sealed)))
    }
}

/// Whether `live`, the game active in `channel` (whose slot is `slot`), is written
/// with another place: it leaves the channel (its own place was deleted).
fn moves_away(slot: &Slot, live: &Live, channel: u64) -> bool {
    live.rec.channel != channel && slot.stored.is_some_and(|(id, _)| id == live.rec.id)
}
