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

    /// `user`'s move waiting for confirmation on `game`, if any.
    pub fn pending_move(&self, user: u64, game: u64) -> Result<Option<PendingMove>, StoreError> {
        match self.db.get(pending_key(user, game))? {
            Some(v) => Ok(Some(serde_json::from_slice(&v)?)),
            None => Ok(None),
        }
    }
}
