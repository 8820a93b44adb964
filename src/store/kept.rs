//! Private texts kept for players whose direct messages are closed, until the player's
//! next command shows them: `dm/` keys, each taken once (see `Write::take_private`).

use super::{Store, StoreError, Write};

/// A private text kept for a player whose direct messages were closed
/// (`dm/<user><at_ms><nonce>`: a player's texts in the order they were kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptText {
    key: Vec<u8>,
    user: u64,
    pub text: String,
}

fn kept_prefix(user: u64) -> Vec<u8> {
    let mut k = b"dm/".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

impl Write {
    /// Keeps a private text for `user` until it is taken.
    pub fn keep_private(&mut self, user: u64, at_ms: u64, text: &str) {
        let mut k = kept_prefix(user);
        k.extend_from_slice(&at_ms.to_be_bytes());
        k.extend_from_slice(&rand::random::<u64>().to_be_bytes());
        self.batch.insert(k, text.as_bytes());
    }

    /// Takes a kept text: the whole write fails with [`StoreError::Conflict`] when
    /// another writer took it first.
    pub fn take_private(&mut self, kept: &KeptText) {
        self.batch.take(kept.key.clone(), kept.user);
    }
}

impl Store {
    /// The private texts kept for `user`, oldest first.
    pub fn private_texts(&self, user: u64) -> Result<Vec<KeptText>, StoreError> {
        self.db
            .scan_prefix(kept_prefix(user))
            .map(|kv| {
                kv.map(|(key, v)| KeptText {
                    key,
                    user,
                    text: String::from_utf8_lossy(&v).into_owned(),
                })
            })
            .collect()
    }
}

/// A player's private notes on a game: `nt/<game><user>`, the lines in order (JSON).
fn notes_key(game: u64, user: u64) -> Vec<u8> {
    let mut k = b"nt/".to_vec();
    k.extend_from_slice(&game.to_be_bytes());
    k.extend_from_slice(&user.to_be_bytes());
    k
}

/// A player's notes on a game as stored, with what a write replacing them must find.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub lines: Vec<String>,
    stored: Option<Vec<u8>>,
}

impl Write {
    /// Replaces `user`'s notes on game `game` with `lines` (none: removes them), only
    /// if they are still as `read` (else the write fails whole with a conflict: two
    /// notes added at once never lose one).
    pub fn notes(
        &mut self,
        game: u64,
        user: u64,
        read: &Notes,
        lines: &[String],
    ) -> Result<(), StoreError> {
        let key = notes_key(game, user);
        self.batch.expect(key.clone(), read.stored.clone(), game);
        if lines.is_empty() {
            self.batch.remove(key);
        } else {
            self.batch.insert(key, serde_json::to_vec(lines)?);
        }
        Ok(())
    }
}

impl Store {
    /// `user`'s private notes on game `game`.
    pub fn notes(&self, game: u64, user: u64) -> Result<Notes, StoreError> {
        let Some(stored) = self.db.get(notes_key(game, user))? else {
            return Ok(Notes::default());
        };
        Ok(Notes {
            lines: serde_json::from_slice(&stored)?,
            stored: Some(stored),
        })
    }
}

/// A player's preferences (`/settings`): `pf/<user>` (JSON; absent: the defaults).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Prefs {
    /// A typed move is shown privately first and played only when confirmed.
    #[serde(default)]
    pub confirm: bool,
    /// A daily direct message listing the games where it is the player's turn.
    #[serde(default)]
    pub digest: bool,
    /// When the next digest is due (`dg/<due><user>` marks it for the minute tick).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest_due_ms: Option<u64>,
}

fn digest_key(due_ms: u64, user: u64) -> Vec<u8> {
    let mut k = b"dg/".to_vec();
    k.extend_from_slice(&due_ms.to_be_bytes());
    k.extend_from_slice(&user.to_be_bytes());
    k
}

fn prefs_key(user: u64) -> Vec<u8> {
    let mut k = b"pf/".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

/// A move waiting for its player's confirmation: `mc/<user><game>`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PendingMove {
    /// The number of actions of the game when it was typed: the position it was for.
    pub ply: u64,
    pub text: String,
}

