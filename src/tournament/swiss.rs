//! Swiss pairing by a maximum-weight matching: every possible game of the round is an
//! edge whose weight says how good it is, and the best matching is the round.
//!
//! In order of importance (each outweighs everything below it together): as many
//! games as possible; no rematch and no second bye (those edges do not exist); scores
//! as equal as possible (the square of each difference counts); colours each player
//! can have; within a score group, the top half meets the bottom half (1 v 4, 2 v 5 in
//! a group of six, as the Dutch system does; in a group of more than sixteen, eight places
//! below). X-TOUR-1.

use super::matching::{max_weight_matching, Edge};
use super::{scores, Bye, Game, Round, Seed};
use std::collections::HashSet;

/// Beyond this many players, each one is offered only the opponents within this many
/// places of them in the ranking (with the whole field again if that fails), which
/// keeps 1,000 players fast; the weights make farther games worse anyway.
const WINDOW: usize = 16;

/// Why no round could be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// Fewer than two players are left.
    TooFewPlayers,
    /// Every pairing would repeat a game or a bye.
    NoPairing,
}

impl std::fmt::Display for PairingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PairingError::TooFewPlayers => "fewer than two players are left to pair",
            PairingError::NoPairing => "every pairing would repeat a game or a bye",
        })
    }
}

/// A colour a player wants next, and how much: 3 absolute (two of a colour in a row,
/// or two more of one colour), 2 strong (one more of one colour), 1 mild (alternate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Want {
    white: bool,
    strength: u8,
}

fn wants(players: usize, games: &[Game]) -> Vec<Option<Want>> {
    let mut history: Vec<Vec<(u32, bool)>> = vec![Vec::new(); players];
    for g in games.iter().filter(|g| !g.forfeit) {
        if g.white < players && g.black < players {
            history[g.white].push((g.round, true));
            history[g.black].push((g.round, false));
        }
    }
    history
        .into_iter()
        .map(|mut h| {
            h.sort_unstable();
            let whites = h.iter().filter(|c| c.1).count() as i64;
            let diff = whites * 2 - h.len() as i64;
            let last = h.last()?.1;
            let twice = h.len() >= 2 && h[h.len() - 2].1 == last;
            Some(if diff.abs() >= 2 || twice {
                Want {
                    white: if diff != 0 { diff < 0 } else { !last },
                    strength: 3,
                }
            } else if diff != 0 {
                Want {
                    white: diff < 0,
                    strength: 2,
                }
            } else {
                Want {
                    white: !last,
                    strength: 1,
                }
            })
        })
        .collect()
}

/// Pairs the next round of a Swiss among the players marked `active`, given every
/// game and bye so far. Players with equal scores meet where they can, no two players
/// meet twice, and a player left over gets the bye unless they had one already.
pub fn pair(active: &[bool], games: &[Game], byes: &[Bye]) -> Result<Round, PairingError> {
    pair_within(active, games, byes, WINDOW)
}

/// [`pair`] offering each player only the `window` players either side of them in the
/// ranking when the field has more than twice that many.
fn pair_within(
    active: &[bool],
    games: &[Game],
    byes: &[Bye],
    window: usize,
) -> Result<Round, PairingError> {
    let field = Field::new(active, games, byes)?;
    let n = field.ranked.len();
    let vertices = n + field.odd() as usize;
    let wanted_pairs = vertices / 2;
    let solve = |edges: &[Edge]| -> Option<Vec<Option<usize>>> {
        let mate = max_weight_matching(vertices, edges);
        let matched = mate.iter().filter(|m| m.is_some()).count();
        (matched == wanted_pairs * 2).then_some(mate)
    };
    let mate = if n > 2 * window {
        solve(&field.edges(window)).or_else(|| solve(&field.edges(n)))
    } else {
        solve(&field.edges(n))
    }
    .ok_or(PairingError::NoPairing)?;
    Ok(field.round(&mate))
}

/// The active players ranked for a round's pairing, with what weighs each possible
/// pair: their scores, whether they met, their colour wishes, their places in their
/// score groups. Vertex `i` of the matching is `ranked[i]`; vertex `n` is the bye.
struct Field {
    ranked: Vec<Seed>,
    score: Vec<u32>,
    met: HashSet<(Seed, Seed)>,
    had_bye: HashSet<Seed>,
    want: Vec<Option<Want>>,
    /// Place of each ranked player within their score group, and the group's size.
    group_place: Vec<usize>,
    group_size: Vec<usize>,
    /// The weights' units: every pair's base, then the costs of a score difference, of
    /// a colour wish not met, and of a pair far from the Dutch system's.
    base: i64,
    score_unit: i64,
    colour_unit: i64,
    dutch_unit: i64,
}

impl Field {
    fn new(active: &[bool], games: &[Game], byes: &[Bye]) -> Result<Field, PairingError> {
        let players = active.len();
        let score = scores(players, games, byes);
        let mut ranked: Vec<Seed> = (0..players).filter(|&p| active[p]).collect();
        if ranked.len() < 2 {
            return Err(PairingError::TooFewPlayers);
        }
        ranked.sort_by_key(|&p| (std::cmp::Reverse(score[p]), p));
        let n = ranked.len();
        let met: HashSet<(Seed, Seed)> = games
            .iter()
            .map(|g| (g.white.min(g.black), g.white.max(g.black)))
            .collect();
        let had_bye: HashSet<Seed> = byes.iter().map(|b| b.player).collect();
        let want = wants(players, games);
        let (group_place, group_size) = score_groups(&ranked, &score);
        let max_diff = score.iter().copied().max().unwrap_or(0) as i64;
        let dutch_unit = 1i64;
        let colour_unit = (n as i64 + 1) * dutch_unit;
        let score_unit = (n as i64 + 1) * 40 * colour_unit;
        let base = (n as i64 + 1) * (score_unit * (max_diff * max_diff + 1) + 40 * colour_unit);
        Ok(Field {
            ranked,
            score,
            met,
            had_bye,
            want,
            group_place,
            group_size,
            base,
            score_unit,
            colour_unit,
            dutch_unit,
        })
    }

