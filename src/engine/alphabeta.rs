//! Alpha-beta search for games with no hidden information and no chance
//! ([`Tuning::perfect_information`](crate::variants::Tuning::perfect_information)), over the same rules' interface as the tree search:
//! iterative deepening, principal variation search with late move reductions, a
//! quiescence search on the answers the variant says win something at once (captures
//! in chess), a transposition table keyed by the variant's [`Tuning::search_key`](crate::variants::Tuning::search_key), and
//! the move order: the table's answer, then by gain (most valuable victim, least
//! valuable attacker), then the killer answers of the ply, then the variant's order.
//! Its budget is a number of nodes, so an answer depends only on the position and
//! the level (a time cap may stop it sooner).

use super::{Decision, Settings};
use crate::core::Side;
use crate::variants::{count_work, work, GameRng, Outcome, Rules};
use rand::SeedableRng;
use std::time::Instant;

/// A won game, less the plies it takes (a nearer mate is better).
const MATE: i32 = 100_000;
const INF: i32 = 1_000_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1000;
const MAX_PLY: usize = 96;
const MAX_DEPTH: i32 = 64;
/// Transposition table entries (a power of two).
const TT_SIZE: usize = 1 << 18;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The score is at least this (a cut-off).
    Lower,
    /// The score is at most this (nothing beat alpha).
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    depth: i32,
    score: i32,
    bound: Bound,
    /// Index of the best answer in the variant's candidate list.
    best: Option<u16>,
}

struct Search {
    nodes: u64,
    budget: u64,
    /// The work counted ([`count_work`]) when the search began, and its budget
    /// ([`super::work_budget`]).
    worked: u64,
    work_budget: u64,
    deadline: Option<Instant>,
    /// Out of budget: every score from here on is meaningless.
    stopped: bool,
    /// The first iteration always completes, so there is an answer.
    must_finish: bool,
    table: Vec<Option<Entry>>,
    killers: Vec<[Option<String>; 2]>,
    /// Passed to the rules' `play`; a game without chance never draws on it.
    rng: GameRng,
    /// The root's best answer (its index among the candidates) in the last search.
    root_best: Option<usize>,
}

/// A mate score stored in the table counts plies from the stored node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    let p = ply as i32;
    if score > MATE_BOUND {
        score + p
    } else if score < -MATE_BOUND {
        score - p
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    let p = ply as i32;
    if score > MATE_BOUND {
        score - p
    } else if score < -MATE_BOUND {
        score + p
    } else {
        score
    }
}

/// The value of a finished game for `me`.
fn outcome_score(o: &Outcome, me: Side, ply: usize) -> i32 {
    match o {
        Outcome::Win { winner, .. } if *winner == me => MATE - ply as i32,
        Outcome::Win { .. } => -(MATE - ply as i32),
        Outcome::Draw { .. } | Outcome::Aborted => 0,
    }
}

