//! Tournaments, the pure part: who meets whom (round robin by Berger tables, Swiss by
//! a maximum-weight matching) and the standings with their tie-breaks. No I/O: the
//! service keeps events in the store and feeds their results in here.
//!
//! Players are numbered by their seed (0 is the first to join); scores are kept in
//! half points so every sum is exact.
//!
//! Owns pairing and standings (pure). Imports nothing else of the crate.

pub mod matching;
pub mod round_robin;
pub mod standings;
pub mod swiss;

use serde::{Deserialize, Serialize};

/// A player of an event, numbered in the order they joined (their seed).
pub type Seed = usize;

/// How a game of the event ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
}

/// One game of an event, as pairing and standings see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The round, from 1.
    pub round: u32,
    pub white: Seed,
    pub black: Seed,
    /// `None` while it is being played.
    pub outcome: Option<Outcome>,
    /// Decided without being played (a dropout's remaining game, X-TOUR-3).
    pub forfeit: bool,
}

impl Game {
    /// Half points won by `who` in this game (0, 1 or 2), `None` if unfinished or
    /// not theirs.
    pub fn half_points(&self, who: Seed) -> Option<u32> {
        let outcome = self.outcome?;
        let white = match outcome {
            Outcome::WhiteWins => 2,
            Outcome::Draw => 1,
            Outcome::BlackWins => 0,
        };
        if who == self.white {
            Some(white)
        } else if who == self.black {
            Some(2 - white)
        } else {
            None
        }
    }

    /// The other player of this game, if `who` plays in it.
    pub fn opponent(&self, who: Seed) -> Option<Seed> {
        if who == self.white {
            Some(self.black)
        } else if who == self.black {
            Some(self.white)
        } else {
            None
        }
    }
}

/// A point without a game, to the player left over in a Swiss round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    pub round: u32,
    pub player: Seed,
}

/// The games of one round: (white, black) pairs and the player with the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub pairs: Vec<(Seed, Seed)>,
    pub bye: Option<Seed>,
}

/// Each player's score so far in half points: games finished and byes.
pub fn scores(players: usize, games: &[Game], byes: &[Bye]) -> Vec<u32> {
    let mut score = vec![0; players];
    for g in games {
        for who in [g.white, g.black] {
            if let (Some(h), Some(s)) = (g.half_points(who), score.get_mut(who)) {
                *s += h;
            }
        }
    }
    for b in byes {
        if let Some(s) = score.get_mut(b.player) {
            *s += 2;
        }
    }
    score
}

/// A score in half points as text: `2½`, `3`, `½`.
pub fn show_half_points(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}
