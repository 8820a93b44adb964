//! What the test knows of its moves and of the fake Discord's requests.

use crate::support;
use crate::support::fake_discord::{FakeDiscord, Recorded};
use crate::world::CHANNEL0;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// One move sent: its game, its ply in that game, when it first arrived, how often it
/// was typed, and when its board was posted.
pub struct Sent {
    pub game: usize,
    pub ply: usize,
    pub at: Instant,
    pub last: Instant,
    pub typed: u32,
    pub board: Option<Instant>,
}

/// What the test knows of each game.
#[derive(Default, Clone)]
pub struct Game {
    /// Plies answered (boards seen).
    pub acked: usize,
    /// The move sent and not yet answered (index into `sent`).
    pub pending: Option<usize>,
}

/// Everything read from the fake's requests so far.
#[derive(Default)]
pub struct Seen {
    /// Requests read.
    pub read: usize,
    /// Board posts per (channel, nonce): a repeat is answered with the earlier message.
    pub by_nonce: HashMap<(u64, String), u32>,
    /// Board posts without a nonce.
    pub no_nonce: u64,
    /// Board posts that made a message, per channel.
    pub boards: HashMap<u64, u32>,
    pub requests: u64,
    pub limited: u64,
    /// Requests that read a place's messages back (the restart's catch-up).
    pub read_back: u64,
    /// The longest copy of the fake's request log (this test's own overhead).
    pub longest_read: Duration,
    /// Boards that made a message, per process (its token).
    pub by_process: HashMap<String, u64>,
}

fn board_channel(r: &Recorded) -> Option<u64> {
    if r.method != "POST" || r.files.is_empty() || r.status >= 300 {
        return None;
    }
    support::bot::channel_of(r)
}

impl Seen {
    /// Reads the requests recorded since the last look: acknowledges the pending moves
    /// whose board was posted.
    pub fn look(&mut self, fake: &FakeDiscord, games: &mut [Game], sent: &mut [Sent]) {
        let t = Instant::now();
        let log = fake.requests_since(self.read);
        self.longest_read = self.longest_read.max(t.elapsed());
        self.read += log.len();
        for r in &log {
            self.requests += 1;
            if r.status == 429 {
                self.limited += 1;
            }
            if r.method == "GET" && r.path.contains("/messages") {
                self.read_back += 1;
            }
            let Some(ch) = board_channel(r) else { continue };
            if !self.first_post(r, ch) {
                continue;
            }
            *self.by_process.entry(r.auth.clone()).or_insert(0) += 1;
            let Some(game) = ch
                .checked_sub(CHANNEL0)
                .and_then(|g| games.get_mut(g as usize))
            else {
                continue;
            };
            if let Some(i) = game.pending {
                if r.at >= sent[i].at {
                    sent[i].board = Some(r.at);
                    game.acked += 1;
                    game.pending = None;
                }
            }
        }
    }

    /// Counts a board post; false for a repeat of its nonce (Discord made no message).
    fn first_post(&mut self, r: &Recorded, ch: u64) -> bool {
        match r.json["nonce"].as_str() {
            Some(n) => {
                let count = self.by_nonce.entry((ch, n.to_string())).or_insert(0);
                *count += 1;
                if *count > 1 {
                    return false;
                }
            }
            None => self.no_nonce += 1,
        }
        *self.boards.entry(ch).or_insert(0) += 1;
        true
    }
}