    fn odd(&self) -> bool {
        self.ranked.len() % 2 == 1
    }

    /// The weight of pairing ranked players `i` and `j`.
    fn weight(&self, i: usize, j: usize) -> i64 {
        let (score, want) = (&self.score, &self.want);
        let (a, b) = (self.ranked[i], self.ranked[j]);
        let d = score[a] as i64 - score[b] as i64;
        let colour = match (want[a], want[b]) {
            (Some(x), Some(y)) if x.white == y.white => match x.strength.min(y.strength) {
                3 => 30,
                2 => 8,
                _ => 1,
            },
            _ => 0,
        };
        let dutch = if score[a] == score[b] {
            let half = (self.group_size[i] / 2).min(WINDOW / 2);
            let gap = self.group_place[i].abs_diff(self.group_place[j]);
            gap.abs_diff(half) as i64
        } else {
            0
        };
        self.base - self.score_unit * d * d - self.colour_unit * colour - self.dutch_unit * dutch
    }

    /// The weight of giving ranked player `i` the bye.
    fn bye_weight(&self, i: usize) -> i64 {
        let n = self.ranked.len();
        let lowest = self.score[self.ranked[n - 1]] as i64;
        let d = self.score[self.ranked[i]] as i64 - lowest + 1;
        self.base - self.score_unit * d * d - self.dutch_unit * (n - i) as i64
    }

    /// The edges of the matching: each pair of players within `window` places who have
    /// not met, and the bye for those near the bottom who have not had it.
    fn edges(&self, window: usize) -> Vec<Edge> {
        let n = self.ranked.len();
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n.min(i + 1 + window) {
                let (a, b) = (self.ranked[i], self.ranked[j]);
                if !self.met.contains(&(a.min(b), a.max(b))) {
                    edges.push((i, j, self.weight(i, j)));
                }
            }
            if self.odd() && !self.had_bye.contains(&self.ranked[i]) && i + window >= n {
                edges.push((i, n, self.bye_weight(i)));
            }
        }
        edges
    }

    /// The round a matching makes.
    fn round(&self, mate: &[Option<usize>]) -> Round {
        let n = self.ranked.len();
        let mut round = Round::default();
        for (i, m) in mate.iter().enumerate().take(n) {
            let Some(j) = *m else { continue };
            if j == n {
                round.bye = Some(self.ranked[i]);
            } else if i < j {
                round.pairs.push(colours(
                    self.ranked[i],
                    self.ranked[j],
                    &self.want,
                    round.pairs.len(),
                ));
            }
        }
        round
    }
}

/// Each ranked player's place within their score group, and the group's size.
fn score_groups(ranked: &[Seed], score: &[u32]) -> (Vec<usize>, Vec<usize>) {
    let n = ranked.len();
    let mut group_place = vec![0usize; n];
    let mut group_size = vec![0usize; n];
    let mut start = 0;
    while start < n {
        let end = (start..n)
            .find(|&i| score[ranked[i]] != score[ranked[start]])
            .unwrap_or(n);
        for i in start..end {
            group_place[i] = i - start;
            group_size[i] = end - start;
        }
        start = end;
    }
    (group_place, group_size)
}

/// White and black for a pair, `higher` being the better ranked: the stronger wish
/// wins; between equal wishes, the higher ranked has theirs; with no wishes at all
/// (the first round), the higher ranked has white on the first board, black on the
/// second, and so on.
fn colours(higher: Seed, lower: Seed, want: &[Option<Want>], board: usize) -> (Seed, Seed) {
    let higher_white = match (want[higher], want[lower]) {
        (None, None) => board.is_multiple_of(2),
        (Some(h), None) => h.white,
        (None, Some(l)) => !l.white,
        (Some(h), Some(l)) => {
            if h.white != l.white || h.strength >= l.strength {
                h.white
            } else {
                !l.white
            }
        }
    };
    if higher_white {
        (higher, lower)
    } else {
        (lower, higher)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Outcome;

    fn squared_gaps(r: &Round, score: &[u32]) -> i64 {
        r.pairs
            .iter()
            .map(|&(w, b)| (score[w] as i64 - score[b] as i64).pow(2))
            .sum()
    }

    // ruling X-TOUR-1
    #[test]
    fn the_ranking_window_loses_nothing_on_scores_in_mid_sized_fields() {
        let mut state = 0x853c_49e6_748f_ea9bu64;
        for players in [40, 61, 100] {
            let active = vec![true; players];
            let mut games = Vec::new();
            let mut byes = Vec::new();
            for round in 1..=7 {
                let narrow = pair_within(&active, &games, &byes, WINDOW).expect("windowed");
                let full = pair_within(&active, &games, &byes, players).expect("whole field");
                let score = scores(players, &games, &byes);
                assert_eq!(
                    squared_gaps(&narrow, &score),
                    squared_gaps(&full, &score),
                    "players {players}, round {round}"
                );
                assert_eq!(narrow.bye.is_some(), full.bye.is_some());
                for (w, b) in narrow.pairs {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let outcome = [Outcome::WhiteWins, Outcome::Draw, Outcome::BlackWins]
                        [(state % 3) as usize];
                    games.push(Game {
                        round,
                        white: w,
                        black: b,
                        outcome: Some(outcome),
                        forfeit: false,
                    });
                }
                if let Some(p) = narrow.bye {
                    byes.push(Bye { round, player: p });
                }
            }
        }
    }
}
