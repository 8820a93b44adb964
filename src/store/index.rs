//! Indexes kept beside the game records, so that nothing needs every game in memory:
//! a listing of each active game by server and by player (`/games`, `/profile`), the
//! games waiting for the computer, the next time each game's clock needs a look, and
//! each player's finished games for their profile. They are plain keys written in the
//! same batch as the record they describe (on PostgreSQL, rows of the kv table).
//!
//! The writer says what to index; the store only keeps it. A deadline entry whose game
//! has moved on since is harmless: the reader checks the game and drops the entry.

use super::{id_of, key, Challenge, ComputerSeat, Store, StoreError, Write};
use crate::core::Side;
use crate::model::User;
use crate::ratings::{Finished, RatingChange, Score};
use crate::variants::VariantId;
use serde::{Deserialize, Serialize};

/// What lists and profiles show of an active game, without loading it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Listing {
    pub id: u64,
    /// Where it is played.
    pub channel: u64,
    pub server: Option<u64>,
    /// White then Black.
    pub players: [User; 2],
    pub variant: VariantId,
    pub rated: bool,
    /// Turns played so far.
    pub turns: usize,
    /// The side asked now (`None` once nobody is asked).
    pub to_move: Option<Side>,
    pub computer: Option<ComputerSeat>,
    /// When the turn in progress runs out (`None`: no limit, or a listing written
    /// before deadlines were listed: it gets one with the game's next write).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
}

impl Listing {
    /// Whether the game waits for the computer's answer.
    pub fn computer_asked(&self) -> bool {
        matches!((self.computer, self.to_move), (Some(c), Some(s)) if c.side == s)
    }

    pub fn side_of(&self, user: u64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.players[s.index()].id == user)
    }
}

/// A finished game as a player's profile lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PastGame {
    pub id: u64,
    pub server: Option<u64>,
    pub variant: VariantId,
    /// White's and Black's ids and names.
    pub players: [User; 2],
    pub rated: bool,
    pub score: Score,
    pub order: u64,
    pub end_ms: u64,
    pub change: Option<[RatingChange; 2]>,
}

impl PastGame {
    pub fn finished(&self) -> Finished {
        Finished {
            id: self.id,
            server: self.server,
            variant: self.variant,
            players: [self.players[0].id, self.players[1].id],
            rated: self.rated,
            score: self.score,
            order: self.order,
            end_ms: self.end_ms,
        }
    }
}

/// Marks a store whose active games all have their index entries.
const GAMES_INDEXED: &[u8] = b"ix/games";
/// Marks a store whose challenges all have their index entries.
const CHALLENGES_INDEXED: &[u8] = b"ix/challenges";
/// Marks a store whose finished games all have their profile entries and their
/// server's entries (`ix/results` marked a store from before the server entries: such a
/// store derives them once, as a store from before results did).
const RESULTS_INDEXED: &[u8] = b"ix/results-2";
/// The end order of the last game rated.
const LAST_ORDER: &[u8] = b"ix/order";

fn server_key(server: Option<u64>) -> u64 {
    server.map_or(0, |s| s.wrapping_add(1))
}

fn two(prefix: u8, a: u64, b: u64) -> Vec<u8> {
    let mut k = key(prefix, a);
    k.extend_from_slice(&b.to_be_bytes());
    k
}

fn listing_key(server: Option<u64>, id: u64) -> Vec<u8> {
    two(b'm', server_key(server), id)
}

/// A server's finished game: `sr/<server><end time><id>`.
fn server_result_key(server: Option<u64>, end_ms: u64, id: u64) -> Vec<u8> {
    let mut k = b"sr/".to_vec();
    k.extend_from_slice(&server_key(server).to_be_bytes());
    k.extend_from_slice(&end_ms.to_be_bytes());
    k.extend_from_slice(&id.to_be_bytes());
    k
}

/// A channel's challenge: `hc/<channel><id>`.
fn channel_challenge(channel: u64, id: u64) -> Vec<u8> {
    let mut k = b"hc/".to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k.extend_from_slice(&id.to_be_bytes());
    k
}

/// A pending challenge: `hp/<id>`.
pub(super) fn pending_challenge(id: u64) -> Vec<u8> {
    let mut k = b"hp/".to_vec();
    k.extend_from_slice(&id.to_be_bytes());
    k
}

impl Write {
    /// The index entries of a challenge being stored: under its channel, and among
    /// the pending ones until it is settled.
    pub(super) fn challenge_index(&mut self, c: &Challenge) {
        self.batch.insert(channel_challenge(c.channel, c.id), []);
        if c.outcome.is_none() {
            self.batch
                .insert(pending_challenge(c.id), c.channel.to_be_bytes());
        } else {
            self.batch.remove(pending_challenge(c.id));
        }
    }

    /// Marks every stored challenge as indexed.
    pub fn challenges_indexed(&mut self) {
        self.batch.insert(CHALLENGES_INDEXED, b"1");
    }

