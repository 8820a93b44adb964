//! What the computer player knows of Spell Chess: material and placement, plus the
//! spells each side still holds (a spell ready now is worth more than one resting).

use super::SpellGame;
use crate::core::{Role, Side};
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

/// The legal turns that keep the own king safe; only when every turn leaves it
/// capturable, all of them, confirmed with `!` (a confirmed turn is legal, and the
/// search then weighs them itself). Never a self-check turn the player could avoid:
/// the opponent takes the king next, which a search that samples a few of the
/// opponent's thousands of turns may not see.
pub fn candidates(game: &SpellGame) -> Vec<String> {
    let sp = game.spell_position();
    if game.outcome.is_some() {
        return Vec::new();
    }
    let mut safe = Vec::with_capacity(2048);
    let mut reckless = Vec::new();
    sp.for_each_turn(|t| {
        if sp.leaves_king_capturable(t) {
            let mut text = t.canonical();
            text.push('!');
            reckless.push(text);
        } else {
            safe.push(t.canonical());
        }
        false
    });
    if safe.is_empty() {
        reckless
    } else {
        safe
    }
}

/// A capture's gain for the engine's capture search: the victim's value times 16 less
/// the capturer's (most valuable victim first); taking a king wins the game.
fn capture_gain(victim: Role, by: Role) -> i32 {
    let value = |r: Role| r.value() as i32;
    if victim == Role::King {
        return 2000;
    }
    value(victim) * 16 + 10 - value(by)
}

/// The captures without a spell, each with its gain (the tree search plays them out
/// beyond its leaves, so a piece left en prise is seen); a capture that leaves the own
/// king capturable is confirmed with `!`, as the rules ask.
pub fn tactical(game: &SpellGame) -> Vec<(String, i32)> {
    let sp = game.spell_position();
    if game.outcome.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    sp.for_each_turn(|t| {
        // The turns without a spell come first: stop at the first with one.
        if t.spell.is_some() {
            return true;
        }
        if let Some(victim) = t.mv.capture() {
            let mut text = t.canonical();
            if sp.leaves_king_capturable(t) {
                text.push('!');
            }
            out.push((text, capture_gain(victim, t.mv.role())));
        }
        false
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{GameRng, Options, Presentation, Rules};
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
    fn a_turn_into_self_check_is_no_candidate_while_a_safe_one_exists() {
        // White is in check: a pawn move leaves the king capturable (legal only once
        // confirmed), a king step out of the rook's rank does not.
        let fen = "4k3/8/8/8/8/8/7P/r3K3[] w - - 0 1";
        let mut rng = GameRng::seed_from_u64(1);
        let g = SpellGame::from_fen(fen, &Options::new()).expect("fen");
        let list = candidates(&g);
        for t in &list {
            let mut h = g.clone();
            h.play(Side::White, t, &mut rng)
                .expect("every candidate plays");
        }
        // Exactly the turns a player need not confirm.
        let typed = g.typed_texts();
        assert!(typed.iter().any(|t| t.ends_with('!')), "{typed:?}");
        let safe: Vec<&String> = typed.iter().filter(|t| !t.ends_with('!')).collect();
        assert_eq!(list.iter().collect::<Vec<_>>(), safe);
        assert!(!list.is_empty());
    }
}
