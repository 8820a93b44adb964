//! Tournaments kept in the store (`/tournament`): `ev/<id>` holds an event (JSON),
//! written only against the bytes last read (a checked write, [`Write::event`]), so
//! that two processes sharing the store never both start a round: the one whose write
//! lands first names the round's games, the other's write is a conflict and it reads
//! again. `eg/<game>` names the event a game belongs to (read when the game ends).

use super::{Store, StoreError, Write};
use crate::model::User;
use crate::tournament;
use crate::variants::{Options, VariantId};
use serde::{Deserialize, Serialize};

/// How an event pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventFormat {
    /// Everyone meets everyone, `cycles` times (1 or 2, colours swapped).
    RoundRobin { cycles: u32 },
    /// `rounds` rounds paired by score.
    Swiss { rounds: u32 },
}

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventState {
    /// Taking players.
    Open,
    Running,
    Finished,
    Cancelled,
}

/// One game of an event: its pairing and result, and the service's game once started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventGame {
    pub pairing: tournament::Game,
    /// The game's id, chosen when its round is written (before the game is created,
    /// so a process creating it after a crash creates that very game, once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// Whether the game was created in the store.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub created: bool,
}

/// A tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    pub server: Option<u64>,
    /// Where it was created: its games are played in threads under it.
    pub channel: u64,
    pub organiser: User,
    pub name: String,
    pub variant: VariantId,
    pub options: Options,
    pub format: EventFormat,
    /// Days per move (0: no limit) and days of bank.
    pub days: u32,
    #[serde(default)]
    pub bank_days: u32,
    pub rated: bool,
    /// Whether players on vacation stop their clocks in the event's games.
    pub vacation: bool,
    /// The most players it takes (0: no limit).
    pub limit: u32,
    /// Starts by itself then (the minute tick); `None`: when its organiser starts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_ms: Option<u64>,
    pub state: EventState,
    /// In seed order (the order they joined).
    pub players: Vec<User>,
    pub withdrawn: Vec<bool>,
    /// Games lost on time in the event, per player (two: a dropout, X-TOUR-3).
    pub time_losses: Vec<u32>,
    pub games: Vec<EventGame>,
    pub byes: Vec<tournament::Bye>,
    /// The last round started (0: none yet).
    pub round: u32,
    pub created_ms: u64,
    /// The message that shows the standings, edited after every finished game (noted
    /// once the front end has posted it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<u64>,
}

impl Event {
    /// The pairings, as the pure tournament code reads them.
    pub fn pairings(&self) -> Vec<tournament::Game> {
        self.games.iter().map(|g| g.pairing).collect()
    }

    /// The seed of `user`, if they play in it.
    pub fn seed_of(&self, user: u64) -> Option<usize> {
        self.players.iter().position(|p| p.id == user)
    }
}

/// An event as read, with what a write replacing it must find.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    pub event: Event,
    stored: Vec<u8>,
}

fn event_key(id: u64) -> Vec<u8> {
    let mut k = b"ev/".to_vec();
    k.extend_from_slice(&id.to_be_bytes());
    k
}

fn event_game_key(game: u64) -> Vec<u8> {
    let mut k = b"eg/".to_vec();
    k.extend_from_slice(&game.to_be_bytes());
    k
}

impl Write {
    /// Writes `event`, only if it is still as `read` (`None`: a new event, absent):
    /// else the whole write fails with a conflict.
    pub fn event(&mut self, read: Option<&StoredEvent>, event: &Event) -> Result<(), StoreError> {
        let key = event_key(event.id);
        self.batch
            .expect(key.clone(), read.map(|r| r.stored.clone()), event.id);
        self.batch.insert(key, serde_json::to_vec(event)?);
        Ok(())
    }

    /// Marks game `game` as one of event `event`'s.
    pub fn event_game(&mut self, game: u64, event: u64) {
        self.batch.insert(event_game_key(game), event.to_be_bytes());
    }
}

impl Store {
    /// Event `id`, if there is one.
    pub fn event(&self, id: u64) -> Result<Option<StoredEvent>, StoreError> {
        let Some(stored) = self.db.get(event_key(id))? else {
            return Ok(None);
        };
        Ok(Some(StoredEvent {
            event: serde_json::from_slice(&stored)?,
            stored,
        }))
    }

    /// Every event, oldest first.
    pub fn events(&self) -> Result<Vec<StoredEvent>, StoreError> {
        self.db
            .scan_prefix(b"ev/")
            .map(|kv| {
                let (_, stored) = kv?;
                Ok(StoredEvent {
                    event: serde_json::from_slice(&stored)?,
                    stored,
                })
            })
            .collect()
    }

    /// The event game `game` belongs to, if any.
    pub fn event_of_game(&self, game: u64) -> Result<Option<u64>, StoreError> {
        Ok(self
            .db
            .get(event_game_key(game))?
            .and_then(|v| <[u8; 8]>::try_from(v.as_slice()).ok())
            .map(u64::from_be_bytes))
    }
}
