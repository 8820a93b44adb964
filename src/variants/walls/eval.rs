//! What the computer player knows of Wizard Walls: a score for a position (points,
//! wizards on the board, walls in hand, wizards next to an enemy caster) and whole
//! turns as its candidate answers, the most promising first.

use super::position::{Phase, Pos};
use super::{turn_text, Walls};
use crate::core::bitboard::king_attacks;
use crate::core::{Side, Square};

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

/// The search's work ([`crate::variants::count_work`]: a whole turn or set-up answer
/// scored while listing candidates, an answer played) one core does in a millisecond in
/// the slowest positions (the set-up and the first turns: 0.13 to 0.2 µs a unit).
pub const WORK_PER_MILLI: u64 = 6_000;

/// How many whole turns, best statically scored first, are listed for the search: the
/// rest (most of the thousands of two-action turns) are never written out.
pub const LISTED: usize = 160;

/// Whole turns (pass, one or two actions), the [`LISTED`] best scored for the mover,
/// best first; the set-up answers bounded by [`setup_candidates`]. Only the listed
/// turns are written as text (scoring all of them is cheap, writing them was most of
/// the cost).
pub fn candidates(walls: &Walls) -> Vec<String> {
    if walls.pos.phase != Phase::Play {
        return setup_candidates(walls);
    }
    let mover = walls.pos.turn;
    let turns = walls.turns();
    crate::variants::tuning::count_work(turns.len() as u64);
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

/// How many set-up answers are listed for the search: the rules list every one (4,960
/// ways to place three walls, 3,360 to place a Basic team), and listing them at every
/// node of the search took the top level 5.6 s for its first answer (issue 53).
pub const SETUP_LISTED: usize = 160;

/// The set-up answers, the [`SETUP_LISTED`] best by [`setup_score`] when there are
/// more (the rules' order among equals): the documents' example set-up first when it
/// is free, then walls and wizards spread over the centre.
pub fn setup_candidates(walls: &Walls) -> Vec<String> {
    let all = walls.legal_texts();
    crate::variants::tuning::count_work(all.len() as u64);
    if all.len() <= SETUP_LISTED {
        return all;
    }
    let example = example_setup(walls);
    let mut scored: Vec<(i32, String)> = all
        .into_iter()
        .map(|t| match example.as_deref() == Some(t.as_str()) {
            true => (i32::MAX, t),
            false => (setup_score(&t), t),
        })
        .collect();
    // Stable: equal scores keep the rules' order.
    scored.sort_by_key(|t| std::cmp::Reverse(t.0));
    scored.truncate(SETUP_LISTED);
    scored.into_iter().map(|(_, t)| t).collect()
}

/// The set-up the prompt gives as its example (`@c4 @d5 @f3`, `B@c1 N@d2 R@a1`,
/// mirrored for Black), in the rules' text, when all its squares are free.
fn example_setup(walls: &Walls) -> Option<String> {
    let (side, names, roles): (Side, [&str; 3], [&str; 3]) = match walls.pos.phase {
        Phase::Walls(side) => (side, ["c4", "d5", "f3"], ["", "", ""]),
        Phase::Team(side) => (side, ["c1", "d2", "a1"], ["B", "N", "R"]),
        Phase::Play => return None,
    };
    let zone = match walls.pos.phase {
        Phase::Walls(_) => super::position::wall_zone(),
        _ => super::position::home_zone(side),
    };
    let free: Vec<Square> = (zone & !walls.pos.blocked()).collect();
    let mut squares = super::setup::preferred(&free, &names, side)?;
    if roles[0].is_empty() {
        // The rules write walls in square order.
        squares.sort();
    }
    let items: Vec<String> = roles
        .iter()
        .zip(&squares)
        .map(|(r, s)| format!("{r}@{s}"))
        .collect();
    Some(items.join(" "))
}

/// A cheap static score of a set-up answer's text (walls or a team): its squares near
/// the centre and apart from each other (a wall next to another blocks less, wizards
/// side by side are walled in together).
pub fn setup_score(text: &str) -> i32 {
    let squares: Vec<Square> = text
        .split_whitespace()
        .filter_map(|item| item.split_once('@').and_then(|(_, s)| Square::parse(s)))
        .collect();
    let centre =
        |s: &Square| 14 - (2 * i32::from(s.file()) - 7).abs() - (2 * i32::from(s.rank()) - 7).abs();
    let mut score: i32 = squares.iter().map(centre).sum();
    for (i, a) in squares.iter().enumerate() {
        for b in &squares[i + 1..] {
            let apart = (i32::from(a.file()) - i32::from(b.file()))
                .abs()
                .max((i32::from(a.rank()) - i32::from(b.rank())).abs());
            score += 4 * apart.min(3);
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::walls::WallsBasic;
    use crate::variants::{GameRng, Options, Rules};
    use rand::SeedableRng;

    #[test]
    fn set_up_answers_are_bounded_and_keep_the_example() {
        let mut rng = GameRng::seed_from_u64(1);
        let mut g = WallsBasic::new(&Options::new(), &mut rng).expect("game");
        // White's walls, Black's walls, White's team, Black's team.
        for (example, played) in [
            // The rules write walls in square order (rank by rank).
            ("@f3 @c4 @d5", "@c4 @d5 @f3"),
            ("@d4 @c5 @f6", "@c5 @e4 @f6"),
            ("B@c1 N@d2 R@a1", "B@c1 N@d2 R@a1"),
            ("B@c8 N@d7 R@a8", "B@c8 N@d7 R@a8"),
        ] {
            let all = g.0.legal_texts();
            let list = candidates(&g.0);
            assert!(all.len() > SETUP_LISTED, "{}", all.len());
            assert_eq!(list.len(), SETUP_LISTED);
            assert_eq!(list[0], example, "the example set-up first");
            assert!(list.iter().all(|t| all.contains(t)), "only legal answers");
            let distinct: std::collections::HashSet<&String> = list.iter().collect();
            assert_eq!(distinct.len(), list.len());
            // Spread over the centre before bunched in a corner.
            assert!(setup_score(&list[1]) >= setup_score(&list[SETUP_LISTED - 1]));
            assert!(setup_score(&list[1]) > setup_score(&all[0]), "{}", all[0]);
            assert_eq!(candidates(&g.0), list, "the same list every time");
            let side = g.ask().expect("asked").side;
            g.play(side, played, &mut rng).expect("setup");
        }
    }

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
