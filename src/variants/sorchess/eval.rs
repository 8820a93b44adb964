//! What the computer player knows of Sorchess: material and placement, with a Wizard
//! still in hand counted like one on the board.

use super::position::SorchessMove;
use super::SorchessGame;
use crate::core::{Role, Side};
use crate::variants::eval::board_score;

/// Score of `game` for `side`.
pub fn evaluate(game: &SorchessGame, side: Side) -> i32 {
    let pos = game.position();
    let mut score = board_score(pos.position().board(), side);
    let in_hand = Role::Wizard.value() as i32 * 100 - 20;
    for s in Side::BOTH {
        if pos.in_hand(s) {
            score += if s == side { in_hand } else { -in_hand };
        }
    }
    score
}

/// What a move wins at once, for the alpha-beta search's order and its quiescence
/// search: the victim's value times 16 less the mover's (most valuable victim, least
/// valuable attacker), and a promotion's gain; 0 for a quiet move.
pub fn gain(m: SorchessMove) -> i32 {
    use crate::core::notation::MoveLike;
    let value = |r: Role| r.value() as i32;
    let victim = match m {
        SorchessMove::Board(b) => b.capture(),
        SorchessMove::Enter { capture, .. } => capture,
    };
    let mut g = victim.map_or(0, |v| value(v) * 16 + 10 - value(m.role()));
    if let Some(p) = m.promotion() {
        if matches!(p, Role::Queen | Role::Wizard) {
            g += (value(p) - 1) * 16;
        }
    }
    g
}

/// The legal moves (while the game runs) with their [`gain`]; only those with a gain
/// when `tactical`.
pub fn candidates_with_gain(game: &SorchessGame, tactical: bool) -> Vec<(String, i32)> {
    if game.outcome.is_some() {
        return Vec::new();
    }
    game.position()
        .legal_moves()
        .into_iter()
        .filter_map(|m| {
            let g = gain(m);
            (!tactical || g > 0).then(|| (m.long(), g))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{GameRng, Options, Rules};
    use rand::SeedableRng;

    #[test]
    fn the_start_is_level() {
        let mut rng = GameRng::seed_from_u64(1);
        let g = SorchessGame::new(&Options::new(), &mut rng).expect("game");
        assert_eq!(evaluate(&g, Side::White), 0);
        assert_eq!(evaluate(&g, Side::Black), 0);
    }
}
