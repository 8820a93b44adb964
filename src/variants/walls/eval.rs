//! What the computer player knows of Wizard Walls: a score for a position (points,
//! wizards on the board, walls in hand, wizards next to an enemy caster) and whole
//! turns as its candidate answers, the most promising first.

use super::position::{Phase, Pos};
use super::{turn_text, Walls};
use crate::core::bitboard::king_attacks;
use crate::core::Side;

/// Score of a position for `side`.
pub fn score(pos: &Pos, side: Side) -> i32 {
    let mut total = 0;
    for s in Side::BOTH {
        let sign = if s == side { 1 } else { -1 };
        let i = s.index();
        let mut own = pos.points[i] as i32 * 120 + pos.hand[i] as i32 * 6;
        let mut threat = 0;
        for (sq, p) in pos.board.iter().filter(|(_, p)| p.side == s) {
            own += p.role.value() as i32 * 25;
            // An enemy caster next to it can wall it in one action, if it has walls.
            let near = king_attacks(sq) & pos.casters(s.other());
            if pos.hand[s.other().index()] > 0 && near.any() {
                threat += p.role.value() as i32 * 100;
            }
        }
        // The side to move strikes first.
        let weight = if pos.phase == Phase::Play && pos.turn == s {
            15
        } else {
            45
        };
        own -= threat * weight / 100;
        total += sign * own;
    }
    total
}

pub fn evaluate(walls: &Walls, side: Side) -> i32 {
    score(&walls.pos, side)
}

/// How many whole turns, best statically scored first, are listed for the search: the
/// rest (most of the thousands of two-action turns) are never written out.
pub const LISTED: usize = 160;

/// Whole turns (pass, one or two actions), the [`LISTED`] best scored for the mover,
/// best first; the setup answers as the rules list them. Only the listed turns are
/// written as text (scoring all of them is cheap, writing them was most of the cost).
pub fn candidates(walls: &Walls) -> Vec<String> {
    if walls.pos.phase != Phase::Play {
        return walls.legal_texts();
    }
    let mover = walls.pos.turn;
    let turns = walls.turns();
    let mut scored: Vec<(i32, usize)> = turns
        .iter()
        .enumerate()
        .map(|(i, (_, next))| (score(next, mover), i))
        .collect();
    // Stable: equal scores keep the rules' order.
    scored.sort_by_key(|t| std::cmp::Reverse(t.0));
    scored.truncate(LISTED);
    scored
        .into_iter()
        .map(|(_, i)| turn_text(&turns[i].0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::walls::WallsBasic;
    use crate::variants::{GameRng, Options, Rules};
    use rand::SeedableRng;

    #[test]
    fn whole_turns_are_legal_answers_and_points_count() {
        let mut rng = GameRng::seed_from_u64(1);
        let mut g = WallsBasic::new(&Options::new(), &mut rng).expect("game");
        for text in [
            "@c4 @d5 @f3",
            "@c5 @e4 @f6",
            "B@c1 N@d2 R@a1",
            "B@c8 N@d7 R@a8",
        ] {
            let side = g.ask().expect("asked").side;
            g.play(side, text, &mut rng).expect("setup");
        }
        let list = candidates(&g.0);
        assert!(
            list.iter().any(|t| t.contains(' ')),
            "two-action turns listed"
        );
        let all = g.0.turns();
        assert!(all.len() > LISTED, "more turns than are listed");
        assert_eq!(list.len(), LISTED);
        let best = all
            .iter()
            .map(|(_, next)| score(next, Side::White))
            .max()
            .expect("turns");
        let first = all
            .iter()
            .find(|(acts, _)| turn_text(acts) == list[0])
            .expect("listed turn is a turn");
        assert_eq!(score(&first.1, Side::White), best, "best scored first");
        for t in list.iter().take(20) {
            let mut h = g.clone();
            h.play(Side::White, t, &mut rng)
                .expect("a whole turn is legal");
        }
        let mut p = g.0.pos.clone();
        let before = score(&p, Side::White);
        p.points[0] += 3;
        assert!(score(&p, Side::White) > before);
    }
}
