//! Puzzles and the players who solve them (issue 51):
//! - `pz/<id>`: a puzzle (JSON [`StoredPuzzle`]), its rating moving with its solvers;
//! - `pb/<user>`: a player's puzzle book (JSON [`PuzzleBook`]): puzzle ratings per
//!   game, the streak, the puzzle open now and the puzzles tried;
//! - `pk/<mark>`: a starter set already loaded (its digest), so a start loads it once;
//! - `pm/<owner><id>`: a player's own puzzle, made from a mistake of theirs that a
//!   review found ("learn from your mistakes"): kept apart from the public ones, so
//!   that nothing listing or naming puzzles (`/puzzle`, the web) ever finds another
//!   player's;
//! - `pq/<end order>`: a finished game waiting for the background job that makes
//!   puzzles of it (written with the game's end); `ph/<game>`: that job's claim on a
//!   game ([`HarvestClaim`]), so that one process only ever harvests it.
//!
//! Every write of a puzzle or a book is checked against what was read: two answers at
//! once (two processes, a redelivery) never both count.

use super::{Store, StoreError, Write};
use crate::ratings::Glicko;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most puzzles a book remembers as tried (the oldest are forgotten first).
pub const MAX_TRIED: usize = 5000;

/// A puzzle as the store keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredPuzzle {
    pub id: String,
    /// The game's id (`standard`, `wand`).
    pub variant: String,
    /// Its position as text (`SEED|OPTIONS|FEN|ANSWERS`).
    pub position: String,
    /// The solving line: the solver's answers and the opponent's replies.
    pub line: Vec<String>,
    pub themes: Vec<String>,
    /// The game it came from.
    pub source: String,
    pub glicko: Glicko,
    /// Rated attempts, and how many solved it.
    #[serde(default)]
    pub attempts: u32,
    #[serde(default)]
    pub solved: u32,
    /// The player whose own mistake this puzzle is (`None`: a public puzzle). Such a
    /// puzzle is kept under its owner (`pm/`) and shown to no one else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<u64>,
    /// What the owner played in the puzzle's position (their mistake), as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<String>,
}

/// The background job's claim on a finished game: taken (`done: false`) before its
/// puzzles are made, then marked done with them. A claim whose process died (taken
/// long ago and not done) may be taken over, checked against what was read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HarvestClaim {
    /// Who took it (the process's claimer name) and when.
    pub by: String,
    pub at_ms: u64,
    pub done: bool,
    /// Puzzles stored from the game (once done).
    #[serde(default)]
    pub puzzles: u32,
}

/// A player's puzzle rating in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleStanding {
    pub glicko: Glicko,
    pub solved: u32,
    pub failed: u32,
}

/// The puzzle a player has open: which, at which step of its line, and whether its
/// result counts for the ratings (a puzzle tried before does not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    pub puzzle: String,
    pub step: usize,
    pub rated: bool,
    /// The server's puzzle of the day this try counts for, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<super::DailyRef>,
    /// The game the puzzle is of (the book's rating it moves).
    pub variant: String,
}

/// A player's puzzle book.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleBook {
    /// Puzzle ratings by game id.
    #[serde(default)]
    pub ratings: BTreeMap<String, PuzzleStanding>,
    /// Puzzles solved in a row, and the longest such run.
    #[serde(default)]
    pub streak: u32,
    #[serde(default)]
    pub best_streak: u32,
    #[serde(default)]
    pub open: Option<Attempt>,
    /// Puzzles tried, oldest first (at most [`MAX_TRIED`]).
    #[serde(default)]
    pub tried: Vec<String>,
}

/// A value as read, with what a checked write replacing it must still find.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Checked<T> {
    pub value: T,
    pub(super) stored: Option<Vec<u8>>,
}

fn puzzle_key(id: &str) -> Vec<u8> {
    let mut k = b"pz/".to_vec();
    k.extend_from_slice(id.as_bytes());
    k
}

/// A player's own puzzle: `pm/<owner><id>`.
fn own_key(owner: u64, id: &str) -> Vec<u8> {
    let mut k = b"pm/".to_vec();
    k.extend_from_slice(&owner.to_be_bytes());
    k.extend_from_slice(id.as_bytes());
    k
}

/// Where puzzle `p` is kept: under its owner, else among the public ones.
fn key_of(p: &StoredPuzzle) -> Vec<u8> {
    match p.owner {
        Some(owner) => own_key(owner, &p.id),
        None => puzzle_key(&p.id),
    }
}

/// A finished game waiting for the harvest: `pq/<end order>`.
fn queue_key(order: u64) -> Vec<u8> {
    let mut k = b"pq/".to_vec();
    k.extend_from_slice(&order.to_be_bytes());
    k
}

/// The harvest's claim on a game: `ph/<game>`.
fn claim_key(game: u64) -> Vec<u8> {
    let mut k = b"ph/".to_vec();
    k.extend_from_slice(&game.to_be_bytes());
    k
}