fn pending_key(user: u64, game: u64) -> Vec<u8> {
    let mut k = b"mc/".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k.extend_from_slice(&game.to_be_bytes());
    k
}

impl Write {
    /// Moves `user`'s digest mark from `old` (as read; removed) to `new`.
    pub fn digest_due(&mut self, user: u64, old: Option<u64>, new: Option<u64>) {
        if let Some(due) = old {
            self.batch.remove(digest_key(due, user));
        }
        if let Some(due) = new {
            self.batch.insert(digest_key(due, user), b"");
        }
    }

    /// Takes the digest mark `due` of `user`: the write fails whole with a conflict
    /// when another process took it first (each digest is sent once).
    pub fn take_digest(&mut self, user: u64, due: u64) {
        self.batch.take(digest_key(due, user), user);
    }

    pub fn prefs(&mut self, user: u64, prefs: &Prefs) -> Result<(), StoreError> {
        if *prefs == Prefs::default() {
            self.batch.remove(prefs_key(user));
        } else {
            self.batch
                .insert(prefs_key(user), serde_json::to_vec(prefs)?);
        }
        Ok(())
    }

    /// Keeps (or, `None`, forgets) `user`'s move waiting for confirmation on `game`.
    pub fn pending_move(
        &mut self,
        user: u64,
        game: u64,
        pending: Option<&PendingMove>,
    ) -> Result<(), StoreError> {
        match pending {
            Some(p) => self
                .batch
                .insert(pending_key(user, game), serde_json::to_vec(p)?),
            None => self.batch.remove(pending_key(user, game)),
        }
        Ok(())
    }
}

impl Store {
    /// `user`'s preferences (the defaults when they set none).
    pub fn prefs(&self, user: u64) -> Result<Prefs, StoreError> {
        match self.db.get(prefs_key(user))? {
            Some(v) => Ok(serde_json::from_slice(&v)?),
            None => Ok(Prefs::default()),
        }
    }

    /// `(due, user)` of every digest due at or before `until_ms`.
    pub fn digests_due(&self, until_ms: u64) -> Result<Vec<(u64, u64)>, StoreError> {
        let mut end = b"dg/".to_vec();
        end.extend_from_slice(&until_ms.saturating_add(1).to_be_bytes());
        let mut out = Vec::new();
        for kv in self.db.range(b"dg/".to_vec(), end) {
            let (k, _) = kv?;
            let num = |r: std::ops::Range<usize>| {
                k.get(r)
                    .and_then(|b| <[u8; 8]>::try_from(b).ok())
                    .map(u64::from_be_bytes)
            };
            if let (Some(due), Some(user)) = (num(3..11), num(11..19)) {
                out.push((due, user));
            }
        }
        Ok(out)
    }

    /// `user`'s move waiting for confirmation on `game`, if any.
    pub fn pending_move(&self, user: u64, game: u64) -> Result<Option<PendingMove>, StoreError> {
        match self.db.get(pending_key(user, game))? {
            Some(v) => Ok(Some(serde_json::from_slice(&v)?)),
            None => Ok(None),
        }
    }
}

/// A player's vacation (`/vacation`): `vc/<user>`; while one runs, `ve/<until><user>`
/// marks when its allowance is spent (the minute tick reads only those due).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Vacation {
    /// The calendar year (UTC) `used_days` counts in.
    #[serde(default)]
    pub year: i32,
    #[serde(default)]
    pub used_days: u32,
    /// On vacation since then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since_ms: Option<u64>,
    /// When the running vacation's allowance is spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_ms: Option<u64>,
}

