//! What the computer player knows of Spell Chess: material and placement, plus the
//! spells each side still holds (a spell ready now is worth more than one resting).

use super::SpellGame;
use crate::core::Side;
use crate::variants::eval::board_score;

/// Hundredths of a pawn per freeze and per jump spell left.
const FREEZE: i32 = 25;
const JUMP: i32 = 20;

/// Score of `game` for `side`.
pub fn evaluate(game: &SpellGame, side: Side) -> i32 {
    let sp = game.spell_position();
    let mut score = board_score(sp.pos.board(), side);
    for s in Side::BOTH {
        let sign = if s == side { 1 } else { -1 };
        let i = s.index();
        let mut spells = i32::from(sp.supply[i][0]) * FREEZE + i32::from(sp.supply[i][1]) * JUMP;
        spells -= i32::from(sp.cooldown[i][0]) * 4 + i32::from(sp.cooldown[i][1]) * 4;
        score += sign * spells;
    }
    score
}

/// The legal turns, each confirmed with `!`: a turn that leaves the own king capturable
/// is legal once confirmed, and `!` on any other turn changes nothing. The search then
/// weighs such turns itself (the king is taken next) instead of having none to play.
pub fn candidates(game: &SpellGame) -> Vec<String> {
    use crate::variants::Rules;
    game.legal_texts()
        .into_iter()
        .map(|mut t| {
            t.push('!');
            t
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{GameRng, Options, Rules};
    use rand::SeedableRng;

    #[test]
    fn a_spent_spell_lowers_the_score() {
        let mut rng = GameRng::seed_from_u64(1);
        let g = SpellGame::new(&Options::new(), &mut rng).expect("game");
        assert_eq!(evaluate(&g, Side::White), 0);
        let mut h = g.clone();
        h.play(Side::White, "e4 (freeze e6)", &mut rng)
            .expect("legal");
        // White spent a freeze and moved a pawn; Black kept both.
        let spent = evaluate(&h, Side::White)
            - crate::variants::eval::board_score(h.spell_position().pos.board(), Side::White);
        assert!(spent < 0);
    }

    #[test]
    fn a_turn_into_self_check_is_a_candidate() {
        // White's king may step into the rook's file: legal only once confirmed.
        let fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
        let mut rng = GameRng::seed_from_u64(1);
        let g = SpellGame::from_fen(fen, &Options::new()).expect("fen");
        let list = candidates(&g);
        let mut played = 0;
        for t in &list {
            let mut h = g.clone();
            h.play(Side::White, t, &mut rng)
                .expect("every candidate plays");
            played += 1;
        }
        assert!(played > 0);
        assert!(list.iter().any(|t| t.contains("e2")), "{list:?}");
    }
}