    /// Keeps the index entries of a game in step with this write of its record: its
    /// listing while `active`, and its next clock time `due` (the entry of `was_due`,
    /// the time written with its previous record, goes).
    pub fn index(
        &mut self,
        l: &Listing,
        active: bool,
        due: Option<u64>,
        was_due: Option<u64>,
    ) -> Result<(), StoreError> {
        if let Some(old) = was_due.filter(|old| Some(*old) != due || !active) {
            self.undue(old, l.id);
        }
        let players = [l.players[0].id, l.players[1].id];
        if !active {
            self.batch.remove(listing_key(l.server, l.id));
            for p in players {
                self.batch.remove(two(b'u', p, l.id));
            }
            self.batch.remove(key(b'w', l.id));
            return Ok(());
        }
        self.batch
            .insert(listing_key(l.server, l.id), serde_json::to_vec(l)?);
        for p in players {
            self.batch
                .insert(two(b'u', p, l.id), server_key(l.server).to_be_bytes());
        }
        if l.computer_asked() {
            self.batch.insert(key(b'w', l.id), l.channel.to_be_bytes());
        } else {
            self.batch.remove(key(b'w', l.id));
        }
        if let Some(due) = due {
            self.batch
                .insert(two(b'd', due, l.id), l.channel.to_be_bytes());
        }
        Ok(())
    }

    /// Drops the clock entry of game `id` at `due` (it moved on).
    pub fn undue(&mut self, due: u64, id: u64) {
        self.batch.remove(two(b'd', due, id));
    }

    /// Marks every active game as indexed (after a pass that indexed them).
    pub fn games_indexed(&mut self) {
        self.batch.insert(GAMES_INDEXED, b"1");
    }

    /// A finished game in both players' profiles and its server's recent games, and
    /// the end order it took.
    pub fn result(&mut self, r: &PastGame) -> Result<(), StoreError> {
        let v = serde_json::to_vec(r)?;
        let (a, b, c) = r.finished().sort_key();
        self.batch
            .insert(server_result_key(r.server, r.end_ms, r.id), &v);
        for p in &r.players {
            let mut k = two(b'p', p.id, a);
            k.extend_from_slice(&b.to_be_bytes());
            k.extend_from_slice(&c.to_be_bytes());
            self.batch.insert(k, &v);
            self.batch.insert(key(b'n', p.id), p.name.as_bytes());
        }
        if r.order > 0 {
            self.last_order(r.order);
        }
        Ok(())
    }

    /// The end order of the last game rated.
    pub fn last_order(&mut self, order: u64) {
        self.batch.insert(LAST_ORDER, order.to_be_bytes());
    }

    /// The write applies only if the end order of the last game rated is still as read
    /// (`None`: none stored); else it fails whole with a conflict naming game `id`.
    /// Two processes ending games at once so never rate from the same old table.
    pub fn last_order_is(&mut self, order: Option<u64>, id: u64) {
        let value = order.map(|o| o.to_be_bytes().to_vec());
        self.batch.expect(LAST_ORDER.to_vec(), value, id);
    }

    /// Marks every finished game as in its players' profiles.
    pub fn results_indexed(&mut self) {
        self.batch.insert(RESULTS_INDEXED, b"1");
    }
}

impl Store {
    /// Whether every active game has its index entries (else a pass must make them).
    pub fn games_indexed(&self) -> Result<bool, StoreError> {
        self.db.contains_key(GAMES_INDEXED)
    }

    /// Whether every finished game is in its players' profiles.
    pub fn results_indexed(&self) -> Result<bool, StoreError> {
        self.db.contains_key(RESULTS_INDEXED)
    }

    /// Whether every stored challenge has its index entries.
    pub fn challenges_indexed(&self) -> Result<bool, StoreError> {
        self.db.contains_key(CHALLENGES_INDEXED)
    }

    /// A stored challenge by its id (pending, or settled and not yet forgotten).
    pub fn challenge_by_id(&self, id: u64) -> Result<Option<Challenge>, StoreError> {
        match self.db.get(key(b'h', id))? {
            Some(v) => Ok(Some(serde_json::from_slice(&v)?)),
            None => Ok(None),
        }
    }

