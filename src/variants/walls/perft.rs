//! Perft over whole turns and setup answers (see `docs/fen-walls.md`).

use super::*;

/// Perft: a node is one whole turn, counted once per distinct action list (see
/// `docs/fen-walls.md`). A setup position counts its legal answers at depth 1 only.
pub(super) fn perft_pos(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.winner().is_some() {
        return 0;
    }
    if pos.phase != Phase::Play {
        return if depth == 1 {
            setup_answer_count(pos)
        } else {
            0
        };
    }
    if depth == 1 {
        return count_turns(pos);
    }
    turns_of(pos)
        .into_iter()
        .map(|(_, next)| perft_pos(&next, depth - 1))
        .sum()
}

/// Turns of the side to move, counted without building them.
pub(super) fn count_turns(pos: &Pos) -> u64 {
    let mut n = 1; // pass
    for a in pos.legal_actions(&Used::default()) {
        n += 1;
        let mut p1 = pos.clone();
        let mut used = Used::default();
        p1.apply(&mut used, a);
        if p1.winner().is_none() {
            n += p1.legal_actions(&used).len() as u64;
        }
    }
    n
}

pub(super) fn setup_answer_count(pos: &Pos) -> u64 {
    match pos.phase {
        Phase::Walls(_) => {
            let n = u64::from((wall_zone() & !pos.blocked()).count());
            n * n.saturating_sub(1) * n.saturating_sub(2) / 6
        }
        Phase::Team(side) => {
            let n = u64::from((home_zone(side) & !pos.blocked()).count());
            if pos.full {
                team_compositions()
                    .iter()
                    .map(|team| placements(n, team))
                    .sum()
            } else {
                n * n.saturating_sub(1) * n.saturating_sub(2)
            }
        }
        Phase::Play => 0,
    }
}

/// Ways to put a team (counts per role) on `n` squares: n!/(n-k)! / prod(count!).
pub(super) fn placements(n: u64, team: &[(Role, u32)]) -> u64 {
    let k: u64 = team.iter().map(|(_, c)| u64::from(*c)).sum();
    if k > n {
        return 0;
    }
    let mut ways: u128 = 1;
    for i in 0..k {
        ways *= u128::from(n - i);
    }
    for (_, c) in team {
        for i in 2..=u128::from(*c) {
            ways /= i;
        }
    }
    ways as u64
}