fn vacation_key(user: u64) -> Vec<u8> {
    let mut k = b"vc/".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

fn vacation_end_key(until_ms: u64, user: u64) -> Vec<u8> {
    let mut k = b"ve/".to_vec();
    k.extend_from_slice(&until_ms.to_be_bytes());
    k.extend_from_slice(&user.to_be_bytes());
    k
}

impl Write {
    /// Replaces `user`'s vacation `old` (as read) with `new`, moving its end mark.
    pub fn vacation(
        &mut self,
        user: u64,
        old: &Vacation,
        new: &Vacation,
    ) -> Result<(), StoreError> {
        if let Some(until) = old.until_ms {
            self.batch.remove(vacation_end_key(until, user));
        }
        if let Some(until) = new.until_ms {
            self.batch.insert(vacation_end_key(until, user), b"");
        }
        self.batch
            .insert(vacation_key(user), serde_json::to_vec(new)?);
        Ok(())
    }
}

/// A server's public boards drawn with White at the bottom (`/settings boards:white`):
/// `sb/<server>`; absent, they turn to the player to move.
fn server_boards_key(server: u64) -> Vec<u8> {
    let mut k = b"sb/".to_vec();
    k.extend_from_slice(&server.to_be_bytes());
    k
}

impl Write {
    /// Sets whether `server`'s public boards keep White at the bottom.
    pub fn server_boards_white(&mut self, server: u64, white: bool) {
        if white {
            self.batch.insert(server_boards_key(server), b"white");
        } else {
            self.batch.remove(server_boards_key(server));
        }
    }
}

impl Store {
    /// Whether `server`'s public boards keep White at the bottom.
    pub fn server_boards_white(&self, server: u64) -> Result<bool, StoreError> {
        Ok(self.db.get(server_boards_key(server))?.is_some())
    }
}

/// A vacation's change (on, off, spent) not yet carried into every game of its
/// player: `vs/<user>` -> the time it was asked at. Written in the same batch as the
/// vacation record and removed once every game agrees, so a process killed in between
/// leaves the intent for start-up and the minute tick to finish.
fn vacation_settle_key(user: u64) -> Vec<u8> {
    let mut k = b"vs/".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

impl Write {
    /// Records (`Some(at)`) or clears (`None`) that `user`'s games must still follow
    /// their vacation record.
    pub fn vacation_unsettled(&mut self, user: u64, at: Option<u64>) {
        match at {
            Some(at) => self
                .batch
                .insert(vacation_settle_key(user), &at.to_be_bytes()[..]),
            None => self.batch.remove(vacation_settle_key(user)),
        }
    }
}

impl Store {
    /// The players whose games do not yet all follow their vacation record, each with
    /// the time the change was asked at.
    pub fn vacations_unsettled(&self) -> Result<Vec<(u64, u64)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.range(b"vs/".to_vec(), b"vs0".to_vec()) {
            let (k, v) = kv?;
            let user = k.get(3..11).and_then(|b| <[u8; 8]>::try_from(b).ok());
            let at = v.get(..8).and_then(|b| <[u8; 8]>::try_from(b).ok());
            if let (Some(user), Some(at)) = (user, at) {
                out.push((u64::from_be_bytes(user), u64::from_be_bytes(at)));
            }
        }
        Ok(out)
    }
}

impl Store {
    /// `user`'s vacation record (empty when they never took one).
    pub fn vacation(&self, user: u64) -> Result<Vacation, StoreError> {
        match self.db.get(vacation_key(user))? {
            Some(v) => Ok(serde_json::from_slice(&v)?),
            None => Ok(Vacation::default()),
        }
    }

    /// The users whose running vacation's allowance is spent at or before `until_ms`.
    pub fn vacations_ending(&self, until_ms: u64) -> Result<Vec<u64>, StoreError> {
        let mut end = b"ve/".to_vec();
        end.extend_from_slice(&until_ms.saturating_add(1).to_be_bytes());
        let mut out = Vec::new();
        for kv in self.db.range(b"ve/".to_vec(), end) {
            let (k, _) = kv?;
            if let Some(user) = k
                .get(11..19)
                .and_then(|b| <[u8; 8]>::try_from(b).ok())
                .map(u64::from_be_bytes)
            {
                out.push(user);
            }
        }
        Ok(out)
    }
}

/// A finished game's post-game review, kept so a second `/review` answers at once:
/// `rv/<game>` (the service's own encoding).
fn review_key(game: u64) -> Vec<u8> {
    let mut k = b"rv/".to_vec();
    k.extend_from_slice(&game.to_be_bytes());
    k
}

impl Write {
    /// Keeps the review of `game`.
    pub fn review(&mut self, game: u64, kept: &[u8]) {
        self.batch.insert(review_key(game), kept);
    }
}

impl Store {
    /// The kept review of `game`, if any.
    pub fn review(&self, game: u64) -> Result<Option<Vec<u8>>, StoreError> {
        self.db.get(review_key(game))
    }
}