impl Search {
    fn tick(&mut self) {
        self.nodes += 1;
        if self.must_finish {
            return;
        }
        if self.nodes >= self.budget
            || work().wrapping_sub(self.worked) >= self.work_budget
            || (self.nodes.is_multiple_of(512)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (TT_SIZE - 1)
    }

    fn probe(&self, key: Option<u64>) -> Option<Entry> {
        let key = key?;
        self.table[self.slot(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, key: Option<u64>, entry: Entry) {
        if let Some(k) = key {
            let slot = self.slot(k);
            // Keep the deeper result of the same position.
            if let Some(old) = self.table[slot] {
                if old.key == k && old.depth > entry.depth {
                    return;
                }
            }
            self.table[slot] = Some(entry);
        }
    }

    /// The value for `me` (who answered to reach `child`) of `child`.
    #[allow(clippy::too_many_arguments)]
    fn child_value<R: Rules>(
        &mut self,
        child: &R,
        me: Side,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        quiet: bool,
    ) -> i32 {
        let next = child.ask().map_or(me.other(), |a| a.side);
        let run = |s: &mut Search, who: Side, a: i32, b: i32| {
            if quiet {
                s.quiesce(child, who, ply, (a, b))
            } else {
                s.search(child, who, depth, ply, a, b)
            }
        };
        if next == me {
            // A follow-up question of the same side continues its turn.
            run(self, me, alpha, beta)
        } else {
            -run(self, next, -beta, -alpha)
        }
    }

    /// Candidates in search order.
    fn ordered<R: Rules>(
        &self,
        state: &R,
        best: Option<u16>,
        ply: usize,
    ) -> Vec<(usize, String, i32)> {
        let killers = self.killers.get(ply);
        let mut list: Vec<(i64, usize, String, i32)> = state
            .candidates_with_gain()
            .into_iter()
            .enumerate()
            .map(|(i, (text, gain))| {
                let key = if best.is_some_and(|b| usize::from(b) == i) {
                    1 << 40
                } else if gain > 0 {
                    (1 << 30) + i64::from(gain)
                } else if killers.is_some_and(|k| k[0].as_deref() == Some(&text)) {
                    1 << 20
                } else if killers.is_some_and(|k| k[1].as_deref() == Some(&text)) {
                    (1 << 20) - 1
                } else {
                    0
                };
                (key, i, text, gain)
            })
            .collect();
        list.sort_by_key(|b| std::cmp::Reverse(b.0));
        list.into_iter().map(|(_, i, t, g)| (i, t, g)).collect()
    }

    /// Negamax: the value of `state` for `me`, the side asked there.
    ///
    /// One function of about 130 lines on purpose: the search's hot path (table probe,
    /// move ordering, the loop with its cut-offs, the table store) shares alpha, beta
    /// and the best move throughout, and a version split into helpers measured slower
    /// (`cargo bench --bench engine`), so it is the one long function the house keeps.
    fn search<R: Rules>(
        &mut self,
        state: &R,
        me: Side,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(o) = state.outcome() {
            return outcome_score(&o, me, ply);
        }
        if ply > 0 && state.claimable_draw().is_some() {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(state, me, ply, (alpha, beta));
        }
        self.tick();
        if self.stopped {
            return 0;
        }
        let key = state.search_key();
        let entry = self.probe(key);
        if let Some(e) = entry {
            if ply > 0 && e.depth >= depth {
                let s = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_index = None;
        let mut searched = 0;
        for (index, text, gain) in self.ordered(state, entry.and_then(|e| e.best), ply) {
            let mut child = state.clone();
            count_work(1);
            if child.play(me, &text, &mut self.rng).is_err() {
                continue;
            }
            let killer = self
                .killers
                .get(ply)
                .is_some_and(|k| k.iter().any(|x| x.as_deref() == Some(&text)));
            let v = if searched == 0 {
                self.child_value(&child, me, depth - 1, ply + 1, alpha, beta, false)
            } else {
                // Late quiet answers are first searched shallower, all others with a
                // null window; a surprise is searched again in full.
                let reduce = if depth >= 3 && searched >= 3 && gain == 0 && !killer {
                    if searched >= 8 {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                let mut v = self.child_value(
                    &child,
                    me,
                    depth - 1 - reduce,
                    ply + 1,
                    alpha,
                    alpha + 1,
                    false,
                );
                if v > alpha && reduce > 0 {
                    v = self.child_value(&child, me, depth - 1, ply + 1, alpha, alpha + 1, false);
                }
                if v > alpha && v < beta {
                    v = self.child_value(&child, me, depth - 1, ply + 1, alpha, beta, false);
                }
                v
            };
            searched += 1;
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_index = Some(index);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                if gain == 0 {
                    if let Some(k) = self.killers.get_mut(ply) {
                        if k[0].as_deref() != Some(&text) {
                            k[1] = k[0].take();
                            k[0] = Some(text);
                        }
                    }
                }
                break;
            }
        }
        if searched == 0 {
            return state.evaluate(me);
        }
        if ply == 0 {
            self.root_best = best_index;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(
            key,
            Entry {
                key: key.unwrap_or(0),
                depth,
                score: to_table(best, ply),
                bound,
                best: best_index.and_then(|i| u16::try_from(i).ok()),
            },
        );
        best
    }

    /// Only the answers that win something at once, until the position is quiet.
    fn quiesce<R: Rules>(
        &mut self,
        state: &R,
        me: Side,
        ply: usize,
        (mut alpha, beta): (i32, i32),
    ) -> i32 {
        if let Some(o) = state.outcome() {
            return outcome_score(&o, me, ply);
        }
        self.tick();
        if self.stopped {
            return 0;
        }
        let stand = state.evaluate(me);
        if stand >= beta || ply >= MAX_PLY {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        let mut tactical = state.tactical_candidates();
        tactical.sort_by_key(|b| std::cmp::Reverse(b.1));
        let mut best = stand;
        for (text, _) in tactical {
            let mut child = state.clone();
            if child.play(me, &text, &mut self.rng).is_err() {
                continue;
            }
            let v = self.child_value(&child, me, 0, ply + 1, alpha, beta, true);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Runs the search for `side` on `root` with a budget of `nodes`.
pub fn run<R: Rules>(root: &R, side: Side, settings: &Settings, nodes: u64) -> Option<Decision> {
    if root.ask()?.side != side {
        return None;
    }
    let started = Instant::now();
    // A game whose nodes cost more (its `search_node_weight`) gets fewer of them.
    let budget = (nodes / root.search_node_weight().max(1)).max(1);
    let mut s = Search {
        nodes: 0,
        budget,
        worked: work(),
        work_budget: super::work_budget(root, settings.level),
        deadline: settings.max_time.map(|t| started + t),
        stopped: false,
        must_finish: true,
        table: vec![None; TT_SIZE],
        killers: vec![[None, None]; MAX_PLY + 1],
        rng: GameRng::seed_from_u64(settings.seed),
        root_best: None,
    };
    let mut answer: Option<(String, i32, i32)> = None;
    for depth in 1..=MAX_DEPTH {
        let score = s.search(root, side, depth, 0, -INF, INF);
        if s.stopped {
            break;
        }
        s.must_finish = false;
        let texts = root.candidates_with_gain();
        let Some((text, _)) = s.root_best.and_then(|b| texts.get(b)).cloned() else {
            break;
        };
        answer = Some((text, score, depth));
        if score.abs() > MATE_BOUND || s.nodes >= s.budget {
            break;
        }
    }
    let (text, score, depth) = match answer {
        Some(a) => a,
        // No answer the rules accept was found: the first listed.
        None => (root.candidate_texts().into_iter().next()?, 0, 0),
    };
    let value = 1.0 / (1.0 + (-f64::from(score) / 250.0).exp());
    Some(Decision {
        stats: vec![(text.clone(), u32::try_from(depth).unwrap_or(0), value)],
        text,
        iterations: u32::try_from(s.nodes).unwrap_or(u32::MAX),
    })
}
