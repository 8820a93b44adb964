//! What the computer player knows of Sorchess: material and placement, with a Wizard
//! still in hand counted like one on the board.

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
