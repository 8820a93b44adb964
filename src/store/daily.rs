//! The daily puzzle of each server (issue 51): `dq/<server>` (JSON [`DailyPuzzle`]),
//! its moderators' choice (the channel, the hour) and the day posted, with that day's
//! first solvers. Every write is checked against what was read, so two processes post
//! one day's puzzle once and count one solver once.

use super::puzzles::Checked;
use super::{Store, StoreError, Write};
use serde::{Deserialize, Serialize};

/// The most solvers a day's puzzle names.
pub const DAILY_NAMED: usize = 10;

/// One who solved a day's puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solver {
    pub id: u64,
    pub name: String,
}

/// A day's puzzle as posted, and who solved it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyDay {
    /// Days since 1970-01-01 (UTC).
    pub day: u64,
    pub puzzle: String,
    /// The first solvers, in order (at most [`DAILY_NAMED`]).
    #[serde(default)]
    pub first: Vec<Solver>,
    /// How many solved it in all.
    #[serde(default)]
    pub solved: u32,
    /// Who opened it (only a first try counts).
    #[serde(default)]
    pub tried: Vec<u64>,
}

/// A try at a server's puzzle of a day: the server and the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyRef {
    pub server: u64,
    pub day: u64,
}

/// A server's daily puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPuzzle {
    /// Whether it is posted.
    #[serde(default)]
    pub on: bool,
    /// Where it is posted (kept while it is off, so that turning it on again needs no
    /// channel).
    pub channel: Option<u64>,
    /// The hour (UTC) it is posted at.
    pub hour: u8,
    /// The day posted last, and the one before (named in the next post).
    #[serde(default)]
    pub today: Option<DailyDay>,
    #[serde(default)]
    pub yesterday: Option<DailyDay>,
    /// Puzzles posted before, newest last (not posted again while remembered).
    #[serde(default)]
    pub posted: Vec<String>,
}

fn daily_key(server: u64) -> Vec<u8> {
    let mut k = b"dq/".to_vec();
    k.extend_from_slice(&server.to_be_bytes());
    k
}

impl Write {
    /// Writes `server`'s daily puzzle only if it is still as `read`.
    pub fn daily_puzzle(
        &mut self,
        server: u64,
        read: &Checked<Option<DailyPuzzle>>,
        next: &DailyPuzzle,
    ) -> Result<(), StoreError> {
        let key = daily_key(server);
        self.batch.expect(key.clone(), read.stored.clone(), server);
        self.batch.insert(key, serde_json::to_vec(next)?);
        Ok(())
    }
}

impl Store {
    /// `server`'s daily puzzle, if its moderators ever set one.
    pub fn daily_puzzle(&self, server: u64) -> Result<Checked<Option<DailyPuzzle>>, StoreError> {
        let stored = self.db.get(daily_key(server))?;
        let value = match &stored {
            Some(bytes) => Some(serde_json::from_slice(bytes)?),
            None => None,
        };
        Ok(Checked { value, stored })
    }

    /// The servers whose daily puzzle is on.
    pub fn daily_servers(&self) -> Result<Vec<u64>, StoreError> {
        let mut servers = Vec::new();
        for kv in self.db.scan_prefix(b"dq/") {
            let (k, v) = kv?;
            let on = serde_json::from_slice::<DailyPuzzle>(&v)
                .is_ok_and(|d| d.on && d.channel.is_some());
            let id = k.get(3..11).and_then(|b| <[u8; 8]>::try_from(b).ok());
            if let (true, Some(id)) = (on, id) {
                servers.push(u64::from_be_bytes(id));
            }
        }
        Ok(servers)
    }
}
