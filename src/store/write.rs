//! A batch of writes to the store, applied atomically by [`super::Store::commit`].

use super::backend::{Batch, GameOp};
use super::codec::{
    challenge_meta, encode_head, items, list_counts, rating_key, KeyedReplies, StoredStanding,
};
use super::{index, key, Challenge, Expect, GameRecord, StoreError};
use crate::ratings::{Key, Standing};

/// A set of writes applied atomically and flushed together.
#[derive(Default)]
pub struct Write {
    pub(super) batch: Batch,
}

impl Write {
    pub fn new() -> Write {
        Write::default()
    }

    /// A game record, whatever version is stored, every action and history entry
    /// written again (a repair; the service writes checked).
    pub fn game(&mut self, record: &GameRecord) -> Result<(), StoreError> {
        self.game_op(record, None)
    }

    /// A game record, written only if the stored one is still as `expect` says;
    /// otherwise the whole write fails with [`StoreError::Conflict`]. The record's
    /// version after the commit is [`Expect::next`].
    pub fn game_checked(&mut self, record: &GameRecord, expect: Expect) -> Result<(), StoreError> {
        self.game_op(record, Some(expect))
    }

    fn game_op(&mut self, record: &GameRecord, expect: Option<Expect>) -> Result<(), StoreError> {
        // With the record go the channel's pointers: the last game of a channel stays
        // visible to /board, /history, /export; the active one is played.
        self.batch.game(GameOp {
            id: record.id,
            channel: record.channel,
            finished: record.finished,
            head: encode_head(record)?,
            counts_of: list_counts,
            actions: items(record.actions.clone()),
            history: items(record.history.clone()),
            expect,
        });
        Ok(())
    }

    /// The game active in `channel` leaves it (its record, written in the same batch,
    /// names its new place): the channel has no active game afterwards.
    pub fn leave(&mut self, channel: u64) {
        self.batch.remove(key(b'a', channel));
    }

    /// A challenge, stored under its id (pending or settled).
    pub fn put_challenge(&mut self, c: &Challenge) -> Result<(), StoreError> {
        self.batch
            .insert_with(key(b'h', c.id), serde_json::to_vec(c)?, challenge_meta(c));
        self.challenge_index(c);
        Ok(())
    }

    /// A challenge settled now (its outcome set), written only while the stored one is
    /// still pending; otherwise the whole write fails with [`StoreError::Conflict`] (two
    /// processes answering one challenge at once: one of them wins).
    pub fn settle_challenge(&mut self, c: &Challenge) -> Result<(), StoreError> {
        // Its entry among the pending ones is taken: present once, taken once.
        self.batch.take(index::pending_challenge(c.id), c.id);
        self.batch
            .insert_with(key(b'h', c.id), serde_json::to_vec(c)?, challenge_meta(c));
        self.challenge_index(c);
        Ok(())
    }

    /// Forgets the challenge with this id.
    pub fn drop_challenge(&mut self, id: u64) {
        self.batch.remove(key(b'h', id));
        self.batch.remove(index::pending_challenge(id));
    }

    /// The challenge of a channel as stored before challenges had ids (`None` removes it).
    pub fn challenge(&mut self, channel: u64, c: Option<&Challenge>) -> Result<(), StoreError> {
        match c {
            Some(c) => self
                .batch
                .insert(key(b'c', channel), serde_json::to_vec(c)?),
            None => self.batch.remove(key(b'c', channel)),
        }
        Ok(())
    }

    /// One player's rating (the game's own record goes in the same batch).
    pub fn rating(&mut self, key: &Key, standing: &Standing) -> Result<(), StoreError> {
        self.batch.insert(
            rating_key(key),
            serde_json::to_vec(&StoredStanding {
                key: *key,
                standing: *standing,
            })?,
        );
        Ok(())
    }

    /// Keeps the replies of this batch's change (any JSON the caller chose) until
    /// [`Write::delivered`] removes them.
    pub fn outbox(&mut self, id: u64, entry: &serde_json::Value) -> Result<(), StoreError> {
        self.batch.insert(key(b'o', id), serde_json::to_vec(entry)?);
        Ok(())
    }

    /// The replies of outbox entry `id` have been delivered.
    pub fn delivered(&mut self, id: u64) {
        self.batch.remove(key(b'o', id));
    }

    /// Whether `user` gets reminders by direct message (the default) or not.
    pub fn dm_reminders(&mut self, user: u64, on: bool) {
        if on {
            self.batch.remove(key(b'q', user));
        } else {
            self.batch.insert(key(b'q', user), b"off");
        }
    }

    /// Whether `server`'s moderators have its web page on (off by default).
    pub fn server_web(&mut self, server: u64, on: bool) {
        if on {
            self.batch.insert(key(b'W', server), b"on");
        } else {
            self.batch.remove(key(b'W', server));
        }
    }

    /// The language `server`'s moderators chose for its public messages (`None`: the
    /// server's own locale). Stored as the language's code.
    pub fn server_language(&mut self, server: u64, code: Option<&str>) {
        match code {
            Some(code) => self.batch.insert(key(b'L', server), code.as_bytes()),
            None => self.batch.remove(key(b'L', server)),
        }
    }

    /// The newest message known to have been seen in `channel` (a front end's
    /// watermark: what came later may have been missed while the process was away).
    pub fn seen_in(&mut self, channel: u64, message: u64) {
        self.batch.insert(key(b'S', channel), message.to_be_bytes());
    }

    /// The language of `user`'s client (their interactions' `locale`), as last seen:
    /// `U/<user>`, the language's code.
    pub fn user_locale(&mut self, user: u64, code: &str) {
        self.batch.insert(key(b'U', user), code.as_bytes());
    }

    /// The language of `server`'s locale (Discord's `guild_locale`), as last seen.
    pub fn server_locale(&mut self, server: u64, code: &str) {
        self.batch.insert(key(b'g', server), code.as_bytes());
    }

    /// Keeps `replies` (any JSON the caller chose) under the idempotency key `k`.
    pub fn replies(
        &mut self,
        k: &str,
        at_ms: u64,
        replies: serde_json::Value,
    ) -> Result<(), StoreError> {
        let v = serde_json::to_vec(&KeyedReplies { at_ms, replies })?;
        let mut kk = b"k/".to_vec();
        kk.extend_from_slice(k.as_bytes());
        self.batch.keyed(kk, at_ms, v);
        Ok(())
    }
}
