//! Draw bookkeeping shared by the FIDE-based variants (C1, C4): repetition counts
//! and the move-count rules.

use super::Outcome;
use crate::core::chess::Position;
use crate::core::{Bitboard, Side, Square};
use crate::i18n::Msg;
use serde::{Deserialize, Serialize};

/// Repetition keys of every position since the game began.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repetitions {
    keys: Vec<u64>,
}

impl Repetitions {
    pub fn new(first: u64) -> Repetitions {
        Repetitions { keys: vec![first] }
    }

    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }

    /// How many times the latest position has occurred.
    pub fn count_current(&self) -> usize {
        match self.keys.last() {
            Some(k) => self.keys.iter().filter(|x| *x == k).count(),
            None => 0,
        }
    }
}

/// Automatic draw reasons from counters: fivefold, 75 moves.
pub fn automatic_draw(reps: &Repetitions, halfmoves: u32) -> Option<Msg> {
    let key = if reps.count_current() >= 5 {
        "reason-fivefold"
    } else if halfmoves >= 150 {
        "reason-seventy-five-moves"
    } else {
        return None;
    };
    Some(Msg::new(key))
}

/// Claimable draw reasons: threefold, 50 moves.
pub fn claimable_draw(reps: &Repetitions, halfmoves: u32) -> Option<String> {
    if reps.count_current() >= 3 {
        Some("threefold repetition".to_string())
    } else if halfmoves >= 100 {
        Some("the 50-move rule".to_string())
    } else {
        None
    }
}

/// How FIDE's rules end a position (C1, C4): checkmate or stalemate when the side to
/// move, `mover`, has no legal move (`stuck`: `Some(in_check)` then, `None` otherwise),
/// then insufficient material, then fivefold repetition and the 75-move rule.
pub fn ending(
    mover: Side,
    stuck: Option<bool>,
    insufficient: impl FnOnce() -> bool,
    reps: &Repetitions,
    halfmoves: u32,
) -> Option<Outcome> {
    match stuck {
        Some(true) => return Some(Outcome::win(mover.other(), Msg::new("reason-checkmate"))),
        Some(false) => return Some(Outcome::draw(Msg::new("reason-stalemate"))),
        None => {}
    }
    if insufficient() {
        return Some(Outcome::draw(Msg::new("reason-insufficient-material")));
    }
    automatic_draw(reps, halfmoves).map(Outcome::draw)
}

/// The event after a move that gives check: checkmate when the game ended so.
pub fn check_event(in_check: bool, outcome: Option<&Outcome>) -> Option<Msg> {
    match outcome {
        Some(o) if o.is_by("reason-checkmate") => Some(Msg::new("event-checkmate")),
        _ if in_check => Some(Msg::new("event-check")),
        _ => None,
    }
}

/// The FIDE state beside the placement, as Wand Chess and Chess with Wickets keep it
/// in their positions (written into them flat, so their stored form is unchanged):
/// the side to move, castling rights, en passant and the move counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FideState {
    pub turn: Side,
    /// Rooks that still carry a castling right.
    pub castling: Bitboard,
    /// The square a pawn skipped on the opponent's last turn.
    pub ep: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

impl FideState {
    /// The state of a FIDE position.
    pub fn of(p: &Position) -> FideState {
        FideState {
            turn: p.turn(),
            castling: p.castling_rooks(),
            ep: p.ep_square(),
            halfmoves: p.halfmoves(),
            fullmoves: p.fullmoves(),
        }
    }

    /// White to move at move 1, nothing to castle with, no en passant.
    pub fn bare() -> FideState {
        FideState {
            turn: Side::White,
            castling: Bitboard::EMPTY,
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The castling rights a move takes away: all of `side`'s when its king moves
    /// (`king`), and a rook's own when a piece leaves or lands on its square
    /// (`touched`).
    pub fn lose_castling(&mut self, king: Option<Side>, touched: &[Square]) {
        if let Some(side) = king {
            self.castling &= !Bitboard::rank(side.back_rank());
        }
        for s in touched {
            self.castling.clear(*s);
        }
    }

    /// The square a pawn skipped moving from `from` to `to`, if it went two ranks.
    pub fn skipped(side: Side, from: Square, to: Square) -> Option<Square> {
        (from.rank().abs_diff(to.rank()) == 2)
            .then(|| from.offset(0, side.forward()))
            .flatten()
    }

    /// The end of `mover`'s turn: the other side moves, and the move number grows
    /// after Black's.
    pub fn pass_turn(&mut self, mover: Side) {
        if mover == Side::Black {
            self.fullmoves += 1;
        }
        self.turn = mover.other();
    }
}