fn book_key(user: u64) -> Vec<u8> {
    let mut k = b"pb/".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

fn mark_key(mark: &str) -> Vec<u8> {
    let mut k = b"pk/".to_vec();
    k.extend_from_slice(mark.as_bytes());
    k
}

/// The number a conflict on a puzzle write names (its id read as hex, else 0).
fn conflict_id(id: &str) -> u64 {
    u64::from_str_radix(id, 16).unwrap_or(0)
}

impl Write {
    /// Writes puzzle `next` only if it is still as `read` (a new one: still absent).
    pub fn puzzle(
        &mut self,
        read: &Checked<Option<StoredPuzzle>>,
        next: &StoredPuzzle,
    ) -> Result<(), StoreError> {
        let key = key_of(next);
        self.batch
            .expect(key.clone(), read.stored.clone(), conflict_id(&next.id));
        self.batch.insert(key, serde_json::to_vec(next)?);
        Ok(())
    }

    /// Writes `user`'s puzzle book only if it is still as `read`.
    pub fn puzzle_book(
        &mut self,
        user: u64,
        read: &Checked<PuzzleBook>,
        next: &PuzzleBook,
    ) -> Result<(), StoreError> {
        let key = book_key(user);
        self.batch.expect(key.clone(), read.stored.clone(), user);
        self.batch.insert(key, serde_json::to_vec(next)?);
        Ok(())
    }

    /// Marks a starter set as loaded.
    pub fn puzzles_loaded(&mut self, mark: &str) {
        self.batch.insert(mark_key(mark), b"1");
    }

    /// Game `game`, finished with end order `order`, waits for the harvest.
    pub fn harvest_queued(&mut self, order: u64, game: u64) {
        self.batch.insert(queue_key(order), game.to_be_bytes());
    }

    /// The harvest's claim on game `game` replaced by `next`, only if it is still as
    /// `read` (a new claim: still absent); `order`: its queue entry, dropped with it
    /// when the claim is done.
    pub fn harvest_claim(
        &mut self,
        game: u64,
        read: &Checked<Option<HarvestClaim>>,
        next: &HarvestClaim,
        order: u64,
    ) -> Result<(), StoreError> {
        let key = claim_key(game);
        self.batch.expect(key.clone(), read.stored.clone(), game);
        self.batch.insert(key, serde_json::to_vec(next)?);
        if next.done {
            self.batch.remove(queue_key(order));
        }
        Ok(())
    }
}

impl Store {
    /// Puzzle `id`, if stored.
    pub fn puzzle(&self, id: &str) -> Result<Checked<Option<StoredPuzzle>>, StoreError> {
        let stored = self.db.get(puzzle_key(id))?;
        let value = match &stored {
            Some(bytes) => Some(serde_json::from_slice(bytes)?),
            None => None,
        };
        Ok(Checked { value, stored })
    }

    /// Every stored puzzle (an unreadable one is left out and logged).
    pub fn puzzles(&self) -> Result<Vec<StoredPuzzle>, StoreError> {
        let mut all = Vec::new();
        for kv in self.db.scan_prefix(b"pz/") {
            let (k, v) = kv?;
            match serde_json::from_slice(&v) {
                Ok(p) => all.push(p),
                Err(e) => tracing::error!("store: puzzle {}: {e}", String::from_utf8_lossy(&k)),
            }
        }
        Ok(all)
    }

    /// `user`'s puzzle book (empty when they never tried one).
    pub fn puzzle_book(&self, user: u64) -> Result<Checked<PuzzleBook>, StoreError> {
        let stored = self.db.get(book_key(user))?;
        let value = match &stored {
            Some(bytes) => serde_json::from_slice(bytes)?,
            None => PuzzleBook::default(),
        };
        Ok(Checked { value, stored })
    }

    /// `owner`'s own puzzle `id`, if stored.
    pub fn own_puzzle(
        &self,
        owner: u64,
        id: &str,
    ) -> Result<Checked<Option<StoredPuzzle>>, StoreError> {
        let stored = self.db.get(own_key(owner, id))?;
        let value = match &stored {
            Some(bytes) => Some(serde_json::from_slice(bytes)?),
            None => None,
        };
        Ok(Checked { value, stored })
    }

    /// Puzzle `id` as `user` may see it: a public one, else one of their own (another
    /// player's own puzzle is not found).
    pub fn puzzle_for(
        &self,
        user: u64,
        id: &str,
    ) -> Result<Checked<Option<StoredPuzzle>>, StoreError> {
        let public = self.puzzle(id)?;
        if public.value.is_some() {
            return Ok(public);
        }
        self.own_puzzle(user, id)
    }

    /// Every own puzzle of `owner` (an unreadable one is left out and logged).
    pub fn own_puzzles(&self, owner: u64) -> Result<Vec<StoredPuzzle>, StoreError> {
        let mut prefix = b"pm/".to_vec();
        prefix.extend_from_slice(&owner.to_be_bytes());
        let mut all = Vec::new();
        for kv in self.db.scan_prefix(prefix) {
            let (_, v) = kv?;
            match serde_json::from_slice(&v) {
                Ok(p) => all.push(p),
                Err(e) => tracing::error!("store: an own puzzle of {owner}: {e}"),
            }
        }
        Ok(all)
    }

    /// The games waiting for the harvest, `(end order, game)`, the earliest first.
    pub fn harvest_queue(&self) -> Result<Vec<(u64, u64)>, StoreError> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(b"pq/") {
            let (k, v) = kv?;
            let order = k.get(3..).and_then(super::id_of);
            if let (Some(order), Some(game)) = (order, super::id_of(&v)) {
                out.push((order, game));
            }
        }
        Ok(out)
    }

    /// The harvest's claim on game `game`, if any.
    pub fn harvest_claim(&self, game: u64) -> Result<Checked<Option<HarvestClaim>>, StoreError> {
        let stored = self.db.get(claim_key(game))?;
        let value = match &stored {
            Some(bytes) => Some(serde_json::from_slice(bytes)?),
            None => None,
        };
        Ok(Checked { value, stored })
    }

    /// Whether the starter set `mark` was loaded.
    pub fn puzzles_loaded(&self, mark: &str) -> Result<bool, StoreError> {
        self.db.contains_key(mark_key(mark))
    }
}