    /// Every pending challenge (the clock expires them).
    pub fn pending_challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(b"hp/") {
            let (k, _) = kv?;
            if let Some(c) = k.get(3..).and_then(id_of) {
                out.extend(self.challenge_by_id(c)?.filter(|c| c.outcome.is_none()));
            }
        }
        Ok(out)
    }

    /// The challenges stored for a channel, pending and settled; entries of challenges
    /// forgotten since are dropped on the way.
    pub fn challenges_in(&self, channel: u64) -> Result<Vec<Challenge>, StoreError> {
        let mut out = Vec::new();
        let mut stale = Write::new();
        let mut prefix = b"hc/".to_vec();
        prefix.extend_from_slice(&channel.to_be_bytes());
        for kv in self.db.scan_prefix(prefix) {
            let (k, _) = kv?;
            let Some(id) = k.get(11..).and_then(id_of) else {
                continue;
            };
            match self.challenge_by_id(id)? {
                Some(c) => out.push(c),
                None => stale.batch.remove(k),
            }
        }
        if !stale.batch.ops.is_empty() {
            self.commit_lazy(stale)?;
        }
        Ok(out)
    }

    /// The listings of the active games of a server (`None`: outside any server).
    pub fn listings_of_server(&self, server: Option<u64>) -> Result<Vec<Listing>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(key(b'm', server_key(server))) {
            let (_, v) = kv?;
            out.push(serde_json::from_slice(&v)?);
        }
        Ok(out)
    }

    /// The last `n` finished games of a server (`None`: outside any server), the
    /// latest first.
    pub fn results_of_server(
        &self,
        server: Option<u64>,
        n: usize,
        keep: impl Fn(&PastGame) -> bool,
    ) -> Result<Vec<PastGame>, StoreError> {
        let mut prefix = b"sr/".to_vec();
        prefix.extend_from_slice(&server_key(server).to_be_bytes());
        self.last_results(prefix, n, keep)
    }

    /// The listings of the active games `user` plays in.
    pub fn listings_of_user(&self, user: u64) -> Result<Vec<Listing>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(key(b'u', user)) {
            let (k, v) = kv?;
            let (Some(id), Some(server)) = (k.get(10..).and_then(id_of), id_of(&v)) else {
                continue;
            };
            if let Some(l) = self.db.get(two(b'm', server, id))? {
                out.push(serde_json::from_slice(&l)?);
            }
        }
        Ok(out)
    }

    /// `(game id, channel)` of every game waiting for the computer's answer.
    pub fn computer_waiting(&self) -> Result<Vec<(u64, u64)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(b"w/") {
            let (k, v) = kv?;
            if let (Some(id), Some(ch)) = (k.get(2..).and_then(id_of), id_of(&v)) {
                out.push((id, ch));
            }
        }
        Ok(out)
    }

    /// `(due, game id, channel)` of every clock entry due at or before `until_ms`,
    /// earliest first.
    pub fn due(&self, until_ms: u64) -> Result<Vec<(u64, u64, u64)>, StoreError> {
        let mut out = Vec::new();
        let end = key(b'd', until_ms.saturating_add(1));
        for kv in self.db.range(b"d/".to_vec(), end) {
            let (k, v) = kv?;
            let due = k.get(2..10).and_then(id_of);
            let id = k.get(10..).and_then(id_of);
            if let (Some(due), Some(id), Some(ch)) = (due, id, id_of(&v)) {
                out.push((due, id, ch));
            }
        }
        Ok(out)
    }

    /// The last `n` results of `user`, newest first, among those `keep` accepts.
    pub fn results_of(
        &self,
        user: u64,
        n: usize,
        keep: impl Fn(&PastGame) -> bool,
    ) -> Result<Vec<PastGame>, StoreError> {
        self.last_results(key(b'p', user), n, keep)
    }

    /// The last `n` results stored under `prefix`, newest first, among those `keep`
    /// accepts.
    fn last_results(
        &self,
        prefix: Vec<u8>,
        n: usize,
        keep: impl Fn(&PastGame) -> bool,
    ) -> Result<Vec<PastGame>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(prefix).rev() {
            let (_, v) = kv?;
            let r: PastGame = serde_json::from_slice(&v)?;
            if keep(&r) {
                out.push(r);
                if out.len() == n {
                    break;
                }
            }
        }
        Ok(out)
    }

    /// The name every player last had in a finished game.
    pub fn player_names(&self) -> Result<Vec<(u64, String)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(b"n/") {
            let (k, v) = kv?;
            if let Some(id) = k.get(2..).and_then(id_of) {
                out.push((id, String::from_utf8_lossy(&v).into_owned()));
            }
        }
        Ok(out)
    }

    /// Outbox entry `id` while it waits for delivery.
    pub fn outbox_entry(&self, id: u64) -> Result<Option<serde_json::Value>, StoreError> {
        match self.db.get(key(b'o', id))? {
            Some(v) => Ok(Some(serde_json::from_slice(&v)?)),
            None => Ok(None),
        }
    }

    /// The end order of the last game rated (0: none yet).
    pub fn last_order(&self) -> Result<u64, StoreError> {
        Ok(self.last_order_stored()?.unwrap_or(0))
    }

    /// The end order of the last game rated, as stored (`None`: none is).
    pub fn last_order_stored(&self) -> Result<Option<u64>, StoreError> {
        Ok(self.db.get(LAST_ORDER)?.and_then(|v| id_of(&v)))
    }
}
