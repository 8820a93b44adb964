//! What the computer player knows of Chess with Wickets: a score for a position
//! (material, placement, the ball and the Defenders) and the determinisation that
//! redeals the opponent's hand and the draw pile from the cards it cannot see.

use super::WicketsGame;
use crate::core::{Cell, Role, Side};
use crate::variants::eval::pieces_score;
use crate::variants::GameRng;
use rand::seq::SliceRandom;

/// The search's work ([`crate::variants::count_work`]: an answer played, a position of
/// the capture search scored) one core does in a millisecond in the slowest positions
/// (a crowded midgame, whose answers may throw the ball or play a card). A unit costs
/// about the same everywhere since an answer's play no longer lists every legal move
/// (the end-of-game check stops at the first, the typed move is sought among those
/// that fit it): 6.8-8.3 µs a unit over the levels bench's positions on the loaded
/// 2-core machine, where the rules before took 13-20 µs (and 12.2 µs unloaded, when 80
/// was set). 160 keeps the midgame's level 8 under 2 s even so loaded.
pub const WORK_PER_MILLI: u64 = 160;

/// Steps (king distance) between two cells, wickets included.
fn steps(a: Cell, b: Cell) -> i32 {
    let (af, ar) = a.coords();
    let (bf, br) = b.coords();
    i32::from((af - bf).abs().max((ar - br).abs()))
}

/// Hundredths of a pawn a side loses with its King as Defender, and with no Defender.
const KING_DEFENDER: i32 = 150;
const NO_DEFENDER: i32 = 60;

/// The captures of the move question, each with its gain (the victim's value times 16
/// less the capturer's), for the engine's capture search: the tree search plays them
/// out beyond its leaves, so a piece left en prise is seen.
pub fn tactical(game: &WicketsGame) -> Vec<(String, i32)> {
    if game.outcome.is_some() || game.turn.is_some() {
        return Vec::new();
    }
    let pos = game.pos();
    let value = |r: Role| r.value() as i32;
    // The captures among the pseudo-moves, then only those checked for legality: the
    // legal captures in the legal list's order.
    pos.pseudo_moves()
        .into_iter()
        .filter_map(|m| {
            let victim = pos.man(m.to).filter(|v| v.piece.side != pos.fide.turn)?;
            if !pos.is_legal(&m, 2) {
                return None;
            }
            Some((m.long(), value(victim.piece.role) * 16 + 10 - value(m.role)))
        })
        .collect()
}

/// Score of `game` for `side`.
pub fn evaluate(game: &WicketsGame, side: Side) -> i32 {
    let pos = game.pos();
    let board = pos
        .men
        .iter()
        .filter_map(|(c, m)| c.square().map(|sq| (sq, m.piece)));
    let mut score = pieces_score(board, side);
    for s in Side::BOTH {
        let sign = if s == side { 1 } else { -1 };
        let mut own = 0;
        // A ball carried near the enemy wicket threatens a throw into it.
        if let Some(h) = pos.ball_haver(s) {
            own += (9 - steps(h, Cell::Outer(s.other()))) * 4;
        } else {
            own -= 25;
        }
        if pos.defender_sees_wicket(s) {
            own += 30;
        }
        // A King as Defender loses the game with its wicket (K6): any other piece is
        // a better choice, and no Defender at all leaves the wicket free.
        match pos.defender(s).and_then(|c| pos.man(c)) {
            Some(m) if m.piece.role == Role::King => own -= KING_DEFENDER,
            Some(_) => {}
            None => own -= NO_DEFENDER,
        }
        score += sign * own;
    }
    score
}

/// K8: the cards `viewer` has not seen (the opponent's hand and the pile) are shuffled
/// and dealt again: the opponent keeps the number of cards it holds.
pub fn determinise(game: &WicketsGame, viewer: Side, rng: &mut GameRng) -> WicketsGame {
    let mut g = game.clone();
    let them = viewer.other().index();
    let deck = &mut g.deck;
    let held = deck.hands[them].len();
    let mut unseen: Vec<_> = deck.hands[them]
        .drain(..)
        .chain(deck.pile.drain(..))
        .collect();
    unseen.sort();
    unseen.shuffle(rng);
    deck.pile = unseen.split_off(held);
    unseen.sort();
    deck.hands[them] = unseen;
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::view::Viewer;
    use crate::variants::{Options, Rules, Tuning};
    use rand::SeedableRng;

    fn dealt(seed: u64) -> WicketsGame {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut g = WicketsGame::new(&Options::new(), &mut rng).expect("game");
        let text = g.legal_texts()[0].clone();
        g.play(Side::White, &text, &mut rng)
            .expect("first move deals");
        g
    }

    #[test]
    fn the_same_view_and_hand_determinise_the_same_way() {
        let a = dealt(7);
        assert!(a.deck.dealt, "the first move deals the cards");
        // Black's hand and the pile swap cards: White cannot tell.
        let mut b = a.clone();
        for i in 0..5 {
            std::mem::swap(&mut b.deck.hands[1][i], &mut b.deck.pile[i]);
        }
        b.deck.hands[1].sort();
        assert_ne!(a, b);
        assert_eq!(
            a.view(Viewer::Player(Side::White)),
            b.view(Viewer::Player(Side::White))
        );
        assert_eq!(a.secret(Side::White), b.secret(Side::White));
        let da = a.determinise(Side::White, &mut GameRng::seed_from_u64(1));
        let db = b.determinise(Side::White, &mut GameRng::seed_from_u64(1));
        assert_eq!(da, db);
        assert_eq!(da.secret(Side::White), a.secret(Side::White));
        assert_eq!(da.deck.hands[1].len(), 10);
        assert_eq!(da.deck.pile.len(), a.deck.pile.len());
        assert_eq!(da.deck.discards, a.deck.discards);
    }
}
