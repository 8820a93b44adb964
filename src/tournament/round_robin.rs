//! Round-robin schedules: every player meets every other once per cycle (the circle
//! method of Berger tables), a second cycle repeating the first with colours swapped.

use super::{Round, Seed};

/// The rounds of a round robin of `players` players and `cycles` cycles (1 or 2).
/// With an odd number of players, each round leaves one player out (no point is
/// given for it: every player sits out exactly once per cycle, X-TOUR-2).
pub fn schedule(players: usize, cycles: u32) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    let m = players + players % 2; // with a phantom player when odd
    let mut circle: Vec<Seed> = (0..m).collect();
    let mut first = Vec::new();
    for r in 0..m - 1 {
        let mut round = Round::default();
        for i in 0..m / 2 {
            let (a, b) = (circle[i], circle[m - 1 - i]);
            if a >= players || b >= players {
                round.bye = Some(if a >= players { b } else { a });
                continue;
            }
            // Berger's colours: the fixed player alternates, every other pair gives
            // white to the one in the top row; no one ends a cycle more than one
            // white or black ahead.
            let a_white = if i == 0 { r % 2 == 0 } else { true };
            let (w, bl) = if a_white { (a, b) } else { (b, a) };
            round.pairs.push((w, bl));
        }
        first.push(round);
        // Keep the first place fixed and turn the others one step.
        circle[1..].rotate_right(1);
    }
    let mut rounds = first.clone();
    if cycles >= 2 {
        rounds.extend(first.into_iter().map(|r| Round {
            pairs: r.pairs.into_iter().map(|(w, b)| (b, w)).collect(),
            bye: r.bye,
        }));
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    // ruling X-TOUR-2
    #[test]
    fn everyone_meets_everyone_once_per_cycle_with_balanced_colours() {
        for players in 2..=16 {
            for cycles in [1, 2] {
                let rounds = schedule(players, cycles);
                let per_cycle = players - 1 + players % 2;
                assert_eq!(rounds.len(), per_cycle * cycles as usize);
                let mut met = BTreeMap::new();
                let mut balance = vec![0i32; players];
                let mut sat_out = vec![0; players];
                for round in &rounds {
                    let mut seen = vec![false; players];
                    for &(w, b) in &round.pairs {
                        assert!(!seen[w] && !seen[b], "one game a round");
                        seen[w] = true;
                        seen[b] = true;
                        *met.entry((w.min(b), w.max(b))).or_insert(0) += 1;
                        balance[w] += 1;
                        balance[b] -= 1;
                    }
                    if let Some(p) = round.bye {
                        assert!(!seen[p]);
                        sat_out[p] += 1;
                    }
                    assert_eq!(seen.iter().filter(|s| !**s).count(), players % 2);
                }
                assert_eq!(met.len(), players * (players - 1) / 2);
                assert!(met.values().all(|&c| c == cycles));
                for p in 0..players {
                    assert_eq!(sat_out[p], (players % 2) as u32 * cycles);
                    let allowed = if cycles == 2 { 0 } else { 1 };
                    assert!(
                        balance[p].abs() <= allowed,
                        "players {players} cycles {cycles} player {p} balance {}",
                        balance[p]
                    );
                }
            }
        }
    }

    #[test]
    fn second_cycle_swaps_colours() {
        let rounds = schedule(5, 2);
        let (a, b) = rounds.split_at(5);
        for (x, y) in a.iter().zip(b) {
            let swapped: Vec<_> = x.pairs.iter().map(|&(w, b)| (b, w)).collect();
            assert_eq!(swapped, y.pairs);
        }
    }
}
